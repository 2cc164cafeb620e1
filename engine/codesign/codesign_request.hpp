// A co-design problem as a user states it, in the words the CLI's options and the GUI's controls
// use (a platform's name, a budget in mm², an objective's text, ...), and the problem it makes.
// Both front ends build their problems here, so they check and default the same way.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "codesign/codesign_problem.hpp"
#include "tech/technology_choice.hpp"
#include "workload/model.hpp"

namespace mapscape {

// The largest area budget a request may give: a wafer's worth.
inline constexpr double kMaxAreaBudgetMm2 = 1e5;

struct CodesignRequest {
    std::string platform = "edge";
    double area_budget_mm2 = 0;  // 0: the platform's
    std::string area_model;      // "": the default model
    std::string objective = "latency";
    std::int64_t budget = 40000;
    double seconds = 0;
    std::int64_t max_pes = 0;
    std::string buffers = "need";
    std::string levels = "1-2";
    std::string map_space = "flexible";
    int threads = 0;  // 0: one per core
    bool maestro_as_is = false;
    // --tech, --precision, --dram, --l2-banks: a physical technology prices buffers by size and
    // gives the area the budget is compared with (its own areas replace the area model's).
    TechnologyChoice technology;
    // Defined here once for the CLI, the Python module and its stubs.
    std::string algo = "digamma";
    std::uint64_t seed = 1;
};

// A problem over the given layers (1-based numbers of `model`; a layer without a name is named
// "layerN"). Throws InputError naming the setting that is wrong (as its CLI option, "--levels").
CodesignProblem make_codesign_problem(const CodesignRequest& request, const Model& model, const std::vector<int>& layer_numbers,
                                      std::uint64_t seed);

}  // namespace mapscape
