#include "plugin/surrogate_plugin.hpp"

#include <dlfcn.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <mutex>

#include "search/algorithm.hpp"
#include "util/data_paths.hpp"

namespace mapscape {

namespace {

struct PluginState {
    std::once_flag once;
    std::mutex directories_mutex;
    std::vector<std::string> directories;
    void* handle = nullptr;
    const SurrogatePluginApi* api = nullptr;
    std::atomic<bool> loaded{false};
    std::string error;
};

PluginState& plugin_state() {
    static PluginState state;
    return state;
}

std::vector<std::filesystem::path> plugin_candidates(PluginState& state) {
    std::vector<std::filesystem::path> candidates;
    if (const char* env = std::getenv("MAPSCAPE_PLUGIN_DIR"); env && *env)
        candidates.emplace_back(std::filesystem::path(env) / kSurrogatePluginFile);
    for (const std::string& d : plugin_directories()) candidates.emplace_back(std::filesystem::path(d) / kSurrogatePluginFile);
    std::lock_guard lock(state.directories_mutex);
    for (const std::string& d : state.directories) candidates.emplace_back(std::filesystem::path(d) / kSurrogatePluginFile);
    return candidates;
}

void open_plugin(PluginState& state) {
    std::string looked;
    for (const std::filesystem::path& candidate : plugin_candidates(state)) {
        std::error_code ec;
        if (!std::filesystem::is_regular_file(candidate, ec)) {
            looked += (looked.empty() ? "" : ", ") + candidate.lexically_normal().string();
            continue;
        }
        void* handle = dlopen(candidate.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            const char* why = dlerror();
            state.error = "cannot load the surrogate plugin " + candidate.string() + ": " + (why ? why : "unknown error");
            return;
        }
        auto register_searches = reinterpret_cast<void (*)()>(dlsym(handle, "mapscape_surrogate_plugin_register"));
        if (!register_searches) {
            state.error = candidate.string() + " is not Mapscape's surrogate plugin";
            return;
        }
        if (auto api = reinterpret_cast<const SurrogatePluginApi* (*)()>(dlsym(handle, "mapscape_surrogate_plugin_api")); api) {
            state.api = api();
            if (state.api && state.api->version != kSurrogatePluginApiVersion) state.api = nullptr;
        }
        register_searches();
        state.handle = handle;
        state.loaded = true;
        return;
    }
    state.error = "the Mind Mappings surrogate needs its plugin " + std::string(kSurrogatePluginFile) + " (looked in " +
                  (looked.empty() ? std::string("nothing: the program's location is unknown") : looked) +
                  "); set MAPSCAPE_PLUGIN_DIR to its directory";
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

void set_surrogate_plugin_directories(std::vector<std::string> directories) {
    PluginState& state = plugin_state();
    std::lock_guard lock(state.directories_mutex);
    state.directories = std::move(directories);
}

std::string load_surrogate_plugin() {
    PluginState& state = plugin_state();
    std::call_once(state.once, [&state] { open_plugin(state); });
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
