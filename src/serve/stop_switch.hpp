// serve/stop_switch.hpp: StopSwitch, which stops every request at once when the server is told to
// stop (SIGINT, SIGTERM). Each request registers its search context for as long as it runs; pull()
// cancels every context registered, and from then on any context is cancelled as it registers, so
// that no search outlives the pull by more than its check interval. Thread-safe.
#pragma once

#include <list>
#include <mutex>

#include "plumb/search/context.hpp"

namespace plumb::serve {

class StopSwitch {
 public:
  // A context registered until destroyed.
  class Registration {
   public:
    Registration(StopSwitch& owner, std::list<search::SearchContext>::iterator entry)
        : owner_(owner), entry_(entry) {}
    ~Registration();
    Registration(const Registration&) = delete;
    Registration& operator=(const Registration&) = delete;

   private:
    StopSwitch& owner_;
    std::list<search::SearchContext>::iterator entry_;
  };

  [[nodiscard]] Registration enter(const search::SearchContext& context);

  void pull();
  bool pulled() const;

 private:
  mutable std::mutex mutex_;
  std::list<search::SearchContext> running_;
  bool pulled_ = false;
};

}  // namespace plumb::serve
