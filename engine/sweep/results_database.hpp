// The results database of a sweep: one SQLite file per study, written by one process (the
// sweep's rank 0) a run per transaction, read by the desktop app. The schema (version 1) is in
// results_database.cpp and docs/formats/results-database.md; a file that is not a SQLite
// database, another application's database, a newer schema or a corrupt file is refused with the
// reason.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_set>
#include <vector>

#include "sweep/run_plan.hpp"
#include "sweep/run_result.hpp"
#include "sweep/sqlite.hpp"

namespace mapscape {

inline constexpr int kResultsSchemaVersion = 1;
inline constexpr std::int64_t kResultsApplicationId = 0x4D415053;  // "MAPS", in SQLite's header
// The software version written with each run.
std::string mapscape_version();

// The columns of `runs` and `layer_results` that differ between two executions of the same
// runs (when, where and how fast); everything else is a function of the run's settings.
const std::vector<std::string>& run_timing_columns();
const std::vector<std::string>& layer_timing_columns();

struct InvocationInfo {
    std::string spec_file;
    std::string spec_text;
    int ranks = 1;
    int threads_per_rank = 1;
    std::int64_t runs_planned = 0;
    std::int64_t runs_already_done = 0;
};

// A run as the app shows it: the run row, its layers, its model and accelerator.
struct StoredLayer {
    int layer_number = 0;
    std::string name;
    bool found = false;
    double objective_value = 0;
    std::int64_t runtime_cycles = 0;
    double energy_nj = 0;
    std::int64_t samples = 0;
    std::string mapping_json;
    std::string mapping_maestro;
    std::string trace_json;
};

struct StoredRun {
    std::string run_id;
    std::string kind;
    std::string settings_json;
    std::string status;
    std::string model, accelerator, system, algorithm, objective, layers;
    std::int64_t budget_samples = 0;
    std::uint64_t seed = 0;
    std::string model_json;        // "mapscape-model" JSON
    std::string accelerator_json;  // "mapscape-accelerator" JSON (co-design: the design found)
    std::vector<StoredLayer> layer_results;
    std::string trace_json;        // co-design runs: the whole model's convergence; else empty
};

class ResultsDatabase {
public:
    enum class Access { ReadOnly, ReadWrite };
    // ReadWrite creates the file (and the schema) when it is absent or empty. Throws InputError
    // naming the file and the reason for a file it refuses. `integrity_check` reads every page
    // (PRAGMA quick_check) to find corruption before anything is written.
    ResultsDatabase(const std::string& path, Access access, bool integrity_check = true);

    const std::string& path() const { return path_; }
    sql::Connection& connection() { return *db_; }

    // Run ids whose results are stored (failed runs are not: a re-run retries them).
    std::unordered_set<std::string> finished_run_ids();
    std::int64_t run_count();

    // Records a sweep starting to write here (and the models and accelerators of its plan).
    std::int64_t begin_invocation(const InvocationInfo& info, const SweepPlan& plan);
    void end_invocation(std::int64_t invocation_id, std::int64_t runs_written);
    // Stores a finished (or failed) run and its layers in one transaction.
    void write_run(const SweepPlan& plan, const RunResult& result, std::int64_t invocation_id);

    StoredRun read_run(const std::string& run_id);
    // Marks a database made by the synthetic generator (benchmarks).
    void set_meta(const std::string& key, const std::string& value);
    std::string meta(const std::string& key);

    // Turns SQLite errors met while reading or writing into InputError naming the file.
    [[noreturn]] void fail(const sql::Error& e) const;

private:
    void create_schema();
    void check_is_ours(bool integrity_check);

    std::string path_;
    std::unique_ptr<sql::Connection> db_;
    // write_run's statements, prepared once (parsing them took a third of a write's time).
    std::unique_ptr<sql::Statement> delete_run_, insert_run_, insert_layer_, insert_design_, insert_trace_;
};

}  // namespace mapscape
