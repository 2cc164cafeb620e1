// Integer arithmetic the bounds share.
#pragma once

#include <array>
#include <cstddef>
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

// Calls f(d) for each divisor d of n (1 <= n <= kIntMax) in increasing order, finding them up to
// sqrt(n): a walk to n took seconds for a 2^31-PE array or dimension. No number up to 2^31 has
// more than 1,600 divisors; the pairs wait on the stack (no allocation).
template <typename F>
void for_each_divisor(std::int64_t n, F f) {
    constexpr std::size_t kMostDivisors = 2048;
    std::array<std::int64_t, kMostDivisors> large{};
    std::size_t large_count = 0;
    for (std::int64_t d = 1; d <= n / d; ++d) {
        if (n % d != 0) continue;
        f(d);
        if (d != n / d && large_count < kMostDivisors) large[large_count++] = n / d;
    }
    while (large_count > 0) f(large[--large_count]);
}

}  // namespace mapscape
