// Branch-free selection for the cost model's hot path.
#pragma once

#include <cstdint>

namespace mapscape {

// c ? a : b without a branch. GCC often compiles the conditional operator to a branch; where
// the condition depends on the order of a mapping's directives (which varies from one
// evaluation to the next) that branch mispredicts about half the time. On x86-64 a conditional
// move says so in two instructions; elsewhere a mask does it in four.
inline std::int64_t select(bool c, std::int64_t a, std::int64_t b) {
#if defined(__GNUC__) && defined(__x86_64__)
    if (__builtin_constant_p(c)) return c ? a : b;
    asm("testb %1, %1\n\tcmovne %2, %0" : "+r"(b) : "q"(c), "rm"(a) : "cc");
    return b;
#else
    return b ^ ((a ^ b) & -static_cast<std::int64_t>(c));
#endif
}

}  // namespace mapscape
