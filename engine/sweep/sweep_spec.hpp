// A sweep spec: the axes of a design-space study (models, accelerators, systems, algorithms,
// objectives, budgets, seeds) whose cartesian product is the set of runs. Read from
// "mapscape-sweep" JSON with FILE:LINE:COL errors; docs/formats/sweep-spec.md documents the format.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "arch/accelerator.hpp"
#include "codesign/codesign_algorithm.hpp"
#include "codesign/codesign_request.hpp"
#include "schedule/schedule_algorithm.hpp"
#include "schedule/workload_schedule.hpp"
#include "search/algorithm.hpp"
#include "search/objective.hpp"
#include "search/problem.hpp"
#include "workload/model.hpp"

namespace mapscape {

struct JsonObjectSchema;

inline constexpr int kSweepSpecFormatVersion = 1;

// What one run computes: a mapping search of every selected layer on a given accelerator, a
// co-design (the accelerator and its mappings searched together under an area budget), or a
// schedule (a task mix's jobs on a multi-core platform, group by group, as `schedule`). All
// share the run identity and the database; a run's extra axes go into its settings.
enum class RunKind { Search, Codesign, Schedule };
std::string_view run_kind_name(RunKind kind);  // "search", "codesign", "schedule"

struct SweepModel {
    std::string name;               // as written in the spec (a bundled name or a path)
    Model model;                    // a schedule sweep's task mix: every job's layer, named by its label
    std::string layers = "all";     // the selection as written
    std::vector<int> layer_numbers; // 1-based
};

// A search run's accelerator, or a co-design run's platform (its base accelerator: NoC,
// off-chip bandwidth, word size; the PEs and buffers are what the run searches).
struct SweepAccelerator {
    std::string name;  // a preset id or a path, a co-design platform ("edge", "cloud"), or a schedule platform ("S1"), as written
    Accelerator accelerator;
    Platform platform;  // schedule sweeps: the multi-core platform (the accelerator is unused there)
};

struct SweepAlgorithm {
    std::string name;  // parse_algorithm's name, parse_codesign_algorithm's or parse_schedule_algorithm's
    Algorithm algorithm;
    CodesignAlgorithm codesign;
    ScheduleAlgorithm schedule;
};

struct SweepSpec {
    std::string file;  // where it was read from
    std::string name;
    RunKind kind = RunKind::Search;
    std::vector<SweepModel> models;
    std::vector<SweepAccelerator> accelerators;  // co-design: the "platforms"
    std::vector<double> area_budgets_mm2 = {0};  // co-design only; 0: the platform's own budget
    std::vector<TargetSystem> systems;           // search only (the others have one entry, unused)
    // Schedule sweeps (one entry, unused, in the others): system bandwidths in bandwidth_unit,
    // job analyses, and each objective as schedule_objectives says (objectives then holds
    // latency for makespan and energy for energy, so that the axis counts alike).
    std::vector<double> bandwidths = {0};
    BandwidthUnit bandwidth_unit = BandwidthUnit::Gbps;
    std::vector<JobAnalysis> job_analyses = {JobAnalysis::Mapscape};
    std::vector<ScheduleObjective> schedule_objectives;
    int group_size = 100;
    std::vector<SweepAlgorithm> algorithms;
    std::vector<Objective> objectives;
    std::vector<std::int64_t> budgets;  // cost-model samples per layer (co-design: per model)
    std::vector<std::uint64_t> seeds;
    int gamma_population = 200;   // GAMMA's population size (runs of other algorithms ignore it)
    bool maestro_as_is = false;   // accept mappings below the compute bound (see SearchConstraints)
    // Co-design settings shared by every run (as `codesign --levels/--map-space/--buffers/
    // --area-model/--max-pes`); the platform, area budget, objective, budget, seed and thread
    // count of a run's request are its own.
    CodesignRequest codesign;
    // Search and co-design sweeps: technologies and precisions (the CLI's --tech and --precision);
    // one empty entry each when the spec has no such axis, which keeps the runs' settings (and so
    // their identities) what they were before these axes existed.
    std::vector<std::string> technologies = {""};
    std::vector<std::string> precisions = {""};
    bool has_technology_axis() const { return !(technologies.size() == 1 && technologies[0].empty()); }
    bool has_precision_axis() const { return !(precisions.size() == 1 && precisions[0].empty()); }

    std::size_t run_count() const {
        return models.size() * accelerators.size() * technologies.size() * precisions.size() * area_budgets_mm2.size() *
               systems.size() * bandwidths.size() * job_analyses.size() * algorithms.size() * objectives.size() * budgets.size() *
               seeds.size();
    }
};

// A task mix's jobs as a model (each layer named by its job's label), which is how a schedule
// sweep stores, hashes and sends them; and back.
Model mix_as_model(const std::string& name, const std::vector<Job>& jobs);
std::vector<Job> jobs_of_mix_model(const Model& model);

// Parses a spec. Relative model and accelerator paths are taken from `base_directory` (the
// spec's own directory). Throws InputError with FILE:LINE:COL for anything the user must fix.
SweepSpec parse_sweep_spec(std::string_view text, const std::string& file_name, const std::string& base_directory);
SweepSpec load_sweep_spec(const std::string& path);
// The fields of a sweep spec's objects, by kind (for the format page's check).
std::vector<const JsonObjectSchema*> sweep_spec_schemas();

}  // namespace mapscape
