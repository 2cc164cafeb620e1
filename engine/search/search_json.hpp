// The JSON form of search results (`mapscape-cli search --json`, the GUI's exports):
//   {"algo","objective","seed","platform","system","budget_samples",
//    "layers":[{"name","layer","objective_value","samples","valid_samples","wall_s",
//               "bound":{"runtime_cycles","energy_nj","objective"},"above_bound",
//               "best_mapping","cost","trace":[[samples, best_so_far], ...]}],
//    "totals":{"runtime_cycles","energy_nj","objective_value","wall_s","layers_without_mapping",
//              "bound":{"runtime_cycles","energy_nj","objective"},"above_bound"}}
// objective_value, above_bound, best_mapping and cost are null for a layer without a valid
// mapping, and a trace's best_so_far is null before the first valid sample. "bound" is what no
// mapping can beat (cost/bounds.hpp); above_bound = objective_value / bound.objective - 1 (the
// totals' over the layers with a mapping, null unless every layer has one).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "search/model_search.hpp"

namespace mapscape {

struct SearchRunInfo {
    std::string algorithm;
    Objective objective;
    std::uint64_t seed = 1;
    std::string platform;
    TargetSystem system = TargetSystem::S2;
    std::int64_t budget_samples = 0;
};

nlohmann::ordered_json layer_outcome_to_json(const LayerSearchOutcome& outcome, const Layer& layer,
                                             const Accelerator& accelerator, const Objective& objective);
nlohmann::ordered_json model_search_to_json(const SearchRunInfo& info, const ModelSearchRequest& request,
                                            const ModelSearchOutcome& outcome);
// `search --two-stage`: the second stage's document with "two_stage": {"pipeline_latency_cycles",
// "bottleneck_layer", "latency_stage": the first stage's document}.
nlohmann::ordered_json two_stage_search_to_json(const SearchRunInfo& info, const ModelSearchRequest& request,
                                                const TwoStageOutcome& outcome);

}  // namespace mapscape
