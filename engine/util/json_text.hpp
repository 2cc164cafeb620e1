// JSON documents as text, for files, standard output and messages. A string that is not valid
// UTF-8 (Linux file names are bytes, and a name can come from anywhere) is written with U+FFFD
// in place of its bad bytes, where nlohmann's default would throw halfway through a write.
#pragma once

#include <string>

namespace mapscape {

// `indent` < 0: one line.
template <typename Json>
std::string json_text(const Json& document, int indent = -1) {
    return document.dump(indent, ' ', false, Json::error_handler_t::replace);
}

}  // namespace mapscape
