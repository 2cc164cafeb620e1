#include "schedule_controller.hpp"

#include <chrono>

#include "util/diagnostic.hpp"
#include "util/seed_mixing.hpp"
#include "worker_priority.hpp"

namespace mapscape::ui {

struct ScheduleController::Run : ScheduleSink {
    int id = 0;
    std::stop_source stop;
    std::atomic<bool> done{false};
    ScheduleSnapshot base;  // jobs, table, platform: fixed for the run

    std::mutex mutex;  // guards the fields below
    Assignment best_assignment;
    bool improved = false;
    std::int64_t samples = 0;
    std::vector<std::pair<std::int64_t, double>> trace;
    ScheduleResult result;

    std::jthread thread;

    void best(const Assignment& a, double objective, std::int64_t sample) override {
        std::lock_guard lock(mutex);
        best_assignment = a;
        improved = true;
        trace.emplace_back(sample, objective);
    }
    void progress(std::int64_t s, std::int64_t, double) override {
        std::lock_guard lock(mutex);
        samples = s;
    }
};

ScheduleController::ScheduleController(QObject* parent) : QObject(parent) {
    timer_.setInterval(40);
    connect(&timer_, &QTimer::timeout, this, &ScheduleController::drain);
}

ScheduleController::~ScheduleController() {
    if (current_) current_->stop.request_stop();
    for (auto& r : retired_) r->stop.request_stop();
}

int ScheduleController::start(const ScheduleSettings& s) {
    const auto algorithm = parse_schedule_algorithm(s.algorithm);
    if (!algorithm) throw InputError({s.algorithm, 0, 0}, "unknown scheduling algorithm \"" + s.algorithm + "\"");
    auto run = std::make_shared<Run>();
    run->id = next_id_++;
    const Platform platform = load_platform_setting(s.setting);
    const auto groups = split_groups(build_jobs(load_task_mix(s.mix)), 100);
    const auto g = static_cast<std::size_t>(std::clamp(s.group, 1, static_cast<int>(groups.size())) - 1);
    // Gene order as the workload scheduler uses it: by best no-stall latency.
    std::vector<Job> jobs = groups[g];
    {
        const JobTable t = analyze_jobs(jobs, platform);
        std::vector<int> order(jobs.size());
        for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
        auto best = [&](int j) {
            double b = std::numeric_limits<double>::infinity();
            for (int c = 0; c < t.cores(); ++c) b = std::min(b, t.latency(j, c));
            return b;
        };
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return best(a) < best(b); });
        std::vector<Job> sorted;
        for (int i : order) sorted.push_back(jobs[static_cast<std::size_t>(i)]);
        jobs = std::move(sorted);
    }
    run->base.run = run->id;
    run->base.jobs = jobs;
    run->base.table = analyze_jobs(jobs, platform);
    run->base.platform = platform;
    run->base.system_bytes_per_cycle = platform.bytes_per_cycle(s.bandwidth_gbps);
    run->base.budget = algorithm->kind == ScheduleAlgorithm::Kind::Heuristic ? 1 : s.budget;
    run->base.lower_bound = makespan_lower_bound(run->base.table, run->base.system_bytes_per_cycle);

    if (current_) {
        current_->stop.request_stop();
        retired_.push_back(current_);
    }
    Run* raw = run.get();
    const ScheduleAlgorithm algo = *algorithm;
    const std::uint64_t seed = mix_seed(s.seed, static_cast<std::uint64_t>(g));
    const std::int64_t budget = s.budget;
    run->thread = std::jthread([raw, algo, seed, budget](std::stop_token) {
        lower_this_thread_priority();
        ScheduleProblem p;
        p.table = &raw->base.table;
        p.system_bytes_per_cycle = raw->base.system_bytes_per_cycle;
        p.budget = budget;
        p.seed = seed;
        ScheduleResult r = run_schedule_search(p, algo, raw, raw->stop.get_token());
        std::lock_guard lock(raw->mutex);
        raw->result = std::move(r);
        raw->done = true;
    });
    current_ = run;
    timer_.start();
    return run->id;
}

bool ScheduleController::running() const { return current_ != nullptr; }

void ScheduleController::stop() {
    if (current_) current_->stop.request_stop();
}

void ScheduleController::wait() {
    if (current_ && current_->thread.joinable()) current_->thread.join();
    drain();
}

void ScheduleController::drain() {
    std::erase_if(retired_, [](const std::shared_ptr<Run>& r) {
        if (!r->done.load()) return false;
        if (r->thread.joinable()) r->thread.join();
        return true;
    });
    if (!current_) {
        if (retired_.empty()) timer_.stop();
        return;
    }
    ScheduleSnapshot snap = current_->base;
    bool improved = false, done = false;
    {
        std::lock_guard lock(current_->mutex);
        improved = current_->improved;
        current_->improved = false;
        snap.best = current_->best_assignment;
        snap.samples = current_->samples;
        snap.trace = current_->trace;
        done = current_->done.load();
        if (done) {
            snap.samples = current_->result.samples;
            if (!snap.trace.empty() && snap.trace.back().first < snap.samples)
                snap.trace.emplace_back(snap.samples, snap.trace.back().second);  // the curve runs to the end
            snap.wall_seconds = current_->result.wall_seconds;
            if (current_->result.found) snap.best = current_->result.best;
        }
    }
    if (!snap.best.core.empty() && (improved || done)) {
        BandwidthAllocator allocator(snap.table, snap.system_bytes_per_cycle);
        snap.timeline = allocator.timeline(queues_of(snap.best, snap.table.cores()));
        if (snap.timeline.makespan > 0)
            snap.throughput_gflops = 2.0 * static_cast<double>(snap.table.total_macs()) * snap.platform.clock_mhz / snap.timeline.makespan / 1e3;
    }
    snap.finished = done;
    if (improved || done || snap.samples > 0) emit updated(snap);
    if (done) {
        if (current_->thread.joinable()) current_->thread.join();
        current_.reset();
        if (retired_.empty()) timer_.stop();
    }
}

}  // namespace mapscape::ui
