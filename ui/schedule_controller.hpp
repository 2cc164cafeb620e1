// Runs a schedule search (MAGMA or another scheduler) on one group of a task mix, on a worker
// thread, reporting the best schedule found so far every 40 ms at most, so the Gantt chart
// updates live. Same run-id and stop rules as the search controller.
#pragma once

#include <QObject>
#include <QTimer>

#include <atomic>
#include <memory>
#include <mutex>
#include <stop_token>
#include <thread>

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
    ~ScheduleController() override;

    // Throws InputError for a bad mix, platform or algorithm name.
    int start(const ScheduleSettings& settings);
    void stop();
    bool running() const;
    void wait();

signals:
    void updated(const ScheduleSnapshot& snapshot);

private:
    struct Run;
    void drain();
    QTimer timer_;
    std::shared_ptr<Run> current_;
    std::vector<std::shared_ptr<Run>> retired_;
    int next_id_ = 1;
};

}  // namespace mapscape::ui
