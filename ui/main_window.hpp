// Mapscape's main window: the study at the centre (dataflow editor, teaching view, search
// results, schedule, co-design, LLM), the workload, accelerator and search panels in docks, file
// handling with recent files, undo/redo and exports.
#pragma once

#include <QMainWindow>

#include "user_prompts.hpp"

#include <chrono>

class QCheckBox;
class QTabWidget;

namespace mapscape::ui {

class AcceleratorEditor;
class ConvergenceChart;
class DataflowEditor;
class RecoveryBanner;
class RecoveryStore;
class ResultsView;
class ScatterChart;
class ScatterPanel;
class ScheduleView;
class CodesignView;
class LlmView;
class WhatifView;
class SearchPanel;
class StudyDocument;
class TeachingView;
class WorkloadPanel;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    StudyDocument* document() const { return doc_; }
    WorkloadPanel* workload() const { return workload_; }
    AcceleratorEditor* accelerator() const { return accelerator_; }
    DataflowEditor* dataflow() const { return dataflow_; }
    TeachingView* teaching() const { return teaching_; }
    SearchPanel* search() const { return search_; }
    // The docks' widths for a window this wide (what a first start on a screen that size gives).
    void size_docks(int window_width);
    ScatterChart* scatter() const { return scatter_; }
    ScatterPanel* scatter_panel() const { return scatter_panel_; }
    ConvergenceChart* convergence() const { return convergence_; }
    // Convergence of each layer of a whole-model run divided by its bound, instead of the model's.
    QCheckBox* per_layer_convergence() const { return per_layer_; }
    ScheduleView* schedule() const { return schedule_; }
    CodesignView* codesign() const { return codesign_; }
    LlmView* llm() const { return llm_; }
    WhatifView* whatif() const { return whatif_; }
    QTabWidget* tabs() const { return tabs_; }
    ResultsView* results() const { return results_; }

    // File operations, usable from tests; errors go to a message box and return false.
    bool open_study(const QString& path);
    bool save_study_as(const QString& path);
    void open_example();
    bool export_mapping_maestro(const QString& path);
    bool export_run_maestro(int run, const QString& directory);
    // Every layer's best mapping of a run, with the accelerator it searched on, as one undo step.
    bool apply_run(int run);
    bool export_results_json(const QString& path);
    bool export_results_csv(const QString& path);
    // Shows the results database view and starts reading the file (errors: last_error()).
    void open_results_database(const QString& path);

    // Crash recovery (recovery_store.hpp): keeps a copy of the study while it has unsaved changes
    // in `directory`, and offers the copies of instances that died in the banner above the tabs.
    // Off unless called (the app turns it on; tests use a folder of their own). False, with the
    // reason in the status bar and last_error(), if the folder cannot be used.
    bool enable_recovery(const QString& directory, std::chrono::milliseconds interval = std::chrono::seconds(3));
    RecoveryStore* recovery() const { return recovery_; }
    RecoveryBanner* recovery_banner() const { return banner_; }
    // What the banner's buttons do with the copy it shows; false if there is none (or the user
    // kept the current study's unsaved changes).
    bool restore_offered_copy();
    bool discard_offered_copy();
    bool postpone_offered_copy();

    // Tests and scripted runs turn dialogs off: errors then only go to last_error().
    // Scripted runs and tests: no dialog may wait for an answer (user_prompts.hpp).
    void set_interactive(bool interactive) { set_dialogs_allowed(interactive); }
    const QString& last_error() const { return last_error_; }

protected:
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void build_menus();
    void update_title();
    void add_recent(const QString& path);
    void rebuild_recent_menu();
    bool maybe_save();
    bool save();
    void refresh_convergence();
    // The window's geometry and its docks' places, for the next session (QSettings).
    void save_layout() const;
    void report_error(const QString& title, const QString& message);

    StudyDocument* doc_;
    WorkloadPanel* workload_;
    AcceleratorEditor* accelerator_;
    DataflowEditor* dataflow_;
    TeachingView* teaching_;
    SearchPanel* search_;
    ScatterChart* scatter_;
    ScatterPanel* scatter_panel_;
    ConvergenceChart* convergence_;
    QCheckBox* per_layer_;
    ScheduleView* schedule_;
    CodesignView* codesign_;
    LlmView* llm_;
    WhatifView* whatif_;
    ResultsView* results_;
    QTabWidget* tabs_;
    RecoveryBanner* banner_;
    RecoveryStore* recovery_ = nullptr;
    class QMenu* recent_menu_;
    bool sized_docks_ = false;
    QString last_error_;
};

}  // namespace mapscape::ui
