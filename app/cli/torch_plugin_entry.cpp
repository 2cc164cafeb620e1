// The entry points of the libtorch plugin (mapscape-torch.so; see cli/torch_plugin.hpp). The
// plugin holds the surrogate, the RL baselines and libtorch; the engine's functions it calls are
// the CLI's own, which the CLI exports.
#include <string_view>

#include "cli/commands.hpp"
#include "rl/registration.hpp"
#include "surrogate/registration.hpp"

extern "C" {

__attribute__((visibility("default"))) void mapscape_torch_plugin_register() {
    mapscape::register_surrogate_algorithms();
    mapscape::rl::register_rl_algorithms();
}

__attribute__((visibility("default"))) void mapscape_torch_plugin_add_command(const char* name, CLI::App* app, int* exit_code) {
    const std::string_view command = name;
    if (command == "surrogate") mapscape::cli::add_surrogate_command(*app, *exit_code);
    if (command == "rl") mapscape::cli::add_rl_command(*app, *exit_code);
}

}
