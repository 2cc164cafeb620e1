// Runs a sweep into a results database: skips the runs already stored, hands the others out one
// at a time, longest first, to whichever worker is free (dynamic load balancing: runs differ in
// length by orders of magnitude), and writes each result in its own transaction as it arrives.
// One process writes: the coordinator. It has a local worker thread; remote workers (MPI ranks,
// app/cli/sweep_mpi.cpp) come through a WorkerTransport. Each run is deterministic for its seed,
// so the database does not depend on how many workers there were or which ran what.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <stop_token>
#include <string>

#include "sweep/results_database.hpp"
#include "sweep/run_plan.hpp"
#include "sweep/run_result.hpp"

namespace mapscape {

// The coordinator's view of the remote workers. Messages are run tasks and results as JSON
// text (run_task_to_json, run_result_to_json).
class WorkerTransport {
public:
    virtual ~WorkerTransport() = default;
    virtual int worker_count() const = 0;
    struct Message {
        int worker = 0;
        std::optional<std::string> result_json;  // absent in a worker's first "ready" message
    };
    // A worker that is ready for work (with the result of its last task, if any), or nothing
    // within `timeout`.
    virtual std::optional<Message> receive(std::chrono::milliseconds timeout) = 0;
    virtual void send_task(int worker, const std::string& task_json) = 0;
    virtual void send_stop(int worker) = 0;  // no more work: the worker returns
};

struct SweepOptions {
    int threads_per_rank = 1;  // threads each run uses (layers in parallel)
    bool coordinator_runs_tasks = true;  // the coordinator's process also runs tasks
    int worker_rank = 0;                 // recorded with the runs the coordinator runs
};

struct SweepProgress {
    std::int64_t planned = 0;        // runs in the spec
    std::int64_t already_done = 0;   // stored before this sweep started
    std::int64_t to_run = 0;
    std::int64_t written = 0;        // stored by this sweep (failed ones included)
    std::int64_t failed = 0;
    double elapsed_seconds = 0;
    double write_seconds = 0;        // time spent in database transactions so far
    // Time the coordinator was busy (reading results, writing them, preparing and sending
    // tasks): the service time per run that bounds how many ranks one coordinator can feed.
    double coordinator_busy_seconds = 0;
};

// Called on the coordinator's thread after each run is stored.
class SweepSink {
public:
    virtual ~SweepSink() = default;
    virtual void run_stored(const SweepProgress& /*progress*/, const RunResult& /*result*/) {}
};

struct SweepOutcome {
    SweepProgress progress;
    bool stopped = false;  // the stop token cut it short
};

// The runs of `plan` not yet in `db`, longest first (ties in spec order).
std::vector<std::size_t> pending_runs(const SweepPlan& plan, ResultsDatabase& db);

SweepOutcome run_sweep(const SweepPlan& plan, ResultsDatabase& db, const InvocationInfo& info,
                       const SweepOptions& options, WorkerTransport* remote = nullptr, std::stop_token stop = {},
                       SweepSink* sink = nullptr);

}  // namespace mapscape
