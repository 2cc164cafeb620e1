// How mapscape-cli prints --help and what it says about a mistyped command line: a usage line
// that lists every option (so no summary can leave one out), and messages that name the likely
// intended command or option.
#pragma once

#include <CLI/CLI.hpp>

namespace mapscape::cli {

// CLI11's layout, with a usage line listing every option of the command: required ones bare,
// the others in brackets, wrapped to 100 columns.
class SynopsisFormatter : public CLI::Formatter {
public:
    std::string make_usage(const CLI::App* app, std::string name) const override;
};

// Prints the message for a command line CLI11 refused (on stderr) and returns the exit code:
// 0 for --help and --version (their text goes to stdout), 2 otherwise. An unknown command or
// option is named with the closest known one ("did you mean ...?").
int report_parse_error(CLI::App& app, const CLI::ParseError& error);

}  // namespace mapscape::cli
