#include "codesign/codesign_bound.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "codesign/design_space.hpp"
#include "cost/bounds.hpp"
#include "mapping/random_mapping.hpp"
#include "util/integer_math.hpp"

namespace mapscape {

namespace {

// What a layer's compute bound on an array depends on.
struct LayerWork {
    const Layer* layer = nullptr;  // whose repeat count the totals apply
    std::int64_t macs = 0;
    std::int64_t busy = 1;              // the most units its parallelisable dimensions keep busy
    std::vector<std::int64_t> extents;  // of its mappable dimensions (empty: they do not multiply to its MACs)
};

LayerWork work_of(const Layer& l, int levels) {
    LayerWork w;
    w.layer = &l;
    w.macs = exact_macs(l);
    w.busy = max_busy_units(l, levels);
    std::int64_t product = 1;
    for (Dim d : mappable_dims(l)) {
        const std::int64_t e = std::max<std::int64_t>(1, mappable_size(l, d));
        w.extents.push_back(e);
        product = product > w.macs / e + 1 ? w.macs + 1 : product * e;
    }
    if (product != w.macs) w.extents.clear();
    return w;
}

// The least cycles of the layer on an array of these level sizes (one or two levels), whichever
// dimensions its levels spread (any of them: fixed dataflows spread filter rows too).
std::int64_t cycles_on(const LayerWork& w, std::int64_t a0, std::int64_t a1) {
    const std::int64_t lower = ceil_div(w.macs, std::min(a0 * a1, w.busy));
    std::int64_t best = std::numeric_limits<std::int64_t>::max();
    for (std::size_t i = 0; i < w.extents.size(); ++i) {
        const std::int64_t di = w.extents[i];
        if (a1 == 1) {
            best = std::min(best, busiest_share(w.macs, di, a0));
            continue;
        }
        for (std::size_t j = 0; j < w.extents.size(); ++j) {
            const std::int64_t dj = w.extents[j];
            best = std::min(best, i == j ? busiest_share(w.macs, di, a0 * a1) : busiest_share(busiest_share(w.macs, di, a0), dj, a1));
        }
    }
    return w.extents.empty() ? lower : std::max(lower, best);
}

// The least summed cycles over the arrays the space allows, and that array.
std::pair<std::int64_t, std::vector<std::int64_t>> one_array_bound(const std::vector<LayerWork>& layers, const DesignSpace& space) {
    const std::int64_t max_pes = std::max<std::int64_t>(1, space.feasible_pes());
    std::int64_t best = std::numeric_limits<std::int64_t>::max();
    std::vector<std::int64_t> shape;
    const auto consider = [&](std::int64_t a0, std::int64_t a1) {
        std::int64_t total = 0;
        for (const LayerWork& w : layers) {
            total += over_runs(*w.layer, cycles_on(w, a0, a1));
            if (total >= best) return;
        }
        best = total;
        shape = a1 == 1 ? std::vector<std::int64_t>{a0} : std::vector<std::int64_t>{a0, a1};
    };
    if (space.min_levels() <= 1) consider(max_pes, 1);
    if (space.min_levels() <= 2 && space.max_levels() >= 2) {
        if (const std::int64_t fixed = space.fixed_dim(1); fixed > 0) {
            consider(std::max<std::int64_t>(1, max_pes / fixed), fixed);
        } else {
            // An inner level wider than every dimension of every layer parallelises nothing more:
            // past that, only narrower outer levels would follow (a huge area budget once made
            // this loop run 2^40 times).
            std::int64_t widest = 1;
            for (const LayerWork& w : layers)
                for (Dim d : kAllDims) widest = std::max(widest, w.layer->size(d));
            for (std::int64_t a1 = 1; a1 <= std::min(max_pes, widest); ++a1) consider(max_pes / a1, a1);
        }
    }
    return {best, shape};
}

}  // namespace

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
    std::vector<LayerWork> work;
    for (const Layer& l : p.layers) {
        // No more PEs busy than the layer's parallelisable dimensions allow on the deepest array.
        const std::int64_t units = std::min(b.max_pes, max_busy_units(l, space.max_levels()));
        const std::int64_t layer_macs = exact_macs(l);
        b.runtime_cycles += over_runs(l, (layer_macs + units - 1) / units);
        b.energy_nj += over_runs(l, layer_bound(l, widest).energy_nj);
        macs += over_runs(l, static_cast<double>(layer_macs));
        lap_latency += over_runs(l, static_cast<double>(layer_macs));
        work.push_back(work_of(l, space.max_levels()));
    }
    // One array for every layer (up to two levels: deeper arrays keep each layer's own bound).
    if (space.max_levels() <= 2) {
        const auto [cycles, shape] = one_array_bound(work, space);
        if (cycles > b.runtime_cycles && cycles < std::numeric_limits<std::int64_t>::max()) {
            b.runtime_cycles = cycles;
            b.array = shape;
        }
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
