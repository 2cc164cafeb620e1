// A light chart painted with QPainter: linear or logarithmic axes with round ticks labelled as
// people read figures (util/units: "1 µJ", "10 M"), point layers, line layers (polylines or
// steps), reference lines (a lower bound, an area budget) and a legend. Thousands of points
// paint in a millisecond or two, where Qt Charts built one graphics item per point and spent
// tens of milliseconds on the GUI thread for every live update.
#pragma once

#include <QColor>
#include <QPointF>
#include <QString>
#include <QWidget>

#include <optional>
#include <utility>
#include <vector>

#include "util/units.hpp"

namespace mapscape::ui {

class PlotCanvas : public QWidget {
    Q_OBJECT
public:
    enum class Scale { Linear, Log };
    struct Axis {
        QString title;  // e.g. "latency"; the unit is added where tick labels do not carry it
        Quantity quantity = Quantity::Plain;
        Scale scale = Scale::Linear;
    };
    struct Reference {
        Qt::Orientation orientation = Qt::Horizontal;  // Horizontal: a y value across the plot
        double value = 0;
        QString label;
        QColor color = QColor(90, 90, 90);
    };
    // A point of a point layer that the pointer is over.
    struct Hit {
        int layer = -1;
        int index = -1;
    };

    explicit PlotCanvas(QWidget* parent = nullptr);

    void set_title(const QString& title);
    QString title() const { return title_; }
    void set_axes(const Axis& x, const Axis& y);
    const Axis& x_axis() const { return x_; }
    const Axis& y_axis() const { return y_; }

    int add_point_layer(const QString& name, const QColor& color, double size_px = 4);
    int add_line_layer(const QString& name, const QColor& color, double width_px = 1.6, bool steps = false,
                       Qt::PenStyle style = Qt::SolidLine);
    // A line layer whose vertices the pointer can hover and click, as points can be.
    void set_pickable(int layer, bool pickable);
    void set_layer_name(int layer, const QString& name);
    void set_layer_color(int layer, const QColor& color);
    void set_data(int layer, std::vector<QPointF> points);
    void append(int layer, QPointF point);
    const std::vector<QPointF>& data(int layer) const { return layers_[static_cast<std::size_t>(layer)].points; }
    void remove_layer(int layer);  // later layers keep their numbers
    void clear_layers();
    int point_count(int layer) const;
    void set_references(std::vector<Reference> references);

    // Shown ranges: fitted to the data (and references) with a margin, unless fixed.
    void set_x_range(double lo, double hi);
    void set_y_range(double lo, double hi);
    void fit_to_data();
    std::pair<double, double> x_range() const { return {x_lo_, x_hi_}; }
    std::pair<double, double> y_range() const { return {y_lo_, y_hi_}; }

    // The point (of a point layer, or a vertex of a pickable line) nearest to a widget position,
    // within max_px pixels; points win ties with vertices.
    std::optional<Hit> nearest_point(QPointF widget_position, double max_px = 8) const;
    QPointF to_widget(QPointF data) const;
    // Tick values of an axis (for tests and exports): round numbers within the range.
    std::vector<double> ticks(Qt::Orientation orientation) const;
    QString tick_label(Qt::Orientation orientation, double value) const;

signals:
    void hovered(const PlotCanvas::Hit& hit, const QPoint& global_position);
    void clicked(const PlotCanvas::Hit& hit);
    void left();

protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    struct Layer {
        QString name;
        QColor color;
        double size = 4;
        bool lines = false, steps = false, removed = false, pickable = false;
        Qt::PenStyle style = Qt::SolidLine;
        std::vector<QPointF> points;
    };
    // The plot's rectangle inside the widget; it depends on the tick labels, so it is kept
    // until the ranges, axes, title, font or size change.
    QRectF plot_area() const;
    void invalidate_area() { area_.reset(); }
    double to_x(double value) const;
    double to_y(double value) const;
    bool drawable(const QPointF& p) const;

    QString title_;
    Axis x_, y_;
    std::vector<Layer> layers_;
    std::vector<Reference> references_;
    double x_lo_ = 1, x_hi_ = 10, y_lo_ = 1, y_hi_ = 10;
    bool x_fixed_ = false, y_fixed_ = false;
    mutable std::optional<QRectF> area_;
};

// Round tick values in [lo, hi]: 1-2-5 steps on a linear axis; decades on a log axis (with 2
// and 5 between when the range spans few decades, every other decade when it spans many).
std::vector<double> round_ticks(double lo, double hi, PlotCanvas::Scale scale);

}  // namespace mapscape::ui

Q_DECLARE_METATYPE(mapscape::ui::PlotCanvas::Hit)
