#include "naas_panel.hpp"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QLabel>
#include <QProgressBar>
#include <QSpinBox>
#include <QSplitter>
#include <QVBoxLayout>

#include <cmath>

#include "accelerator_sketch.hpp"
#include "arch/area_model.hpp"
#include "chart_view.hpp"
#include "util/diagnostic.hpp"

namespace mapscape::ui {

NaasPanel::NaasPanel(QWidget* parent) : QWidget(parent), controller_(this) {
    resources_ = new QComboBox;
    for (const std::string& id : naas_resource_ids()) resources_->addItem(QString::fromStdString(id));
    resources_->setCurrentText(QStringLiteral("eyeriss"));
    resources_->setToolTip(tr("The PEs, on-chip memory and NoC of a known accelerator; the design is compared with it running its native dataflow"));
    population_ = new QSpinBox;
    population_->setRange(2, 1000);
    population_->setValue(20);
    iterations_ = new QSpinBox;
    iterations_->setRange(1, 10000);
    iterations_->setValue(30);
    floor_ = new QDoubleSpinBox;
    floor_->setRange(0, 100);
    floor_->setDecimals(1);
    floor_->setSuffix(QStringLiteral(" %"));
    floor_->setSpecialValueText(tr("off (the study's model)"));
    floor_->setToolTip(tr("The network level: pick a MobileNetV2 variant at or above this ImageNet top-1 accuracy with the accelerator"));
    mapping_search_ = new QComboBox;
    mapping_search_->addItem(QStringLiteral("naas"));
    mapping_search_->addItem(QStringLiteral("gamma"));
    mapping_search_->setToolTip(tr("Each layer's mapping on a candidate: NAAS's own (importance encoding) or GAMMA"));
    progress_ = new QProgressBar;
    progress_->setTextVisible(false);
    progress_->setMaximumHeight(10);

    auto* grid = new QGridLayout;
    int cell = 0;
    auto add = [&grid, &cell](const QString& label, QWidget* w) {
        auto* l = new QLabel(label);
        l->setBuddy(w);
        grid->addWidget(l, cell / 3, 2 * (cell % 3));
        grid->addWidget(w, cell / 3, 2 * (cell % 3) + 1);
        ++cell;
    };
    add(tr("&Resources"), resources_);
    add(tr("Pop&ulation"), population_);
    add(tr("&Iterations"), iterations_);
    add(tr("Accuracy &floor"), floor_);
    add(tr("Mapping search"), mapping_search_);
    grid->setColumnStretch(6, 1);

    population_chart_ = new ChartView;
    population_chart_->setMinimumSize(280, 200);
    population_chart_->set_title(tr("Population EDP per iteration"));
    population_chart_->set_axes({tr("iteration"), Quantity::Plain, ChartView::Scale::Linear}, {tr("EDP"), Quantity::EdpNjCycles, ChartView::Scale::Log});
    candidates_layer_ = population_chart_->add_point_layer(tr("candidates"), QColor(66, 133, 244, 120), 3);
    // Its paint is antialiased (the mean's polyline), which makes each marker dearer than in the
    // other charts: half their 6,000 markers still shows every iteration's spread of candidates.
    population_chart_->set_max_markers(3000);
    mean_layer_ = population_chart_->add_line_layer(tr("population mean"), QColor(251, 140, 0), 1.6);
    best_layer_ = population_chart_->add_line_layer(tr("best so far"), QColor(200, 30, 30), 1.8, true);

    sketch_ = new AcceleratorSketch;
    front_chart_ = new ChartView;
    front_chart_->setMinimumSize(240, 160);
    front_chart_->set_title(tr("Accuracy against EDP (network level)"));
    front_chart_->set_axes({tr("EDP"), Quantity::EdpNjCycles, ChartView::Scale::Log}, {tr("top-1 %"), Quantity::Plain, ChartView::Scale::Linear});
    explored_layer_ = front_chart_->add_point_layer(tr("variants tried"), QColor(150, 150, 150), 5);
    front_layer_ = front_chart_->add_line_layer(tr("front"), QColor(200, 30, 30), 1.8, true);
    baseline_point_layer_ = front_chart_->add_point_layer(tr("baseline"), QColor(30, 30, 30), 8);

    auto* right = new QSplitter(Qt::Vertical);
    right->addWidget(sketch_);
    right->addWidget(front_chart_);
    right->setChildrenCollapsible(false);
    auto* body = new QSplitter(Qt::Horizontal);
    body->addWidget(population_chart_);
    body->addWidget(right);
    body->setStretchFactor(0, 3);
    body->setStretchFactor(1, 2);
    body->setChildrenCollapsible(false);

    auto* box = new QVBoxLayout(this);
    box->setContentsMargins(0, 0, 0, 0);
    box->addLayout(grid);
    box->addWidget(progress_);
    box->addWidget(body, 1);
    front_chart_->setVisible(false);  // until the network level is on
    connect(floor_, &QDoubleSpinBox::valueChanged, this, [this](double v) { front_chart_->setVisible(v > 0); });
    connect(&controller_, &NaasController::updated, this, &NaasPanel::receive);
    connect(&controller_, &NaasController::run_over, this, [this] { emit changed(); });
}

NaasSettings NaasPanel::settings(std::uint64_t seed) const {
    NaasSettings s;
    s.resources = resources_->currentText().toStdString();
    s.population = population_->value();
    s.iterations = iterations_->value();
    s.accuracy_floor = floor_->value();
    s.mapping_search = mapping_search_->currentText().toStdString();
    s.seed = seed;
    s.threads = 1;  // one worker: the window keeps the other core
    return s;
}

int NaasPanel::run(const Model& model, std::uint64_t seed, QString* why) {
    int id = 0;
    try {
        id = controller_.start(settings(seed), model);
    } catch (const InputError& e) {
        if (why) *why = QString::fromStdString(e.what());
        return 0;
    }
    snapshot_ = NaasSnapshot{};
    snapshot_.run = id;
    progress_->setRange(0, iterations_->value());
    progress_->setValue(0);
    for (int layer : {candidates_layer_, mean_layer_, best_layer_}) population_chart_->set_data(layer, {});
    for (int layer : {explored_layer_, front_layer_, baseline_point_layer_}) front_chart_->set_data(layer, {});
    population_chart_->set_references({});
    sketch_->clear();
    emit changed();
    return id;
}

std::optional<DesignPoint> NaasPanel::best_for_study(const Model& model) const {
    if (!snapshot_.has_best || snapshot_.best.variant || snapshot_.best.benchmarks.size() != 1) return std::nullopt;
    const NaasBenchmarkResult& b = snapshot_.best.benchmarks.front();
    if (b.layers.size() != model.layers.size() || !b.valid) return std::nullopt;
    DesignPoint d;
    d.accelerator = snapshot_.best.accelerator;
    for (const NaasLayerResult& l : b.layers) d.mappings.push_back(l.mapping);
    d.area = area_of(default_area_model(), d.accelerator);
    d.runtime_cycles = b.runtime_cycles;
    d.energy_nj = b.energy_nj;
    d.objective = b.edp;
    return d;
}

void NaasPanel::show_result(const NaasRecord& r) {
    resources_->setCurrentText(QString::fromStdString(r.resources));
    population_->setValue(r.population);
    iterations_->setValue(r.iterations);
    floor_->setValue(r.accuracy_floor);
    mapping_search_->setCurrentText(QString::fromStdString(r.mapping_search));
    NaasSnapshot s;  // run 0: no run of this session
    s.has_baseline = r.has_baseline;
    s.baseline = r.baseline;
    s.iterations = r.iterations_done;
    s.has_best = r.has_best;
    s.best = r.best;
    s.explored = r.explored;
    s.front = r.front;
    s.bound_geomean_edp = r.bound_geomean_edp;
    s.elapsed_seconds = r.elapsed_seconds;
    s.finished = true;
    s.stopped = r.stopped;
    progress_->setRange(0, r.iterations);
    for (int layer : {explored_layer_, front_layer_, baseline_point_layer_}) front_chart_->set_data(layer, {});
    receive(s);
}

void NaasPanel::receive(const NaasSnapshot& s) {
    snapshot_ = s;
    if (!s.error.empty()) {
        emit status(QString::fromStdString(s.error), true);
        emit changed();
        return;
    }
    std::vector<QPointF> candidates, mean, best;
    for (const NaasIteration& it : s.iterations) {
        for (double v : it.population)
            if (std::isfinite(v)) candidates.emplace_back(it.iteration, v);
        if (std::isfinite(it.mean)) mean.emplace_back(it.iteration, it.mean);
        if (std::isfinite(it.best_so_far)) best.emplace_back(it.iteration, it.best_so_far);
    }
    population_chart_->set_data(candidates_layer_, std::move(candidates));
    population_chart_->set_data(mean_layer_, std::move(mean));
    population_chart_->set_data(best_layer_, std::move(best));
    std::vector<ChartView::Reference> refs;
    if (s.has_baseline && std::isfinite(s.baseline.geomean_edp))
        refs.push_back({Qt::Horizontal, s.baseline.geomean_edp, tr("baseline: its native dataflow"), QColor(30, 30, 30)});
    if (s.bound_geomean_edp > 0) refs.push_back({Qt::Horizontal, s.bound_geomean_edp, tr("lower bound"), QColor(90, 90, 90)});
    population_chart_->set_references(std::move(refs));
    population_chart_->fit_to_data();
    progress_->setValue(static_cast<int>(s.iterations.size()));
    if (s.has_best) sketch_->set_design(s.best.accelerator, area_of(default_area_model(), s.best.accelerator), 0);

    std::vector<QPointF> explored, front;
    for (const NaasFrontPoint& p : s.explored)
        if (std::isfinite(p.edp)) explored.emplace_back(p.edp, p.variant.top1);
    for (const NaasFrontPoint& p : s.front) front.emplace_back(p.edp, p.variant.top1);
    front_chart_->set_data(explored_layer_, std::move(explored));
    front_chart_->set_data(front_layer_, std::move(front));
    front_chart_->setVisible(floor_->value() > 0);
    if (s.finished && s.has_baseline && s.baseline.variant && std::isfinite(s.baseline.geomean_edp))
        front_chart_->set_data(baseline_point_layer_, {QPointF(s.baseline.geomean_edp, s.baseline.variant->top1)});
    front_chart_->fit_to_data();

    QString text;
    if (s.has_best && s.has_baseline && std::isfinite(s.baseline.geomean_edp)) {
        text = tr("%1: EDP %2x below %3 with its native dataflow, %4x above the bound; %5")
                   .arg(QString::fromStdString(s.best.hardware.describe()))
                   .arg(s.baseline.geomean_edp / s.best.geomean_edp, 0, 'f', 2)
                   .arg(resources_->currentText())
                   .arg(s.bound_geomean_edp > 0 ? s.best.geomean_edp / s.bound_geomean_edp : 0.0, 0, 'f', 2)
                   .arg(s.best.variant ? tr("network %1 (%2% top-1)").arg(QString::fromStdString(s.best.variant->name())).arg(s.best.variant->top1)
                                       : tr("the study's model"));
    } else {
        text = tr("Iteration %1 of %2…").arg(s.iterations.size()).arg(iterations_->value());
    }
    if (s.finished) text += s.stopped ? tr(" (stopped after %1 s)").arg(s.elapsed_seconds, 0, 'f', 1) : tr(" (%1 s)").arg(s.elapsed_seconds, 0, 'f', 1);
    emit status(text, false);
    emit changed();
}

}  // namespace mapscape::ui
