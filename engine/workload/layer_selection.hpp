// Which layers of a model a search covers: "all", "3", "2-5", "1,4,9" (1-based, model order),
// as `mapscape-cli search --layer` and sweep specs write it.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "util/diagnostic.hpp"

namespace mapscape {

// The selected 1-based layer numbers, each once, in the order written. Throws InputError at
// `where` when the text is not a selection of layers 1..layer_count.
std::vector<int> parse_layer_selection(const std::string& text, std::size_t layer_count,
                                       const SourceLocation& where);

}  // namespace mapscape
