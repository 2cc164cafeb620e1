// The What-if view: how the study's network answers each accelerator knob (PE rows and columns,
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

#include <optional>

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
    // Starts a run for the current design now; the view does so itself, shortly after an edit,
    // while it is shown.
    void refresh();
    // Makes a variant of the table's design the study's (one undoable edit); false, with the
    // reason shown, when the knob does not apply.
    bool apply_variant(const QString& knob, double factor);

    WhatifController* controller() { return &controller_; }
    // The newest run's table, once delivered.
    const WhatifSnapshot& snapshot() const { return snapshot_; }
    // No edit waits and the newest run has delivered its table (or its error).
    bool idle() const {
        return !pending_.isActive() && !stale_ && !controller_.running() && snapshot_.finished && snapshot_.run == run_;
    }

    QSpinBox* samples_box() const { return samples_; }
    QComboBox* metric_box() const { return metric_; }
    TornadoChart* chart() const { return chart_; }
    QLabel* summary() const { return summary_; }
    QLabel* status() const { return status_; }

  protected:
    void showEvent(QShowEvent* event) override;

  private:
    void schedule_refresh();
    void receive(const WhatifSnapshot& snapshot);
    void show_table();
    void set_status(const QString& text, bool error = false);

    StudyDocument* doc_;
    WhatifController controller_;
    WhatifSnapshot snapshot_;
    int run_ = 0;
    QTimer pending_;     // gathers a burst of edits into one run
    bool stale_ = true;  // an edit came while hidden

    QSpinBox* samples_;
    QComboBox* metric_;
    QLabel *summary_, *status_;
    TornadoChart* chart_;
};

}  // namespace mapscape::ui
