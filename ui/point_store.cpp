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
    cells_per_decade_ = kFinestCellsPerDecade;
    points_.clear();
    cell_owner_.clear();
    shown_valid_.clear();
    shown_invalid_.clear();
    front_.clear();
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
    points_.push_back(std::move(p));
    const bool drawn = place(index);
    if (mapping && (drawn || on_front)) points_[index].mapping = *mapping;
    if (shown_valid_.size() + shown_invalid_.size() > max_shown_) coarsen();
}

bool PointStore::place(std::size_t index) {
    const PlotPoint& p = points_[index];
    if (!cell_owner_.emplace(plot_cell(p.latency_cycles, p.energy_nj, p.valid, cells_per_decade_), index).second) return false;
    (p.valid ? shown_valid_ : shown_invalid_).push_back(index);
    return true;
}

// Halves the grid's resolution; a coarse cell's first point was its fine cell's first point, so
// only the drawn points need placing again.
void PointStore::coarsen() {
    while (shown_valid_.size() + shown_invalid_.size() > max_shown_ && cells_per_decade_ > 1) {
        std::vector<std::size_t> owners = shown_valid_;
        owners.insert(owners.end(), shown_invalid_.begin(), shown_invalid_.end());
        std::sort(owners.begin(), owners.end());
        cells_per_decade_ = std::max(1, cells_per_decade_ / 2);
        cell_owner_.clear();
        shown_valid_.clear();
        shown_invalid_.clear();
        for (std::size_t i : owners) place(i);
    }
}

void PointStore::remove_run(int run) {
    std::vector<PlotPoint> kept;
    for (PlotPoint& p : points_)
        if (p.run != run) kept.push_back(std::move(p));
    clear();
    for (PlotPoint& p : kept) add(std::move(p));  // their mappings were kept as needed before
}

std::vector<std::size_t> PointStore::pareto_front() const {
    std::vector<std::size_t> out;
    for (const auto& [latency, v] : front_) out.push_back(v.second);
    return out;
}

long PointStore::nearest_shown(double latency, double energy, double max_log_distance) const {
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
    // The Pareto front's corners are drawn too (as its line) and keep their mappings; on a tie
    // a front point beats a valid one, which beats an invalid one.
    for (const auto* list : {&shown_invalid_, &shown_valid_})
        for (std::size_t i : *list) consider(i);
    for (const auto& [latency_key, v] : front_) consider(v.second);
    return best;
}

}  // namespace mapscape::ui
