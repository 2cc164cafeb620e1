// Small ONNX models built through protobuf's API (Debian's libonnx), for the suites that test the
// ONNX importer: no file is committed, no PyTorch is needed, and weights are declared by their
// shapes alone (as the importer needs no more), unless a test stores them.
#pragma once

#include <onnx/onnx_pb.h>

#include <cstdint>
#include <fstream>
#include <initializer_list>
#include <string>
#include <vector>

// A dimension: a size, or a symbol ("batch").
struct OnnxDim {
    std::int64_t value = -1;
    std::string symbol;
    OnnxDim(std::int64_t v) : value(v) {}  // NOLINT: sizes read naturally as numbers
    OnnxDim(int v) : value(v) {}           // NOLINT
    OnnxDim(const char* s) : symbol(s) {}  // NOLINT
};

class OnnxBuilder {
public:
    explicit OnnxBuilder(std::int64_t opset = 17) {
        model.set_ir_version(8);
        model.set_producer_name("mapscape-tests");
        auto* o = model.add_opset_import();
        o->set_domain("");
        o->set_version(opset);
        graph().set_name("test");
    }

    onnx::GraphProto& graph() { return *model.mutable_graph(); }

    // A graph input of float tensors; no dims at all when `shaped` is false.
    void input(const std::string& name, std::initializer_list<OnnxDim> dims, bool shaped = true) {
        set_type(*graph().add_input(), name, dims, shaped);
    }
    // A graph input of another element type (onnx::TensorProto::UINT8, FLOAT16, ...).
    void typed_input(const std::string& name, int type, std::initializer_list<OnnxDim> dims) {
        set_type(*graph().add_input(), name, dims, true, type);
    }
    void output(const std::string& name) { graph().add_output()->set_name(name); }
    void value_info(const std::string& name, std::initializer_list<OnnxDim> dims) { set_type(*graph().add_value_info(), name, dims, true); }

    // An initializer of float32 (or another type) declared by its dims, without data.
    onnx::TensorProto& weight(const std::string& name, std::vector<std::int64_t> dims, int type = onnx::TensorProto::FLOAT) {
        onnx::TensorProto* t = graph().add_initializer();
        t->set_name(name);
        t->set_data_type(type);
        for (std::int64_t d : dims) t->add_dims(d);
        return *t;
    }
    // An int64 initializer with its values (a Reshape's target shape).
    onnx::TensorProto& int64s(const std::string& name, std::vector<std::int64_t> values) {
        onnx::TensorProto& t = weight(name, {static_cast<std::int64_t>(values.size())}, onnx::TensorProto::INT64);
        for (std::int64_t v : values) t.add_int64_data(v);
        return t;
    }

    onnx::NodeProto& node(const std::string& op, const std::string& name, std::vector<std::string> inputs,
                          std::vector<std::string> outputs, const std::string& domain = "") {
        onnx::NodeProto* n = graph().add_node();
        n->set_op_type(op);
        n->set_name(name);
        if (!domain.empty()) n->set_domain(domain);
        for (const auto& i : inputs) n->add_input(i);
        for (const auto& o : outputs) n->add_output(o);
        return *n;
    }

    static void ints(onnx::NodeProto& n, const std::string& name, std::vector<std::int64_t> values) {
        auto* a = n.add_attribute();
        a->set_name(name);
        a->set_type(onnx::AttributeProto::INTS);
        for (std::int64_t v : values) a->add_ints(v);
    }
    static void integer(onnx::NodeProto& n, const std::string& name, std::int64_t value) {
        auto* a = n.add_attribute();
        a->set_name(name);
        a->set_type(onnx::AttributeProto::INT);
        a->set_i(value);
    }
    static void text(onnx::NodeProto& n, const std::string& name, const std::string& value) {
        auto* a = n.add_attribute();
        a->set_name(name);
        a->set_type(onnx::AttributeProto::STRING);
        a->set_s(value);
    }

    // Conv with its weight (an initializer named NAME.weight).
    onnx::NodeProto& conv(const std::string& name, const std::string& in, const std::string& out, std::int64_t out_channels,
                          std::int64_t in_per_group, std::vector<std::int64_t> kernel, std::vector<std::int64_t> strides = {},
                          std::vector<std::int64_t> pads = {}, std::int64_t group = 1) {
        std::vector<std::int64_t> dims = {out_channels, in_per_group};
        dims.insert(dims.end(), kernel.begin(), kernel.end());
        weight(name + ".weight", dims);
        onnx::NodeProto& n = node("Conv", name, {in, name + ".weight"}, {out});
        ints(n, "kernel_shape", kernel);
        if (!strides.empty()) ints(n, "strides", strides);
        if (!pads.empty()) ints(n, "pads", pads);
        if (group != 1) integer(n, "group", group);
        return n;
    }

    std::string bytes() const { return model.SerializeAsString(); }
    void save(const std::string& path) const {
        std::ofstream f(path, std::ios::binary);
        f << bytes();
    }

    onnx::ModelProto model;

private:
    static void set_type(onnx::ValueInfoProto& v, const std::string& name, std::initializer_list<OnnxDim> dims, bool shaped,
                         int type = onnx::TensorProto::FLOAT) {
        v.set_name(name);
        auto* t = v.mutable_type()->mutable_tensor_type();
        t->set_elem_type(type);
        if (!shaped) return;
        auto* shape = t->mutable_shape();
        for (const OnnxDim& d : dims) {
            auto* dim = shape->add_dim();
            if (d.symbol.empty())
                dim->set_dim_value(d.value);
            else
                dim->set_dim_param(d.symbol);
        }
    }
};
