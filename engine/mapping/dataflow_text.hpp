// A single layer's dataflow as MAESTRO directives, one per line, for the dataflow editor's text
// view: written from a mapping, and read back with errors placed in that text.
#pragma once

#include <string>
#include <string_view>

#include "mapping/mapping.hpp"
#include "workload/layer.hpp"

namespace mapscape {

// "SpatialMap(1,1) K;" lines; the directives after a Cluster are indented.
std::string dataflow_text(const Mapping& mapping);

// Reads directives (MAESTRO syntax, Sz() and comments allowed) for `layer`. Throws InputError
// whose line and column count from the start of `text`; `source` names it in messages.
Mapping parse_dataflow_text(std::string_view text, const Layer& layer, const std::string& source = "dataflow");

}  // namespace mapscape
