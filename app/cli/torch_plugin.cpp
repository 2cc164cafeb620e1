#include "cli/torch_plugin.hpp"

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <vector>

#include "cli/commands.hpp"
#include "schedule/schedule_algorithm.hpp"
#include "search/algorithm.hpp"
#include "util/data_paths.hpp"

namespace mapscape::cli {

namespace {

constexpr const char* kPluginFile = "mapscape-torch.so";

struct PluginState {
    std::once_flag once;
    void* handle = nullptr;
    std::string error;
};

PluginState& plugin_state() {
    static PluginState state;
    return state;
}

// Beside the program (a build tree), or where the install put it relative to the program.
std::vector<std::filesystem::path> plugin_candidates() {
    std::vector<std::filesystem::path> candidates;
    if (const char* env = std::getenv("MAPSCAPE_PLUGIN_DIR"); env && *env) candidates.emplace_back(std::filesystem::path(env) / kPluginFile);
    const std::string exe = executable_directory();
    if (!exe.empty()) {
        candidates.emplace_back(std::filesystem::path(exe) / kPluginFile);
        candidates.emplace_back(std::filesystem::path(exe) / MAPSCAPE_PLUGIN_DIR_FROM_BIN / kPluginFile);
    }
    return candidates;
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

void open_plugin(PluginState& state) {
    std::string looked;
    for (const std::filesystem::path& candidate : plugin_candidates()) {
        std::error_code ec;
        if (!std::filesystem::is_regular_file(candidate, ec)) {
            looked += (looked.empty() ? "" : ", ") + candidate.lexically_normal().string();
            continue;
        }
        pin_kernels();
        void* handle = dlopen(candidate.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            const char* why = dlerror();
            state.error = "cannot load the libtorch plugin " + candidate.string() + ": " + (why ? why : "unknown error");
            return;
        }
        auto register_all = reinterpret_cast<void (*)()>(dlsym(handle, "mapscape_torch_plugin_register"));
        if (!register_all) {
            state.error = candidate.string() + " is not Mapscape's libtorch plugin";
            return;
        }
        register_all();
        state.handle = handle;
        return;
    }
    state.error = "the surrogate and RL algorithms need the libtorch plugin " + std::string(kPluginFile) + " (looked in " +
                  (looked.empty() ? std::string("nothing: the program's location is unknown") : looked) +
                  "); set MAPSCAPE_PLUGIN_DIR to its directory";
}

// A placeholder runs only until the plugin replaces it; should the plugin not replace it, the
// guard keeps the placeholder from calling itself.
thread_local bool delegating = false;

void register_deferred_search(const std::string& name) {
    register_algorithm(
        name,
        [name](const SearchProblem& problem, SearchSink* sink, std::stop_token stop) {
            if (delegating || !load_torch_plugin().empty()) return SearchResult{};
            delegating = true;
            SearchResult result = run_search(problem, *parse_algorithm(name), sink, std::move(stop));
            delegating = false;
            return result;
        },
        [name](const SearchProblem& problem) {
            if (std::string why = load_torch_plugin(); !why.empty()) return why;
            if (delegating) return "the libtorch plugin does not provide " + name;
            delegating = true;
            std::string why = algorithm_problem(*parse_algorithm(name), problem);
            delegating = false;
            return why;
        });
}

void register_deferred_scheduler(const std::string& name) {
    register_schedule_algorithm(
        name,
        [name](const ScheduleProblem& problem, ScheduleSink* sink, std::stop_token stop) {
            if (delegating || !load_torch_plugin().empty()) return ScheduleResult{};
            delegating = true;
            ScheduleResult result = run_schedule_search(problem, *parse_schedule_algorithm(name), sink, std::move(stop));
            delegating = false;
            return result;
        },
        [name]() {
            if (std::string why = load_torch_plugin(); !why.empty()) return why;
            if (delegating) return "the libtorch plugin does not provide " + name;
            delegating = true;
            std::string why = schedule_algorithm_problem(*parse_schedule_algorithm(name));
            delegating = false;
            return why;
        });
}

struct DeferredCommand {
    const char* name;
    const char* help;
};

constexpr DeferredCommand kCommands[] = {
    {"surrogate", "the Mind Mappings surrogate: train, eval, bench, compare"},
    {"rl", "the reinforcement-learning baselines (A2C, PPO2, DDPG): training curves and speed"},
};

}  // namespace

std::string load_torch_plugin() {
    PluginState& state = plugin_state();
    std::call_once(state.once, [&state] { open_plugin(state); });
    return state.error;
}

void register_deferred_torch_algorithms() {
    for (const char* name : {"mindmappings", "gamma-guided", "ddpg"}) register_deferred_search(name);
    for (const char* name : {"a2c", "ppo2"}) register_deferred_scheduler(name);
}

void add_deferred_torch_commands(CLI::App& app, int& exit_code, int argc, char** argv) {
    const std::string given = argc > 1 ? argv[1] : "";
    for (const DeferredCommand& command : kCommands) {
        if (given == command.name) {
            if (const std::string why = load_torch_plugin(); !why.empty()) {
                app.add_subcommand(command.name, std::string(command.help) + " (unavailable: its plugin did not load)")
                    ->allow_extras()
                    ->callback([why, &exit_code] {
                        std::fprintf(stderr, "mapscape-cli: %s\n", why.c_str());
                        exit_code = kExitBadInput;
                    });
                continue;
            }
            auto add = reinterpret_cast<void (*)(const char*, CLI::App*, int*)>(dlsym(plugin_state().handle, "mapscape_torch_plugin_add_command"));
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
