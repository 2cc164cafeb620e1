// The dataflow editor for the selected layer: its directives as a table (cluster levels between
// Cluster rows; drag rows to reorder; toggle spatial/temporal; edit dimension, size, offset),
// dataflow presets, and a MAESTRO text view of the same mapping. Every edit re-evaluates the
// mapping at once and updates the readout and, beside it, the energy and area breakdown charts.
#pragma once

#include <QWidget>

#include "cost/cost_report.hpp"
#include "mapping/mapping.hpp"

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QTableView;
class QTimer;

namespace mapscape::ui {

class BreakdownChart;
class CostReadout;
class DirectiveTableModel;
class StudyDocument;

class DataflowEditor : public QWidget {
    Q_OBJECT
public:
    explicit DataflowEditor(StudyDocument* doc, QWidget* parent = nullptr);

    QTableView* table() const { return table_; }
    DirectiveTableModel* directives() const { return model_; }
    QPlainTextEdit* text() const { return text_; }
    QLabel* text_error() const { return text_error_; }
    CostReadout* readout() const { return readout_; }
    // Parts, top to bottom: MAC, L1, L2, NoC, DRAM, leakage; and PEs, L1, L2, NoC.
    BreakdownChart* energy_chart() const { return energy_chart_; }
    BreakdownChart* area_chart() const { return area_chart_; }
    QComboBox* presets() const { return presets_; }
    const CostReport& report() const { return report_; }
    double last_evaluation_ms() const { return last_ms_; }

    // Sets the selected layer's mapping (undoable), e.g. from a clicked search point.
    void load_mapping(const Mapping& mapping, const QString& what);
    void apply_preset(const QString& name);

signals:
    void evaluated(const CostReport& report);

private:
    void refresh();
    void show_breakdown(const Accelerator& acc, const CostReport& report);
    void commit_text();
    void add_cluster_level();
    int current_row() const;

    StudyDocument* doc_;
    QLabel* title_;
    QComboBox* presets_;
    QTableView* table_;
    DirectiveTableModel* model_;
    QPlainTextEdit* text_;
    QLabel* text_error_;
    QTimer* text_timer_;
    CostReadout* readout_;
    BreakdownChart *energy_chart_, *area_chart_;
    CostReport report_;
    double last_ms_ = 0;
    bool syncing_ = false;
    // The preset last applied, to the layer and mapping it gave: the preset box names it while
    // that mapping is displayed, and reads "custom" otherwise.
    struct AppliedPreset {
        int layer = -1;
        Mapping mapping;
        int index = -1;
    };
    AppliedPreset applied_preset_;
};

}  // namespace mapscape::ui
