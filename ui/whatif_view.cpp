#include "whatif_view.hpp"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QGridLayout>
#include <QGroupBox>
#include <QLocale>
#include <QSpinBox>
#include <QSplitter>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>

#include "cost_readout.hpp"
#include "study_document.hpp"

namespace mapscape::ui {

namespace {

// Samples per shape at most, for the live answer and each variant of the tornado: starting from
// the mappings of earlier answers, 2,000 came within 0.6 % of a fresh 10,000-sample search of
// ResNet-50 on edge over 20 random L2 edits (docs/whatif.md).
constexpr int kWhatifDefaultSamples = 2000;
// The live answer gathers less: a slider's drag makes one run per pause, and the answer seems
// to follow the edit (its search takes about 0.1 s for ResNet-50's 24 shapes).
constexpr int kLiveGatherEditsMs = 25;
const char* const kLiveRows[] = {QT_TRANSLATE_NOOP("WhatifView", "Latency"), QT_TRANSLATE_NOOP("WhatifView", "Energy"),
                                 QT_TRANSLATE_NOOP("WhatifView", "EDP"), QT_TRANSLATE_NOOP("WhatifView", "Area")};
const char* const kLiveColumns[] = {QT_TRANSLATE_NOOP("WhatifView", "this design"), QT_TRANSLATE_NOOP("WhatifView", "previous design"),
                                    QT_TRANSLATE_NOOP("WhatifView", "change"), QT_TRANSLATE_NOOP("WhatifView", "lower bound")};

// The same network (the same unique shapes in the same order): its layers can be compared.
bool same_network(const NetworkAnswer& a, const NetworkAnswer& b) {
    if (a.layers.size() != b.layers.size()) return false;
    for (std::size_t i = 0; i < a.layers.size(); ++i)
        if (!same_shape(a.layers[i].layer, b.layers[i].layer) || a.layers[i].layer.repeat_count != b.layers[i].layer.repeat_count)
            return false;
    return true;
}

// The four figures of an answer, in the readout's rows' order.
std::array<double, 4> live_figures(const NetworkAnswer& a) { return {a.latency_ms, a.energy_nj, a.edp_mj_ms, a.area_mm2}; }

QString live_figure_text(int row, double v) {
    switch (row) {
        case 0: return quantity_text(v / 1e3, Quantity::Seconds);
        case 1: return quantity_text(v, Quantity::EnergyNj);
        case 2: return QStringLiteral("%1 mJ\u00b7ms").arg(v, 0, 'g', 4);
        default: return quantity_text(v * 1e6, Quantity::AreaUm2);
    }
}

QString whatif_qs(const std::string& s) {
    return QString::fromStdString(s);
}

QString whatif_factor_text(double f) {
    return QStringLiteral("x%1").arg(f, 0, 'g', 3);
}

double whatif_figure_of(const SensitivityRow& r, WhatifMetric m) {
    return m == WhatifMetric::Latency ? r.latency_ms : r.energy_nj;
}

QString whatif_figure_text(double v, WhatifMetric m) {
    return m == WhatifMetric::Latency ? QStringLiteral("%1 ms").arg(v, 0, 'g', 4) : quantity_text(v, Quantity::EnergyNj);
}

TornadoBar whatif_bar_of(const SensitivityRow& r, const SensitivityRow& current, WhatifMetric m) {
    TornadoBar b;
    b.factor = r.factor;
    const QString what = QStringLiteral("%1 %2").arg(whatif_qs(r.knob), whatif_factor_text(r.factor));
    if (!r.applies) {
        b.tooltip = QObject::tr("%1 does not apply: %2").arg(what, whatif_qs(r.why_not));
        return b;
    }
    const QString setting = r.setting.empty() ? what : QStringLiteral("%1 (%2)").arg(what, whatif_qs(r.setting));
    if (r.layers_without_mapping > 0 || current.layers_without_mapping > 0) {
        b.tooltip = QObject::tr("%1: %2 layer(s) found no mapping, so the network's figure cannot be compared")
                        .arg(setting)
                        .arg(std::max(r.layers_without_mapping, current.layers_without_mapping));
        return b;
    }
    const double now = whatif_figure_of(current, m), then = whatif_figure_of(r, m);
    const auto change = sensitivity_change(r, current, m == WhatifMetric::Latency ? SensitivityMetric::LatencyMs : SensitivityMetric::EnergyNj);
    if (!change) {
        b.tooltip = QObject::tr("%1: the current design has no figure to compare with").arg(setting);
        return b;
    }
    b.comparable = true;
    b.change_percent = 100 * *change;
    b.tooltip = QObject::tr("%1: %2, %3%4 % against the current %5. Click to use this design.")
                    .arg(setting, whatif_figure_text(then, m), b.change_percent >= 0 ? "+" : "")
                    .arg(b.change_percent, 0, 'f', 1)
                    .arg(whatif_figure_text(now, m));
    return b;
}

}  // namespace

std::vector<TornadoRow> tornado_rows(const SensitivityTable& table, WhatifMetric metric) {
    std::vector<TornadoRow> rows;
    std::map<std::string, std::size_t> at;
    for (const SensitivityRow& r : table.rows) {
        auto [it, inserted] = at.emplace(r.knob, rows.size());
        if (inserted) {
            TornadoRow row;
            row.knob = row.key = whatif_qs(r.knob);
            row.low.factor = 0.5;
            row.high.factor = 2;
            row.low.tooltip = row.high.tooltip = QObject::tr("not tried");
            rows.push_back(row);
        }
        TornadoRow& row = rows[it->second];
        (r.factor < 1 ? row.low : row.high) = whatif_bar_of(r, table.current, metric);
        if (r.applies && r.layers_without_mapping > 0) row.marked = true;
    }
    // The widest swing on top; a knob with nothing to compare below every other.
    auto swing = [](const TornadoRow& r) {
        double s = -1;
        for (const TornadoBar* b : {&r.low, &r.high})
            if (b->comparable) s = std::max(s, std::abs(b->change_percent));
        return s;
    };
    std::stable_sort(rows.begin(), rows.end(), [&](const TornadoRow& a, const TornadoRow& b) { return swing(a) > swing(b); });
    return rows;
}

WhatifView::WhatifView(StudyDocument* doc, QWidget* parent) : QWidget(parent), doc_(doc), controller_(this) {
    samples_ = new QSpinBox;
    samples_->setRange(50, 100000);
    samples_->setSingleStep(500);
    samples_->setValue(kWhatifDefaultSamples);
    samples_->setToolTip(tr("GAMMA's samples per unique layer shape, at most, for the live answer and for each variant of the "
                            "tornado (seed 1, population 100, starting from earlier answers' mappings: mapscape-cli whatif "
                            "searches afresh, so its figures differ a little): more samples, steadier figures, a longer wait"));
    metric_ = new QComboBox;
    metric_->addItem(tr("latency"), QStringLiteral("latency"));
    metric_->addItem(tr("energy"), QStringLiteral("energy"));
    metric_->setToolTip(tr("The network's figure the bars change: its best latency, or the energy of the same mappings"));
    auto* controls = new QHBoxLayout;
    auto* samples_label = new QLabel(tr("Sam&ples per layer"));
    samples_label->setBuddy(samples_);
    auto* metric_label = new QLabel(tr("&Figure"));
    metric_label->setBuddy(metric_);
    controls->addWidget(samples_label);
    controls->addWidget(samples_);
    controls->addSpacing(12);
    controls->addWidget(metric_label);
    controls->addWidget(metric_);
    controls->addStretch(1);

    summary_ = new QLabel;
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    status_ = new QLabel;
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    chart_ = new TornadoChart;

    // The live answer: a readout of four figures against the previous design and the bound, and
    // the layers' before/after bars.
    auto* live = new QGroupBox(tr("The network at its best mappings, searched again after each edit"));
    auto* grid = new QGridLayout(live);
    grid->setContentsMargins(8, 4, 8, 4);
    grid->setVerticalSpacing(2);
    for (int c = 0; c < 4; ++c) {
        auto* heading = new QLabel(tr(kLiveColumns[c]));
        heading->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        grid->addWidget(heading, 0, c + 1);
    }
    for (int r = 0; r < 4; ++r) {
        grid->addWidget(new QLabel(tr(kLiveRows[r])), r + 1, 0);
        for (int c = 0; c < 4; ++c) {
            auto* cell = new QLabel(QStringLiteral("\u2014"));
            cell->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
            cell->setTextInteractionFlags(Qt::TextSelectableByMouse);
            grid->addWidget(cell, r + 1, c + 1);
            live_cells_.push_back(cell);
        }
    }
    grid->setColumnStretch(5, 1);
    live_status_ = new QLabel;
    live_status_->setWordWrap(true);
    layer_chart_ = new LayerChangeChart;
    grid->addWidget(live_status_, 5, 0, 1, 6);
    grid->setRowStretch(6, 1);  // the readout's rows stay together at the top
    grid->addWidget(layer_chart_, 0, 6, 7, 1);
    grid->setColumnStretch(6, 5);

    auto* tornado = new QWidget;
    auto* tornado_box = new QVBoxLayout(tornado);
    tornado_box->setContentsMargins(0, 0, 0, 0);
    tornado_box->addWidget(summary_);
    tornado_box->addWidget(chart_, 1);

    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(live);
    split->addWidget(tornado);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setChildrenCollapsible(false);

    auto* box = new QVBoxLayout(this);
    box->addLayout(controls);
    box->addWidget(split, 1);
    box->addWidget(status_);

    connect(&controller_, &WhatifController::updated, this, &WhatifView::receive);
    live_pending_.setSingleShot(true);
    live_pending_.setInterval(kLiveGatherEditsMs);
    connect(&live_pending_, &QTimer::timeout, this, &WhatifView::refresh_live);
    connect(&live_controller_, &NetworkAnswerController::updated, this, &WhatifView::receive_live);
    connect(samples_, &QSpinBox::valueChanged, this, &WhatifView::schedule_refresh);
    connect(metric_, &QComboBox::currentIndexChanged, this, [this] {
        show_table();
        show_live();
    });
    connect(chart_, &TornadoChart::bar_clicked, this, [this](const QString& knob, double factor) { apply_variant(knob, factor); });
    // The technology is the accelerator's; the Precision box changes the model's layers.
    connect(doc_, &StudyDocument::accelerator_changed, this, &WhatifView::schedule_refresh);
    connect(doc_, &StudyDocument::model_changed, this, &WhatifView::schedule_refresh);
    connect(doc_, &StudyDocument::study_replaced, this, &WhatifView::schedule_refresh);
    chart_->set_message(tr("What-if"), tr("The knobs' bars appear here once the network is searched"));
    layer_chart_->set_message(tr("Layer by layer"), tr("Each layer's figure appears here once the network is searched"));
}

std::optional<SensitivityRequest> WhatifView::request(QString* why) const {
    const Study& study = doc_->study();
    if (study.model.layers.empty()) {
        if (why) *why = tr("The study has no layers: load a model in the Workload dock.");
        return std::nullopt;
    }
    SensitivityRequest r;
    r.model = study.model;
    r.accelerator = study.accelerator;
    r.platform_name = study.accelerator_preset.empty() ? study.accelerator.name : study.accelerator_preset;
    r.options.budget = samples_->value();
    // Every core: the live answer and the tornado run one after the other, on low-priority threads.
    r.options.threads = 0;
    r.algo = "gamma";
    r.seed = 1;
    return r;
}

void WhatifView::schedule_refresh() {
    if (!isVisible()) {
        stale_ = true;
        return;
    }
    // The live answer first (restarted: the last edit of a burst starts the run), then the
    // tornado around the same design.
    tornado_stale_ = true;
    live_pending_.start();
}

void WhatifView::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (stale_) {
        tornado_stale_ = true;
        live_pending_.start();
    }
}

void WhatifView::refresh_live() {
    live_pending_.stop();
    stale_ = false;
    QString why;
    const std::optional<SensitivityRequest> r = request(&why);
    if (!r) {
        live_controller_.stop();
        live_run_ = 0;
        live_ = NetworkAnswerSnapshot{};
        live_.finished = true;
        live_.error = why.toStdString();
        current_answer_.reset();
        previous_answer_.reset();
        show_live();
        tornado_stale_ = false;
        refresh();  // the tornado says the same
        return;
    }
    controller_.stop();  // a tornado of an older design gives the cores to the live answer
    // ... and runs again once it is in: the tornado stopped here may be one an earlier live
    // answer started for this very design (it arrived while the edit's timer ran), which would
    // otherwise stay stopped with an empty table.
    tornado_stale_ = true;
    NetworkAnswerRequest q;
    q.model = r->model;
    q.accelerator = r->accelerator;
    q.platform_name = r->platform_name;
    q.options = r->options;
    q.seed = r->seed;
    q.population = kQuickGammaPopulation;
    q.stop_within_bound = kQuickStopWithinBound;
    live_run_ = live_controller_.start(q, current_answer_);
    live_ = NetworkAnswerSnapshot{};
    live_.run = live_run_;
    live_status_->setText(tr("Searching the network again…"));
    live_status_->setStyleSheet(QString());
}

void WhatifView::receive_live(const NetworkAnswerSnapshot& s) {
    if (s.run != live_run_) return;  // a superseded run's answer
    live_ = s;
    if (s.error.empty() && !s.stopped) {
        previous_answer_ = current_answer_;
        current_answer_ = std::make_shared<const NetworkAnswer>(s.answer);
    }
    show_live();
    if (live_listener_) live_listener_(live_);
    if (tornado_stale_) {
        tornado_stale_ = false;
        refresh();
    }
}

void WhatifView::show_live() {
    const NetworkAnswerSnapshot& s = live_;
    // While a run is in flight the last answer stays drawn (a metric toggle redraws it).
    if (!s.finished && !current_answer_) return;
    for (QLabel* cell : live_cells_) cell->setText(QStringLiteral("\u2014"));
    if ((s.finished && !s.error.empty()) || !current_answer_) {
        layer_chart_->set_message(tr("Layer by layer"), tr("No answer"));
        live_status_->setText(s.error.empty() ? tr("Stopped") : whatif_qs(s.error));
        live_status_->setStyleSheet(s.error.empty() ? QString() : QStringLiteral("color: #b00020;"));
        return;
    }
    const NetworkAnswer& a = *current_answer_;
    const NetworkAnswer* before = previous_answer_ && same_network(*previous_answer_, a) ? previous_answer_.get() : nullptr;
    const std::array<double, 4> now = live_figures(a);
    const std::array<double, 4> bound = {a.bound_latency_ms, a.bound_energy_nj, a.bound_energy_nj / 1e6 * a.bound_latency_ms, 0.0};
    for (int row = 0; row < 4; ++row) {
        live_cell(row, 0)->setText(live_figure_text(row, now[static_cast<std::size_t>(row)]));
        if (before) {
            const double then = live_figures(*before)[static_cast<std::size_t>(row)];
            live_cell(row, 1)->setText(live_figure_text(row, then));
            if (then > 0 && before->layers_without_mapping == 0 && a.layers_without_mapping == 0) {
                const double change = 100 * (now[static_cast<std::size_t>(row)] / then - 1);
                live_cell(row, 2)->setText(QStringLiteral("%1%2 %").arg(change >= 0 ? "+" : "\u2212").arg(std::abs(change), 0, 'f', 1));
            }
        }
        // The area is the design's own: no mapping can change it, so it has no bound of its own.
        if (row < 3) live_cell(row, 3)->setText(live_figure_text(row, bound[static_cast<std::size_t>(row)]));
    }
    const WhatifMetric metric = metric_->currentData().toString() == QStringLiteral("energy") ? WhatifMetric::Energy : WhatifMetric::Latency;

    std::vector<LayerChange> layers;
    int near_bound = 0, warm = 0;
    for (std::size_t i = 0; i < a.layers.size(); ++i) {
        const LayerAnswer& l = a.layers[i];
        // Each answer at its own design's clock (a clock edit changes the milliseconds).
        auto figure = [&](const LayerAnswer& x, double clock_mhz) {
            if (!x.found) return 0.0;
            const double one = metric == WhatifMetric::Latency ? static_cast<double>(x.runtime_cycles) / (clock_mhz * 1e3) : x.energy_nj / 1e3;
            return one * static_cast<double>(x.layer.repeat_count);
        };
        LayerChange c;
        c.label = QString::number(i + 1);
        c.after = figure(l, a.clock_mhz);
        if (before) c.before = figure(before->layers[i], before->clock_mhz);
        const double bound_one =
            metric == WhatifMetric::Latency ? static_cast<double>(l.bound_runtime_cycles) / (a.clock_mhz * 1e3) : l.bound_energy_nj / 1e3;
        const QString unit = metric == WhatifMetric::Latency ? QStringLiteral("ms") : QStringLiteral("µJ");
        // One arg() with every value: a layer's name may hold "%1".
        c.tooltip = tr("%1 (%2), %3 run(s)\nthis design: %4 %5").arg(whatif_qs(l.name), whatif_qs(shape_summary(l.layer)),
                                                                       QString::number(l.layer.repeat_count),
                                                                       QString::number(c.after, 'g', 4), unit);
        if (before) c.tooltip += tr("\nprevious design: %1 %2").arg(QString::number(c.before, 'g', 4), unit);
        c.tooltip += tr("\nlower bound: %1 %2").arg(QString::number(bound_one * static_cast<double>(l.layer.repeat_count), 'g', 4), unit);
        if (!l.found) c.tooltip += tr("\nno mapping: %1").arg(whatif_qs(l.why_none));
        layers.push_back(c);
        if (l.found && static_cast<double>(l.runtime_cycles) <= (1 + kQuickStopWithinBound) * static_cast<double>(l.bound_runtime_cycles))
            ++near_bound;
        if (l.warm_started) ++warm;
    }
    const QString axis = metric == WhatifMetric::Latency ? tr("latency of all runs, ms") : tr("energy of all runs, µJ");
    layer_chart_->set_layers(layers, tr("Each layer shape, all its runs"), axis, before != nullptr);
    QString text = tr("%1 unique layer shapes, %2 samples in %3 s (GAMMA, at most %4 a shape, 4 times that for a shape with "
                      "nothing to start from, a search ending within 0.5 % of its bound; %5 shape(s) within 0.5 % of their "
                      "latency bound)")
                       .arg(a.layers.size())
                       .arg(QLocale().toString(static_cast<qlonglong>(a.samples)))
                       .arg(a.wall_seconds, 0, 'f', 2)
                       .arg(QLocale().toString(static_cast<qlonglong>(live_controller_.request().options.budget)))
                       .arg(near_bound);
    if (warm > 0) text += tr("; %1 started from the previous design's mapping").arg(warm);
    if (a.layers_without_mapping > 0)
        text += tr("; %1 layer shape(s) without a mapping are left out of the totals").arg(a.layers_without_mapping);
    if (!s.finished) return;  // "Searching…" stays until the answer is in
    live_status_->setText(text);
    live_status_->setStyleSheet(a.layers_without_mapping > 0 ? QStringLiteral("color: #b00020;") : QString());
}

void WhatifView::refresh() {
    stale_ = false;
    QString why;
    const std::optional<SensitivityRequest> r = request(&why);
    if (!r) {
        controller_.stop();
        run_ = 0;
        snapshot_ = WhatifSnapshot{};
        snapshot_.finished = true;
        snapshot_.error = why.toStdString();
        chart_->set_message(tr("What-if"), why);
        summary_->clear();
        set_status(why, true);
        return;
    }
    // Each variant starts from the live answer's mappings and ends near its bound: the 14 bars
    // follow an edit in about a second (docs/whatif.md measures it).
    SensitivityRequest t = *r;
    t.population = kQuickGammaPopulation;
    t.stop_within_bound = kQuickStopWithinBound;
    t.start_from = current_answer_;
    run_ = controller_.start(t);
    // The previous design's bars go at once: the chart never shows a design that is not the study's.
    snapshot_ = WhatifSnapshot{};
    snapshot_.run = run_;
    const QString on = r->accelerator.name.empty() ? tr("the study's accelerator") : whatif_qs(r->accelerator.name);
    chart_->set_message(tr("%1 on %2").arg(whatif_qs(r->model.name), on), tr("Searching the network once per variant…"));
    summary_->clear();
    set_status(tr("Searching…"));
}

void WhatifView::receive(const WhatifSnapshot& s) {
    if (s.run != run_) return;  // a superseded run's table
    snapshot_ = s;
    show_table();
}

void WhatifView::show_table() {
    const WhatifSnapshot& s = snapshot_;
    if (!s.finished) return;
    if (!s.error.empty()) {
        chart_->set_message(tr("What-if"), tr("No table"));
        summary_->clear();
        set_status(whatif_qs(s.error), true);
        return;
    }
    if (s.stopped) {
        set_status(tr("Stopped"));
        return;
    }
    const SensitivityRequest& r = controller_.request();
    const WhatifMetric metric = metric_->currentData().toString() == QStringLiteral("energy") ? WhatifMetric::Energy : WhatifMetric::Latency;
    const SensitivityRow& c = s.table.current;
    const QString figure = metric == WhatifMetric::Latency ? tr("latency") : tr("energy");
    const QString on = r.accelerator.name.empty() ? tr("the study's accelerator") : whatif_qs(r.accelerator.name);
    chart_->set_rows(tornado_rows(s.table, metric), tr("%1 on %2: the network's best %3 with each knob at x0.5 and x2").arg(whatif_qs(r.model.name), on, figure),
                     tr("%1 change (centre: the current design, %2)").arg(figure, whatif_figure_text(whatif_figure_of(c, metric), metric)));
    summary_->setText(tr("Each variant, and the current design at the bars' centre, searched again from the live answer's "
                         "mappings (centre: %1, %2 for %3 unique layer shapes, each counted as often as it runs). Click a bar "
                         "to make that variant the study's design (Edit > Undo restores it).")
                          .arg(whatif_figure_text(c.latency_ms, WhatifMetric::Latency), whatif_figure_text(c.energy_nj, WhatifMetric::Energy))
                          .arg(s.table.unique_layers));
    int marked = 0;
    for (const SensitivityRow& row : s.table.rows)
        if (row.applies && row.layers_without_mapping > 0) ++marked;
    QString text = tr("%1 variants in %2 s (GAMMA: %3 samples per layer, seed 1)")
                       .arg(s.table.rows.size() + 1)
                       .arg(s.table.wall_seconds, 0, 'f', 2)
                       .arg(QLocale().toString(static_cast<qlonglong>(r.options.budget)));
    if (c.layers_without_mapping > 0)
        text += tr("; %1 layer(s) of the current design found no mapping: no change can be compared (more samples may find one)")
                    .arg(c.layers_without_mapping);
    else if (marked > 0)
        text += tr("; * %1 variant(s) with layers that found no mapping (grey)").arg(marked);
    set_status(text, c.layers_without_mapping > 0);
}

bool WhatifView::apply_variant(const QString& knob, double factor) {
    // The variant of the design the table is about: the one the chart shows.
    const SensitivityRequest& r = controller_.request();
    const KnobVariant v = vary_knob(r.accelerator, r.model.layers, knob.toStdString(), factor);
    if (!v.applies) {
        set_status(tr("%1 %2 does not apply: %3").arg(knob, whatif_factor_text(factor), whatif_qs(v.why_not)), true);
        return false;
    }
    const QString what = tr("What-if: %1 %2 (%3)").arg(knob, whatif_factor_text(factor), whatif_qs(v.setting));
    const bool new_accelerator = !(v.accelerator == doc_->study().accelerator);
    const bool new_precision = v.precision.specified();
    // One undo step, whatever the variant changes.
    QUndoStack* undo = doc_->undo_stack();
    if (new_accelerator && new_precision) undo->beginMacro(what);
    if (new_accelerator) doc_->set_accelerator(v.accelerator, "", what);
    if (new_precision) doc_->set_default_precision(v.precision, what);
    if (new_accelerator && new_precision) undo->endMacro();
    set_status(tr("The study's design is now %1 (Edit > Undo restores the previous one); searching around it…").arg(whatif_qs(v.setting)));
    return true;
}

void WhatifView::set_status(const QString& text, bool error) {
    status_->setText(text);
    status_->setStyleSheet(error ? QStringLiteral("color: #b00020;") : QString());
}

}  // namespace mapscape::ui
