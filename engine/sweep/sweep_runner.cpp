#include "sweep/sweep_runner.hpp"

#include <algorithm>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace mapscape {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// The coordinator's own worker: one thread that runs one task at a time with the rank's threads.
class LocalWorker {
public:
    LocalWorker(int threads, int rank, std::stop_token outer_stop)
        : threads_(threads), rank_(rank), forward_stop_(outer_stop, [this] { cancel_.request_stop(); }),
          thread_([this] { loop(); }) {}

    ~LocalWorker() {
        cancel_.request_stop();
        {
            std::lock_guard lock(mutex_);
            quit_ = true;
        }
        wake_.notify_all();
    }

    bool busy() const { return busy_; }

    void start(RunTask task) {
        {
            std::lock_guard lock(mutex_);
            task_ = std::move(task);
            busy_ = true;
        }
        wake_.notify_all();
    }

    // The finished run, waiting at most `timeout` for it.
    std::optional<RunResult> result(std::chrono::milliseconds timeout) {
        std::unique_lock lock(mutex_);
        if (!result_) done_.wait_for(lock, timeout, [this] { return result_.has_value(); });
        if (!result_) return std::nullopt;
        std::optional<RunResult> r = std::move(result_);
        result_.reset();
        busy_ = false;
        return r;
    }

private:
    void loop() {
        while (true) {
            RunTask task;
            {
                std::unique_lock lock(mutex_);
                wake_.wait(lock, [this] { return quit_ || task_.has_value(); });
                if (quit_) return;
                task = std::move(*task_);
                task_.reset();
            }
            RunResult r = execute_run(task, threads_, cancel_.get_token());
            r.worker_rank = rank_;
            {
                std::lock_guard lock(mutex_);
                result_ = std::move(r);
            }
            done_.notify_all();
        }
    }

    int threads_;
    int rank_;
    std::stop_source cancel_;
    std::stop_callback<std::function<void()>> forward_stop_;
    std::mutex mutex_;
    std::condition_variable wake_, done_;
    std::optional<RunTask> task_;
    std::optional<RunResult> result_;
    bool busy_ = false;  // only the coordinator's thread reads and writes it
    bool quit_ = false;
    std::jthread thread_;  // last: it starts after everything it uses exists
};

}  // namespace

std::vector<std::size_t> pending_runs(const SweepPlan& plan, ResultsDatabase& db) {
    const auto done = db.finished_run_ids();
    std::vector<std::size_t> pending;
    std::vector<double> work(plan.size());
    for (std::size_t i = 0; i < plan.size(); ++i) {
        if (done.contains(plan.run_id(i))) continue;
        pending.push_back(i);
        work[i] = plan.work_estimate(i);
    }
    std::stable_sort(pending.begin(), pending.end(), [&](std::size_t a, std::size_t b) { return work[a] > work[b]; });
    return pending;
}

SweepOutcome run_sweep(const SweepPlan& plan, ResultsDatabase& db, const InvocationInfo& info, const SweepOptions& options,
                       WorkerTransport* remote, std::stop_token stop, SweepSink* sink) {
    const auto start = Clock::now();
    const std::vector<std::size_t> pending = pending_runs(plan, db);
    SweepOutcome out;
    SweepProgress& progress = out.progress;
    progress.planned = static_cast<std::int64_t>(plan.size());
    progress.to_run = static_cast<std::int64_t>(pending.size());
    progress.already_done = progress.planned - progress.to_run;
    InvocationInfo invocation = info;
    invocation.runs_planned = progress.planned;
    invocation.runs_already_done = progress.already_done;
    const std::int64_t invocation_id = db.begin_invocation(invocation, plan);

    std::optional<LocalWorker> local;
    if (options.coordinator_runs_tasks || !remote || remote->worker_count() == 0)
        local.emplace(std::max(1, options.threads_per_rank), options.worker_rank, stop);
    std::size_t next = 0;
    int in_flight = 0;
    int remote_active = remote ? remote->worker_count() : 0;  // remote workers not yet sent away

    // Times a piece of the coordinator's own work.
    auto busy = [&](auto&& work) {
        const auto t0 = Clock::now();
        work();
        progress.coordinator_busy_seconds += seconds_since(t0);
    };
    auto store = [&](const RunResult& r) {
        --in_flight;
        if (r.stopped) return;  // cancelled: it never finished, so it is not a result
        const auto write_start = Clock::now();
        db.write_run(plan, r, invocation_id);
        progress.write_seconds += seconds_since(write_start);
        ++progress.written;
        if (r.failed) ++progress.failed;
        progress.elapsed_seconds = seconds_since(start);
        if (sink) sink->run_stored(progress, r);
    };
    auto more_to_hand_out = [&] { return next < pending.size() && !stop.stop_requested(); };
    auto feed_local = [&] {
        if (local && !local->busy() && more_to_hand_out()) {
            busy([&] { local->start(plan.task(pending[next++])); });
            ++in_flight;
        }
    };

    feed_local();
    while (more_to_hand_out() || in_flight > 0 || remote_active > 0) {
        if (local && local->busy()) {
            // Poll the local worker briefly when remote workers also need attention.
            if (auto r = local->result(remote_active > 0 ? std::chrono::milliseconds(0) : std::chrono::milliseconds(50))) {
                busy([&] { store(*r); });
                feed_local();
                continue;
            }
        }
        if (remote_active == 0) {
            if (!local || !local->busy()) feed_local();
            if (local && !local->busy() && !more_to_hand_out() && in_flight == 0) break;
            continue;
        }
        const auto message = remote->receive(std::chrono::milliseconds(1));
        if (!message) continue;
        busy([&] {
            if (message->result_json) store(run_result_from_json(*message->result_json));
            if (more_to_hand_out()) {
                remote->send_task(message->worker, run_task_to_json(plan.task(pending[next++])).dump());
                ++in_flight;
            } else {
                remote->send_stop(message->worker);
                --remote_active;
            }
        });
    }
    out.stopped = stop.stop_requested() && next < pending.size();
    progress.elapsed_seconds = seconds_since(start);
    db.end_invocation(invocation_id, progress.written);
    return out;
}

}  // namespace mapscape
