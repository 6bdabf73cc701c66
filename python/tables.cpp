// The sets of precomputed tables the built-in puzzles declare (puzzle_interface/table_sets.hpp),
// for plumb.tables() and plumb.build_tables() (plumb/__init__.py): listed with what the cache holds
// of them, and built into the cache as `plumb tables build` builds them.
#include <pybind11/pybind11.h>

#include <filesystem>
#include <optional>
#include <string>

#include "plumb/puzzle_interface/builtin.hpp"
#include "plumb/puzzle_interface/run.hpp"
#include "plumb/search/budget.hpp"
#include "python/bindings.hpp"
#include "python/errors.hpp"
#include "python/limit_arguments.hpp"

namespace plumb::python {
namespace {

// A set as plumb.TableSet's fields: its names, its parts' files, and how many of them, of how many
// bytes, the cache holds.
py::dict set_fields(const puzzle_interface::DeclaredTableSet& set) {
  py::dict fields;
  fields["name"] = set.info().name;
  fields["puzzle"] = set.puzzle;
  fields["title"] = set.info().title;
  fields["serves"] = set.info().serves;
  py::list files;
  for (std::size_t part = 0; part < set.info().part_work.size(); ++part)
    files.append(set.tables->part_file(set.index, part).string());
  fields["files"] = files;
  const puzzle_interface::CachedParts cached =
      puzzle_interface::cached_parts(*set.tables, set.index);
  fields["present"] = cached.present;
  fields["bytes"] = cached.bytes;
  return fields;
}

py::list tables() {
  py::list sets;
  for (const puzzle_interface::DeclaredTableSet& set : puzzle_interface::declared_table_sets())
    sets.append(set_fields(set));
  return sets;
}

// Builds the set named `name` (one of tables()'s: the package checks) and returns its fields.
py::dict build_tables(const std::string& name, bool force, const py::object& time_limit,
                      const py::object& max_memory, const py::object& threads,
                      const py::object& progress) {
  return guarded([&] {
    const std::optional<puzzle_interface::DeclaredTableSet> set =
        puzzle_interface::declared_table_set(name);
    if (!set)
      throw puzzle_interface::UsageError(
          "set", "no table set named " + name + " (plumb.tables() lists them)");
    const CallContext call = limits_context(time_limit, max_memory, threads, progress);
    search::SearchStats stats;
    bool built = false;
    {
      const py::gil_scoped_release unlocked;
      built = puzzle_interface::build_into_cache(*set->tables, set->index, force, call.context,
                                                 search::worker_threads(call.context), stats,
                                                 [](const puzzle_interface::BuiltPart&) {});
    }
    if (!built) throw puzzle_interface::LimitReached(stats);
    return set_fields(*set);
  });
}

}  // namespace

void bind_tables(py::module_& module) {
  module.def("_tables", &tables);
  module.def("_build_tables", &build_tables, py::arg("name"), py::arg("force"),
             py::arg("time_limit"), py::arg("max_memory"), py::arg("threads"), py::arg("progress"));
}

}  // namespace plumb::python
