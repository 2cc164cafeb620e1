// Every point the searches evaluated, for the energy-latency scatter: all kept, a decimated set
// drawn (one per cell of a log-log grid, so that 200,000 points cost what a few thousand do),
// and the Pareto front kept up to date as points arrive.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <unordered_map>
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

inline constexpr int kFinestCellsPerDecade = 40;

// The cell of a point in a log-log grid with `cells_per_decade` cells per decade on each axis.
std::uint64_t plot_cell(double latency, double energy, bool valid, int cells_per_decade);

class PointStore {
public:
    explicit PointStore(std::size_t max_shown = 4000) : max_shown_(max_shown) {}

    void clear();
    // Adds a point; its mapping is copied from `mapping` only if the point is drawn or on the
    // Pareto front (others keep their figures only), so that producers can hand over hundreds of
    // thousands of points cheaply.
    void add(PlotPoint p, const Mapping* mapping = nullptr);
    void remove_run(int run);
    // Bumped by every change, so that a view redraws only when something changed.
    std::uint64_t version() const { return version_; }

    std::size_t size() const { return points_.size(); }
    const PlotPoint& at(std::size_t i) const { return points_[i]; }
    // Indices of the points drawn: valid and invalid ones separately.
    const std::vector<std::size_t>& shown_valid() const { return shown_valid_; }
    const std::vector<std::size_t>& shown_invalid() const { return shown_invalid_; }
    // The Pareto front of the valid points (lowest energy for each latency), by latency.
    std::vector<std::size_t> pareto_front() const;
    // The drawn point (or Pareto-front corner) nearest to (latency, energy) in log space, or -1.
    long nearest_shown(double latency, double energy, double max_log_distance = 0.05) const;
    int cells_per_decade() const { return cells_per_decade_; }

private:
    void coarsen();
    bool place(std::size_t index);  // true when the point becomes its cell's drawn point

    std::size_t max_shown_;
    int cells_per_decade_ = kFinestCellsPerDecade;
    // A deque: growing it never moves the points already there, which under the lock the
    // window shares with the search thread would stall the window for tens of milliseconds.
    std::deque<PlotPoint> points_;
    std::unordered_map<std::uint64_t, std::size_t> cell_owner_;  // log-log cell -> drawn point
    std::vector<std::size_t> shown_valid_, shown_invalid_;
    std::map<double, std::pair<double, std::size_t>> front_;     // latency -> (energy, index)
    std::uint64_t version_ = 0;
};

// A point store shared between the search threads that fill it and the chart that draws it.
struct SharedPointStore {
    std::mutex mutex;  // guards store
    PointStore store;
};

}  // namespace mapscape::ui
