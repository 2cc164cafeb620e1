#include "scatter_panel.hpp"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <set>

#include "scatter_chart.hpp"

namespace mapscape::ui {

namespace {
constexpr int kFollow = -1;  // combo data: follow the newest run / the workload's layer
}

ScatterPanel::ScatterPanel(ScatterChart* chart, QWidget* parent) : QWidget(parent), chart_(chart) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* row = new QHBoxLayout;
    row->setContentsMargins(6, 2, 6, 0);
    run_box_ = new QComboBox;
    layer_box_ = new QComboBox;
    run_box_->setToolTip(tr("The run whose evaluated mappings are drawn; each run is its own cloud and front"));
    layer_box_->setToolTip(tr("The layer whose evaluated mappings are drawn; layers are different problems, never mixed"));
    row->addWidget(new QLabel(tr("Show run:")));
    row->addWidget(run_box_, 1);
    row->addWidget(new QLabel(tr("layer:")));
    row->addWidget(layer_box_, 1);
    layout->addLayout(row);
    layout->addWidget(chart_, 1);
    connect(chart_, &ScatterChart::series_changed, this, &ScatterPanel::refill);
    connect(run_box_, &QComboBox::currentIndexChanged, this, [this] {
        if (refilling_) return;
        refill();  // the layers of the run chosen
        choose();
    });
    connect(layer_box_, &QComboBox::currentIndexChanged, this, [this] {
        if (!refilling_) choose();
    });
    refill();
}

void ScatterPanel::set_selected_layer(int layer) { chart_->set_preferred_layer(layer); }

void ScatterPanel::refill() {
    refilling_ = true;
    const std::vector<PlotSeries> all = chart_->series();
    const int run = run_box_->count() ? run_box_->currentData().toInt() : kFollow;
    const int layer = layer_box_->count() ? layer_box_->currentData().toInt() : kFollow;
    std::set<int> runs;
    for (const PlotSeries& s : all) runs.insert(s.run);
    run_box_->clear();
    run_box_->addItem(tr("newest"), kFollow);
    for (int r : runs) run_box_->addItem(tr("run %1").arg(r), r);
    run_box_->setCurrentIndex(std::max(0, run_box_->findData(run)));
    const int chosen_run = run_box_->currentData().toInt();
    const int layers_of = chosen_run == kFollow ? (runs.empty() ? 0 : *runs.rbegin()) : chosen_run;
    layer_box_->clear();
    layer_box_->addItem(tr("the selected one"), kFollow);
    for (const PlotSeries& s : all)
        if (s.run == layers_of) layer_box_->addItem(tr("layer %1").arg(s.layer + 1), s.layer);
    layer_box_->setCurrentIndex(std::max(0, layer_box_->findData(layer)));
    refilling_ = false;
    // A chosen run or layer that is gone (a run deleted): the boxes fell back, the chart follows.
    if (run_box_->currentData().toInt() != run || layer_box_->currentData().toInt() != layer) choose();
}

void ScatterPanel::choose() {
    const int run = run_box_->currentData().toInt();
    const int layer = layer_box_->currentData().toInt();
    chart_->show_series(run == kFollow ? std::nullopt : std::optional<int>(run), layer == kFollow ? std::nullopt : std::optional<int>(layer));
}

}  // namespace mapscape::ui
