// mapscape-cli's pagmo_search (search/vector_optimizers.hpp): pagmo2's optimizers live in the
// plugin mapscape-pagmo.so, opened on the first call. pagmo's static archive brings TBB and
// Boost.Serialization and registers its types with Boost before main(): linked into the CLI,
// that was 0.5 ms of every call's 2 ms start-up, for the few runs that use a pagmo baseline.
#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <mutex>

#include "cli/commands.hpp"
#include "search/vector_optimizers.hpp"
#include "util/plugin_loader.hpp"

namespace mapscape {

namespace {

using PluginSearch = void (*)(BlackBoxObjective*, int, std::uint64_t);

PluginSearch plugin_search() {
    static std::once_flag once;
    static PluginSearch search = nullptr;
    std::call_once(once, [] {
        const OpenedPlugin plugin = open_plugin("mapscape-pagmo.so", RTLD_NOW | RTLD_LOCAL, "mapscape_pagmo_plugin_search", "the pagmo2 baselines");
        search = reinterpret_cast<PluginSearch>(plugin.entry);
        if (!search) {
            // Searches call this from worker threads, deep inside a run: no caller could report
            // a missing installation file better than this.
            std::fprintf(stderr, "mapscape-cli: %s\n", plugin.error.c_str());
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
