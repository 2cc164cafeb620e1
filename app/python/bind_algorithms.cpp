// mapscape.algorithms(): the names the engine's registries know, for search/compare, schedule and
// codesign; read when called, so algorithms a plugin or a later library registers are listed too
// (the module itself checks algo= against the same registries, never against a list of its own).
#include "codesign/codesign_algorithm.hpp"
#include "common.hpp"
#include "schedule/schedule_algorithm.hpp"
#include "search/algorithm.hpp"

namespace mapscape::python {

void bind_algorithms(py::module_& m) {
    m.def(
        "algorithms",
        [](const std::string& kind) -> std::vector<std::string> {
            if (kind == "search") return algorithm_names();
            if (kind == "schedule") return schedule_algorithm_names();
            if (kind == "codesign") return codesign_algorithm_names();
            throw py::value_error("kind: \"search\", \"schedule\" or \"codesign\", not \"" + kind + "\"");
        },
        py::arg("kind") = "search", R"doc(
The algorithm names the engine knows for a kind of call: "search" (search's algo, compare's
algos), "schedule" (schedule's algo) or "codesign" (codesign's algo). Those of a plugin (the
surrogate's mindmappings and gamma-guided) are listed without loading it.
)doc");
}

}  // namespace mapscape::python
