// ONNX graphs as models: every operator with multiply-accumulates (Conv, ConvTranspose, Gemm,
// MatMul, Einsum, and the quantized QLinearConv, ConvInteger, QLinearMatMul, MatMulInteger)
// becomes a layer with the exact sizes ONNX's shape inference gives it, and the precision the
// graph states (quantized operands, QDQ, float16); the others are counted as not mapped, with
// their share of the arithmetic.
//
// Reading the file needs libonnx and protobuf, large shared libraries whose loading would slow
// every start of mapscape-cli and the GUI. They live in a plugin, mapscape-onnx.so, which this
// file opens on the first .onnx file (looked for in $MAPSCAPE_PLUGIN_DIR, beside the program, and
// in ../lib/mapscape from it). The plugin only reads and infers shapes; turning the graph into
// layers happens here, in the engine, where the tests reach it without the plugin.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "workload/model.hpp"
#include "workload/onnx_graph.hpp"

namespace mapscape {

struct OnnxImportOptions {
    std::vector<onnx_graph::DimensionValue> dimensions;  // values of symbolic dimensions
    bool unique = false;  // one layer per distinct shape, with a repeat count
    // Called from the importing thread as the import progresses (fraction 0..1, what it does).
    std::function<void(double fraction, const std::string& stage)> progress;
};

// Reads and converts an .onnx file. Throws InputError "FILE: what is wrong", or
// "FILE: node NAME (OpType): what is wrong" for a node that cannot be imported.
Model import_onnx_model(const std::string& path, const OnnxImportOptions& options = {});

// The conversion alone, from a graph as the plugin reads it.
Model model_from_onnx_graph(const onnx_graph::Graph& graph, const std::string& file_name, bool unique = false);

// Parses "NAME=VALUE" (--dim); throws InputError naming `option` when it is not that.
onnx_graph::DimensionValue parse_dimension_value(const std::string& text, const std::string& option = "--dim");

// Where the plugin was found and loaded from, or why it could not be (for --version-like
// diagnostics and tests). Loads it when it has not been loaded.
std::string onnx_plugin_status();

}  // namespace mapscape
