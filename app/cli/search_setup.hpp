// Options shared by `search` and `compare`: the model and its layers, the platform, the target
// system, the objective, the budget, the seed and the threads.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "search/model_search.hpp"

namespace mapscape::cli {

struct SearchSetupOptions {
    std::string model;
    std::string layers = "all";
    std::string platform = "edge";
    std::string system = "S2";
    std::string levels;  // empty: the system's range
    std::string objective = "latency";
    std::int64_t budget = 10000;
    double seconds = 0;
    std::int64_t max_latency = 0;
    int threads = 0;  // 0 = every core
    bool maestro_as_is = false;

    void add_to(CLI::App& command);
};

struct SearchSetup {
    Model model;
    std::vector<int> layer_numbers;  // 1-based
    SearchProblem base;              // without layer and seed
    std::string platform_name;
};

// Resolves the options; throws InputError with what is wrong.
SearchSetup resolve(const SearchSetupOptions& options);
// A request for one algorithm and seed over the selected layers.
ModelSearchRequest make_request(const SearchSetup& setup, const Algorithm& algorithm, std::uint64_t seed);

}  // namespace mapscape::cli
