// What the cost model says about one layer under one mapping on one accelerator.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "arch/area_breakdown.hpp"
#include "workload/dimension.hpp"

namespace mapscape {

struct Layer;
struct Accelerator;
struct Mapping;

enum class TensorRole : std::uint8_t { Input = 0, Weight = 1, Output = 2 };
inline constexpr int kNumTensors = 3;

// Why a mapping cannot run. Kept as an enum with numeric details so that evaluation never
// allocates; describe() turns it into a sentence.
enum class Invalidity : std::uint8_t {
    None,
    LayerShape,              // the layer itself is malformed (see layer_problem)
    AcceleratorSpec,         // the accelerator itself is malformed (see accelerator_problem)
    EmptyMapping,            // no directives at all
    MapSizeNotPositive,      // a map size or offset, or a cluster size, below 1
    FilterTileNotWhole,      // TemporalMap on R/S must cover the whole filter (MAESTRO's rule)
    TooManyLevels,           // more cluster levels than the hardware has NoCs for
    ClustersExceedPEs,       // the cluster sizes multiply to more than the PE count
    NoSpatialMap,            // a cluster level without SpatialMap
    TooManySpatialMaps,      // more than two SpatialMaps in one level
    TooManyDirectives,       // more directives in one level than the analysis has room for
    DimensionNotInLevel,     // a directive on a dimension this level does not have
    InputAndOutputMapped,    // both Y and Y' (or X and X') mapped in one level
    NoValidIteration,        // no iteration case does any work
    ZeroSubClusterRuntime,   // the inner clusters never compute (MAESTRO divides by zero here)
    ReusedUnrolledDimension, // a fully unrolled temporal dimension changes (MAESTRO aborts)
    ArithmeticOverflow,      // a count exceeds 64-bit arithmetic
    TooManyCases,            // more iteration cases than the analysis budget (MAESTRO would take hours)
    L1Overflow,              // per-PE L1 requirement above the L1 size
    L2Overflow,              // L2 requirement above the L2 size
    OverLatencyBudget,       // a search's latency cap (e.g. a pipeline stage) is exceeded
    BelowComputeBound,       // modelled runtime below MACs / (PEs x lanes): not physically possible
    MacsUndercounted,        // the analysis counts fewer MACs than the layer has (its energy is too low)
    MacsSkipped,             // faithful analysis: the mapping never does some of the layer's MACs
};

struct InvalidityDetail {
    Invalidity kind = Invalidity::None;
    std::int8_t level = -1;  // cluster level, 0 = outermost, where it applies
    Dim dim = Dim::K;        // dimension, where it applies
    std::int64_t value = 0;  // the offending number, where it applies
    std::int64_t limit = 0;  // the bound it broke, where it applies
};

struct TensorAccesses {
    std::int64_t l1_read = 0;   // downstream (sub-cluster buffer) reads, summed over sub-clusters
    std::int64_t l1_write = 0;
    std::int64_t l2_read = 0;   // upstream (global buffer) reads
    std::int64_t l2_write = 0;
};

struct EnergyBreakdown {
    double mac_nj = 0;
    double l1_nj = 0;
    double l2_nj = 0;
    double dram_nj = 0;
    double noc_nj = 0;      // physical technologies only (MAESTRO's model has no NoC energy)
    double leakage_nj = 0;  // physical technologies only: static power over the runtime
    double total_nj = 0;
};


struct DelayStats {
    std::int64_t min_cycles = 0;
    std::int64_t max_cycles = 0;
    std::int64_t avg_cycles = 0;  // occurrence-weighted, truncated as MAESTRO does
};

// How much a report holds. Objectives: runtime, MACs, access counts, buffer requirements,
// energy, area, power and PE utilisation (what searches rank and constrain by); Full adds the
// per-case bandwidth and delay statistics, which cost more to gather.
enum class ReportDetail : std::uint8_t { Full, Objectives };

struct CostReport {
    InvalidityDetail invalid;  // kind None means the mapping can run
    ReportDetail detail = ReportDetail::Full;
    bool valid() const { return invalid.kind == Invalidity::None; }

    std::int64_t runtime_cycles = 0;
    std::int64_t macs = 0;        // multiply-accumulates the analysis counted (MAESTRO "Num MACs")
    std::int64_t layer_macs = 0;  // exact MACs of the layer
    std::array<TensorAccesses, kNumTensors> tensors{};  // indexed by TensorRole

    std::int64_t l1_required_elements = 0;  // per PE, double-buffered
    std::int64_t l2_required_elements = 0;  // double-buffered
    std::array<std::int64_t, kNumTensors> l2_required_elements_by_tensor{};
    // Bytes: each tensor's elements at its width under a physical technology, the accelerator's
    // word size under MAESTRO's model.
    std::int64_t l1_required_bytes = 0;
    std::int64_t l2_required_bytes = 0;

    // Full detail only (zero in Objectives reports):
    std::int64_t noc_bw_required = 0;       // peak, elements/cycle
    double avg_noc_bw_required = 0;         // occurrence-weighted mean, elements/cycle
    std::int64_t offchip_bw_required = 0;   // elements/cycle
    double avg_utilized_pes = 0;
    double arithmetic_intensity = 0;        // MACs per ingress element, last iteration case
    DelayStats ingress_delay, egress_delay, compute_delay;
    // (end of the Full-only figures; avg_utilized_pes is in both)

    std::int64_t dram_accesses = 0;  // elements moved to or from DRAM
    EnergyBreakdown energy;
    double maestro_energy_nj = 0;  // MAESTRO's CSV formula, from this layer's own counts
    double area_um2 = 0;
    AreaBreakdown area;       // area_um2's parts (MAESTRO's model: by the required buffers)
    double power_mw = 0;      // MAESTRO's model: its power figures; physical: energy over runtime
    double leakage_mw = 0;    // physical technologies only
    double pe_power_mw = 0, l1_power_mw = 0, l2_power_mw = 0, noc_power_mw = 0;

    const TensorAccesses& tensor(TensorRole role) const {
        return tensors[static_cast<std::size_t>(role)];
    }
    double throughput_macs_per_cycle() const {
        return runtime_cycles > 0 ? static_cast<double>(macs) / static_cast<double>(runtime_cycles)
                                  : 0.0;
    }
};

// A sentence for a report's invalidity, e.g. "L1 requirement 294 B exceeds the L1 size 100 B".
std::string describe(const InvalidityDetail& detail, const Layer& layer,
                     const Accelerator& accelerator);

}  // namespace mapscape
