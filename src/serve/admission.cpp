// The bounded admission of searches (see serve/admission.hpp).
#include "serve/admission.hpp"

#include <chrono>

namespace plumb::serve {

std::optional<Admission::Ticket> Admission::enter(const search::SearchContext& request) {
  std::unique_lock lock(mutex_);
  if (running_ >= max_running_) {
    if (waiting_ >= max_waiting_) return std::nullopt;
    ++waiting_;
    // Woken when a ticket is given back; looks at the request's cancellation every 50 ms meanwhile.
    while (running_ >= max_running_ && !request.cancelled())
      freed_.wait_for(lock, std::chrono::milliseconds(50));
    --waiting_;
    if (running_ >= max_running_) return std::nullopt;
  }
  ++running_;
  return Ticket(*this);
}

std::size_t Admission::running() const {
  const std::lock_guard lock(mutex_);
  return running_;
}

std::size_t Admission::waiting() const {
  const std::lock_guard lock(mutex_);
  return waiting_;
}

void Admission::leave() {
  {
    const std::lock_guard lock(mutex_);
    --running_;
  }
  freed_.notify_one();
}

}  // namespace plumb::serve
