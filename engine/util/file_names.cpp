#include "util/file_names.hpp"

#include <cctype>
#include <cstdio>

#include "util/diagnostic.hpp"
#include "util/utf8.hpp"

namespace mapscape {

namespace {

bool kept_ascii(unsigned char c) {
    return std::isalnum(c) || c == '.' || c == '-' || c == '+' || c == '=' || c == '_';
}

std::uint64_t fnv1a(std::string_view text) {
    std::uint64_t h = 1469598103934665603ull;
    for (char c : text) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    return h;
}

}  // namespace

std::string safe_file_stem(std::string_view name, std::size_t max_bytes) {
    std::string out;
    bool replaced = false;  // the last character written is a replacement '_'
    for (std::size_t i = 0; i < name.size();) {
        const auto c = static_cast<unsigned char>(name[i]);
        const bool leading = out.empty() || out == "_";  // nothing kept yet
        if (c < 0x80 && kept_ascii(c) && !(leading && c == '.')) {
            out += static_cast<char>(c);
            replaced = false;
            ++i;
        } else if (const std::size_t n = c >= 0x80 ? utf8_char_length(name, i) : 0; n > 0) {
            out.append(name.substr(i, n));
            replaced = false;
            i += n;
        } else {
            if (!replaced) out += '_';
            replaced = true;
            ++i;
        }
    }
    if (out.empty() || out == "_") out = "unnamed";
    if (out.size() > max_bytes) {
        char hash[24];
        std::snprintf(hash, sizeof hash, "~%08llx", static_cast<unsigned long long>(fnv1a(name) & 0xFFFFFFFFull));
        std::size_t cut = max_bytes > 9 ? max_bytes - 9 : 0;
        while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) --cut;  // not inside a character
        out = out.substr(0, cut) + hash;
    }
    return out;
}

std::string UniqueFileStems::claim(std::string_view name) {
    const std::string stem = safe_file_stem(name);
    auto lower = [](std::string s) {
        for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return s;
    };
    std::string candidate = stem;
    for (int n = 2; taken_.count(lower(candidate)); ++n) candidate = stem + "_" + std::to_string(n);
    taken_.insert(lower(candidate));
    return candidate;
}

std::filesystem::path file_in_directory(const std::filesystem::path& directory, const std::string& stem,
                                        std::string_view extension) {
    const std::filesystem::path file = std::filesystem::path(stem + std::string(extension));
    if (stem.empty() || file.has_parent_path() || file.filename() != file || stem == "." || stem == ".." || stem.front() == '.')
        throw InputError({directory.string(), 0, 0}, "refusing to write '" + stem + std::string(extension) + "': not a plain file name");
    return directory / file;
}

bool path_exists(const std::filesystem::path& path) {
    std::error_code ec;
    return std::filesystem::exists(path, ec) && !ec;
}

bool is_directory_path(const std::filesystem::path& path) {
    std::error_code ec;
    return std::filesystem::is_directory(path, ec) && !ec;
}

}  // namespace mapscape
