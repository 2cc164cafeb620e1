#include "surrogate/cost_labels.hpp"

#include <algorithm>
#include <cmath>

#include "cost/compute_bound.hpp"

namespace mapscape {

namespace {

constexpr std::string_view kLabelNames[kNumLabels] = {
    "l1_input", "l1_weight", "l1_output", "l2_input", "l2_weight", "l2_output", "dram_input", "dram_weight",
    "dram_output", "pe_occupancy", "energy", "cycles", "l1_need", "l2_need"};

float log_ratio(double value, double reference) {
    // Floor at 1e-9: a tensor level never touched would otherwise be -inf.
    return static_cast<float>(std::log(std::max(value, 1e-9) / std::max(reference, 1e-300)));
}

}  // namespace

std::string_view label_name(int index) { return kLabelNames[static_cast<std::size_t>(std::clamp(index, 0, kNumLabels - 1))]; }

AlgorithmicMinimum algorithmic_minimum(const Layer& layer, const Accelerator& acc) {
    AlgorithmicMinimum m;
    const auto macs = static_cast<double>(exact_macs(layer));
    m.tensor_elements = {static_cast<double>(input_elements(layer)), static_cast<double>(weight_elements(layer)),
                         static_cast<double>(output_elements(layer))};
    const TechnologyTable& t = acc.technology;
    const double per_element_nj = t.dram_access_energy_nj() + t.l2_access_energy_nj() + t.l1_access_energy_nj();
    m.energy_nj = macs * t.mac_energy_nj;
    for (double e : m.tensor_elements) m.energy_nj += e * per_element_nj;
    m.cycles = macs / static_cast<double>(std::max<std::int64_t>(1, acc.num_pes * acc.simd_lanes));
    return m;
}

CostLabels cost_labels(const CostReport& r, const Mapping& mapping, const Layer& layer, const Accelerator& acc,
                       const AlgorithmicMinimum& minimum) {
    CostLabels y{};
    const double* size = minimum.tensor_elements.data();
    for (int t = 0; t < kNumTensors; ++t) {
        const TensorAccesses& a = r.tensors[static_cast<std::size_t>(t)];
        y[static_cast<std::size_t>(t)] = log_ratio(static_cast<double>(a.l1_read + a.l1_write), size[t]);
        y[static_cast<std::size_t>(3 + t)] = log_ratio(static_cast<double>(a.l2_read + a.l2_write), size[t]);
    }
    y[6] = log_ratio(static_cast<double>(r.tensor(TensorRole::Input).l2_write), size[0]);
    y[7] = log_ratio(static_cast<double>(r.tensor(TensorRole::Weight).l2_write), size[1]);
    y[8] = log_ratio(static_cast<double>(r.tensor(TensorRole::Output).l2_read), size[2]);
    const ComputeBound bound(layer, acc);
    y[9] = log_ratio(static_cast<double>(bound.occupied_pes(mapping)), static_cast<double>(acc.num_pes));
    y[kEnergyLabel] = log_ratio(r.energy.total_nj, minimum.energy_nj);
    y[kCyclesLabel] = log_ratio(static_cast<double>(r.runtime_cycles), minimum.cycles);
    y[kL1NeedLabel] = log_ratio(static_cast<double>(r.l1_required_bytes), static_cast<double>(acc.l1_size_bytes));
    y[kL2NeedLabel] = log_ratio(static_cast<double>(r.l2_required_bytes), static_cast<double>(acc.l2_size_bytes));
    return y;
}

}  // namespace mapscape
