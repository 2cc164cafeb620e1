// The ONNX importer: every operator and attribute it maps, quantized graphs and their layers'
// precision (--precision for the others), symbolic dimensions, external data, repeat counts
// (--unique) and their totals, a stale plugin refused, each kind of bad input (through
// mapscape-cli: exit code 2, the message, nothing on stdout), and a torchvision-shaped ResNet-18
// built here equal, layer for layer, to the shipped models/resnet18_torchvision.json. The models
// are built by the tests through protobuf's API (onnx_builder.hpp): no file is committed, no
// PyTorch is needed.
#include <fcntl.h>
#include <unistd.h>

#include <QDir>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>

#include <cstring>
#include <nlohmann/json.hpp>

#include "cli_runner.hpp"
#include "onnx_builder.hpp"
#include "test_support.hpp"
#include "util/diagnostic.hpp"
#include "study/study.hpp"
#include "workload/model.hpp"
#include "workload/onnx_import.hpp"

using namespace mapscape;

namespace {

Layer named(Layer l, const std::string& name, std::int64_t repeats = 1) {
    l.name = name;
    l.repeat_count = repeats;
    return l;
}

Layer with_strides(Layer l, std::int64_t sy, std::int64_t sx) {
    l.set_stride(Dim::Y, sy);
    l.set_stride(Dim::X, sx);
    return l;
}

// The layer with these rows before and after, columns before and after, of padding.
Layer padded(Layer l, std::array<std::int64_t, 4> padding) {
    l.padding = padding;
    return l;
}

const UnmappedOperator* find_unmapped(const Model& m, const std::string& op) {
    for (const UnmappedOperator& u : m.unmapped)
        if (u.op_type == op) return &u;
    return nullptr;
}

using TP = onnx::TensorProto;

// A quantization parameter: a scale (float) or a zero point (of the quantized type), a scalar.
void scalar(OnnxBuilder& b, const std::string& name, int type) { b.weight(name, {}, type); }

// QLinearConv as OnnxBuilder::conv builds Conv: its int8 weight NAME.weight, its scales and zero
// points (uint8 data in and out), an int32 bias.
onnx::NodeProto& qlinear_conv(OnnxBuilder& b, const std::string& name, const std::string& in, const std::string& out,
                              std::int64_t out_channels, std::int64_t in_per_group, std::vector<std::int64_t> kernel,
                              std::vector<std::int64_t> strides, std::vector<std::int64_t> pads, std::int64_t group = 1) {
    std::vector<std::int64_t> dims = {out_channels, in_per_group};
    dims.insert(dims.end(), kernel.begin(), kernel.end());
    b.weight(name + ".weight", dims, TP::INT8);
    for (const char* s : {".x_scale", ".w_scale", ".y_scale"}) scalar(b, name + s, TP::FLOAT);
    scalar(b, name + ".x_zero_point", TP::UINT8);
    scalar(b, name + ".w_zero_point", TP::INT8);
    scalar(b, name + ".y_zero_point", TP::UINT8);
    b.weight(name + ".bias", {out_channels}, TP::INT32);
    onnx::NodeProto& n = b.node("QLinearConv", name,
                                {in, name + ".x_scale", name + ".x_zero_point", name + ".weight", name + ".w_scale",
                                 name + ".w_zero_point", name + ".y_scale", name + ".y_zero_point", name + ".bias"},
                                {out});
    OnnxBuilder::ints(n, "kernel_shape", kernel);
    OnnxBuilder::ints(n, "strides", strides);
    OnnxBuilder::ints(n, "pads", pads);
    if (group != 1) OnnxBuilder::integer(n, "group", group);
    return n;
}

// The precision of int8 operands accumulated in int32, as quantized layers import.
TensorPrecision int8_layer() { return {NumberFormat::Int8, NumberFormat::Int8, NumberFormat::Int32}; }

Layer at(Layer l, const TensorPrecision& p) {
    l.precision = p;
    return l;
}

// torchvision's ResNet-18, as torch.onnx names and orders its nodes, with weights declared by
// their shapes alone (batch normalisation folded into the convolutions, as exports do).
OnnxBuilder torchvision_resnet18() {
    OnnxBuilder b;
    b.input("image", {1, 3, 224, 224});
    b.conv("/conv1/Conv", "image", "c1", 64, 3, {7, 7}, {2, 2}, {3, 3, 3, 3});
    b.node("Relu", "/relu/Relu", {"c1"}, {"r1"});
    auto& pool = b.node("MaxPool", "/maxpool/MaxPool", {"r1"}, {"p1"});
    OnnxBuilder::ints(pool, "kernel_shape", {3, 3});
    OnnxBuilder::ints(pool, "strides", {2, 2});
    OnnxBuilder::ints(pool, "pads", {1, 1, 1, 1});
    std::string x = "p1";
    std::int64_t in = 64;
    for (int stage = 1; stage <= 4; ++stage) {
        const std::int64_t c = 64 << (stage - 1);
        for (int block = 0; block < 2; ++block) {
            const std::string p = "/layer" + std::to_string(stage) + "/layer" + std::to_string(stage) + "." + std::to_string(block) + "/";
            const std::int64_t s = stage > 1 && block == 0 ? 2 : 1;
            b.conv(p + "conv1/Conv", x, p + "a", c, in, {3, 3}, {s, s}, {1, 1, 1, 1});
            b.node("Relu", p + "relu/Relu", {p + "a"}, {p + "ar"});
            b.conv(p + "conv2/Conv", p + "ar", p + "b", c, c, {3, 3}, {1, 1}, {1, 1, 1, 1});
            std::string shortcut = x;
            if (s != 1 || in != c) {
                b.conv(p + "downsample/downsample.0/Conv", x, p + "d", c, in, {1, 1}, {s, s}, {0, 0, 0, 0});
                shortcut = p + "d";
            }
            b.node("Add", p + "Add", {p + "b", shortcut}, {p + "sum"});
            b.node("Relu", p + "relu_1/Relu", {p + "sum"}, {p + "out"});
            x = p + "out";
            in = c;
        }
    }
    b.node("GlobalAveragePool", "/avgpool/GlobalAveragePool", {x}, {"gap"});
    auto& flat = b.node("Flatten", "/Flatten", {"gap"}, {"flat"});
    OnnxBuilder::integer(flat, "axis", 1);
    b.weight("fc.weight", {1000, 512});
    b.weight("fc.bias", {1000});
    auto& fc = b.node("Gemm", "/fc/Gemm", {"flat", "fc.weight", "fc.bias"}, {"logits"});
    OnnxBuilder::integer(fc, "transB", 1);
    b.output("logits");
    return b;
}

}  // namespace

class OnnxImportTest : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

    std::string path(const std::string& name) const { return dir_.filePath(QString::fromStdString(name)).toStdString(); }

    Model import(const OnnxBuilder& b, const std::string& name = "net.onnx", OnnxImportOptions options = {}) {
        b.save(path(name));
        return import_onnx_model(path(name), options);
    }

    // The error a model gives through the CLI: exit code 2, nothing on stdout, one line.
    QString cli_error(const OnnxBuilder& b, const std::string& name) {
        b.save(path(name));
        return cli_error_of_file(name);
    }
    QString cli_error_of_file(const std::string& name, const QStringList& extra = {}) {
        const CliRun r = cli(QStringList{"model", "show", QString::fromStdString(path(name))} + extra);
        if (r.exit_code != 2 || !r.out.isEmpty()) {
            qWarning() << "exit" << r.exit_code << "out" << r.out << "err" << r.err;
            return "(not rejected)";
        }
        return QString::fromUtf8(r.err).trimmed();
    }

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        const std::string status = onnx_plugin_status();
        QVERIFY2(status.ends_with("/mapscape-onnx.so"), status.c_str());  // where it was loaded from, not why it was not
    }

    void conv_strides_pads_and_batch() {
        OnnxBuilder b;
        b.input("x", {2, 3, 224, 224});
        b.conv("/conv1/Conv", "x", "y", 64, 3, {7, 7}, {2, 2}, {3, 3, 3, 3});
        b.conv("/tall/Conv", "y", "z", 8, 64, {3, 1}, {2, 1}, {1, 0, 0, 0});  // pads: top 1, bottom 0
        b.output("z");
        const Model m = import(b);
        QCOMPARE(m.layers.size(), std::size_t(2));
        // The padded input (224 + 3 + 3) is the layer's Y and X (as MAESTRO's model reads it); the
        // padding says which of those rows and columns are zeros (the faithful analysis's).
        QCOMPARE(m.layers[0], named(padded(Layer::conv("", 64, 3, 7, 7, 230, 230, 2, 2), {3, 3, 3, 3}), "/conv1/Conv"));
        MAPSCAPE_COMPARE_I64(output_rows(m.layers[0]), 112);
        QCOMPARE(m.layers[1], named(padded(with_strides(Layer::conv("", 8, 64, 3, 1, 113, 112, 1, 2), 2, 1), {1, 0, 0, 0}), "/tall/Conv"));
        MAPSCAPE_COMPARE_I64(exact_macs(m.layers[0]), 2LL * 64 * 3 * 49 * 112 * 112);
        QVERIFY(m.unmapped.empty());
        QVERIFY(m.source.find("ONNX graph net.onnx (mapscape-tests, opset 17)") != std::string::npos);
    }

    void conv_auto_pad() {
        OnnxBuilder b;
        b.input("x", {1, 16, 15, 15});
        auto& upper = b.conv("upper", "x", "a", 16, 16, {4, 4}, {2, 2});
        OnnxBuilder::text(upper, "auto_pad", "SAME_UPPER");
        auto& lower = b.conv("lower", "x", "b", 16, 16, {3, 3}, {1, 1});
        OnnxBuilder::text(lower, "auto_pad", "SAME_LOWER");
        auto& valid = b.conv("valid", "x", "c", 16, 16, {3, 3}, {1, 1});
        OnnxBuilder::text(valid, "auto_pad", "VALID");
        b.output("a");
        b.output("b");
        b.output("c");
        const Model m = import(b);
        // SAME: output ceil(15 / 2) = 8 needs (8 - 1) * 2 + 4 = 18 input rows: 3 of padding.
        // SAME_UPPER puts the odd zero after the input, SAME_LOWER before.
        QCOMPARE(m.layers[0], named(padded(Layer::conv("", 16, 16, 4, 4, 18, 18, 2), {1, 2, 1, 2}), "upper"));
        MAPSCAPE_COMPARE_I64(output_rows(m.layers[0]), 8);
        QCOMPARE(m.layers[1], named(padded(Layer::conv("", 16, 16, 3, 3, 17, 17, 1), {1, 1, 1, 1}), "lower"));
        QCOMPARE(m.layers[2], named(Layer::conv("", 16, 16, 3, 3, 15, 15, 1), "valid"));
    }

    void depthwise_and_grouped() {
        OnnxBuilder b;
        b.input("x", {1, 32, 56, 56});
        b.conv("dw", "x", "a", 32, 1, {3, 3}, {2, 2}, {1, 1, 1, 1}, 32);
        b.conv("grouped", "x", "b", 64, 8, {3, 3}, {1, 1}, {1, 1, 1, 1}, 4);
        b.conv("multiplier", "x", "c", 64, 1, {3, 3}, {1, 1}, {1, 1, 1, 1}, 32);
        b.output("a");
        b.output("b");
        b.output("c");
        const Model m = import(b);
        QCOMPARE(m.layers[0], named(padded(Layer::depthwise("", 32, 3, 3, 58, 58, 2), {1, 1, 1, 1}), "dw"));
        Layer grouped = padded(Layer::conv("", 16, 8, 3, 3, 58, 58, 1), {1, 1, 1, 1});
        grouped.type = LayerType::GroupedConv;
        grouped.set(Dim::G, 4);
        QCOMPARE(m.layers[1], named(grouped, "grouped"));
        MAPSCAPE_COMPARE_I64(exact_macs(m.layers[1]), 64LL * 8 * 9 * 56 * 56);
        Layer multiplier = padded(Layer::conv("", 2, 1, 3, 3, 58, 58, 1), {1, 1, 1, 1});
        multiplier.type = LayerType::GroupedConv;
        multiplier.set(Dim::G, 32);
        QCOMPARE(m.layers[2], named(multiplier, "multiplier"));
    }

    void conv_1d() {
        OnnxBuilder b;
        b.input("audio", {1, 40, 100});
        b.conv("conv1d", "audio", "y", 128, 40, {5}, {2}, {2, 2});
        b.output("y");
        const Model m = import(b);
        // One row: Y = R = 1; the sequence runs along X.
        QCOMPARE(m.layers[0], named(padded(with_strides(Layer::conv("", 128, 40, 1, 5, 1, 104, 1), 1, 2), {0, 0, 2, 2}), "conv1d"));
        MAPSCAPE_COMPARE_I64(exact_macs(m.layers[0]), 128LL * 40 * 5 * 50);
    }

    void dilation_is_not_mapped_but_counted() {
        OnnxBuilder b;
        b.input("x", {1, 8, 32, 32});
        auto& d = b.conv("dilated", "x", "a", 8, 8, {3, 3}, {1, 1}, {2, 2, 2, 2});
        OnnxBuilder::ints(d, "dilations", {2, 2});
        b.conv("plain", "a", "y", 8, 8, {1, 1});
        b.output("y");
        const Model m = import(b);
        QCOMPARE(m.layers.size(), std::size_t(1));
        const UnmappedOperator* u = find_unmapped(m, "Conv");
        QVERIFY(u);
        QCOMPARE(u->reason, std::string("dilation 2 is not modelled"));
        MAPSCAPE_COMPARE_I64(u->count, 1);
        MAPSCAPE_COMPARE_I64(u->operations, 8LL * 8 * 9 * 32 * 32);
    }

    void conv_transpose() {
        OnnxBuilder b;
        b.input("x", {1, 64, 28, 28});
        b.weight("up.weight", {64, 32, 2, 2});  // (in, out / group, kH, kW)
        auto& up = b.node("ConvTranspose", "up", {"x", "up.weight"}, {"y"});
        OnnxBuilder::ints(up, "strides", {2, 2});
        b.weight("g.weight", {64, 8, 3, 3});
        auto& g = b.node("ConvTranspose", "grouped", {"x", "g.weight"}, {"z"});
        OnnxBuilder::integer(g, "group", 4);
        b.output("y");
        b.output("z");
        const Model m = import(b);
        // Each of the 28 x 28 inputs meets each 2 x 2 x 64 x 32 weight once: a TRCONV over the
        // input grown by the kernel less one, at stride 1 (U-Net's up-convolutions are so).
        Layer tr = Layer::conv("", 32, 64, 2, 2, 29, 29, 1);
        tr.type = LayerType::TransposedConv;
        QCOMPARE(m.layers[0], named(tr, "up"));
        MAPSCAPE_COMPARE_I64(exact_macs(m.layers[0]), 64LL * 32 * 4 * 28 * 28);
        const UnmappedOperator* u = find_unmapped(m, "ConvTranspose");
        QVERIFY(u);
        QCOMPARE(u->reason, std::string("grouped ConvTranspose is not modelled"));
        MAPSCAPE_COMPARE_I64(u->operations, 64LL * 8 * 9 * 28 * 28);
    }

    void gemm_variants() {
        OnnxBuilder b;
        b.input("x", {8, 512});
        b.input("y", {256, 8});
        b.weight("fc.weight", {1000, 512});
        auto& fc = b.node("Gemm", "/fc/Gemm", {"x", "fc.weight"}, {"a"});
        OnnxBuilder::integer(fc, "transB", 1);
        auto& act = b.node("Gemm", "activations", {"y", "x"}, {"b"});  // (256 x 8) x (8 x 512)
        (void)act;
        auto& ta = b.node("Gemm", "transposed", {"x", "y"}, {"c"});    // (512 x 8) x (8 x ... no: A^T is 512 x 8
        OnnxBuilder::integer(ta, "transA", 1);
        OnnxBuilder::integer(ta, "transB", 1);  // B^T is 8 x 256
        b.output("a");
        b.output("b");
        b.output("c");
        const Model m = import(b);
        QCOMPARE(m.layers[0], named(Layer::fully_connected("", 1000, 512, 8), "/fc/Gemm"));
        QCOMPARE(m.layers[1], named(Layer::gemm("", 256, 512, 8), "activations"));
        QCOMPARE(m.layers[2], named(Layer::gemm("", 512, 256, 8), "transposed"));
    }

    void matmul_weights_and_attention() {
        OnnxBuilder b;
        b.input("tokens", {2, 197, 768});
        b.input("q", {2, 12, 197, 64});
        b.input("kt", {2, 12, 64, 197});
        b.weight("w", {768, 3072});
        b.node("MatMul", "/mlp/MatMul", {"tokens", "w"}, {"h"});
        b.node("MatMul", "/attention/MatMul", {"q", "kt"}, {"scores"});
        b.input("v", {2, 12, 197, 64});
        b.node("MatMul", "/attention/MatMul_1", {"scores", "v"}, {"mixed"});
        b.input("row", {768});
        b.node("MatMul", "vector", {"row", "w"}, {"r"});
        b.output("h");
        b.output("mixed");
        b.output("r");
        const Model m = import(b);
        // A weight over a batch of sequences: one fully-connected layer over all 394 tokens.
        QCOMPARE(m.layers[0], named(Layer::fully_connected("", 3072, 768, 394), "/mlp/MatMul"));
        // Q.K^T and A.V: a GEMM per head and sequence, run 24 times.
        QCOMPARE(m.layers[1], named(Layer::gemm("", 197, 197, 64), "/attention/MatMul", 24));
        QCOMPARE(m.layers[2], named(Layer::gemm("", 197, 64, 197), "/attention/MatMul_1", 24));
        QCOMPARE(m.layers[3], named(Layer::fully_connected("", 3072, 768), "vector"));
        MAPSCAPE_COMPARE_I64(total_macs(m.layers), 394LL * 768 * 3072 + 2LL * 24 * 197 * 197 * 64 + 768LL * 3072);
        MAPSCAPE_COMPARE_I64(total_runs(m.layers), 50);
    }

    void einsum_products() {
        OnnxBuilder b;
        b.input("q", {1, 12, 197, 64});
        b.input("k", {1, 12, 197, 64});
        b.input("x", {4, 10, 32});
        b.input("sq", {5, 5});
        b.weight("w", {16, 32});
        auto& qk = b.node("Einsum", "qk", {"q", "k"}, {"s"});
        OnnxBuilder::text(qk, "equation", "bhid,bhjd->bhij");
        auto& lin = b.node("Einsum", "linear", {"x", "w"}, {"y"});
        OnnxBuilder::text(lin, "equation", "bti, oi -> bto");
        auto& ell = b.node("Einsum", "ellipsis", {"q", "k"}, {"e"});
        OnnxBuilder::text(ell, "equation", "...id,...jd");  // implicit output: ...ij
        auto& diag = b.node("Einsum", "diagonal", {"sq"}, {"d"});
        OnnxBuilder::text(diag, "equation", "ii->i");
        b.output("s");
        b.output("y");
        b.output("e");
        b.output("d");
        const Model m = import(b);
        QCOMPARE(m.layers.size(), std::size_t(3));
        QCOMPARE(m.layers[0], named(Layer::gemm("", 197, 197, 64), "qk", 12));
        QCOMPARE(m.layers[1], named(Layer::fully_connected("", 16, 32, 40), "linear"));
        QCOMPARE(m.layers[2], named(Layer::gemm("", 197, 197, 64), "ellipsis", 12));
        const UnmappedOperator* u = find_unmapped(m, "Einsum");
        QVERIFY(u);
        QCOMPARE(u->reason, std::string("not a product of two operands"));
    }

    void quantized_convolutions_are_the_float_ones_at_int8() {
        // The same three convolutions, float and quantized (QLinearConv; ConvInteger): the same
        // layers, the quantized ones with int8 operands and int32 partial sums.
        OnnxBuilder f;
        f.input("x", {1, 32, 56, 56});
        f.conv("dw", "x", "a", 32, 1, {3, 3}, {2, 2}, {1, 1, 1, 1}, 32);
        f.conv("grouped", "x", "b", 64, 8, {3, 3}, {1, 1}, {1, 1, 1, 1}, 4);
        f.conv("plain", "x", "c", 16, 32, {1, 1});
        OnnxBuilder q;
        q.typed_input("x", TP::UINT8, {1, 32, 56, 56});
        qlinear_conv(q, "dw", "x", "a", 32, 1, {3, 3}, {2, 2}, {1, 1, 1, 1}, 32);
        qlinear_conv(q, "grouped", "x", "b", 64, 8, {3, 3}, {1, 1}, {1, 1, 1, 1}, 4);
        q.weight("plain.weight", {16, 32, 1, 1}, TP::INT8);
        scalar(q, "plain.x_zero_point", TP::UINT8);
        auto& integer = q.node("ConvInteger", "plain", {"x", "plain.weight", "plain.x_zero_point"}, {"c"});
        OnnxBuilder::ints(integer, "kernel_shape", {1, 1});
        for (OnnxBuilder* b : {&f, &q})
            for (const char* out : {"a", "b", "c"}) b->output(out);
        const Model floats = import(f, "float_convs.onnx");
        const Model quantized = import(q, "quantized_convs.onnx");
        QCOMPARE(floats.layers.size(), std::size_t(3));
        QCOMPARE(quantized.layers.size(), std::size_t(3));
        for (std::size_t i = 0; i < floats.layers.size(); ++i) {
            QVERIFY(!floats.layers[i].precision.specified());  // a float graph states none
            QCOMPARE(quantized.layers[i], at(floats.layers[i], int8_layer()));
        }
        QCOMPARE(quantized.layers[0].type, LayerType::DepthwiseConv);
        QCOMPARE(quantized.layers[1].type, LayerType::GroupedConv);
        MAPSCAPE_COMPARE_I64(quantized.layers[1].size(Dim::G), 4);
        QCOMPARE(precision_text(quantized.layers[1].precision), std::string("input=int8,weight=int8,output=int32"));
        QVERIFY(quantized.unmapped.empty());  // the scales and zero points are initializers, not operators
        // The model file keeps the precision.
        QCOMPARE(parse_model_json(model_to_json_text(quantized), "quantized.json").layers, quantized.layers);
    }

    void quantized_matmuls_are_the_float_ones_at_int8() {
        // MatMulInteger and QLinearMatMul as MatMul: a weight over tokens is a fully-connected
        // layer, a product of activations a GEMM per head.
        OnnxBuilder f;
        f.input("tokens", {2, 197, 768});
        f.weight("w", {768, 3072});
        f.node("MatMul", "/mlp/MatMul", {"tokens", "w"}, {"h"});
        f.input("q", {2, 12, 197, 64});
        f.input("kt", {2, 12, 64, 197});
        f.node("MatMul", "/attention/MatMul", {"q", "kt"}, {"scores"});
        f.input("a", {8, 512});
        f.input("b", {512, 100});
        f.node("MatMul", "product", {"a", "b"}, {"p"});
        OnnxBuilder q;
        q.typed_input("tokens", TP::UINT8, {2, 197, 768});
        q.weight("w", {768, 3072}, TP::INT8);
        scalar(q, "tokens_zero_point", TP::UINT8);
        scalar(q, "w_zero_point", TP::INT8);
        q.node("MatMulInteger", "/mlp/MatMul", {"tokens", "w", "tokens_zero_point", "w_zero_point"}, {"h"});
        q.typed_input("q", TP::INT8, {2, 12, 197, 64});
        q.typed_input("kt", TP::INT8, {2, 12, 64, 197});
        for (const char* s : {"q_scale", "kt_scale", "y_scale"}) scalar(q, s, TP::FLOAT);
        for (const char* z : {"q_zero_point", "kt_zero_point", "y_zero_point"}) scalar(q, z, TP::INT8);
        q.node("QLinearMatMul", "/attention/MatMul",
               {"q", "q_scale", "q_zero_point", "kt", "kt_scale", "kt_zero_point", "y_scale", "y_zero_point"}, {"scores"});
        q.typed_input("a", TP::UINT8, {8, 512});
        q.typed_input("b", TP::INT8, {512, 100});
        q.node("MatMulInteger", "product", {"a", "b"}, {"p"});
        for (OnnxBuilder* b : {&f, &q})
            for (const char* out : {"h", "scores", "p"}) b->output(out);
        const Model floats = import(f, "float_matmuls.onnx");
        const Model quantized = import(q, "quantized_matmuls.onnx");
        QCOMPARE(floats.layers.size(), std::size_t(3));
        QCOMPARE(floats.layers[0], named(Layer::fully_connected("", 3072, 768, 394), "/mlp/MatMul"));
        QCOMPARE(floats.layers[1], named(Layer::gemm("", 197, 197, 64), "/attention/MatMul", 24));
        QCOMPARE(floats.layers[2], named(Layer::gemm("", 8, 100, 512), "product"));
        QCOMPARE(quantized.layers.size(), std::size_t(3));
        for (std::size_t i = 0; i < floats.layers.size(); ++i) QCOMPARE(quantized.layers[i], at(floats.layers[i], int8_layer()));
        QVERIFY(quantized.unmapped.empty());
    }

    void qdq_layers_take_the_quantized_precision() {
        // The QDQ format: float operators between DequantizeLinear (and QuantizeLinear) nodes.
        // The layer takes the quantized tensors' formats; the scaling is no arithmetic of its own.
        OnnxBuilder b;
        b.input("x", {1, 16, 32, 32});
        scalar(b, "x_scale", TP::FLOAT);
        scalar(b, "x_zero_point", TP::UINT8);
        b.node("QuantizeLinear", "/quant", {"x", "x_scale", "x_zero_point"}, {"xq"});
        b.node("DequantizeLinear", "/dequant", {"xq", "x_scale", "x_zero_point"}, {"xd"});
        b.weight("w", {32, 16, 3, 3}, TP::INT8);
        scalar(b, "w_scale", TP::FLOAT);
        scalar(b, "w_zero_point", TP::INT8);
        b.node("DequantizeLinear", "/w/dequant", {"w", "w_scale", "w_zero_point"}, {"wd"});
        auto& conv = b.node("Conv", "/conv/Conv", {"xd", "wd"}, {"y"});
        OnnxBuilder::ints(conv, "kernel_shape", {3, 3});
        OnnxBuilder::ints(conv, "pads", {1, 1, 1, 1});
        b.node("Relu", "/relu", {"y"}, {"r"});
        // 16-bit QDQ: a weight over four rows.
        b.typed_input("t", TP::INT16, {4, 64});
        scalar(b, "t_scale", TP::FLOAT);
        scalar(b, "t_zero_point", TP::INT16);
        b.node("DequantizeLinear", "/t/dequant", {"t", "t_scale", "t_zero_point"}, {"td"});
        b.weight("fc", {64, 10}, TP::INT16);
        scalar(b, "fc_scale", TP::FLOAT);
        scalar(b, "fc_zero_point", TP::INT16);
        b.node("DequantizeLinear", "/fc/dequant", {"fc", "fc_scale", "fc_zero_point"}, {"fcd"});
        b.node("MatMul", "/fc/MatMul", {"td", "fcd"}, {"o"});
        // A float convolution beside them states no precision.
        b.conv("/float/Conv", "x", "z", 8, 16, {1, 1});
        for (const char* out : {"r", "o", "z"}) b.output(out);
        const Model m = import(b, "qdq.onnx");
        QCOMPARE(m.layers.size(), std::size_t(3));
        QCOMPARE(m.layers[0], at(named(padded(Layer::conv("", 32, 16, 3, 3, 34, 34), {1, 1, 1, 1}), "/conv/Conv"), int8_layer()));
        QCOMPARE(m.layers[1], at(named(Layer::fully_connected("", 10, 64, 4), "/fc/MatMul"),
                                 {NumberFormat::Int16, NumberFormat::Int16, NumberFormat::Int32}));
        QCOMPARE(m.layers[2], named(Layer::conv("", 8, 16, 1, 1, 32, 32), "/float/Conv"));
        const UnmappedOperator* q = find_unmapped(m, "QuantizeLinear");
        const UnmappedOperator* dq = find_unmapped(m, "DequantizeLinear");
        QVERIFY(q && dq);
        QCOMPARE(q->reason, std::string("quantization scale (folded into the layer's precision)"));
        QCOMPARE(dq->reason, q->reason);
        MAPSCAPE_COMPARE_I64(q->count, 1);
        MAPSCAPE_COMPARE_I64(dq->count, 4);  // the weights' too, constants though they are
        MAPSCAPE_COMPARE_I64(q->operations, 0);
        MAPSCAPE_COMPARE_I64(dq->operations, 0);
        MAPSCAPE_COMPARE_I64(find_unmapped(m, "Relu")->operations, 32 * 32 * 32);
        const CliRun r = cli({"model", "show", QString::fromStdString(path("qdq.onnx"))});
        QCOMPARE(r.exit_code, 0);
        QVERIFY2(r.out.contains("not mapped: 6 operators, 32768 operations"), r.out.constData());
        QVERIFY2(r.out.contains("input=int16,weight=int16,output=int32"), r.out.constData());
    }

    void float16_graph_is_fp16() {
        // A graph exported in float16 states its format; float32, every exporter's default, none.
        OnnxBuilder b;
        b.typed_input("x", TP::FLOAT16, {1, 8, 16, 16});
        b.weight("c.weight", {8, 8, 3, 3}, TP::FLOAT16);
        auto& c = b.node("Conv", "c", {"x", "c.weight"}, {"y"});
        OnnxBuilder::ints(c, "kernel_shape", {3, 3});
        b.output("y");
        const Model m = import(b, "half.onnx");
        QCOMPARE(m.layers.size(), std::size_t(1));
        QCOMPARE(m.layers[0], at(named(Layer::conv("", 8, 8, 3, 3, 16, 16), "c"), uniform_precision(NumberFormat::Fp16)));
    }

    void precision_option_fills_the_layers_without_one() {
        // A float convolution, then a quantized one of the same shape: --precision sets the first
        // and leaves the second's own.
        OnnxBuilder b;
        b.input("x", {1, 16, 32, 32});
        b.conv("/a/Conv", "x", "a", 16, 16, {3, 3}, {1, 1}, {1, 1, 1, 1});
        scalar(b, "a_scale", TP::FLOAT);
        scalar(b, "a_zero_point", TP::UINT8);
        b.node("QuantizeLinear", "/a/quant", {"a", "a_scale", "a_zero_point"}, {"aq"});
        qlinear_conv(b, "/b/Conv", "aq", "bq", 16, 16, {3, 3}, {1, 1}, {1, 1, 1, 1});
        b.output("bq");
        const Model m = import(b, "mixed.onnx");
        QCOMPARE(m.layers.size(), std::size_t(2));
        QVERIFY(!m.layers[0].precision.specified());
        QCOMPARE(m.layers[1].precision, int8_layer());
        OnnxImportOptions unique;
        unique.unique = true;
        QCOMPARE(import_onnx_model(path("mixed.onnx"), unique).layers.size(), std::size_t(2));  // one shape, two precisions

        const QString file = QString::fromStdString(path("mixed.onnx"));
        auto line_of = [](const QByteArray& out, const char* layer) {
            for (const QByteArray& l : out.split('\n'))
                if (l.contains(layer)) return l;
            return QByteArray();
        };
        CliRun r = cli({"model", "show", file});
        QCOMPARE(r.exit_code, 0);
        QVERIFY2(!line_of(r.out, "/a/Conv").contains("fp16") && line_of(r.out, "/a/Conv").endsWith("%"), r.out.constData());
        QVERIFY2(line_of(r.out, "/b/Conv").endsWith("%  input=int8,weight=int8,output=int32"), r.out.constData());
        r = cli({"model", "show", file, "--precision", "fp16"});
        QCOMPARE(r.exit_code, 0);
        QVERIFY2(line_of(r.out, "/a/Conv").endsWith("%  fp16"), r.out.constData());
        QVERIFY2(line_of(r.out, "/b/Conv").endsWith("%  input=int8,weight=int8,output=int32"), r.out.constData());

        r = cli({"model", "convert", file, QString::fromStdString(path("mixed.json")), "--precision", "fp16"});
        QCOMPARE(r.exit_code, 0);
        const Model converted = load_model_file(path("mixed.json"));
        QCOMPARE(converted.layers[0], at(m.layers[0], uniform_precision(NumberFormat::Fp16)));
        QCOMPARE(converted.layers[1], m.layers[1]);
        // Given the quantized layer's precision, the float one becomes its twin: --unique merges them.
        r = cli({"model", "convert", file, QString::fromStdString(path("merged_mixed.json")), "--unique", "--precision",
                 "input=int8,weight=int8,output=int32"});
        QCOMPARE(r.exit_code, 0);
        const Model merged = load_model_file(path("merged_mixed.json"));
        QCOMPARE(merged.layers.size(), std::size_t(1));
        QCOMPARE(merged.layers[0], at(named(m.layers[0], "/a/Conv", 2), int8_layer()));
        // A format the engine does not know is refused before the model is read.
        QVERIFY(cli_error_of_file("mixed.onnx", {"--precision", "fp12"}).startsWith("--precision: unknown number format \"fp12\""));
    }

    void stale_plugin_is_refused() {
        // A plugin built before element types (its entry point mapscape_onnx_read_v1) would hand
        // over a graph of another layout: it is refused, saying so. The stale plugin is this
        // build's, its entry point renamed.
        const std::string plugin = onnx_plugin_status();
        std::string bytes = read_file(plugin);
        const std::string current = "mapscape_onnx_read_v2";
        int renamed = 0;
        for (std::size_t at = bytes.find(current); at != std::string::npos; at = bytes.find(current, at + 1), ++renamed)
            bytes[at + current.size() - 1] = '1';
        QVERIFY(renamed > 0);
        QVERIFY(QDir().mkpath(QString::fromStdString(path("stale"))));
        std::ofstream(path("stale/mapscape-onnx.so"), std::ios::binary) << bytes;
        OnnxBuilder b;
        b.input("x", {1, 3, 8, 8});
        b.conv("c", "x", "y", 4, 3, {3, 3});
        b.output("y");
        b.save(path("stale.onnx"));
        QProcessEnvironment env;
        env.insert("MAPSCAPE_PLUGIN_DIR", QString::fromStdString(path("stale")));
        const CliRun r = cli({"model", "show", QString::fromStdString(path("stale.onnx"))}, cli_path(), env);
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(r.err.contains("stale/mapscape-onnx.so is not the plugin this program expects for reading ONNX files (it has no "
                                "mapscape_onnx_read_v2)"),
                 r.err.constData());
    }

    void unmapped_operators_and_their_arithmetic() {
        OnnxBuilder b;
        b.input("x", {1, 8, 16, 16});
        b.conv("c", "x", "a", 8, 8, {3, 3}, {1, 1}, {1, 1, 1, 1});
        b.node("Relu", "relu", {"a"}, {"r"});
        auto& pool = b.node("MaxPool", "pool", {"r"}, {"p"});
        OnnxBuilder::ints(pool, "kernel_shape", {2, 2});
        OnnxBuilder::ints(pool, "strides", {2, 2});
        b.node("Add", "add", {"p", "p"}, {"s"});
        b.node("GlobalAveragePool", "gap", {"s"}, {"g"});
        b.int64s("shape", {1, 8});
        b.node("Reshape", "reshape", {"g", "shape"}, {"flat"});
        b.weight("fc.weight", {10, 8});
        auto& fc = b.node("Gemm", "fc", {"flat", "fc.weight"}, {"y"});
        OnnxBuilder::integer(fc, "transB", 1);
        b.output("y");
        const Model m = import(b);
        QCOMPARE(m.layers.size(), std::size_t(2));  // the Reshape's shape came from its initializer
        QCOMPARE(m.layers[1], named(Layer::fully_connected("", 10, 8), "fc"));
        auto ops = [&](const char* op) { return find_unmapped(m, op) ? find_unmapped(m, op)->operations : -1; };
        MAPSCAPE_COMPARE_I64(ops("Relu"), 8 * 16 * 16);
        MAPSCAPE_COMPARE_I64(ops("MaxPool"), 8 * 8 * 8 * 4);
        MAPSCAPE_COMPARE_I64(ops("Add"), 8 * 8 * 8);
        MAPSCAPE_COMPARE_I64(ops("GlobalAveragePool"), 8 * 8 * 8);
        MAPSCAPE_COMPARE_I64(ops("Reshape"), 0);
        // model show lists them with their shares.
        const CliRun r = cli({"model", "show", QString::fromStdString(path("net.onnx"))});
        QCOMPARE(r.exit_code, 0);
        QVERIFY2(r.out.contains("not mapped: 5 operators"), r.out.constData());
        QVERIFY(r.out.contains("MaxPool"));
    }

    void symbolic_dimensions() {
        OnnxBuilder b;
        b.input("x", {"batch", 3, 32, 32});
        b.conv("/first/Conv", "x", "y", 16, 3, {3, 3});
        b.output("y");
        b.save(path("symbolic.onnx"));
        try {
            import_onnx_model(path("symbolic.onnx"));
            QFAIL("an open symbolic dimension was accepted");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.diagnostic().to_string()),
                     QString::fromStdString(path("symbolic.onnx")) +
                         ": node /first/Conv (Conv): symbolic dimension \"batch\" (in \"x\") has no value: give it with "
                         "--dim batch=VALUE (model show, model convert)");
        }
        OnnxImportOptions options;
        options.dimensions = {parse_dimension_value("batch=4")};
        const Model m = import_onnx_model(path("symbolic.onnx"), options);
        QCOMPARE(m.layers[0], named(Layer::conv("", 16, 3, 3, 3, 32, 32, 1, 4), "/first/Conv"));
        QVERIFY(m.source.find("--dim batch=4") != std::string::npos);
        // The CLI: --dim, an unknown name, a bad value.
        CliRun r = cli({"model", "show", QString::fromStdString(path("symbolic.onnx")), "--dim", "batch=2"});
        QCOMPARE(r.exit_code, 0);
        QVERIFY(r.out.contains("CONV N2 K16"));
        QVERIFY(cli_error_of_file("symbolic.onnx", {"--dim", "seq=2"}).contains("the model has no symbolic dimension called \"seq\" (it has batch)"));
        QVERIFY(cli_error_of_file("symbolic.onnx", {"--dim", "batch=0"}).contains("must be a whole number from 1"));
    }

    void weights_absent_or_external() {
        // The same network three ways: weights as initializers (no data: shapes only), weights
        // as graph inputs (an export without parameters), weights in an external-data file (with
        // the Reshape's small shape tensor there too, which shape inference must read).
        auto build = [](int how) {
            OnnxBuilder b;
            b.input("x", {1, 4, 8, 8});
            if (how == 1) {
                b.input("c.weight", {6, 4, 3, 3});
            } else {
                auto& w = b.weight("c.weight", {6, 4, 3, 3});
                if (how == 2) {
                    w.set_data_location(onnx::TensorProto::EXTERNAL);
                    auto add = [&](const char* k, const std::string& v) {
                        auto* e = w.add_external_data();
                        e->set_key(k);
                        e->set_value(v);
                    };
                    add("location", "weights.bin");
                    add("offset", "0");
                    add("length", std::to_string(6 * 4 * 9 * 4));
                }
            }
            auto& n = b.node("Conv", "c", {"x", "c.weight"}, {"y"});
            OnnxBuilder::ints(n, "kernel_shape", {3, 3});
            auto& shape = b.weight("shape", {2}, onnx::TensorProto::INT64);
            if (how == 2) {
                shape.set_data_location(onnx::TensorProto::EXTERNAL);
                for (auto [k, v] : {std::pair{"location", "weights.bin"}, {"offset", "1024"}, {"length", "16"}}) {
                    auto* e = shape.add_external_data();
                    e->set_key(k);
                    e->set_value(v);
                }
            } else {
                shape.add_int64_data(1);
                shape.add_int64_data(216);
            }
            b.node("Reshape", "flatten", {"y", "shape"}, {"flat"});
            b.weight("fc.weight", {216, 10});
            b.node("MatMul", "fc", {"flat", "fc.weight"}, {"out"});
            b.output("out");
            return b;
        };
        {
            std::ofstream f(path("weights.bin"), std::ios::binary);
            std::string bytes(1040, '\0');
            const std::int64_t shape[2] = {1, 216};
            std::memcpy(bytes.data() + 1024, shape, sizeof shape);
            f << bytes;
        }
        const Model a = import(build(0), "inline.onnx");
        const Model b = import(build(1), "inputs.onnx");
        const Model c = import(build(2), "external.onnx");
        QCOMPARE(a.layers.size(), std::size_t(2));
        QCOMPARE(a.layers[1], named(Layer::fully_connected("", 10, 216), "fc"));
        QCOMPARE(b.layers, a.layers);
        QCOMPARE(c.layers, a.layers);
    }

    void larger_than_2gb_with_external_data() {
        // A model whose weights, in an external-data file, reach past 2 GB (protobuf's limit for
        // one message): the file is sparse, so the test writes next to nothing.
        OnnxBuilder b;
        b.input("x", {1, 1024});
        std::int64_t offset = 0;
        std::string x = "x";
        for (int i = 0; i < 3; ++i) {
            const std::string w = "w" + std::to_string(i);
            auto& t = b.weight(w, {1024, 262144});  // 1 GiB of float32 each
            t.set_data_location(onnx::TensorProto::EXTERNAL);
            for (auto [k, v] : {std::pair<std::string, std::string>{"location", "big.bin"}, {"offset", std::to_string(offset)},
                                {"length", std::to_string(1024LL * 262144 * 4)}}) {
                auto* e = t.add_external_data();
                e->set_key(k);
                e->set_value(v);
            }
            offset += 1024LL * 262144 * 4;
            b.weight("back" + std::to_string(i), {262144, 1024});
            b.node("MatMul", "up" + std::to_string(i), {x, w}, {"h" + std::to_string(i)});
            b.node("MatMul", "down" + std::to_string(i), {"h" + std::to_string(i), "back" + std::to_string(i)}, {"o" + std::to_string(i)});
            x = "o" + std::to_string(i);
        }
        b.output(x);
        const int fd = ::open(path("big.bin").c_str(), O_CREAT | O_WRONLY | O_TRUNC, 0644);
        QVERIFY(fd >= 0);
        QCOMPARE(::ftruncate(fd, offset), 0);  // 3 GiB, sparse
        ::close(fd);
        QVERIFY(std::filesystem::file_size(path("big.bin")) > (std::uintmax_t{1} << 31));
        const Model m = import(b, "big.onnx");
        QCOMPARE(m.layers.size(), std::size_t(6));
        QCOMPARE(m.layers[0], named(Layer::fully_connected("", 262144, 1024), "up0"));
        std::filesystem::remove(path("big.bin"));
    }

    void unique_repeat_counts_and_totals() {
        OnnxBuilder b;
        b.input("x", {1, 16, 32, 32});
        std::string x = "x";
        for (int i = 0; i < 4; ++i) {
            const std::string y = "y" + std::to_string(i);
            b.conv("/block" + std::to_string(i) + "/Conv", x, y, 16, 16, {3, 3}, {1, 1}, {1, 1, 1, 1});
            x = y;
        }
        b.conv("/last/Conv", x, "z", 32, 16, {1, 1});
        b.output("z");
        const Model all = import(b, "repeats.onnx");
        OnnxImportOptions unique;
        unique.unique = true;
        const Model merged = import_onnx_model(path("repeats.onnx"), unique);
        QCOMPARE(all.layers.size(), std::size_t(5));
        QCOMPARE(merged.layers.size(), std::size_t(2));
        MAPSCAPE_COMPARE_I64(merged.layers[0].repeat_count, 4);
        QCOMPARE(merged.layers[0].name, std::string("/block0/Conv"));
        MAPSCAPE_COMPARE_I64(total_macs(merged.layers), total_macs(all.layers));
        MAPSCAPE_COMPARE_I64(total_runs(merged.layers), 5);
        // The count is kept in the JSON; a file without it means 1.
        const Model again = parse_model_json(model_to_json_text(merged), "merged.json");
        QCOMPARE(again.layers, merged.layers);
        QVERIFY(model_to_json_text(merged).find("\"repeat\": 4") != std::string::npos);
        QCOMPARE(parse_model_json(model_to_json_text(all), "all.json").layers, all.layers);
        // model convert --unique, and model show's totals of either.
        CliRun r = cli({"model", "convert", QString::fromStdString(path("repeats.onnx")), QString::fromStdString(path("merged.json")), "--unique"});
        QCOMPARE(r.exit_code, 0);
        QCOMPARE(parse_model_json(read_file(path("merged.json")), "merged.json").layers, merged.layers);
        const CliRun shown_all = cli({"model", "show", QString::fromStdString(path("repeats.onnx"))});
        const CliRun shown_merged = cli({"model", "show", QString::fromStdString(path("merged.json"))});
        const QByteArray macs = QByteArray::number(static_cast<qlonglong>(total_macs(all.layers))) + " MACs";
        QVERIFY2(shown_all.out.contains("5 layers, " + macs), shown_all.out.constData());
        QVERIFY2(shown_merged.out.contains("2 layers (5 runs with repeats), " + macs), shown_merged.out.constData());
    }

    void study_keeps_the_imported_layers() {
        // A study of an ONNX graph holds its layers, repeat counts, operators left out and source:
        // it opens without the file.
        OnnxImportOptions unique;
        unique.unique = true;
        std::filesystem::copy_file(path("repeats.onnx"), path("study.onnx"));
        Study s = new_study("resnet18", "eyeriss-like");
        s.model = import_onnx_model(path("study.onnx"), unique);
        s.workload_source = path("study.onnx");
        const std::string text = study_to_json_text(s);
        std::filesystem::remove(path("study.onnx"));
        const Study again = parse_study_json(text, "study.json");
        QCOMPARE(again.model, s.model);
        QCOMPARE(again.workload_source, s.workload_source);
        QVERIFY(again.model.source.find("ONNX graph study.onnx") != std::string::npos);
        QVERIFY(again.model.source.find("--unique") != std::string::npos);
    }

    void search_totals_count_repeats() {
        // A whole-model search over the merged model reports the same totals as over every layer.
        const QString all = QString::fromStdString(path("repeats.onnx"));
        const QString merged = QString::fromStdString(path("merged.json"));
        auto totals = [this](const QString& model) {
            const QString out = QString::fromStdString(path("search.json"));
            const CliRun r = cli({"search", "--model", model, "--algo", "random", "--budget", "40", "--seed", "3", "--json", out, "--quiet"});
            if (r.exit_code != 0) qWarning() << r.err;
            const auto j = nlohmann::json::parse(read_file(out.toStdString()), nullptr, false);
            return j.is_discarded() ? nlohmann::json() : j["totals"];
        };
        const nlohmann::json a = totals(all);
        const nlohmann::json m = totals(merged);
        QVERIFY(!a.is_null() && !m.is_null());
        // Layer seeds follow layer positions, so the mappings differ; the merged model's total is
        // its layers' figures times their repeats, and its bound is the unmerged bound exactly.
        QCOMPARE(a["bound"].dump(), m["bound"].dump());
    }

    void opset_newer_than_the_library() {
        OnnxBuilder b(30);
        b.input("x", {1, 3, 8, 8});
        b.conv("c", "x", "y", 4, 3, {3, 3});
        b.node("Relu", "r", {"y"}, {"z"});
        b.conv("d", "z", "w", 4, 4, {3, 3});
        b.output("w");
        QVERIFY(cli_error(b, "opset30.onnx").endsWith("opset30.onnx: opset 30 is newer than this importer reads (up to 17)"));
        // With the shapes recorded in the file (as newer exporters write them), it imports.
        b.value_info("y", {1, 4, 6, 6});
        b.value_info("z", {1, 4, 6, 6});
        const Model m = import(b, "opset30_shapes.onnx");
        QCOMPARE(m.layers[1], named(Layer::conv("", 4, 4, 3, 3, 6, 6), "d"));
    }

    void bad_inputs_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("message");
        QTest::newRow("not a protobuf") << "text.onnx" << "text.onnx: truncated or not an ONNX file";
        QTest::newRow("truncated") << "truncated.onnx" << "truncated.onnx: truncated or not an ONNX file";
        QTest::newRow("no graph") << "nograph.onnx" << "nograph.onnx: the file has no graph";
        QTest::newRow("empty") << "empty.onnx" << "empty.onnx: the file is empty";
        QTest::newRow("unknown domain") << "domain.onnx"
                                        << "domain.onnx: node /attn/Fused (FusedMatMul): operator domain \"com.microsoft\" is not ONNX's";
        QTest::newRow("missing input shape") << "noshape.onnx" << "noshape.onnx: node /conv/Conv (Conv): graph input \"x\" has no shape";
        QTest::newRow("kernel larger than padded input")
            << "kernel.onnx" << "kernel.onnx: node /big/Conv (Conv): its kernel (7) does not fit its padded input (6, input 4 with padding 2)";
        QTest::newRow("zero dimension") << "zero.onnx" << "zero.onnx: node /conv/Conv (Conv): its input \"x\" has a zero dimension (1x3x0x8)";
        QTest::newRow("negative dimension") << "negative.onnx" << "negative.onnx: node /conv/Conv (Conv): its input \"x\" has a negative dimension";
        QTest::newRow("3D convolution") << "conv3d.onnx" << "conv3d.onnx: node /c3d/Conv (Conv): 3D convolutions are not modelled";
        QTest::newRow("zero stride") << "stride.onnx" << "stride.onnx: node /conv/Conv (Conv): attribute strides has 0; its values must be positive";
        QTest::newRow("no layer") << "nolayer.onnx" << "nolayer.onnx: the graph has no operator with multiply-accumulates";
    }

    void bad_inputs() {
        QFETCH(QString, file);
        QFETCH(QString, message);
        const std::string name = file.toStdString();
        OnnxBuilder ok;
        ok.input("x", {1, 3, 8, 8});
        ok.conv("/conv/Conv", "x", "y", 4, 3, {3, 3});
        ok.output("y");
        if (name == "text.onnx") {
            std::ofstream(path(name)) << "{\"format\": \"mapscape-model\", \"layers\": []}\n";
        } else if (name == "truncated.onnx") {
            const std::string bytes = torchvision_resnet18().bytes();
            std::ofstream(path(name), std::ios::binary) << bytes.substr(0, bytes.size() / 2);
        } else if (name == "nograph.onnx") {
            onnx::ModelProto m;
            m.set_ir_version(8);
            std::ofstream(path(name), std::ios::binary) << m.SerializeAsString();
        } else if (name == "empty.onnx") {
            std::ofstream(path(name), std::ios::binary).flush();
        } else {
            OnnxBuilder b;
            if (name == "domain.onnx") {
                b.input("x", {1, 8});
                b.node("FusedMatMul", "/attn/Fused", {"x", "x"}, {"y"}, "com.microsoft");
            } else if (name == "noshape.onnx") {
                b.input("x", {}, false);
                b.conv("/conv/Conv", "x", "y", 4, 3, {3, 3});
            } else if (name == "kernel.onnx") {
                b.input("x", {1, 3, 4, 4});
                b.conv("/big/Conv", "x", "y", 4, 3, {7, 7}, {1, 1}, {1, 1, 1, 1});
            } else if (name == "zero.onnx") {
                b.input("x", {1, 3, 0, 8});
                b.conv("/conv/Conv", "x", "y", 4, 3, {3, 3});
            } else if (name == "negative.onnx") {
                b.input("x", {1, 3, -5, 8});
                b.conv("/conv/Conv", "x", "y", 4, 3, {3, 3});
            } else if (name == "conv3d.onnx") {
                b.input("x", {1, 3, 8, 8, 8});
                b.conv("/c3d/Conv", "x", "y", 4, 3, {3, 3, 3});
            } else if (name == "stride.onnx") {
                b.input("x", {1, 3, 8, 8});
                b.conv("/conv/Conv", "x", "y", 4, 3, {3, 3}, {0, 1});
            } else if (name == "nolayer.onnx") {
                b.input("x", {1, 3, 8, 8});
                b.node("Relu", "/relu/Relu", {"x"}, {"y"});
            }
            b.output("y");
            b.save(path(name));
        }
        const QString error = cli_error_of_file(name);
        QVERIFY2(error.startsWith(dir_.path() + "/" + message), qPrintable(error));
        QVERIFY2(!error.contains('\n'), qPrintable(error));
        // The same through the engine: an InputError naming the file.
        try {
            import_onnx_model(path(name));
            QFAIL("accepted");
        } catch (const InputError& e) {
            QCOMPARE(e.diagnostic().where.file, path(name));
        }
    }

    // ResNet-18 as its paper builds it (He et al., CVPR 2016, Table 1; torchvision's BasicBlock: a
    // block's 3x3 convolutions, then its 1x1 downsample, padding 3 for the stem and 1 for each
    // 3x3), written here from the architecture, not from an import: the importer's output is
    // checked against it, and the shipped JSON against the importer.
    static std::vector<Layer> resnet18_from_the_paper() {
        std::vector<Layer> layers;
        auto conv = [&](std::int64_t k, std::int64_t c, std::int64_t r, std::int64_t in, std::int64_t stride, std::int64_t pad) {
            layers.push_back(Layer::conv("", k, c, r, r, in + 2 * pad, in + 2 * pad, stride));
            return (in + 2 * pad - r) / stride + 1;
        };
        std::int64_t size = conv(64, 3, 7, 224, 2, 3);  // 112
        size = (size + 2 - 3) / 2 + 1;                  // the max pool: 56
        std::int64_t channels = 64;
        for (const auto& [width, stride] : {std::pair{64, 1}, {128, 2}, {256, 2}, {512, 2}})
            for (int block = 0; block < 2; ++block) {
                const std::int64_t s = block == 0 ? stride : 1;
                const std::int64_t in = size;
                const std::int64_t out = conv(width, channels, 3, in, s, 1);
                conv(width, width, 3, out, 1, 1);
                if (block == 0 && (s != 1 || channels != width)) conv(width, channels, 1, in, s, 0);
                channels = width;
                size = out;
            }
        layers.push_back(Layer::fully_connected("", 1000, 512));
        return layers;
    }

    static bool same_shapes(const std::vector<Layer>& a, const std::vector<Layer>& b) {
        if (a.size() != b.size()) return false;
        for (std::size_t i = 0; i < a.size(); ++i)
            if (!same_shape(a[i], b[i])) return false;
        return true;
    }

    void torchvision_resnet18_is_the_papers_network() {
        const Model imported = import(torchvision_resnet18(), "resnet18.onnx");
        QVERIFY(same_shapes(imported.layers, resnet18_from_the_paper()));
        // torchvision publishes 1.81 GFLOPS (multiply-accumulates) for ResNet-18.
        MAPSCAPE_COMPARE_I64(total_macs(resnet18_from_the_paper()), 1814073344);
    }

    void torchvision_resnet18_equals_the_shipped_json() {
        const Model imported = import(torchvision_resnet18(), "resnet18.onnx");
        const Model shipped = load_model_file(std::string(MAPSCAPE_MODELS_DIR) + "/resnet18_torchvision.json");
        QCOMPARE(imported.layers.size(), std::size_t(21));
        QCOMPARE(shipped.layers.size(), imported.layers.size());
        for (std::size_t i = 0; i < imported.layers.size(); ++i) QCOMPARE(shipped.layers[i], imported.layers[i]);
        // The same operators left out (the export's Identity nodes of shared constants aside).
        auto operators = [](const Model& m) {
            std::vector<UnmappedOperator> out;
            for (const UnmappedOperator& u : m.unmapped)
                if (u.reason.empty()) out.push_back(u);
            return out;
        };
        QCOMPARE(operators(shipped), operators(imported));
        // torchvision publishes 1.81 GFLOPS (multiply-accumulates) for ResNet-18.
        MAPSCAPE_COMPARE_I64(total_macs(imported.layers), 1814073344);
        QCOMPARE(imported.layers[0].name, std::string("/conv1/Conv"));
        QCOMPARE(imported.layers[5].name, std::string("/layer2/layer2.0/conv1/Conv"));
    }

    void exported_resnet18_without_weights_equals_the_shipped_json() {
        // torch.onnx's own export of torchvision's ResNet-18, its weights stripped (10 KB;
        // tools/export_torchvision.py --weightless): the shipped model, layer for layer.
        const std::string file = test_data("onnx/resnet18_torchvision_weightless.onnx");
        QVERIFY(std::filesystem::file_size(file) < 100 * 1024);
        const Model imported = import_onnx_model(file);
        QVERIFY(same_shapes(imported.layers, resnet18_from_the_paper()));  // a reference the importer did not write
        const Model shipped = load_model_file(std::string(MAPSCAPE_MODELS_DIR) + "/resnet18_torchvision.json");
        QCOMPARE(imported.layers, shipped.layers);
        QCOMPARE(imported.unmapped, shipped.unmapped);
        QVERIFY(imported.source.find("pytorch") != std::string::npos);
    }

    void thousand_nodes_show_quickly() {
        // model show of a 1,000-node graph: measured here, bounded loosely (busy machines).
        OnnxBuilder b;
        b.input("x", {1, 64, 56, 56});
        std::string x = "x";
        for (int i = 0; i < 500; ++i) {
            const std::string c = "c" + std::to_string(i), r = "r" + std::to_string(i);
            b.conv("/block" + std::to_string(i) + "/Conv", x, c, 64, 64, {3, 3}, {1, 1}, {1, 1, 1, 1});
            b.node("Relu", "/block" + std::to_string(i) + "/Relu", {c}, {r});
            x = r;
        }
        b.output(x);
        b.save(path("thousand.onnx"));
        QElapsedTimer t;
        t.start();
        const CliRun r = cli({"model", "show", QString::fromStdString(path("thousand.onnx"))});
        const qint64 ms = t.elapsed();
        QCOMPARE(r.exit_code, 0);
        QVERIFY(r.out.contains("500 layers"));
        qInfo() << "model show of a 1,000-node graph:" << ms << "ms";
        QVERIFY2(ms < 20000, "far slower than the 1 s target");
    }

private:
    static std::string read_file(const std::string& p) {
        std::ifstream f(p);
        return std::string(std::istreambuf_iterator<char>(f), {});
    }
};

QTEST_GUILESS_MAIN(OnnxImportTest)
#include "test_onnx_import.moc"
