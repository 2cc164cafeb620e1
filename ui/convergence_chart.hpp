// Convergence curves: the best objective against samples (a log axis, so short and long runs
// read side by side), one line per run, to compare algorithms as the papers' figures do; the
// lower bound of what is optimised as a dashed line, so the distance left is visible. Live runs
// update as they go.
#pragma once

#include <QMap>

#include <optional>
#include <utility>
#include <vector>

#include "chart_view.hpp"

namespace mapscape::ui {

class ConvergenceChart : public ChartView {
    Q_OBJECT
public:
    explicit ConvergenceChart(QWidget* parent = nullptr);
    // Replaces (or adds) a run's curve.
    void set_curve(int run, const QString& label, const std::vector<std::pair<std::int64_t, double>>& trace);
    // Appends a live point (samples, best) to a run's curve.
    void add_point(int run, const QString& label, std::int64_t samples, double best);
    void remove_curve(int run);
    void clear();
    int curve_count() const { return static_cast<int>(layer_of_.size()); }
    int point_count(int run) const;
    // The objective's name and how its values are written (axis ticks).
    void set_objective_name(const QString& name, Quantity quantity = Quantity::Plain);
    // A dashed line at the lower bound of what the curves optimise (none: no line).
    void set_bound(std::optional<double> bound, const QString& label = QString());
    std::optional<double> bound() const { return bound_; }

private:
    int layer_for(int run, const QString& label);

    QMap<int, int> layer_of_;  // run -> line layer
    std::optional<double> bound_;
    int colors_used_ = 0;
};

}  // namespace mapscape::ui
