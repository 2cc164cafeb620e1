#include "scatter_chart.hpp"

#include <QToolTip>

#include <cmath>


namespace mapscape::ui {

QString mapping_summary(const Mapping& m) {
    QStringList levels;
    for (int k = 0; k < m.num_levels(); ++k) {
        QStringList spatial;
        for (const Directive& d : m.level(k))
            if (d.kind == DirectiveKind::SpatialMap) spatial << QString::fromStdString(std::string(dim_name(d.dim)));
        QString level = spatial.isEmpty() ? QStringLiteral("-") : spatial.join(',');
        if (k > 0) level += QStringLiteral(" x%1").arg(m.cluster_size(k));
        levels << level;
    }
    return QObject::tr("%n level(s): ", nullptr, m.num_levels()) + levels.join(" | ");
}

ScatterChart::ScatterChart(QWidget* parent) : PlotCanvas(parent) {
    set_title(tr("Evaluated mappings"));
    set_axes({tr("latency"), Quantity::Cycles, Scale::Log}, {tr("energy"), Quantity::EnergyNj, Scale::Log});
    invalid_layer_ = add_point_layer(tr("invalid"), QColor(200, 60, 60, 110), 4);
    valid_layer_ = add_point_layer(tr("valid"), QColor(30, 110, 200, 170), 5);
    front_layer_ = add_line_layer(tr("Pareto front"), QColor(20, 20, 20), 1.8, true);
    set_pickable(front_layer_, true);
    setMinimumSize(240, 200);

    // Redraw at most every 40 ms, and only when the store changed.
    redraw_timer_.setInterval(40);
    connect(&redraw_timer_, &QTimer::timeout, this, &ScatterChart::redraw);
    redraw_timer_.start();
    connect(this, &PlotCanvas::hovered, this, &ScatterChart::on_hover);
    connect(this, &PlotCanvas::left, this, [] { QToolTip::hideText(); });
    connect(this, &PlotCanvas::clicked, this, [this](const Hit& hit) {
        PlotPoint p;
        {
            std::lock_guard lock(shared_->mutex);
            const std::size_t i = store_index(hit);
            if (i >= shared_->store.size()) return;
            p = shared_->store.at(i);
        }
        emit point_clicked(p);
    });
}

void ScatterChart::add_points(const std::vector<PlotPoint>& points) {
    std::lock_guard lock(shared_->mutex);
    for (const PlotPoint& p : points) shared_->store.add(p, &p.mapping);
}

void ScatterChart::clear() {
    {
        std::lock_guard lock(shared_->mutex);
        shared_->store.clear();
    }
    redraw();
}

void ScatterChart::remove_run(int run) {
    {
        std::lock_guard lock(shared_->mutex);
        shared_->store.remove_run(run);
    }
    redraw();
}

std::size_t ScatterChart::point_count() const {
    std::lock_guard lock(shared_->mutex);
    return shared_->store.size();
}

std::size_t ScatterChart::drawn_points() const {
    return static_cast<std::size_t>(PlotCanvas::point_count(valid_layer_) + PlotCanvas::point_count(invalid_layer_));
}

std::size_t ScatterChart::store_index(const Hit& hit) const {
    const auto& index = hit.layer == valid_layer_ ? valid_index_ : hit.layer == front_layer_ ? front_index_ : invalid_index_;
    return hit.index >= 0 && static_cast<std::size_t>(hit.index) < index.size() ? index[static_cast<std::size_t>(hit.index)]
                                                                                : ~std::size_t{0};
}

void ScatterChart::redraw() {
    // Copy what is drawn under the lock, draw without it. A search thread at low priority can
    // be holding the lock while the CPU is busy elsewhere; waiting for it would freeze the
    // window for as long as the scheduler keeps that thread waiting, so try the next tick.
    std::unique_lock lock(shared_->mutex, std::try_to_lock);
    if (!lock.owns_lock()) return;
    const PointStore& store = shared_->store;
    if (store.version() == drawn_version_) return;
    drawn_version_ = store.version();
    ++repaints_;
    const std::size_t total = store.size();
    std::vector<QPointF> valid, invalid, front;
    valid_index_ = store.shown_valid();
    invalid_index_ = store.shown_invalid();
    valid.reserve(valid_index_.size());
    invalid.reserve(invalid_index_.size());
    for (std::size_t i : valid_index_) valid.emplace_back(store.at(i).latency_cycles, store.at(i).energy_nj);
    for (std::size_t i : invalid_index_) invalid.emplace_back(store.at(i).latency_cycles, store.at(i).energy_nj);
    front_index_ = store.pareto_front();
    for (std::size_t i : front_index_) front.emplace_back(store.at(i).latency_cycles, store.at(i).energy_nj);
    lock.unlock();
    const std::size_t drawn = valid.size() + invalid.size();
    set_data(valid_layer_, std::move(valid));
    set_data(invalid_layer_, std::move(invalid));
    set_data(front_layer_, std::move(front));
    fit_to_data();
    set_title(tr("Evaluated mappings: %1 (%2 drawn)").arg(total).arg(drawn));
}

bool ScatterChart::click_at(double latency, double energy) {
    PlotPoint p;
    {
        std::lock_guard lock(shared_->mutex);
        const long i = shared_->store.nearest_shown(latency, energy, 0.08);
        if (i < 0) return false;
        p = shared_->store.at(static_cast<std::size_t>(i));
    }
    emit point_clicked(p);
    return true;
}

void ScatterChart::on_hover(const Hit& hit, const QPoint& global_position) {
    if (hit.layer < 0) {
        QToolTip::hideText();
        return;
    }
    PlotPoint p;
    {
        std::lock_guard lock(shared_->mutex);
        const std::size_t i = store_index(hit);
        if (i >= shared_->store.size()) return;
        p = shared_->store.at(i);
    }
    QToolTip::showText(global_position,
                       tr("Layer %1, run %2, sample %3\n%4, %5%6\n%7\nClick to load it into the editor")
                           .arg(p.layer + 1)
                           .arg(p.run)
                           .arg(p.sample)
                           .arg(QString::fromStdString(format_quantity(p.latency_cycles, Quantity::Cycles)))
                           .arg(QString::fromStdString(format_quantity(p.energy_nj, Quantity::EnergyNj)))
                           .arg(p.valid ? QString() : tr(" (invalid)"))
                           .arg(mapping_summary(p.mapping)),
                       this);
}

}  // namespace mapscape::ui
