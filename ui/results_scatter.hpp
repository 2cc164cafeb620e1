// A scatter of any two numeric columns of a results database (e.g. area against latency),
// coloured by a text column (e.g. algorithm), over the runs that pass the filter. 100,000 runs
// draw as a few thousand points: the chart's worker keeps, per colour, one run per marker-sized
// cell of the plot (runs at one spot would hide each other anyway). The colour layers are built
// from the table on that worker too: a change of columns costs the GUI thread only taking the
// finished, decimated layers. Hovering a point shows its run; clicking it selects the run.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "chart_view.hpp"
#include "sweep/run_table.hpp"

namespace mapscape::ui {

class ResultsScatter : public ChartView {
    Q_OBJECT
public:
    explicit ResultsScatter(QWidget* parent = nullptr);

    struct Axes {
        int x = -1, y = -1, colour = -1;  // table columns (colour: a text column, or -1 for none)
        bool log_x = true, log_y = true;
    };
    // Shown once the chart's worker has built the layers (settle() waits for it); until then
    // the chart shows, hovers and clicks the previous data.
    void set_data(std::shared_ptr<const RunTable> table, const std::vector<std::uint32_t>& rows, const Axes& axes);
    void clear();
    int drawn_points() const;  // after decimation (settle() first for the figure of the data as it is now)
    int series_count() const;  // the colours drawn (each with its legend entry)
    // Emits run_clicked for the drawn point nearest to these data coordinates (within a few
    // per cent of the plot); false when there is none.
    bool click_at(QPointF value);

signals:
    void run_clicked(quint32 table_row);

private:
    // The drawn point nearest to `value` within 3% of the shown ranges (on the axes' scales).
    std::optional<Hit> nearest(QPointF value) const;
    void update_title();
    std::uint32_t row_of(const Hit& hit) const { return rows_[static_cast<std::size_t>(hit.layer)][static_cast<std::size_t>(hit.index)]; }
    void on_hover(const Hit& hit, const QPoint& global_position);

    // What a build makes besides the points (on the worker), taken with them.
    struct Layers;
    static std::vector<std::vector<QPointF>> build_layers(const RunTable& table, const std::vector<std::uint32_t>& rows, const Axes& axes, Layers& out);
    void take(Layers& built, std::shared_ptr<const RunTable> table, const Axes& axes);

    std::shared_ptr<const RunTable> table_;
    Axes axes_;
    std::vector<std::vector<std::uint32_t>> rows_;  // per point layer (colour), the table row of each point
    std::size_t runs_ = 0, drawable_ = 0, not_drawable_ = 0;
};

// The axis of a run table's column: its quantity by the column's name (`energy_nj`: ticks in
// pJ..J) and its title without the unit the ticks then carry ("energy", not "energy (nJ)").
ChartView::Axis results_axis(const RunColumn& column, bool log);

}  // namespace mapscape::ui
