// The Co-design view: searches an accelerator (PE array, buffers) and a mapping per layer of the
// study's model under an area budget (DiGamma, or one of the paper's baselines), on the worker
// thread as every long run does (CodesignController over the RunController). While it runs: a
// scatter of the designs' area against latency (or energy) with the budget line, the bound and
// the Pareto front; the best design drawn (array shape, the area split against the budget); the
// convergence with the bound. "Use this design" puts the accelerator and its mappings into the
// study as one undoable edit; the design exports as MAESTRO files. The method "naas" searches
// within a known accelerator's resources instead (NaasPanel: its settings and charts).
#pragma once

#include <QWidget>

#include <map>
#include <string>
#include <vector>

#include "codesign_controller.hpp"
#include "naas_controller.hpp"

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QStackedWidget;

namespace mapscape::ui {

class AcceleratorSketch;
class NaasPanel;
class ChartView;
class StudyDocument;

class CodesignView : public QWidget {
    Q_OBJECT
public:
    explicit CodesignView(StudyDocument* doc, QWidget* parent = nullptr);

    // The settings the controls hold.
    CodesignSettings settings() const;
    // Starts a co-search of the study's model; returns the run id, or 0 with the reason shown.
    int run();
    void stop();
    // Puts the best design into the study (one undoable edit); false when there is none or the
    // study's model is no longer the one it was designed for.
    bool use_design();
    // Writes the best design as MAESTRO files; returns how many, 0 on failure (reason shown).
    int export_design(const QString& directory);

    CodesignController* controller() { return &controller_; }
    bool has_best() const { return has_best_; }
    const DesignPoint& best() const { return best_; }
    ChartView* scatter() const { return scatter_; }
    ChartView* convergence() const { return convergence_; }
    AcceleratorSketch* sketch() const { return sketch_; }
    QLabel* status() const { return status_; }
    QComboBox* method() const { return method_; }
    QComboBox* platform() const { return platform_; }
    QComboBox* y_metric() const { return y_metric_; }
    QDoubleSpinBox* area_budget() const { return budget_mm2_; }
    QSpinBox* samples() const { return samples_; }
    QComboBox* area_model() const { return area_model_; }
    QSpinBox* seed() const { return seed_; }
    QPushButton* run_button() const { return run_button_; }
    QPushButton* stop_button() const { return stop_button_; }
    QPushButton* use_button() const { return use_button_; }
    QPushButton* export_button() const { return export_button_; }
    // NAAS (method "naas"): its settings and charts replace DiGamma's.
    NaasPanel* naas() const { return naas_; }
    bool naas_mode() const;
    std::size_t dot_count() const { return dots_.size(); }
    const std::vector<QPointF>& pareto_front() const;

private:
    void receive(const CodesignSnapshot& snapshot);
    void rebuild_scatter();
    void add_dots(const std::vector<DesignDot>& dots);
    void update_best_marker();
    void update_buttons();
    double y_of(const DesignDot& d) const;
    void set_status(const QString& text, bool error = false);
    // A finished run goes into the study (saved with it and kept by its recovery copy).
    void store_result(const CodesignSnapshot& s);
    void store_naas_result(const NaasSnapshot& s);
    // The co-design and NAAS results an opened or restored study kept, shown again.
    void show_saved_results();

    StudyDocument* doc_;
    CodesignController controller_;
    int run_ = 0;
    std::string designed_model_;  // the model name and layer count the best design is for
    std::size_t designed_layers_ = 0;
    std::string design_objective_ = "latency";  // of the best design shown
    CodesignSettings run_settings_;              // the current DiGamma run's
    NaasSettings naas_run_settings_;             // the current NAAS run's
    std::vector<DesignDot> dots_;   // every dot of the run (for a change of the y metric)
    std::vector<std::pair<double, double>> front_;  // Pareto front over (area, y), by area
    bool has_best_ = false;
    DesignPoint best_;
    bool finished_ = false;

    void show_method();

    QComboBox *platform_, *area_model_, *objective_, *method_, *map_space_, *y_metric_;
    NaasPanel* naas_ = nullptr;
    QStackedWidget* pages_ = nullptr;
    std::vector<QWidget*> digamma_only_;  // settings NAAS does not use (hidden in its mode)
    QDoubleSpinBox* budget_mm2_;
    QSpinBox *samples_, *seed_;
    QPushButton *run_button_, *stop_button_, *use_button_, *export_button_;
    QProgressBar* progress_;
    QLabel* status_;
    ChartView *scatter_, *convergence_;
    AcceleratorSketch* sketch_;
    int valid_layer_ = -1, invalid_layer_ = -1, front_layer_ = -1, best_layer_ = -1, trace_layer_ = -1;
};

}  // namespace mapscape::ui
