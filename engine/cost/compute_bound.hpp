// A physical lower bound on a mapping's runtime: the multiply-accumulates of its busiest PE,
// one per SIMD lane per cycle. MAESTRO's analysis (which ours reproduces exactly) undercounts
// the runtime of mappings whose spatial rounds or tiles end in partial edges, sometimes far
// below this bound (e.g. 28 clusters over 128 output channels take five rounds, yet the
// reported runtime is that of 4.6). Searches use the bound to reject such artefacts rather
// than chase them; evaluation reports MAESTRO's figure and flags the mapping.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "arch/accelerator.hpp"
#include "cost/cost_report.hpp"
#include "mapping/mapping.hpp"
#include "workload/layer.hpp"

namespace mapscape {

class ComputeBound {
public:
    ComputeBound(const Layer& layer, const Accelerator& acc);

    // The MACs of the busiest PE: per dimension, the share of unit 0 at every level (unit 0
    // gets the most chunks of a spatial map, all whole but perhaps the last), multiplied over
    // the dimensions. Mappings whose maps are not plain tiles (overlapping windows other than
    // a convolution's sliding window, strided windows) fall back to MACs over the PEs the
    // mapping can occupy, a weaker but still valid bound.
    std::int64_t busiest_pe_macs(const Mapping& mapping) const;
    // ceil(busiest_pe_macs / SIMD lanes).
    std::int64_t cycles(const Mapping& mapping) const;

    // The most PEs the mapping can keep busy at once (an upper bound).
    std::int64_t occupied_pes(const Mapping& mapping) const;
    // The same layer on another number of PEs (co-design sizes the array): no allocation.
    ComputeBound with_pes(std::int64_t num_pes) const {
        ComputeBound b = *this;
        b.num_pes_ = std::max<std::int64_t>(1, num_pes);
        return b;
    }

private:
    std::array<std::int64_t, kNumDims> full_{};    // extent of each dimension (outputs for Y', X')
    std::array<std::int64_t, kNumDims> stride_{};
    std::array<Dim, kNumDims> work_dims_{};         // the dimensions whose product is the MACs
    int work_count_ = 0;                            // (none when they do not multiply to the MACs)
    std::int64_t macs_ = 0, num_pes_ = 1, lanes_ = 1;
    std::int64_t filter_rows_ = 1, filter_cols_ = 1;
};

// Whether a valid report is one of MAESTRO's undercounts: fewer MACs than the layer has
// (MacsUndercounted) or a runtime below the busiest PE's work (BelowComputeBound); None when
// the figures can be trusted.
Invalidity model_artefact(const CostReport& report, const ComputeBound& bound, const Mapping& mapping);

}  // namespace mapscape
