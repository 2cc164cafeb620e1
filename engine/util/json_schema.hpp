// The fields a kind of JSON object may have, written once per format next to its loader: the
// loader refuses any other field (with the path and a "did you mean"), the writer writes only
// these, and a test checks each format page's field table against them, so the three cannot drift.
#pragma once

#include <string>
#include <vector>

namespace mapscape {

struct JsonObjectSchema {
    // How messages and the format pages name the object: "accelerator", "accelerator.noc".
    std::string name;
    std::vector<std::string> fields;

    bool has(const std::string& field) const;
};

// "/layers/3/Kx" -> "layers[3].Kx": how a field's path reads in a message.
std::string json_path_text(const std::string& pointer);

}  // namespace mapscape
