// The Mind Mappings surrogate's searches and `surrogate` command, loaded on first use.
//
// The surrogate needs libtorch, whose start-up (registering thousands of operators) takes about
// 0.4 s: a CLI linked with it would pay that on every call, `--version` and `eval` included, and
// scripts call the CLI once per layer or mapping. The surrogate therefore lives in a plugin
// (mapscape-surrogate.so, built beside the CLI and installed under lib/mapscape) that the CLI
// opens only when a surrogate search is checked or run, or the `surrogate` command is given
// (plugin/surrogate_plugin.hpp opens it; the Python module opens the same plugin).
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace mapscape::cli {

// Registers "mindmappings" and "gamma-guided" in the engine's registry; the first check or run
// of either loads the plugin (beside the program, or where the install put it relative to the
// program), which replaces them with the real searches.
void register_deferred_surrogate_algorithms();

// Adds the `surrogate` command: the plugin's own when the command line names it (loading the
// plugin), otherwise one that only names it in --help.
void add_deferred_surrogate_command(CLI::App& app, int& exit_code, int argc, char** argv);

}  // namespace mapscape::cli
