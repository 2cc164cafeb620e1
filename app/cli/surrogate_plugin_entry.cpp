// The entry points of the surrogate plugin (mapscape-surrogate.so; see cli/surrogate_plugin.hpp),
// which the CLI and the Python module open (plugin/surrogate_plugin.hpp). The plugin holds the
// surrogate and libtorch; the engine's functions it calls are those of the program or module
// that opened it, which exports them.
#include "cli/commands.hpp"
#include "surrogate/registration.hpp"
#include "surrogate/surrogate_runs.hpp"

extern "C" {

__attribute__((visibility("default"))) void mapscape_surrogate_plugin_register() {
    mapscape::register_surrogate_algorithms();
}

__attribute__((visibility("default"))) void mapscape_surrogate_plugin_add_command(CLI::App* app, int* exit_code) {
    mapscape::cli::add_surrogate_command(*app, *exit_code);
}

// train, eval, bench and compare for front ends other than the CLI's command line.
__attribute__((visibility("default"))) const mapscape::SurrogatePluginApi* mapscape_surrogate_plugin_api() {
    return &mapscape::surrogate_runs_api();
}

}
