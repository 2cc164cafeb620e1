// What the libtorch plugin (mapscape-torch.so: the Mind Mappings surrogate, the RL baselines, libtorch)
// offers the front ends that open it on first use: the CLI, the Python module and the desktop
// app. Plain C++ types only (the engine's value types), no libtorch: the front ends include this
// header without linking libtorch. The plugin and the front end are built together from one tree
// (same compiler, same engine).
#pragma once

#include <cstdint>
#include <functional>
#include <stop_token>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "arch/accelerator.hpp"
#include "search/genome.hpp"
#include "search/problem.hpp"
#include "surrogate/mapping_vector.hpp"  // the mapping vector's layout (no libtorch)

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
    std::string out;    // empty: models/mindmappings_surrogate_trained.bin, beside the shipped one
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
    std::vector<std::string> methods = {"mindmappings", "sa", "stdga", "ddpg", "gamma", "gamma-guided"};
    std::uint64_t seed = 1;
    int threads = 2;
};

// What the desktop app's surrogate view shows of a model (ui/surrogate_view.cpp).
struct SurrogateSummary {
    Accelerator accelerator;  // the one it was trained for
    std::vector<int> hidden;
    std::int64_t parameters = 0;
    // From its training records: rank correlation of predicted and true EDP on unseen shapes.
    double heldout_spearman_edp = 0;
    double heldout_spearman_edp_within_shape = 0;
    // The standard deviations that z-score the kMappingFeatures raw mapping features: a gradient
    // with respect to the z-scored vector, divided by these, is one with respect to the raw one.
    std::vector<float> mapping_feature_std;
};

// Predicted against true EDP (each over the layer's algorithmic minimum) on a data set of random
// shapes and mappings labelled by the cost model.
struct SurrogateHeldoutPoints {
    std::vector<double> predicted, actual;
    double spearman = 0;  // of predicted and actual
};

// The surrogate's predicted cost (ln objective over its algorithmic minimum, plus the penalty for
// a predicted buffer overflow) of two-level genomes of one problem, and, when asked, its gradient
// with respect to each genome's z-scored mapping vector.
struct SurrogatePredictions {
    std::vector<double> cost;
    std::vector<MappingVector> gradient;  // empty unless asked for
};

// 2: the surrogate view's summary, held-out points and predictions.
inline constexpr int kSurrogatePluginApiVersion = 3;

// The plugin's table of functions (mapscape_surrogate_plugin_api()). Each returns the JSON the
// CLI's command prints from (compare: the document of `surrogate compare --json`) and throws
// InputError for bad input.
struct SurrogatePluginApi {
    int version = kSurrogatePluginApiVersion;
    nlohmann::ordered_json (*train)(const SurrogateTrainRequest& request,
                                    const std::function<void(const SurrogateTrainingEvent&)>& progress, std::stop_token stop);
    nlohmann::ordered_json (*evaluate)(const SurrogateEvalRequest& request, std::stop_token stop);
    nlohmann::ordered_json (*compare)(const SurrogateCompareRequest& request, const std::function<void(const std::string&)>& progress,
                                      std::stop_token stop);
    // Version 3: each timing measures for `seconds_per_timing`.
    nlohmann::ordered_json (*bench)(const std::string& model_path, double seconds_per_timing);
    // For the desktop app's surrogate view (version 2). model_path empty: the shipped surrogate,
    // loaded once. Throw InputError when the model is missing or damaged.
    SurrogateSummary (*summary)(const std::string& model_path);
    SurrogateHeldoutPoints (*heldout_points)(const std::string& model_path, std::int64_t shapes, std::int64_t mappings_per_shape,
                                             std::uint64_t seed);
    // `problem`'s layer, accelerator and objective; genomes in make_surrogate_space(problem)'s space.
    SurrogatePredictions (*predict)(const std::string& model_path, const SearchProblem& problem, const std::vector<Genome>& genomes,
                                    bool with_gradients);
};

}  // namespace mapscape
