// A DNN layer: its type and loop-dimension sizes, in MAESTRO's conventions.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "workload/dimension.hpp"
#include "workload/precision.hpp"

namespace mapscape {

enum class LayerType {
    Conv,            // CONV: K x C x R x S over Y x X (optionally batch N)
    DepthwiseConv,   // DSCONV: one filter per channel C; K is 1 and not a tensor dimension
    GroupedConv,     // NGCONV: G groups of K output and C input channels each
    TransposedConv,  // TRCONV: analysed as CONV (as MAESTRO does)
    Gemm,            // GEMM: (M x K) * (K x N) = (M x N)
    FullyConnected,  // FC: K outputs from C inputs (optionally batch N); analysed as a 1x1 CONV
};

std::string_view layer_type_name(LayerType t);  // "CONV", "DSCONV", "NGCONV", "TRCONV", "GEMM", "FC"
std::optional<LayerType> parse_layer_type(std::string_view name);

bool is_convolution_like(LayerType t);  // has sliding-window dimensions (Y with R, X with S)

struct Layer {
    std::string name;
    LayerType type = LayerType::Conv;
    // Size of each dimension as described (elements); 0 = not given. For CONV-like layers either
    // the input size (Y, X) or the output size (Y', X') is given, as in MAESTRO files.
    std::array<std::int64_t, kNumDims> sizes{};
    // Stride attached to each dimension by name (MAESTRO's Stride block); only Y and X matter.
    std::array<std::int64_t, kNumDims> strides = filled_strides();
    // How many times the network runs this layer, each run identical: 1, or more where identical
    // layers were merged into one (`model convert --unique`) or where one ONNX node is a batch of
    // independent products (attention's heads). The cost model evaluates one run; every model
    // total counts the layer this many times, through total_over_runs() below.
    std::int64_t repeat_count = 1;
    // Rows and columns of zeros the input sizes (Y, X) include: before and after the rows, before
    // and after the columns (an ONNX convolution's pads). MAESTRO's model reads them as input; the
    // faithful analysis neither fetches nor stores them (cost/faithful_analysis.hpp).
    std::array<std::int64_t, 4> padding{};
    // Each tensor's number format (workload/precision.hpp); unspecified: the accelerator's word.
    TensorPrecision precision;

    bool has(Dim d) const { return sizes[static_cast<std::size_t>(index_of(d))] > 0; }
    std::int64_t size(Dim d) const { return sizes[static_cast<std::size_t>(index_of(d))]; }
    std::int64_t stride(Dim d) const { return strides[static_cast<std::size_t>(index_of(d))]; }
    void set(Dim d, std::int64_t value) { sizes[static_cast<std::size_t>(index_of(d))] = value; }
    void set_stride(Dim d, std::int64_t value) {
        strides[static_cast<std::size_t>(index_of(d))] = value;
    }

    bool operator==(const Layer&) const = default;

    // Builders for the common shapes. Y and X are input sizes.
    static Layer conv(std::string name, std::int64_t k, std::int64_t c, std::int64_t r,
                      std::int64_t s, std::int64_t y, std::int64_t x, std::int64_t stride = 1,
                      std::int64_t batch = 0);
    static Layer depthwise(std::string name, std::int64_t c, std::int64_t r, std::int64_t s,
                           std::int64_t y, std::int64_t x, std::int64_t stride = 1,
                           std::int64_t batch = 0);
    static Layer gemm(std::string name, std::int64_t m, std::int64_t n, std::int64_t k);
    static Layer fully_connected(std::string name, std::int64_t outputs, std::int64_t inputs,
                                 std::int64_t batch = 0);

private:
    static std::array<std::int64_t, kNumDims> filled_strides() {
        std::array<std::int64_t, kNumDims> s{};
        s.fill(1);
        return s;
    }
};

// The layer in the form the cost model analyses: FC becomes a 1x1 CONV, TRCONV a CONV.
Layer analysed_form(const Layer& layer);
// The same without the layer's name: what the cost model reads, copied without allocating (a
// long ONNX node name would be copied to the heap at every evaluation).
Layer analysed_shape(const Layer& layer);

// Output rows and columns after the stride (no padding, as MAESTRO): floor((Y - R) / stride) + 1.
std::int64_t output_rows(const Layer& layer);
std::int64_t output_columns(const Layer& layer);

// Exact multiply-accumulate count of the layer (independent of any mapping).
std::int64_t exact_macs(const Layer& layer);

// Tensor sizes in elements, as MAESTRO reports them (input uses the described Y, X).
std::int64_t input_elements(const Layer& layer);
std::int64_t weight_elements(const Layer& layer);
std::int64_t output_elements(const Layer& layer);

// One-line human summary, e.g. "CONV K64 C3 R7 S7 Y224 X224 /2".
std::string shape_summary(const Layer& layer);

// Checks a layer for missing or non-positive dimensions; returns an explanation or empty.
std::string layer_problem(const Layer& layer);

// The same layer, whatever its name and repeat count: type, sizes and strides.
bool same_shape(const Layer& a, const Layer& b);

// Throws InputError: a model total over 2^63 - 1 (the layer whose runs carried it past).
[[noreturn]] void throw_total_overflow(const Layer& layer);

// The one place where a layer's repeat count multiplies: what all runs of the layer cost, one
// run costing per_run (MACs, cycles, nJ, an objective). Every total over a model's layers goes
// through here, mostly by total_over_runs, so that they all agree.
// Whole-number totals are checked: one past 64 bits throws TotalOverflow, never wraps to a
// negative runtime.
template <typename T>
T over_runs(const Layer& layer, T per_run) {
    if constexpr (std::is_integral_v<T>) {
        T total{};
        if (__builtin_mul_overflow(static_cast<T>(layer.repeat_count), per_run, &total)) throw_total_overflow(layer);
        return total;
    } else {
        return static_cast<T>(layer.repeat_count) * per_run;
    }
}

// The model total of a per-run quantity, value_of(i) being what one run of layers[i] costs.
template <typename T, typename ValueOfLayer>
T total_over_runs(const std::vector<Layer>& layers, ValueOfLayer&& value_of) {
    T total{};
    for (std::size_t i = 0; i < layers.size(); ++i) {
        const T term = over_runs(layers[i], static_cast<T>(value_of(i)));
        if constexpr (std::is_integral_v<T>) {
            if (__builtin_add_overflow(total, term, &total)) throw_total_overflow(layers[i]);
        } else {
            total += term;
        }
    }
    return total;
}

// Multiply-accumulates of the layers, each counted repeat_count times.
std::int64_t total_macs(const std::vector<Layer>& layers);
// Runs of the layers: the sum of their repeat counts.
std::int64_t total_runs(const std::vector<Layer>& layers);

}  // namespace mapscape
