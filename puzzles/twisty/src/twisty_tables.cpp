// Choosing, naming, building and keeping a twisty puzzle's pruning tables (twisty_tables.hpp).
#include "plumb/puzzles/twisty_tables.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <mutex>
#include <numeric>
#include <set>
#include <stdexcept>

#include "plumb/io/text_input.hpp"
#include "plumb/pdb/pattern_database.hpp"
#include "plumb/search/budget.hpp"

namespace plumb::puzzles::twisty {
namespace {

using Kind = Coordinate::Kind;

bool any_move_changes(const TwistyDefinition& definition, const PieceSet& set) {
  return std::ranges::any_of(definition.moves, [&](const Move& move) {
    return !std::equal(move.effect.begin() + set.offset,
                       move.effect.begin() + set.offset + 2 * set.size,
                       definition.identity.begin() + set.offset);
  });
}

// Whether the set's turns may be followed: some move turns it, and none of its pieces' turn is a
// wildcard.
bool turns_count(const TwistyDefinition& definition, const PieceSet& set) {
  const bool turned = std::ranges::any_of(definition.moves, [&](const Move& move) {
    return std::any_of(move.effect.begin() + set.offset + set.size,
                       move.effect.begin() + set.offset + 2 * set.size,
                       [](std::uint8_t turn) { return turn != 0; });
  });
  return turned && std::ranges::none_of(set.wild, [](bool wild) { return wild; });
}

std::vector<int> all_labels(const PieceSet& set) {
  std::vector<int> group_of(set.labels);
  std::iota(group_of.begin(), group_of.end(), 0);
  return group_of;
}

// The labels `chosen` of the set as groups 0, 1, ... in order; the others not followed.
std::vector<int> chosen_labels(const PieceSet& set, const std::vector<int>& chosen) {
  std::vector<int> group_of(set.labels, -1);
  for (std::size_t i = 0; i < chosen.size(); ++i) group_of[chosen[i]] = static_cast<int>(i);
  return group_of;
}

// The whole set: where its pieces stand, when a move moves them, and how its slots are turned,
// when that counts.
std::vector<Coordinate> whole_set(const TwistyDefinition& definition, int index) {
  const PieceSet& set = definition.sets[index];
  std::vector<Coordinate> coordinates;
  if (definition.permutes(set))
    coordinates.emplace_back(definition, index, Kind::placement, all_labels(set));
  if (turns_count(definition, set))
    coordinates.emplace_back(definition, index, Kind::orientation, std::vector<int>{});
  return coordinates;
}

std::uint64_t size_of(const std::vector<Coordinate>& coordinates) {
  return Pattern(coordinates).size();
}

// One table's worth of a set's pieces from label `first`: as many as fit `max_entries`, with a
// move table (so that the table's breadth-first search moves by table).
std::vector<int> chunk_from(const TwistyDefinition& definition, int index, int first,
                            std::uint64_t max_entries) {
  const PieceSet& set = definition.sets[index];
  const Kind kind = turns_count(definition, set) ? Kind::both : Kind::placement;
  std::vector<int> chosen{first};
  while (first + static_cast<int>(chosen.size()) < set.labels) {
    std::vector<int> more = chosen;
    more.push_back(first + static_cast<int>(chosen.size()));
    const Coordinate larger(definition, index, kind, chosen_labels(set, more));
    if (larger.size() > max_entries ||
        larger.move_table_entries(definition.moves.size()) > kMaxMoveTableEntries)
      break;
    chosen = std::move(more);
  }
  return chosen;
}

struct Unit {
  std::vector<Coordinate> coordinates;
  std::vector<int> sets;
  std::string why;
};

std::string piece_list(const std::vector<int>& labels) {
  if (labels.size() > 2 && labels.back() - labels.front() + 1 == static_cast<int>(labels.size()))
    return fmt::format("{}-{}", labels.front(), labels.back());
  return fmt::format("{}", fmt::join(labels, ","));
}

}  // namespace

std::vector<TableChoice> choose_tables(const TwistyDefinition& definition,
                                       std::uint64_t max_entries) {
  std::vector<Unit> units;
  for (int index = 0; index < static_cast<int>(definition.sets.size()); ++index) {
    const PieceSet& set = definition.sets[index];
    if (!any_move_changes(definition, set)) continue;
    std::vector<Coordinate> whole = whole_set(definition, index);
    if (size_of(whole) <= max_entries) {
      units.push_back({std::move(whole), {index}, "the whole of " + set.name + " fits one table"});
      continue;
    }
    if (turns_count(definition, set)) {
      std::vector<Coordinate> turns{Coordinate(definition, index, Kind::orientation, {})};
      if (size_of(turns) <= max_entries)
        units.push_back({std::move(turns), {index}, "the turns of all of " + set.name});
    }
    const Kind kind = turns_count(definition, set) ? Kind::both : Kind::placement;
    for (int first = 0; first < set.labels;) {
      const std::vector<int> chosen = chunk_from(definition, index, first, max_entries);
      units.push_back({{Coordinate(definition, index, kind, chosen_labels(set, chosen))},
                       {index},
                       fmt::format("{} pieces of {} ({} of {}) fit one table", chosen.size(),
                                   set.name, piece_list(chosen), set.labels)});
      first += static_cast<int>(chosen.size());
    }
  }
  const std::vector<Unit> singles = units;
  // Join tables of different sets, the pair whose joint table is largest first, while one fits: a
  // table of more pieces bounds better than the largest of its parts'.
  while (true) {
    std::size_t best_a = 0, best_b = 0;
    std::uint64_t best_size = 0;
    for (std::size_t a = 0; a < units.size(); ++a) {
      for (std::size_t b = a + 1; b < units.size(); ++b) {
        const bool shared = std::ranges::any_of(units[a].sets, [&](int set) {
          return std::ranges::find(units[b].sets, set) != units[b].sets.end();
        });
        std::vector<Coordinate> both = units[a].coordinates;
        both.insert(both.end(), units[b].coordinates.begin(), units[b].coordinates.end());
        const std::uint64_t joint = size_of(both);  // saturating
        if (!shared && joint <= max_entries && joint > best_size) {
          best_a = a;
          best_b = b;
          best_size = joint;
        }
      }
    }
    if (best_size == 0) break;
    Unit& joined = units[best_a];
    Unit& part = units[best_b];
    joined.coordinates.insert(joined.coordinates.end(), part.coordinates.begin(),
                              part.coordinates.end());
    joined.sets.insert(joined.sets.end(), part.sets.begin(), part.sets.end());
    joined.why += "; with " + part.why;
    units.erase(units.begin() + static_cast<std::ptrdiff_t>(best_b));
  }
  // A set left in a small table is joined again, to the single set's table that makes the largest
  // product that fits (tables may share sets: the search takes the largest bound).
  const std::size_t joined_units = units.size();
  for (std::size_t u = 0; u < joined_units; ++u) {
    if (size_of(units[u].coordinates) > max_entries / 64) continue;
    const Unit* best = nullptr;
    std::uint64_t best_size = 0;
    for (const Unit& single : singles) {
      const bool shared = std::ranges::any_of(units[u].sets, [&](int set) {
        return std::ranges::find(single.sets, set) != single.sets.end();
      });
      std::vector<Coordinate> both = units[u].coordinates;
      both.insert(both.end(), single.coordinates.begin(), single.coordinates.end());
      const std::uint64_t joint = size_of(both);
      if (!shared && joint <= max_entries && joint > best_size) {
        best = &single;
        best_size = joint;
      }
    }
    if (best == nullptr) continue;
    Unit again = units[u];
    again.coordinates.insert(again.coordinates.end(), best->coordinates.begin(),
                             best->coordinates.end());
    again.sets.insert(again.sets.end(), best->sets.begin(), best->sets.end());
    again.why += "; with " + best->why + " (again)";
    units.push_back(std::move(again));
  }
  std::ranges::sort(units, {}, [](const Unit& unit) { return size_of(unit.coordinates); });
  std::vector<TableChoice> choices;
  for (Unit& unit : units) choices.push_back({Pattern(std::move(unit.coordinates)), unit.why});
  return choices;
}

std::vector<TableChoice> parse_tables(const TwistyDefinition& definition, std::string_view text) {
  std::vector<TableChoice> choices;
  // Tables are separated by commas, but a piece list also uses them: split at a comma followed by
  // a set's name.
  std::vector<std::string> tables{""};
  for (std::size_t i = 0; i < text.size(); ++i) {
    const bool starts_table = text[i] == ',' && i + 1 < text.size() &&
                              !std::isdigit(static_cast<unsigned char>(text[i + 1]));
    if (starts_table) {
      tables.emplace_back();
    } else {
      tables.back() += text[i];
    }
  }
  for (const std::string& table : tables) {
    std::vector<Coordinate> coordinates;
    std::vector<int> sets;
    std::size_t start = 0;
    while (start <= table.size()) {
      const std::size_t plus = std::min(table.find('+', start), table.size());
      const std::string part = table.substr(start, plus - start);
      start = plus + 1;
      const std::size_t colon = part.find(':');
      const std::string name = part.substr(0, colon);
      int index = -1;
      for (std::size_t i = 0; i < definition.sets.size(); ++i) {
        const std::string& candidate = definition.sets[i].name;
        if (std::ranges::equal(candidate, name, [](char a, char b) {
              return std::tolower(static_cast<unsigned char>(a)) ==
                     std::tolower(static_cast<unsigned char>(b));
            }))
          index = static_cast<int>(i);
      }
      if (index < 0) throw std::invalid_argument("no set named " + io::quote(name));
      if (std::ranges::find(sets, index) != sets.end())
        throw std::invalid_argument("the set " + name + " twice in one table");
      sets.push_back(index);
      const PieceSet& set = definition.sets[index];
      if (colon == std::string::npos) {
        for (Coordinate& coordinate : whole_set(definition, index))
          coordinates.push_back(std::move(coordinate));
        continue;
      }
      const std::string pieces = part.substr(colon + 1);
      if (pieces == "turns") {
        if (!turns_count(definition, set))
          throw std::invalid_argument("the turns of " + set.name + " cannot be followed");
        coordinates.emplace_back(definition, index, Kind::orientation, std::vector<int>{});
        continue;
      }
      std::vector<int> chosen;
      for (const std::string& item : split_moves(pieces)) {
        const std::size_t dash = item.find('-');
        const std::optional<long long> low = io::parse_int(item.substr(0, dash));
        const std::optional<long long> high =
            dash == std::string::npos ? low : io::parse_int(item.substr(dash + 1));
        if (!low || !high || *low < 0 || *high < *low || *high >= set.labels)
          throw std::invalid_argument(fmt::format("{}: pieces are numbered 0 to {}, not {}",
                                                  set.name, set.labels - 1, io::quote(item)));
        for (long long label = *low; label <= *high; ++label)
          if (std::ranges::find(chosen, label) == chosen.end())
            chosen.push_back(static_cast<int>(label));
      }
      if (chosen.empty()) throw std::invalid_argument("no pieces of " + set.name + " named");
      coordinates.emplace_back(definition, index,
                               turns_count(definition, set) ? Kind::both : Kind::placement,
                               chosen_labels(set, chosen));
    }
    choices.push_back({Pattern(std::move(coordinates)), "named by --tables"});
  }
  return choices;
}

namespace {

// The deepest layer a table of at most 15 layers holds: its largest entry (1 + depth), less one.
int deepest_layer(const pdb::NibbleArray& entries) {
  for (int depth = 14; depth > 0; --depth)
    if (pdb::contains_entry(entries, static_cast<unsigned>(depth + 1))) return depth;
  return 0;
}

bool moves_by_table(const TwistyDefinition& definition, const Pattern& pattern) {
  return std::ranges::all_of(pattern.coordinates(), [&](const Coordinate& coordinate) {
    return coordinate.move_table_entries(definition.moves.size()) <= kMaxMoveTableEntries;
  });
}

}  // namespace

std::shared_ptr<const SymmetryReduction> reduction_of(const TwistyDefinition& definition,
                                                      const Pattern& pattern,
                                                      std::uint64_t min_entries) {
  // (Its breadth-first search moves every coordinate by table.)
  if (pattern.size() <= min_entries || !SymmetryReduction::reducible(definition, pattern) ||
      !moves_by_table(definition, pattern))
    return nullptr;
  // Found once a process (a few kept: a server may see many definitions).
  constexpr std::size_t kKept = 32;
  static std::mutex mutex;
  static std::map<std::pair<std::uint64_t, std::string>, std::shared_ptr<const SymmetryReduction>>
      reductions;
  const std::lock_guard lock(mutex);
  const auto key = std::make_pair(definition.content_hash, pattern.key());
  if (const auto kept = reductions.find(key); kept != reductions.end()) return kept->second;
  if (reductions.size() == kKept) reductions.clear();
  return reductions
      .emplace(key, SymmetryReduction::make(definition, pattern, *symmetries_of(definition)))
      .first->second;
}

std::uint64_t table_entries(const TwistyDefinition& definition, const Pattern& pattern) {
  const std::shared_ptr<const SymmetryReduction> reduction = reduction_of(definition, pattern);
  return reduction ? reduction->size() : pattern.size();
}

io::CachedTable table_file(const TwistyDefinition& definition, const Pattern& pattern,
                           Metric metric, std::uint64_t shallow_moves) {
  const std::string metric_name = metric == Metric::half ? "half" : "quarter";
  const std::shared_ptr<const SymmetryReduction> reduction = reduction_of(definition, pattern);
  std::string key = reduction
                        ? fmt::format("{} by {} symmetries", pattern.key(), reduction->symmetries())
                        : pattern.key();
  if (shallow_moves != 0) key += fmt::format(" first layers within {} moves", shallow_moves);
  std::uint64_t key_hash = 0xcbf29ce484222325ULL;
  for (const char c : key) key_hash = (key_hash ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
  return pdb::database_table(
      fmt::format("twisty-{:016x}-{:08x}-{}.tbl", definition.content_hash, key_hash & 0xffffffffU,
                  metric_name),
      io::TableHeader{"twisty-pruning", 2,
                      fmt::format("{:016x} {} {}", definition.content_hash, key, metric_name)},
      reduction ? reduction->size() : pattern.size(),
      fmt::format("pruning table of {} ({}){}", definition.name, pattern.describe(definition),
                  shallow_moves != 0 ? ", its first layers" : ""));
}

void build_move_tables(const TwistyDefinition& definition, Pattern& pattern) {
  for (Coordinate& coordinate : pattern.coordinates())
    coordinate.build_move_table(definition, kMaxMoveTableEntries);
}

std::shared_ptr<const PruningTable> load_or_build_table(const TwistyDefinition& definition,
                                                        TableChoice choice, Metric metric,
                                                        unsigned threads,
                                                        const search::SearchContext& context,
                                                        search::SearchStats& stats) {
  Pattern& pattern = choice.pattern;
  std::shared_ptr<const SymmetryReduction> reduction = reduction_of(definition, pattern);
  const std::vector<std::size_t> moves = metric_moves(definition, metric);
  const bool shallow = choice.shallow_moves != 0;
  if (pattern.size() <= kUncachedTableEntries ||
      (shallow && table_entries(definition, pattern) > kCachedShallowEntries)) {
    if (!layers_fit(reduction ? reduction->size() : pattern.size(), context, stats)) return nullptr;
    build_move_tables(definition, pattern);
    std::optional<Layers> layers =
        breadth_first(definition, pattern, moves, 14, shallow ? threads : 1, context, stats,
                      nullptr, shallow ? choice.shallow_moves : UINT64_MAX, reduction.get());
    if (!layers) return nullptr;
    const int filled = static_cast<int>(layers->layer_sizes.size()) - 1;
    return std::make_shared<const PruningTable>(std::move(pattern), std::move(layers->entries),
                                                layers->complete, filled, std::move(reduction));
  }
  // Mapped in place from the cache: no copy, and a short batch faults in only what it reads.
  const io::CachedTable file = table_file(definition, pattern, metric, choice.shallow_moves);
  std::optional<pdb::PatternDatabase> database = pdb::load_or_build(
      file,
      [&] {
        return build_table_entries(definition, pattern, metric, threads, context, stats,
                                   choice.shallow_moves);
      },
      /*mapped=*/true);
  if (!database) return nullptr;
  build_move_tables(definition, pattern);
  // A shallow one's layers end at its largest entry; it is taken as incomplete (its entries of 0
  // bound by one more: never too much).
  const int filled = shallow ? deepest_layer(database->entries) : 14;
  return std::make_shared<const PruningTable>(std::move(pattern), std::move(database->entries),
                                              shallow ? std::optional(false) : std::nullopt, filled,
                                              std::move(reduction));
}

std::optional<pdb::NibbleArray> build_table_entries(
    const TwistyDefinition& definition, Pattern& pattern, Metric metric, unsigned threads,
    const search::SearchContext& context, search::SearchStats& stats, std::uint64_t shallow_moves) {
  // A table the memory limit refuses is refused before its move tables are built (and kept).
  const std::shared_ptr<const SymmetryReduction> reduction = reduction_of(definition, pattern);
  if (!layers_fit(reduction ? reduction->size() : pattern.size(), context, stats))
    return std::nullopt;
  build_move_tables(definition, pattern);
  std::optional<Layers> layers = breadth_first(
      definition, pattern, metric_moves(definition, metric), 14, threads, context, stats, nullptr,
      shallow_moves != 0 ? shallow_moves : UINT64_MAX, reduction.get());
  if (!layers) return std::nullopt;
  return std::move(layers->entries);
}

namespace {

// What a breadth-first search of the pattern's table pays for a move, in moves of a table indexed
// by its ranks: 3 over indices reduced by symmetry (an index is worked out, and its views
// marked), else 1.
std::uint64_t move_cost(const TwistyDefinition& definition, const Pattern& pattern) {
  return reduction_of(definition, pattern) ? 3 : 1;
}

}  // namespace

std::uint64_t build_moves(const TwistyDefinition& definition,
                          const std::vector<TableChoice>& choices, std::uint64_t shallow_moves) {
  std::uint64_t moves = 0;
  for (const TableChoice& choice : choices) {
    if (choice.pattern.size() <= kQuickTableEntries) continue;
    if (shallow_moves == 0) {
      // A whole table's search makes about a third of its entries' moves (it goes backwards late).
      moves += table_entries(definition, choice.pattern) / 3 * definition.moves.size() *
               move_cost(definition, choice.pattern);
    } else if (moves_by_table(definition, choice.pattern)) {
      moves += shallow_moves;  // quick_tables() keeps its layers within so much
    }
  }
  return moves;
}

std::vector<TableChoice> quick_tables(const TwistyDefinition& definition,
                                      const std::vector<TableChoice>& choices,
                                      std::uint64_t shallow_moves) {
  std::vector<TableChoice> quick;
  std::set<std::string> keys;  // of the quick tables so far: a coordinate of two tables is one
  for (const TableChoice& choice : choices) {
    if (choice.pattern.size() <= kQuickTableEntries) {
      if (keys.insert(choice.pattern.key()).second) quick.push_back(choice);
      continue;
    }
    for (const Coordinate& coordinate : choice.pattern.coordinates()) {
      Pattern part({coordinate});
      if (coordinate.size() <= kQuickTableEntries && keys.insert(part.key()).second)
        quick.push_back({std::move(part), "a part of a larger table, quick to build"});
    }
    if (moves_by_table(definition, choice.pattern))
      quick.push_back({choice.pattern, "its first layers: " + choice.why,
                       shallow_moves / move_cost(definition, choice.pattern)});
  }
  return quick;
}

bool all_cached(const TwistyDefinition& definition, const std::vector<TableChoice>& choices,
                Metric metric) {
  return std::ranges::all_of(choices, [&](const TableChoice& choice) {
    return choice.pattern.size() <= kQuickTableEntries ||  // never kept: built each time
           std::filesystem::is_regular_file(table_file(definition, choice.pattern, metric).path());
  });
}

Pattern whole_puzzle(const TwistyDefinition& definition) {
  std::vector<Coordinate> coordinates;
  for (int index = 0; index < static_cast<int>(definition.sets.size()); ++index) {
    for (Coordinate& coordinate : whole_set(definition, index)) {
      if (coordinate.size() <= kMaxMoveTableEntries) coordinate.mark_illegal(definition);
      coordinates.push_back(std::move(coordinate));
    }
  }
  return Pattern(std::move(coordinates));
}

}  // namespace plumb::puzzles::twisty
