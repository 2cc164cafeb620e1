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

struct TensorInfo {
    bool has_shape = false;  // false: not even the rank is known
    std::vector<Dimension> dims;
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
// these types, so that a stale plugin is refused rather than misread.
inline constexpr const char* kReaderEntryPoint = "mapscape_onnx_read_v1";
using ReaderEntryPoint = void (*)(const ReadRequest* request, ReadResult* result);
inline constexpr const char* kPluginFile = "mapscape-onnx.so";

}  // namespace mapscape::onnx_graph
