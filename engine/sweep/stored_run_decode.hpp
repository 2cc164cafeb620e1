// What the app makes of a stored run: its model, accelerator and best mappings as parts of a
// study ("open in study"), and its convergence (per layer, or summed over the layers).
#pragma once

#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include "arch/accelerator.hpp"
#include "mapping/mapping.hpp"
#include "sweep/results_database.hpp"
#include "workload/model.hpp"

namespace mapscape {

struct RunStudyParts {
    Model model;
    Accelerator accelerator;
    std::map<int, Mapping> mappings;  // by 0-based layer index: the layers with a valid mapping
};

// Throws InputError when the stored JSON cannot be read back.
RunStudyParts study_parts_of(const StoredRun& run);

using Trace = std::vector<std::pair<std::int64_t, double>>;  // (samples, best so far); +inf before a valid one
Trace parse_trace(const std::string& trace_json);
// The sum over layers of each layer's best so far, against samples per layer: defined from the
// sample where every layer has a valid point (layers search side by side with the same budget).
Trace summed_trace(const std::vector<Trace>& layers);

}  // namespace mapscape
