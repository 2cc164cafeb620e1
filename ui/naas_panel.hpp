// NAAS in the Co-design view: its settings (the resources of a known accelerator, population,
// iterations, the network level's accuracy floor, the mapping search), the population's EDP per
// iteration as it runs (the paper's Figure 4) against the baseline and the bound, the best
// accelerator drawn with its parallel dimensions named, and the accuracy-EDP front when the
// network level is on (the paper's Figure 10).
#pragma once

#include <QWidget>

#include <optional>

#include "codesign/codesign_problem.hpp"
#include "naas_controller.hpp"
#include "study/study_results.hpp"

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QSpinBox;

namespace mapscape::ui {

class AcceleratorSketch;
class ChartView;

class NaasPanel : public QWidget {
    Q_OBJECT
public:
    explicit NaasPanel(QWidget* parent = nullptr);

    NaasSettings settings(std::uint64_t seed) const;
    // Starts a search for `model` (unless the network level is on); returns the run id, or 0
    // with the reason in `why`.
    int run(const Model& model, std::uint64_t seed, QString* why);
    void stop() { controller_.stop(); }
    bool running() const { return controller_.running(); }
    NaasController* controller() { return &controller_; }

    bool has_best() const { return snapshot_.has_best; }
    const NaasSnapshot& snapshot() const { return snapshot_; }
    // The best design for the study: its accelerator and the model's mappings (empty when the
    // network level chose another network, or there is none).
    std::optional<DesignPoint> best_for_study(const Model& model) const;
    // Shows a finished search the study kept (opened or restored), with the controls as it had them.
    void show_result(const NaasRecord& record);

    QComboBox* resources() const { return resources_; }
    QSpinBox* population() const { return population_; }
    QSpinBox* iterations() const { return iterations_; }
    QDoubleSpinBox* accuracy_floor() const { return floor_; }
    ChartView* population_chart() const { return population_chart_; }
    ChartView* front_chart() const { return front_chart_; }
    AcceleratorSketch* sketch() const { return sketch_; }

signals:
    void status(const QString& text, bool error);
    void changed();  // a run started, progressed or ended

private:
    void receive(const NaasSnapshot& snapshot);

    NaasController controller_;
    NaasSnapshot snapshot_;
    QComboBox *resources_, *mapping_search_;
    QSpinBox *population_, *iterations_;
    QDoubleSpinBox* floor_;
    QProgressBar* progress_;
    ChartView *population_chart_, *front_chart_;
    AcceleratorSketch* sketch_;
    int candidates_layer_ = -1, mean_layer_ = -1, best_layer_ = -1, explored_layer_ = -1, front_layer_ = -1, baseline_point_layer_ = -1;
};

}  // namespace mapscape::ui
