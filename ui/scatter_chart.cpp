#include "scatter_chart.hpp"

#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QToolTip>

#include <cmath>

#include "cost_readout.hpp"

namespace mapscape::ui {

QString mapping_summary(const Mapping& m) {
    QStringList levels;
    for (int k = 0; k < m.num_levels(); ++k) {
        QStringList spatial;
        for (const Directive& d : m.level(k))
            if (d.kind == DirectiveKind::SpatialMap) spatial << QString::fromStdString(std::string(dim_name(d.dim)));
        QString level = spatial.isEmpty() ? QStringLiteral("-") : spatial.join(',');
        if (k > 0) level += QStringLiteral(" x%1").arg(m.cluster_size(k));
        levels << level;
    }
    return QObject::tr("%n level(s): ", nullptr, m.num_levels()) + levels.join(" | ");
}

ScatterChart::ScatterChart(QWidget* parent) : QChartView(parent) {
    auto* chart = new QChart;
    chart->setTitle(tr("Evaluated mappings"));
    chart->legend()->setAlignment(Qt::AlignBottom);
    valid_ = new QScatterSeries;
    valid_->setName(tr("valid"));
    valid_->setMarkerSize(5);
    valid_->setColor(QColor(30, 110, 200, 150));
    valid_->setBorderColor(Qt::transparent);
    invalid_ = new QScatterSeries;
    invalid_->setName(tr("invalid"));
    invalid_->setMarkerSize(4);
    invalid_->setColor(QColor(200, 60, 60, 90));
    invalid_->setBorderColor(Qt::transparent);
    front_ = new QLineSeries;
    front_->setName(tr("Pareto front"));
    QPen pen(QColor(20, 20, 20));
    pen.setWidthF(1.8);
    front_->setPen(pen);
    chart->addSeries(invalid_);
    chart->addSeries(valid_);
    chart->addSeries(front_);
    x_ = new QLogValueAxis;
    x_->setTitleText(tr("latency (cycles)"));
    x_->setLabelFormat("%.1e");
    x_->setBase(10);
    x_->setMinorTickCount(0);
    y_ = new QLogValueAxis;
    y_->setTitleText(tr("energy (nJ)"));
    y_->setLabelFormat("%.1e");
    y_->setBase(10);
    chart->addAxis(x_, Qt::AlignBottom);
    chart->addAxis(y_, Qt::AlignLeft);
    for (QAbstractSeries* s : std::initializer_list<QAbstractSeries*>{valid_, invalid_, front_}) {
        s->attachAxis(x_);
        s->attachAxis(y_);
    }
    x_->setRange(1, 1e9);
    y_->setRange(1, 1e9);
    setChart(chart);
    setRenderHint(QPainter::Antialiasing, false);
    setMinimumSize(320, 240);

    // Redraw at most every 40 ms, and only when the store changed.
    redraw_timer_.setInterval(40);
    connect(&redraw_timer_, &QTimer::timeout, this, &ScatterChart::redraw);
    redraw_timer_.start();
    connect(valid_, &QScatterSeries::hovered, this, &ScatterChart::on_hover);
    connect(invalid_, &QScatterSeries::hovered, this, &ScatterChart::on_hover);
    for (QScatterSeries* s : {valid_, invalid_})
        connect(s, &QScatterSeries::clicked, this, [this](const QPointF& p) { click_at(p.x(), p.y()); });
}

void ScatterChart::add_points(const std::vector<PlotPoint>& points) {
    std::lock_guard lock(shared_->mutex);
    for (const PlotPoint& p : points) shared_->store.add(p, &p.mapping);
}

void ScatterChart::clear() {
    {
        std::lock_guard lock(shared_->mutex);
        shared_->store.clear();
    }
    redraw();
}

void ScatterChart::remove_run(int run) {
    {
        std::lock_guard lock(shared_->mutex);
        shared_->store.remove_run(run);
    }
    redraw();
}

std::size_t ScatterChart::point_count() const {
    std::lock_guard lock(shared_->mutex);
    return shared_->store.size();
}

std::size_t ScatterChart::drawn_points() const { return static_cast<std::size_t>(valid_->count() + invalid_->count()); }

void ScatterChart::redraw() {
    QList<QPointF> v, inv, front;
    std::size_t total = 0;
    // Copy what is drawn under the lock, draw without it.
    std::unique_lock lock(shared_->mutex);
    const PointStore& store = shared_->store;
    if (store.version() == drawn_version_) return;
    drawn_version_ = store.version();
    ++repaints_;
    total = store.size();
    double xmin = 1e300, xmax = 0, ymin = 1e300, ymax = 0;
    auto extend = [&](const PlotPoint& p) {
        xmin = std::min(xmin, p.latency_cycles);
        xmax = std::max(xmax, p.latency_cycles);
        ymin = std::min(ymin, p.energy_nj);
        ymax = std::max(ymax, p.energy_nj);
    };
    v.reserve(static_cast<qsizetype>(store.shown_valid().size()));
    for (std::size_t i : store.shown_valid()) {
        const PlotPoint& p = store.at(i);
        v.append({p.latency_cycles, p.energy_nj});
        extend(p);
    }
    for (std::size_t i : store.shown_invalid()) {
        const PlotPoint& p = store.at(i);
        inv.append({p.latency_cycles, p.energy_nj});
        extend(p);
    }
    for (std::size_t i : store.pareto_front()) front.append({store.at(i).latency_cycles, store.at(i).energy_nj});
    lock.unlock();
    valid_->replace(v);
    invalid_->replace(inv);
    front_->replace(front);
    if (xmax > 0) {  // the data's range, a little wider, in log space
        auto pad = [](double lo, double hi) {
            const double a = std::log10(lo), b = std::log10(hi), m = std::max(0.05, (b - a) * 0.06);
            return std::pair{std::pow(10, a - m), std::pow(10, b + m)};
        };
        const auto [x0, x1] = pad(xmin, xmax);
        const auto [y0, y1] = pad(ymin, ymax);
        x_->setRange(x0, x1);
        y_->setRange(y0, y1);
    }
    chart()->setTitle(tr("Evaluated mappings: %1 (%2 drawn)").arg(total).arg(v.size() + inv.size()));
}

bool ScatterChart::click_at(double latency, double energy) {
    PlotPoint p;
    {
        std::lock_guard lock(shared_->mutex);
        const long i = shared_->store.nearest_shown(latency, energy, 0.08);
        if (i < 0) return false;
        p = shared_->store.at(static_cast<std::size_t>(i));
    }
    emit point_clicked(p);
    return true;
}

void ScatterChart::on_hover(const QPointF& point, bool state) {
    if (!state) {
        QToolTip::hideText();
        return;
    }
    PlotPoint p;
    {
        std::lock_guard lock(shared_->mutex);
        const long i = shared_->store.nearest_shown(point.x(), point.y(), 0.08);
        if (i < 0) return;
        p = shared_->store.at(static_cast<std::size_t>(i));
    }
    QToolTip::showText(QCursor::pos(), tr("Layer %1, run %2, sample %3\n%4 cycles, %5 nJ%6\n%7\nClick to load it into the editor")
                                            .arg(p.layer + 1)
                                            .arg(p.run)
                                            .arg(p.sample)
                                            .arg(engineering(p.latency_cycles, 4))
                                            .arg(engineering(p.energy_nj, 4))
                                            .arg(p.valid ? QString() : tr(" (invalid)"))
                                            .arg(mapping_summary(p.mapping)),
                       this);
}

}  // namespace mapscape::ui
