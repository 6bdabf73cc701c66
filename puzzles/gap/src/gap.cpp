// The Gap solitaire's rules on unpacked layouts (goal, legal moves) and its text formats.
#include <algorithm>
#include <cctype>
#include <string>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "plumb/io/counted.hpp"
#include "plumb/puzzles/gap.hpp"
#include "plumb/puzzles/gap_io.hpp"

namespace plumb::puzzles {

GapLayout gap_goal_layout(const GapShape& shape) {
  GapLayout layout(shape.cells());
  for (int cell = 0; cell < shape.cells(); ++cell) {
    layout[cell] = static_cast<std::uint8_t>(shape.goal_code(cell));
  }
  return layout;
}

bool apply_gap_move(const GapShape& shape, GapLayout& layout, GapMove move) {
  const int cells = shape.cells();
  if (move.from >= cells || move.to >= cells || layout[move.to] != 0) return false;
  int wanted;
  if (shape.column_of(move.to) == 1) {
    wanted = shape.code_of(shape.row_of(move.to), 2);
  } else {
    const int left = layout[move.to - 1];
    if (left == 0 || shape.is_king(left)) return false;
    wanted = left + 1;
  }
  if (layout[move.from] != wanted) return false;
  layout[move.to] = layout[move.from];
  layout[move.from] = 0;
  return true;
}

long long read_gap_count(io::TextInput& in) {
  std::string line;
  if (!in.next_nonblank_line(line)) in.fail("empty input: expected the number of deals");
  const auto tokens = io::split_tokens(line);
  const auto count = io::parse_int(tokens.front());
  if (tokens.size() != 1 || !count || *count < 0) {
    in.fail("expected the number of deals alone on the first line, found " + io::quote(line));
  }
  return *count;
}

namespace {

// A card token, "23" or "2.3"; fails unless it names a card of the shape's deck.
GapCard parse_card(io::TextInput& in, const GapShape& shape, std::string_view token) {
  std::optional<long long> suit, value;
  if (const auto dot = token.find('.'); dot != std::string_view::npos) {
    suit = io::parse_int(token.substr(0, dot));
    value = io::parse_int(token.substr(dot + 1));
  } else if (token.size() == 2 && std::all_of(token.begin(), token.end(), [](char c) {
               return std::isdigit(static_cast<unsigned char>(c)) != 0;
             })) {
    if (shape.suits > 9 || shape.values > 9) {
      in.fail(fmt::format("card {}: with more than 9 values write cards as suit.value, e.g. 1.10",
                          io::quote(token)));
    }
    suit = token[0] - '0';
    value = token[1] - '0';
  }
  if (!suit || !value)
    in.fail(fmt::format("{} is not a card (two digits, or suit.value)", io::quote(token)));
  if (*suit < 1 || *suit > shape.suits || *value < 1 || *value > shape.values) {
    in.fail(fmt::format("card {} is out of range (suits 1-{}, values 1-{})", io::quote(token),
                        shape.suits, shape.values));
  }
  return GapCard{static_cast<int>(*suit), static_cast<int>(*value)};
}

}  // namespace

GapDeal read_gap_deal(io::TextInput& in, const GapShape& shape) {
  GapDeal deal;
  std::vector<int> line_of(static_cast<std::size_t>(shape.suits * shape.values), 0);  // by card
  int repeat_line = 0;  // where the first repeated card is
  std::string repeat;
  std::string line;
  for (int row = 0; row < shape.suits; ++row) {
    const bool more = row == 0 ? in.next_nonblank_line(line) : in.next_line(line);
    if (!more) {
      in.fail(fmt::format("unexpected end of input: a deal has {} rows of {} cards", shape.suits,
                          shape.values));
    }
    const auto tokens = io::split_tokens(line);
    if (tokens.size() != static_cast<std::size_t>(shape.values)) {
      in.fail(fmt::format("expected {} cards in a row, found {}", shape.values, tokens.size()));
    }
    for (std::string_view token : tokens) {
      const GapCard card = parse_card(in, shape, token);
      int& seen = line_of[(card.suit - 1) * shape.values + (card.value - 1)];
      if (seen != 0 && repeat_line == 0) {
        repeat_line = in.line_number();
        repeat = fmt::format("card {} appears twice (first on line {})", token, seen);
      }
      seen = in.line_number();
      deal.push_back(card);
    }
  }
  // With S * V cards in range, a card is missing exactly when another is repeated: name both.
  if (repeat_line != 0) {
    std::vector<std::string> missing;
    for (std::size_t i = 0; i < line_of.size(); ++i) {
      const int suit = static_cast<int>(i) / shape.values + 1,
                value = static_cast<int>(i) % shape.values + 1;
      if (line_of[i] == 0) missing.push_back(format_gap_card(shape, GapCard{suit, value}));
    }
    in.fail_at(repeat_line,
               fmt::format("{}, and the deal is missing {}", repeat, fmt::join(missing, " ")));
  }
  return deal;
}

void expect_gap_end(io::TextInput& in, long long count) {
  std::string line;
  if (in.next_nonblank_line(line)) {
    in.fail(fmt::format("input continues after the {} its first line announced",
                        io::counted(static_cast<std::uint64_t>(count), "deal")));
  }
}

GapLayout gap_start_layout(const GapShape& shape, const GapDeal& deal) {
  GapLayout layout(shape.cells());
  for (int cell = 0; cell < shape.cells(); ++cell) {
    const GapCard card = deal[cell];
    layout[cell] =
        card.value == 1 ? 0 : static_cast<std::uint8_t>(shape.code_of(card.suit - 1, card.value));
  }
  return layout;
}

std::string format_gap_card(const GapShape& shape, GapCard card) {
  return shape.suits <= 9 && shape.values <= 9 ? fmt::format("{}{}", card.suit, card.value)
                                               : fmt::format("{}.{}", card.suit, card.value);
}

std::string format_gap_code(const GapShape& shape, int code) {
  return format_gap_card(shape, GapCard{shape.suit_of(code) + 1, shape.value_of(code)});
}

std::string format_gap_deal(const GapShape& shape, const GapDeal& deal) {
  std::string text;
  for (int cell = 0; cell < shape.cells(); ++cell) {
    text += format_gap_card(shape, deal[cell]);
    text += shape.column_of(cell) == shape.values ? '\n' : ' ';
  }
  return text;
}

GapDeal random_gap_deal(const GapShape& shape, std::uint64_t seed) {
  GapDeal deal;
  for (int suit = 1; suit <= shape.suits; ++suit) {
    for (int value = 1; value <= shape.values; ++value) deal.push_back(GapCard{suit, value});
  }
  std::uint64_t state = seed;
  auto next = [&state] { return encode::mix64(state += 0x9e3779b97f4a7c15ULL); };
  for (std::size_t i = deal.size(); i > 1; --i) {
    // A draw below i; the bias of a 64-bit modulus is far below anything a test could see.
    std::swap(deal[i - 1], deal[next() % i]);
  }
  return deal;
}

}  // namespace plumb::puzzles
