#include "chart_decimation.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace mapscape::ui {

namespace {

constexpr int kMaxCellsPerSide = 4096;  // a 4K plot at one cell per pixel
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

}  // namespace

double axis_coordinate(double value, bool log) {
    if (!std::isfinite(value)) return kNaN;
    if (!log) return value;
    return value > 0 ? std::log10(value) : kNaN;
}

QPointF axis_point(const QPointF& data, const PlotFrame& frame) {
    return {axis_coordinate(data.x(), frame.log_x), axis_coordinate(data.y(), frame.log_y)};
}

void MarkerDecimator::reset(const PlotFrame& frame, double cell_px) {
    frame_ = frame;
    cell_px_ = std::max(1.0, cell_px);
    columns_ = std::clamp(static_cast<int>(std::ceil(frame.width_px / cell_px_)), 1, kMaxCellsPerSide);
    rows_ = std::clamp(static_cast<int>(std::ceil(frame.height_px / cell_px_)), 1, kMaxCellsPerSide);
    x_scale_ = frame.x_hi > frame.x_lo ? columns_ / (frame.x_hi - frame.x_lo) : 0;
    y_scale_ = frame.y_hi > frame.y_lo ? rows_ / (frame.y_hi - frame.y_lo) : 0;
    owner_.assign(static_cast<std::size_t>(columns_) * static_cast<std::size_t>(rows_), 0);
    cells_.clear();
    taken_ = 0;
}

void MarkerDecimator::take(const QPointF* data, const std::uint8_t* preferred, std::size_t count) {
    for (std::size_t i = taken_; i < count; ++i) {
        const QPointF a = axis_point(data[i], frame_);
        // NaN fails every comparison, so points that cannot be drawn are left out here too.
        if (!(a.x() >= frame_.x_lo && a.x() <= frame_.x_hi && a.y() >= frame_.y_lo && a.y() <= frame_.y_hi)) continue;
        const int column = std::min(columns_ - 1, static_cast<int>((a.x() - frame_.x_lo) * x_scale_));
        const int row = std::min(rows_ - 1, static_cast<int>((a.y() - frame_.y_lo) * y_scale_));
        std::int32_t& owner = owner_[static_cast<std::size_t>(row) * static_cast<std::size_t>(columns_) + static_cast<std::size_t>(column)];
        if (owner == 0) {
            owner = static_cast<std::int32_t>(i) + 1;
            cells_.push_back(row * columns_ + column);
        } else if (preferred && !preferred[owner - 1] && preferred[i]) {
            owner = static_cast<std::int32_t>(i) + 1;
        }
    }
    taken_ = std::max(taken_, count);
}

DecimatedSeries MarkerDecimator::result(const QPointF* data) const {
    DecimatedSeries out;
    out.points.reserve(static_cast<qsizetype>(cells_.size()));
    out.source.reserve(cells_.size());
    for (std::int32_t cell : cells_) {
        const std::int32_t index = owner_[static_cast<std::size_t>(cell)] - 1;
        out.points.append(axis_point(data[index], frame_));
        out.source.push_back(index);
    }
    return out;
}

DecimatedSeries decimate_line(const std::vector<QPointF>& data, const PlotFrame& frame, bool steps) {
    DecimatedSeries out;
    const double x_scale = frame.x_hi > frame.x_lo ? frame.width_px / (frame.x_hi - frame.x_lo) : 0;
    const int right = static_cast<int>(std::ceil(frame.width_px));
    // The run of consecutive points in one column: its first, lowest, highest and last.
    int run_column = std::numeric_limits<int>::min();
    std::array<std::int32_t, 4> run{};  // first, lowest, highest, last
    std::array<QPointF, 4> run_at{};
    bool open = false;
    auto flush = [&] {
        if (!open) return;
        std::array<int, 4> order{0, 1, 2, 3};
        std::sort(order.begin() + 1, order.begin() + 3, [&](int a, int b) { return run[static_cast<std::size_t>(a)] < run[static_cast<std::size_t>(b)]; });
        std::int32_t last_emitted = -1;
        for (int k : order) {
            const auto ku = static_cast<std::size_t>(k);
            if (run[ku] == last_emitted) continue;  // a point that is both first and lowest, ...
            out.points.append(run_at[ku]);
            out.source.push_back(run[ku]);
            last_emitted = run[ku];
        }
        open = false;
    };
    for (std::size_t i = 0; i < data.size(); ++i) {
        const QPointF a = axis_point(data[i], frame);
        if (std::isnan(a.x()) || std::isnan(a.y())) continue;
        const double column_px = (a.x() - frame.x_lo) * x_scale;
        const int column = column_px < 0 ? -1 : column_px >= right ? right : static_cast<int>(column_px);
        const auto index = static_cast<std::int32_t>(i);
        if (!open || column != run_column) {
            flush();
            run.fill(index);
            run_at.fill(a);
            run_column = column;
            open = true;
            continue;
        }
        if (a.y() < run_at[1].y()) run[1] = index, run_at[1] = a;
        if (a.y() > run_at[2].y()) run[2] = index, run_at[2] = a;
        run[3] = index;
        run_at[3] = a;
    }
    flush();
    if (!steps || out.points.size() < 2) return out;
    DecimatedSeries stepped;
    stepped.points.reserve(out.points.size() * 2);
    stepped.source.reserve(out.source.size() * 2);
    for (qsizetype k = 0; k < out.points.size(); ++k) {
        if (k > 0) {
            const QPointF& previous = out.points[k - 1];
            const QPointF& here = out.points[k];
            if (here.x() != previous.x() && here.y() != previous.y()) {
                stepped.points.append(QPointF(here.x(), previous.y()));
                stepped.source.push_back(-1);
            }
        }
        stepped.points.append(out.points[k]);
        stepped.source.push_back(out.source[static_cast<std::size_t>(k)]);
    }
    return stepped;
}

}  // namespace mapscape::ui
