// SIGINT and SIGTERM as a cancellation (see cli/interrupt.hpp).
#include "cli/interrupt.hpp"

#include <atomic>

namespace plumb::cli {
namespace {

std::atomic<const search::SearchContext*> interrupted_context{nullptr};
static_assert(std::atomic<const search::SearchContext*>::is_always_lock_free);

extern "C" void cancel_interrupted_context(int) {
  if (const search::SearchContext* context = interrupted_context.load()) context->cancel();
}

}  // namespace

CancelOnInterrupt::CancelOnInterrupt(const search::SearchContext& context) : context_(context) {
  interrupted_context.store(&context_);
  struct sigaction action {};
  action.sa_handler = cancel_interrupted_context;
  sigemptyset(&action.sa_mask);
  // The second signal finds the default action. No SA_RESTART: a read(2) or poll(2) waiting for
  // input returns at the signal, so that the reader sees the cancellation at once.
  action.sa_flags = SA_RESETHAND;
  sigaction(SIGINT, &action, &previous_interrupt_);
  sigaction(SIGTERM, &action, &previous_terminate_);
}

CancelOnInterrupt::~CancelOnInterrupt() {
  sigaction(SIGINT, &previous_interrupt_, nullptr);
  sigaction(SIGTERM, &previous_terminate_, nullptr);
  interrupted_context.store(nullptr);
}

}  // namespace plumb::cli
