// The entry point of mapscape-pagmo.so (see cli/pagmo_plugin.cpp): pagmo2's optimizers, with
// pagmo, TBB and Boost.Serialization, for mapscape-cli. Built with hidden visibility, so that
// the call below reaches the plugin's own pagmo_search, not the CLI's loader of the same name.
#include "search/vector_optimizers.hpp"

extern "C" __attribute__((visibility("default"))) void mapscape_pagmo_plugin_search(mapscape::BlackBoxObjective* f, int method,
                                                                                   std::uint64_t seed) {
    mapscape::pagmo_search(*f, static_cast<mapscape::PagmoMethod>(method), seed);
}
