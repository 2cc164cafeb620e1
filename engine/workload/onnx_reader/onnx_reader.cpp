// The ONNX reader plugin (mapscape-onnx.so): reads an .onnx file without its weights, runs ONNX's
// shape inference over it, and hands back the graph in plain types (workload/onnx_graph.hpp).
//
// Weights are never needed for shapes, so the file is mapped, not read, and the protobuf wire
// format is walked by hand to skip every large initializer's data: only the pages of the graph's
// structure are touched, a 350 MB ViT-B/16 imports in the memory of its few hundred KB of nodes,
// and a model over protobuf's 2 GB message limit (its weights in external data) costs the same.
// ONNX's headers first: its parser.h names an enumerator MAP_TYPE, which <sys/mman.h> defines.
#include <onnx/defs/schema.h>
#include <onnx/onnx_pb.h>
#include <onnx/shape_inference/implementation.h>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "workload/onnx_graph.hpp"

namespace {

namespace og = mapscape::onnx_graph;

// An initializer's data is kept (and read from external data) up to this size: shape inference
// needs the small ones (Reshape's target shape, Slice's starts, Resize's scales); weights are
// larger and never needed.
constexpr std::uint64_t kKeptDataBytes = 64 * 1024;

struct ReadFailure : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The file, mapped read-only; its pages are read only where the walk touches them.
class MappedFile {
public:
    explicit MappedFile(const std::string& path) {
        fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd_ < 0) throw ReadFailure("cannot open the file: " + std::string(std::strerror(errno)));
        struct stat st {};
        if (::fstat(fd_, &st) != 0 || !S_ISREG(st.st_mode)) throw ReadFailure("not a regular file");
        size_ = static_cast<std::size_t>(st.st_size);
        if (size_ == 0) throw ReadFailure("the file is empty, not an ONNX model");
        void* p = ::mmap(nullptr, size_, PROT_READ, MAP_PRIVATE, fd_, 0);
        if (p == MAP_FAILED) throw ReadFailure("cannot map the file: " + std::string(std::strerror(errno)));
        data_ = static_cast<const std::uint8_t*>(p);
        ::madvise(p, size_, MADV_RANDOM);  // the walk jumps over the weights: no read-ahead into them
    }
    ~MappedFile() {
        if (data_) ::munmap(const_cast<std::uint8_t*>(data_), size_);
        if (fd_ >= 0) ::close(fd_);
    }
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;
    const std::uint8_t* data() const { return data_; }
    std::size_t size() const { return size_; }

private:
    int fd_ = -1;
    const std::uint8_t* data_ = nullptr;
    std::size_t size_ = 0;
};

// One field of a protobuf message in wire format.
struct Field {
    std::uint32_t number = 0;
    int wire_type = 0;
    const std::uint8_t* begin = nullptr;    // its tag
    const std::uint8_t* payload = nullptr;  // after tag (and length, for length-delimited fields)
    const std::uint8_t* end = nullptr;
    std::uint64_t varint = 0;
    std::uint64_t payload_size() const { return static_cast<std::uint64_t>(end - payload); }
};

// Walks a message's fields; `base` is the start of the file, for offsets in messages.
class WireWalker {
public:
    WireWalker(const std::uint8_t* begin, const std::uint8_t* end, const std::uint8_t* file_start)
        : p_(begin), end_(end), file_start_(file_start) {}

    bool next(Field& f) {
        if (p_ >= end_) return false;
        f.begin = p_;
        const std::uint64_t tag = varint();
        f.number = static_cast<std::uint32_t>(tag >> 3);
        f.wire_type = static_cast<int>(tag & 7);
        if (f.number == 0) fail("a field numbered 0");
        switch (f.wire_type) {
            case 0: f.varint = varint(); f.payload = p_; break;
            case 1: f.payload = p_; skip(8); break;
            case 5: f.payload = p_; skip(4); break;
            case 2: {
                const std::uint64_t length = varint();
                f.payload = p_;
                skip(length);
                break;
            }
            default: fail("wire type " + std::to_string(f.wire_type) + " (groups are not ONNX's)");
        }
        f.end = p_;
        return true;
    }

private:
    std::uint64_t varint() {
        std::uint64_t v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (p_ >= end_) fail("a number cut off by the end of its message");
            const std::uint8_t b = *p_++;
            v |= static_cast<std::uint64_t>(b & 0x7f) << shift;
            if ((b & 0x80) == 0) return v;
        }
        fail("a number longer than 10 bytes");
    }
    void skip(std::uint64_t n) {
        if (n > static_cast<std::uint64_t>(end_ - p_)) fail("a field that runs past the end of its message");
        p_ += n;
    }
    [[noreturn]] void fail(const std::string& what) const {
        throw ReadFailure("truncated or not an ONNX file: " + what + " at byte " + std::to_string(p_ - file_start_));
    }

    const std::uint8_t* p_;
    const std::uint8_t* end_;
    const std::uint8_t* file_start_;
};

void append(std::string& buffer, const Field& f) {
    buffer.append(reinterpret_cast<const char*>(f.begin), static_cast<std::size_t>(f.end - f.begin));
}

template <typename Message>
void parse_into(Message& m, const std::string& bytes, const char* what) {
    if (bytes.size() > static_cast<std::size_t>(INT_MAX) || !m.ParseFromString(bytes))
        throw ReadFailure(std::string("truncated or not an ONNX file: its ") + what + " does not parse");
}

std::uint64_t element_bytes(int data_type) {
    using T = onnx::TensorProto;
    switch (data_type) {
        case T::UINT8: case T::INT8: case T::BOOL: return 1;
        case T::UINT16: case T::INT16: case T::FLOAT16: case T::BFLOAT16: return 2;
        case T::FLOAT: case T::INT32: case T::UINT32: return 4;
        case T::INT64: case T::DOUBLE: case T::UINT64: case T::COMPLEX64: return 8;
        case T::COMPLEX128: return 16;
        default: return 0;
    }
}

bool is_data_field(std::uint32_t number) {
    // float_data, int32_data, string_data, int64_data, raw_data, double_data, uint64_data
    return number == 4 || number == 5 || number == 6 || number == 7 || number == 9 || number == 10 || number == 11;
}

class Reader {
public:
    Reader(const og::ReadRequest& request, const MappedFile& file) : request_(request), file_(file) {}

    onnx::ModelProto read_model() {
        const std::uint8_t* start = file_.data();
        WireWalker walker(start, start + file_.size(), start);
        std::string header;
        const std::uint8_t* graph_begin = nullptr;
        const std::uint8_t* graph_end = nullptr;
        Field f;
        while (walker.next(f)) {
            if (f.number == 7 && f.wire_type == 2) {  // graph (the last one wins, as in protobuf)
                graph_begin = f.payload;
                graph_end = f.end;
            } else if (f.number != 20) {  // training_info: not needed, may hold large tensors
                append(header, f);
            }
        }
        onnx::ModelProto model;
        parse_into(model, header, "model header");
        if (!graph_begin) throw ReadFailure("the file has no graph: not an ONNX model, or an empty one");
        report(0.05, "reading the graph");
        read_graph(*model.mutable_graph(), graph_begin, graph_end);
        return model;
    }

private:
    void read_graph(onnx::GraphProto& graph, const std::uint8_t* begin, const std::uint8_t* end) {
        WireWalker walker(begin, end, file_.data());
        std::string rest;
        std::vector<std::pair<const std::uint8_t*, const std::uint8_t*>> initializers;
        Field f;
        while (walker.next(f)) {
            if (f.number == 5 && f.wire_type == 2)
                initializers.emplace_back(f.payload, f.end);
            else
                append(rest, f);
        }
        parse_into(graph, rest, "graph");
        for (const auto& [b, e] : initializers) read_initializer(*graph.add_initializer(), b, e);
    }

    // An initializer without its data unless the data is small.
    void read_initializer(onnx::TensorProto& tensor, const std::uint8_t* begin, const std::uint8_t* end) {
        WireWalker walker(begin, end, file_.data());
        std::string kept;
        std::vector<Field> data;
        std::uint64_t data_bytes = 0;
        Field f;
        while (walker.next(f)) {
            if (is_data_field(f.number)) {
                data_bytes += static_cast<std::uint64_t>(f.end - f.begin);
                if (data_bytes <= kKeptDataBytes) data.push_back(f);
            } else {
                append(kept, f);
            }
        }
        if (data_bytes <= kKeptDataBytes)
            for (const Field& d : data) append(kept, d);
        parse_into(tensor, kept, "initializer");
        if (tensor.data_location() == onnx::TensorProto::EXTERNAL) load_small_external_data(tensor);
    }

    // Small tensors in an external-data file are read into the model (shape inference may need
    // them); large ones, and any whose file is not there, stay where they are.
    void load_small_external_data(onnx::TensorProto& tensor) const {
        std::string location;
        std::uint64_t offset = 0;
        std::uint64_t length = 0;
        bool has_length = false;
        for (const auto& kv : tensor.external_data()) {
            try {
                if (kv.key() == "location") location = kv.value();
                if (kv.key() == "offset") offset = std::stoull(kv.value());
                if (kv.key() == "length") length = std::stoull(kv.value()), has_length = true;
            } catch (const std::exception&) {
                return;
            }
        }
        if (!has_length) {
            length = element_bytes(tensor.data_type());
            for (std::int64_t d : tensor.dims()) {
                if (d < 0 || (d > 0 && length > kKeptDataBytes / static_cast<std::uint64_t>(d))) return;
                length *= static_cast<std::uint64_t>(d);
            }
        }
        if (location.empty() || length == 0 || length > kKeptDataBytes) return;
        const std::filesystem::path relative(location);
        if (relative.is_absolute()) return;
        for (const auto& part : relative)
            if (part == "..") return;
        std::ifstream in(std::filesystem::path(request_.path).parent_path() / relative, std::ios::binary);
        if (!in) return;
        std::string bytes(static_cast<std::size_t>(length), '\0');
        in.seekg(static_cast<std::streamoff>(offset));
        if (!in.read(bytes.data(), static_cast<std::streamsize>(length))) return;
        tensor.clear_external_data();
        tensor.clear_data_location();
        tensor.set_raw_data(std::move(bytes));
    }

    void report(double fraction, const char* stage) const {
        if (request_.progress) request_.progress(request_.progress_context, fraction, stage);
    }

    const og::ReadRequest& request_;
    const MappedFile& file_;
};

// Gives the symbolic dimensions their values wherever the graph declares shapes.
void assign_dimensions(onnx::GraphProto& graph, const std::vector<og::DimensionValue>& values) {
    std::vector<std::string> seen;
    std::unordered_set<std::string> used;
    auto visit = [&](onnx::ValueInfoProto& v) {
        if (!v.type().has_tensor_type() || !v.type().tensor_type().has_shape()) return;
        for (auto& d : *v.mutable_type()->mutable_tensor_type()->mutable_shape()->mutable_dim()) {
            if (!d.has_dim_param()) continue;
            if (std::find(seen.begin(), seen.end(), d.dim_param()) == seen.end()) seen.push_back(d.dim_param());
            for (const og::DimensionValue& given : values)
                if (given.name == d.dim_param()) {
                    used.insert(given.name);
                    d.set_dim_value(given.value);
                    break;
                }
        }
    };
    for (auto& v : *graph.mutable_input()) visit(v);
    for (auto& v : *graph.mutable_output()) visit(v);
    for (auto& v : *graph.mutable_value_info()) visit(v);
    for (const og::DimensionValue& given : values) {
        if (used.count(given.name)) continue;
        std::string known;
        for (const std::string& s : seen) known += (known.empty() ? "" : ", ") + s;
        throw ReadFailure("--dim " + given.name + "=" + std::to_string(given.value) + ": the model has no symbolic dimension called \"" +
                          given.name + "\"" + (known.empty() ? std::string(" (it has none)") : " (it has " + known + ")"));
    }
}

// ONNX 1.12's shape inference divides by strides and kernel sizes without checking them (a
// stride of 0 is a division by zero): such attributes are refused before it runs.
void refuse_what_inference_cannot_take(const onnx::GraphProto& graph) {
    for (int i = 0; i < graph.node_size(); ++i) {
        const onnx::NodeProto& n = graph.node(i);
        for (const auto& a : n.attribute()) {
            const bool positive_ints = a.name() == "strides" || a.name() == "dilations" || a.name() == "kernel_shape";
            const bool positive_int = a.name() == "group";
            for (std::int64_t v : a.ints())
                if (positive_ints && v <= 0)
                    throw ReadFailure("node " + (n.name().empty() ? "#" + std::to_string(i + 1) : n.name()) + " (" + n.op_type() +
                                      "): attribute " + a.name() + " has " + std::to_string(v) + "; its values must be positive");
            if (positive_int && a.has_i() && a.i() <= 0)
                throw ReadFailure("node " + (n.name().empty() ? "#" + std::to_string(i + 1) : n.name()) + " (" + n.op_type() +
                                  "): attribute " + a.name() + " is " + std::to_string(a.i()) + "; it must be positive");
        }
    }
}

og::TensorInfo tensor_info(const onnx::TypeProto& type) {
    og::TensorInfo info;
    if (!type.has_tensor_type()) return info;
    info.element_type = static_cast<og::ElementType>(type.tensor_type().elem_type());
    if (!type.tensor_type().has_shape()) return info;
    info.has_shape = true;
    for (const auto& d : type.tensor_type().shape().dim()) {
        og::Dimension dim;
        if (d.has_dim_value())
            dim.value = d.dim_value() >= 0 ? d.dim_value() : -2;  // -2: negative in the file
        else if (d.has_dim_param())
            dim.symbol = d.dim_param();
        info.dims.push_back(std::move(dim));
    }
    return info;
}

og::TensorInfo constant_info(const onnx::TensorProto& t) {
    og::TensorInfo info;
    info.has_shape = true;
    info.stored_constant = true;
    info.element_type = static_cast<og::ElementType>(t.data_type());
    for (std::int64_t d : t.dims()) info.dims.push_back({d >= 0 ? d : -2, {}});
    return info;
}

og::Attribute attribute(const onnx::AttributeProto& a) {
    og::Attribute out;
    out.name = a.name();
    switch (a.type()) {
        case onnx::AttributeProto::INT: out.kind = og::Attribute::Kind::Int; out.int_value = a.i(); break;
        case onnx::AttributeProto::INTS:
            out.kind = og::Attribute::Kind::Ints;
            out.ints.assign(a.ints().begin(), a.ints().end());
            break;
        case onnx::AttributeProto::FLOAT: out.kind = og::Attribute::Kind::Float; out.float_value = a.f(); break;
        case onnx::AttributeProto::FLOATS: out.kind = og::Attribute::Kind::Floats; break;
        case onnx::AttributeProto::STRING: out.kind = og::Attribute::Kind::String; out.string_value = a.s(); break;
        default: out.kind = og::Attribute::Kind::Other; break;
    }
    return out;
}

og::Graph collect(const onnx::ModelProto& model) {
    og::Graph out;
    const onnx::GraphProto& g = model.graph();
    out.ir_version = model.ir_version();
    out.producer = model.producer_name() + (model.producer_version().empty() ? "" : " " + model.producer_version());
    std::unordered_set<std::string> initializer_names;
    for (const auto& t : g.initializer()) {
        initializer_names.insert(t.name());
        out.values[t.name()] = constant_info(t);
    }
    auto record = [&](const onnx::ValueInfoProto& v) {
        if (initializer_names.count(v.name())) return;  // its dims are the initializer's
        og::TensorInfo info = tensor_info(v.type());
        og::TensorInfo& slot = out.values[v.name()];
        // A later record without a type keeps the type an earlier one gave.
        if (info.element_type == og::ElementType::Undefined) info.element_type = slot.element_type;
        if (info.has_shape || !slot.has_shape) slot = std::move(info);
        else if (slot.element_type == og::ElementType::Undefined) slot.element_type = info.element_type;
    };
    for (const auto& v : g.input()) {
        record(v);
        if (!initializer_names.count(v.name())) out.graph_inputs.push_back(v.name());
    }
    for (const auto& v : g.value_info()) record(v);
    for (const auto& v : g.output()) record(v);
    for (const auto& n : g.node()) {
        og::Node node;
        node.name = n.name();
        node.op_type = n.op_type();
        node.domain = n.domain();
        node.inputs.assign(n.input().begin(), n.input().end());
        node.outputs.assign(n.output().begin(), n.output().end());
        for (const auto& a : n.attribute()) node.attributes.push_back(attribute(a));
        if ((n.domain().empty() || n.domain() == "ai.onnx") && n.op_type() == "Constant" && n.output_size() == 1) {
            og::TensorInfo info;
            info.has_shape = true;
            info.stored_constant = true;
            for (const auto& a : n.attribute()) {
                if (a.name() == "value" && a.has_t()) info = constant_info(a.t());
                if (a.name() == "value_ints" || a.name() == "value_floats" || a.name() == "value_strings")
                    info.dims = {{static_cast<std::int64_t>(a.ints_size() + a.floats_size() + a.strings_size()), {}}};
                if (a.name() == "value_int" || a.name() == "value_ints") info.element_type = og::ElementType::Int64;
                if (a.name() == "value_float" || a.name() == "value_floats") info.element_type = og::ElementType::Float;
                if (a.name() == "value_string" || a.name() == "value_strings") info.element_type = og::ElementType::String;
            }
            out.values[n.output(0)] = std::move(info);
        }
        out.nodes.push_back(std::move(node));
    }
    for (const auto& f : model.functions()) out.local_functions.emplace_back(f.domain(), f.name());
    // Symbols still open, in the order the graph first meets them.
    std::set<std::string> listed;
    auto note_symbols = [&](const std::string& value) {
        auto it = out.values.find(value);
        if (it == out.values.end()) return;
        for (const og::Dimension& d : it->second.dims)
            if (!d.known() && !d.symbol.empty() && listed.insert(d.symbol).second) out.symbols.push_back(d.symbol);
    };
    for (const std::string& in : out.graph_inputs) note_symbols(in);
    for (const og::Node& n : out.nodes) {
        for (const std::string& v : n.inputs) note_symbols(v);
        for (const std::string& v : n.outputs) note_symbols(v);
    }
    return out;
}

void read(const og::ReadRequest& request, og::ReadResult& result) {
    const MappedFile file(request.path);
    if (request.progress) request.progress(request.progress_context, 0.0, "reading the model");
    onnx::ModelProto model = Reader(request, file).read_model();
    assign_dimensions(*model.mutable_graph(), request.dimensions);

    std::int64_t opset = -1;
    for (const auto& o : model.opset_import())
        if (o.domain().empty() || o.domain() == "ai.onnx") opset = o.version();
    if (opset < 0) throw ReadFailure("the model imports no version (opset) of ONNX's standard operators");
    const auto& ranges = onnx::OpSchemaRegistry::DomainToVersionRange::Instance().Map();
    const auto standard = ranges.find(onnx::ONNX_DOMAIN);
    const std::int64_t newest = standard == ranges.end() ? 0 : standard->second.second;

    std::string messages;
    const bool infer = opset <= newest;
    if (infer) {
        refuse_what_inference_cannot_take(model.graph());
        if (request.progress) request.progress(request.progress_context, 0.3, "inferring shapes");
        try {
            // error_mode 1 reports the nodes it could not infer, after inferring all the others.
            onnx::shape_inference::InferShapes(model, onnx::OpSchemaRegistry::Instance(), onnx::ShapeInferenceOptions(false, 1, true));
        } catch (const std::exception& e) {
            messages = e.what();
        }
    }
    if (request.progress) request.progress(request.progress_context, 0.9, "collecting shapes");
    result.graph = collect(model);
    result.graph.opset = opset;
    result.graph.newest_known_opset = newest;
    result.graph.shapes_inferred = infer;
    result.graph.inference_messages = std::move(messages);
    result.ok = true;
}

}  // namespace

// The name is kReaderEntryPoint's (workload/onnx_graph.hpp), which the engine looks up.
static_assert(std::string_view(og::kReaderEntryPoint) == "mapscape_onnx_read_v2");
extern "C" __attribute__((visibility("default"))) void mapscape_onnx_read_v2(const og::ReadRequest* request, og::ReadResult* result) {
    *result = {};
    try {
        read(*request, *result);
    } catch (const std::bad_alloc&) {
        result->ok = false;
        result->error = "out of memory while reading the model";
    } catch (const std::exception& e) {
        result->ok = false;
        result->error = e.what();
    }
    if (!result->ok) result->graph = {};
}
