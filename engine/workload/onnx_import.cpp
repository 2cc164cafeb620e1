#include "workload/onnx_import.hpp"
#include "util/integer_math.hpp"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "util/diagnostic.hpp"
#include "workload/onnx_plugin.hpp"

namespace mapscape {

namespace {

namespace og = onnx_graph;
using Shape = std::vector<std::int64_t>;

std::string shape_text(const Shape& s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) out += (i ? "x" : "") + std::to_string(s[i]);
    return out.empty() ? "a scalar" : out;
}

// Products saturate rather than overflow: a hostile file's sizes must not be undefined behaviour.
std::int64_t times(std::int64_t a, std::int64_t b) {
    std::int64_t p = 0;
    return __builtin_mul_overflow(a, b, &p) ? std::numeric_limits<std::int64_t>::max() : p;
}

std::int64_t product(Shape::const_iterator begin, Shape::const_iterator end) {
    std::int64_t p = 1;
    for (auto it = begin; it != end; ++it) p = times(p, *it);
    return p;
}
std::int64_t product(const Shape& s) { return product(s.begin(), s.end()); }

bool standard_domain(const std::string& d) { return d.empty() || d == "ai.onnx"; }

// Operators that move or reshape data, or compute shapes, without arithmetic on the values.
const std::set<std::string>& data_movement_operators() {
    static const std::set<std::string> ops = {
        "Reshape", "Flatten", "Transpose", "Concat", "Split", "Slice", "Gather", "GatherElements", "GatherND",
        "Squeeze", "Unsqueeze", "Shape", "Size", "Identity", "Cast", "CastLike", "Constant", "ConstantOfShape",
        "Expand", "Pad", "Tile", "Dropout", "DepthToSpace", "SpaceToDepth", "ScatterND", "ScatterElements",
        "Range", "NonZero", "Compress", "Optional", "OptionalGetElement", "OptionalHasElement", "SequenceAt",
        "SequenceConstruct", "SequenceEmpty", "SequenceInsert", "SequenceErase", "SequenceLength", "SplitToSequence",
        "ConcatFromSequence", "EyeLike", "Trilu", "OneHot"};
    return ops;
}

// QuantizeLinear and DequantizeLinear of the QDQ format: they scale values between a layer's
// integers and the float graph around it, work the accelerator folds into its layers' precision.
bool is_quantization_operator(const std::string& op) { return op == "QuantizeLinear" || op == "DequantizeLinear"; }

// The format that holds a tensor's elements. Unsigned types take the format of their width: the
// cost model prices a tensor by its width (bytes stored and moved, the multiplier's operand size),
// the same for uint8 as for int8. Types the engine has no format for (int64, double, the float8s)
// leave the tensor unspecified.
NumberFormat format_of_element(og::ElementType t) {
    using T = og::ElementType;
    switch (t) {
        case T::Int4: case T::Uint4: return NumberFormat::Int4;
        case T::Int8: case T::Uint8: return NumberFormat::Int8;
        case T::Int16: case T::Uint16: return NumberFormat::Int16;
        case T::Int32: case T::Uint32: return NumberFormat::Int32;
        case T::Float16: return NumberFormat::Fp16;
        case T::Bfloat16: return NumberFormat::Bf16;
        case T::Float: return NumberFormat::Fp32;
        default: return NumberFormat::Unspecified;
    }
}

bool is_floating_element(og::ElementType t) {
    using T = og::ElementType;
    return t == T::Float || t == T::Float16 || t == T::Bfloat16 || t == T::Double || t == T::Float8E4M3FN ||
           t == T::Float8E4M3FNUZ || t == T::Float8E5M2 || t == T::Float8E5M2FNUZ;
}

const std::set<std::string>& reduction_operators() {
    static const std::set<std::string> ops = {
        "GlobalAveragePool", "GlobalMaxPool", "GlobalLpPool", "ReduceMean", "ReduceSum", "ReduceMax", "ReduceMin",
        "ReduceProd", "ReduceL1", "ReduceL2", "ReduceLogSum", "ReduceLogSumExp", "ReduceSumSquare", "ArgMax", "ArgMin"};
    return ops;
}

// A convolution's spatial geometry along one axis, as the engine (like MAESTRO, without
// padding) sees it: the input grown by its padding.
struct Axis {
    std::int64_t input = 0;         // unpadded
    std::int64_t padded_input = 0;  // with the padding on both sides
    std::int64_t pad_before = 0;    // of which zeros before the input (the rest after)
    std::int64_t kernel = 0;
    std::int64_t stride = 1;
    std::int64_t dilation = 1;
    std::int64_t output = 0;
};

class Converter {
public:
    Converter(const og::Graph& graph, std::string file_name) : g_(graph), file_(std::move(file_name)) {}

    Model run() {
        if (g_.nodes.empty()) throw InputError({file_, 0, 0}, "the graph has no nodes");
        check_before_converting();
        for (const auto& [name, info] : g_.values)
            if (info.stored_constant) constants_.insert(name);
        for (const og::Node& n : g_.nodes)
            for (const std::string& out : n.outputs)
                if (!out.empty()) producers_[out] = &n;
        for (node_index_ = 0; node_index_ < g_.nodes.size(); ++node_index_) {
            node_ = &g_.nodes[node_index_];
            convert_node();
        }
        node_ = nullptr;
        if (model_.layers.empty())
            throw InputError({file_, 0, 0},
                             "the graph has no operator with multiply-accumulates (Conv, ConvTranspose, Gemm, MatMul, "
                             "Einsum, or their quantized forms), so no layer to map");
        model_.name = std::filesystem::path(file_).stem().string();
        model_.source = "ONNX graph " + std::filesystem::path(file_).filename().string() + " (" +
                        (g_.producer.empty() ? std::string("producer not named") : g_.producer) + ", opset " +
                        std::to_string(g_.opset) + ")";
        model_.unmapped = std::move(unmapped_);
        return std::move(model_);
    }

private:
    // Problems that concern the graph as a whole are reported before any conversion, at the
    // first node they touch: operators of unknown domains, inputs without shapes, symbolic
    // dimensions without values.
    void check_before_converting() {
        std::set<std::pair<std::string, std::string>> functions(g_.local_functions.begin(), g_.local_functions.end());
        std::set<std::string> declared;  // symbols of the graph's inputs, which --dim sets
        for (const std::string& in : g_.graph_inputs)
            if (auto it = g_.values.find(in); it != g_.values.end())
                for (const og::Dimension& d : it->second.dims)
                    if (!d.known() && !d.symbol.empty()) declared.insert(d.symbol);
        const std::set<std::string> graph_inputs(g_.graph_inputs.begin(), g_.graph_inputs.end());
        for (node_index_ = 0; node_index_ < g_.nodes.size(); ++node_index_) {
            node_ = &g_.nodes[node_index_];
            if (!standard_domain(node_->domain) && node_->domain != "ai.onnx.ml" && !functions.count({node_->domain, node_->op_type}))
                fail("operator domain \"" + node_->domain +
                     "\" is not ONNX's standard one (ai.onnx or ai.onnx.ml), the only ones this importer reads");
            for (const std::string& in : node_->inputs) {
                if (in.empty()) continue;
                auto it = g_.values.find(in);
                if (graph_inputs.count(in) && (it == g_.values.end() || !it->second.has_shape))
                    fail("graph input \"" + in + "\" has no shape in the file (export it with a fixed or symbolic shape)");
                if (it == g_.values.end()) continue;
                for (const og::Dimension& d : it->second.dims)
                    if (!d.known() && declared.count(d.symbol))
                        fail("symbolic dimension \"" + d.symbol + "\" (in \"" + in + "\") has no value: give it with --dim " +
                             d.symbol + "=VALUE (model show, model convert)");
            }
        }
        node_ = nullptr;
    }

    [[noreturn]] void fail(const std::string& what) const {
        throw InputError({file_, 0, 0}, "node " + label() + " (" + node_->op_type + "): " + what);
    }
    std::string label() const { return node_->name.empty() ? "#" + std::to_string(node_index_ + 1) : node_->name; }
    std::string layer_name() const {
        return node_->name.empty() ? node_->op_type + "_" + std::to_string(node_index_ + 1) : node_->name;
    }

    const std::string& input(std::size_t i, const char* role) const {
        if (i >= node_->inputs.size() || node_->inputs[i].empty()) fail(std::string("its ") + role + " input is missing");
        return node_->inputs[i];
    }

    // The complete shape of a value, or the reason it is not known.
    Shape shape(const std::string& value, const std::string& role) const {
        auto it = g_.values.find(value);
        if (it == g_.values.end() || !it->second.has_shape) {
            if (!g_.shapes_inferred)
                throw InputError({file_, 0, 0}, "opset " + std::to_string(g_.opset) + " is newer than this importer reads (up to " +
                                                    std::to_string(g_.newest_known_opset) + ")");
            fail("the shape of its " + role + " \"" + value + "\" is not known" + inference_note());
        }
        Shape s;
        const auto& dims = it->second.dims;
        for (std::size_t i = 0; i < dims.size(); ++i) {
            const og::Dimension& d = dims[i];
            if (!d.known()) {
                if (d.value == -2) fail("its " + role + " \"" + value + "\" has a negative dimension");
                if (!d.symbol.empty())
                    fail("dimension " + std::to_string(i) + " of its " + role + " \"" + value + "\" is symbolic (\"" + d.symbol +
                         "\") and depends on the data, not on the inputs' sizes");
                fail("dimension " + std::to_string(i) + " of its " + role + " \"" + value + "\" is not known" + inference_note());
            }
            s.push_back(d.value);
        }
        for (std::size_t i = 0; i < s.size(); ++i) {
            if (s[i] == 0) fail("its " + role + " \"" + value + "\" has a zero dimension (" + shape_text(s) + ")");
            if (s[i] > kIntMax)
                fail("dimension " + std::to_string(i) + " of its " + role + " \"" + value + "\" is " + std::to_string(s[i]) +
                     ", above the largest the engine represents (" + std::to_string(kIntMax) + ")");
        }
        return s;
    }

    std::optional<Shape> known_shape(const std::string& value) const {
        auto it = g_.values.find(value);
        if (it == g_.values.end() || !it->second.has_shape) return std::nullopt;
        Shape s;
        for (const og::Dimension& d : it->second.dims) {
            if (!d.known()) return std::nullopt;
            s.push_back(d.value);
        }
        return s;
    }

    // What ONNX's shape inference said about this node, if it said anything.
    std::string inference_note() const {
        const std::string& m = g_.inference_messages;
        if (m.empty() || node_->name.empty()) return "";
        const std::size_t at = m.find("node name: " + node_->name + ")");
        if (at == std::string::npos) return "";
        const std::size_t start = m.rfind('[', at);
        std::size_t end = m.find('\n', at);
        if (end == std::string::npos) end = m.size();
        return " (ONNX's shape inference: " + m.substr(start == std::string::npos ? at : start, end - (start == std::string::npos ? at : start)) + ")";
    }

    std::vector<std::int64_t> ints(const char* name, std::vector<std::int64_t> fallback) const {
        const og::Attribute* a = node_->attribute(name);
        if (!a) return fallback;
        if (a->kind != og::Attribute::Kind::Ints) fail(std::string("attribute ") + name + " is not a list of integers");
        return a->ints;
    }
    std::int64_t integer(const char* name, std::int64_t fallback) const {
        const og::Attribute* a = node_->attribute(name);
        if (!a) return fallback;
        if (a->kind != og::Attribute::Kind::Int) fail(std::string("attribute ") + name + " is not an integer");
        return a->int_value;
    }
    std::string text(const char* name, std::string fallback) const {
        const og::Attribute* a = node_->attribute(name);
        if (!a) return fallback;
        if (a->kind != og::Attribute::Kind::String) fail(std::string("attribute ") + name + " is not a string");
        return a->string_value;
    }

    bool is_constant(const std::string& value) const { return constants_.count(value) > 0; }

    og::ElementType element_type(const std::string& value) const {
        auto it = g_.values.find(value);
        return it == g_.values.end() ? og::ElementType::Undefined : it->second.element_type;
    }
    NumberFormat format_of_value(const std::string& value) const { return format_of_element(element_type(value)); }

    // ConvInteger, MatMulInteger, QLinearConv and QLinearMatMul: their operands' formats, and
    // int32 for the outputs: the partial sums are int32 accumulators (the output of the *Integer
    // operators; the QLinear ones requantize it to 8 bits only as it leaves, which the engine's
    // model does not see).
    TensorPrecision integer_precision(std::size_t data, std::size_t weight) const {
        auto format_at = [&](std::size_t i) {
            return i < node_->inputs.size() ? format_of_value(node_->inputs[i]) : NumberFormat::Unspecified;
        };
        return {format_at(data), format_at(weight), NumberFormat::Int32};
    }

    // A float layer's precision where its graph states one: the QDQ format's quantized operands
    // (both its data and its weight straight from DequantizeLinear nodes: their quantized inputs'
    // formats, int32 partial sums), or operands both float16 (or both bfloat16), a graph exported
    // for that format. Otherwise none: float32 is every exporter's default, not a statement about
    // the hardware, and the layer takes --precision or the accelerator's word.
    TensorPrecision stated_precision() const {
        if (node_->inputs.size() < 2 || node_->inputs[0].empty() || node_->inputs[1].empty()) return {};
        // The quantized input's type of the DequantizeLinear that computes `value`, if one does.
        auto dequantized = [&](const std::string& value) -> std::optional<og::ElementType> {
            auto it = producers_.find(value);
            if (it == producers_.end()) return std::nullopt;
            const og::Node& p = *it->second;
            if (!standard_domain(p.domain) || p.op_type != "DequantizeLinear" || p.inputs.empty()) return std::nullopt;
            return element_type(p.inputs[0]);
        };
        const auto data = dequantized(node_->inputs[0]);
        const auto weight = dequantized(node_->inputs[1]);
        if (data && weight) {
            // Integers sum in int32; float8 operands (opset 19) in a format the engine lacks.
            const bool integers = !is_floating_element(*data) && !is_floating_element(*weight);
            return {format_of_element(*data), format_of_element(*weight),
                    integers ? NumberFormat::Int32 : NumberFormat::Unspecified};
        }
        const og::ElementType a = element_type(node_->inputs[0]);
        if (a == element_type(node_->inputs[1]) && (a == og::ElementType::Float16 || a == og::ElementType::Bfloat16))
            return uniform_precision(format_of_element(a));
        return {};
    }

    void convert_node() {
        const og::Node& n = *node_;
        precision_ = {};
        // Values computed from constants alone are constants too (a transposed or cast weight).
        bool all_constant = false;
        for (const std::string& in : n.inputs) {
            if (in.empty()) continue;
            all_constant = is_constant(in);
            if (!all_constant) break;
        }
        if (standard_domain(n.domain) && is_quantization_operator(n.op_type)) {
            if (all_constant)  // a quantized weight's DequantizeLinear: the layer still sees a weight
                for (const std::string& out : n.outputs) constants_.insert(out);
            return add_unmapped(n.op_type, "quantization scale (folded into the layer's precision)", 0);
        }
        if (all_constant) {
            for (const std::string& out : n.outputs) constants_.insert(out);
            add_unmapped(n.op_type, "computes constants only (folded before inference)", 0);
            return;
        }
        if (!standard_domain(n.domain)) {
            add_unmapped(n.op_type, n.domain == "ai.onnx.ml" ? "a classical machine-learning operator (ai.onnx.ml)"
                                                             : "a function of the model (its body is not read)",
                         0);
            return;
        }
        // Quantized operators: the float one's layer, at their operands' precision.
        if (n.op_type == "QLinearConv") {  // x, x_scale, x_zero_point, w, w_scale, w_zero_point, y_scale, ...
            precision_ = integer_precision(0, 3);
            return convert_conv(false, 0, 3);
        }
        if (n.op_type == "ConvInteger") {  // x, w, x_zero_point, w_zero_point
            precision_ = integer_precision(0, 1);
            return convert_conv(false, 0, 1);
        }
        if (n.op_type == "QLinearMatMul") {  // a, a_scale, a_zero_point, b, b_scale, b_zero_point, ...
            precision_ = integer_precision(0, 3);
            return convert_matmul(0, 3);
        }
        if (n.op_type == "MatMulInteger") {  // A, B, a_zero_point, b_zero_point
            precision_ = integer_precision(0, 1);
            return convert_matmul(0, 1);
        }
        precision_ = stated_precision();
        if (n.op_type == "Conv") return convert_conv(false);
        if (n.op_type == "ConvTranspose") return convert_conv(true);
        if (n.op_type == "Gemm") return convert_gemm();
        if (n.op_type == "MatMul") return convert_matmul();
        if (n.op_type == "Einsum") return convert_einsum();
        add_unmapped(n.op_type, "", unmapped_operations());
    }

    // Elementary operations of an operator that is not a layer: none for data movement, the
    // kernel's size per output for pooling, one per input for reductions, one per output else.
    std::int64_t unmapped_operations() const {
        const og::Node& n = *node_;
        if (data_movement_operators().count(n.op_type) || n.outputs.empty()) return 0;
        if (reduction_operators().count(n.op_type)) {
            if (n.inputs.empty()) return 0;
            const auto in = known_shape(n.inputs[0]);
            return in ? product(*in) : 0;
        }
        const auto out = known_shape(n.outputs[0]);
        if (!out) return 0;
        std::int64_t ops = product(*out);
        if (n.op_type == "MaxPool" || n.op_type == "AveragePool" || n.op_type == "LpPool") {
            const og::Attribute* k = n.attribute("kernel_shape");
            if (k && k->kind == og::Attribute::Kind::Ints)
                for (std::int64_t v : k->ints)
                    if (v > 0) ops = times(ops, v);
        }
        return ops;
    }

    void add_unmapped(const std::string& op, const std::string& reason, std::int64_t operations) {
        auto it = std::find_if(unmapped_.begin(), unmapped_.end(),
                               [&](const UnmappedOperator& u) { return u.op_type == op && u.reason == reason; });
        if (it == unmapped_.end()) {
            unmapped_.push_back({op, reason, 0, 0});
            it = std::prev(unmapped_.end());
        }
        ++it->count;
        if (__builtin_add_overflow(it->operations, operations, &it->operations)) it->operations = std::numeric_limits<std::int64_t>::max();
    }

    void add_layer(Layer l) {
        l.name = layer_name();
        l.precision = precision_;
        if (const std::string p = layer_problem(l); !p.empty()) fail(p);
        model_.layers.push_back(std::move(l));
    }

    // Conv and ConvTranspose, 1D or 2D; the quantized convolutions have their data and weight
    // at other positions.
    void convert_conv(bool transposed, std::size_t data = 0, std::size_t weight = 1) {
        const Shape x = shape(input(data, "data"), "input");
        const Shape w = shape(input(weight, "weight"), "weight");
        if (x.size() == 5)
            fail("3D convolutions are not modelled: the engine's layers have two spatial dimensions (Y, X)");
        if (x.size() != 3 && x.size() != 4)
            fail("its input has " + std::to_string(x.size()) + " dimensions (" + shape_text(x) +
                 "); a 1D or 2D convolution's has 3 or 4 (batch, channels, spatial)");
        if (w.size() != x.size())
            fail("its weight (" + shape_text(w) + ") and its input (" + shape_text(x) + ") differ in rank");
        const std::size_t spatial = x.size() - 2;
        const std::int64_t group = integer("group", 1);
        if (group < 1) fail("group " + std::to_string(group) + " is not positive");
        const std::int64_t batch = x[0];
        const std::int64_t in_channels = x[1];
        // Conv weights are (out, in / group, k...); ConvTranspose's are (in, out / group, k...).
        const std::int64_t out_channels = transposed ? w[1] * group : w[0];
        const std::int64_t weight_in = transposed ? w[0] : w[1] * group;
        if (weight_in != in_channels)
            fail("its input has " + std::to_string(in_channels) + " channels, its weight (" + shape_text(w) + ") and group " +
                 std::to_string(group) + " expect " + std::to_string(weight_in));
        if (!transposed && out_channels % group != 0)
            fail("its " + std::to_string(out_channels) + " output channels do not divide into " + std::to_string(group) + " groups");

        const auto kernel_attr = ints("kernel_shape", {});
        const auto strides = ints("strides", Shape(spatial, 1));
        const auto dilations = ints("dilations", Shape(spatial, 1));
        const auto pads = ints("pads", Shape(2 * spatial, 0));
        const std::string auto_pad = text("auto_pad", "NOTSET");
        if (!kernel_attr.empty() && kernel_attr.size() != spatial) fail("kernel_shape has " + std::to_string(kernel_attr.size()) + " entries, not " + std::to_string(spatial));
        if (strides.size() != spatial) fail("strides has " + std::to_string(strides.size()) + " entries, not " + std::to_string(spatial));
        if (dilations.size() != spatial) fail("dilations has " + std::to_string(dilations.size()) + " entries, not " + std::to_string(spatial));
        if (pads.size() != 2 * spatial) fail("pads has " + std::to_string(pads.size()) + " entries, not " + std::to_string(2 * spatial));
        if (auto_pad != "NOTSET" && auto_pad != "SAME_UPPER" && auto_pad != "SAME_LOWER" && auto_pad != "VALID")
            fail("auto_pad \"" + auto_pad + "\" is none of NOTSET, SAME_UPPER, SAME_LOWER, VALID");

        std::vector<Axis> axes(spatial);
        for (std::size_t i = 0; i < spatial; ++i) {
            Axis& a = axes[i];
            a.input = x[2 + i];
            a.kernel = w[2 + i];
            a.stride = strides[i];
            a.dilation = dilations[i];
            if (!kernel_attr.empty() && kernel_attr[i] != a.kernel)
                fail("kernel_shape " + std::to_string(kernel_attr[i]) + " differs from its weight's " + std::to_string(a.kernel));
            if (a.stride < 1) fail("stride " + std::to_string(a.stride) + " is not positive");
            if (a.dilation < 1) fail("dilation " + std::to_string(a.dilation) + " is not positive");
            if (pads[i] < 0 || pads[spatial + i] < 0) fail("negative padding");
            const std::int64_t reach = (a.kernel - 1) * a.dilation + 1;
            std::int64_t padding = pads[i] + pads[spatial + i];
            if (auto_pad == "VALID") padding = 0;
            if (auto_pad == "SAME_UPPER" || auto_pad == "SAME_LOWER")
                padding = transposed ? 0 : std::max<std::int64_t>(0, ((a.input + a.stride - 1) / a.stride - 1) * a.stride + reach - a.input);
            a.padded_input = a.input + padding;
            // SAME_UPPER puts the odd zero at the end, SAME_LOWER at the start.
            a.pad_before = auto_pad == "NOTSET" ? pads[i] : (auto_pad == "SAME_LOWER" ? (padding + 1) / 2 : padding / 2);
            if (transposed || auto_pad == "VALID") a.pad_before = 0;
            if (!transposed && reach > a.padded_input)
                fail("its kernel (" + std::to_string(reach) + (a.dilation > 1 ? " with dilation" : "") +
                     ") does not fit its padded input (" + std::to_string(a.padded_input) + ", input " + std::to_string(a.input) +
                     " with padding " + std::to_string(padding) + ")");
            a.output = transposed ? a.input : (a.padded_input - reach) / a.stride + 1;
        }

        std::int64_t macs = times(times(batch, out_channels), in_channels / group);
        for (const Axis& a : axes) macs = times(times(macs, a.kernel), a.output);
        for (const Axis& a : axes)
            if (a.dilation > 1) return add_unmapped(node_->op_type, "dilation " + std::to_string(a.dilation) + " is not modelled", macs);
        if (transposed && group > 1) return add_unmapped(node_->op_type, "grouped ConvTranspose is not modelled", macs);

        // 1D convolutions run along X, with one row.
        const Axis rows = spatial == 2 ? axes[0] : Axis{1, 1, 0, 1, 1, 1, 1};
        const Axis& columns = axes[spatial - 1];
        Layer l;
        if (transposed) {
            // As MAESTRO analyses TRCONV, a convolution: over the input grown by the kernel less
            // one, at stride 1, its outputs are the input's positions, so that each input value
            // meets each weight once: the MACs of the transposed convolution.
            l = Layer::conv("", out_channels, in_channels, rows.kernel, columns.kernel, rows.input + rows.kernel - 1,
                            columns.input + columns.kernel - 1, 1, batch > 1 ? batch : 0);
            l.type = LayerType::TransposedConv;
        } else if (group == 1) {
            l = Layer::conv("", out_channels, in_channels, rows.kernel, columns.kernel, rows.padded_input, columns.padded_input, 1,
                            batch > 1 ? batch : 0);
        } else if (group == in_channels && out_channels == in_channels) {
            l = Layer::depthwise("", in_channels, rows.kernel, columns.kernel, rows.padded_input, columns.padded_input, 1,
                                 batch > 1 ? batch : 0);
        } else {
            l = Layer::conv("", out_channels / group, in_channels / group, rows.kernel, columns.kernel, rows.padded_input,
                            columns.padded_input, 1, batch > 1 ? batch : 0);
            l.type = LayerType::GroupedConv;
            l.set(Dim::G, group);
        }
        if (!transposed) {
            l.set_stride(Dim::Y, rows.stride);
            l.set_stride(Dim::X, columns.stride);
            // The zeros kept as padding (Y and X include them, as MAESTRO's model reads them).
            l.padding = {rows.pad_before, rows.padded_input - rows.input - rows.pad_before, columns.pad_before,
                         columns.padded_input - columns.input - columns.pad_before};
        }
        if (exact_macs(l) != macs) fail("internal error: the layer's MACs differ from the operator's");
        add_layer(std::move(l));
    }

    // A product of M x K by K x N, repeated `batch` times; a constant operand is a weight, which
    // makes it a fully-connected layer over M (or N) tokens.
    void add_product(std::int64_t m, std::int64_t n, std::int64_t k, std::int64_t batch, bool left_constant, bool right_constant) {
        if (batch == 1 && right_constant && !left_constant) return add_layer(Layer::fully_connected("", n, k, m > 1 ? m : 0));
        if (batch == 1 && left_constant && !right_constant) return add_layer(Layer::fully_connected("", m, k, n > 1 ? n : 0));
        Layer l = Layer::gemm("", m, n, k);
        // Independent products (a batch, attention's heads) share no operand: the engine runs
        // one GEMM, and the totals count it once per product.
        l.repeat_count = batch;
        add_layer(std::move(l));
    }

    void convert_gemm() {
        const std::string& a_name = input(0, "A");
        const std::string& b_name = input(1, "B");
        const Shape a = shape(a_name, "input A");
        const Shape b = shape(b_name, "input B");
        if (a.size() != 2 || b.size() != 2) fail("Gemm multiplies matrices; its inputs are " + shape_text(a) + " and " + shape_text(b));
        const bool trans_a = integer("transA", 0) != 0;
        const bool trans_b = integer("transB", 0) != 0;
        const std::int64_t m = trans_a ? a[1] : a[0];
        const std::int64_t k = trans_a ? a[0] : a[1];
        const std::int64_t kb = trans_b ? b[1] : b[0];
        const std::int64_t n = trans_b ? b[0] : b[1];
        if (k != kb) fail("A (" + shape_text(a) + (trans_a ? ", transposed" : "") + ") and B (" + shape_text(b) + (trans_b ? ", transposed" : "") + ") do not multiply");
        add_product(m, n, k, 1, is_constant(a_name), is_constant(b_name));
    }

    void convert_matmul(std::size_t a_index = 0, std::size_t b_index = 1) {
        const std::string& a_name = input(a_index, "A");
        const std::string& b_name = input(b_index, "B");
        Shape a = shape(a_name, "input A");
        Shape b = shape(b_name, "input B");
        if (a.empty() || b.empty()) fail("MatMul of a scalar");
        if (a.size() == 1) a.insert(a.begin(), 1);  // a row vector
        if (b.size() == 1) b.push_back(1);          // a column vector
        const std::int64_t m = a[a.size() - 2];
        const std::int64_t k = a[a.size() - 1];
        const std::int64_t n = b[b.size() - 1];
        if (b[b.size() - 2] != k) fail("A (" + shape_text(a) + ") and B (" + shape_text(b) + ") do not multiply");
        // Leading dimensions broadcast.
        const Shape a_batch(a.begin(), a.end() - 2);
        const Shape b_batch(b.begin(), b.end() - 2);
        const std::size_t rank = std::max(a_batch.size(), b_batch.size());
        Shape batch(rank, 1);
        for (std::size_t i = 0; i < rank; ++i) {
            const std::int64_t da = i + a_batch.size() >= rank ? a_batch[i + a_batch.size() - rank] : 1;
            const std::int64_t db = i + b_batch.size() >= rank ? b_batch[i + b_batch.size() - rank] : 1;
            if (da != db && da != 1 && db != 1) fail("the batch dimensions of A (" + shape_text(a) + ") and B (" + shape_text(b) + ") do not broadcast");
            batch[i] = std::max(da, db);
        }
        const bool a_constant = is_constant(a_name);
        const bool b_constant = is_constant(b_name);
        // A weight shared by every row of a batch of sequences: one fully-connected layer over
        // all their tokens.
        if (b_constant && !a_constant && product(b_batch) == 1) return add_product(times(product(batch), m), n, k, 1, false, true);
        if (a_constant && !b_constant && product(a_batch) == 1 && product(batch) == 1) return add_product(m, n, k, 1, true, false);
        add_product(m, n, k, product(batch), a_constant, b_constant);
    }

    // Einsum where it is one of the products above: labels in both operands and the output are a
    // batch, labels summed over are the reduction K, the others M (first operand) and N (second).
    void convert_einsum() {
        std::string equation = text("equation", "");
        equation.erase(std::remove(equation.begin(), equation.end(), ' '), equation.end());
        if (node_->inputs.size() != 2) return add_unmapped("Einsum", "not a product of two operands", einsum_operations());
        const std::string& a_name = input(0, "first");
        const std::string& b_name = input(1, "second");
        const Shape a = shape(a_name, "first input");
        const Shape b = shape(b_name, "second input");
        const std::size_t arrow = equation.find("->");
        std::string lhs = equation.substr(0, arrow);
        const std::size_t comma = lhs.find(',');
        if (comma == std::string::npos || lhs.find(',', comma + 1) != std::string::npos) fail("equation \"" + equation + "\" does not name two operands");
        std::string terms[2] = {lhs.substr(0, comma), lhs.substr(comma + 1)};
        const Shape* shapes[2] = {&a, &b};
        // "..." stands for the leading dimensions the letters do not name; they are given
        // labels of their own (digits, which equations cannot use), aligned from the right.
        std::size_t ellipsis_rank = 0;
        for (int t = 0; t < 2; ++t) {
            const std::size_t at = terms[t].find("...");
            const std::size_t letters = terms[t].size() - (at == std::string::npos ? 0 : 3);
            if (at == std::string::npos) {
                if (letters != shapes[t]->size()) fail("equation \"" + equation + "\" gives operand " + std::to_string(t + 1) + " " + std::to_string(letters) + " dimensions, its shape has " + std::to_string(shapes[t]->size()));
                continue;
            }
            if (letters > shapes[t]->size()) fail("equation \"" + equation + "\" names more dimensions than operand " + std::to_string(t + 1) + " has");
            const std::size_t hidden = shapes[t]->size() - letters;
            ellipsis_rank = std::max(ellipsis_rank, hidden);
            std::string labels;
            for (std::size_t i = 0; i < hidden; ++i) labels += static_cast<char>('0' + (9 - (hidden - 1 - i)) % 10);
            terms[t].replace(at, 3, labels);
        }
        std::string ellipsis_labels;
        for (std::size_t i = 0; i < ellipsis_rank; ++i) ellipsis_labels += static_cast<char>('0' + (9 - (ellipsis_rank - 1 - i)) % 10);
        std::string out;
        if (arrow != std::string::npos) {
            out = equation.substr(arrow + 2);
            if (const std::size_t at = out.find("..."); at != std::string::npos) out.replace(at, 3, ellipsis_labels);
        } else {  // implicit output: the ellipsis, then the letters used once, in alphabetical order
            std::map<char, int> uses;
            for (const std::string& t : terms)
                for (char c : t) ++uses[c];
            out = ellipsis_labels;
            for (const auto& [c, count] : uses)
                if (count == 1 && !(c >= '0' && c <= '9')) out += c;
        }
        std::map<char, std::int64_t> size;
        for (int t = 0; t < 2; ++t) {
            std::set<char> seen;
            for (std::size_t i = 0; i < terms[t].size(); ++i) {
                const char c = terms[t][i];
                if (!seen.insert(c).second) return add_unmapped("Einsum", "a diagonal (a label twice in one operand), not a product", einsum_operations());
                const std::int64_t d = (*shapes[t])[i];
                std::int64_t& s = size[c];
                if (s > 1 && d > 1 && s != d) fail("label " + std::string(1, c) + " has sizes " + std::to_string(s) + " and " + std::to_string(d));
                s = std::max(s, d);
            }
        }
        std::int64_t m = 1, n = 1, k = 1, batch = 1;
        for (const auto& [c, s] : size) {
            const bool in_a = terms[0].find(c) != std::string::npos;
            const bool in_b = terms[1].find(c) != std::string::npos;
            const bool in_out = out.find(c) != std::string::npos;
            if (in_a && in_b && in_out) {
                batch = times(batch, s);
            } else if (in_a && in_b) {
                k = times(k, s);
            } else if (in_a && in_out) {
                m = times(m, s);
            } else if (in_b && in_out) {
                n = times(n, s);
            } else {
                return add_unmapped("Einsum", "sums an operand on its own, not a product", einsum_operations());
            }
        }
        for (char c : out)
            if (!size.count(c)) fail("equation \"" + equation + "\": output label " + std::string(1, c) + " is in no operand");
        add_product(m, n, k, batch, is_constant(a_name), is_constant(b_name));
    }

    std::int64_t einsum_operations() const {
        const auto out = node_->outputs.empty() ? std::nullopt : known_shape(node_->outputs[0]);
        return out ? product(*out) : 0;
    }

    const og::Graph& g_;
    std::string file_;
    const og::Node* node_ = nullptr;
    std::size_t node_index_ = 0;
    std::unordered_set<std::string> constants_;
    std::unordered_map<std::string, const og::Node*> producers_;  // the node that computes each value
    TensorPrecision precision_;  // of the node being converted: what its layer gets
    Model model_;
    std::vector<UnmappedOperator> unmapped_;
};

void forward_progress(void* context, double fraction, const char* stage) {
    const auto* progress = static_cast<const std::function<void(double, const std::string&)>*>(context);
    (*progress)(fraction, stage);
}

}  // namespace

Model model_from_onnx_graph(const og::Graph& graph, const std::string& file_name, bool unique) {
    Model m = Converter(graph, file_name).run();
    return unique ? merge_identical_layers(m) : m;
}

Model import_onnx_model(const std::string& path, const OnnxImportOptions& options) {
    // A missing file is told apart from a malformed one (the Python module raises
    // FileNotFoundError for it), in the reader's words, and before the plugin is loaded for nothing.
    std::error_code ec;
    if (!std::filesystem::exists(path, ec) && !ec) throw MissingFileError({path, 0, 0}, "cannot open the file: No such file or directory");
    std::string why_not;
    const og::ReaderEntryPoint read = onnx_reader(why_not);
    if (!read) throw InputError({path, 0, 0}, why_not);
    og::ReadRequest request;
    request.path = path;
    request.dimensions = options.dimensions;
    if (options.progress) {
        request.progress = &forward_progress;
        request.progress_context = const_cast<std::function<void(double, const std::string&)>*>(&options.progress);
    }
    og::ReadResult result;
    read(&request, &result);
    if (!result.ok) throw InputError({path, 0, 0}, result.error);
    if (options.progress) options.progress(0.95, "converting to layers");
    Model m = model_from_onnx_graph(result.graph, path, options.unique);
    for (const og::DimensionValue& d : options.dimensions) m.source += ", --dim " + d.name + "=" + std::to_string(d.value);
    if (options.unique) m.source += ", --unique";
    if (options.progress) options.progress(1.0, "done");
    return m;
}

og::DimensionValue parse_dimension_value(const std::string& text, const std::string& option) {
    const std::size_t eq = text.find('=');
    og::DimensionValue d;
    if (eq == std::string::npos || eq == 0) throw InputError({option, 0, 0}, "\"" + text + "\" is not NAME=VALUE");
    d.name = text.substr(0, eq);
    const std::string value = text.substr(eq + 1);
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), d.value);
    if (ec != std::errc{} || end != value.data() + value.size() || d.value < 1 || d.value > kIntMax)
        throw InputError({option, 0, 0}, "\"" + text + "\": the value of " + d.name + " must be a whole number from 1 to " + std::to_string(kIntMax));
    return d;
}

}  // namespace mapscape
