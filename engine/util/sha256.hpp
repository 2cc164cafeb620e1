// SHA-256 of a byte string (FIPS 180-4), for content identities: a sweep run's id is the hash of
// its settings, and models and accelerators stored in a results database are keyed by theirs.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace mapscape {

std::array<std::uint8_t, 32> sha256(std::string_view bytes);
// Lower-case hex of the first `hex_digits` (at most 64) digits of the hash.
std::string sha256_hex(std::string_view bytes, std::size_t hex_digits = 64);

}  // namespace mapscape
