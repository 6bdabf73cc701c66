// python/bindings.hpp: the parts of the extension module plumb._plumb, each adding its functions
// and classes to the module (python/module.cpp calls them in this order), and the class the
// built-in puzzles and Python-defined domains share for explorations.
#pragma once

#include <pybind11/pybind11.h>

#include <memory>

#include "plumb/puzzle_interface/puzzle.hpp"

namespace plumb::python {

namespace py = pybind11;

// plumb.Exploration: the states at each depth from a start. `instance` renders a built-in puzzle's;
// it is null for a Python-defined domain's, which has no renderings.
struct ExplorationView {
  std::shared_ptr<const puzzle_interface::Instance> instance;
  puzzle_interface::Exploration
      exploration;  // the counts and statistics (origin, start and deepest unused)
  std::string origin;
  py::object start;
  py::list deepest;
};

// Makes `type`, a class whose objects only plumb's functions make, refuse to make one from Python
// (Solution.__new__(Solution), a subclass's, copy.copy's): TypeError "cannot create 'NAME'
// instances", as Python's own such types answer, rather than an object never initialised whose
// use would read what its memory held.
void made_by_plumb_only(const py::handle& type);

void bind_exploration(py::module_& module);  // the class Exploration
void bind_builtin(py::module_& module);      // puzzles, solve, explore, render; Solution
void bind_domain(py::module_& module);       // search, explore_domain; SearchResult
void bind_tables(py::module_& module);       // _tables, _build_tables (python/tables.cpp)
// Each puzzle's part (its folder's python/, as bind_NAME: sliding's submodule of exact distances),
// and the tuple _puzzle_modules of their names, which the package imports as plumb.NAME. The build
// writes it from the registered puzzles (cmake/puzzles.cmake).
void bind_puzzle_modules(py::module_& module);

}  // namespace plumb::python
