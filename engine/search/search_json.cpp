#include "search/search_json.hpp"

#include "search/least_footprint.hpp"
#include "search/refusal_tally.hpp"
#include "tech/technology_library.hpp"

#include <cmath>

#include "cost/bounds.hpp"
#include "cost/cost_report_json.hpp"
#include "mapping/mapping_json.hpp"
#include "util/json_number.hpp"

namespace mapscape {

namespace {

nlohmann::ordered_json bound_json(std::int64_t runtime_cycles, double energy_nj, double objective) {
    return {{"runtime_cycles", runtime_cycles}, {"energy_nj", energy_nj}, {"objective", number_or_null(objective)}};
}

}  // namespace

nlohmann::ordered_json layer_outcome_to_json(const LayerSearchOutcome& o, const Layer& layer,
                                             const Accelerator& accelerator, const Objective& objective) {
    const SearchResult& r = o.result;
    const LayerBound bound = layer_bound(layer, accelerator);
    const double objective_floor = objective_bound(objective, bound);
    nlohmann::ordered_json j;
    j["name"] = o.name;
    j["layer"] = o.layer_number;
    j["repeat_count"] = layer.repeat_count;  // the totals count its figures this many times
    j["objective_value"] = r.found ? number_or_null(r.best_objective) : nullptr;
    j["samples"] = r.samples;
    j["valid_samples"] = r.valid_samples;
    j["wall_s"] = r.wall_seconds;
    j["stopped"] = r.stopped;
    // Why the refused samples were refused, by rule (and, with no mapping, in a sentence).
    nlohmann::ordered_json refused = nlohmann::ordered_json::object();
    for (int k = 1; k < kInvalidityKinds; ++k)
        if (r.refusals.counts[static_cast<std::size_t>(k)] > 0)
            refused[std::string(refusal_name(static_cast<Invalidity>(k)))] = r.refusals.counts[static_cast<std::size_t>(k)];
    j["refused"] = std::move(refused);
    if (r.refusals.smallest_l1_bytes > 0) j["least_l1_bytes_refused"] = r.refusals.smallest_l1_bytes;
    if (r.refusals.smallest_l2_bytes > 0) j["least_l2_bytes_refused"] = r.refusals.smallest_l2_bytes;
    j["why_none"] = r.found ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(why_no_mapping(r));
    j["least_footprint_fallback"] = r.least_footprint_fallback;
    j["bound"] = bound_json(bound.runtime_cycles, bound.energy_nj, objective_floor);
    j["above_bound"] = r.found && objective_floor > 0 ? number_or_null(r.best_objective / objective_floor - 1) : nullptr;
    j["best_mapping"] = r.found ? mapping_to_json(r.best_mapping) : nlohmann::ordered_json(nullptr);
    j["cost"] = r.found ? nlohmann::ordered_json(cost_report_to_json(layer, accelerator, r.best_report))
                        : nlohmann::ordered_json(nullptr);
    nlohmann::ordered_json trace = nlohmann::ordered_json::array();
    for (const auto& [samples, best] : r.trace) trace.push_back({samples, number_or_null(best)});
    j["trace"] = std::move(trace);
    return j;
}

nlohmann::ordered_json model_search_to_json(const SearchRunInfo& info, const ModelSearchRequest& request,
                                            const ModelSearchOutcome& outcome) {
    nlohmann::ordered_json j;
    j["algo"] = info.algorithm;
    j["objective"] = info.objective.name();
    j["seed"] = info.seed;
    j["platform"] = info.platform;
    j["technology"] = technology_label(request.base.accelerator);
    j["analysis"] = std::string(analysis_mode_name(request.base.accelerator.analysis));
    j["system"] = std::string(system_name(info.system));
    j["budget_samples"] = info.budget_samples;
    nlohmann::ordered_json layers = nlohmann::ordered_json::array();
    std::vector<LayerBound> bounds;
    for (std::size_t i = 0; i < outcome.layers.size(); ++i) {
        layers.push_back(layer_outcome_to_json(outcome.layers[i], request.layers[i], request.base.accelerator, info.objective));
        bounds.push_back(layer_bound(request.layers[i], request.base.accelerator));
    }
    const std::int64_t bound_cycles = total_over_runs<std::int64_t>(request.layers, [&](std::size_t i) { return bounds[i].runtime_cycles; });
    const double bound_energy = total_over_runs<double>(request.layers, [&](std::size_t i) { return bounds[i].energy_nj; });
    const double bound_objective = total_over_runs<double>(request.layers, [&](std::size_t i) { return objective_bound(info.objective, bounds[i]); });
    const double objective_total = total_over_runs<double>(request.layers, [&](std::size_t i) {
        return outcome.layers[i].result.found ? outcome.layers[i].result.best_objective : 0.0;
    });
    j["layers"] = std::move(layers);
    const bool complete = outcome.layers_without_mapping == 0 && !outcome.layers.empty();
    j["totals"] = {{"runtime_cycles", outcome.total_runtime_cycles},
                   {"energy_nj", outcome.total_energy_nj},
                   {"objective_value", complete ? number_or_null(objective_total) : nullptr},
                   {"wall_s", outcome.wall_seconds},
                   {"layers_without_mapping", outcome.layers_without_mapping},
                   {"bound", bound_json(bound_cycles, bound_energy, bound_objective)},
                   {"above_bound", complete && bound_objective > 0 ? number_or_null(objective_total / bound_objective - 1) : nullptr}};
    return j;
}

nlohmann::ordered_json two_stage_search_to_json(const SearchRunInfo& info, const ModelSearchRequest& request,
                                                const TwoStageOutcome& outcome) {
    nlohmann::ordered_json doc = model_search_to_json(info, request, outcome.second_stage);
    SearchRunInfo stage1_info = info;
    stage1_info.objective = Objective::of(Metric::Latency);
    doc["two_stage"] = {{"pipeline_latency_cycles", outcome.pipeline_latency_cycles},
                        {"bottleneck_layer", outcome.bottleneck_layer},
                        {"latency_stage", model_search_to_json(stage1_info, request, outcome.latency_stage)}};
    return doc;
}

}  // namespace mapscape
