// Reading positions of a twisty puzzle (twisty_positions.hpp).
#include "plumb/puzzles/twisty_positions.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace plumb::puzzles::twisty {

Position PositionReader::apply_moves(const Line& line, std::size_t first_word,
                                     Position position) const {
  for (std::size_t i = first_word; i < line.tokens.size(); ++i) {
    for (const std::string& name : split_moves(line.tokens[i])) {
      const std::optional<Position> effect = definition_.effect_of(name);
      if (!effect) {
        lines_.fail(line, fmt::format("no move named {} in {}", io::quote(name), definition_.name));
      }
      position = composed(definition_, position, *effect);
    }
  }
  return position;
}

Position PositionReader::read_state(bool zero_based) {
  const TwistyDefinition& d = definition_;
  const std::map<int, SetLines> block = read_set_block(lines_, d.sets, true);
  Position position = d.solved;
  for (const auto& [index, lines] : block) {
    const PieceSet& set = d.sets[index];
    std::vector<int> count(set.labels, 0), solved_count(set.labels, 0);
    for (int i = 0; i < set.size; ++i) {
      const int written = lines.perm[i] + (zero_based ? 1 : 0);
      const auto found = std::ranges::lower_bound(set.written, written);
      if (found == set.written.end() || *found != written)
        lines_.fail_at(lines.perm_line,
                       fmt::format("no piece {} in the set {}", lines.perm[i], set.name));
      const int label = static_cast<int>(found - set.written.begin());
      ++count[label];
      ++solved_count[d.solved[set.offset + i]];
      position[set.offset + i] = static_cast<std::uint8_t>(label);
    }
    if (count != solved_count) {
      lines_.fail_at(lines.perm_line,
                     fmt::format("the set {} must hold each of its pieces as many times as "
                                 "Solved does",
                                 set.name));
    }
    for (int i = 0; i < set.size; ++i) {
      const int ori = lines.ori ? (*lines.ori)[i] : 0;
      if (ori < 0 && !set.wild[position[set.offset + i]])
        lines_.fail_at(lines.ori_line, "a `?` for a piece whose orientation matters");
      position[set.offset + set.size + i] = static_cast<std::uint8_t>(std::max(ori, 0));
    }
  }
  return position;
}

std::optional<NamedPosition> PositionReader::next() {
  const Line* line = lines_.next();
  if (line == nullptr) return std::nullopt;
  const Line first = *line;
  const std::string& keyword = first.tokens[0];
  if (keyword == "Scramble" || keyword == "ScrambleState" || keyword == "StartState") {
    if (first.tokens.size() != 2) lines_.fail(first, keyword + " takes a name");
    return NamedPosition{first.tokens[1], read_state(keyword != "Scramble"), first.number};
  }
  if (keyword == "ScrambleAlg") {
    if (first.tokens.size() != 2) lines_.fail(first, keyword + " takes a name");
    Position position = definition_.solved;
    while (true) {
      const Line* moves = lines_.next();
      if (moves == nullptr) lines_.fail(first, "ScrambleAlg " + first.tokens[1] + " has no End");
      if (moves->tokens[0] == "End" && moves->tokens.size() == 1) break;
      position = apply_moves(*moves, 0, std::move(position));
    }
    return NamedPosition{first.tokens[1], std::move(position), first.number};
  }
  return NamedPosition{"", apply_moves(first, 0, definition_.solved), first.number};
}

}  // namespace plumb::puzzles::twisty
