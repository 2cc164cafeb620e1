// The schedule view: a task mix (bundled or a file, its models editable as a table) on a
// platform (S1-S6 or a file, its cores editable), the system bandwidth (in GB/s or, as MAGMA's
// code takes it, bytes per cycle), the job analysis (ours or the MAGMA code's) and the scheduler; Run
// and Stop; the timeline (Gantt and bandwidth) updating live as MAGMA improves, a convergence
// chart, and exports of the charts and of the schedule as a Perfetto trace.
#pragma once

#include <QWidget>

#include "schedule_controller.hpp"

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace mapscape::ui {

class ConvergenceChart;
class StudyDocument;
class TimelineWidget;

class ScheduleView : public QWidget {
    Q_OBJECT
public:
    explicit ScheduleView(StudyDocument* doc, QWidget* parent = nullptr);

    ScheduleController* controller() { return &controller_; }
    TimelineWidget* timeline() const { return timeline_; }
    ConvergenceChart* convergence() const { return convergence_; }
    QLabel* status() const { return status_; }
    QPushButton* run_button() const { return run_; }
    QPushButton* stop_button() const { return stop_; }
    QSpinBox* budget() const { return budget_; }
    QComboBox* algorithm() const { return algorithm_; }
    QComboBox* mix() const { return mix_; }
    QComboBox* platform() const { return setting_; }
    QLabel* mix_about() const { return mix_about_; }
    QLabel* platform_about() const { return platform_about_; }
    QComboBox* job_analysis() const { return job_analysis_; }
    QComboBox* bandwidth_unit() const { return bandwidth_unit_; }
    QDoubleSpinBox* bandwidth() const { return bandwidth_; }
    const ScheduleSnapshot& last() const { return last_; }
    int run();
    bool export_trace(const QString& path);
    // Shows a finished schedule the study kept (opened or restored): timeline, convergence, figures.
    void show_result(const ScheduleRecord& record);

private:
    void sync_from_document();
    void store_settings();
    void show_mix();
    void show_platform();
    void on_update(const ScheduleSnapshot& s);
    void draw_timeline(const ScheduleSnapshot& s);
    bool save_mix_as();
    bool save_platform_as();

    StudyDocument* doc_;
    ScheduleController controller_;
    QComboBox *mix_, *setting_, *algorithm_, *job_analysis_, *bandwidth_unit_;
    QDoubleSpinBox* bandwidth_;
    QSpinBox *budget_, *seed_, *group_;
    QPushButton *run_, *stop_;
    QTableWidget *mix_table_, *cores_table_;
    QLabel* status_;
    QLabel* mix_about_;
    QLabel* platform_about_;
    TimelineWidget* timeline_;
    ConvergenceChart* convergence_;
    ScheduleSnapshot last_;
    ScheduleSettings run_settings_;  // the current run's
    bool syncing_ = false;
    bool mix_sequential_ = false;  // the shown mix keeps its jobs in order (saved with it)
};

}  // namespace mapscape::ui
