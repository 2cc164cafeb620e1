#include "surrogate/surrogate_queries.hpp"

#include <algorithm>

#include <torch/torch.h>

#include "surrogate/dataset.hpp"
#include "surrogate/registration.hpp"
#include "surrogate/surrogate_accuracy.hpp"
#include "surrogate/surrogate_gradient.hpp"

namespace mapscape {

namespace {

std::shared_ptr<const Surrogate> surrogate_at(const std::string& model_path) {
    // One thread, as training and the gradient search run it: the app asks these queries on
    // its GUI thread, and libtorch's parallel regions wait for every worker, which on a loaded
    // machine can keep the window from answering for a second; a one-thread product also adds
    // in the same order every run.
    if (torch::get_num_threads() != 1) torch::set_num_threads(1);
    if (model_path.empty()) return shipped_surrogate();
    return std::make_shared<const Surrogate>(Surrogate::load(model_path));
}

}  // namespace

SurrogateSummary surrogate_summary(const std::string& model_path) {
    const auto s = surrogate_at(model_path);
    SurrogateSummary out;
    out.accelerator = s->accelerator();
    out.hidden = s->hidden();
    out.parameters = s->parameter_count();
    const auto heldout = s->info().value("heldout", nlohmann::ordered_json::object());
    out.heldout_spearman_edp = heldout.value("spearman_edp", 0.0);
    out.heldout_spearman_edp_within_shape = heldout.value("spearman_edp_within_shape", 0.0);
    const std::vector<float>& input_std = s->normalisation().input_std;
    out.mapping_feature_std.assign(input_std.begin() + kProblemFeatures, input_std.begin() + kProblemFeatures + kMappingFeatures);
    return out;
}

SurrogateHeldoutPoints surrogate_heldout_points(const std::string& model_path, std::int64_t shapes, std::int64_t mappings_per_shape,
                                                std::uint64_t seed) {
    const auto s = surrogate_at(model_path);
    DatasetOptions options;
    options.shapes = shapes;
    options.mappings_per_shape = mappings_per_shape;
    options.seed = seed;
    EdpPairs pairs = predict_edp(*s, generate_dataset(s->accelerator(), options));
    SurrogateHeldoutPoints out;
    out.spearman = spearman(pairs.predicted, pairs.actual);
    out.predicted = std::move(pairs.predicted);
    out.actual = std::move(pairs.actual);
    return out;
}

SurrogatePredictions surrogate_predictions(const std::string& model_path, const SearchProblem& problem, const std::vector<Genome>& genomes,
                                           bool with_gradients) {
    const auto s = surrogate_at(model_path);
    const SurrogateSpace space = make_surrogate_space(problem);
    const SurrogateGradient gradient(*s, space, problem.objective);
    SurrogatePredictions out;
    out.cost = gradient.predict(genomes, with_gradients ? &out.gradient : nullptr);
    return out;
}

}  // namespace mapscape
