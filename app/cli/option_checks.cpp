#include "cli/option_checks.hpp"

#include <charconv>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <cmath>
#include <limits>
#include <string_view>

#include "cli/list_option.hpp"
#include "util/diagnostic.hpp"

#include <unistd.h>

namespace mapscape::cli {

namespace {

constexpr std::int64_t kWholeMax = std::numeric_limits<std::int64_t>::max();
constexpr double kRealMax = std::numeric_limits<double>::max();

std::string shown(double x) {
    std::string s = std::to_string(x);
    if (s.find('.') != std::string::npos) {
        while (s.back() == '0') s.pop_back();
        if (s.back() == '.') s.pop_back();
    }
    return s;
}

bool parse_whole(std::string_view s, std::int64_t& out) {
    if (!s.empty() && s.front() == '+') s.remove_prefix(1);
    if (s.empty()) return false;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && end == s.data() + s.size();
}

bool parse_real(const std::string& text, double& out) {
    try {
        std::size_t used = 0;
        out = std::stod(text, &used);
        return used == text.size() && std::isfinite(out);
    } catch (const std::exception&) {
        return false;
    }
}

// CLI11 puts the option's name in front: "--budget: must be ..." (report_parse_error drops the
// colon).
std::string refusal(const std::string& must_be, const std::string& value) {
    return "must be " + must_be + ", not \"" + value + "\"";
}

CLI::Validator whole(std::int64_t low, std::int64_t high, const std::string& must_be, const std::string& help) {
    return CLI::Validator(
        [low, high, must_be](std::string& value) {
            std::int64_t x = 0;
            return parse_whole(value, x) && x >= low && x <= high ? std::string() : refusal(must_be, value);
        },
        help);
}

CLI::Validator real(double low, bool low_inclusive, double high, const std::string& must_be, const std::string& help) {
    return CLI::Validator(
        [low, low_inclusive, high, must_be](std::string& value) {
            double x = 0;
            const bool ok = parse_real(value, x) && x <= high && (low_inclusive ? x >= low : x > low);
            return ok ? std::string() : refusal(must_be, value);
        },
        help);
}

}  // namespace

CLI::Validator readable_file() {
    return CLI::Validator(
        [](std::string& value) -> std::string {
            std::error_code ec;
            const auto status = std::filesystem::status(value, ec);
            if (ec) return "cannot open \"" + value + "\": " + ec.message();
            if (std::filesystem::is_directory(status)) return "cannot open \"" + value + "\": it is a directory, not a file";
            return {};
        },
        "FILE");
}

CLI::Validator writable_file() {
    return CLI::Validator(
        [](std::string& value) -> std::string {
            namespace fs = std::filesystem;
            std::error_code ec;
            const fs::path path(value);
            if (value.empty()) return "must name a file to write, not \"\"";
            if (fs::is_directory(path, ec)) return "cannot write \"" + value + "\": it is a directory";
            const fs::path parent = path.has_parent_path() ? path.parent_path() : fs::path(".");
            if (!fs::is_directory(parent, ec)) return "cannot write \"" + value + "\": there is no directory " + parent.string();
            // Written through a new file beside it (atomically), or in place when it is a device.
            const bool writable = ::access(parent.c_str(), W_OK) == 0 ||
                                  (fs::exists(path, ec) && !fs::is_regular_file(path, ec) && ::access(path.c_str(), W_OK) == 0);
            return writable ? std::string() : "cannot write \"" + value + "\": " + std::strerror(errno);
        },
        "");
}

CLI::Validator writable_directory() {
    return CLI::Validator(
        [](std::string& value) -> std::string {
            namespace fs = std::filesystem;
            std::error_code ec;
            if (value.empty()) return "must name a directory to write to, not \"\"";
            fs::path at = fs::absolute(value, ec);
            if (fs::exists(at, ec) && !fs::is_directory(at, ec)) return "cannot write to \"" + value + "\": it is a file, not a directory";
            while (!at.empty() && !fs::exists(at, ec) && at.has_parent_path() && at.parent_path() != at) at = at.parent_path();
            if (!fs::is_directory(at, ec))
                return "cannot make the directory \"" + value + "\": " + at.string() + " is not a directory";
            if (::access(at.c_str(), W_OK) != 0) return "cannot write to \"" + value + "\": " + std::strerror(errno);
            return {};
        },
        "");
}

CLI::Validator positive_count(const std::string& what) {
    return whole(1, kWholeMax, "a positive number of " + what, "POSITIVE");
}

CLI::Validator count_or_zero(const std::string& what, const std::string& zero_means) {
    return whole(0, kWholeMax, "a whole number of " + what + " (0: " + zero_means + ")", "NONNEGATIVE");
}

CLI::Validator count_in_range(std::int64_t low, std::int64_t high, const std::string& what) {
    return whole(low, high, "a whole number of " + what + " from " + std::to_string(low) + " to " + std::to_string(high),
                 "in [" + std::to_string(low) + " - " + std::to_string(high) + "]");
}

CLI::Validator seed_value() { return whole(0, kWholeMax, "a whole number of at least 0 (a seed)", ""); }

CLI::Validator positive_amount(const std::string& unit) {
    return real(0, false, kRealMax, "a positive number (" + unit + ")", "POSITIVE");
}

CLI::Validator amount_or_zero(const std::string& unit, const std::string& zero_means) {
    return real(0, true, kRealMax, "a number of " + unit + " of at least 0 (0: " + zero_means + ")", "NONNEGATIVE");
}

CLI::Validator amount_in_range(double low, double high, const std::string& unit) {
    return real(low, true, high, "a number (" + unit + ") from " + shown(low) + " to " + shown(high),
                "in [" + shown(low) + " - " + shown(high) + "]");
}

std::vector<std::uint64_t> parse_seed_list(const std::string& text, const std::string& option) {
    std::vector<std::uint64_t> seeds;
    for (const std::string& s : split_list(text)) {
        std::int64_t x = 0;
        if (!parse_whole(s, x) || x < 0)
            throw InputError({"", 0, 0}, option + " must be a comma-separated list of seeds (whole numbers of at least 0), not \"" +
                                             s + "\"" + (s == text ? "" : " in \"" + text + "\""));
        seeds.push_back(static_cast<std::uint64_t>(x));
    }
    if (seeds.empty()) throw InputError({"", 0, 0}, option + " must list at least one seed");
    return seeds;
}

}  // namespace mapscape::cli
