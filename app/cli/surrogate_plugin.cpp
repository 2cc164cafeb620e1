#include "cli/surrogate_plugin.hpp"

#include <dlfcn.h>

#include <cstdio>

#include "cli/commands.hpp"
#include "plugin/surrogate_plugin.hpp"

namespace mapscape::cli {

namespace {

struct DeferredCommand {
    const char* name;
    const char* help;
};

constexpr DeferredCommand kCommands[] = {
    {"surrogate", "the Mind Mappings surrogate: train, eval, bench, compare"},
    {"rl", "the reinforcement-learning baselines (A2C, PPO2, DDPG): training curves and speed"},
};

}  // namespace

void register_deferred_surrogate_algorithms() {
    mapscape::register_deferred_surrogate_algorithms();
}

void add_deferred_surrogate_commands(CLI::App& app, int& exit_code, int argc, char** argv) {
    const std::string given = argc > 1 ? argv[1] : "";
    for (const DeferredCommand& command : kCommands) {
        if (given == command.name) {
            if (const std::string why = load_surrogate_plugin(); !why.empty()) {
                app.add_subcommand(command.name, std::string(command.help) + " (unavailable: its plugin did not load)")
                    ->allow_extras()
                    ->callback([why, &exit_code] {
                        std::fprintf(stderr, "mapscape-cli: %s\n", why.c_str());
                        exit_code = kExitBadInput;
                    });
                continue;
            }
            auto add = reinterpret_cast<void (*)(const char*, CLI::App*, int*)>(
                dlsym(surrogate_plugin_handle(), "mapscape_surrogate_plugin_add_command"));
            if (add) {
                add(command.name, &app, &exit_code);
                continue;
            }
        }
        // Named in --help without loading libtorch; `mapscape-cli NAME ...` loads the real one.
        app.add_subcommand(command.name, command.help)->allow_extras();
    }
}

}  // namespace mapscape::cli
