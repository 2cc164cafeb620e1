// UTF-8 validation: names read from files end up in JSON documents, study files and window
// titles, all of which need valid UTF-8, so readers reject bad bytes where they stand.
#pragma once

#include <cstddef>
#include <string_view>

namespace mapscape {

// The offset of the first byte that does not belong to well-formed UTF-8 (overlong forms,
// surrogates and code points above U+10FFFF included), or npos when the text is valid.
std::size_t first_invalid_utf8(std::string_view text);

// The length in bytes of the well-formed character starting at text[i] (1 for ASCII), or 0
// when the bytes there are not one.
std::size_t utf8_char_length(std::string_view text, std::size_t i);

}  // namespace mapscape
