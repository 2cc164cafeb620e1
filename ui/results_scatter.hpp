// A scatter of any two numeric columns of a results database (e.g. area against latency),
// coloured by a text column (e.g. algorithm), over the runs that pass the filter. 100,000 runs
// draw as a few thousand points: per colour, one point per cell of a grid over the plot.
// Clicking a point selects its run.
#pragma once

#include <QChartView>

#include <cstdint>
#include <vector>

#include "sweep/run_table.hpp"

class QAbstractAxis;
class QScatterSeries;

namespace mapscape::ui {

class ResultsScatter : public QChartView {
    Q_OBJECT
public:
    explicit ResultsScatter(QWidget* parent = nullptr);

    struct Axes {
        int x = -1, y = -1, colour = -1;  // table columns (colour: a text column, or -1 for none)
        bool log_x = true, log_y = true;
    };
    void set_data(const RunTable* table, const std::vector<std::uint32_t>& rows, const Axes& axes);
    void clear();
    int drawn_points() const;
    int series_count() const;  // the visible ones
    // Emits run_clicked for the drawn point nearest to these data coordinates (within a few
    // per cent of the plot); false when there is none.
    bool click_at(QPointF value);

signals:
    void run_clicked(quint32 table_row);

private:
    struct Drawn {
        QScatterSeries* series;
        std::vector<std::uint32_t> rows;  // the table row of each drawn point
    };
    long nearest(QPointF value, std::size_t& series) const;
    void set_log_axes(bool log_x, bool log_y);
    void on_hover(const QPointF& point, bool state);

    const RunTable* table_ = nullptr;
    Axes axes_;
    std::vector<Drawn> series_;  // kMaxColours + "other", hidden when unused
    QAbstractAxis* x_axis_ = nullptr;
    QAbstractAxis* y_axis_ = nullptr;
    double x_range_[2] = {0, 1}, y_range_[2] = {0, 1};
};

}  // namespace mapscape::ui
