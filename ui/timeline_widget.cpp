#include "timeline_widget.hpp"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <map>

#include "chart_palette.hpp"
#include "cost_readout.hpp"

namespace mapscape::ui {

namespace {
constexpr double kLeft = 136, kRight = 16, kTop = 10, kAxis = 40;  // kAxis: tick labels, then the unit
}

TimelineWidget::TimelineWidget(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setMinimumSize(300, 220);
}

QColor TimelineWidget::model_colour(const QString& model) const {
    const auto it = std::find(models_.begin(), models_.end(), model);
    return it == models_.end() ? QColor(150, 150, 150) : series_color(static_cast<int>(it - models_.begin()));
}

QColor TimelineWidget::core_colour(int core) const { return QColor::fromHsv(core * 47 % 360, 120, 210); }

QStringList TimelineWidget::legend_models() const { return QStringList(models_.begin(), models_.end()); }

std::vector<double> TimelineWidget::bandwidth_ticks_gbps() const {
    const double max_gbps = system_bw_ * gbps_per_unit_;
    return {0.0, max_gbps / 2, max_gbps};
}

void TimelineWidget::lay_out_legend() {
    // Where each model's entry goes in rows below the time axis, as wide as the widget allows:
    // worked out when the models or the width change, not at every paint.
    legend_entries_.clear();
    legend_height_ = 0;
    if (models_.empty()) return;
    const QFontMetricsF fm(font());
    double x = kLeft, row = 0;
    for (const QString& m : models_) {
        const double w = 16 + fm.horizontalAdvance(m) + 14;
        if (x + w > width() - kRight && x > kLeft) {
            ++row;
            x = kLeft;
        }
        legend_entries_.push_back({x, row, w});
        x += w;
    }
    legend_height_ = (row + 1) * fm.height() + 6;
}

void TimelineWidget::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    lay_out_legend();
}

void TimelineWidget::set_schedule(std::vector<Segment> segments, std::vector<TimelineJob> jobs, std::vector<QString> core_names,
                                  double system_bandwidth, double gbps_per_byte_per_cycle) {
    const bool first = segments_.empty();
    segments_ = std::move(segments);
    jobs_ = std::move(jobs);
    cores_ = std::move(core_names);
    models_.clear();
    for (const TimelineJob& j : jobs_)
        if (std::find(models_.begin(), models_.end(), j.model) == models_.end()) models_.push_back(j.model);
    lay_out_legend();
    system_bw_ = system_bandwidth;
    gbps_per_unit_ = gbps_per_byte_per_cycle;
    makespan_ = 1;
    for (const Segment& s : segments_) makespan_ = std::max(makespan_, s.end);
    if (first || !user_moved_ || view_end_ <= view_start_) fit();
    update();
}

void TimelineWidget::fit() {
    user_moved_ = false;
    view_start_ = 0;
    view_end_ = makespan_;
    update();
}

void TimelineWidget::zoom(double factor, double around) {
    const double span = std::clamp((view_end_ - view_start_) * factor, 1.0, makespan_ * 4);
    const double share = (around - view_start_) / std::max(1e-9, view_end_ - view_start_);
    view_start_ = around - share * span;
    view_end_ = view_start_ + span;
    user_moved_ = true;
    update();
}

QRectF TimelineWidget::gantt_area() const {
    const double h = height() - kTop - kAxis - legend_height_;
    return {kLeft, kTop, width() - kLeft - kRight, h * 0.62};
}

QRectF TimelineWidget::bandwidth_area() const {
    const QRectF g = gantt_area();
    const double h = height() - kTop - kAxis - legend_height_;
    return {kLeft, g.bottom() + h * 0.06, g.width(), h * 0.32};
}

double TimelineWidget::x_of(double t) const {
    const QRectF g = gantt_area();
    return g.left() + (t - view_start_) / std::max(1e-9, view_end_ - view_start_) * g.width();
}

double TimelineWidget::t_of(double x) const {
    const QRectF g = gantt_area();
    return view_start_ + (x - g.left()) / std::max(1.0, g.width()) * (view_end_ - view_start_);
}

int TimelineWidget::segment_at(QPointF p) const {
    const QRectF g = gantt_area();
    if (!g.contains(p) || cores_.empty()) return -1;
    const double row = g.height() / static_cast<double>(cores_.size());
    const int core = static_cast<int>((p.y() - g.top()) / row);
    const double t = t_of(p.x());
    for (std::size_t i = 0; i < segments_.size(); ++i)
        if (segments_[i].core == core && segments_[i].start <= t && t < segments_[i].end) return static_cast<int>(i);
    return -1;
}

void TimelineWidget::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    const QRectF g = gantt_area(), b = bandwidth_area();
    p.setPen(palette().text().color());
    if (segments_.empty()) {
        p.drawText(rect(), Qt::AlignCenter, tr("No schedule yet: press Run"));
        return;
    }
    const double row = g.height() / static_cast<double>(std::max<std::size_t>(1, cores_.size()));
    p.setClipRect(QRectF(0, 0, width(), height()));
    for (std::size_t c = 0; c < cores_.size(); ++c) {
        // The core's name, and a swatch of its colour in the bandwidth chart below.
        const QRectF label(4, g.top() + static_cast<double>(c) * row, kLeft - 22, row);
        p.drawText(label, Qt::AlignRight | Qt::AlignVCenter, cores_[c]);
        p.fillRect(QRectF(kLeft - 15, label.center().y() - 4, 8, 8), core_colour(static_cast<int>(c)));
        if (c % 2 == 0) p.fillRect(QRectF(g.left(), label.top(), g.width(), row), QColor(0, 0, 0, 12));
    }
    p.save();
    p.setClipRect(g.united(b));
    for (const Segment& s : segments_) {
        const double x0 = x_of(s.start), x1 = x_of(s.end);
        if (x1 < g.left() || x0 > g.right()) continue;
        const TimelineJob& job = jobs_[static_cast<std::size_t>(s.job)];
        const QRectF bar(x0, g.top() + s.core * row + row * 0.12, std::max(1.0, x1 - x0), row * 0.76);
        p.fillRect(bar, model_colour(job.model));
        if (bar.width() > 3) {
            p.setPen(QColor(255, 255, 255, 160));
            p.drawLine(bar.topLeft(), bar.bottomLeft());
        }
    }
    // Bandwidth: at each distinct segment boundary, the allocations stacked by core.
    std::vector<double> times;
    for (const Segment& s : segments_) {
        times.push_back(s.start);
        times.push_back(s.end);
    }
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
    const double bw_max = std::max(system_bw_, 1e-9);
    for (std::size_t i = 0; i + 1 < times.size(); ++i) {
        const double t0 = times[i], t1 = times[i + 1], mid = 0.5 * (t0 + t1);
        double stacked = 0;
        for (const Segment& s : segments_) {
            if (!(s.start <= mid && mid < s.end)) continue;
            const double h = s.bandwidth / bw_max * b.height();
            const QRectF area(x_of(t0), b.bottom() - (stacked + h), std::max(0.5, x_of(t1) - x_of(t0)), h);
            p.fillRect(area, core_colour(s.core));
            stacked += h;
        }
    }
    p.restore();
    p.setPen(QPen(QColor(180, 0, 0), 1, Qt::DashLine));
    p.drawLine(QPointF(b.left(), b.top()), QPointF(b.right(), b.top()));
    p.setPen(palette().text().color());
    p.drawRect(g);
    p.drawRect(b);
    // The bandwidth axis: its title at the left, ticks at 0, half and the system's bandwidth.
    const QFontMetricsF fm(font());
    p.drawText(QRectF(4, b.top(), kLeft - 52, b.height()), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, tr("bandwidth\n(GB/s)"));
    const std::vector<double> ticks = bandwidth_ticks_gbps();
    for (std::size_t i = 0; i < ticks.size(); ++i) {
        const double y = b.bottom() - b.height() * static_cast<double>(i) / static_cast<double>(ticks.size() - 1);
        p.drawLine(QPointF(b.left() - 4, y), QPointF(b.left(), y));
        p.drawText(QRectF(b.left() - 50, y - fm.height() / 2, 44, fm.height()), Qt::AlignRight | Qt::AlignVCenter,
                   QString::number(ticks[i], 'g', 3));
    }
    // Time axis: about eight ticks, in cycles; fewer when the plot is narrow (ticks at least
    // 55 px apart: a label is up to about 50 px wide, and at 1280x720 eight ran into each other).
    const double span = view_end_ - view_start_;
    const double raw = span / std::clamp(b.width() / 55.0, 2.0, 8.0);
    const double mag = std::pow(10, std::floor(std::log10(std::max(raw, 1.0))));
    const double step = raw / mag < 2 ? 2 * mag : raw / mag < 5 ? 5 * mag : 10 * mag;
    for (double t = std::ceil(view_start_ / step) * step; t <= view_end_; t += step) {
        const double x = x_of(t);
        p.drawLine(QPointF(x, b.bottom()), QPointF(x, b.bottom() + 4));
        p.drawText(QRectF(x - 40, b.bottom() + 4, 80, fm.height()), Qt::AlignHCenter | Qt::AlignTop, quantity_text(t, Quantity::Cycles, 3, false));
    }
    p.drawText(QRectF(b.right() - 116, b.bottom() + 4 + fm.height(), 116, fm.height()), Qt::AlignRight, tr("cycles"));
    // The legend of models, in rows below the time axis (laid out by lay_out_legend).
    const double legend_top = b.bottom() + kAxis + 2;
    for (std::size_t i = 0; i < models_.size() && i < legend_entries_.size(); ++i) {
        const LegendEntry& e = legend_entries_[i];
        const double y = legend_top + e.row * fm.height();
        p.fillRect(QRectF(e.x, y + fm.height() / 2 - 5, 10, 10), model_colour(models_[i]));
        p.drawText(QRectF(e.x + 16, y, e.width - 16, fm.height()), Qt::AlignLeft | Qt::AlignVCenter, models_[i]);
    }
}

void TimelineWidget::wheelEvent(QWheelEvent* e) {
    const double factor = e->angleDelta().y() > 0 ? 0.8 : 1.25;
    zoom(factor, t_of(e->position().x()));
    e->accept();
}

void TimelineWidget::mousePressEvent(QMouseEvent* e) {
    drag_from_ = e->position();
    drag_start_ = view_start_;
}

void TimelineWidget::mouseMoveEvent(QMouseEvent* e) {
    if (!(e->buttons() & Qt::LeftButton)) return;
    const double dt = t_of(drag_from_.x()) - t_of(e->position().x());
    const double span = view_end_ - view_start_;
    view_start_ = drag_start_ + dt;  // pan by the drag distance
    user_moved_ = true;
    view_end_ = view_start_ + span;
    drag_from_ = e->position();
    drag_start_ = view_start_;
    update();
}

void TimelineWidget::mouseDoubleClickEvent(QMouseEvent*) { fit(); }

bool TimelineWidget::event(QEvent* e) {
    if (e->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(e);
        const int i = segment_at(help->pos());
        if (i >= 0) {
            const Segment& s = segments_[static_cast<std::size_t>(i)];
            const TimelineJob& job = jobs_[static_cast<std::size_t>(s.job)];
            QToolTip::showText(help->globalPos(),
                               tr("%1 (%2)\ncore %3: %4 to %5\n%6 MACs\nbandwidth %7 GB/s")
                                   .arg(job.label, job.model)
                                   .arg(s.core)
                                   .arg(quantity_text(s.start, Quantity::Cycles, 5))
                                   .arg(quantity_text(s.end, Quantity::Cycles, 5))
                                   .arg(quantity_text(job.macs, Quantity::Plain, 4))
                                   .arg(s.bandwidth * gbps_per_unit_, 0, 'g', 4),
                               this);
        } else {
            QToolTip::hideText();
        }
        return true;
    }
    return QWidget::event(e);
}

}  // namespace mapscape::ui
