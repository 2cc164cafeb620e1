// A DNN workload: an ordered list of layers, loaded from our JSON, MAESTRO network files,
// GAMMA's CSV layer tables or ONNX graphs (workload/onnx_import.hpp).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "workload/layer.hpp"
#include "workload/llm_workload.hpp"

namespace mapscape {

// Operators of an imported network that no layer stands for (pooling, element-wise, softmax,
// reshapes, or a convolution the engine cannot express), one entry per operator type and reason.
struct UnmappedOperator {
    std::string op_type;    // "MaxPool"
    std::string reason;     // why it is not a layer, e.g. "dilation 2 is not modelled"; may be empty
    std::int64_t count = 0;       // nodes of this type
    std::int64_t operations = 0;  // their arithmetic: MACs for a convolution, else elementary operations

    bool operator==(const UnmappedOperator&) const = default;
};

struct Model {
    std::string name;
    std::string description;
    std::string source;  // where the layer shapes come from
    std::vector<Layer> layers;
    std::vector<UnmappedOperator> unmapped;  // what an import left out (empty for layer tables)
    // Set when the layers are one phase of a language model's inference (workload/llm_model.hpp).
    std::optional<LlmWorkload> llm;

    bool operator==(const Model&) const = default;
};

nlohmann::ordered_json layer_to_json(const Layer& layer);
nlohmann::ordered_json model_to_json(const Model& model);
// The model file text: header fields pretty-printed, one line per layer.
std::string model_to_json_text(const Model& model);

class JsonDocument;
struct JsonObjectSchema;
// Reads a layer object at `pointer` of a parsed document; throws InputError pointing at it.
Layer layer_from_json(const JsonDocument& doc, const nlohmann::json& value,
                      const std::string& pointer);

// Reads a model object at `pointer` (a model file's root, or a model inside a study).
Model model_from_json(const JsonDocument& doc, const nlohmann::json& value, const std::string& pointer);
// The fields of a model file's objects (for the format page's check).
std::vector<const JsonObjectSchema*> model_schemas();
Model parse_model_json(std::string_view text, const std::string& file_name);
// GAMMA layer tables: a header row, then K,C,Y,X,R,S,T per layer (T: 1 CONV, 2 depthwise,
// 0 FC as O,I, 3 GEMM as M,N,K).
Model parse_gamma_csv(std::string_view text, const std::string& file_name);

// Loads by extension: .json (ours), .csv (GAMMA), .m (MAESTRO network, dataflows ignored),
// .onnx (an ONNX graph, with every node its own layer and no symbolic dimension set).
Model load_model_file(const std::string& path);

// One layer per distinct shape and precision (the first of its name), its repeat count the sum of
// those it stands for, in order of first appearance: the same totals, fewer layers to search.
Model merge_identical_layers(const Model& model);

// Names of the models shipped in models/ (without extension), and loading one by name.
std::string models_directory();
std::vector<std::string> bundled_model_names();
Model load_bundled_model(const std::string& name);
// A bundled model name or a file path.
Model load_model(const std::string& name_or_path);

}  // namespace mapscape
