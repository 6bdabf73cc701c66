// plumb.Exploration, what plumb.explore and plumb.explore_domain return (see python/bindings.hpp).
#include <pybind11/stl.h>

#include "plumb/puzzle_interface/render.hpp"
#include "python/bindings.hpp"
#include "python/json.hpp"

namespace plumb::python {

void bind_exploration(py::module_& module) {
  py::class_<ExplorationView>(module, "Exploration",
                              "The states at each depth from a start: what plumb.explore and "
                              "plumb.explore_domain return.")
      .def_property_readonly(
          "layers", [](const ExplorationView& view) { return view.exploration.layer_sizes; },
          "layers[k]: the number of states first reached in k moves")
      .def_property_readonly(
          "total", [](const ExplorationView& view) { return view.exploration.total(); },
          "the number of states reached, the sum of layers")
      .def_readonly("origin", &ExplorationView::origin,
                    "what the exploration started from, in words ('the goal', ...)")
      .def_readonly("start", &ExplorationView::start, "the state it started from")
      .def_readonly("deepest", &ExplorationView::deepest,
                    "the first states of the last layer, in a fixed order")
      .def_property_readonly(
          "stats",
          [](const ExplorationView& view) {
            return to_python(puzzle_interface::stats_json(view.exploration.stats));
          },
          "the exploration's statistics, a dict as docs/json.md describes")
      .def("__repr__", [](const ExplorationView& view) {
        return "<plumb.Exploration from " + view.origin + ": " +
               std::to_string(view.exploration.total()) + " states in " +
               std::to_string(view.exploration.layer_sizes.size()) + " layers>";
      });
  made_by_plumb_only(module.attr("Exploration"));
}

}  // namespace plumb::python
