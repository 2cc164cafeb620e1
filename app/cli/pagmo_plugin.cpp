// mapscape-cli's pagmo_search (search/vector_optimizers.hpp): pagmo2's optimizers live in the
// plugin mapscape-pagmo.so, opened on the first call. pagmo's static archive brings TBB and
// Boost.Serialization and registers its types with Boost before main(): linked into the CLI,
// that was 0.5 ms of every call's 2 ms start-up, for the few runs that use a pagmo baseline.
#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <mutex>

#include "cli/commands.hpp"
#include "cli/plugin_loader.hpp"
#include "search/vector_optimizers.hpp"

namespace mapscape {

namespace {

using PluginSearch = void (*)(BlackBoxObjective*, int, std::uint64_t);

PluginSearch plugin_search() {
    static std::once_flag once;
    static PluginSearch search = nullptr;
    std::call_once(once, [] {
        const cli::OpenedPlugin plugin = cli::open_cli_plugin("mapscape-pagmo.so", RTLD_NOW | RTLD_LOCAL, "the pagmo2 baselines");
        if (plugin.handle) search = reinterpret_cast<PluginSearch>(dlsym(plugin.handle, "mapscape_pagmo_plugin_search"));
        if (!search) {
            // Searches call this from worker threads, deep inside a run: no caller could report
            // a missing installation file better than this.
            std::fprintf(stderr, "mapscape-cli: %s\n",
                         plugin.handle ? "mapscape-pagmo.so is not Mapscape's pagmo plugin" : plugin.error.c_str());
            std::fflush(stderr);
            std::_Exit(cli::kExitBadInput);
        }
    });
    return search;
}

}  // namespace

void pagmo_search(BlackBoxObjective& f, PagmoMethod method, std::uint64_t seed) {
    plugin_search()(&f, static_cast<int>(method), seed);
}

}  // namespace mapscape
