// Checked accumulation of the analyses' counts (cycles, elements, MACs).
#pragma once

#include <cstdint>

namespace mapscape {

// The most cycles or elements an analysis adds up before refusing a mapping as an overflow:
// nested sliding windows can count past 64 bits on a small layer, and 2^62 leaves room for the
// delays a level adds to a held count.
inline constexpr std::int64_t kMostCount = std::int64_t{1} << 62;

// sum += a x b x c; false (and sum held at kMostCount) when that passes kMostCount.
inline bool add_product_checked(std::int64_t& sum, std::int64_t a, std::int64_t b, std::int64_t c = 1) {
    std::int64_t p = 0;
    if (__builtin_mul_overflow(a, b, &p) || __builtin_mul_overflow(p, c, &p) || __builtin_add_overflow(sum, p, &sum) ||
        sum > kMostCount) {
        sum = kMostCount;
        return false;
    }
    return true;
}

}  // namespace mapscape
