// A DNN workload: an ordered list of layers, loaded from our JSON, MAESTRO network files or
// GAMMA's CSV layer tables.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "workload/layer.hpp"

namespace mapscape {

struct Model {
    std::string name;
    std::string description;
    std::string source;  // where the layer shapes come from
    std::vector<Layer> layers;

    bool operator==(const Model&) const = default;
};

nlohmann::ordered_json layer_to_json(const Layer& layer);
nlohmann::ordered_json model_to_json(const Model& model);
// The model file text: header fields pretty-printed, one line per layer.
std::string model_to_json_text(const Model& model);

class JsonDocument;
// Reads a layer object at `pointer` of a parsed document; throws InputError pointing at it.
Layer layer_from_json(const JsonDocument& doc, const nlohmann::json& value,
                      const std::string& pointer);

// Reads a model object at `pointer` (a model file's root, or a model inside a study).
Model model_from_json(const JsonDocument& doc, const nlohmann::json& value, const std::string& pointer);
Model parse_model_json(std::string_view text, const std::string& file_name);
// GAMMA layer tables: a header row, then K,C,Y,X,R,S,T per layer (T: 1 CONV, 2 depthwise,
// 0 FC as O,I, 3 GEMM as M,N,K).
Model parse_gamma_csv(std::string_view text, const std::string& file_name);

// Loads by extension: .json (ours), .csv (GAMMA), .m (MAESTRO network, dataflows ignored).
Model load_model_file(const std::string& path);

// Names of the models shipped in models/ (without extension), and loading one by name.
std::string models_directory();
std::vector<std::string> bundled_model_names();
Model load_bundled_model(const std::string& name);
// A bundled model name or a file path.
Model load_model(const std::string& name_or_path);

}  // namespace mapscape
