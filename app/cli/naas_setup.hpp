// Options shared by `naas` and `naas-compare`: the mapping search, the evolution strategy's
// population and iterations, the per-layer sample budgets and the threads (naas/naas_request.hpp).
#pragma once

#include <CLI/CLI.hpp>

#include "naas/naas_request.hpp"

namespace mapscape::cli {

struct NaasSetupOptions : NaasSearchSettings {
    void add_to(CLI::App& command);
    // Copies the options into the problem; throws InputError for an unknown mapping search.
    void apply(NaasProblem& problem) const { apply_naas_settings(*this, problem); }
};

}  // namespace mapscape::cli
