// ProgressBoard: each watched search's latest statistics (serve/progress_board.hpp).
#include "serve/progress_board.hpp"

namespace plumb::serve {

ProgressBoard::Watch::~Watch() {
  if (board_ == nullptr) return;
  const std::lock_guard lock(board_->mutex_);
  board_->latest_.erase(id_);
}

std::optional<ProgressBoard::Watch> ProgressBoard::watch(const std::string& id,
                                                         search::SearchContext& context) {
  {
    const std::lock_guard lock(mutex_);
    if (!latest_.emplace(id, search::SearchStats{}).second) return std::nullopt;
  }
  // A report after the watch ended (a search that outlives its request's answer) finds no entry
  // and is dropped, so it never revives the id.
  context.set_progress(
      [this, id](const search::SearchStats& stats) {
        const std::lock_guard lock(mutex_);
        if (const auto entry = latest_.find(id); entry != latest_.end()) entry->second = stats;
      },
      kInterval);
  return std::optional<Watch>(std::in_place, *this, id);
}

std::optional<search::SearchStats> ProgressBoard::latest(const std::string& id) const {
  const std::lock_guard lock(mutex_);
  const auto entry = latest_.find(id);
  if (entry == latest_.end()) return std::nullopt;
  return entry->second;
}

}  // namespace plumb::serve
