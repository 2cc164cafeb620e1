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
    ++series_generation_;
    points_.clear();
    kept_.clear();
    cells_.clear();
    fronts_.clear();
    series_points_.clear();
    kept_count_ = 0;
}

void PointStore::add(PlotPoint p, const Mapping* mapping) {
    if (!(p.latency_cycles > 0) || !(p.energy_nj > 0)) return;  // nothing to place on log axes
    ++version_;
    const std::size_t index = points_.size();
    const PlotSeries series{p.run, p.layer};
    if (++series_points_[series] == 1) ++series_generation_;
    bool on_front = false;
    if (p.valid) {
        // Pareto front: skip if dominated; otherwise insert and drop what it dominates.
        Front& front = fronts_[series];
        auto it = front.upper_bound(p.latency_cycles);
        bool dominated = false;
        if (it != front.begin()) dominated = std::prev(it)->second.first <= p.energy_nj;
        if (!dominated) {
            auto next = front.lower_bound(p.latency_cycles);
            while (next != front.end() && next->second.first >= p.energy_nj) next = front.erase(next);
            front[p.latency_cycles] = {p.energy_nj, index};
            on_front = true;
        }
    }
    // The series in the cell's key: every series keeps mappings across its own cloud.
    const std::uint64_t series_key = (static_cast<std::uint64_t>(static_cast<std::uint32_t>(p.run)) * 0x9E3779B97F4A7C15ull) ^
                                     (static_cast<std::uint64_t>(static_cast<std::uint32_t>(p.layer)) * 0xC2B2AE3D27D4EB4Full);
    const bool first_in_cell =
        kept_count_ < max_kept_ && cells_.insert(plot_cell(p.latency_cycles, p.energy_nj, p.valid, kKeptCellsPerDecade) ^ series_key).second;
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

std::vector<std::size_t> PointStore::pareto_front(PlotSeries series) const {
    std::vector<std::size_t> out;
    const auto front = fronts_.find(series);
    if (front == fronts_.end()) return out;
    for (const auto& [latency, v] : front->second) out.push_back(v.second);
    return out;
}

long PointStore::nearest_kept(PlotSeries series, double latency, double energy, double max_log_distance) const {
    if (!(latency > 0) || !(energy > 0)) return -1;
    const double lx = std::log10(latency), ly = std::log10(energy);
    long best = -1;
    double best_d = max_log_distance * max_log_distance;
    auto consider = [&](std::size_t i) {
        if (points_[i].run != series.run || points_[i].layer != series.layer) return;
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
    if (const auto front = fronts_.find(series); front != fronts_.end())
        for (const auto& [latency_key, v] : front->second) consider(v.second);
    return best;
}

}  // namespace mapscape::ui
