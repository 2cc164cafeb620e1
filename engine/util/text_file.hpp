// Reading whole text files with a clear error when that fails, and atomic writes.
#pragma once

#include <cstddef>
#include <string>

namespace mapscape {

// The largest text input read (models, mappings, accelerators, studies, specs are far smaller).
inline constexpr std::size_t kMostTextFileBytes = std::size_t{512} << 20;

// Throws InputError (with the file name) if the file cannot be read or is larger than
// kMostTextFileBytes.
std::string read_text_file(const std::string& path);

// Writes through a temporary file in the same directory and renames it over the target, so a
// crash never leaves a half-written file. Throws InputError on failure.
void write_text_file_atomically(const std::string& path, const std::string& contents);

}  // namespace mapscape
