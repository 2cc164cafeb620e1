// Everything of the CLI that needs libtorch, loaded on first use: the Mind Mappings surrogate's
// searches and `surrogate` command, and the reinforcement-learning baselines (A2C and PPO2
// schedulers, the DDPG mapping search) and their `rl` command.
//
// libtorch's start-up (registering thousands of operators) takes about 0.4 s: a CLI linked with
// it would pay that on every call, `--version` and `eval` included, and scripts call the CLI once
// per layer or mapping. These therefore live in a plugin (mapscape-torch.so, built beside the CLI
// and installed under lib/mapscape) that the CLI opens only when one of its algorithms is checked
// or run, or one of its commands is given (plugin/surrogate_plugin.hpp opens it; the Python
// module opens the same plugin).
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace mapscape::cli {

// Registers the plugin's mapping searches (mindmappings, gamma-guided, ddpg) and schedulers
// (a2c, ppo2) in the engine's registries; the first check or run of any loads the plugin (beside
// the program, or where the install put it relative to the program), which replaces them with
// the real ones.
void register_deferred_surrogate_algorithms();

// Adds the plugin's commands (`surrogate`, `rl`): the plugin's own when the command line names
// one (loading the plugin), otherwise ones that only name them in --help.
void add_deferred_surrogate_commands(CLI::App& app, int& exit_code, int argc, char** argv);

}  // namespace mapscape::cli
