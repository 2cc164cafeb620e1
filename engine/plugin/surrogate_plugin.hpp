// Opens the libtorch plugin (mapscape-torch.so: the Mind Mappings surrogate and the RL baselines;
// see cli/surrogate_plugin.hpp for why it is a plugin) on first use, for every front end that does not link libtorch: the CLI and the Python
// module. The plugin takes the engine from the process that opens it, so the program (or the
// Python module, opened with RTLD_GLOBAL) must export the engine's symbols.
#pragma once

#include <string>
#include <string_view>

#include "plugin/surrogate_plugin_api.hpp"

namespace mapscape {

inline constexpr const char* kSurrogatePluginFile = "mapscape-torch.so";

// Loads the plugin once (thread-safe) and registers its searches; returns why it could not be
// loaded, or an empty string.
std::string load_surrogate_plugin();
bool surrogate_plugin_loaded();
// The loaded plugin's handle (dlsym) and function table; nullptr before a successful load.
void* surrogate_plugin_handle();
const SurrogatePluginApi* surrogate_plugin_api();

// Registers the plugin's mapping searches ("mindmappings", "gamma-guided", "ddpg") and schedulers
// ("a2c", "ppo2") in the engine's registries; the first check or run of any loads the plugin,
// which replaces them with the real ones.
void register_deferred_surrogate_algorithms();
// Whether `algorithm` (a mapping search's or a scheduler's name) is one of the plugin's, so that
// a front end can open the plugin, and report why it cannot, before running it.
bool is_surrogate_plugin_algorithm(std::string_view algorithm);

}  // namespace mapscape
