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

std::size_t utf8_char_length(std::string_view text, std::size_t i) {
    if (i >= text.size()) return 0;
    const auto b = static_cast<unsigned char>(text[i]);
    const std::size_t n = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 0;
    if (n == 0 || i + n > text.size()) return 0;
    return first_invalid_utf8(text.substr(i, n)) == std::string_view::npos ? n : 0;
}

}  // namespace mapscape
