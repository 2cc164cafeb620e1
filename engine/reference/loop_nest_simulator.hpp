// A reference loop-nest simulator: executes one mapping of one small layer step by step (every
// cluster level, every sub-cluster, every temporal step), keeps the elements resident in each
// sub-cluster's buffer, and counts every element moved, every MAC and the cycles of every step.
// It is the ground truth the analytical models are measured against (docs/reference-simulator.md),
// so it shares none of their code: it reads the directives with the semantics MAESTRO documents
// and moves data element by element.
//
// What it assumes (each a stated policy, not a shortcut; the docs page gives the reasons):
// - A sub-cluster's buffer holds the tile of its current step; an element still in the next
//   step's tile stays, every other one is fetched from the level's buffer above. One fetch feeds
//   every sub-cluster that needs the element in that step (multicast).
// - A level below the top starts each tile of the level above from empty buffers (the pipeline
//   restarts per tile, as the analytical model times it).
// - Partial sums leave a sub-cluster at the end of every step (as the analytical model moves
//   them) and are accumulated in the buffer above; L2 keeps every element once fetched, and an
//   output goes to DRAM once, when its last MAC is done.
// - A step takes ingress + compute when it is a level's first, else the most of ingress, compute
//   and egress (double buffering); NoC delay = head latency + ceil(elements / bandwidth) - 1;
//   compute = the slowest sub-cluster (the innermost: ceil(MACs / SIMD lanes)); at the top, a
//   step also waits for its DRAM traffic at the off-chip bandwidth. Steps without MACs are skipped.
// - Each map covers [position x offset, + size) of the tile above, clipped to it; a sub-cluster
//   of a SpatialMap takes the positions sub-cluster index + n x step. On Y and X (input rows and
//   columns) a step computes the outputs whose window rows within the step's filter rows all lie in
//   its input rows; with a stride, a map covering whole windows computes floor((size - R) / stride)
//   + 1 output rows per step and advances by as many (MAESTRO's reading, which replaces the offset).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "arch/accelerator.hpp"
#include "cost/cost_report.hpp"
#include "mapping/mapping.hpp"
#include "workload/layer.hpp"

namespace mapscape {

// What one cluster level moved (summed over every time the level ran).
struct SimulatedLevelTraffic {
    std::array<std::int64_t, kNumTensors> buffer_reads{};  // elements the level's buffer sent (multicast once)
    std::array<std::int64_t, kNumTensors> deliveries{};    // elements written into sub-cluster buffers
    std::int64_t egress = 0;                                // partial sums sent up by the sub-clusters
    std::int64_t steps = 0;                                 // steps executed (skipped ones excluded)
};

// Features of the mapping the simulation met, by which the analytical model's errors are sorted.
struct SimulationFeatures {
    bool partial_tiles = false;      // some step's tile was cut short by the tile above (no perfect tiling)
    bool idle_sub_clusters = false;  // some spatial step left sub-clusters without work
    bool strided_windows = false;    // a stride above 1 on a sliding window
    bool spatial_window_overlap = false;  // sub-clusters' input rows (columns) overlap in one step
    // A loop that leaves a tensor's tile unchanged encloses a loop that moves it: the tile the
    // outer loop's next step starts from must be fetched again.
    bool refetch_after_inner_loop = false;
    // A SpatialMap on a sliding window whose next position for a sub-cluster overlaps its last
    // one (one sub-cluster, or a window wider than the others' offsets): rows it still holds.
    bool spatial_self_overlap = false;
    // A loop on a sliding window encloses a loop that moves the input: after the inner loop wraps,
    // the window's overlap with the last tile is still held.
    bool window_reuse_across_wrap = false;
    bool any() const {
        return partial_tiles || idle_sub_clusters || strided_windows || spatial_window_overlap || refetch_after_inner_loop ||
               spatial_self_overlap || window_reuse_across_wrap;
    }
};

struct SimulationResult {
    std::string problem;  // non-empty: the mapping could not be simulated (and why)
    bool ok() const { return problem.empty(); }

    std::int64_t runtime_cycles = 0;
    std::int64_t macs = 0;           // MACs executed, a repeated one each time
    std::int64_t distinct_macs = 0;  // of the layer's MACs, those executed at least once
    std::int64_t layer_macs = 0;     // the layer's MACs
    // The counts in the analytical model's terms (TensorAccesses: L2 = the global buffer, L1 = the
    // PEs' buffers): L2 reads = top-level buffer reads; L2 writes = DRAM fills (input, weight) or
    // partial sums arriving (output); L1 writes = elements delivered into PE buffers (input,
    // weight) or MACs (output); L1 reads = MACs.
    std::array<TensorAccesses, kNumTensors> tensors{};
    std::int64_t output_psum_reads = 0;     // partial sums read back from L2 to be accumulated
    std::int64_t dram_reads = 0;            // input and weight elements fetched from DRAM
    std::int64_t dram_output_writes = 0;    // outputs written to DRAM (each once, when complete)
    std::int64_t outputs_completed = 0;     // outputs whose every MAC was done
    std::int64_t output_elements = 0;       // outputs of the layer
    std::int64_t l1_peak_elements = 0;      // most any PE held in one step, x2 (double buffered)
    std::vector<SimulatedLevelTraffic> levels;  // outermost first
    SimulationFeatures features;
    std::int64_t leaf_steps = 0;            // PE-steps executed: the simulation's size
};

struct SimulationLimits {
    // Refuse layers whose simulation would visit more MAC points than this (each MAC point is
    // touched a few times); simulation_work() says how many a layer needs.
    std::int64_t max_mac_points = 60'000'000;
};

// Work of a simulation in MAC points (the layer's MACs), for "it would take about N s" messages.
std::int64_t simulation_work(const Layer& layer);

// Simulates one layer under one mapping. Never throws for a mapping it cannot run: the result's
// problem says why (an unsupported construct, a layer past the limits, a malformed mapping).
SimulationResult simulate(const Layer& layer, const Accelerator& accelerator, const Mapping& mapping,
                          const SimulationLimits& limits = {});

}  // namespace mapscape
