// A hardware-mapping co-design problem (DiGamma, DAC'22 / arXiv 2201.11220): one accelerator for a
// whole model and one mapping per layer, searched together under an area budget. The hardware
// part is the PE array (its total and its shape: the cluster sizes of the parallel levels) and,
// optionally, the buffer sizes; everything else (NoC, off-chip bandwidth, word size, clock,
// technology, map space) comes from a base accelerator.
//
// A sample is one design point: an accelerator and a mapping for every layer, evaluated on every
// layer (so a 40,000-sample co-search of ResNet-18's 20 layers asks the cost model 800,000 times).
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "arch/accelerator.hpp"
#include "arch/area_model.hpp"
#include "cost/cost_report.hpp"
#include "mapping/mapping.hpp"
#include "search/objective.hpp"
#include "workload/layer.hpp"

namespace mapscape {

enum class BufferSizing {
    ToNeed,    // L1 and L2 exactly as large as the design's mappings need (the paper's rule)
    Searched,  // L1 and L2 sizes are genes; mappings must fit them
};

struct CodesignProblem {
    std::vector<Layer> layers;
    std::vector<int> layer_numbers;  // 1-based positions in the model (names, seeds)
    Accelerator base;                // the fields not searched (NoC, off-chip, word size, clock, map space)
    AreaModel area_model;
    double area_budget_um2 = 2e5;    // always enforced: a design over it is invalid
    std::optional<std::int64_t> max_pes;  // an optional limit on the PE count
    BufferSizing buffers = BufferSizing::ToNeed;
    int min_levels = 1, max_levels = 2;   // the PE array's dimensionality (1D to 3D); a constrained map space fixes it
    Objective objective;             // of the whole model: latency, energy, edp or lap (latency x area)
    std::int64_t budget_samples = 40000;
    double budget_seconds = 0;       // 0: none
    std::uint64_t seed = 1;
    int threads = 1;                 // results do not depend on it
    // MAESTRO's undercounts are rejected as in mapping searches (SearchConstraints).
    bool reject_model_artefacts = true;
};

// The paper's platforms: "edge" 0.2 mm² and "cloud" 7.0 mm² budgets, with the non-searched
// fields of GAMMA's Edge and Cloud accelerators. Throws InputError for another name.
struct CodesignPlatform {
    std::string id;
    double area_budget_um2 = 0;
    Accelerator base;
};
CodesignPlatform codesign_platform(const std::string& id);

// How a design's objective is made of its totals: latency = the sum of the layers' runtimes,
// energy = the sum of their energies, edp = energy x latency, lap = latency x area.
double design_objective(const Objective& objective, double runtime_cycles, double energy_nj, double area_um2);
// Only these metrics describe a whole design; others are refused with a message.
std::string codesign_objective_problem(const Objective& objective);

// What a design point is: the accelerator (with the buffer sizes it was given or needs) and a
// mapping per layer, with its cost.
struct DesignPoint {
    Accelerator accelerator;
    std::vector<Mapping> mappings;
    AreaBreakdown area;
    std::int64_t runtime_cycles = 0;  // summed over the layers
    double energy_nj = 0;
    double objective = std::numeric_limits<double>::infinity();
};

struct CodesignResult {
    bool found = false;
    DesignPoint best;
    std::vector<CostReport> reports;  // the best design's, per layer, in full detail
    std::int64_t samples = 0;
    std::int64_t valid_samples = 0;
    double wall_seconds = 0;
    bool stopped = false;
    std::vector<std::pair<std::int64_t, double>> trace;  // (samples, best objective) at improvements
};

}  // namespace mapscape
