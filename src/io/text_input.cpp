// Files and standard input for TextInput (see plumb/io/text_input.hpp), read with poll(2) and
// read(2): a wait for input is never longer than 0.1 s without asking the watch, and a signal that
// interrupts it (the program's handlers do not restart calls) asks it at once.
#include "plumb/io/text_input.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace plumb::io {
namespace {

constexpr int kWaitMilliseconds = 100;

// The bytes of an open file descriptor, closed at the end when it is `owned`. `shown` is what a
// message about a failed read calls the input.
class DescriptorSource final : public ByteSource {
 public:
  DescriptorSource(int descriptor, bool owned, std::string shown)
      : descriptor_(descriptor), owned_(owned), shown_(std::move(shown)) {}
  ~DescriptorSource() override {
    if (owned_) ::close(descriptor_);
  }
  DescriptorSource(const DescriptorSource&) = delete;
  DescriptorSource& operator=(const DescriptorSource&) = delete;

  std::size_t read_some(std::span<char> buffer, const std::function<void()>& waiting) override {
    for (;;) {
      waiting();
      pollfd ready{descriptor_, POLLIN, 0};
      const int polled = ::poll(&ready, 1, kWaitMilliseconds);
      if (polled < 0 && errno != EINTR) fail(errno);
      if (polled <= 0) continue;
      const ssize_t got = ::read(descriptor_, buffer.data(), buffer.size());
      if (got >= 0) return static_cast<std::size_t>(got);
      if (errno != EINTR && errno != EAGAIN) fail(errno);
    }
  }

 private:
  [[noreturn]] void fail(int reason) const {
    throw InputError("", 0, "cannot read " + shown_ + ": " + std::strerror(reason));
  }

  int descriptor_;
  bool owned_;
  std::string shown_;
};

}  // namespace

TextInput TextInput::open(const std::string& path, ReadLimits limits) {
  if (path == "-") {
    return TextInput(std::make_shared<DescriptorSource>(STDIN_FILENO, false, "standard input"),
                     "<stdin>", std::move(limits));
  }
  // Without O_NONBLOCK, opening a FIFO would wait for a writer, deaf to the watch.
  const int descriptor = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (descriptor < 0) {
    throw InputError("", 0, "cannot open " + quote(path) + ": " + std::strerror(errno));
  }
  auto source = std::make_shared<DescriptorSource>(descriptor, true, quote(path));
  struct stat status {};
  if (::fstat(descriptor, &status) == 0 && S_ISDIR(status.st_mode)) {
    throw InputError("", 0, "cannot read " + quote(path) + ": is a directory");
  }
  ::fcntl(descriptor, F_SETFL, ::fcntl(descriptor, F_GETFL) & ~O_NONBLOCK);
  return TextInput(std::move(source), printable(path), std::move(limits));
}

}  // namespace plumb::io
