// A chart on Qt Charts for every chart of the app: layers of markers (QScatterSeries) or lines
// (QLineSeries, polylines or steps), reference lines (a lower bound, an area budget: dashed),
// linear or logarithmic axes with round ticks labelled as people read figures ("1 µJ", "10 M"),
// and a legend. The chart keeps every point it is given; its series hold only what the plot area
// can show: a worker thread decimates each layer (chart_decimation.hpp) whenever data, ranges or
// the plot's size change, and the GUI thread only hands the result to QXYSeries::replace().
// Hover and click reach the real point: each drawn point keeps its index in the layer's data.
// Wheel zooms around the pointer, a drag pans, a double click fits the data again; the context
// menu saves the chart as PNG or SVG.
#pragma once

#include <QChartView>
#include <QColor>
#include <QElapsedTimer>
#include <QPointF>
#include <QString>

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "chart_decimation.hpp"
#include "chart_ticks.hpp"

class QCategoryAxis;
class QGraphicsSimpleTextItem;
class QLineSeries;
class QXYSeries;

namespace mapscape::ui {

class LegendBox;
struct DecimationJob;
struct DecimationResult;
struct LayerBuild;
struct DecimationState;

class ChartView : public QChartView {
    Q_OBJECT
public:
    using Scale = AxisScale;
    using Axis = ChartAxis;
    struct Reference {
        Qt::Orientation orientation = Qt::Horizontal;  // Horizontal: a y value across the plot
        double value = 0;
        QString label;
        QColor color = QColor(90, 90, 90);
    };
    // A real point of a layer (its index in the layer's data) under the pointer.
    struct Hit {
        int layer = -1;
        int index = -1;
    };

    explicit ChartView(QWidget* parent = nullptr);
    ~ChartView() override;

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
    // New points at the end of a layer. A point that is not `preferred` is drawn only where no
    // preferred one shares its cell, and picked only where no preferred one is near.
    void append(int layer, QPointF point, bool preferred = true);
    void append(int layer, const std::vector<QPointF>& points, const std::vector<std::uint8_t>& preferred = {});
    // Replaces the data of `layers` with what `build` returns (one vector per layer, in that
    // order), built on the decimation worker and decimated there in the same job, for data that
    // takes long to make (the sweep results' colour layers from a 200,000-row table): the GUI
    // thread only takes the finished layers. Until then the layers keep their data and drawing.
    // `done` runs on the GUI thread when they are taken, before they are drawn; not when a later
    // build, a set_data of one of the layers or clear_layers replaced them first.
    using LayerBuilder = std::function<std::vector<std::vector<QPointF>>()>;
    void build_data(const std::vector<int>& layers, LayerBuilder build, std::function<void()> done);
    // The most markers the chart draws, shared by its marker layers with data (default: see
    // kMaxMarkersPerChart in chart_view.cpp); a denser layer is drawn with larger cells.
    void set_max_markers(std::size_t markers);
    // Every point of a layer (the real data, not what is drawn).
    const std::vector<QPointF>& data(int layer) const { return layers_[static_cast<std::size_t>(layer)].points; }
    void remove_layer(int layer);  // later layers keep their numbers
    void clear_layers();
    int point_count(int layer) const;
    void set_references(std::vector<Reference> references);
    // Where in the plot the legend sits (top right unless a chart's data fill that corner, as a
    // rising curve does).
    void set_legend_corner(Qt::Corner corner);
    // What an empty chart says in its plot (no layer has a point, no reference line): its axes
    // then carry no ticks, rather than a made-up range's.
    void set_empty_message(const QString& message);
    bool has_content() const;

    // Shown ranges: fitted to the data (and references) with a margin, unless fixed; a zoom or pan
    // by the user holds until a double click.
    void set_x_range(double lo, double hi);
    void set_y_range(double lo, double hi);
    void fit_to_data();
    std::pair<double, double> x_range() const { return {x_lo_, x_hi_}; }
    std::pair<double, double> y_range() const { return {y_lo_, y_hi_}; }
    // Zooms both axes around a data point by `factor` (> 1: in), as the wheel does.
    void zoom(QPointF around, double factor);
    void reset_zoom();
    bool zoomed() const { return user_view_; }

    // The drawn point (of a point layer, or a vertex of a pickable line) nearest to a viewport
    // position, within max_px pixels, as the real point it stands for; preferred points first,
    // points win ties with vertices.
    std::optional<Hit> nearest_point(QPointF viewport_position, double max_px = 8) const;
    // A data point's position in the viewport (where the mouse events arrive).
    QPointF to_widget(QPointF data) const;
    std::vector<double> ticks(Qt::Orientation orientation) const;
    QString tick_label(Qt::Orientation orientation, double value) const;

    // What is drawn: per layer, the points the series hold (after decimation).
    int drawn_count(int layer) const;
    int drawn_total() const;
    // The drawn points of a layer (axis coordinates) and the data index each stands for; only
    // the first drawn_count() of them are shown.
    const DecimatedSeries& drawn(int layer) const { return layers_[static_cast<std::size_t>(layer)].drawn; }
    // The smallest rectangle holding a layer's drawable points (data values), if it has any.
    std::optional<QRectF> bounds(int layer) const;
    // Waits for the decimation worker and takes its result, until the series show the data as it
    // is now (for tests, exports, screenshots and the benchmark; the window never waits).
    void settle();
    bool settled() const { return !busy_ && !dirty_ && !growth_pending_ && !axes_dirty_; }
    // GUI-thread milliseconds of the last result taken (the series' replace).
    double last_apply_ms() const { return last_apply_ms_; }
    // GUI-thread milliseconds spent on decimation jobs (handing data over, taking results)
    // since the last call.
    double take_gui_ms() { return std::exchange(gui_ms_, 0.0); }
    double last_worker_ms() const { return last_worker_ms_; }
    // Whether marker layers draw through OpenGL (QXYSeries::setUseOpenGL), and why (or why not).
    static bool opengl_markers();
    static QString opengl_reason();
    // Charts share a splitter by their stretch, not by what Qt Charts would ask for.
    QSize sizeHint() const override;

signals:
    void hovered(const ChartView::Hit& hit, const QPoint& global_position);
    void clicked(const ChartView::Hit& hit);
    void left();
    // The series took a new decimation (drawn_count() changed, perhaps).
    void redrawn();
    // A drawing job failed on the worker (its builder threw): the message, for the status bar.
    void failed(const QString& message);

protected:
    void mouseMoveEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    bool viewportEvent(QEvent* event) override;

private:
    struct Layer {
        QString name;
        QColor color;
        double size = 4;
        bool lines = false, steps = false, removed = false, pickable = false;
        Qt::PenStyle style = Qt::SolidLine;
        std::vector<QPointF> points;
        std::vector<std::uint8_t> preferred;  // empty: every point preferred
        QRectF bounds;                        // of the drawable points on the current scales
        bool has_bounds = false;
        // Sent to the worker so far, and whether it must start over (set_data).
        std::size_t sent = 0;
        bool reset = true;
        QXYSeries* series = nullptr;
        int capacity = 0;                     // marker series: points the series holds (see show_drawn)
        QPointF away;                         // where the points beyond the drawn ones wait
        std::uint64_t version = 0;            // bumped by set_data: older decimations are dropped
        DecimatedSeries drawn;
    };
    Layer& layer(int index) { return layers_[static_cast<std::size_t>(index)]; }
    int add_layer(Layer layer);
    void update_bounds(Layer& l, std::size_t first);
    void style_series(Layer& l);
    void update_legend();
    void apply_ranges();
    void flush_axes();
    void update_axis(QCategoryAxis* axis, const Axis& a, double lo, double hi);
    void update_references();
    void place_empty_message();
    PlotFrame frame() const;
    QRectF plot_rect() const;  // the plot area in viewport coordinates
    // Decimation: mark dirty, start a job when none is in flight, take its result.
    void schedule();
    void start_job();
    DecimationJob make_job();
    void apply(DecimationResult result);
    void show_drawn(Layer& l, const PlotFrame& frame);
    void grow_markers();
    void set_ranges(double x_lo, double x_hi, double y_lo, double y_hi);
    QPointF axis_to_data(QPointF axis) const;

    QString title_;
    Axis x_, y_;
    QCategoryAxis *x_axis_, *y_axis_;
    std::vector<Layer> layers_;
    std::vector<Reference> references_;
    std::vector<std::pair<QLineSeries*, QGraphicsSimpleTextItem*>> reference_items_;
    LegendBox* legend_;
    Qt::Corner legend_corner_ = Qt::TopRightCorner;
    QGraphicsSimpleTextItem* empty_item_ = nullptr;
    QString empty_message_;
    bool had_content_ = false;
    QMargins margins_{2, 2, 8, 2};  // the chart's, around its plot, axes and title
    double x_lo_ = 1, x_hi_ = 10, y_lo_ = 1, y_hi_ = 10;  // shown ranges, data values
    bool x_fixed_ = false, y_fixed_ = false;
    double fitted_x_lo_ = 1, fitted_x_hi_ = 10, fitted_y_lo_ = 1, fitted_y_hi_ = 10;
    bool user_view_ = false;
    std::vector<double> x_ticks_, y_ticks_;  // the labels the axes show
    // Decimation.
    std::shared_ptr<DecimationState> state_;  // the worker's copy of the data, one job at a time
    bool busy_ = false, dirty_ = false, queued_ = false, growth_pending_ = false, axes_dirty_ = false;
    int epoch_ = 0;  // bumped by clear_layers
    std::shared_ptr<LayerBuild> pending_build_;  // build_data's, until a job takes it
    std::uint64_t build_id_ = 0;                 // of the latest build_data
    std::function<void()> build_done_;
    std::size_t max_markers_ = 0;                // 0: the default share
    double last_apply_ms_ = 0, last_worker_ms_ = 0, gui_ms_ = 0;
    // A drag that pans the plot.
    std::optional<QPointF> press_at_;
    bool dragging_ = false;
};

}  // namespace mapscape::ui

Q_DECLARE_METATYPE(mapscape::ui::ChartView::Hit)
