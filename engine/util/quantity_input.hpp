// Sizes and rates as people type them: "256 KiB", "1 MB", "108000", "1.5 KiB", "64 B/cycle",
// "16 elements/cycle", "2k". The editor's fields read them through here and write their values
// back with the largest unit that keeps them exact, so that a field shows "256 KiB" or "108 kB"
// and reads back the same number.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace mapscape {

// Bytes from "N", "N B", "N KiB/MiB/GiB" (powers of 1024), "N kB/MB/GB" (powers of 1000) or
// "N K/M/G" (1024: a memory size); N may have a fraction when the result is whole. Case and
// spaces do not matter. nullopt when the text is not a size or not a whole number of bytes.
std::optional<std::int64_t> parse_byte_size(std::string_view text);
// The size with the largest unit that writes it exactly: 262144 -> "256 KiB", 108000 -> "108 kB",
// 513 -> "513 B".
std::string exact_byte_size_text(std::int64_t bytes);

// Elements per cycle from "N", "N elements/cycle" (or elem/cycle, /cycle), "N k/M" (powers of
// 1000), or "N B/cycle" (bytes, divided by the word size, which must divide them).
std::optional<std::int64_t> parse_elements_per_cycle(std::string_view text, std::int64_t word_size_bytes);
// 81920000 -> "81.92 M", 64 -> "64": exact, with k or M when they keep it so.
std::string exact_count_text(std::int64_t count);

}  // namespace mapscape
