#include "util/utf8.hpp"

namespace mapscape {

std::size_t first_invalid_utf8(std::string_view text) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    const auto continuation = [&](std::size_t i) { return i < text.size() && (byte(i) & 0xC0) == 0x80; };
    std::size_t i = 0;
    while (i < text.size()) {
        const unsigned char b = byte(i);
        if (b < 0x80) {
            ++i;
            continue;
        }
        // Lead bytes and the range of the second byte that keeps the form shortest and in
        // range (Unicode Table 3-7).
        std::size_t length = 0;
        unsigned char second_lo = 0x80, second_hi = 0xBF;
        if (b >= 0xC2 && b <= 0xDF) {
            length = 2;
        } else if (b >= 0xE0 && b <= 0xEF) {
            length = 3;
            if (b == 0xE0) second_lo = 0xA0;
            if (b == 0xED) second_hi = 0x9F;  // no surrogates
        } else if (b >= 0xF0 && b <= 0xF4) {
            length = 4;
            if (b == 0xF0) second_lo = 0x90;
            if (b == 0xF4) second_hi = 0x8F;
        } else {
            return i;  // 0x80-0xC1 (stray continuation, overlong lead) and 0xF5-0xFF
        }
        if (i + 1 >= text.size() || byte(i + 1) < second_lo || byte(i + 1) > second_hi) return i;
        for (std::size_t k = 2; k < length; ++k)
            if (!continuation(i + k)) return i;
        i += length;
    }
    return std::string_view::npos;
}

}  // namespace mapscape
