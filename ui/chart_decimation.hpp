// Reducing a chart's series to what its plot area can show: markers to one per cell of a pixel
// grid, lines to the first, lowest, highest and last point of each pixel column. These run on the
// decimation worker (chart_view.hpp), never on the GUI thread; every drawn point is a real point
// of the data, and keeps its index there, so that hover and click reach it.
#pragma once

#include <QList>
#include <QPointF>

#include <cstdint>
#include <vector>

namespace mapscape::ui {

// What decimation depends on: the plot's size and the shown ranges, in axis coordinates (the
// value on a linear axis, its log10 on a log axis).
struct PlotFrame {
    double width_px = 0, height_px = 0;
    double x_lo = 0, x_hi = 1, y_lo = 0, y_hi = 1;
    bool log_x = false, log_y = false;
    bool operator==(const PlotFrame&) const = default;
};

// A value's axis coordinate: its log10 on a log axis; NaN when it cannot be drawn (not finite,
// or not positive on a log axis).
double axis_coordinate(double value, bool log);
// A data point's axis coordinates (NaN in either when it cannot be drawn).
QPointF axis_point(const QPointF& data, const PlotFrame& frame);

struct DecimatedSeries {
    QList<QPointF> points;             // axis coordinates, as the chart's series take them
    std::vector<std::int32_t> source;  // per point: its index in the layer's data; -1 for a step's corner
};

// Markers: the first point of each cell of a grid of cell_px pixels over the plot, or the first
// preferred one when a later point in the cell is preferred and the first is not (the energy-
// latency scatter prefers the points whose mapping it kept, so that hovering one shows it).
// Points outside the shown ranges are left out. Points are taken incrementally: as long as the
// frame does not change, new data costs only its own points.
class MarkerDecimator {
public:
    void reset(const PlotFrame& frame, double cell_px);
    // Takes data points [taken(), count); `preferred` is null (all preferred) or one flag per point.
    void take(const QPointF* data, const std::uint8_t* preferred, std::size_t count);
    std::size_t taken() const { return taken_; }
    std::size_t size() const { return cells_.size(); }  // markers drawn
    const PlotFrame& frame() const { return frame_; }
    double cell_px() const { return cell_px_; }
    DecimatedSeries result(const QPointF* data) const;

private:
    PlotFrame frame_;
    double cell_px_ = 0, x_scale_ = 0, y_scale_ = 0;
    int columns_ = 0, rows_ = 0;
    std::vector<std::int32_t> owner_;  // per cell: data index + 1, 0 when empty
    std::vector<std::int32_t> cells_;  // the occupied cells, in the order they were first taken
    std::size_t taken_ = 0;
};

// A polyline (or a staircase: horizontal, then vertical, as a best-so-far curve steps) reduced
// to the first, lowest, highest and last point of each run of consecutive points in one pixel
// column, which draws the same pixels as every point would. Points outside the shown x range
// are grouped to either side, so that a line still enters and leaves the plot where it should.
DecimatedSeries decimate_line(const std::vector<QPointF>& data, const PlotFrame& frame, bool steps);

}  // namespace mapscape::ui
