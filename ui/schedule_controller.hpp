// Runs a schedule search (MAGMA or another scheduler) on one group of a task mix through the run
// controller, reporting the best schedule found so far every 40 ms at most, so the Gantt chart
// updates live. The worker also lays out the best schedule's timeline (at most every 40 ms), so
// the window only draws it.
#pragma once

#include <QObject>

#include "run_controller.hpp"
#include "schedule/workload_schedule.hpp"
#include "study/study.hpp"

namespace mapscape::ui {

struct ScheduleSnapshot {
    int run = 0;
    std::vector<Job> jobs;       // in gene order
    JobTable table;
    Platform platform;
    double system_bytes_per_cycle = 0;
    Assignment best;
    Timeline timeline;
    std::int64_t samples = 0, budget = 0;
    std::vector<std::pair<std::int64_t, double>> trace;
    bool finished = false;
    double wall_seconds = 0;
    double lower_bound = 0;
    double throughput_gflops = 0;
};

class ScheduleController : public QObject {
    Q_OBJECT
public:
    explicit ScheduleController(QObject* parent = nullptr);

    // Throws InputError for a bad mix, platform or algorithm name.
    int start(const ScheduleSettings& settings);
    void stop() { runs_.stop(); }
    bool running() const { return runs_.running(); }
    void wait() { runs_.wait(); }

signals:
    void updated(const ScheduleSnapshot& snapshot);

private:
    RunController runs_;
    int next_id_ = 1;
};

}  // namespace mapscape::ui
