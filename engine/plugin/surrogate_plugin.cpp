#include "plugin/surrogate_plugin.hpp"

#include <dlfcn.h>

#include <atomic>
#include <mutex>

#include "search/algorithm.hpp"
#include "util/plugin_loader.hpp"

namespace mapscape {

namespace {

struct PluginState {
    std::once_flag once;
    void* handle = nullptr;
    const SurrogatePluginApi* api = nullptr;
    std::atomic<bool> loaded{false};
    std::string error;
};

PluginState& plugin_state() {
    static PluginState state;
    return state;
}

void open_surrogate(PluginState& state) {
    const OpenedPlugin plugin = open_plugin(kSurrogatePluginFile, RTLD_NOW | RTLD_LOCAL, "mapscape_surrogate_plugin_register", "the Mind Mappings surrogate");
    if (!plugin.error.empty()) {
        state.error = plugin.error;
        return;
    }
    if (auto api = reinterpret_cast<const SurrogatePluginApi* (*)()>(dlsym(plugin.handle, "mapscape_surrogate_plugin_api")); api) {
        state.api = api();
        if (state.api && state.api->version != kSurrogatePluginApiVersion) state.api = nullptr;
    }
    reinterpret_cast<void (*)()>(plugin.entry)();
    state.handle = plugin.handle;
    state.loaded = true;
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

bool surrogate_plugin_loaded() { return plugin_state().loaded; }

void* surrogate_plugin_handle() { return plugin_state().loaded ? plugin_state().handle : nullptr; }

const SurrogatePluginApi* surrogate_plugin_api() { return plugin_state().loaded ? plugin_state().api : nullptr; }

void register_deferred_surrogate_algorithms() {
    register_deferred("mindmappings");
    register_deferred("gamma-guided");
}

}  // namespace mapscape
