// Options shared by `codesign` and `codesign-compare`: the platform and its area budget, the area
// model, the buffers, the array's dimensionality and flexibility, the objective, the budget and
// the threads.
#pragma once

#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

#include "codesign/codesign_problem.hpp"
#include "workload/model.hpp"

namespace mapscape::cli {

struct CodesignSetupOptions {
    std::string platform = "edge";
    double area_budget_mm2 = 0;  // 0: the platform's
    std::string area_model;      // "": the default model
    std::string objective = "latency";
    std::int64_t budget = 40000;
    double seconds = 0;
    std::int64_t max_pes = 0;
    std::string buffers = "need";
    std::string levels = "1-2";
    std::string map_space = "flexible";
    int threads = 0;
    bool maestro_as_is = false;

    void add_to(CLI::App& command);
};

// A problem over the given layers (1-based numbers of `model`); throws InputError.
CodesignProblem make_codesign_problem(const CodesignSetupOptions& options, const Model& model, const std::vector<int>& layer_numbers,
                                      std::uint64_t seed);

}  // namespace mapscape::cli
