#include "cost/network_evaluation.hpp"

#include "cost/compute_bound.hpp"
#include "cost/cost_report_json.hpp"
#include "cost/evaluate.hpp"

namespace mapscape {

EvaluatedNetwork evaluate_network(const MaestroNetwork& network, const Accelerator& acc, const TensorPrecision& precision) {
    EvaluatedNetwork e;
    e.net = network;
    for (auto& entry : e.net.layers) entry.layer.precision = with_defaults(entry.layer.precision, precision);
    const MaestroNetwork& net = e.net;
    for (const auto& w : net.warnings) e.warnings.push_back(w.to_string());

    // A layer without a Dataflow block reuses the previous layer's, as MAESTRO intends.
    for (std::size_t i = 0; i < net.layers.size(); ++i) {
        const auto& entry = net.layers[i];
        if (entry.has_dataflow) {
            e.mappings.push_back(entry.mapping);
        } else if (!e.mappings.empty()) {
            e.warnings.push_back(Diagnostic{entry.location, "layer " + entry.layer.name + " has no Dataflow; using the previous layer's"}.to_string());
            e.mappings.push_back(e.mappings.back());
        } else {
            throw InputError(entry.location, "layer " + entry.layer.name +
                                                 " has no Dataflow block and no earlier layer to "
                                                 "take one from");
        }
    }
    for (std::size_t i = 0; i < net.layers.size(); ++i) {
        const Layer& layer = net.layers[i].layer;
        const CostReport r = evaluate(layer, acc, e.mappings[i]);
        e.total_runtime += r.runtime_cycles;
        e.total_macs += r.macs;
        e.total_energy += r.energy.total_nj;
        e.reports.push_back(r);
        // MAESTRO's runtime can undercount partial tiles; say so when it claims less than the
        // busiest PE must compute.
        e.compute_bounds.push_back(ComputeBound(layer, acc).cycles(e.mappings[i]));
        if (e.below_bound(i))
            e.warnings.push_back(layer.name + ": the modelled runtime " + std::to_string(r.runtime_cycles) +
                                 " cycles is below what its busiest PE must compute (" + std::to_string(e.compute_bounds[i]) +
                                 " cycles); MAESTRO's model undercounts partial tiles here");
    }
    return e;
}

EvaluatedNetwork evaluate_network_file(const std::string& path, const Accelerator& accelerator, const TensorPrecision& precision) {
    return evaluate_network(read_maestro_file(path), accelerator, precision);
}

nlohmann::json evaluated_layer_json(const Layer& layer, const Accelerator& acc, const CostReport& report, std::int64_t compute_bound_cycles) {
    nlohmann::json j = cost_report_to_json(layer, acc, report);
    j["compute_bound_cycles"] = compute_bound_cycles;
    j["below_compute_bound"] = report.valid() && report.runtime_cycles < compute_bound_cycles;
    return j;
}

nlohmann::json network_json(const EvaluatedNetwork& e, const Accelerator& acc) {
    nlohmann::json layers = nlohmann::json::array();
    for (std::size_t i = 0; i < e.reports.size(); ++i)
        layers.push_back(evaluated_layer_json(e.net.layers[i].layer, acc, e.reports[i], e.compute_bounds[i]));
    nlohmann::json doc;
    doc["layers"] = std::move(layers);
    doc["totals"] = {{"runtime_cycles", e.total_runtime}, {"energy_nj", e.total_energy}, {"macs", e.total_macs}};
    return doc;
}

}  // namespace mapscape
