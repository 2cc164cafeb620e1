#include "cost/evaluate.hpp"

#include "cost/area_power.hpp"
#include "cost/fast_analysis.hpp"
#include "cost/faithful_analysis.hpp"
#include "cost/reference_analysis.hpp"
#include "cost/mapping_plan.hpp"
#include "tech/hardware_costs.hpp"

namespace mapscape {

namespace {

std::int64_t output_dram_writes(const TopLevelOutcome& top, const CostReport& r) {
    return top.output_dram_writes >= 0 ? top.output_dram_writes : r.tensor(TensorRole::Output).l2_read;
}

void fill_energy(const Accelerator& acc, const TopLevelOutcome& top, CostReport& r) {
    const TechnologyTable& t = acc.technology;
    std::int64_t l1_accesses = 0, l2_accesses = 0;
    for (const auto& a : r.tensors) {
        l1_accesses += a.l1_read + a.l1_write;
        l2_accesses += a.l2_read + a.l2_write;
    }
    // DRAM: every input and weight element is fetched once and every output written once; the
    // analysis assumes (as MAESTRO does) that L2 holds the tiles it stages.
    r.dram_accesses = r.tensor(TensorRole::Input).l2_write + r.tensor(TensorRole::Weight).l2_write + output_dram_writes(top, r);
    r.energy.mac_nj = static_cast<double>(r.macs) * t.mac_energy_nj;
    r.energy.l1_nj = static_cast<double>(l1_accesses) * t.l1_access_energy_nj();
    r.energy.l2_nj = static_cast<double>(l2_accesses) * t.l2_access_energy_nj();
    r.energy.dram_nj = static_cast<double>(r.dram_accesses) * t.dram_access_energy_nj();
    r.energy.total_nj = r.energy.mac_nj + r.energy.l1_nj + r.energy.l2_nj + r.energy.dram_nj;

    // MAESTRO's CSV energy: L2 traffic except output reads, all L1 traffic, no MACs.
    const auto& in = r.tensor(TensorRole::Input);
    const auto& w = r.tensor(TensorRole::Weight);
    const auto& o = r.tensor(TensorRole::Output);
    const double l2_part = static_cast<double>(in.l2_read + in.l2_write + w.l2_read + w.l2_write +
                                               o.l2_write);
    r.maestro_energy_nj = t.mac_energy_nj * (t.l2_access_in_macs * l2_part +
                                             t.l1_access_in_macs * static_cast<double>(l1_accesses));
}

std::int64_t bytes_of(const std::array<std::int64_t, kNumTensors>& elements, const std::array<int, 3>& bits) {
    std::int64_t total_bits = 0;
    for (std::size_t k = 0; k < 3; ++k) total_bits += elements[k] * bits[k];
    return (total_bits + 7) / 8;
}

// A physical technology: each access by its tensor's width at the configured buffers' prices,
// NoC and DRAM by bits, leakage over the runtime, area and power of what is built.
void fill_physical(const Layer& layer, const Accelerator& acc, const TopLevelOutcome& top, CostReport& r) {
    const HardwareCosts& c = hardware_costs(acc, effective_precision(layer, acc));
    r.l1_required_bytes = bytes_of(top.l1_required_by_tensor, c.element_bits);
    r.l2_required_bytes = bytes_of(top.l2_required, c.element_bits);
    const auto& in = r.tensor(TensorRole::Input);
    const auto& w = r.tensor(TensorRole::Weight);
    const auto& o = r.tensor(TensorRole::Output);
    const std::array<std::int64_t, 3> dram{in.l2_write, w.l2_write, output_dram_writes(top, r)};
    r.dram_accesses = dram[0] + dram[1] + dram[2];
    // Into L2 for inputs and weights, out of L2 for outputs: what crosses the array.
    const std::array<std::int64_t, 3> noc{in.l2_read, w.l2_read, o.l2_write};
    EnergyBreakdown& e = r.energy;
    e = {};
    e.mac_nj = static_cast<double>(r.macs) * c.mac_nj;
    for (std::size_t k = 0; k < 3; ++k) {
        const TensorAccesses& a = r.tensors[k];
        e.l1_nj += static_cast<double>(a.l1_read) * c.l1_read_nj[k] + static_cast<double>(a.l1_write) * c.l1_write_nj[k];
        e.l2_nj += static_cast<double>(a.l2_read) * c.l2_read_nj[k] + static_cast<double>(a.l2_write) * c.l2_write_nj[k];
        e.dram_nj += static_cast<double>(dram[k]) * c.dram_nj[k];
        e.noc_nj += static_cast<double>(noc[k]) * c.noc_nj[k];
    }
    r.leakage_mw = c.leakage_mw();
    // mW x cycles / MHz = nJ.
    e.leakage_nj = r.leakage_mw * static_cast<double>(r.runtime_cycles) / acc.clock_mhz;
    e.total_nj = e.mac_nj + e.l1_nj + e.l2_nj + e.dram_nj + e.noc_nj + e.leakage_nj;
    r.area = {c.mac_area_um2, c.l1_area_um2, c.l2_area_um2, 0.0};
    r.area_um2 = c.area_um2();
    // Average power over the layer: its energy over its runtime.
    // nJ x MHz / cycles = mW.
    const auto power = [&](double nj) { return r.runtime_cycles > 0 ? nj * acc.clock_mhz / static_cast<double>(r.runtime_cycles) : 0.0; };
    r.power_mw = power(e.total_nj);
    r.pe_power_mw = power(e.mac_nj);
    r.l1_power_mw = power(e.l1_nj);
    r.l2_power_mw = power(e.l2_nj);
    r.noc_power_mw = power(e.noc_nj);
}

CostReport evaluate_impl(const Layer& layer, const Accelerator& acc, const Mapping& mapping,
                         bool allow_fast, ReportDetail detail) {
    CostReport r;
    r.detail = detail;
    TopLevelOutcome top;
    if (acc.analysis == AnalysisMode::Faithful) {
        r.layer_macs = exact_macs(analysed_shape(layer));
        analyze_faithful(layer, acc, mapping, top);
        r.detail = ReportDetail::Full;
        if (top.problem.kind != Invalidity::None && top.problem.kind != Invalidity::MacsSkipped) {
            r.invalid = top.problem;
            return r;
        }
    } else {
        MappingPlan plan;
        build_mapping_plan(layer, acc, mapping, plan);
        r.layer_macs = plan.exact_macs;
        if (plan.invalid.kind != Invalidity::None) {
            r.invalid = plan.invalid;
            return r;
        }
        AnalysisWorkspace& ws = thread_workspace();
        bool done = false;
        if (allow_fast) {
            const FastOutcome fast = analyze_top_level_fast(plan, ws, top, detail == ReportDetail::Objectives);
            done = fast != FastOutcome::NotApplicable;
            if (fast == FastOutcome::Full) r.detail = ReportDetail::Full;
        }
        if (!done) {
            analyze_top_level_reference(plan, ws, top);
            r.detail = ReportDetail::Full;
        }
    }
    r.invalid = top.problem;
    r.runtime_cycles = top.runtime;
    r.macs = top.macs;
    r.tensors = top.tensors;
    r.l2_required_elements_by_tensor = top.l2_required;
    r.l2_required_elements = top.l2_required[0] + top.l2_required[1] + top.l2_required[2];
    r.l1_required_elements = top.l1_required;
    r.l1_required_bytes = r.l1_required_elements * acc.word_size_bytes;
    r.l2_required_bytes = r.l2_required_elements * acc.word_size_bytes;
    r.noc_bw_required = top.peak_noc_bw;
    r.avg_noc_bw_required = top.avg_noc_bw;
    r.offchip_bw_required = top.offchip_bw;
    r.avg_utilized_pes = top.avg_active_clusters;
    r.arithmetic_intensity = top.arithmetic_intensity;
    r.ingress_delay = top.ingress;
    r.egress_delay = top.egress;
    r.compute_delay = top.compute;
    fill_energy(acc, top, r);  // MAESTRO's figures (maestro_energy_nj) under every technology
    if (acc.physical_technology) {
        fill_physical(layer, acc, top, r);
    } else {
        const AreaPower ap =
            estimate_area_power(acc.technology, acc.num_pes, acc.simd_lanes,
                                acc.noc[0].bandwidth_elements_per_cycle, r.l1_required_elements,
                                r.l2_required_elements);
        r.area_um2 = ap.area_um2;
        r.area = {ap.mac_area_um2, ap.l1_area_um2, ap.l2_area_um2, ap.noc_area_um2};
        r.pe_power_mw = ap.pe_power_mw;
        r.l1_power_mw = ap.l1_power_mw;
        r.l2_power_mw = ap.l2_power_mw;
        r.noc_power_mw = ap.noc_power_mw;
        r.power_mw = ap.total_power_mw();
    }
    if (r.valid() && r.l1_required_bytes > acc.l1_size_bytes)
        r.invalid = {Invalidity::L1Overflow, -1, Dim::K, r.l1_required_bytes, acc.l1_size_bytes};
    else if (r.valid() && r.l2_required_bytes > acc.l2_size_bytes)
        r.invalid = {Invalidity::L2Overflow, -1, Dim::K, r.l2_required_bytes, acc.l2_size_bytes};
    return r;
}

}  // namespace

CostReport evaluate(const Layer& layer, const Accelerator& acc, const Mapping& mapping,
                    ReportDetail detail) {
    return evaluate_impl(layer, acc, mapping, true, detail);
}

CostReport evaluate_with_reference_analysis(const Layer& layer, const Accelerator& acc,
                                            const Mapping& mapping) {
    return evaluate_impl(layer, acc, mapping, false, ReportDetail::Full);
}

}  // namespace mapscape
