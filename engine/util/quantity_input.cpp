#include "util/quantity_input.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <limits>

namespace mapscape {

namespace {

std::string lower_without_spaces(std::string_view text) {
    std::string s;
    for (char c : text)
        if (!std::isspace(static_cast<unsigned char>(c))) s += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// The leading number of `s` (digits, one '.', no sign, no exponent) and what follows it.
bool split_number(const std::string& s, double& value, std::string& unit) {
    std::size_t i = 0;
    bool digits = false, point = false;
    while (i < s.size() && (std::isdigit(static_cast<unsigned char>(s[i])) || (s[i] == '.' && !point))) {
        if (s[i] == '.') point = true;
        else digits = true;
        ++i;
    }
    if (!digits) return false;
    value = std::strtod(s.substr(0, i).c_str(), nullptr);
    unit = s.substr(i);
    return std::isfinite(value);
}

// value x scale as an exact int64, or nullopt when it is not whole or too large.
std::optional<std::int64_t> whole(double value, double scale) {
    const double x = value * scale;
    if (!(x >= 0) || x > 9.0e18) return std::nullopt;
    const double r = std::round(x);
    if (std::abs(x - r) > 1e-6 * std::max(1.0, r)) return std::nullopt;
    return static_cast<std::int64_t>(r);
}

std::string trimmed_number(double x) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6f", x);
    std::string s = buf;
    while (!s.empty() && s.back() == '0') s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
    return s;
}

}  // namespace

std::optional<std::int64_t> parse_byte_size(std::string_view text) {
    const std::string s = lower_without_spaces(text);
    double value = 0;
    std::string unit;
    if (!split_number(s, value, unit)) return std::nullopt;
    static const std::pair<const char*, double> units[] = {
        {"", 1},          {"b", 1},          {"bytes", 1},      {"byte", 1},      {"kib", 1024.0},  {"mib", 1048576.0},
        {"gib", 1073741824.0}, {"k", 1024.0}, {"m", 1048576.0}, {"g", 1073741824.0}, {"kb", 1e3}, {"mb", 1e6}, {"gb", 1e9}};
    for (const auto& [name, scale] : units)
        if (unit == name) return whole(value, scale);
    return std::nullopt;
}

std::string exact_byte_size_text(std::int64_t bytes) {
    if (bytes > 0) {
        static const std::pair<std::int64_t, const char*> units[] = {
            {std::int64_t{1} << 30, "GiB"}, {1000000000, "GB"}, {std::int64_t{1} << 20, "MiB"}, {1000000, "MB"}, {1024, "KiB"}, {1000, "kB"}};
        for (const auto& [scale, name] : units)
            if (bytes % scale == 0) return std::to_string(bytes / scale) + " " + name;
        // A fraction of a KiB that stays short (1.5 KiB) reads better than 1536 B.
        for (const auto& [scale, name] : units) {
            if (bytes < scale) continue;
            const double x = static_cast<double>(bytes) / static_cast<double>(scale);
            const std::string t = trimmed_number(x);
            const std::size_t point = t.find('.');
            const bool short_fraction = point == std::string::npos || t.size() - point - 1 <= 2;  // 1.5, 1.25; not 1.023
            if (short_fraction && whole(std::strtod(t.c_str(), nullptr), static_cast<double>(scale)) == bytes) return t + " " + name;
        }
    }
    return std::to_string(bytes) + " B";
}

std::optional<std::int64_t> parse_elements_per_cycle(std::string_view text, std::int64_t word_size_bytes) {
    std::string s = lower_without_spaces(text);
    double value = 0;
    std::string unit;
    if (!split_number(s, value, unit)) return std::nullopt;
    double scale = 1;
    if (!unit.empty() && (unit[0] == 'k' || unit[0] == 'm')) {
        scale = unit[0] == 'k' ? 1e3 : 1e6;
        unit.erase(0, 1);
    }
    for (const char* rate : {"elements/cycle", "element/cycle", "elem/cycle", "/cycle", ""})
        if (unit == rate) return whole(value, scale);
    if (unit == "b/cycle" || unit == "bytes/cycle") {
        const auto bytes = whole(value, scale);
        if (!bytes || word_size_bytes <= 0 || *bytes % word_size_bytes != 0) return std::nullopt;
        return *bytes / word_size_bytes;
    }
    return std::nullopt;
}

std::string exact_count_text(std::int64_t count) {
    if (count >= 1000000 && whole(static_cast<double>(count) / 1e6, 1e6) == count) {
        const std::string t = trimmed_number(static_cast<double>(count) / 1e6);
        if (t.size() <= 7) return t + " M";
    }
    if (count >= 10000 && count % 1000 == 0) return std::to_string(count / 1000) + " k";
    return std::to_string(count);
}

}  // namespace mapscape
