// Branch-free selection for the cost model's hot path.
#pragma once

#include <cstdint>

namespace mapscape {

// c ? a : b, computed with a mask. GCC often compiles the conditional operator to a branch;
// where the condition depends on the order of a mapping's directives (which varies from one
// evaluation to the next) that branch mispredicts about half the time.
inline std::int64_t select(bool c, std::int64_t a, std::int64_t b) {
    return b ^ ((a ^ b) & -static_cast<std::int64_t>(c));
}

}  // namespace mapscape
