// What the surrogate learns to predict: the paper's meta-statistics (Sec. 4.1.3) rather than the
// final cost, each relative to the problem's algorithmic minimum (its Appendix A), as natural
// logarithms (the ratios span orders of magnitude; the paper z-scores the ratios themselves).
#pragma once

#include <array>
#include <string_view>

#include "arch/accelerator.hpp"
#include "cost/cost_report.hpp"
#include "mapping/mapping.hpp"
#include "workload/layer.hpp"

namespace mapscape {

// The paper's algorithmic minimum: every input and weight element read once and every output
// written once at each level of the hierarchy (DRAM, L2, L1) plus one MAC energy per MAC; every
// PE busy every cycle (MACs / (PEs x SIMD lanes)). Possibly unachievable; a normalisation.
struct AlgorithmicMinimum {
    double energy_nj = 0;
    double cycles = 0;
    std::array<double, 3> tensor_elements{};  // input, weight, output
    double edp() const { return energy_nj * cycles; }
};

AlgorithmicMinimum algorithmic_minimum(const Layer& layer, const Accelerator& accelerator);

inline constexpr int kNumLabels = 14;
// Label order (each ln of a ratio): L1 accesses per element of input, weight, output; L2 the same;
// DRAM the same; PE occupancy (PEs the mapping can keep busy / PEs); energy / minimum energy;
// cycles / minimum cycles; L1 requirement / L1 size; L2 requirement / L2 size.
inline constexpr int kEnergyLabel = 10;
inline constexpr int kCyclesLabel = 11;
inline constexpr int kL1NeedLabel = 12;
inline constexpr int kL2NeedLabel = 13;
std::string_view label_name(int index);

using CostLabels = std::array<float, kNumLabels>;

// The labels of a valid report of `mapping`.
CostLabels cost_labels(const CostReport& report, const Mapping& mapping, const Layer& layer,
                       const Accelerator& accelerator, const AlgorithmicMinimum& minimum);

}  // namespace mapscape
