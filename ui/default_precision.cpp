#include "default_precision.hpp"

#include <algorithm>
#include <vector>

namespace mapscape::ui {

TensorPrecision shown_default_precision(const Model& model, const std::optional<TensorPrecision>& applied) {
    if (applied) return *applied;
    std::vector<std::pair<TensorPrecision, int>> counts;  // in the order the layers name them
    for (const Layer& l : model.layers) {
        if (!l.precision.specified()) return {};
        auto it = std::find_if(counts.begin(), counts.end(), [&](const auto& c) { return c.first == l.precision; });
        if (it == counts.end())
            counts.emplace_back(l.precision, 1);
        else
            ++it->second;
    }
    if (counts.empty()) return {};
    return std::max_element(counts.begin(), counts.end(), [](const auto& a, const auto& b) { return a.second < b.second; })->first;
}

Model with_default_precision(Model model, const TensorPrecision& from, const TensorPrecision& to) {
    for (Layer& l : model.layers)
        if (!l.precision.specified() || l.precision == from) l.precision = to;
    return model;
}

}  // namespace mapscape::ui
