// A sweep spec: the axes of a design-space study (models, accelerators, systems, algorithms,
// objectives, budgets, seeds) whose cartesian product is the set of runs. Read from
// "mapscape-sweep" JSON with FILE:LINE:COL errors; the README documents the format.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "arch/accelerator.hpp"
#include "search/algorithm.hpp"
#include "search/objective.hpp"
#include "search/problem.hpp"
#include "workload/model.hpp"

namespace mapscape {

inline constexpr int kSweepSpecFormatVersion = 1;

// What one run computes. Only mapping searches exist today; a co-design kind (searching the
// accelerator under an area budget) fits the same run identity and database without a schema
// change: its axis values go into the run's settings JSON (see run_plan.hpp).
enum class RunKind { Search };
std::string_view run_kind_name(RunKind kind);  // "search"

struct SweepModel {
    std::string name;               // as written in the spec (a bundled name or a path)
    Model model;
    std::string layers = "all";     // the selection as written
    std::vector<int> layer_numbers; // 1-based
};

struct SweepAccelerator {
    std::string name;  // a preset id or a path, as written
    Accelerator accelerator;
};

struct SweepAlgorithm {
    std::string name;  // parse_algorithm's name
    Algorithm algorithm;
};

struct SweepSpec {
    std::string file;  // where it was read from
    std::string name;
    RunKind kind = RunKind::Search;
    std::vector<SweepModel> models;
    std::vector<SweepAccelerator> accelerators;
    std::vector<TargetSystem> systems;
    std::vector<SweepAlgorithm> algorithms;
    std::vector<Objective> objectives;
    std::vector<std::int64_t> budgets;  // cost-model samples per layer
    std::vector<std::uint64_t> seeds;
    int gamma_population = 200;   // GAMMA's population size (runs of other algorithms ignore it)
    bool maestro_as_is = false;   // accept mappings below the compute bound (see SearchConstraints)

    std::size_t run_count() const {
        return models.size() * accelerators.size() * systems.size() * algorithms.size() * objectives.size() *
               budgets.size() * seeds.size();
    }
};

// Parses a spec. Relative model and accelerator paths are taken from `base_directory` (the
// spec's own directory). Throws InputError with FILE:LINE:COL for anything the user must fix.
SweepSpec parse_sweep_spec(std::string_view text, const std::string& file_name, const std::string& base_directory);
SweepSpec load_sweep_spec(const std::string& path);

}  // namespace mapscape
