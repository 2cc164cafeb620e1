// File names made from names the user does not control the form of: layer names from ONNX or
// TensorFlow graphs ("block1/conv1"), model names, anything read from a file. A name becomes a
// file-name stem that cannot leave its directory, is valid UTF-8 and not too long, and is
// unique among the names exported together; the original name stays inside the file.
#pragma once

#include <filesystem>
#include <set>
#include <string>
#include <string_view>

namespace mapscape {

// Letters, digits (any script), '.', '-', '+', '=' and '_' are kept; every other run of bytes
// ('/', '\\', spaces, control characters, bytes that are not UTF-8, ...) becomes one '_'. A
// leading '.' becomes '_' (no "..", no hidden files). A stem longer than `max_bytes` is cut at
// a character boundary and ends with a hash of the whole name, so long names that share a
// beginning stay distinct. An empty result is "unnamed".
std::string safe_file_stem(std::string_view name, std::size_t max_bytes = 96);

// Stems that differ from every stem claimed before, ignoring case (for case-insensitive file
// systems): a repeated stem gets "_2", "_3", ...
class UniqueFileStems {
public:
    std::string claim(std::string_view name);

private:
    std::set<std::string> taken_;  // lower-cased
};

// directory / (stem + extension), after checking that the result is a plain entry of
// `directory` (throws InputError otherwise): whatever a name holds, an export never writes
// outside the directory the user chose.
std::filesystem::path file_in_directory(const std::filesystem::path& directory, const std::string& stem,
                                        std::string_view extension);

// Whether something exists at `path` / is a directory there, never throwing: a name too long for
// the file system, or one that cannot be looked at, is simply not there.
bool path_exists(const std::filesystem::path& path);
bool is_directory_path(const std::filesystem::path& path);

}  // namespace mapscape
