// Reading cubing.js's KPuzzle definition as JSON (twisty_kpuzzle.hpp), with the steps of building
// a definition that the ksolve reader uses too (twisty_building.hpp).
#include "plumb/puzzles/twisty_kpuzzle.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <unordered_map>

#include "plumb/io/text_input.hpp"
#include "twisty_building.hpp"

namespace plumb::puzzles::twisty {

namespace {

using Json = nlohmann::ordered_json;  // keeps the moves in the order the text gives them

// A value's place in the JSON: as a message shows it ("moves.R.CORNERS.permutation[3]") and as a
// JSON pointer ("/moves/R/CORNERS/permutation/3"), which finds its line (JsonLines).
struct Where {
  std::string shown;
  std::string pointer;

  Where operator/(std::string_view key) const {
    std::string escaped;
    for (const char c : key) escaped += c == '~' ? "~0" : c == '/' ? "~1" : std::string(1, c);
    return {shown.empty() ? io::printable(key, io::kQuotedLength)
                          : shown + "." + io::printable(key, io::kQuotedLength),
            pointer + "/" + escaped};
  }
  Where operator[](std::size_t index) const {
    return {fmt::format("{}[{}]", shown, index), fmt::format("{}/{}", pointer, index)};
  }
};

// The line each value of a well-formed JSON text starts on, by its JSON pointer. Built only when
// an error needs a line; iterative, so that no nesting runs it out of stack.
class JsonLines {
 public:
  explicit JsonLines(std::string_view text) : text_(text) { scan(); }

  // The line of the value at `pointer`, else of its nearest enclosing value found; 0 if none.
  int line_of(std::string pointer) const {
    for (;;) {
      if (const auto found = lines_.find(pointer); found != lines_.end()) return found->second;
      if (pointer.empty()) return 0;
      pointer.resize(pointer.rfind('/'));
    }
  }

 private:
  struct Frame {
    std::string pointer;
    bool object = false;
    std::size_t next_index = 0;
  };

  bool at_end() const { return i_ >= text_.size(); }

  void skip_space() {
    while (!at_end() &&
           (text_[i_] == ' ' || text_[i_] == '\t' || text_[i_] == '\n' || text_[i_] == '\r')) {
      if (text_[i_] == '\n') ++line_;
      ++i_;
    }
  }

  // The string starting at i_ (its quotes and escapes as written), i_ moved past it.
  std::string_view skip_string() {
    const std::size_t start = i_++;
    while (!at_end() && text_[i_] != '"') i_ += text_[i_] == '\\' ? 2 : 1;
    i_ = std::min(i_ + 1, text_.size());
    return text_.substr(start, i_ - start);
  }

  // Notes the value starting at (or after white space from) i_, entering it if it has members.
  void begin_value(std::string pointer, std::vector<Frame>& stack) {
    skip_space();
    if (at_end()) return;
    lines_.emplace(pointer, line_);
    const char c = text_[i_];
    if (c == '{' || c == '[') {
      ++i_;
      stack.push_back({std::move(pointer), c == '{', 0});
    } else if (c == '"') {
      skip_string();
    } else {
      while (!at_end() && std::string_view(",]} \t\r\n").find(text_[i_]) == std::string_view::npos)
        ++i_;
    }
  }

  void scan() {
    if (text_.starts_with("\xEF\xBB\xBF")) i_ = 3;  // a byte order mark, which JSON may start with
    std::vector<Frame> stack;
    begin_value("", stack);
    while (!stack.empty()) {
      skip_space();
      if (at_end()) return;
      if (text_[i_] == '}' || text_[i_] == ']') {
        ++i_;
        stack.pop_back();
        continue;
      }
      if (text_[i_] == ',') {
        ++i_;
        skip_space();
        if (at_end()) return;
      }
      Frame& frame = stack.back();
      std::string pointer = frame.pointer + "/";
      if (frame.object) {
        const std::string key = Json::parse(skip_string()).get<std::string>();
        for (const char c : key) pointer += c == '~' ? "~0" : c == '/' ? "~1" : std::string(1, c);
        skip_space();
        if (!at_end()) ++i_;  // the colon
      } else {
        pointer += std::to_string(frame.next_index++);
      }
      begin_value(std::move(pointer), stack);
    }
  }

  std::string_view text_;
  std::size_t i_ = 0;
  int line_ = 1;
  std::unordered_map<std::string, int> lines_;
};

// A name that positions' and solutions' text can hold: one word, no commas.
bool is_word(std::string_view name) {
  return !name.empty() && std::ranges::none_of(name, [](char c) {
    return static_cast<unsigned char>(c) <= ' ' || c == ',' || c == 0x7f;
  });
}

class KPuzzleReader {
 public:
  KPuzzleReader(std::string_view text, const std::string& source) : text_(text), source_(source) {}

  TwistyDefinition read() {
    const Json root = parse();
    const Where top;
    if (!root.is_object()) fail(top, "a KPuzzle definition is a JSON object, not " + kind(root));
    expect_keys(root, top,
                {"name", "orbits", "defaultPattern", "moves", "derivedMoves", "$schema",
                 "experimentalPuzzleDescription", "experimentalIsPatternSolved"});
    if (const auto name = root.find("name"); name != root.end()) {
      if (!name->is_string()) fail(top / "name", "expected a string, found " + kind(*name));
      definition_.name = name->get<std::string>();
    }
    read_orbits(member(root, top, "orbits"), top / "orbits");
    read_pattern(member(root, top, "defaultPattern"), top / "defaultPattern");
    read_moves(member(root, top, "moves"), top / "moves");
    if (const auto derived = root.find("derivedMoves"); derived != root.end())
      read_derived(*derived, top / "derivedMoves");
    if (definition_.moves.empty()) fail(top / "moves", "no moves: a puzzle needs moves");
    building::finish(definition_, hash_);
    return std::move(definition_);
  }

 private:
  Json parse() const {
    try {
      return Json::parse(text_.begin(), text_.end());
    } catch (const Json::parse_error& error) {
      // nlohmann's message: "[json.exception.parse_error.101] parse error at line L, column C:
      // what"; the line is counted here, from the byte it stopped at.
      const std::string message = error.what();
      std::size_t what = message.find("column ");
      what = what == std::string::npos ? message.find("] ") : message.find(": ", what);
      const std::string detail = what == std::string::npos ? message : message.substr(what + 2);
      const std::size_t before = std::min<std::size_t>(error.byte, text_.size() + 1);
      const auto line =
          1 + std::count(text_.begin(), text_.begin() + (before > 0 ? before - 1 : 0), '\n');
      throw io::InputError(source_, static_cast<int>(line),
                           "not JSON: " + io::printable(detail, 200));
    }
  }

  [[noreturn]] void fail(const Where& where, const std::string& message) const {
    const int line = JsonLines(text_).line_of(where.pointer);
    throw io::InputError(source_, line,
                         where.shown.empty() ? message : where.shown + ": " + message);
  }

  static std::string kind(const Json& value) {
    const std::string name = value.type_name();
    return (name == "array" || name == "object" ? "an " : "a ") + name;
  }

  const Json& member(const Json& object, const Where& where, const char* key) const {
    const auto found = object.find(key);
    if (found == object.end())
      fail(where, fmt::format("no \"{}\" (a KPuzzle definition has name, orbits, defaultPattern "
                              "and moves)",
                              key));
    return *found;
  }

  void expect_keys(const Json& object, const Where& where,
                   std::initializer_list<std::string_view> known) const {
    for (const auto& [key, value] : object.items())
      if (std::ranges::find(known, key) == known.end())
        fail(where / key, fmt::format("unknown key (expected {})", fmt::join(known, ", ")));
  }

  const Json& object(const Json& value, const Where& where) const {
    if (!value.is_object()) fail(where, "expected an object, found " + kind(value));
    return value;
  }

  int integer(const Json& value, const Where& where, int min, int max,
              std::string_view what) const {
    long long number = 0;
    if (value.is_number_unsigned()) {
      const auto unsigned_number = value.get<std::uint64_t>();
      number = unsigned_number > static_cast<std::uint64_t>(max)
                   ? static_cast<long long>(max) + 1
                   : static_cast<long long>(unsigned_number);
    } else if (value.is_number_integer()) {
      number = value.get<std::int64_t>();
    } else {
      fail(where, fmt::format("expected {} (a whole number), found {}", what, kind(value)));
    }
    if (number < min || number > max)
      fail(where, fmt::format("{} is out of range ({}: {} to {})", value.dump(), what, min, max));
    return static_cast<int>(number);
  }

  // An array of `count` whole numbers, one a slot, each from `min` to `max`.
  std::vector<int> slots(const Json& value, const Where& where, int count, int min, int max,
                         std::string_view what) const {
    if (!value.is_array())
      fail(where, fmt::format("expected an array of {} numbers, found {}", count, kind(value)));
    if (value.size() != static_cast<std::size_t>(count))
      fail(where, fmt::format("expected {} slots, found {}", count, value.size()));
    std::vector<int> numbers(count);
    for (int i = 0; i < count; ++i) numbers[i] = integer(value[i], where[i], min, max, what);
    return numbers;
  }

  void read_orbits(const Json& orbits, const Where& where) {
    if (!orbits.is_array() || orbits.empty())
      fail(where, "expected an array of orbits, found " +
                      (orbits.is_array() ? std::string("none") : kind(orbits)));
    for (std::size_t index = 0; index < orbits.size(); ++index) {
      const Where at = where[index];
      const Json& orbit = object(orbits[index], at);
      expect_keys(orbit, at, {"orbitName", "numPieces", "numOrientations"});
      const Json& name = member(orbit, at, "orbitName");
      if (!name.is_string() || !is_word(name.get<std::string>()))
        fail(at / "orbitName", "expected a name without spaces or commas");
      const std::string text = name.get<std::string>();
      if (set_index(text) >= 0) fail(at / "orbitName", "a second orbit named " + io::quote(text));
      const int size =
          integer(member(orbit, at, "numPieces"), at / "numPieces", 1, 255, "an orbit's pieces");
      const int orientations = integer(member(orbit, at, "numOrientations"), at / "numOrientations",
                                       1, 127, "an orbit's orientations");
      building::add_set(definition_, hash_, text, size, orientations);
    }
  }

  int set_index(std::string_view name) const {
    const auto& sets = definition_.sets;
    const auto found = std::ranges::find(sets, name, &PieceSet::name);
    return found == sets.end() ? -1 : static_cast<int>(found - sets.begin());
  }

  int known_set(std::string_view name, const Where& where) const {
    const int index = set_index(name);
    if (index < 0) {
      std::vector<std::string_view> names;
      for (const PieceSet& set : definition_.sets) names.push_back(set.name);
      fail(where, fmt::format("no orbit named {} (the orbits: {})", io::quote(name),
                              fmt::join(names, ", ")));
    }
    return index;
  }

  void read_pattern(const Json& pattern, const Where& where) {
    object(pattern, where);
    const std::vector<PieceSet>& sets = definition_.sets;
    for (const auto& [name, value] : pattern.items())
      if (name != "$schema") known_set(name, where / name);
    std::vector<std::vector<int>> written(sets.size()), ori(sets.size());
    for (std::size_t index = 0; index < sets.size(); ++index) {
      const PieceSet& set = sets[index];
      const auto found = pattern.find(set.name);
      if (found == pattern.end()) fail(where, "no pattern for the orbit " + set.name);
      const Where at = where / set.name;
      const Json& orbit = object(*found, at);
      expect_keys(orbit, at, {"pieces", "orientation", "orientationMod"});
      written[index] =
          slots(member(orbit, at, "pieces"), at / "pieces", set.size, 0, 254, "a piece's number");
      for (int& piece : written[index]) ++piece;  // as ksolve numbers them, from 1
      const int n = set.orientations;
      ori[index] = slots(member(orbit, at, "orientation"), at / "orientation", set.size, 0, n - 1,
                         "an orientation of " + set.name);
      const auto mods = orbit.find("orientationMod");
      if (mods == orbit.end()) continue;
      const std::vector<int> mod =
          slots(*mods, at / "orientationMod", set.size, 0, n, "an orientationMod of " + set.name);
      for (int i = 0; i < set.size; ++i) {
        if (mod[i] == 1) {
          ori[index][i] = -1;  // its orientation does not matter: twsearch's `?`
        } else if (mod[i] != 0 && mod[i] != n) {
          fail((at / "orientationMod")[i],
               n % mod[i] != 0
                   ? fmt::format("{} does not divide the orbit's {} orientations", mod[i], n)
                   : fmt::format("{} is not supported: plumb knows an orientation wholly (0) or "
                                 "not at all (1)",
                                 mod[i]));
        }
      }
    }
    building::set_solved(definition_, hash_, written, std::move(ori));
  }

  void read_moves(const Json& moves, const Where& where) {
    object(moves, where);
    for (const auto& [name, value] : moves.items()) {
      const Where at = where / name;
      if (!is_word(name)) fail(at, "a move's name must be one word, without spaces or commas");
      Position effect = definition_.identity;
      for (const auto& [set_name, orbit] : object(value, at).items()) {
        const Where in = at / set_name;
        const PieceSet& set = definition_.sets[known_set(set_name, in)];
        object(orbit, in);
        expect_keys(orbit, in, {"permutation", "orientationDelta"});
        const std::vector<int> perm = slots(member(orbit, in, "permutation"), in / "permutation",
                                            set.size, 0, set.size - 1, "a slot of " + set.name);
        std::vector<bool> seen(set.size, false);
        for (int i = 0; i < set.size; ++i) {
          if (seen[perm[i]])
            fail((in / "permutation")[i],
                 fmt::format("slot {} appears twice: a permutation lists each slot 0 to {} once",
                             perm[i], set.size - 1));
          seen[perm[i]] = true;
          effect[set.offset + i] = static_cast<std::uint8_t>(perm[i]);
        }
        const std::vector<int> twist =
            slots(member(orbit, in, "orientationDelta"), in / "orientationDelta", set.size, 0,
                  set.orientations - 1, "an orientation of " + set.name);
        for (int i = 0; i < set.size; ++i)
          effect[set.offset + set.size + i] = static_cast<std::uint8_t>(twist[i]);
      }
      building::add_move(definition_, hash_, name, effect,
                         [&](const std::string& message) { fail(at, message); });
    }
  }

  void read_derived(const Json& derived, const Where& where) {
    object(derived, where);
    std::vector<building::PendingSequence> pending;
    for (const auto& [name, value] : derived.items()) {
      const Where at = where / name;
      if (!is_word(name)) fail(at, "a move's name must be one word, without spaces or commas");
      if (!value.is_string()) fail(at, "expected a string of moves, found " + kind(value));
      const std::string alg = value.get<std::string>();
      for (const char c : alg) {
        const auto byte = static_cast<unsigned char>(c);
        if (!std::isalnum(byte) && !std::isspace(byte) && c != '_' && c != '\'' && c != '-')
          fail(at, fmt::format("{} is not supported: only moves separated by spaces are (not "
                               "groupings (A)2, commutators [A, B], conjugates [A: B], pauses, "
                               "comments or NISS)",
                               io::quote(std::string(1, c))));
      }
      building::PendingSequence sequence{name, split_moves(alg), 0};
      if (sequence.moves.empty()) fail(at, "no moves");
      pending.push_back(std::move(sequence));
    }
    building::add_sequences(
        definition_, hash_, std::move(pending),
        [&](const std::string& token) { return resolve(token); },
        [&](const building::PendingSequence& sequence, const std::string& message) {
          fail(where / sequence.name, message);
        });
  }

  // A move of a derived move's sequence: a move's name, or as cubing.js reads it, a move's name
  // with an amount and/or a ' ("R3", "R2'", "x'" where only "x" is defined).
  std::optional<Position> resolve(const std::string& token) const {
    if (std::optional<Position> effect = definition_.effect_of(token)) return effect;
    std::string_view rest = token;
    const bool inverse = rest.ends_with('\'');
    if (inverse) rest.remove_suffix(1);
    std::size_t digits = rest.size();
    while (digits > 0 && std::isdigit(static_cast<unsigned char>(rest[digits - 1]))) --digits;
    if (rest.size() - digits > 4) return std::nullopt;
    const int amount = digits == rest.size() ? 1 : std::stoi(std::string(rest.substr(digits)));
    const std::string family(rest.substr(0, digits));
    if (family.empty() || family == token) return std::nullopt;
    const std::optional<Position> base = definition_.effect_of(family);
    if (!base) return std::nullopt;
    std::vector<Position> powers{definition_.identity};
    for (Position next = *base; next != definition_.identity;
         next = composed(definition_, next, *base))
      powers.push_back(next);
    const int order = static_cast<int>(powers.size());
    return powers[((inverse ? -amount : amount) % order + order) % order];
  }

  std::string_view text_;
  const std::string& source_;
  TwistyDefinition definition_;
  building::ContentHash hash_;
};

}  // namespace

TwistyDefinition read_kpuzzle_json(std::string_view text, const std::string& source) {
  return KPuzzleReader(text, source).read();
}

}  // namespace plumb::puzzles::twisty
