#include "whatif_view.hpp"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QSpinBox>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <map>

#include "cost_readout.hpp"
#include "study_document.hpp"

namespace mapscape::ui {

namespace {

// As the LLM view: long enough to gather a burst of edits, short enough to seem to follow them.
constexpr int kWhatifGatherEditsMs = 150;
// What `mapscape-cli whatif` uses by default: resnet50 on edge in about half a second.
constexpr int kWhatifDefaultSamples = 1500;

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
    samples_->setToolTip(tr("GAMMA's samples per unique layer shape and variant (seed 1), as mapscape-cli whatif --budget: "
                            "more samples, steadier figures, a longer wait"));
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

    auto* box = new QVBoxLayout(this);
    box->addLayout(controls);
    box->addWidget(summary_);
    box->addWidget(chart_, 1);
    box->addWidget(status_);

    pending_.setSingleShot(true);
    pending_.setInterval(kWhatifGatherEditsMs);
    connect(&pending_, &QTimer::timeout, this, &WhatifView::refresh);
    connect(&controller_, &WhatifController::updated, this, &WhatifView::receive);
    connect(samples_, &QSpinBox::valueChanged, this, &WhatifView::schedule_refresh);
    connect(metric_, &QComboBox::currentIndexChanged, this, &WhatifView::show_table);
    connect(chart_, &TornadoChart::bar_clicked, this, [this](const QString& knob, double factor) { apply_variant(knob, factor); });
    // The technology is the accelerator's; the Precision box changes the model's layers.
    connect(doc_, &StudyDocument::accelerator_changed, this, &WhatifView::schedule_refresh);
    connect(doc_, &StudyDocument::model_changed, this, &WhatifView::schedule_refresh);
    connect(doc_, &StudyDocument::study_replaced, this, &WhatifView::schedule_refresh);
    chart_->set_message(tr("What-if"), tr("The knobs' bars appear here once the network is searched"));
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
    r.options.threads = 1;  // one worker: the window and the other searches keep the other cores
    r.algo = "gamma";
    r.seed = 1;
    return r;
}

void WhatifView::schedule_refresh() {
    if (!isVisible()) {
        stale_ = true;
        return;
    }
    pending_.start();  // restarts: the last edit of a burst starts the run
}

void WhatifView::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (stale_) pending_.start();
}

void WhatifView::refresh() {
    pending_.stop();
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
    run_ = controller_.start(*r);
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
    summary_->setText(tr("Current design: %1, %2 for %3 unique layer shapes (each counted as often as it runs). "
                         "Click a bar to make that variant the study's design (Edit > Undo restores it).")
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
