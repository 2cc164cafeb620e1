// What the surrogate plugin (mapscape-surrogate.so: the Mind Mappings surrogate and libtorch)
// offers the front ends that open it on first use: the CLI and the Python module. Plain C++
// types only, no libtorch: the front ends include this header without linking libtorch. The
// plugin and the front end are built together from one tree (same compiler, same engine).
#pragma once

#include <cstdint>
#include <functional>
#include <stop_token>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace mapscape {

// `surrogate train`: label a data set with the cost model and train the surrogate (0 or empty:
// the defaults, which reproduce the shipped one).
struct SurrogateTrainRequest {
    std::string platform = "mindmappings";  // the accelerator to train for (preset id or file)
    std::vector<int> hidden = {128, 128, 128};
    std::int64_t shapes = 0;
    std::int64_t mappings_per_shape = 0;
    int epochs = 0;
    std::uint64_t seed = 1;
    int threads = 2;    // labelling threads
    std::string out;    // empty: the shipped models/mindmappings_surrogate.bin
};

struct SurrogateTrainingEvent {
    std::string stage;  // "labelling", "training"
    double fraction = 0;
    int epoch = 0;
    double train_loss = 0;
    double heldout_loss = 0;
};

// `surrogate eval`: held-out accuracy on unseen random shapes and on the paper's Table 1 layers.
struct SurrogateEvalRequest {
    std::string model_path;  // empty: the shipped surrogate
    std::int64_t shapes = 0;              // 0: 200
    std::int64_t mappings_per_shape = 0;  // 0: 200
    std::uint64_t seed = 1;
    int threads = 2;
};

// `surrogate compare`: the paper's iso-iteration and iso-time comparisons on its Table 1 layers.
struct SurrogateCompareRequest {
    std::string model_path;
    int runs = 100;
    std::int64_t budget = 1000;
    double iso_time = 0;
    std::vector<std::string> methods = {"mindmappings", "sa", "stdga", "gamma", "gamma-guided"};
    std::uint64_t seed = 1;
    int threads = 2;
};

// The plugin's table of functions (mapscape_surrogate_plugin_api()). Each returns the JSON the
// CLI's command prints from (compare: the document of `surrogate compare --json`) and throws
// InputError for bad input.
struct SurrogatePluginApi {
    int version = 1;
    nlohmann::ordered_json (*train)(const SurrogateTrainRequest& request,
                                    const std::function<void(const SurrogateTrainingEvent&)>& progress, std::stop_token stop);
    nlohmann::ordered_json (*evaluate)(const SurrogateEvalRequest& request, std::stop_token stop);
    nlohmann::ordered_json (*compare)(const SurrogateCompareRequest& request, const std::function<void(const std::string&)>& progress,
                                      std::stop_token stop);
    nlohmann::ordered_json (*bench)(const std::string& model_path);
};

inline constexpr int kSurrogatePluginApiVersion = 1;

}  // namespace mapscape
