// What the ONNX reader plugin (mapscape-onnx.so) hands the engine: an ONNX graph's nodes with
// their attributes and inferred tensor shapes, in plain C++ types, so that the engine turns it
// into layers without linking libonnx or protobuf (see workload/onnx_import.hpp for why).
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace mapscape::onnx_graph {

// One dimension of a tensor shape: a number, a symbol ("batch"), or unknown (neither).
struct Dimension {
    std::int64_t value = -1;  // >= 0 when known
    std::string symbol;       // the dim_param when the size is symbolic

    bool known() const { return value >= 0; }
};

// A tensor's element type, numbered as ONNX's TensorProto.DataType (the plugin copies the number;
// one this list does not name is kept as it is and means "no format the engine knows").
enum class ElementType : std::int32_t {
    Undefined = 0,
    Float = 1,
    Uint8 = 2,
    Int8 = 3,
    Uint16 = 4,
    Int16 = 5,
    Int32 = 6,
    Int64 = 7,
    String = 8,
    Bool = 9,
    Float16 = 10,
    Double = 11,
    Uint32 = 12,
    Uint64 = 13,
    Complex64 = 14,
    Complex128 = 15,
    Bfloat16 = 16,
    Float8E4M3FN = 17,
    Float8E4M3FNUZ = 18,
    Float8E5M2 = 19,
    Float8E5M2FNUZ = 20,
    Uint4 = 21,
    Int4 = 22,
};

struct TensorInfo {
    bool has_shape = false;  // false: not even the rank is known
    std::vector<Dimension> dims;
    ElementType element_type = ElementType::Undefined;  // Undefined: not in the file nor inferred
    // An initializer, or the output of a Constant node: data fixed in the file (weights).
    bool stored_constant = false;
};

struct Attribute {
    enum class Kind { Int, Ints, Float, Floats, String, Other };
    std::string name;
    Kind kind = Kind::Other;
    std::int64_t int_value = 0;
    std::vector<std::int64_t> ints;
    double float_value = 0;
    std::string string_value;
};

struct Node {
    std::string name;  // as in the file; may be empty
    std::string op_type;
    std::string domain;  // "" for the standard operators
    std::vector<std::string> inputs;   // "" for an omitted optional input
    std::vector<std::string> outputs;
    std::vector<Attribute> attributes;

    const Attribute* attribute(const std::string& attribute_name) const {
        for (const Attribute& a : attributes)
            if (a.name == attribute_name) return &a;
        return nullptr;
    }
};

struct Graph {
    std::int64_t ir_version = 0;
    std::string producer;                 // "pytorch 1.13.1"
    std::int64_t opset = 0;               // the standard domain's opset the model imports
    std::int64_t newest_known_opset = 0;  // the newest the reader's shape inference knows
    bool shapes_inferred = false;         // false: only the shapes recorded in the file
    std::string inference_messages;       // what ONNX's shape inference reported, if anything
    std::vector<Node> nodes;              // in the file's (topological) order
    std::vector<std::string> graph_inputs;  // inputs that are not initializers
    std::vector<std::pair<std::string, std::string>> local_functions;  // (domain, name)
    std::unordered_map<std::string, TensorInfo> values;  // by value name
    std::vector<std::string> symbols;  // symbolic dimensions still open, in order of appearance
};

struct DimensionValue {
    std::string name;
    std::int64_t value = 0;
};

struct ReadRequest {
    std::string path;
    std::vector<DimensionValue> dimensions;  // values for symbolic dimensions (--dim NAME=VALUE)
    // Called as reading progresses (fraction 0..1, what is being done); may be null.
    void (*progress)(void* context, double fraction, const char* stage) = nullptr;
    void* progress_context = nullptr;
};

struct ReadResult {
    bool ok = false;
    std::string error;  // what is wrong, without the file name; set when !ok
    Graph graph;
};

// The plugin's one entry point, looked up by this name. The version in the name changes with
// these types, so that a stale plugin is refused rather than misread (v2: element types).
inline constexpr const char* kReaderEntryPoint = "mapscape_onnx_read_v2";
using ReaderEntryPoint = void (*)(const ReadRequest* request, ReadResult* result);
inline constexpr const char* kPluginFile = "mapscape-onnx.so";

}  // namespace mapscape::onnx_graph
