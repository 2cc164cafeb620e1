// The accelerator's JSON form ("mapscape-accelerator" files and study documents).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "arch/accelerator.hpp"

namespace mapscape {

class JsonDocument;
struct JsonObjectSchema;

// The fields of an accelerator's objects: itself, its NoC levels, technology and map space.
std::vector<const JsonObjectSchema*> accelerator_schemas();

nlohmann::ordered_json accelerator_to_json(const Accelerator& acc);
// Reads the object at `pointer`; absent fields keep their defaults. Throws InputError.
Accelerator accelerator_from_json(const JsonDocument& doc, const nlohmann::json& value,
                                  const std::string& pointer);

Accelerator parse_accelerator_json(std::string_view text, const std::string& file_name);
// By extension: .json (ours) or .m (a MAESTRO HW file, over `base`).
Accelerator load_accelerator_file(const std::string& path, const Accelerator& base = Accelerator{});

}  // namespace mapscape
