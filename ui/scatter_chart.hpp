// The energy-latency scatter of evaluated points: log axes, valid and invalid colours, the Pareto
// front, a tooltip with the mapping under the cursor, and a click that loads a point's mapping.
// It shows one series at a time, one layer of one run: points of different layers are different
// problems, so a cloud or a front that mixed them would mean nothing. Unless one is chosen, it
// follows the newest run, at the layer selected in the workload if that run searched it.
// Points arrive in bursts; every 40 ms the chart takes what the store gained since (never waiting
// for the store's lock: a search thread at low priority may hold it while the machine is busy,
// so the chart takes it when it is free, at the next tick otherwise) and the chart's worker
// decimates it to what the plot shows, preferring the points whose mapping the store kept.
#pragma once

#include <QTimer>

#include <memory>
#include <optional>

#include "chart_view.hpp"
#include "point_store.hpp"

namespace mapscape::ui {

class ScatterChart : public ChartView {
    Q_OBJECT
public:
    explicit ScatterChart(QWidget* parent = nullptr);

    void add_points(const std::vector<PlotPoint>& points);
    // What to show: a run (nullopt: the newest, or the newest when the chosen one is gone) and
    // a layer of it (nullopt, or one the run did not search: the preferred layer if the run
    // searched it, else the run's first).
    void show_series(std::optional<int> run, std::optional<int> layer);
    void set_preferred_layer(int layer);
    // The series drawn now, if any.
    std::optional<PlotSeries> shown_series() const { return shown_; }
    // The series in the store, by run then layer (locks the store).
    std::vector<PlotSeries> series() const;
    // The Pareto front of the series drawn (store indices; locks the store).
    std::vector<std::size_t> shown_front() const;
    void clear();
    void remove_run(int run);
    // Shared with the search threads; lock its mutex to read it while a search runs.
    std::shared_ptr<SharedPointStore> shared_store() const { return shared_; }
    const PointStore& store() const { return shared_->store; }
    std::size_t drawn_points() const;
    std::size_t point_count() const;  // every point received (locks the store)
    int repaints() const { return repaints_; }
    // Emits point_clicked for the point with a kept mapping nearest to these data coordinates.
    bool click_at(double latency, double energy);
    // Takes what changed in the store into the chart now (the timer does it every 40 ms).
    void redraw();

signals:
    void point_clicked(const PlotPoint& point);
    // The store's list of series changed (a run or a layer started or was removed).
    void series_changed();

private:
    void on_hover(const Hit& hit, const QPoint& global_position);
    void update_title();
    std::optional<PlotSeries> resolve_series(const PointStore& store) const;
    // The store index of a layer's point.
    std::size_t store_index(const Hit& hit) const;

    std::shared_ptr<SharedPointStore> shared_ = std::make_shared<SharedPointStore>();
    std::uint64_t drawn_version_ = ~std::uint64_t{0}, copied_generation_ = ~std::uint64_t{0};
    std::size_t copied_ = 0, total_ = 0;  // store points looked at so far; the shown series' points
    std::optional<int> chosen_run_, chosen_layer_;
    std::optional<PlotSeries> shown_;
    int preferred_layer_ = 0;
    std::uint64_t series_generation_ = ~std::uint64_t{0};
    std::size_t shown_points_ = 0;  // of the shown series, when last drawn
    int invalid_layer_, valid_layer_, front_layer_;
    std::vector<std::size_t> valid_index_, invalid_index_, front_index_;  // layer point -> store index
    QTimer redraw_timer_;
    int repaints_ = 0;
};

// "2 levels: Y' | K x14": a mapping in a few words.
QString mapping_summary(const Mapping& m);

}  // namespace mapscape::ui

Q_DECLARE_METATYPE(mapscape::ui::PlotPoint)
