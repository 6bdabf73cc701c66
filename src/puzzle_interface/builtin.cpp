// The built-in puzzles (puzzle_interface/builtin.hpp), made from the factories the build
// registered, and the table sets they declare.
#include "plumb/puzzle_interface/builtin.hpp"

namespace plumb::puzzle_interface {

std::vector<std::unique_ptr<Puzzle>> builtin_puzzles(
    const std::shared_ptr<const io::TableLender>& tables) {
  std::vector<std::unique_ptr<Puzzle>> puzzles;
  for (const PuzzleFactory make : registered_puzzle_factories()) puzzles.push_back(make(tables));
  return puzzles;
}

std::unique_ptr<Puzzle> make_builtin_puzzle(std::string_view name,
                                            const std::shared_ptr<const io::TableLender>& tables) {
  for (const PuzzleFactory make : registered_puzzle_factories()) {
    std::unique_ptr<Puzzle> puzzle = make(tables);
    if (puzzle->info().name == name) return puzzle;
  }
  return nullptr;
}

std::vector<DeclaredTableSet> declared_table_sets() {
  std::vector<DeclaredTableSet> declared;
  for (const PuzzleFactory make : registered_puzzle_factories()) {
    const std::unique_ptr<Puzzle> puzzle = make(nullptr);
    if (!puzzle->table_sets()) continue;
    for (std::size_t index = 0; index < puzzle->table_sets()->sets().size(); ++index)
      declared.push_back({puzzle->info().name, puzzle->table_sets(), index});
  }
  return declared;
}

std::optional<DeclaredTableSet> declared_table_set(std::string_view name) {
  for (DeclaredTableSet& set : declared_table_sets())
    if (set.info().name == name) return std::move(set);
  return std::nullopt;
}

std::string declared_table_set_list() {
  std::string list;
  for (const DeclaredTableSet& set : declared_table_sets())
    list += (list.empty() ? "" : ", ") + set.info().name + " (" + set.info().serves + ")";
  return list;
}

}  // namespace plumb::puzzle_interface
