#include "scatter_chart.hpp"

#include <QToolTip>

#include <QLocale>

#include <cmath>
#include <limits>


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

ScatterChart::ScatterChart(QWidget* parent) : ChartView(parent) {
    set_title(tr("Evaluated mappings"));
    set_empty_message(tr("No evaluated mappings yet: run a search"));
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
    connect(this, &ChartView::hovered, this, &ScatterChart::on_hover);
    connect(this, &ChartView::left, this, [] { QToolTip::hideText(); });
    connect(this, &ChartView::redrawn, this, &ScatterChart::update_title);
    connect(this, &ChartView::clicked, this, [this](const Hit& hit) {
        PlotPoint p;
        {
            std::lock_guard lock(shared_->mutex);
            std::size_t i = store_index(hit);
            if (i >= shared_->store.size()) return;
            if (!shared_->store.kept(i)) {  // zoomed in past the kept grid: the nearest kept one
                const PlotPoint& q = shared_->store.at(i);
                const long k = shared_->store.nearest_kept({q.run, q.layer}, q.latency_cycles, q.energy_nj, 0.08);
                if (k < 0) return;
                i = static_cast<std::size_t>(k);
            }
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

void ScatterChart::show_series(std::optional<int> run, std::optional<int> layer) {
    chosen_run_ = run;
    chosen_layer_ = layer;
    drawn_version_ = ~std::uint64_t{0};
    redraw();
}

void ScatterChart::set_preferred_layer(int layer) {
    if (layer == preferred_layer_) return;
    preferred_layer_ = layer;
    drawn_version_ = ~std::uint64_t{0};
    redraw();
}

std::vector<PlotSeries> ScatterChart::series() const {
    std::lock_guard lock(shared_->mutex);
    std::vector<PlotSeries> out;
    for (const auto& [s, count] : shared_->store.series()) out.push_back(s);
    return out;
}

std::vector<std::size_t> ScatterChart::shown_front() const {
    if (!shown_) return {};
    std::lock_guard lock(shared_->mutex);
    return shared_->store.pareto_front(*shown_);
}

std::optional<PlotSeries> ScatterChart::resolve_series(const PointStore& store) const {
    const auto& all = store.series();
    if (all.empty()) return std::nullopt;
    int run = all.rbegin()->first.run;  // the newest
    if (chosen_run_ && all.lower_bound({*chosen_run_, std::numeric_limits<int>::min()}) != all.end() &&
        all.lower_bound({*chosen_run_, std::numeric_limits<int>::min()})->first.run == *chosen_run_)
        run = *chosen_run_;
    for (const std::optional<int>& layer : {chosen_layer_, std::optional<int>(preferred_layer_)})
        if (layer && all.count({run, *layer})) return PlotSeries{run, *layer};
    return all.lower_bound({run, std::numeric_limits<int>::min()})->first;
}

std::size_t ScatterChart::point_count() const {
    std::lock_guard lock(shared_->mutex);
    return shared_->store.size();
}

std::size_t ScatterChart::drawn_points() const { return static_cast<std::size_t>(drawn_count(valid_layer_) + drawn_count(invalid_layer_)); }

std::size_t ScatterChart::store_index(const Hit& hit) const {
    const auto& index = hit.layer == valid_layer_ ? valid_index_ : hit.layer == front_layer_ ? front_index_ : invalid_index_;
    return hit.index >= 0 && static_cast<std::size_t>(hit.index) < index.size() ? index[static_cast<std::size_t>(hit.index)]
                                                                                : ~std::size_t{0};
}

void ScatterChart::redraw() {
    // Copy what changed under the lock, hand it to the chart without it. A search thread at low
    // priority can be holding the lock while the CPU is busy elsewhere; waiting for it would
    // freeze the window for as long as the scheduler keeps that thread waiting, so try the next
    // tick.
    std::unique_lock lock(shared_->mutex, std::try_to_lock);
    if (!lock.owns_lock()) return;
    const PointStore& store = shared_->store;
    if (store.version() == drawn_version_) return;
    drawn_version_ = store.version();
    const bool series_list_changed = store.series_generation() != series_generation_;
    series_generation_ = store.series_generation();
    const std::optional<PlotSeries> target = resolve_series(store);
    const bool restart = store.generation() != copied_generation_ || target != shown_;
    // Points of other series (the other layers of a whole-model run) change nothing drawn.
    if (!restart && (!shown_ || store.series().at(*shown_) == shown_points_)) {
        copied_ = store.size();
        lock.unlock();
        if (series_list_changed) emit series_changed();
        return;
    }
    ++repaints_;
    if (restart) {
        copied_generation_ = store.generation();
        copied_ = 0;
        valid_index_.clear();
        invalid_index_.clear();
        shown_ = target;
    }
    std::vector<QPointF> valid, invalid;
    std::vector<std::uint8_t> valid_kept, invalid_kept;
    if (shown_)
        for (std::size_t i = copied_; i < store.size(); ++i) {
            const PlotPoint& p = store.at(i);
            if (p.run != shown_->run || p.layer != shown_->layer) continue;
            const bool v = p.valid;
            (v ? valid : invalid).emplace_back(p.latency_cycles, p.energy_nj);
            (v ? valid_kept : invalid_kept).push_back(store.kept(i) ? 1 : 0);
            (v ? valid_index_ : invalid_index_).push_back(i);
        }
    copied_ = store.size();
    total_ = shown_ ? store.series().at(*shown_) : 0;
    shown_points_ = total_;
    front_index_ = shown_ ? store.pareto_front(*shown_) : std::vector<std::size_t>{};
    std::vector<QPointF> front;
    front.reserve(front_index_.size());
    for (std::size_t i : front_index_) front.emplace_back(store.at(i).latency_cycles, store.at(i).energy_nj);
    lock.unlock();
    if (restart) {
        set_data(valid_layer_, {});
        set_data(invalid_layer_, {});
    }
    append(valid_layer_, valid, valid_kept);
    append(invalid_layer_, invalid, invalid_kept);
    set_data(front_layer_, std::move(front));
    fit_to_data();
    update_title();
    if (series_list_changed) emit series_changed();
}

void ScatterChart::update_title() {
    if (!shown_) {
        set_title(tr("Evaluated mappings"));
        return;
    }
    const QLocale locale;
    const QString title = tr("Run %1, layer %2: %3 mappings").arg(shown_->run).arg(shown_->layer + 1).arg(locale.toString(static_cast<qulonglong>(total_)));
    const QString drawn = tr(" (%1 drawn)").arg(locale.toString(static_cast<qulonglong>(drawn_points())));
    // How many are drawn where the title has room for it (Qt Charts elides a long title).
    QFont bold = font();
    bold.setBold(true);
    set_title(QFontMetrics(bold).horizontalAdvance(title + drawn) + 24 <= width() ? title + drawn : title);
}

bool ScatterChart::click_at(double latency, double energy) {
    PlotPoint p;
    {
        std::lock_guard lock(shared_->mutex);
        if (!shown_) return false;
        const long i = shared_->store.nearest_kept(*shown_, latency, energy, 0.08);
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
    bool kept = false;
    {
        std::lock_guard lock(shared_->mutex);
        const std::size_t i = store_index(hit);
        if (i >= shared_->store.size()) return;
        p = shared_->store.at(i);
        kept = shared_->store.kept(i);
    }
    QToolTip::showText(global_position,
                       tr("Layer %1, run %2, sample %3\n%4, %5%6\n%7")
                           .arg(p.layer + 1)
                           .arg(p.run)
                           .arg(p.sample)
                           .arg(QString::fromStdString(format_quantity(p.latency_cycles, Quantity::Cycles)))
                           .arg(QString::fromStdString(format_quantity(p.energy_nj, Quantity::EnergyNj)))
                           .arg(p.valid ? QString() : tr(" (invalid)"))
                           .arg(kept ? mapping_summary(p.mapping) + tr("\nClick to load it into the editor")
                                     : tr("Its mapping was not kept (one per 1/%1 decade): click loads the nearest kept one")
                                           .arg(kKeptCellsPerDecade)),
                       this);
}

}  // namespace mapscape::ui
