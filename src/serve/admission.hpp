// serve/admission.hpp: Admission, the bounded queue in front of the searches: at most `running`
// requests hold a ticket at once, at most `waiting` more wait for one, and any request past those is
// refused at once (the service answers 503). Thread-safe; a Ticket gives its place back when it is
// destroyed, waking one waiting request.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <optional>
#include <utility>

#include "plumb/search/context.hpp"

namespace plumb::serve {

class Admission {
 public:
  Admission(std::size_t running, std::size_t waiting) : max_running_(running), max_waiting_(waiting) {}

  // The right to run one search, held until destroyed.
  class Ticket {
   public:
    explicit Ticket(Admission& admission) : admission_(&admission) {}
    Ticket(Ticket&& other) noexcept : admission_(std::exchange(other.admission_, nullptr)) {}
    Ticket(const Ticket&) = delete;
    Ticket& operator=(const Ticket&) = delete;
    Ticket& operator=(Ticket&&) = delete;
    ~Ticket() {
      if (admission_ != nullptr) admission_->leave();
    }

   private:
    Admission* admission_;
  };

  // A ticket: at once when fewer than `running` are held, else after waiting in the queue. Nothing
  // when the queue is full (at once), or when `request` is cancelled while it waits (its client
  // went away).
  std::optional<Ticket> enter(const search::SearchContext& request);

  std::size_t running() const;
  std::size_t waiting() const;

 private:
  void leave();

  const std::size_t max_running_, max_waiting_;
  mutable std::mutex mutex_;
  std::condition_variable freed_;
  std::size_t running_ = 0, waiting_ = 0;
};

}  // namespace plumb::serve
