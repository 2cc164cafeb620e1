// Integer arithmetic the bounds share.
#pragma once

#include <cstdint>

namespace mapscape {

// ceil(a / b) for a >= 0, b > 0.
constexpr std::int64_t ceil_div(std::int64_t a, std::int64_t b) { return (a + b - 1) / b; }

// The MACs of the busiest of `units` units that share a dimension of `extent` indices, when
// `macs` are spread evenly along it otherwise: it gets ceil(extent / units) of the indices.
constexpr std::int64_t busiest_share(std::int64_t macs, std::int64_t extent, std::int64_t units) {
    return macs / extent * ceil_div(extent, units);
}

}  // namespace mapscape
