// What one sweep run produced, ready for the results database: per-layer best mappings (our
// JSON and MAESTRO text), cost reports and convergence traces, and the run's totals. Executing a
// task is deterministic for its seed whatever the thread count; only the timing fields differ
// between two executions.
#pragma once

#include <cstdint>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sweep/run_plan.hpp"

namespace mapscape {

struct LayerResultRecord {
    int layer_number = 0;  // 1-based position in the model
    std::string name;
    bool found = false;    // a valid mapping was found
    double objective_value = 0;
    std::int64_t runtime_cycles = 0;
    double energy_nj = 0;
    double area_um2 = 0;
    double power_mw = 0;
    std::int64_t samples = 0;
    std::int64_t valid_samples = 0;
    double wall_seconds = 0;      // timing
    std::string mapping_json;     // empty when not found
    std::string mapping_maestro;  // the layer and its best mapping as a MAESTRO network file
    std::string cost_json;        // the full cost report; empty when not found
    std::string trace_json;       // [[samples, best so far], ...]; best is null before a valid one
};

struct RunResult {
    std::size_t index = 0;
    std::string run_id;
    bool failed = false;    // the run threw: `error` says why
    bool stopped = false;   // cancelled before it finished: not to be stored
    std::string error;
    std::vector<LayerResultRecord> layers;
    // Totals over the layers with a valid mapping; area and power are the largest any layer needs.
    // Co-design runs: the found design's totals, its area, and the model's objective (edp = total
    // energy x total latency, not a sum over layers). Schedule runs: the layers are the groups,
    // the totals the workload's makespan (runtime) and energy, the objective either of them.
    int layers_without_mapping = 0;
    std::int64_t runtime_cycles = 0;
    double energy_nj = 0;
    double objective_value = 0;  // sum over the layers of each layer's best objective
    double area_um2 = 0;
    double power_mw = 0;
    std::int64_t samples = 0;
    std::int64_t valid_samples = 0;
    double wall_seconds = 0;  // timing
    int worker_rank = 0;      // timing (which rank ran it)
    // Co-design runs: the accelerator found ("mapscape-accelerator" JSON; empty when nothing fitted)
    // and the whole model's convergence, [[samples, best objective so far], ...]. The layers'
    // own traces are empty ("[]"): a co-design sample is a design with every layer mapped.
    std::string accelerator_json;
    std::string trace_json;
};

// Runs the task with `threads` threads (layers in parallel). Never throws: a failure is a
// result with `failed` set.
RunResult execute_run(const RunTask& task, int threads, std::stop_token stop = {});

nlohmann::json run_result_to_json(const RunResult& result);
// Throws InputError when the text is not a run result.
RunResult run_result_from_json(const std::string& text);

}  // namespace mapscape
