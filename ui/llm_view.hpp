// The LLM view: one phase of a language model's inference (a configuration, prefill or decode,
// batch, prompt or context, precision) on the study's accelerator. A chart of tokens/s against
// batch, searched (GAMMA at a small budget per layer) and at the bound, with the knee where a
// decode stops being bound by the off-chip link; energy per token below; a readout of ms/token,
// tokens/s, energy/token and what limits them at the chosen batch. The figures follow every edit
// of the accelerator (technology and precision included): the sweep runs on the worker thread
// (LlmController), a burst of edits ends with the last design's figures, and nothing is computed
// while the tab is hidden. "Use as workload" makes the phase the study's model (one undo step).
#pragma once

#include <QTimer>
#include <QWidget>

#include <optional>

#include "llm_controller.hpp"

class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace mapscape::ui {

class ChartView;
class StudyDocument;

class LlmView : public QWidget {
    Q_OBJECT
  public:
    explicit LlmView(StudyDocument* doc, QWidget* parent = nullptr);

    // Picks a bundled configuration or opens a config.json, as the box does; false, with the
    // reason shown, when it cannot be read.
    bool choose_config(const QString& name_or_path);
    // What the controls and the study's accelerator ask for; nothing, with the reason, when the
    // configuration is missing.
    std::optional<LlmSweepSettings> settings(QString* why = nullptr) const;
    // Starts a sweep of the current settings now (if they differ from the last one's); the
    // view does so itself, shortly after an edit, while it is shown.
    void refresh();
    // Makes the chosen phase at the chosen batch the study's model (one undoable edit).
    bool use_as_workload();
    // The study's accelerator becomes resources/examples/llm_accelerator.json (one undoable edit).
    bool use_example_accelerator();

    LlmController* controller() { return &controller_; }
    // The newest sweep's figures, as far as they have come.
    const LlmSweepSnapshot& snapshot() const { return snapshot_; }
    // The searched point and the bound at the chosen batch, once known.
    std::optional<LlmSearchedPoint> chosen_point() const;
    std::optional<LlmBoundPoint> chosen_bound() const;
    // No edit waits and the newest sweep has delivered every point (or its error).
    bool idle() const {
        return !pending_.isActive() && !stale_ && !controller_.running() && snapshot_.finished &&
               snapshot_.run == run_;
    }

    QComboBox* config_box() const { return config_; }
    QComboBox* phase_box() const { return phase_; }
    QComboBox* precision_box() const { return precision_; }
    QSpinBox* batch_box() const { return batch_; }
    QSpinBox* prompt_box() const { return prompt_; }
    QSpinBox* context_box() const { return context_; }
    QSpinBox* samples_box() const { return samples_; }
    QPushButton* use_button() const { return use_button_; }
    QPushButton* example_button() const { return example_button_; }
    ChartView* throughput_chart() const { return throughput_; }
    ChartView* energy_chart() const { return energy_; }
    QLabel* summary() const { return summary_; }
    QLabel* readout() const { return readout_; }
    QLabel* status() const { return status_; }
    // Layers of the throughput chart.
    int searched_layer() const { return searched_line_; }
    int bound_layer() const { return bound_line_; }

  protected:
    void showEvent(QShowEvent* event) override;

  private:
    // An edit: recompute shortly if shown, else when next shown.
    void schedule_refresh();
    void receive(const LlmSweepSnapshot& snapshot);
    // No figures: the charts empty, the snapshot the newest sweep's (nothing yet).
    void clear_figures();
    void show_phase_controls();
    void show_summary();
    void show_readout();
    void set_status(const QString& text, bool error = false);
    void config_activated(int index);

    StudyDocument* doc_;
    LlmController controller_;
    LlmSweepSnapshot snapshot_;
    int run_ = 0;  // the newest sweep's id
    std::optional<LlmConfig> config_loaded_;
    QString config_reference_;
    int config_index_ = 0;  // the box's last configuration (the "Open" item goes back to it)
    QTimer pending_;        // gathers a burst of edits into one sweep
    bool stale_ = true;     // an edit came while hidden

    QComboBox *config_, *phase_, *precision_;
    QSpinBox *batch_, *prompt_, *context_, *samples_;
    QLabel *prompt_label_, *context_label_;
    QPushButton *use_button_, *example_button_;
    QLabel *summary_, *readout_, *status_;
    ChartView *throughput_, *energy_;
    int searched_line_ = -1, bound_line_ = -1, chosen_marker_ = -1;
    int energy_line_ = -1, energy_marker_ = -1;
    std::int64_t shown_knee_ = 0;  // the knee the charts mark (0: none)
};

}  // namespace mapscape::ui
