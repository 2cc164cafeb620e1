#include "util/json_schema.hpp"

#include <algorithm>
#include <cctype>

namespace mapscape {

bool JsonObjectSchema::has(const std::string& field) const {
    return std::find(fields.begin(), fields.end(), field) != fields.end();
}

std::string json_path_text(const std::string& pointer) {
    std::string out;
    std::size_t at = 0;
    while (at < pointer.size()) {
        const std::size_t start = at + 1;  // past the '/'
        const std::size_t end = std::min(pointer.find('/', start), pointer.size());
        std::string token = pointer.substr(start, end - start);
        std::string unescaped;
        for (std::size_t i = 0; i < token.size(); ++i) {
            if (token[i] == '~' && i + 1 < token.size()) {
                unescaped += token[i + 1] == '1' ? '/' : '~';
                ++i;
            } else {
                unescaped += token[i];
            }
        }
        const bool index = !unescaped.empty() && std::all_of(unescaped.begin(), unescaped.end(), [](unsigned char c) { return std::isdigit(c); });
        if (index) out += "[" + unescaped + "]";
        else out += (out.empty() ? "" : ".") + unescaped;
        at = end;
    }
    return out;
}

}  // namespace mapscape
