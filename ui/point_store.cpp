#include "point_store.hpp"

#include <algorithm>
#include <cmath>

namespace mapscape::ui {

std::uint64_t plot_cell(double latency, double energy, bool valid, int cells_per_decade) {
    const auto cx = static_cast<std::int64_t>(std::floor(std::log10(latency) * cells_per_decade));
    const auto cy = static_cast<std::int64_t>(std::floor(std::log10(energy) * cells_per_decade));
    return (static_cast<std::uint64_t>(cx) << 33) ^ (static_cast<std::uint64_t>(cy) << 1) ^ (valid ? 1u : 0u);
}

void PointStore::clear() {
    ++version_;
    ++generation_;
    points_.clear();
    kept_.clear();
    cells_.clear();
    front_.clear();
    kept_count_ = 0;
}

void PointStore::add(PlotPoint p, const Mapping* mapping) {
    if (!(p.latency_cycles > 0) || !(p.energy_nj > 0)) return;  // nothing to place on log axes
    ++version_;
    const std::size_t index = points_.size();
    bool on_front = false;
    if (p.valid) {
        // Pareto front: skip if dominated; otherwise insert and drop what it dominates.
        auto it = front_.upper_bound(p.latency_cycles);
        bool dominated = false;
        if (it != front_.begin()) dominated = std::prev(it)->second.first <= p.energy_nj;
        if (!dominated) {
            auto next = front_.lower_bound(p.latency_cycles);
            while (next != front_.end() && next->second.first >= p.energy_nj) next = front_.erase(next);
            front_[p.latency_cycles] = {p.energy_nj, index};
            on_front = true;
        }
    }
    const bool first_in_cell =
        kept_count_ < max_kept_ && cells_.insert(plot_cell(p.latency_cycles, p.energy_nj, p.valid, kKeptCellsPerDecade)).second;
    const bool keep = mapping && (first_in_cell || on_front);
    if (!keep) p.mapping = {};
    points_.push_back(std::move(p));
    kept_.push_back(keep ? 1 : 0);
    if (keep) {
        points_[index].mapping = *mapping;
        ++kept_count_;
    }
}

void PointStore::remove_run(int run) {
    std::vector<PlotPoint> kept_points;
    std::vector<bool> was_kept;
    for (std::size_t i = 0; i < points_.size(); ++i)
        if (points_[i].run != run) {
            kept_points.push_back(std::move(points_[i]));
            was_kept.push_back(kept_[i] != 0);
        }
    clear();
    for (std::size_t i = 0; i < kept_points.size(); ++i) {
        // The cells and the front are those of the points left; a point keeps its mapping if it
        // had one and is still first in its cell or on the front.
        const Mapping m = kept_points[i].mapping;
        add(std::move(kept_points[i]), was_kept[i] ? &m : nullptr);
    }
}

std::vector<std::size_t> PointStore::pareto_front() const {
    std::vector<std::size_t> out;
    for (const auto& [latency, v] : front_) out.push_back(v.second);
    return out;
}

long PointStore::nearest_kept(double latency, double energy, double max_log_distance) const {
    if (!(latency > 0) || !(energy > 0)) return -1;
    const double lx = std::log10(latency), ly = std::log10(energy);
    long best = -1;
    double best_d = max_log_distance * max_log_distance;
    auto consider = [&](std::size_t i) {
        const double dx = std::log10(points_[i].latency_cycles) - lx, dy = std::log10(points_[i].energy_nj) - ly;
        const double d = dx * dx + dy * dy;
        if (d <= best_d) {
            best_d = d;
            best = static_cast<long>(i);
        }
    };
    // On a tie the later point wins: a front point (considered last) beats the others.
    for (std::size_t i = 0; i < points_.size(); ++i)
        if (kept_[i]) consider(i);
    for (const auto& [latency_key, v] : front_) consider(v.second);
    return best;
}

}  // namespace mapscape::ui
