// A mapping's JSON form: its cluster levels, each with its ordered directives.
//   [{"directives": [{"map": "SpatialMap", "dim": "K", "size": 1, "offset": 1}, ...]},
//    {"cluster": 16, "directives": [...]}]
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "mapping/mapping.hpp"

namespace mapscape {

class JsonDocument;

nlohmann::ordered_json mapping_to_json(const Mapping& mapping);
Mapping mapping_from_json(const JsonDocument& doc, const nlohmann::json& value, const std::string& pointer);

}  // namespace mapscape
