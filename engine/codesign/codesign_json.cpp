#include "codesign/codesign_json.hpp"
#include "tech/technology_library.hpp"

#include <cmath>

#include "arch/accelerator_json.hpp"
#include "cost/cost_report_json.hpp"
#include "mapping/mapping_json.hpp"
#include "util/json_number.hpp"

namespace mapscape {

nlohmann::ordered_json codesign_to_json(const CodesignRunInfo& info, const CodesignProblem& p, const CodesignResult& r,
                                        const CodesignBound& bound) {
    nlohmann::ordered_json j;
    j["algo"] = info.algorithm;
    j["platform"] = info.platform;
    j["objective"] = p.objective.name();
    j["seed"] = p.seed;
    j["samples"] = r.samples;
    j["valid_samples"] = r.valid_samples;
    j["wall_s"] = r.wall_seconds;
    j["stopped"] = r.stopped;
    j["area_budget_um2"] = p.area_budget_um2;
    j["area_model"] = p.base.physical_technology ? "technology" : p.area_model.id;
    j["technology"] = technology_label(p.base);
    j["buffers"] = p.buffers == BufferSizing::ToNeed ? "to-need" : "searched";
    j["map_space"] = map_space_to_json(p.base.map_space);
    j["found"] = r.found;
    if (r.found) {
        const DesignPoint& d = r.best;
        const Accelerator& a = d.accelerator;
        j["accelerator"] = {{"num_pes", a.num_pes},
                            {"cluster_sizes", a.pe_hierarchy},
                            {"l1_bytes", a.l1_size_bytes},
                            {"l2_bytes", a.l2_size_bytes},
                            {"noc_bw", a.noc[0].bandwidth_elements_per_cycle},
                            {"area_um2",
                             {{"total", d.area.total_um2()}, {"pes", d.area.pes_um2}, {"l1", d.area.l1_um2}, {"l2", d.area.l2_um2}, {"noc", d.area.noc_um2}}},
                            {"pe_area_share", d.area.total_um2() > 0 ? d.area.pes_um2 / d.area.total_um2() : 0.0},
                            {"hw", accelerator_to_json(a)}};
        nlohmann::ordered_json layers = nlohmann::ordered_json::array();
        for (std::size_t l = 0; l < p.layers.size(); ++l) {
            const int number = l < p.layer_numbers.size() ? p.layer_numbers[l] : static_cast<int>(l) + 1;
            layers.push_back({{"name", p.layers[l].name.empty() ? "layer" + std::to_string(number) : p.layers[l].name},
                              {"layer", number},
                              {"mapping", mapping_to_json(d.mappings[l])},
                              {"cost", cost_report_to_json(p.layers[l], a, r.reports[l])}});
        }
        j["layers"] = std::move(layers);
        j["totals"] = {{"runtime_cycles", d.runtime_cycles},
                       {"energy_nj", d.energy_nj},
                       {"edp", d.energy_nj * static_cast<double>(d.runtime_cycles)},
                       {"objective_value", number_or_null(d.objective)}};
    } else {
        j["accelerator"] = nullptr;
        j["layers"] = nullptr;
        j["totals"] = nullptr;
    }
    j["bound"] = {{"runtime_cycles", bound.runtime_cycles},
                  {"energy_nj", bound.energy_nj},
                  {"objective", number_or_null(bound.objective)},
                  {"max_pes", bound.max_pes},
                  {"array", bound.array}};
    j["above_bound"] = r.found && bound.objective > 0 ? number_or_null(r.best.objective / bound.objective - 1) : nullptr;
    nlohmann::ordered_json trace = nlohmann::ordered_json::array();
    for (const auto& [samples, best] : r.trace) trace.push_back({samples, number_or_null(best)});
    j["trace"] = std::move(trace);
    return j;
}

}  // namespace mapscape
