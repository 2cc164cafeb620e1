#include "workload/dimension.hpp"

namespace mapscape {

namespace {
constexpr std::array<std::string_view, kNumDims> kNames = {"C", "G",  "K", "M", "N", "R",
                                                          "S", "X", "X'", "Y", "Y'"};
}

std::string_view dim_name(Dim d) { return kNames[static_cast<std::size_t>(index_of(d))]; }

std::optional<Dim> parse_dim(std::string_view name) {
    for (Dim d : kAllDims)
        if (dim_name(d) == name) return d;
    return std::nullopt;
}

}  // namespace mapscape
