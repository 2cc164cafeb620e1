// Every point the searches evaluated, for the energy-latency scatter: each point's figures, the
// mapping of the first point in each cell of a fine log-log grid (1/64 of a decade; the points
// the chart prefers to draw and to pick) and of every point that joined the Pareto front, and
// that front kept up to date as points arrive. Cells and fronts are per series (a run's layer):
// points of different layers or runs are different problems, and the chart shows one series. Producers can hand over hundreds of thousands of
// points cheaply: the other points' mappings are not copied.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <unordered_set>
#include <vector>

#include "mapping/mapping.hpp"

namespace mapscape::ui {

struct PlotPoint {
    double latency_cycles = 0;
    double energy_nj = 0;
    bool valid = false;
    int run = 0;
    int layer = 0;
    std::int64_t sample = 0;
    Mapping mapping;
};

inline constexpr int kKeptCellsPerDecade = 64;

// The cell of a point in a log-log grid with `cells_per_decade` cells per decade on each axis.
std::uint64_t plot_cell(double latency, double energy, bool valid, int cells_per_decade);

// The points of one layer in one run: what the scatter shows at a time.
struct PlotSeries {
    int run = 0;
    int layer = 0;
    auto operator<=>(const PlotSeries&) const = default;
};

class PointStore {
public:
    // Beyond `max_kept` kept mappings only the Pareto front's are kept (memory stays bounded).
    explicit PointStore(std::size_t max_kept = 100000) : max_kept_(max_kept) {}

    void clear();
    // Adds a point; its mapping is copied from `mapping` only if the point is the first in its
    // cell or on the Pareto front.
    void add(PlotPoint p, const Mapping* mapping = nullptr);
    void remove_run(int run);
    // Bumped by every change, so that a view redraws only when something changed.
    std::uint64_t version() const { return version_; }
    // Bumped when points are removed (clear, remove_run): a reader that copied the first n
    // points of this generation copies only the rest.
    std::uint64_t generation() const { return generation_; }

    std::size_t size() const { return points_.size(); }
    const PlotPoint& at(std::size_t i) const { return points_[i]; }
    bool kept(std::size_t i) const { return kept_[i] != 0; }
    std::size_t kept_count() const { return kept_count_; }
    // The Pareto front of a series' valid points (lowest energy for each latency), by latency.
    std::vector<std::size_t> pareto_front(PlotSeries series) const;
    // The series with points, by run then layer, and how many points each has.
    const std::map<PlotSeries, std::size_t>& series() const { return series_points_; }
    // Bumped when a series appears or goes (a run's first point of a layer, clear, remove_run).
    std::uint64_t series_generation() const { return series_generation_; }
    // The point of `series` with a kept mapping nearest to (latency, energy) in log space, or -1.
    long nearest_kept(PlotSeries series, double latency, double energy, double max_log_distance = 0.05) const;

private:
    std::size_t max_kept_;
    // A deque: growing it never moves the points already there, which under the lock the
    // window shares with the search thread would stall the window for tens of milliseconds.
    std::deque<PlotPoint> points_;
    std::deque<std::uint8_t> kept_;
    using Front = std::map<double, std::pair<double, std::size_t>>;  // latency -> (energy, index)
    std::unordered_set<std::uint64_t> cells_;  // log-log cells (of a series) with a kept point
    std::map<PlotSeries, Front> fronts_;
    std::map<PlotSeries, std::size_t> series_points_;
    std::size_t kept_count_ = 0;
    std::uint64_t version_ = 0, generation_ = 0, series_generation_ = 0;
};

// A point store shared between the search threads that fill it and the chart that draws it.
struct SharedPointStore {
    std::mutex mutex;  // guards store
    PointStore store;
};

}  // namespace mapscape::ui
