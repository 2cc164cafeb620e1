#include "surrogate/surrogate_runs.hpp"
#include "util/thread_pool.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "arch/presets.hpp"
#include "surrogate/gradient_search.hpp"
#include "surrogate/paper_comparison.hpp"
#include "surrogate/registration.hpp"
#include "surrogate/surrogate_accuracy.hpp"
#include "surrogate/surrogate_queries.hpp"
#include "surrogate/training.hpp"
#include "util/diagnostic.hpp"

namespace mapscape {

namespace {

std::shared_ptr<const Surrogate> load(const std::string& model_path) {
    if (model_path.empty()) return shipped_surrogate();
    return std::make_shared<const Surrogate>(Surrogate::load(model_path));
}

std::string weights_checksum(const Surrogate& s) {
    std::uint64_t h = 1469598103934665603ULL;
    for (const auto& p : s.parameters()) {
        const torch::Tensor f = p.detach().to(torch::kFloat32).contiguous();
        const auto* bytes = reinterpret_cast<const unsigned char*>(f.data_ptr<float>());
        for (std::size_t i = 0; i < static_cast<std::size_t>(f.numel()) * sizeof(float); ++i) h = (h ^ bytes[i]) * 1099511628211ULL;
    }
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(h));
    return text;
}

nlohmann::ordered_json accuracy_json(const SurrogateAccuracy& a) {
    return {{"samples", a.samples},
            {"shapes", a.shapes},
            {"spearman_edp", a.spearman_edp},
            {"spearman_edp_within_shape", a.spearman_edp_within_shape},
            {"median_relative_error_edp", a.median_relative_error_edp},
            {"mean_relative_error_edp", a.mean_relative_error_edp},
            {"huber_loss", a.huber_loss}};
}

nlohmann::ordered_json nan_as_null(double v) { return std::isfinite(v) ? nlohmann::ordered_json(v) : nlohmann::ordered_json(nullptr); }

}  // namespace

nlohmann::ordered_json run_surrogate_training(const SurrogateTrainRequest& r, const std::function<void(const SurrogateTrainingEvent&)>& progress,
                                              std::stop_token stop) {
    if (r.hidden.empty()) throw InputError({"--hidden", 0, 0}, "give at least one hidden layer width");
    for (int w : r.hidden)
        if (w < 1 || w > 65536) throw InputError({"--hidden", 0, 0}, "\"" + std::to_string(w) + "\" is not a layer width (1-65536)");
    if (r.shapes < 0 || r.mappings_per_shape < 0 || r.epochs < 0)
        throw InputError({"--shapes", 0, 0}, "shapes, mappings per shape and epochs must be positive (0: the default)");
    TrainingOptions t;
    t.hidden = r.hidden;
    if (r.shapes > 0) t.data.shapes = r.shapes;
    if (r.mappings_per_shape > 0) t.data.mappings_per_shape = r.mappings_per_shape;
    if (r.epochs > 0) t.epochs = r.epochs;
    t.seed = r.seed;
    t.data.seed = r.seed;
    t.data.threads = resolve_thread_count(r.threads);
    const Accelerator acc = load_platform(r.platform);
    const std::string out = r.out.empty() ? trained_surrogate_path() : r.out;
    const Surrogate s = train_surrogate(
        acc, t,
        [&progress](const TrainingProgress& p) {
            if (progress) progress({p.stage, p.fraction, p.epoch, p.train_loss, p.heldout_loss});
        },
        stop);
    if (stop.stop_requested()) throw InputError({"surrogate train", 0, 0}, "stopped before the training finished; nothing was written");
    s.save(out);
    nlohmann::ordered_json j;
    j["out"] = out;
    j["platform"] = acc.name;
    j["hidden"] = t.hidden;
    j["shapes"] = t.data.shapes;
    j["mappings_per_shape"] = t.data.mappings_per_shape;
    j["epochs"] = t.epochs;
    j["seed"] = t.seed;
    j["parameters"] = s.parameter_count();
    j["weights_checksum"] = weights_checksum(s);
    j["info"] = s.info();
    return j;
}

nlohmann::ordered_json run_surrogate_evaluation(const SurrogateEvalRequest& r, std::stop_token) {
    const auto s = load(r.model_path);
    DatasetOptions d;
    d.shapes = r.shapes > 0 ? r.shapes : 200;
    d.mappings_per_shape = r.mappings_per_shape > 0 ? r.mappings_per_shape : 200;
    d.seed = r.seed + 1000003;  // not the training stream of any seed
    d.threads = resolve_thread_count(r.threads);
    nlohmann::ordered_json j;
    j["hidden"] = s->hidden();
    j["parameters"] = s->parameter_count();
    j["weights_checksum"] = weights_checksum(*s);
    j["accelerator"] = s->accelerator().name;
    j["random_shapes"] = accuracy_json(measure_accuracy(*s, generate_dataset(s->accelerator(), d)));
    // Table 1's layers (unseen shapes too), random valid mappings of each.
    d.given_shapes = mind_mappings_layers();
    j["table1_layers"] = accuracy_json(measure_accuracy(*s, generate_dataset(s->accelerator(), d)));
    return j;
}

nlohmann::ordered_json run_surrogate_bench(const std::string& model_path, double seconds_per_timing) {
    if (!(seconds_per_timing > 0 && seconds_per_timing <= 60))
        throw InputError({"--seconds", 0, 0}, "the time per measurement must be above 0 and at most 60 s");
    const auto s = load(model_path);
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    for (const Layer& layer : mind_mappings_layers())
        for (int chains : {1, 16, 32, 64}) {
            const StepTiming t = time_surrogate_step(*s, surrogate_problem(layer, s->accelerator()), chains, seconds_per_timing);
            rows.push_back({{"layer", layer.name},
                            {"chains", chains},
                            {"step_us_per_mapping", t.step_us_per_mapping},
                            {"projection_us_per_mapping", t.projection_us_per_mapping},
                            {"query_us", t.query_us},
                            {"ratio", (t.step_us_per_mapping + t.projection_us_per_mapping) / t.query_us}});
        }
    return {{"rows", std::move(rows)}};
}

nlohmann::ordered_json run_surrogate_comparison(const SurrogateCompareRequest& r, const std::function<void(const std::string&)>& progress,
                                                std::stop_token stop) {
    register_surrogate_algorithms();
    const auto s = load(r.model_path);
    ComparisonOptions c;
    c.runs = r.runs;
    c.budget = r.budget;
    c.iso_time_seconds = r.iso_time;
    c.methods = r.methods;
    c.seed = r.seed;
    c.threads = resolve_thread_count(r.threads);
    if (c.runs < 1) throw InputError({"--runs", 0, 0}, "give at least one run");
    if (c.budget < 1) throw InputError({"--budget", 0, 0}, "the budget must be at least one query");
    if (!(c.iso_time_seconds >= 0)) throw InputError({"--iso-time", 0, 0}, "the iso-time must not be negative");
    const std::vector<ComparisonRow> rows = compare_with_paper(s, c, progress, stop);
    nlohmann::ordered_json j;
    j["accelerator"] = s->accelerator().name;
    j["runs"] = c.runs;
    j["budget_queries"] = c.budget;
    j["seed"] = c.seed;
    j["rows"] = nlohmann::ordered_json::array();
    for (const auto& row : rows)
        j["rows"].push_back({{"comparison", row.comparison},
                             {"layer", row.layer},
                             {"method", row.method},
                             {"edp_over_minimum", nan_as_null(row.edp_over_minimum)},
                             {"found_runs", row.found_runs},
                             {"queries", row.queries},
                             {"wall_s", row.wall_s}});
    return j;
}

const SurrogatePluginApi& surrogate_runs_api() {
    static const SurrogatePluginApi api{kSurrogatePluginApiVersion, &run_surrogate_training, &run_surrogate_evaluation,
                                        &run_surrogate_comparison,      &run_surrogate_bench,      &surrogate_summary,
                                        &surrogate_heldout_points,      &surrogate_predictions};
    return api;
}

}  // namespace mapscape
