#include "cli/surrogate_plugin.hpp"

#include <dlfcn.h>

#include <cstdio>
#include <mutex>

#include "cli/commands.hpp"
#include "search/algorithm.hpp"
#include "util/plugin_loader.hpp"

namespace mapscape::cli {

namespace {

constexpr const char* kPluginFile = "mapscape-surrogate.so";

struct PluginState {
    std::once_flag once;
    void* handle = nullptr;
    std::string error;
};

PluginState& plugin_state() {
    static PluginState state;
    return state;
}

void open_surrogate(PluginState& state) {
    const OpenedPlugin plugin = open_plugin(kPluginFile, RTLD_NOW | RTLD_LOCAL, "mapscape_surrogate_plugin_register", "the Mind Mappings surrogate");
    if (!plugin.error.empty()) {
        state.error = plugin.error;
        return;
    }
    reinterpret_cast<void (*)()>(plugin.entry)();
    state.handle = plugin.handle;
}

void register_deferred(const std::string& name) {
    // A placeholder runs only until the plugin replaces it; should the plugin not replace it,
    // the guard keeps the placeholder from calling itself.
    static thread_local bool delegating = false;
    register_algorithm(
        name,
        [name](const SearchProblem& problem, SearchSink* sink, std::stop_token stop) {
            if (delegating || !load_surrogate_plugin().empty()) return SearchResult{};
            delegating = true;
            SearchResult result = run_search(problem, *parse_algorithm(name), sink, std::move(stop));
            delegating = false;
            return result;
        },
        [name](const SearchProblem& problem) {
            if (std::string why = load_surrogate_plugin(); !why.empty()) return why;
            if (delegating) return "the surrogate plugin does not provide " + name;
            delegating = true;
            std::string why = algorithm_problem(*parse_algorithm(name), problem);
            delegating = false;
            return why;
        });
}

}  // namespace

std::string load_surrogate_plugin() {
    PluginState& state = plugin_state();
    std::call_once(state.once, [&state] { open_surrogate(state); });
    return state.error;
}

void register_deferred_surrogate_algorithms() {
    register_deferred("mindmappings");
    register_deferred("gamma-guided");
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
        auto add = reinterpret_cast<void (*)(CLI::App*, int*)>(dlsym(plugin_state().handle, "mapscape_surrogate_plugin_add_command"));
        if (add) {
            add(&app, &exit_code);
            return;
        }
    }
    // Named in --help without loading libtorch; `mapscape-cli surrogate ...` loads the real one.
    app.add_subcommand("surrogate", "the Mind Mappings surrogate: train, eval, bench, compare")->allow_extras();
}

}  // namespace mapscape::cli
