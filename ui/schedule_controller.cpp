#include "schedule_controller.hpp"

#include <chrono>
#include <mutex>

#include "plugin/surrogate_plugin.hpp"
#include "util/diagnostic.hpp"
#include "util/seed_mixing.hpp"

namespace mapscape::ui {

namespace {

constexpr auto kLayoutEvery = std::chrono::milliseconds(40);

// What the schedule search's thread posts for the window.
struct ScheduleMailbox {
    std::mutex mutex;  // guards everything below
    ScheduleSnapshot latest;  // the best schedule so far, laid out
    bool changed = false;
    ScheduleResult result;
};

// The base snapshot's table, platform and bandwidth are fixed for the run.
void lay_out(ScheduleSnapshot& s, const Assignment& best) {
    s.best = best;
    BandwidthAllocator allocator(s.table, s.system_bytes_per_cycle);
    s.timeline = allocator.timeline(queues_of(best, s.table.cores()));
    if (s.timeline.makespan > 0)
        s.throughput_gflops = 2.0 * static_cast<double>(s.table.total_macs()) * s.platform.clock_mhz / s.timeline.makespan / 1e3;
}

class MailboxSink : public ScheduleSink {
public:
    MailboxSink(const ScheduleSnapshot& base, std::shared_ptr<ScheduleMailbox> mailbox) : work_(base), mailbox_(std::move(mailbox)) {}

    void best(const Assignment& a, double objective, std::int64_t sample) override {
        pending_ = a;
        has_pending_ = true;
        work_.trace.emplace_back(sample, objective);
        publish(false);
    }
    void progress(std::int64_t samples, std::int64_t, double) override {
        work_.samples = samples;
        publish(false);
    }
    // Lays out the newest best (at most every 40 ms unless forced) and posts it.
    void publish(bool force) {
        const auto now = std::chrono::steady_clock::now();
        if (!force && now - last_ < kLayoutEvery) return;
        last_ = now;
        if (has_pending_) {
            lay_out(work_, pending_);
            has_pending_ = false;
        }
        std::lock_guard lock(mailbox_->mutex);
        mailbox_->latest = work_;
        mailbox_->changed = true;
    }
    ScheduleSnapshot& snapshot() { return work_; }

private:
    ScheduleSnapshot work_;
    std::shared_ptr<ScheduleMailbox> mailbox_;
    Assignment pending_;
    bool has_pending_ = false;
    std::chrono::steady_clock::time_point last_{};
};

}  // namespace

ScheduleController::ScheduleController(QObject* parent) : QObject(parent) {}

int ScheduleController::start(const ScheduleSettings& s) {
    const auto algorithm = parse_schedule_algorithm(s.algorithm);
    if (!algorithm) throw InputError({s.algorithm, 0, 0}, "unknown scheduling algorithm \"" + s.algorithm + "\"");
    // A2C and PPO2 are the libtorch plugin's: open it here (once, about half a second), so that a
    // missing plugin is reported rather than run as an empty schedule.
    if (is_surrogate_plugin_algorithm(s.algorithm))
        if (const std::string why = load_surrogate_plugin(); !why.empty()) throw InputError({s.algorithm, 0, 0}, why);
    const int id = next_id_++;
    const Platform platform = load_platform_setting(s.setting);
    const auto groups = split_groups(build_jobs(load_task_mix(s.mix)), 100);
    const auto g = static_cast<std::size_t>(std::clamp(s.group, 1, static_cast<int>(groups.size())) - 1);
    const auto analysis = parse_job_analysis(s.job_analysis);
    if (!analysis) throw InputError({s.job_analysis, 0, 0}, "unknown job analysis \"" + s.job_analysis + "\" (mapscape or magma-code)");
    const auto unit = parse_bandwidth_unit(s.bandwidth_unit);
    if (!unit) throw InputError({s.bandwidth_unit, 0, 0}, "unknown bandwidth unit \"" + s.bandwidth_unit + "\" (gbps or bytes-per-cycle)");
    // Gene order and table as the workload scheduler makes them.
    OrderedGroup ordered = analyze_group(groups[g], platform, *analysis);
    ScheduleSnapshot base;
    base.run = id;
    base.jobs = std::move(ordered.jobs);
    base.table = std::move(ordered.table);
    base.platform = platform;
    base.system_bytes_per_cycle = platform.bytes_per_cycle(s.bandwidth, *unit);
    base.budget = algorithm->kind == ScheduleAlgorithm::Kind::Heuristic ? 1 : s.budget;
    base.lower_bound = makespan_lower_bound(base.table, base.system_bytes_per_cycle);

    auto mailbox = std::make_shared<ScheduleMailbox>();
    const ScheduleAlgorithm algo = *algorithm;
    const std::uint64_t seed = mix_seed(s.seed, static_cast<std::uint64_t>(g));
    const std::int64_t budget = s.budget;
    auto work = [mailbox, base, algo, seed, budget](const RunContext& context) {
        MailboxSink sink(base, mailbox);
        ScheduleProblem p;
        p.table = &sink.snapshot().table;
        p.system_bytes_per_cycle = base.system_bytes_per_cycle;
        p.budget = budget;
        p.seed = seed;
        ScheduleResult r = run_schedule_search(p, algo, &sink, context.stop);
        ScheduleSnapshot& last = sink.snapshot();
        last.samples = r.samples;
        if (!last.trace.empty() && last.trace.back().first < last.samples)
            last.trace.emplace_back(last.samples, last.trace.back().second);  // the curve runs to the end
        last.wall_seconds = r.wall_seconds;
        if (r.found) lay_out(last, r.best);
        last.finished = true;
        std::lock_guard lock(mailbox->mutex);
        mailbox->latest = last;
        mailbox->changed = true;
        mailbox->result = std::move(r);
    };
    auto deliver = [this, mailbox](int, bool) {
        ScheduleSnapshot snapshot;
        {
            // Never wait for the search thread here (run_controller.hpp): try again next tick.
            std::unique_lock lock(mailbox->mutex, std::try_to_lock);
            if (!lock.owns_lock()) return false;
            if (!mailbox->changed) return true;
            mailbox->changed = false;
            snapshot = mailbox->latest;
        }
        emit updated(snapshot);
        return true;
    };
    runs_.start(id, std::move(work), std::move(deliver));
    return id;
}

}  // namespace mapscape::ui
