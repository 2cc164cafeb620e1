#include "cost/bounds.hpp"

#include <algorithm>
#include <cmath>

#include "cost/area_power.hpp"
#include "mapping/random_mapping.hpp"
#include "tech/hardware_costs.hpp"

namespace mapscape {

namespace {

// The input elements some MAC reads: all, padding included, or (real_only) the padding aside.
double inputs_read(const Layer& layer, bool real_only) {
    if (!is_convolution_like(layer.type) || !layer.has(Dim::R)) return static_cast<double>(input_elements(layer));
    const std::int64_t all_rows = layer.has(Dim::Y) ? layer.size(Dim::Y) : layer.size(Dim::Yo) + layer.size(Dim::R) - 1;
    const std::int64_t all_cols = layer.has(Dim::X) ? layer.size(Dim::X) : layer.size(Dim::Xo) + layer.size(Dim::S) - 1;
    auto lines = [&](Dim in, Dim filter, std::int64_t outputs, std::int64_t before, std::int64_t after) {
        const std::int64_t stride = layer.stride(in), f = layer.size(filter);
        const std::int64_t size = in == Dim::Y ? all_rows : all_cols;
        std::int64_t used = 0;  // lines of [0, size) some window covers, minus the padding's
        for (std::int64_t line = 0; line < size; ++line) {
            if (real_only && (line < before || line >= size - after)) continue;
            // Covered when some output o has o x stride <= line < o x stride + f.
            const std::int64_t last = std::min(outputs - 1, line / stride);
            used += last >= 0 && line < last * stride + f;
        }
        return used;
    };
    const double rows = static_cast<double>(lines(Dim::Y, Dim::R, output_rows(layer), layer.padding[0], layer.padding[1]));
    const double cols = static_cast<double>(lines(Dim::X, Dim::S, output_columns(layer), layer.padding[2], layer.padding[3]));
    return static_cast<double>(input_elements(layer)) / static_cast<double>(all_rows * all_cols) * rows * cols;
}

// The faithful analysis's least counts (cost/faithful_analysis.hpp): per MAC three L1 reads and a
// partial-sum write; each input element a MAC reads delivered to a PE once (padding too), each
// real one and each weight fetched from DRAM, written to and read from L2 once; each output sent
// up, read from L2 and written to DRAM once.
LayerBound faithful_bound(const Layer& layer, const Layer& original, const Accelerator& acc, LayerBound b, double m, double weights,
                          double outputs) {
    const double delivered = inputs_read(layer, false), fetched = inputs_read(layer, true);
    if (acc.physical_technology) {
        const HardwareCosts& c = hardware_costs(acc, effective_precision(original, acc));
        const double moved[3] = {fetched, weights, outputs};
        const double l1_accesses[3] = {m + delivered, m + weights, 2 * m};
        b.energy_nj = m * c.mac_nj;
        for (std::size_t k = 0; k < 3; ++k)
            b.energy_nj += l1_accesses[k] * std::min(c.l1_read_nj[k], c.l1_write_nj[k]) +
                           2 * moved[k] * std::min(c.l2_read_nj[k], c.l2_write_nj[k]) + moved[k] * (c.dram_nj[k] + c.noc_nj[k]);
        b.energy_nj += c.leakage_mw() * static_cast<double>(b.runtime_cycles) / acc.clock_mhz;
        b.area_um2 = c.area_um2();
        b.power_mw = c.leakage_mw();
        return b;
    }
    const TechnologyTable& t = acc.technology;
    const double l1 = 4 * m + delivered + weights;
    const double l2 = 2 * (fetched + weights) + 2 * outputs;
    const double dram = fetched + weights + outputs;
    b.energy_nj = m * t.mac_energy_nj + l1 * t.l1_access_energy_nj() + l2 * t.l2_access_energy_nj() + dram * t.dram_access_energy_nj();
    const AreaPower ap = estimate_area_power(t, acc.num_pes, acc.simd_lanes, acc.noc[0].bandwidth_elements_per_cycle, 1, 1);
    b.area_um2 = ap.area_um2;
    b.power_mw = ap.total_power_mw();
    return b;
}

}  // namespace

LayerBound layer_bound(const Layer& original, const Accelerator& acc) {
    const Layer layer = analysed_form(original);
    LayerBound b;
    const std::int64_t macs = exact_macs(layer);
    const std::int64_t units = std::max<std::int64_t>(1, acc.num_pes * acc.simd_lanes);
    b.runtime_cycles = (macs + units - 1) / units;

    const TechnologyTable& t = acc.technology;
    const auto m = static_cast<double>(macs);
    const auto inputs = static_cast<double>(input_elements(layer));
    const auto weights = static_cast<double>(weight_elements(layer));
    const auto outputs = static_cast<double>(output_elements(layer));
    if (acc.analysis == AnalysisMode::Faithful) return faithful_bound(layer, original, acc, b, m, weights, outputs);
    // Per MAC: three L1 reads (input, weight, partial sum) and one partial-sum write. Each
    // input and weight element: one DRAM fetch, one L2 write, half an L2 read and half an L1
    // write (the model counts a double-buffered tile's transfers once per half); each output:
    // one DRAM write-back, one L2 read, half an L2 write. These are the least the model
    // charges for any mapping it does not undercount (tests/engine/test_bounds.cpp checks
    // this over random mappings of every bundled model).
    const double l1 = 4 * m + 0.5 * (inputs + weights);
    const double l2 = 1.5 * (inputs + weights) + 1.5 * outputs;
    const double dram = inputs + weights + outputs;
    b.energy_nj = m * t.mac_energy_nj + l1 * t.l1_access_energy_nj() + l2 * t.l2_access_energy_nj() +
                  dram * t.dram_access_energy_nj();
    if (acc.physical_technology) {
        // The same least counts, each access at the cheaper of its tensor's read and write, the
        // NoC carrying each element in or out of L2 once, and leakage over the least runtime.
        const HardwareCosts& c = hardware_costs(acc, effective_precision(original, acc));
        const double elements[3] = {inputs, weights, outputs};
        b.energy_nj = m * c.mac_nj;
        for (std::size_t k = 0; k < 3; ++k) {
            const double l1_cheapest = std::min(c.l1_read_nj[k], c.l1_write_nj[k]);
            const double l2_cheapest = std::min(c.l2_read_nj[k], c.l2_write_nj[k]);
            const double l1_accesses = k == 2 ? 2 * m : m + 0.5 * elements[k];
            b.energy_nj += l1_accesses * l1_cheapest + 1.5 * elements[k] * l2_cheapest +
                           elements[k] * (c.dram_nj[k] + 0.5 * c.noc_nj[k]);
        }
        b.energy_nj += c.leakage_mw() * static_cast<double>(b.runtime_cycles) / acc.clock_mhz;
        b.area_um2 = c.area_um2();
        b.power_mw = c.leakage_mw();
        return b;
    }

    const std::int64_t noc = acc.noc[0].bandwidth_elements_per_cycle;
    const AreaPower smallest = estimate_area_power(t, acc.num_pes, acc.simd_lanes, noc, 1, 1);
    b.area_um2 = smallest.area_um2;
    b.power_mw = smallest.total_power_mw();
    return b;
}

std::int64_t min_l1_elements(const Layer& original, bool rows_spread, bool columns_spread) {
    const Layer layer = analysed_form(original);
    if (layer.type == LayerType::Gemm) return 2 * (1 + 1 + 1);
    const std::int64_t r = rows_spread ? 1 : std::max<std::int64_t>(1, layer.size(Dim::R));
    const std::int64_t s = columns_spread ? 1 : std::max<std::int64_t>(1, layer.size(Dim::S));
    return 2 * (r * s + r * s + r * s);  // an input window, a filter and an output, each r x s
}

std::int64_t min_l1_elements(const Layer& layer, const MapSpace& space) {
    bool rows_spread = false, columns_spread = false;
    for (std::size_t k = 1; k < space.levels.size(); ++k)
        for (DimRole r : space.levels[k].parallel) {
            rows_spread |= r == DimRole::FilterRow;
            columns_spread |= r == DimRole::FilterCol;
        }
    return min_l1_elements(layer, rows_spread, columns_spread);
}

std::int64_t max_busy_units(const Layer& layer, int levels) {
    std::vector<std::int64_t> sizes;
    for (Dim d : mappable_dims(layer))
        if (d != Dim::R && d != Dim::S) sizes.push_back(std::max<std::int64_t>(1, mappable_size(layer, d)));
    std::sort(sizes.rbegin(), sizes.rend());
    std::int64_t units = 1;
    for (int k = 0; k < levels && k < static_cast<int>(sizes.size()); ++k) {
        if (units > (std::int64_t{1} << 40) / sizes[static_cast<std::size_t>(k)]) return std::int64_t{1} << 40;
        units *= sizes[static_cast<std::size_t>(k)];
    }
    return units;
}

double metric_bound(Metric metric, const LayerBound& b) {
    const auto cycles = static_cast<double>(b.runtime_cycles);
    switch (metric) {
        case Metric::Latency: return cycles;
        case Metric::Energy: return b.energy_nj;
        case Metric::Power: return b.power_mw;
        case Metric::Edp: return b.energy_nj * cycles;
        case Metric::Area: return b.area_um2;
        case Metric::LatencyArea: return cycles * b.area_um2;
    }
    return cycles;
}

double objective_bound(const Objective& objective, const LayerBound& b) {
    double v = 1;
    for (const ObjectiveTerm& t : objective.terms) v *= std::pow(metric_bound(t.metric, b), t.weight);
    return v;
}

double objective_bound_sum(const Objective& objective, const std::vector<Layer>& layers, const Accelerator& accelerator) {
    return total_over_runs<double>(layers, [&](std::size_t i) { return objective_bound(objective, layer_bound(layers[i], accelerator)); });
}

}  // namespace mapscape
