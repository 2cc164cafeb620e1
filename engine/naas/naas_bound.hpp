// Lower bounds on a network at a NAAS resource budget, for one accelerator running the whole
// network (as every NAAS design and the baseline do).
//
// Latency: the least, over every array the search can produce within the resources (PE counts on
// its stride, one to three levels, every factorisation of the PEs into their sizes, every valid
// connectivity) and the resources' own array, of the network's summed per-layer compute bound on
// that array. A layer's bound on an array: along each parallel dimension the busiest PE gets at
// least ceil(D / units) of its D indices, so it does at least MACs x prod ceil(D / units) / D of the
// work (the bound the searches already hold every mapping to: cost/compute_bound.hpp), and never
// less than MACs over the PEs the layer can keep busy (cost/bounds.hpp). A design is one array for
// every layer, so this is tighter than each layer's own best array, and still below anything the
// searches can report.
// Energy: every MAC, and every operand read once from DRAM and the buffers (cost/bounds.hpp).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "mapping/map_space.hpp"
#include "naas/naas_encoding.hpp"
#include "naas/naas_resources.hpp"
#include "workload/layer.hpp"

namespace mapscape {

struct NaasBound {
    double runtime_cycles = 0;
    double energy_nj = 0;
    double edp() const { return runtime_cycles * energy_nj; }
    // The array that bounds the latency ("64 x 64 (out | in)").
    std::string array;
};

// The least cycles of any mapping of the layer on an array whose level k (0 outermost) has
// units[k] units parallelising role[k] (nothing: the level may parallelise any dimension),
// `lanes` MACs per PE per cycle. A role the layer lacks leaves its level free, as map spaces do.
struct ArrayLevel {
    std::int64_t units = 1;
    std::optional<DimRole> role;
};
std::int64_t array_compute_cycles(const Layer& layer, std::span<const ArrayLevel> levels, std::int64_t lanes);

NaasBound naas_bound(const std::vector<Layer>& network, const NaasResources& resources);

}  // namespace mapscape
