// The JSON form of a co-design result (`mapscape-cli codesign --json`):
//   {"algo","platform","objective","seed","samples","valid_samples","wall_s","area_budget_um2",
//    "area_model","buffers","map_space","found",
//    "accelerator":{"num_pes","cluster_sizes":[...],"l1_bytes","l2_bytes","noc_bw",
//                   "area_um2":{"total","pes","l1","l2","noc"},"pe_area_share","hw":{...accelerator file...}},
//    "layers":[{"name","layer","mapping","cost"}],
//    "totals":{"runtime_cycles","energy_nj","edp","objective_value"},
//    "bound":{"runtime_cycles","energy_nj","objective","max_pes"},"above_bound",
//    "trace":[[samples, best_so_far], ...]}
// accelerator, layers, totals and above_bound are null when no design fitted.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "codesign/codesign_bound.hpp"

namespace mapscape {

struct CodesignRunInfo {
    std::string algorithm;
    std::string platform;
};

nlohmann::ordered_json codesign_to_json(const CodesignRunInfo& info, const CodesignProblem& problem, const CodesignResult& result,
                                        const CodesignBound& bound);

}  // namespace mapscape
