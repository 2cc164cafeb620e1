#include "workload/layer.hpp"
#include "util/diagnostic.hpp"
#include "util/integer_math.hpp"

#include <limits>
#include <tuple>

namespace mapscape {

namespace {

struct TypeName {
    LayerType type;
    std::string_view name;
};
constexpr std::array<TypeName, 6> kTypeNames = {{{LayerType::Conv, "CONV"},
                                                 {LayerType::DepthwiseConv, "DSCONV"},
                                                 {LayerType::GroupedConv, "NGCONV"},
                                                 {LayerType::TransposedConv, "TRCONV"},
                                                 {LayerType::Gemm, "GEMM"},
                                                 {LayerType::FullyConnected, "FC"}}};

// Above this many MACs the 64-bit access counts could overflow; no real layer is near it.
constexpr std::int64_t kMaxMacs = std::int64_t{1} << 53;

std::int64_t input_rows(const Layer& l) {
    return l.has(Dim::Y) ? l.size(Dim::Y) : l.size(Dim::Yo) + l.size(Dim::R) - 1;
}
std::int64_t input_columns(const Layer& l) {
    return l.has(Dim::X) ? l.size(Dim::X) : l.size(Dim::Xo) + l.size(Dim::S) - 1;
}
std::int64_t batch(const Layer& l) { return l.has(Dim::N) ? l.size(Dim::N) : 1; }

// Multiplies a and b, saturating at kMaxMacs + 1 so that overflow is detected, not undefined.
std::int64_t saturating_product(std::int64_t a, std::int64_t b) {
    std::int64_t r = 0;
    if (__builtin_mul_overflow(a, b, &r) || r > kMaxMacs) return kMaxMacs + 1;
    return r;
}

}  // namespace

std::string_view layer_type_name(LayerType t) {
    for (const auto& tn : kTypeNames)
        if (tn.type == t) return tn.name;
    return "CONV";
}

std::optional<LayerType> parse_layer_type(std::string_view name) {
    for (const auto& tn : kTypeNames)
        if (tn.name == name) return tn.type;
    return std::nullopt;
}

bool is_convolution_like(LayerType t) {
    return t == LayerType::Conv || t == LayerType::DepthwiseConv || t == LayerType::GroupedConv ||
           t == LayerType::TransposedConv;
}

Layer Layer::conv(std::string name, std::int64_t k, std::int64_t c, std::int64_t r,
                  std::int64_t s, std::int64_t y, std::int64_t x, std::int64_t stride,
                  std::int64_t batch_size) {
    Layer l;
    l.name = std::move(name);
    l.type = LayerType::Conv;
    if (batch_size > 0) l.set(Dim::N, batch_size);
    l.set(Dim::K, k);
    l.set(Dim::C, c);
    l.set(Dim::R, r);
    l.set(Dim::S, s);
    l.set(Dim::Y, y);
    l.set(Dim::X, x);
    l.set_stride(Dim::Y, stride);
    l.set_stride(Dim::X, stride);
    return l;
}

Layer Layer::depthwise(std::string name, std::int64_t c, std::int64_t r, std::int64_t s,
                       std::int64_t y, std::int64_t x, std::int64_t stride,
                       std::int64_t batch_size) {
    Layer l = conv(std::move(name), 1, c, r, s, y, x, stride, batch_size);
    l.type = LayerType::DepthwiseConv;
    return l;
}

Layer Layer::gemm(std::string name, std::int64_t m, std::int64_t n, std::int64_t k) {
    Layer l;
    l.name = std::move(name);
    l.type = LayerType::Gemm;
    l.set(Dim::M, m);
    l.set(Dim::N, n);
    l.set(Dim::K, k);
    return l;
}

Layer Layer::fully_connected(std::string name, std::int64_t outputs, std::int64_t inputs,
                             std::int64_t batch_size) {
    Layer l;
    l.name = std::move(name);
    l.type = LayerType::FullyConnected;
    if (batch_size > 0) l.set(Dim::N, batch_size);
    l.set(Dim::K, outputs);
    l.set(Dim::C, inputs);
    return l;
}

namespace {

// FC as a 1x1 CONV, TRCONV as a CONV.
void convert_to_analysed_type(Layer& l) {
    if (l.type == LayerType::FullyConnected) {
        l.type = LayerType::Conv;
        for (Dim d : {Dim::R, Dim::S, Dim::Y, Dim::X}) l.set(d, 1);
        l.set(Dim::Yo, 0);
        l.set(Dim::Xo, 0);
    } else if (l.type == LayerType::TransposedConv) {
        l.type = LayerType::Conv;
    }
}

}  // namespace

Layer analysed_form(const Layer& layer) {
    Layer l = layer;
    convert_to_analysed_type(l);
    return l;
}

Layer analysed_shape(const Layer& layer) {
    Layer l;  // every field but the name (test_workloads checks none is left out)
    l.type = layer.type;
    l.sizes = layer.sizes;
    l.strides = layer.strides;
    l.repeat_count = layer.repeat_count;
    l.padding = layer.padding;
    l.precision = layer.precision;
    convert_to_analysed_type(l);
    return l;
}

std::int64_t output_rows(const Layer& l) {
    if (!is_convolution_like(l.type)) return 1;
    if (!l.has(Dim::Y)) return l.size(Dim::Yo);
    return (l.size(Dim::Y) - l.size(Dim::R)) / l.stride(Dim::Y) + 1;
}

std::int64_t output_columns(const Layer& l) {
    if (!is_convolution_like(l.type)) return 1;
    if (!l.has(Dim::X)) return l.size(Dim::Xo);
    return (l.size(Dim::X) - l.size(Dim::S)) / l.stride(Dim::X) + 1;
}

std::int64_t exact_macs(const Layer& l) {
    std::int64_t macs = batch(l);
    auto mul = [&](std::int64_t v) { macs = saturating_product(macs, v); };
    switch (l.type) {
        case LayerType::Gemm:
            return saturating_product(saturating_product(l.size(Dim::M), l.size(Dim::N)),
                                      l.size(Dim::K));
        case LayerType::FullyConnected:
            mul(l.size(Dim::K));
            mul(l.size(Dim::C));
            return macs;
        case LayerType::GroupedConv:
            mul(l.size(Dim::G));
            [[fallthrough]];
        case LayerType::Conv:
        case LayerType::TransposedConv:
            mul(l.size(Dim::K));
            [[fallthrough]];
        case LayerType::DepthwiseConv:
            mul(l.size(Dim::C));
            mul(l.size(Dim::R));
            mul(l.size(Dim::S));
            mul(output_rows(l));
            mul(output_columns(l));
            return macs;
    }
    return macs;
}

std::int64_t input_elements(const Layer& l) {
    switch (l.type) {
        case LayerType::Gemm: return l.size(Dim::M) * l.size(Dim::K);
        case LayerType::FullyConnected: return batch(l) * l.size(Dim::C);
        case LayerType::GroupedConv:
            return batch(l) * l.size(Dim::G) * l.size(Dim::C) * input_rows(l) * input_columns(l);
        default: return batch(l) * l.size(Dim::C) * input_rows(l) * input_columns(l);
    }
}

std::int64_t weight_elements(const Layer& l) {
    switch (l.type) {
        case LayerType::Gemm: return l.size(Dim::K) * l.size(Dim::N);
        case LayerType::FullyConnected: return l.size(Dim::K) * l.size(Dim::C);
        case LayerType::DepthwiseConv: return l.size(Dim::C) * l.size(Dim::R) * l.size(Dim::S);
        case LayerType::GroupedConv:
            return l.size(Dim::G) * l.size(Dim::K) * l.size(Dim::C) * l.size(Dim::R) *
                   l.size(Dim::S);
        default: return l.size(Dim::K) * l.size(Dim::C) * l.size(Dim::R) * l.size(Dim::S);
    }
}

std::int64_t output_elements(const Layer& l) {
    switch (l.type) {
        case LayerType::Gemm: return l.size(Dim::M) * l.size(Dim::N);
        case LayerType::FullyConnected: return batch(l) * l.size(Dim::K);
        case LayerType::DepthwiseConv:
            return batch(l) * l.size(Dim::C) * output_rows(l) * output_columns(l);
        case LayerType::GroupedConv:
            return batch(l) * l.size(Dim::G) * l.size(Dim::K) * output_rows(l) * output_columns(l);
        default: return batch(l) * l.size(Dim::K) * output_rows(l) * output_columns(l);
    }
}

std::string shape_summary(const Layer& l) {
    std::string s(layer_type_name(l.type));
    for (Dim d : {Dim::N, Dim::G, Dim::M, Dim::K, Dim::C, Dim::R, Dim::S, Dim::Y, Dim::Yo, Dim::X,
                  Dim::Xo}) {
        if (!l.has(d)) continue;
        s += ' ';
        s += dim_name(d);
        s += std::to_string(l.size(d));
    }
    if (is_convolution_like(l.type) && (l.stride(Dim::Y) != 1 || l.stride(Dim::X) != 1)) {
        s += " /" + std::to_string(l.stride(Dim::Y));
        if (l.stride(Dim::X) != l.stride(Dim::Y)) s += "x" + std::to_string(l.stride(Dim::X));
    }
    return s;
}

bool same_shape(const Layer& a, const Layer& b) {
    return a.type == b.type && a.sizes == b.sizes && a.strides == b.strides;
}

std::int64_t total_macs(const std::vector<Layer>& layers) {
    return total_over_runs<std::int64_t>(layers, [&](std::size_t i) { return exact_macs(layers[i]); });
}

std::int64_t total_runs(const std::vector<Layer>& layers) {
    return total_over_runs<std::int64_t>(layers, [](std::size_t) { return 1; });
}

std::string layer_problem(const Layer& l) {
    if (l.repeat_count < 1) return "the repeat count must be at least 1, not " + std::to_string(l.repeat_count);
    if (l.repeat_count > kIntMax)
        return "the repeat count " + std::to_string(l.repeat_count) + " is larger than the supported maximum " + std::to_string(kIntMax);
    for (Dim d : kAllDims) {
        if (l.size(d) < 0)
            return "dimension " + std::string(dim_name(d)) + " must be positive, not " +
                   std::to_string(l.size(d));
        if (l.size(d) > kIntMax)
            return "dimension " + std::string(dim_name(d)) + " = " + std::to_string(l.size(d)) +
                   " is larger than the supported maximum " + std::to_string(kIntMax);
        if (l.stride(d) < 1)
            return "the stride of " + std::string(dim_name(d)) + " must be at least 1";
        if (l.stride(d) > kIntMax)
            return "the stride of " + std::string(dim_name(d)) + " = " + std::to_string(l.stride(d)) + " is larger than the supported maximum " +
                   std::to_string(kIntMax);
    }
    for (std::int64_t p : l.padding)
        if (p < 0 || p > kIntMax) return "padding must be 0 to " + std::to_string(kIntMax) + " rows or columns, not " + std::to_string(p);
    if (l.padding[0] + l.padding[1] > 0 && l.has(Dim::Y) && l.padding[0] + l.padding[1] >= l.size(Dim::Y))
        return "the padding (" + std::to_string(l.padding[0] + l.padding[1]) + " rows) leaves no input row of the " +
               std::to_string(l.size(Dim::Y)) + " (Y includes the padding)";
    if (l.padding[2] + l.padding[3] > 0 && l.has(Dim::X) && l.padding[2] + l.padding[3] >= l.size(Dim::X))
        return "the padding (" + std::to_string(l.padding[2] + l.padding[3]) + " columns) leaves no input column of the " +
               std::to_string(l.size(Dim::X)) + " (X includes the padding)";
    auto require = [&](std::initializer_list<Dim> dims) -> std::string {
        for (Dim d : dims)
            if (!l.has(d))
                return std::string(layer_type_name(l.type)) + " layer needs dimension " +
                       std::string(dim_name(d));
        return {};
    };
    auto forbid = [&](std::initializer_list<Dim> dims) -> std::string {
        for (Dim d : dims)
            if (l.has(d))
                return "dimension " + std::string(dim_name(d)) + " does not belong to a " +
                       std::string(layer_type_name(l.type)) + " layer";
        return {};
    };
    std::string problem;
    switch (l.type) {
        case LayerType::Gemm:
            if (!(problem = require({Dim::M, Dim::N, Dim::K})).empty()) return problem;
            if (!(problem = forbid({Dim::C, Dim::G, Dim::R, Dim::S, Dim::X, Dim::Xo, Dim::Y,
                                    Dim::Yo}))
                     .empty())
                return problem;
            break;
        case LayerType::FullyConnected:
            if (!(problem = require({Dim::K, Dim::C})).empty()) return problem;
            if (!(problem = forbid({Dim::G, Dim::M, Dim::R, Dim::S, Dim::X, Dim::Xo, Dim::Y,
                                    Dim::Yo}))
                     .empty())
                return problem;
            break;
        default: {
            if (!(problem = require({Dim::C, Dim::R, Dim::S})).empty()) return problem;
            if (l.type != LayerType::DepthwiseConv &&
                !(problem = require({Dim::K})).empty())
                return problem;
            // MAESTRO's files give depthwise layers "K: 1"; any other K would be a different layer.
            if (l.type == LayerType::DepthwiseConv && l.has(Dim::K) && l.size(Dim::K) != 1)
                return "a DSCONV layer has one filter per input channel: K must be 1 or left out, not " +
                       std::to_string(l.size(Dim::K)) + " (a grouped convolution is NGCONV)";
            if (l.type == LayerType::GroupedConv && !(problem = require({Dim::G})).empty())
                return problem;
            if (l.type != LayerType::GroupedConv && !(problem = forbid({Dim::G})).empty())
                return problem;
            if (!(problem = forbid({Dim::M})).empty()) return problem;
            for (auto [in, out, filter] :
                 {std::tuple{Dim::Y, Dim::Yo, Dim::R}, std::tuple{Dim::X, Dim::Xo, Dim::S}}) {
                if (l.has(in) && l.has(out))
                    return "give either " + std::string(dim_name(in)) + " or " +
                           std::string(dim_name(out)) + ", not both";
                if (!l.has(in) && !l.has(out))
                    return std::string(layer_type_name(l.type)) + " layer needs dimension " +
                           std::string(dim_name(in)) + " (input) or " +
                           std::string(dim_name(out)) + " (output)";
                if (l.has(in) && l.size(in) < l.size(filter))
                    return "filter size " + std::string(dim_name(filter)) + " = " +
                           std::to_string(l.size(filter)) + " is larger than input size " +
                           std::string(dim_name(in)) + " = " + std::to_string(l.size(in));
            }
        }
    }
    if (exact_macs(l) > kMaxMacs)
        return "the layer has more than 2^53 multiply-accumulates; its access counts would "
               "overflow 64-bit arithmetic";
    if (exact_macs(l) > kMaxMacs / l.repeat_count)
        return "the layer's " + std::to_string(l.repeat_count) + " runs have more than 2^53 multiply-accumulates together; "
               "the model's totals would overflow 64-bit arithmetic";
    return {};
}

void throw_total_overflow(const Layer& layer) {
    throw InputError({layer.name, 0, 0}, "a total over the model's layers passes 2^63 - 1 at layer \"" + layer.name + "\" (" +
                                             std::to_string(layer.repeat_count) + " runs): the repeat counts are too large to add up");
}

}  // namespace mapscape
