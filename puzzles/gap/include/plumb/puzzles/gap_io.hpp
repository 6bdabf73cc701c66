// plumb/puzzles/gap_io.hpp: the Gap solitaire's text formats: reading deals in the contest format
// (a count, then deals of S lines of V cards), writing cards, deals and layouts, and a
// deterministic generator of random deals for tests and benchmarks.
//
// A card is written as two digits, suit then value ("23"), while S and V are both at most 9, and as
// `suit.value` ("3.12") in any size; larger decks must use the dotted form. Reading checks that
// each row has V cards and that the deal holds every card of the deck exactly once; every problem
// is an io::InputError naming the file and line.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "plumb/io/text_input.hpp"
#include "plumb/puzzles/gap.hpp"

namespace plumb::puzzles {

struct GapCard {
  int suit = 1;   // 1..S
  int value = 1;  // 1..V
  friend bool operator==(const GapCard&, const GapCard&) = default;
};

// The cards as dealt, S rows of V, row by row (the left column is not part of a deal).
using GapDeal = std::vector<GapCard>;

// Reads the count of deals (alone on the first non-blank line).
long long read_gap_count(io::TextInput& in);
// Reads one deal of S lines (blank lines before it are skipped).
GapDeal read_gap_deal(io::TextInput& in, const GapShape& shape);
// Fails if anything but blank lines follows the last deal.
void expect_gap_end(io::TextInput& in, long long count);

// The layout after the aces moved to the left column: their cells become the gaps.
GapLayout gap_start_layout(const GapShape& shape, const GapDeal& deal);

std::string format_gap_card(const GapShape& shape, GapCard card);
std::string format_gap_code(const GapShape& shape, int code);
// The deal as S lines of V cards, the contest format.
std::string format_gap_deal(const GapShape& shape, const GapDeal& deal);

// A uniformly shuffled deck (Fisher-Yates over SplitMix64), the same for the same seed everywhere.
GapDeal random_gap_deal(const GapShape& shape, std::uint64_t seed);

}  // namespace plumb::puzzles
