// The server's stop switch over every running request (see serve/stop_switch.hpp).
#include "serve/stop_switch.hpp"

namespace plumb::serve {

StopSwitch::Registration::~Registration() {
  const std::lock_guard lock(owner_.mutex_);
  owner_.running_.erase(entry_);
}

StopSwitch::Registration StopSwitch::enter(const search::SearchContext& context) {
  const std::lock_guard lock(mutex_);
  if (pulled_) context.cancel();
  return {*this, running_.insert(running_.end(), context)};
}

void StopSwitch::pull() {
  const std::lock_guard lock(mutex_);
  pulled_ = true;
  for (const search::SearchContext& context : running_) context.cancel();
}

bool StopSwitch::pulled() const {
  const std::lock_guard lock(mutex_);
  return pulled_;
}

}  // namespace plumb::serve
