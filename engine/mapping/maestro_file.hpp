// MAESTRO's network + dataflow files (".m"): reader and writer.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "mapping/mapping.hpp"
#include "util/diagnostic.hpp"
#include "workload/layer.hpp"

namespace mapscape {

struct MaestroLayer {
    Layer layer;
    Mapping mapping;            // empty when the layer had no Dataflow block
    bool has_dataflow = false;
    SourceLocation location;    // where the layer starts
};

struct MaestroNetwork {
    std::string name;
    std::vector<MaestroLayer> layers;
    std::vector<std::pair<std::string, std::int64_t>> constants;  // in file order
    std::vector<Diagnostic> warnings;  // accepted but ignored constructs
};

// Reads a network + dataflow file. Throws InputError with file:line:column on any error.
MaestroNetwork read_maestro_file(const std::string& path);
MaestroNetwork parse_maestro_text(std::string_view text, const std::string& file_name);

// Layer names MAESTRO can read back as one token (separators and braces become '_').
std::string maestro_safe_name(std::string_view name);

// Writes the layers with their mappings in a form MAESTRO (and our reader) accept. FC layers
// are written as 1x1 CONV, as MAESTRO has no FC analysis.
std::string write_maestro_text(const std::string& network_name,
                               const std::vector<std::pair<Layer, Mapping>>& layers);

}  // namespace mapscape
