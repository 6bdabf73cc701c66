// The words of twsearch's lines (twisty_lines.hpp).
#include "plumb/puzzles/twisty_lines.hpp"

#include <fmt/format.h>

#include <cctype>

namespace plumb::puzzles::twisty {

const Line* Lines::peek() {
  if (peeked_) return ended_ ? nullptr : &line_;
  peeked_ = true;
  std::string text;
  while (in_.next_line(text)) {
    line_.tokens.clear();
    for (const std::string_view word : io::split_tokens(text)) line_.tokens.emplace_back(word);
    if (line_.tokens.empty() || line_.tokens[0][0] == '#') continue;
    line_.number = in_.line_number();
    return &line_;
  }
  ended_ = true;
  return nullptr;
}

const Line* Lines::next() {
  const Line* line = peek();
  peeked_ = false;
  return line;
}

int read_number(const Lines& lines, const Line& line, const std::string& token, int min, int max,
                std::string_view what) {
  const std::optional<long long> value = io::parse_int(token);
  if (!value || *value < min || *value > max)
    lines.fail(line, fmt::format("{} must be an integer from {} to {}, not {}", what, min, max,
                                 io::quote(token)));
  return static_cast<int>(*value);
}

int set_named(const Lines& lines, const std::vector<PieceSet>& sets, const Line& line) {
  for (std::size_t i = 0; i < sets.size(); ++i)
    if (sets[i].name == line.tokens[0]) return static_cast<int>(i);
  lines.fail(line, "no set named " + io::quote(line.tokens[0]));
}

std::map<int, SetLines> read_set_block(Lines& lines, const std::vector<PieceSet>& sets,
                                       bool wild_ori) {
  std::map<int, SetLines> block;
  int current = -1;
  while (true) {
    const Line* line = lines.next();
    if (line == nullptr) lines.fail_whole("a block is not closed by End");
    const std::string& first = line->tokens[0];
    if (first == "End") {
      if (line->tokens.size() != 1) lines.fail(*line, "End stands alone on its line");
      break;
    }
    if (first != "?" && !std::isdigit(static_cast<unsigned char>(first[0]))) {
      if (line->tokens.size() != 1)
        lines.fail(*line, "expected a set's name alone, or End, not " + io::quote(first));
      if (current >= 0 && block[current].perm_line == 0)
        lines.fail(*line, "the set " + sets[current].name + " has no numbers");
      current = set_named(lines, sets, *line);
      if (block.contains(current)) lines.fail(*line, "the set " + first + " twice in one block");
      block[current];
      continue;
    }
    if (current < 0) lines.fail(*line, "numbers before a set's name");
    SetLines& set_lines = block[current];
    if (set_lines.ori)
      lines.fail(*line, "a third line of numbers for the set " + sets[current].name);
    const PieceSet& set = sets[current];
    if (line->tokens.size() != static_cast<std::size_t>(set.size))
      lines.fail(*line, fmt::format("the set {} has {} slots; this line has {} numbers", set.name,
                                    set.size, line->tokens.size()));
    const bool is_perm = set_lines.perm_line == 0;
    std::vector<int> values;
    for (const std::string& token : line->tokens) {
      if (!is_perm && wild_ori && token == "?") {
        values.push_back(-1);
      } else {
        values.push_back(is_perm ? read_number(lines, *line, token, 0, 255, "a piece")
                                 : read_number(lines, *line, token, 0, set.orientations - 1,
                                               "an orientation in " + set.name));
      }
    }
    (is_perm ? set_lines.perm : set_lines.ori.emplace()) = std::move(values);
    (is_perm ? set_lines.perm_line : set_lines.ori_line) = line->number;
  }
  if (current >= 0 && block[current].perm_line == 0)
    lines.fail_whole("the set " + sets[current].name + " has no numbers");
  return block;
}

}  // namespace plumb::puzzles::twisty
