#include "search/search_json.hpp"

#include <cmath>

#include "cost/cost_report_json.hpp"
#include "mapping/mapping_json.hpp"

namespace mapscape {

namespace {

nlohmann::ordered_json number_or_null(double v) {
    return std::isfinite(v) ? nlohmann::ordered_json(v) : nlohmann::ordered_json(nullptr);
}

}  // namespace

nlohmann::ordered_json layer_outcome_to_json(const LayerSearchOutcome& o, const Layer& layer,
                                             const Accelerator& accelerator) {
    const SearchResult& r = o.result;
    nlohmann::ordered_json j;
    j["name"] = o.name;
    j["layer"] = o.layer_number;
    j["objective_value"] = r.found ? number_or_null(r.best_objective) : nullptr;
    j["samples"] = r.samples;
    j["valid_samples"] = r.valid_samples;
    j["wall_s"] = r.wall_seconds;
    j["stopped"] = r.stopped;
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
    j["system"] = std::string(system_name(info.system));
    j["budget_samples"] = info.budget_samples;
    nlohmann::ordered_json layers = nlohmann::ordered_json::array();
    for (std::size_t i = 0; i < outcome.layers.size(); ++i)
        layers.push_back(layer_outcome_to_json(outcome.layers[i], request.layers[i], request.base.accelerator));
    j["layers"] = std::move(layers);
    j["totals"] = {{"runtime_cycles", outcome.total_runtime_cycles},
                   {"energy_nj", outcome.total_energy_nj},
                   {"wall_s", outcome.wall_seconds},
                   {"layers_without_mapping", outcome.layers_without_mapping}};
    return j;
}

}  // namespace mapscape
