#include "workload/layer_selection.hpp"

#include <algorithm>
#include <charconv>

namespace mapscape {

namespace {

int parse_layer_number(const std::string& text, const std::string& part, const SourceLocation& where) {
    if (text.empty())
        throw InputError(where, "\"" + part + "\" is not a layer selection (layer numbers from 1, ranges such as 2-5, joined by commas)");
    int v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc{} || end != text.data() + text.size())
        throw InputError(where, "\"" + text + "\" is not a layer number");
    return v;
}

}  // namespace

std::vector<int> parse_layer_selection(const std::string& text, std::size_t count, const SourceLocation& where) {
    std::vector<int> out;
    if (text == "all" || text.empty()) {
        for (std::size_t i = 1; i <= count; ++i) out.push_back(static_cast<int>(i));
        return out;
    }
    std::size_t pos = 0;
    while (pos <= text.size()) {
        const std::size_t comma = std::min(text.find(',', pos), text.size());
        const std::string part = text.substr(pos, comma - pos);
        const std::size_t dash = part.find('-');
        const int a = parse_layer_number(dash == std::string::npos ? part : part.substr(0, dash), part, where);
        const int b = dash == std::string::npos ? a : parse_layer_number(part.substr(dash + 1), part, where);
        if (b < a && a >= 1 && static_cast<std::size_t>(a) <= count)
            throw InputError(where, "layer selection \"" + part + "\" runs backwards (write " + std::to_string(b) + "-" +
                                        std::to_string(a) + ")");
        if (a < 1 || b < a || static_cast<std::size_t>(b) > count)
            throw InputError(where, "layer selection \"" + part + "\" is outside 1-" + std::to_string(count));
        for (int i = a; i <= b; ++i)
            if (std::find(out.begin(), out.end(), i) == out.end()) out.push_back(i);
        pos = comma + 1;
    }
    return out;
}

}  // namespace mapscape
