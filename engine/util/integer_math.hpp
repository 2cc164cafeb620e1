// Integer arithmetic the bounds share.
#pragma once

#include <cstdint>
#include <limits>

namespace mapscape {

// The largest size or count MAESTRO can hold (it stores them in a C int): what the readers and
// the study files accept.
inline constexpr std::int64_t kIntMax = std::numeric_limits<std::int32_t>::max();

// ceil(a / b) for a >= 0, b > 0.
constexpr std::int64_t ceil_div(std::int64_t a, std::int64_t b) { return (a + b - 1) / b; }

// The MACs of the busiest of `units` units that share a dimension of `extent` indices, when
// `macs` are spread evenly along it otherwise: it gets ceil(extent / units) of the indices.
constexpr std::int64_t busiest_share(std::int64_t macs, std::int64_t extent, std::int64_t units) {
    return macs / extent * ceil_div(extent, units);
}

}  // namespace mapscape
