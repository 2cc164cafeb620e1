// The What-if view. On top, the live answer: after every edit of the accelerator (technology,
// precision, model) the whole network is searched again at its best mappings, each unique shape
// warm-started from the previous design's mapping (search/network_answer.hpp), and its latency,
// energy, EDP and area are shown beside the previous design's and the lower bound, with a
// before/after bar per layer. Below, how the study's network answers each accelerator knob (PE rows and columns,
// L1, L2, NoC and off-chip bandwidth, clock; precision and node under a physical technology) at
// x0.5 and x2. A tornado chart of the network's best latency (or energy) change per variant
// around the current design, the widest swing on top; knobs that do not apply are grey stubs
// with their reason in the tooltip, and a variant whose layers did not all find a mapping is
// marked. The table (search/sensitivity.hpp: every unique layer shape searched again with GAMMA)
// follows every edit of the accelerator, technology, precision or model: it runs on the worker
// thread (WhatifController), a burst of edits ends with the last design's table, and nothing is
// computed while the tab is hidden. Clicking a bar makes that variant the study's design (one
// undoable edit), and the chart recomputes around it.
#pragma once

#include <QTimer>
#include <QWidget>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "layer_change_chart.hpp"
#include "network_answer_controller.hpp"
#include "tornado_chart.hpp"
#include "whatif_controller.hpp"

class QComboBox;
class QLabel;
class QSpinBox;

namespace mapscape::ui {

class StudyDocument;

enum class WhatifMetric { Latency, Energy };

// The tornado's rows from a table: one per knob, its x0.5 and x2 variants' change in % of the
// current design's figure, widest swing first; knobs with nothing comparable last.
std::vector<TornadoRow> tornado_rows(const SensitivityTable& table, WhatifMetric metric);

class WhatifView : public QWidget {
    Q_OBJECT
  public:
    explicit WhatifView(StudyDocument* doc, QWidget* parent = nullptr);

    // What the study and the controls ask for; nothing, with the reason, without layers.
    std::optional<SensitivityRequest> request(QString* why = nullptr) const;
    // Starts the tornado's run for the current design now; the view does so itself once the live
    // answer to an edit has arrived, while it is shown.
    void refresh();
    // Starts the live answer's run for the current design now, seeded from the last answer; the
    // view does so itself a moment after an edit, while it is shown.
    void refresh_live();
    // Makes a variant of the table's design the study's (one undoable edit); false, with the
    // reason shown, when the knob does not apply.
    bool apply_variant(const QString& knob, double factor);

    WhatifController* controller() { return &controller_; }
    NetworkAnswerController* live_controller() { return &live_controller_; }
    // The newest live answer delivered, and the one before it (the previous design's); null
    // before there is one.
    const NetworkAnswerSnapshot& live() const { return live_; }
    std::shared_ptr<const NetworkAnswer> previous_answer() const { return previous_answer_; }
    // The newest run's table, once delivered.
    const WhatifSnapshot& snapshot() const { return snapshot_; }
    // No edit waits and the newest run has delivered its table (or its error).
    bool idle() const {
        return !live_pending_.isActive() && !stale_ && !tornado_stale_ && !controller_.running() &&
               !live_controller_.running() && snapshot_.finished && snapshot_.run == run_ && live_.finished && live_.run == live_run_;
    }
    // Called with each live answer the view shows (the bench times edits by it).
    void set_live_listener(std::function<void(const NetworkAnswerSnapshot&)> listener) { live_listener_ = std::move(listener); }

    QSpinBox* samples_box() const { return samples_; }
    QComboBox* metric_box() const { return metric_; }
    TornadoChart* chart() const { return chart_; }
    QLabel* summary() const { return summary_; }
    LayerChangeChart* layer_chart() const { return layer_chart_; }
    // The live readout's cell: row 0-3 (latency, energy, EDP, area), column 0-3 (this design,
    // previous design, change, lower bound).
    QLabel* live_cell(int row, int column) const { return live_cells_[static_cast<std::size_t>(row * 4 + column)]; }
    QLabel* live_status() const { return live_status_; }
    QLabel* status() const { return status_; }

  protected:
    void showEvent(QShowEvent* event) override;

  private:
    void schedule_refresh();
    void receive(const WhatifSnapshot& snapshot);
    void receive_live(const NetworkAnswerSnapshot& snapshot);
    void show_live();
    void show_table();
    void set_status(const QString& text, bool error = false);

    StudyDocument* doc_;
    WhatifController controller_;
    WhatifSnapshot snapshot_;
    int run_ = 0;
    bool stale_ = true;  // an edit came while hidden
    NetworkAnswerController live_controller_;
    NetworkAnswerSnapshot live_;
    int live_run_ = 0;
    QTimer live_pending_;        // gathers a burst of edits into one live run
    bool tornado_stale_ = false; // the tornado waits for the live answer to an edit
    std::shared_ptr<const NetworkAnswer> current_answer_, previous_answer_;
    std::function<void(const NetworkAnswerSnapshot&)> live_listener_;
    std::vector<QLabel*> live_cells_;
    QLabel* live_status_;
    LayerChangeChart* layer_chart_;

    QSpinBox* samples_;
    QComboBox* metric_;
    QLabel *summary_, *status_;
    TornadoChart* chart_;
};

}  // namespace mapscape::ui
