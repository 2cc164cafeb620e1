#include "convergence_chart.hpp"

#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>

#include <cmath>

namespace mapscape::ui {

ConvergenceChart::ConvergenceChart(QWidget* parent) : QChartView(parent) {
    auto* chart = new QChart;
    chart->setTitle(tr("Convergence"));
    chart->legend()->setAlignment(Qt::AlignBottom);
    x_ = new QValueAxis;
    x_->setTitleText(tr("samples"));
    x_->setLabelFormat("%d");
    y_ = new QLogValueAxis;
    y_->setTitleText(tr("best objective"));
    y_->setLabelFormat("%.2e");
    chart->addAxis(x_, Qt::AlignBottom);
    chart->addAxis(y_, Qt::AlignLeft);
    x_->setRange(0, 10000);
    y_->setRange(1, 10);
    setChart(chart);
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(320, 200);
}

void ConvergenceChart::set_objective_name(const QString& name) { y_->setTitleText(tr("best %1").arg(name)); }

QLineSeries* ConvergenceChart::series_for(int run, const QString& label) {
    if (auto it = series_.find(run); it != series_.end()) return it.value();
    auto* s = new QLineSeries;
    s->setName(label);
    chart()->addSeries(s);
    s->attachAxis(x_);
    s->attachAxis(y_);
    series_.insert(run, s);
    return s;
}

void ConvergenceChart::set_curve(int run, const QString& label, const std::vector<std::pair<std::int64_t, double>>& trace) {
    QLineSeries* s = series_for(run, label);
    s->setName(label);
    QList<QPointF> points;
    double last = std::numeric_limits<double>::quiet_NaN();
    for (const auto& [samples, best] : trace) {
        if (!std::isfinite(best) || best <= 0) continue;
        if (!points.isEmpty()) points.append({static_cast<double>(samples), last});  // a step, not a slope
        points.append({static_cast<double>(samples), best});
        last = best;
    }
    s->replace(points);
    rescale();
}

void ConvergenceChart::add_point(int run, const QString& label, std::int64_t samples, double best) {
    if (!std::isfinite(best) || best <= 0) return;
    QLineSeries* s = series_for(run, label);
    if (s->count() > 0) s->append(static_cast<double>(samples), s->at(s->count() - 1).y());
    s->append(static_cast<double>(samples), best);
    rescale();
}

void ConvergenceChart::remove_curve(int run) {
    if (auto it = series_.find(run); it != series_.end()) {
        chart()->removeSeries(it.value());
        delete it.value();
        series_.erase(it);
    }
    rescale();
}

void ConvergenceChart::clear() {
    for (QLineSeries* s : series_) {
        chart()->removeSeries(s);
        delete s;
    }
    series_.clear();
}

int ConvergenceChart::point_count(int run) const {
    auto it = series_.find(run);
    return it == series_.end() ? 0 : it.value()->count();
}

void ConvergenceChart::rescale() {
    double xmax = 1, ymin = 1e300, ymax = 0;
    for (QLineSeries* s : series_)
        for (const QPointF& p : s->points()) {
            xmax = std::max(xmax, p.x());
            ymin = std::min(ymin, p.y());
            ymax = std::max(ymax, p.y());
        }
    x_->setRange(0, xmax);
    if (ymax > 0) y_->setRange(ymin / 1.2, ymax * 1.2);
}

}  // namespace mapscape::ui
