// Options shared by `naas` and `naas-compare`: the mapping search, the evolution strategy's
// population and iterations, the per-layer sample budgets and the threads.
#pragma once

#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

#include "naas/naas_search.hpp"

namespace mapscape::cli {

struct NaasSetupOptions {
    std::string mapping_search = "naas";
    int population = 20;
    int iterations = 30;
    std::int64_t mapping_samples = 300;
    std::int64_t baseline_samples = 3000;
    int threads = 0;  // 0: one per core
    bool no_baseline_start = false;

    void add_to(CLI::App& command);
    // Copies the options into the problem; throws InputError for an unknown mapping search.
    void apply(NaasProblem& problem) const;
};

}  // namespace mapscape::cli
