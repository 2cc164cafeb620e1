// A half-open range of indices and the signed divisions that place tiles on it: the vocabulary
// the reference simulator and the faithful analysis share (each keeps its own logic).
#pragma once

#include <algorithm>
#include <cstdint>

namespace mapscape {

struct IndexRange {
    std::int64_t lo = 0, hi = 0;  // [lo, hi)
    std::int64_t size() const { return hi > lo ? hi - lo : 0; }
};

inline IndexRange intersect(IndexRange a, IndexRange b) { return {std::max(a.lo, b.lo), std::min(a.hi, b.hi)}; }

// Rounded toward minus infinity (plus infinity) for any sign of a; b > 0.
// A unit divisor (an unstrided layer, the common case) skips the 64-bit division, the slowest
// instruction of the faithful analysis's tile placement.
inline std::int64_t floor_div_signed(std::int64_t a, std::int64_t b) {
    if (b == 1) return a;
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}
inline std::int64_t ceil_div_signed(std::int64_t a, std::int64_t b) { return -floor_div_signed(-a, b); }

}  // namespace mapscape
