// The surrogate's commands as functions from a request to a JSON report: what `mapscape-cli
// surrogate train|eval|bench|compare` print, and what the Python module's mapscape.surrogate
// functions return (both through the plugin's table, plugin/surrogate_plugin_api.hpp).
//   train:   {"out","platform","hidden","shapes","mappings_per_shape","epochs","seed","parameters",
//             "weights_checksum","info":{the model's training records}}
//   eval:    {"hidden","parameters","weights_checksum","accelerator","random_shapes":{accuracy},
//             "table1_layers":{accuracy}}, accuracy = {"samples","shapes","spearman_edp",
//             "spearman_edp_within_shape","median_relative_error_edp","mean_relative_error_edp","huber_loss"}
//   bench:   {"rows":[{"layer","chains","step_us_per_mapping","projection_us_per_mapping","query_us","ratio"}]}
//   compare: {"accelerator","runs","budget_queries","seed","rows":[{"comparison","layer","method",
//             "edp_over_minimum","found_runs","queries","wall_s"}]}
#pragma once

#include <nlohmann/json.hpp>

#include "plugin/surrogate_plugin_api.hpp"

namespace mapscape {

nlohmann::ordered_json run_surrogate_training(const SurrogateTrainRequest& request,
                                              const std::function<void(const SurrogateTrainingEvent&)>& progress = {},
                                              std::stop_token stop = {});
nlohmann::ordered_json run_surrogate_evaluation(const SurrogateEvalRequest& request, std::stop_token stop = {});
// Each of the 24 timings (the paper's 6 layers x 4 chain counts) measures for `seconds_per_timing` (0.3: the
// published figures; less for a quick look).
nlohmann::ordered_json run_surrogate_bench(const std::string& model_path, double seconds_per_timing = 0.3);
nlohmann::ordered_json run_surrogate_comparison(const SurrogateCompareRequest& request,
                                                const std::function<void(const std::string&)>& progress = {},
                                                std::stop_token stop = {});

// The plugin's table of these functions.
const SurrogatePluginApi& surrogate_runs_api();

}  // namespace mapscape
