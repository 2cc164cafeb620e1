#include "codesign/codesign_bound.hpp"

#include <algorithm>
#include <cmath>

#include "codesign/design_space.hpp"
#include "cost/bounds.hpp"

namespace mapscape {

CodesignBound codesign_bound(const CodesignProblem& p) {
    CodesignBound b;
    const DesignSpace space(p);
    b.max_pes = space.feasible_pes();
    const std::int64_t l1_bytes = space.least_l1_bytes();
    Accelerator pe = p.base;
    pe.simd_lanes = 1;

    Accelerator widest = p.base;
    widest.num_pes = b.max_pes;
    widest.simd_lanes = 1;
    double macs = 0, lap_latency = 0;
    for (const Layer& l : p.layers) {
        // No more PEs busy than the layer's parallelisable dimensions allow on the deepest array.
        const std::int64_t units = std::min(b.max_pes, max_busy_units(l, space.max_levels()));
        const std::int64_t layer_macs = exact_macs(l);
        b.runtime_cycles += (layer_macs + units - 1) / units;
        b.energy_nj += layer_bound(l, widest).energy_nj;
        macs += static_cast<double>(layer_macs);
        lap_latency += static_cast<double>(layer_macs);
    }
    // Latency x area is least with the most PEs: each PE adds its MAC and least L1 to the area
    // and takes its share of the MACs off the latency (latency >= MACs / P, area >= P x (MAC +
    // least L1) + least L2, for P <= max_pes).
    pe.num_pes = b.max_pes;
    const AreaBreakdown smallest = area_of(p.area_model, pe, l1_bytes, 1);
    const double per_pe_area = (smallest.pes_um2 + smallest.l1_um2) / static_cast<double>(b.max_pes);
    const double lap = lap_latency * per_pe_area + macs / static_cast<double>(b.max_pes) * smallest.l2_um2;
    pe.num_pes = 1;
    const double least_area = area_of(p.area_model, pe, l1_bytes, 1).total_um2();
    b.objective = 1;
    for (const ObjectiveTerm& t : p.objective.terms) {
        double m = static_cast<double>(b.runtime_cycles);
        switch (t.metric) {
            case Metric::Latency: m = static_cast<double>(b.runtime_cycles); break;
            case Metric::Energy: m = b.energy_nj; break;
            case Metric::Edp: m = b.energy_nj * static_cast<double>(b.runtime_cycles); break;
            case Metric::Area: m = least_area; break;
            case Metric::LatencyArea: m = lap; break;
            case Metric::Power: m = 0; break;
        }
        b.objective *= std::pow(m, t.weight);
    }
    return b;
}

}  // namespace mapscape
