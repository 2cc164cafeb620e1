// Checks of numeric options that say what the option takes ("--budget must be a positive number
// of samples, not "-5""), instead of CLI11's range messages (which print DBL_MAX in full and call
// 0 "not in range 0 to ..."). Each returns a validator for CLI::Option::check; CLI11 names the
// option and report_parse_error (help_format.hpp) prints "--budget must be ...".
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>

namespace mapscape::cli {

// A whole number of at least 1 (`what`: "samples", "threads", ...).
CLI::Validator positive_count(const std::string& what);
// A whole number of at least 0; `zero_means` says what 0 does ("none", "one per core").
CLI::Validator count_or_zero(const std::string& what, const std::string& zero_means);
// A whole number within [low, high].
CLI::Validator count_in_range(std::int64_t low, std::int64_t high, const std::string& what);
// A random seed: a whole number of at least 0.
CLI::Validator seed_value();
// A number above 0 (`unit`: "GB/s", "mm^2", ...).
CLI::Validator positive_amount(const std::string& unit);
// A number of at least 0.
CLI::Validator amount_or_zero(const std::string& unit, const std::string& zero_means);
// A number within [low, high].
CLI::Validator amount_in_range(double low, double high, const std::string& unit);

// An input file that exists and is not a directory; a failure says why (a symbolic link loop,
// no permission), where CLI11's check says "File does not exist" for all of them.
CLI::Validator readable_file();
// An output file that can be written: checked when the command line is read, so that a long run
// is not done for nothing (its directory exists and is writable; it is not itself a directory).
CLI::Validator writable_file();
// An output directory that exists and is writable, or that can be made (it is not a file).
CLI::Validator writable_directory();

// Comma-separated seeds ("1,2,3"); throws InputError naming `option` for anything else.
std::vector<std::uint64_t> parse_seed_list(const std::string& text, const std::string& option);

}  // namespace mapscape::cli
