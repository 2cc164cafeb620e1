// Everything of the CLI that needs libtorch, loaded on first use: the Mind Mappings surrogate's
// searches and `surrogate` command, and the reinforcement-learning baselines (A2C and PPO2
// schedulers, the DDPG mapping search) and their `rl` command.
//
// libtorch's start-up (registering thousands of operators) takes about 0.4 s: a CLI linked with
// it would pay that on every call, `--version` and `eval` included, and scripts call the CLI once
// per layer or mapping. These therefore live in a plugin (mapscape-torch.so, built beside the CLI
// and installed under lib/mapscape) that the CLI opens only when one of its algorithms is checked
// or run, or one of its commands is given.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace mapscape::cli {

// Registers the plugin's mapping searches (mindmappings, gamma-guided, ddpg) and schedulers
// (a2c, ppo2) in the engine's registries; the first check or run of any loads the plugin, which
// replaces them with the real ones.
void register_deferred_torch_algorithms();

// Adds the plugin's commands (`surrogate`, `rl`): the plugin's own when the command line names
// one (loading the plugin), otherwise ones that only name them in --help.
void add_deferred_torch_commands(CLI::App& app, int& exit_code, int argc, char** argv);

// Loads the plugin once; returns why it could not be loaded, or an empty string.
std::string load_torch_plugin();

}  // namespace mapscape::cli
