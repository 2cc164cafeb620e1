#include "plot_canvas.hpp"

#include <QFontMetricsF>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <limits>

namespace mapscape::ui {

namespace {

constexpr double kPad = 8;

// Quantities whose tick labels carry their unit ("1 µJ"); the others are titled with it.
bool unit_in_ticks(Quantity q) { return q != Quantity::Plain && q != Quantity::Cycles && q != Quantity::LapCyclesUm2; }

QString axis_title(const PlotCanvas::Axis& a) {
    if (unit_in_ticks(a.quantity)) return a.title;
    const std::string unit = a.quantity == Quantity::LapCyclesUm2 ? "cycles·mm²" : base_unit(a.quantity);
    return unit.empty() ? a.title : a.title + " (" + QString::fromStdString(unit) + ")";
}

std::pair<double, double> padded(double lo, double hi, PlotCanvas::Scale scale) {
    if (scale == PlotCanvas::Scale::Log) {
        const double a = std::log10(lo), b = std::log10(hi), m = std::max(0.05, (b - a) * 0.06);
        return {std::pow(10, a - m), std::pow(10, b + m)};
    }
    const double span = hi - lo;
    const double m = span > 0 ? span * 0.05 : std::max(1.0, std::abs(lo) * 0.1);
    return {lo - m, hi + m};
}

}  // namespace

std::vector<double> round_ticks(double lo, double hi, PlotCanvas::Scale scale) {
    std::vector<double> out;
    if (!(hi > lo) || !std::isfinite(lo) || !std::isfinite(hi)) return out;
    if (scale == PlotCanvas::Scale::Log && lo > 0) {
        const double decades = std::log10(hi / lo);
        const int first = static_cast<int>(std::floor(std::log10(lo))), last = static_cast<int>(std::ceil(std::log10(hi)));
        if (decades < 1.3) {
            for (int k = first; k <= last; ++k)
                for (double m : {1.0, 2.0, 5.0}) {
                    const double v = m * std::pow(10, k);
                    if (v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9)) out.push_back(v);
                }
            if (out.size() >= 2) return out;
            out.clear();  // less than a third of a decade: linear ticks read better
        } else {
            const int step = std::max(1, static_cast<int>(std::ceil(decades / 7)));
            for (int k = first; k <= last; ++k) {
                if (((k % step) + step) % step != 0) continue;
                const double v = std::pow(10, k);
                if (v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9)) out.push_back(v);
            }
            return out;
        }
    }
    const double raw = (hi - lo) / 6;
    const double magnitude = std::pow(10, std::floor(std::log10(raw)));
    double step = magnitude;
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * magnitude >= raw) {
            step = m * magnitude;
            break;
        }
    for (double v = std::ceil(lo / step - 1e-9) * step; v <= hi + step * 1e-9; v += step)
        out.push_back(std::abs(v) < step * 1e-9 ? 0.0 : v);
    return out;
}

PlotCanvas::PlotCanvas(QWidget* parent) : QWidget(parent) {
    qRegisterMetaType<Hit>();
    setMouseTracking(true);
    setMinimumSize(280, 200);
    setAttribute(Qt::WA_OpaquePaintEvent);
}

void PlotCanvas::set_title(const QString& title) {
    invalidate_area();
    title_ = title;
    update();
}

void PlotCanvas::set_axes(const Axis& x, const Axis& y) {
    invalidate_area();
    x_ = x;
    y_ = y;
    update();
}

int PlotCanvas::add_point_layer(const QString& name, const QColor& color, double size_px) {
    layers_.push_back({name, color, size_px, false, false, false, false, Qt::SolidLine, {}});
    return static_cast<int>(layers_.size()) - 1;
}

int PlotCanvas::add_line_layer(const QString& name, const QColor& color, double width_px, bool steps, Qt::PenStyle style) {
    layers_.push_back({name, color, width_px, true, steps, false, false, style, {}});
    return static_cast<int>(layers_.size()) - 1;
}

void PlotCanvas::set_pickable(int layer, bool pickable) { layers_[static_cast<std::size_t>(layer)].pickable = pickable; }

void PlotCanvas::set_layer_name(int layer, const QString& name) {
    layers_[static_cast<std::size_t>(layer)].name = name;
    update();
}

void PlotCanvas::set_layer_color(int layer, const QColor& color) {
    layers_[static_cast<std::size_t>(layer)].color = color;
    update();
}

void PlotCanvas::set_data(int layer, std::vector<QPointF> points) {
    layers_[static_cast<std::size_t>(layer)].points = std::move(points);
    update();
}

void PlotCanvas::append(int layer, QPointF point) {
    layers_[static_cast<std::size_t>(layer)].points.push_back(point);
    update();
}

void PlotCanvas::remove_layer(int layer) {
    Layer& l = layers_[static_cast<std::size_t>(layer)];
    l.removed = true;
    l.points.clear();
    update();
}

void PlotCanvas::clear_layers() {
    layers_.clear();
    update();
}

int PlotCanvas::point_count(int layer) const {
    if (layer < 0 || layer >= static_cast<int>(layers_.size())) return 0;
    return static_cast<int>(layers_[static_cast<std::size_t>(layer)].points.size());
}

void PlotCanvas::set_references(std::vector<Reference> references) {
    references_ = std::move(references);
    update();
}

void PlotCanvas::set_x_range(double lo, double hi) {
    invalidate_area();
    x_lo_ = lo;
    x_hi_ = hi;
    x_fixed_ = true;
    update();
}

void PlotCanvas::set_y_range(double lo, double hi) {
    invalidate_area();
    y_lo_ = lo;
    y_hi_ = hi;
    y_fixed_ = true;
    update();
}

bool PlotCanvas::drawable(const QPointF& p) const {
    return std::isfinite(p.x()) && std::isfinite(p.y()) && (x_.scale == Scale::Linear || p.x() > 0) &&
           (y_.scale == Scale::Linear || p.y() > 0);
}

void PlotCanvas::fit_to_data() {
    double xmin = std::numeric_limits<double>::infinity(), xmax = -xmin, ymin = xmin, ymax = -xmin;
    for (const Layer& l : layers_)
        for (const QPointF& p : l.points)
            if (drawable(p)) {
                xmin = std::min(xmin, p.x());
                xmax = std::max(xmax, p.x());
                ymin = std::min(ymin, p.y());
                ymax = std::max(ymax, p.y());
            }
    for (const Reference& r : references_) {
        const bool horizontal = r.orientation == Qt::Horizontal;
        const Scale s = horizontal ? y_.scale : x_.scale;
        if (!std::isfinite(r.value) || (s == Scale::Log && r.value <= 0)) continue;
        double& lo = horizontal ? ymin : xmin;
        double& hi = horizontal ? ymax : xmax;
        lo = std::min(lo, r.value);
        hi = std::max(hi, r.value);
    }
    invalidate_area();
    if (!x_fixed_) {
        if (xmin > xmax) std::tie(xmin, xmax) = x_.scale == Scale::Log ? std::pair{1.0, 10.0} : std::pair{0.0, 1.0};
        std::tie(x_lo_, x_hi_) = padded(xmin, xmax, x_.scale);
    }
    if (!y_fixed_) {
        if (ymin > ymax) std::tie(ymin, ymax) = y_.scale == Scale::Log ? std::pair{1.0, 10.0} : std::pair{0.0, 1.0};
        std::tie(y_lo_, y_hi_) = padded(ymin, ymax, y_.scale);
    }
    update();
}

std::vector<double> PlotCanvas::ticks(Qt::Orientation o) const {
    return o == Qt::Horizontal ? round_ticks(x_lo_, x_hi_, x_.scale) : round_ticks(y_lo_, y_hi_, y_.scale);
}

QString PlotCanvas::tick_label(Qt::Orientation o, double value) const {
    const Quantity q = (o == Qt::Horizontal ? x_ : y_).quantity;
    return QString::fromStdString(format_quantity(value, q, {3, unit_in_ticks(q)}));
}

QRectF PlotCanvas::plot_area() const {
    if (area_) return *area_;
    const QFontMetricsF fm(font());
    double label_width = 0;
    for (double v : ticks(Qt::Vertical)) label_width = std::max(label_width, fm.horizontalAdvance(tick_label(Qt::Vertical, v)));
    const double left = kPad + fm.height() + 4 + label_width + 6;
    const double top = kPad + (title_.isEmpty() ? 0 : fm.height() * 1.3);
    const double bottom = kPad + fm.height() * 2 + 8;
    area_ = QRectF(left, top, std::max(10.0, width() - left - 14), std::max(10.0, height() - top - bottom));
    return *area_;
}

void PlotCanvas::resizeEvent(QResizeEvent*) { invalidate_area(); }

void PlotCanvas::changeEvent(QEvent* event) {
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange) invalidate_area();
    QWidget::changeEvent(event);
}

double PlotCanvas::to_x(double v) const {
    const QRectF a = plot_area();
    const double t = x_.scale == Scale::Log ? std::log10(v / x_lo_) / std::log10(x_hi_ / x_lo_) : (v - x_lo_) / (x_hi_ - x_lo_);
    return a.left() + t * a.width();
}

double PlotCanvas::to_y(double v) const {
    const QRectF a = plot_area();
    const double t = y_.scale == Scale::Log ? std::log10(v / y_lo_) / std::log10(y_hi_ / y_lo_) : (v - y_lo_) / (y_hi_ - y_lo_);
    return a.bottom() - t * a.height();
}

QPointF PlotCanvas::to_widget(QPointF data) const { return {to_x(data.x()), to_y(data.y())}; }

std::optional<PlotCanvas::Hit> PlotCanvas::nearest_point(QPointF at, double max_px) const {
    std::optional<Hit> best;
    double best_d = max_px * max_px;
    for (const bool vertices : {true, false})  // points last: they win ties
        for (std::size_t k = 0; k < layers_.size(); ++k) {
            const Layer& l = layers_[k];
            if (l.removed || l.lines != vertices || (l.lines && !l.pickable)) continue;
            for (std::size_t i = 0; i < l.points.size(); ++i) {
                if (!drawable(l.points[i])) continue;
                const double dx = to_x(l.points[i].x()) - at.x(), dy = to_y(l.points[i].y()) - at.y();
                const double d = dx * dx + dy * dy;
                if (d <= best_d) {
                    best_d = d;
                    best = Hit{static_cast<int>(k), static_cast<int>(i)};
                }
            }
        }
    return best;
}

void PlotCanvas::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    const QRectF area = plot_area();
    const QFontMetricsF fm(font());
    const QColor text = palette().color(QPalette::Text);
    if (!title_.isEmpty()) {
        QFont bold = font();
        bold.setBold(true);
        p.setFont(bold);
        p.setPen(text);
        p.drawText(QRectF(0, kPad, width(), fm.height() * 1.2), Qt::AlignHCenter | Qt::AlignVCenter,
                   QFontMetricsF(bold).elidedText(title_, Qt::ElideRight, width() - 2 * kPad));
        p.setFont(font());
    }
    // Grid and tick labels.
    const QColor grid(225, 225, 225);
    for (double v : ticks(Qt::Horizontal)) {
        const double x = to_x(v);
        p.setPen(grid);
        p.drawLine(QPointF(x, area.top()), QPointF(x, area.bottom()));
        p.setPen(text);
        const QString label = tick_label(Qt::Horizontal, v);
        const double w = fm.horizontalAdvance(label);
        p.drawText(QPointF(std::clamp(x - w / 2, 0.0, width() - w), area.bottom() + fm.ascent() + 4), label);
    }
    for (double v : ticks(Qt::Vertical)) {
        const double y = to_y(v);
        p.setPen(grid);
        p.drawLine(QPointF(area.left(), y), QPointF(area.right(), y));
        p.setPen(text);
        const QString label = tick_label(Qt::Vertical, v);
        p.drawText(QPointF(area.left() - 6 - fm.horizontalAdvance(label), y + fm.ascent() / 2 - 1), label);
    }
    p.setPen(QColor(150, 150, 150));
    p.drawRect(area);
    p.setPen(text);
    p.drawText(QRectF(area.left(), height() - kPad - fm.height(), area.width(), fm.height()), Qt::AlignHCenter,
               fm.elidedText(axis_title(x_), Qt::ElideRight, area.width()));
    p.save();
    p.translate(kPad, area.center().y());
    p.rotate(-90);
    p.drawText(QRectF(-area.height() / 2, 0, area.height(), fm.height()), Qt::AlignHCenter,
               fm.elidedText(axis_title(y_), Qt::ElideRight, area.height()));
    p.restore();

    p.save();
    p.setClipRect(area.adjusted(-3, -3, 3, 3));
    for (const Layer& l : layers_) {  // points under lines
        if (l.lines || l.removed) continue;
        const double s = l.size, h = s / 2;
        for (const QPointF& d : l.points)
            if (drawable(d)) p.fillRect(QRectF(to_x(d.x()) - h, to_y(d.y()) - h, s, s), l.color);
    }
    p.setRenderHint(QPainter::Antialiasing);
    for (const Layer& l : layers_) {
        if (!l.lines || l.removed || l.points.empty()) continue;
        QPainterPath path;
        bool started = false;
        QPointF last;
        for (const QPointF& d : l.points) {
            if (!drawable(d)) continue;
            const QPointF w = to_widget(d);
            if (!started) {
                path.moveTo(w);
                started = true;
            } else {
                if (l.steps) path.lineTo(w.x(), last.y());
                path.lineTo(w);
            }
            last = w;
        }
        QPen pen(l.color, l.size, l.style);
        pen.setCapStyle(Qt::FlatCap);
        p.setPen(pen);
        p.drawPath(path);
    }
    for (const Reference& r : references_) {
        const bool horizontal = r.orientation == Qt::Horizontal;
        if (!std::isfinite(r.value) || ((horizontal ? y_ : x_).scale == Scale::Log && r.value <= 0)) continue;
        p.setPen(QPen(r.color, 1.4, Qt::DashLine));
        if (horizontal) {
            const double y = to_y(r.value);
            p.drawLine(QPointF(area.left(), y), QPointF(area.right(), y));
            p.drawText(QPointF(area.left() + 6, y - 4), r.label);
        } else {
            const double x = to_x(r.value);
            p.drawLine(QPointF(x, area.top()), QPointF(x, area.bottom()));
            p.save();
            p.translate(x - 4, area.top() + 6);
            p.rotate(90);
            p.drawText(QPointF(0, 0), r.label);
            p.restore();
        }
    }
    p.restore();

    // Legend: named layers with data, top right inside the plot.
    std::vector<const Layer*> named;
    for (const Layer& l : layers_)
        if (!l.removed && !l.name.isEmpty() && !l.points.empty()) named.push_back(&l);
    if (!named.empty()) {
        double w = 0;
        for (const Layer* l : named) w = std::max(w, fm.horizontalAdvance(l->name));
        w = std::min(w + 30, area.width() * 0.6);
        const double h = fm.height() * static_cast<double>(named.size()) + 8;
        const QRectF box(area.right() - w - 6, area.top() + 6, w, h);
        p.setRenderHint(QPainter::Antialiasing, false);
        p.fillRect(box, QColor(255, 255, 255, 215));
        p.setPen(QColor(200, 200, 200));
        p.drawRect(box);
        double y = box.top() + 4;
        for (const Layer* l : named) {
            const QRectF mark(box.left() + 6, y + fm.height() / 2 - 3, 14, 6);
            if (l->lines)
                p.fillRect(QRectF(mark.left(), mark.center().y() - 1, mark.width(), 2.5), l->color);
            else
                p.fillRect(QRectF(mark.center().x() - 3, mark.top(), 6, 6), l->color);
            p.setPen(text);
            p.drawText(QRectF(box.left() + 24, y, w - 28, fm.height()), Qt::AlignLeft | Qt::AlignVCenter,
                       fm.elidedText(l->name, Qt::ElideRight, w - 28));
            y += fm.height();
        }
    }
}

void PlotCanvas::mouseMoveEvent(QMouseEvent* event) {
    const auto hit = nearest_point(event->position());
    emit hovered(hit.value_or(Hit{}), event->globalPosition().toPoint());
}

void PlotCanvas::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) return;
    if (const auto hit = nearest_point(event->position())) emit clicked(*hit);
}

void PlotCanvas::leaveEvent(QEvent*) { emit left(); }

}  // namespace mapscape::ui
