#include "plugin/surrogate_plugin.hpp"

#include <dlfcn.h>

#include <atomic>
#include <cstdlib>
#include <mutex>

#include "schedule/schedule_algorithm.hpp"
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

// OpenBLAS and libtorch pick their kernels for the CPU when they load, and AVX-512 kernels add
// up a product in another order than AVX2 ones: the same seed would train another network on
// another machine. Unless the user chose, both take their AVX2 kernels, which every x86-64 CPU of
// the last decade runs, so a seed gives the same result on any of them.
void pin_kernels() {
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
        setenv("OPENBLAS_CORETYPE", "Haswell", 0);
        setenv("ATEN_CPU_CAPABILITY", "avx2", 0);
    }
#endif
}

void open_surrogate(PluginState& state) {
    pin_kernels();
    const OpenedPlugin plugin = open_plugin(kSurrogatePluginFile, RTLD_NOW | RTLD_LOCAL, "mapscape_surrogate_plugin_register",
                                            "the surrogate and RL algorithms (libtorch)");
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

// A placeholder runs only until the plugin replaces it; should the plugin not replace it, the
// guard keeps the placeholder from calling itself.
thread_local bool delegating = false;

// Calls f with the guard up, and lowers it however f returns (a throwing search included).
template <class F>
auto delegated(F&& f) {
    struct Lower {
        ~Lower() { delegating = false; }
    } lower;
    delegating = true;
    return f();
}

void register_deferred_search(const std::string& name) {
    register_algorithm(
        name,
        [name](const SearchProblem& problem, SearchSink* sink, std::stop_token stop) {
            if (delegating || !load_surrogate_plugin().empty()) return SearchResult{};
            return delegated([&] { return run_search(problem, *parse_algorithm(name), sink, std::move(stop)); });
        },
        [name](const SearchProblem& problem) {
            if (std::string why = load_surrogate_plugin(); !why.empty()) return why;
            if (delegating) return "the libtorch plugin does not provide " + name;
            return delegated([&] { return algorithm_problem(*parse_algorithm(name), problem); });
        });
}

void register_deferred_scheduler(const std::string& name) {
    register_schedule_algorithm(
        name,
        [name](const ScheduleProblem& problem, ScheduleSink* sink, std::stop_token stop) {
            if (delegating || !load_surrogate_plugin().empty()) return ScheduleResult{};
            return delegated([&] { return run_schedule_search(problem, *parse_schedule_algorithm(name), sink, std::move(stop)); });
        },
        [name]() {
            if (std::string why = load_surrogate_plugin(); !why.empty()) return why;
            if (delegating) return "the libtorch plugin does not provide " + name;
            return delegated([&] { return schedule_algorithm_problem(*parse_schedule_algorithm(name)); });
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

constexpr const char* kPluginSearches[] = {"mindmappings", "gamma-guided", "ddpg"};
constexpr const char* kPluginSchedulers[] = {"a2c", "ppo2"};

void register_deferred_surrogate_algorithms() {
    for (const char* name : kPluginSearches) register_deferred_search(name);
    for (const char* name : kPluginSchedulers) register_deferred_scheduler(name);
}

bool is_surrogate_plugin_algorithm(std::string_view algorithm) {
    for (const char* name : kPluginSearches)
        if (algorithm == name) return true;
    for (const char* name : kPluginSchedulers)
        if (algorithm == name) return true;
    return false;
}

}  // namespace mapscape
