// The energy-latency scatter with the choice of what it shows: a run and one of its layers
// (by default the newest run, at the layer selected in the workload). The chart never mixes
// layers or runs in one cloud or one Pareto front.
#pragma once

#include <QWidget>

class QComboBox;
class QLabel;

namespace mapscape::ui {

class ScatterChart;

class ScatterPanel : public QWidget {
    Q_OBJECT
public:
    explicit ScatterPanel(ScatterChart* chart, QWidget* parent = nullptr);
    QComboBox* run_box() const { return run_box_; }
    QComboBox* layer_box() const { return layer_box_; }
    // The layer selected in the workload: shown when following and the run searched it.
    void set_selected_layer(int layer);

private:
    void refill();
    void choose();

    ScatterChart* chart_;
    QComboBox* run_box_;
    QComboBox* layer_box_;
    bool refilling_ = false;
};

}  // namespace mapscape::ui
