#include "cli/surrogate_plugin.hpp"

#include <dlfcn.h>

#include <cstdio>

#include "cli/commands.hpp"
#include "plugin/surrogate_plugin.hpp"

namespace mapscape::cli {

void register_deferred_surrogate_algorithms() {
    mapscape::register_deferred_surrogate_algorithms();
}

void add_deferred_surrogate_command(CLI::App& app, int& exit_code, int argc, char** argv) {
    const bool asked = argc > 1 && std::string(argv[1]) == "surrogate";
    if (asked) {
        if (const std::string why = load_surrogate_plugin(); !why.empty()) {
            app.add_subcommand("surrogate", "the Mind Mappings surrogate (unavailable: its plugin did not load)")
                ->allow_extras()
                ->callback([why, &exit_code] {
                    std::fprintf(stderr, "mapscape-cli: %s\n", why.c_str());
                    exit_code = kExitBadInput;
                });
            return;
        }
        auto add = reinterpret_cast<void (*)(CLI::App*, int*)>(dlsym(surrogate_plugin_handle(), "mapscape_surrogate_plugin_add_command"));
        if (add) {
            add(&app, &exit_code);
            return;
        }
    }
    // Named in --help without loading libtorch; `mapscape-cli surrogate ...` loads the real one.
    app.add_subcommand("surrogate", "the Mind Mappings surrogate: train, eval, bench, compare")->allow_extras();
}

}  // namespace mapscape::cli
