// Convergence curves: the best objective against samples, one line per run, to compare
// algorithms as the papers' figures do. Live runs update as they go.
#pragma once

#include <QChartView>
#include <QMap>

#include <utility>
#include <vector>

class QLineSeries;
class QLogValueAxis;
class QValueAxis;

namespace mapscape::ui {

class ConvergenceChart : public QChartView {
    Q_OBJECT
public:
    explicit ConvergenceChart(QWidget* parent = nullptr);
    // Replaces (or adds) a run's curve.
    void set_curve(int run, const QString& label, const std::vector<std::pair<std::int64_t, double>>& trace);
    // Appends a live point (samples, best) to a run's curve.
    void add_point(int run, const QString& label, std::int64_t samples, double best);
    void remove_curve(int run);
    void clear();
    int curve_count() const { return series_.size(); }
    int point_count(int run) const;
    void set_objective_name(const QString& name);

private:
    QLineSeries* series_for(int run, const QString& label);
    void rescale();

    QMap<int, QLineSeries*> series_;
    QValueAxis* x_;
    QLogValueAxis* y_;
};

}  // namespace mapscape::ui
