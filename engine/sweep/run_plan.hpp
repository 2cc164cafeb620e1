// The runs of a sweep: the spec's cartesian product, each run's settings and its identity (a
// hash of the settings, so that a re-run of the same spec recognises what is done), and the
// self-contained task a worker executes (sent over MPI as JSON).
//
// A run's settings are a JSON object with sorted keys (the canonical form that is hashed):
//   {"kind":"search","model":NAME,"model_sha256":H,"layers":SEL,"accelerator":NAME,
//    "accelerator_sha256":H,"system":"S2","algorithm":"gamma","algorithm_options":{...},
//    "objective":"latency","budget_samples":N,"seed":S,"maestro_as_is":false}
// and "technology":NAME and "precision":TEXT when the spec has those axes (not otherwise, so
// that specs without them keep their runs' identities).
// The content hashes make an edited model or accelerator file (or a changed preset) new runs.
// A co-design run's settings have the keys of its own axes and options instead of accelerator,
// system and algorithm_options:
//   {"kind":"codesign","model",...,"layers","platform":"edge","platform_sha256":H,
//    "area_budget_mm2":0.2,"levels":"1-2","map_space":"flexible","buffers":"need",
//    "area_model":"gamma","max_pes":0,"algorithm":"digamma","objective",...,"maestro_as_is"}
// (the area budget and area model resolved: the platform's budget, the default model's id).
// A schedule run's:
//   {"kind":"schedule","mix":NAME,"mix_sha256":H,"platform":"S1","platform_sha256":H,
//    "bandwidth":16,"bw_units":"gbps","job_analysis":"mapscape","group_size":100,
//    "algorithm":"magma","objective":"makespan","budget_samples":N,"seed":S}
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>

#include "sweep/sweep_spec.hpp"

namespace mapscape {

// One point of the product, as indices into the spec's axes.
struct RunPoint {
    std::size_t model = 0, accelerator = 0, technology = 0, precision = 0, area_budget = 0, system = 0, bandwidth = 0, job_analysis = 0, algorithm = 0,
                objective = 0, budget = 0, seed = 0;
};

// Everything a worker needs to execute one run, without the spec or its files.
struct RunTask {
    std::size_t index = 0;     // position in the product
    std::string run_id;
    std::string settings_json; // canonical
    RunKind kind = RunKind::Search;
    Model model;
    std::vector<int> layer_numbers;  // 1-based
    Accelerator accelerator;  // co-design: the platform's base accelerator
    TargetSystem system = TargetSystem::S2;
    Algorithm algorithm;
    CodesignAlgorithm codesign_algorithm;  // co-design runs
    CodesignRequest codesign;              // co-design runs: everything but the thread count
    Objective objective;
    std::int64_t budget_samples = 0;
    std::uint64_t seed = 1;
    bool maestro_as_is = false;
    // Schedule runs: the platform, the mix's jobs (model: them as layers), and the settings.
    Platform platform;
    ScheduleAlgorithm schedule_algorithm;
    ScheduleObjective schedule_objective = ScheduleObjective::Makespan;
    double bandwidth = 16;
    BandwidthUnit bandwidth_unit = BandwidthUnit::Gbps;
    JobAnalysis job_analysis = JobAnalysis::Mapscape;
    int group_size = 100;
};

nlohmann::json run_task_to_json(const RunTask& task);
// Throws InputError when the text is not a task (a version mismatch between ranks, say).
RunTask run_task_from_json(const std::string& text);

class SweepPlan {
public:
    explicit SweepPlan(SweepSpec spec);

    const SweepSpec& spec() const { return spec_; }
    std::size_t size() const { return size_; }
    // Runs are numbered in the order models (mixes) > accelerators (platforms) > technologies >
    // precisions > area budgets > systems > bandwidths > job analyses > algorithms > objectives > budgets > seeds (seeds vary
    // fastest; the axes a kind does not have count once).
    RunPoint point(std::size_t index) const;
    std::string settings_json(std::size_t index) const;
    std::string run_id(std::size_t index) const;  // 32 hex digits of the settings' SHA-256
    RunTask task(std::size_t index) const;
    // Relative cost for ordering the work (longest first): layers x samples per layer, with
    // fixed dataflows counted as one sample per layer; a co-design run: layers x the designs it
    // evaluates (HW-opt: its grid's size, when smaller than the budget).
    double work_estimate(std::size_t index) const;

    const std::string& model_json(std::size_t model) const { return model_json_[model]; }
    const std::string& model_sha256(std::size_t model) const { return model_sha_[model]; }
    const std::string& accelerator_json(std::size_t accelerator) const { return accelerator_json_[accelerator]; }
    const std::string& accelerator_sha256(std::size_t accelerator) const { return accelerator_sha_[accelerator]; }

private:
    nlohmann::json with_technology_axes(nlohmann::json settings, const RunPoint& p) const;

    SweepSpec spec_;
    std::size_t size_ = 0;
    std::vector<std::string> model_json_, model_sha_, accelerator_json_, accelerator_sha_;
    // HW-opt's sample counts by (model, platform, area budget, budget): its grid takes a moment to build.
    mutable std::mutex hw_opt_samples_mutex_;
    mutable std::map<std::tuple<std::size_t, std::size_t, std::size_t, std::size_t>, std::int64_t> hw_opt_samples_;
};

}  // namespace mapscape
