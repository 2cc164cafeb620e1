// The entry points of the surrogate plugin (mapscape-surrogate.so; see cli/surrogate_plugin.hpp).
// The plugin holds the surrogate and libtorch; the engine's functions it calls are the CLI's own,
// which the CLI exports.
#include "cli/commands.hpp"
#include "surrogate/registration.hpp"

extern "C" {

__attribute__((visibility("default"))) void mapscape_surrogate_plugin_register() {
    mapscape::register_surrogate_algorithms();
}

__attribute__((visibility("default"))) void mapscape_surrogate_plugin_add_command(CLI::App* app, int* exit_code) {
    mapscape::cli::add_surrogate_command(*app, *exit_code);
}

}
