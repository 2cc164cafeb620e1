#include "cost/cost_report_json.hpp"

#include "tech/hardware_costs.hpp"
#include "tech/technology_library.hpp"

namespace mapscape {

namespace {
nlohmann::json accesses_json(const TensorAccesses& a) {
    return {{"l1_read", a.l1_read}, {"l1_write", a.l1_write}, {"l2_read", a.l2_read},
            {"l2_write", a.l2_write}};
}
}  // namespace

nlohmann::json cost_report_to_json(const Layer& layer, const Accelerator& acc,
                                   const CostReport& r) {
    nlohmann::json j;
    j["name"] = layer.name;
    j["type"] = std::string(layer_type_name(layer.type));
    j["runtime_cycles"] = r.runtime_cycles;
    j["macs"] = r.macs;
    j["layer_macs"] = r.layer_macs;
    j["energy_nj"] = {{"total", r.energy.total_nj}, {"mac", r.energy.mac_nj},
                      {"l1", r.energy.l1_nj},       {"l2", r.energy.l2_nj},
                      {"dram", r.energy.dram_nj},   {"noc", r.energy.noc_nj},
                      {"leakage", r.energy.leakage_nj}};
    j["maestro_energy_nj"] = r.maestro_energy_nj;
    j["dram_accesses"] = r.dram_accesses;
    j["l1_req_elems"] = r.l1_required_elements;
    j["l2_req_elems"] = r.l2_required_elements;
    j["l1_req_bytes"] = r.l1_required_bytes;
    j["l2_req_bytes"] = r.l2_required_bytes;
    j["noc_bw_req"] = r.noc_bw_required;
    j["avg_bw_req"] = r.avg_noc_bw_required;
    j["offchip_bw_req"] = r.offchip_bw_required;
    j["avg_utilized_pes"] = r.avg_utilized_pes;
    j["area_um2"] = r.area_um2;
    j["area_breakdown_um2"] = {{"pes", r.area.pes_um2}, {"l1", r.area.l1_um2}, {"l2", r.area.l2_um2}, {"noc", r.area.noc_um2}};
    j["power_mw"] = r.power_mw;
    j["leakage_mw"] = r.leakage_mw;
    j["technology"] = technology_label(acc);
    j["precision"] = acc.physical_technology ? precision_text(effective_precision(layer, acc))
                                             : "word " + std::to_string(acc.word_size_bytes) + " B";
    j["valid"] = r.valid();
    j["reason"] = r.valid() ? std::string() : describe(r.invalid, layer, acc);
    j["tensors"] = {{"input", accesses_json(r.tensor(TensorRole::Input))},
                    {"filter", accesses_json(r.tensor(TensorRole::Weight))},
                    {"output", accesses_json(r.tensor(TensorRole::Output))}};
    return j;
}

}  // namespace mapscape
