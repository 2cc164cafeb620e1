// The surrogate's answers to the desktop app's surrogate view, through the libtorch plugin's table
// (plugin/surrogate_plugin_api.hpp), so that the app itself never links libtorch: the model's
// summary, its predictions on held-out shapes, and predictions and gradients for genomes.
#pragma once

#include "plugin/surrogate_plugin_api.hpp"

namespace mapscape {

// model_path empty: the shipped surrogate (loaded once); another model is read on every call.
// Each throws InputError when the model is missing or damaged.
SurrogateSummary surrogate_summary(const std::string& model_path);
SurrogateHeldoutPoints surrogate_heldout_points(const std::string& model_path, std::int64_t shapes, std::int64_t mappings_per_shape,
                                                std::uint64_t seed);
SurrogatePredictions surrogate_predictions(const std::string& model_path, const SearchProblem& problem, const std::vector<Genome>& genomes,
                                           bool with_gradients);

}  // namespace mapscape
