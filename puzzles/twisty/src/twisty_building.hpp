// twisty_building.hpp (not installed): the steps of building a TwistyDefinition that its readers
// share, the ksolve reader (twisty_definition.cpp) and the KPuzzle JSON reader
// (twisty_kpuzzle.cpp), so that a puzzle reads the same either way: the same labels, the same moves
// and powers under the same names, and the same content hash when the two texts give the same sets
// and moves in the same order.
//
// A reader checks what its format says and calls, in this order: add_set for each set,
// set_solved once, add_move for each move, add_sequences once for the moves defined by sequences of
// others, and finish. Each step feeds the hash its part of the definition's meaning. A fault is
// reported through the reader's Fail, which throws io::InputError where the reader is.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "plumb/puzzles/twisty_definition.hpp"

namespace plumb::puzzles::twisty::building {

// 64-bit FNV-1a, over the definition's meaning (not its comments or spacing).
class ContentHash {
 public:
  void add(std::string_view bytes) {
    for (const char c : bytes) value_ = (value_ ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
    value_ = (value_ ^ 0xff) * 0x100000001b3ULL;  // ends the field
  }
  void add(const Position& position) {
    add(std::string_view(reinterpret_cast<const char*>(position.data()), position.size()));
  }
  void add(long long number) { add(std::to_string(number)); }
  std::uint64_t value() const { return value_; }

 private:
  std::uint64_t value_ = 0xcbf29ce484222325ULL;
};

// Throws: the reader's error for `message`, where it is reading.
using Fail = std::function<void(const std::string& message)>;

// A set of `size` slots, its pieces turning `orientations` ways, after the others.
void add_set(TwistyDefinition& definition, ContentHash& hash, std::string name, int size,
             int orientations);

// The identity and the solved state, once every set is added. Per set, per slot: `written`, the
// number of the piece there (any numbers: labels follow their increasing order, identical numbers
// sharing one), and `ori`, its orientation, -1 for one that does not matter (the label's wild).
void set_solved(TwistyDefinition& definition, ContentHash& hash,
                const std::vector<std::vector<int>>& written, std::vector<std::vector<int>> ori);

// The move `name` making `effect` from the identity, with its powers named as twsearch names them
// ("R", "R2", "R'"); a rotation (twsearch's naming rule: x, y, z, Uv...) goes to the rotations.
void add_move(TwistyDefinition& definition, ContentHash& hash, const std::string& name,
              const Position& effect, const Fail& fail);

// A move defined as a sequence of others (MoveAlias, MoveSequence, derivedMoves).
struct PendingSequence {
  std::string name;
  std::vector<std::string> moves;
  int line = 0;  // where the reader found it, for its own errors
};

// The effect of one name in a sequence, or nothing while it names no move known yet.
using Resolve = std::function<std::optional<Position>(const std::string& name)>;

// Adds each sequence's move (add_move) once every move it names resolves, in the order given as
// far as that allows (one may name another). `fail(sequence, message)` throws.
void add_sequences(TwistyDefinition& definition, ContentHash& hash,
                   std::vector<PendingSequence> pending, const Resolve& resolve,
                   const std::function<void(const PendingSequence&, const std::string&)>& fail);

// Names an unnamed definition "Unnamed" and sets its content hash, the name hashed last.
void finish(TwistyDefinition& definition, ContentHash& hash);

}  // namespace plumb::puzzles::twisty::building
