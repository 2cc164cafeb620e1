// The search panel: algorithm, objective, target system, budget, seed and scope; Run and Stop;
// progress (samples, valid share, time left); the finished runs, to show on the convergence
// chart, compare, load into the editor or delete.
#pragma once

#include <QWidget>

#include "search_controller.hpp"

class QComboBox;
class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QLineEdit;

namespace mapscape::ui {

class StudyDocument;

class SearchPanel : public QWidget {
    Q_OBJECT
public:
    explicit SearchPanel(StudyDocument* doc, QWidget* parent = nullptr);

    SearchController* controller() { return &controller_; }
    QComboBox* algorithm() const { return algorithm_; }
    QLineEdit* objective() const { return objective_; }  // the objective box's field
    QComboBox* objective_box() const { return objective_box_; }
    QComboBox* system() const { return system_; }
    QSpinBox* budget() const { return budget_; }
    QSpinBox* seed() const { return seed_; }
    QComboBox* scope() const { return scope_; }
    QPushButton* run_button() const { return run_; }
    QPushButton* stop_button() const { return stop_; }
    QProgressBar* progress_bar() const { return progress_; }
    QLabel* progress_label() const { return progress_label_; }
    QListWidget* runs() const { return runs_; }
    QPushButton* load_best_button() const { return load_best_; }
    QPushButton* apply_all_button() const { return apply_all_; }

    // Starts a search with the panel's settings; returns the run id (0 if refused).
    int run();

signals:
    void run_started(int run, const QString& label, const QString& objective);
    void run_visibility_changed(int run, bool visible);
    void load_mapping_requested(int layer, const Mapping& mapping);
    // Every layer's best mapping of a run, with the accelerator it searched on, as one step.
    void apply_run_requested(int run);

private:
    void sync_from_document();
    void store_settings();
    void show_progress(const RunProgress& p);
    void on_finished(const SearchRun& run);
    void refresh_runs();
    // The run highlighted in the list (0: none); the newest is highlighted when it arrives.
    int selected_run() const;
    void load_best();
    void apply_all();
    void say(const QString& text);
    static QString no_mapping_text(int run_id, const LayerRunResult& layer);
    static QString loaded_text(int run_id, const LayerRunResult& layer);

    StudyDocument* doc_;
    SearchController controller_;
    QComboBox *algorithm_, *system_, *scope_, *objective_box_;
    QLineEdit* objective_;
    QSpinBox *budget_, *seed_;
    QPushButton *run_, *stop_, *load_best_, *apply_all_;
    QProgressBar* progress_;
    QLabel *progress_label_, *objective_error_;
    QListWidget* runs_;
    double run_bound_ = 0;  // lower bound of what the current run optimises
    bool syncing_ = false;
};

}  // namespace mapscape::ui
