// A mapping's JSON form: its cluster levels, each with its ordered directives.
//   [{"directives": [{"map": "SpatialMap", "dim": "K", "size": 1, "offset": 1}, ...]},
//    {"cluster": 16, "directives": [...]}]
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "mapping/mapping.hpp"

namespace mapscape {

class JsonDocument;
struct JsonObjectSchema;

// The fields of a mapping's levels and directives (for the format page's check).
std::vector<const JsonObjectSchema*> mapping_schemas();

nlohmann::ordered_json mapping_to_json(const Mapping& mapping);
Mapping mapping_from_json(const JsonDocument& doc, const nlohmann::json& value, const std::string& pointer);

}  // namespace mapscape
