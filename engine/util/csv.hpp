// CSV fields as RFC 4180 wants them: quoted when they hold a comma, a quote or a line break
// (layer names and labels can), with quotes doubled.
#pragma once

#include <string>
#include <string_view>

namespace mapscape {

inline std::string csv_field(std::string_view text) {
    if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
    std::string out = "\"";
    for (char c : text) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + "\"";
}

}  // namespace mapscape
