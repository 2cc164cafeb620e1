#include "convergence_chart.hpp"

#include <cmath>

#include "chart_palette.hpp"

namespace mapscape::ui {

ConvergenceChart::ConvergenceChart(QWidget* parent) : ChartView(parent) {
    set_title(tr("Convergence"));
    set_empty_message(tr("No run yet: press Run"));
    set_axes({tr("samples"), Quantity::Plain, Scale::Log}, {tr("best objective"), Quantity::Plain, Scale::Log});
    fit_to_data();
    setMinimumSize(240, 200);
}

void ConvergenceChart::set_objective_name(const QString& name, Quantity quantity) {
    // The objective's name alone ("makespan (cycles)"): a convergence chart plots the best so far,
    // and a longer title was elided on the schedule tab's short chart.
    set_axes(x_axis(), {name, quantity, Scale::Log});
    fit_to_data();
}

void ConvergenceChart::set_bound(std::optional<double> bound, const QString& label) {
    bound_ = bound;
    std::vector<Reference> refs;
    if (bound && *bound > 0) refs.push_back({Qt::Horizontal, *bound, label.isEmpty() ? tr("lower bound") : label, QColor(180, 30, 30)});
    set_references(std::move(refs));
    fit_to_data();
}

int ConvergenceChart::layer_for(int run, const QString& label) {
    if (auto it = layer_of_.find(run); it != layer_of_.end()) {
        set_layer_name(it.value(), label);
        return it.value();
    }
    const int layer = add_line_layer(label, series_color(colors_used_++), 1.8, true);
    layer_of_.insert(run, layer);
    return layer;
}

void ConvergenceChart::set_curve(int run, const QString& label, const std::vector<std::pair<std::int64_t, double>>& trace) {
    const int layer = layer_for(run, label);
    std::vector<QPointF> points;
    for (const auto& [samples, best] : trace)
        if (std::isfinite(best) && best > 0 && samples > 0) points.emplace_back(static_cast<double>(samples), best);
    set_data(layer, std::move(points));
    fit_to_data();
}

void ConvergenceChart::add_point(int run, const QString& label, std::int64_t samples, double best) {
    if (!std::isfinite(best) || best <= 0 || samples <= 0) return;
    const int layer = layer_for(run, label);
    const auto& points = data(layer);
    if (!points.empty() && points.back().x() == static_cast<double>(samples) && points.back().y() == best) return;
    append(layer, QPointF(static_cast<double>(samples), best));
    fit_to_data();
}

void ConvergenceChart::remove_curve(int run) {
    if (auto it = layer_of_.find(run); it != layer_of_.end()) {
        remove_layer(it.value());
        layer_of_.erase(it);
    }
    fit_to_data();
}

void ConvergenceChart::clear() {
    clear_layers();
    layer_of_.clear();
    colors_used_ = 0;
    fit_to_data();
}

int ConvergenceChart::point_count(int run) const {
    auto it = layer_of_.find(run);
    return it == layer_of_.end() ? 0 : ChartView::point_count(it.value());
}

}  // namespace mapscape::ui
