// Options shared by `search` and `compare`: the model and its layers, the platform, the target
// system, the objective, the budget, the seed and the threads (search/search_setup.hpp does the
// work, for the Python module too).
#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "search/search_setup.hpp"

namespace mapscape::cli {

struct SearchSetupOptions : mapscape::SearchSetupOptions {
    std::string model;
    std::string platform = SearchDefaults{}.platform;

    void add_to(CLI::App& command);
};

// The --algo help of search and compare: every algorithm the registry knows.
std::string algorithm_help();

// Resolves the options; throws InputError with what is wrong.
inline SearchSetup resolve(const SearchSetupOptions& options) { return make_search_setup(options.model, options.platform, options); }

}  // namespace mapscape::cli
