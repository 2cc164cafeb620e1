// The technology file (resources/technologies/*.json, docs/formats/technology.md): strict, with
// every refusal located (file, line, column, field) and a reason: a missing field, a negative
// figure, a memory curve whose energy, leakage or area falls as capacity grows, a DRAM type
// that is not one of the known kinds, a figure without its source.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tech/technology.hpp"
#include "util/json_schema.hpp"

namespace mapscape {

// Resolves the `scaled_from` base technology by name (the loader passes the bundled library).
using TechnologyResolver = std::function<std::shared_ptr<const Technology>(const std::string& name)>;

Technology parse_technology_json(std::string_view text, const std::string& file_name, const TechnologyResolver& resolve);

// The DRAM kinds a file may name (lower case).
const std::vector<std::string>& known_dram_types();

std::vector<const JsonObjectSchema*> technology_schemas();

}  // namespace mapscape
