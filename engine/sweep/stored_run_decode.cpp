#include "sweep/stored_run_decode.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "arch/accelerator_json.hpp"
#include "mapping/mapping_json.hpp"
#include "util/json_document.hpp"

namespace mapscape {

RunStudyParts study_parts_of(const StoredRun& run) {
    RunStudyParts parts;
    const std::string where = "run " + run.run_id;
    if (run.kind == "schedule")
        throw InputError({where, 0, 0}, "is a schedule run (a task mix on a multi-core platform): it has no layer mappings to open "
                                        "as a study; its groups' schedules are in its layer_results");
    if (run.model_json.empty() || run.accelerator_json.empty())
        throw InputError({where, 0, 0}, "the database has no model or accelerator for this run");
    parts.model = parse_model_json(run.model_json, where + " model");
    parts.accelerator = parse_accelerator_json(run.accelerator_json, where + " accelerator");
    for (const StoredLayer& l : run.layer_results) {
        if (!l.found || l.mapping_json.empty()) continue;
        if (l.layer_number < 1 || l.layer_number > static_cast<int>(parts.model.layers.size()))
            throw InputError({where, 0, 0}, "layer " + std::to_string(l.layer_number) + " is not in the model");
        const JsonDocument doc = JsonDocument::parse(l.mapping_json, where + " layer " + std::to_string(l.layer_number));
        parts.mappings[l.layer_number - 1] = mapping_from_json(doc, doc.root(), "");
    }
    return parts;
}

Trace parse_trace(const std::string& trace_json) {
    Trace trace;
    const nlohmann::json j = nlohmann::json::parse(trace_json, nullptr, false);
    if (!j.is_array()) return trace;
    for (const auto& point : j) {
        if (!point.is_array() || point.size() != 2 || !point[0].is_number()) continue;
        trace.emplace_back(point[0].get<std::int64_t>(),
                           point[1].is_number() ? point[1].get<double>() : std::numeric_limits<double>::infinity());
    }
    return trace;
}

Trace summed_trace(const std::vector<Trace>& layers) {
    std::vector<std::int64_t> samples;
    for (const Trace& t : layers)
        for (const auto& [s, best] : t) samples.push_back(s);
    std::sort(samples.begin(), samples.end());
    samples.erase(std::unique(samples.begin(), samples.end()), samples.end());
    Trace out;
    std::vector<std::size_t> at(layers.size(), 0);
    std::vector<double> best(layers.size(), std::numeric_limits<double>::infinity());
    for (std::int64_t s : samples) {
        double sum = 0;
        for (std::size_t l = 0; l < layers.size(); ++l) {
            while (at[l] < layers[l].size() && layers[l][at[l]].first <= s) best[l] = layers[l][at[l]++].second;
            sum += best[l];
        }
        if (std::isfinite(sum)) out.emplace_back(s, sum);
    }
    return out;
}

}  // namespace mapscape
