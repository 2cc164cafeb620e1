#include "results_scatter.hpp"

#include <QToolTip>

#include <algorithm>
#include <cmath>

#include "chart_palette.hpp"

namespace mapscape::ui {

namespace {

constexpr int kMaxColours = 10;
constexpr std::size_t kMaxMarkers = 4000;

// The charts' series colours (chart_palette.hpp), and grey for "other".
QColor colour_of(int layer) { return layer < kMaxColours ? series_color(layer) : QColor(170, 170, 170); }

double scaled(double v, bool log) { return log ? std::log10(v) : v; }

}  // namespace

ChartView::Axis results_axis(const RunColumn& column, bool log) {
    const Quantity quantity = quantity_of_field(column.name);
    QString title = QString::fromStdString(column.title);
    // "energy (nJ)" -> "energy": the ticks carry the unit, or the chart adds the base unit.
    if (quantity != Quantity::Plain && title.endsWith(')') && title.contains(" ("))
        title.truncate(title.lastIndexOf(" ("));
    return {title, quantity, log ? ChartView::Scale::Log : ChartView::Scale::Linear};
}

ResultsScatter::ResultsScatter(QWidget* parent) : ChartView(parent) {
    set_title(tr("Runs"));
    setMinimumSize(240, 200);
    // One point layer per colour, the last one for "other"; a layer without points is neither
    // drawn nor in the legend.
    for (int i = 0; i <= kMaxColours; ++i) add_point_layer({}, colour_of(i), 6);
    rows_.resize(kMaxColours + 1);
    connect(this, &ChartView::hovered, this, &ResultsScatter::on_hover);
    connect(this, &ChartView::left, this, [] { QToolTip::hideText(); });
    connect(this, &ChartView::clicked, this, [this](const Hit& hit) { emit run_clicked(row_of(hit)); });
    connect(this, &ChartView::redrawn, this, &ResultsScatter::update_title);
    // Fewer markers than the other charts' 6,000: this chart repaints on every change of columns
    // or filter, and a few thousand runs' markers show a 200,000-run cloud as well.
    set_max_markers(kMaxMarkers);
}

void ResultsScatter::clear() {
    for (std::size_t s = 0; s < rows_.size(); ++s) {
        ChartView::set_data(static_cast<int>(s), {});
        rows_[s].clear();
    }
    runs_ = drawable_ = not_drawable_ = 0;
    fit_to_data();
    update_title();
}

int ResultsScatter::series_count() const {
    int n = 0;
    for (std::size_t s = 0; s < rows_.size(); ++s) n += point_count(static_cast<int>(s)) > 0;
    return n;
}

int ResultsScatter::drawn_points() const {
    int n = 0;
    for (std::size_t s = 0; s < rows_.size(); ++s) n += drawn_count(static_cast<int>(s));
    return n;
}

struct ResultsScatter::Layers {
    std::vector<std::vector<std::uint32_t>> rows;  // per layer, the table row of each point
    QStringList names;                              // the layers drawn, in order
    bool has_other = false;
    std::size_t runs = 0, drawable = 0, not_drawable = 0;
};

void ResultsScatter::set_data(std::shared_ptr<const RunTable> table, const std::vector<std::uint32_t>& rows, const Axes& axes) {
    if (!table || axes.x < 0 || axes.y < 0) {
        table_ = std::move(table);
        axes_ = axes;
        set_axes({x_axis().title, x_axis().quantity, axes.log_x ? Scale::Log : Scale::Linear},
                 {y_axis().title, y_axis().quantity, axes.log_y ? Scale::Log : Scale::Linear});
        clear();
        return;
    }
    // The axes change now (the worker decimates for their scales); the points, the rows they
    // stand for and the title when the worker has built them.
    set_axes(results_axis(table->column(static_cast<std::size_t>(axes.x)), axes.log_x),
             results_axis(table->column(static_cast<std::size_t>(axes.y)), axes.log_y));
    auto built = std::make_shared<Layers>();
    std::vector<int> layers(rows_.size());
    for (std::size_t s = 0; s < layers.size(); ++s) layers[s] = static_cast<int>(s);
    build_data(
        layers, [table, rows, axes, built] { return build_layers(*table, rows, axes, *built); },
        [this, table, axes, built] { take(*built, table, axes); });
}

std::vector<std::vector<QPointF>> ResultsScatter::build_layers(const RunTable& table, const std::vector<std::uint32_t>& rows, const Axes& axes,
                                                               Layers& out) {
    const RunColumn& xc = table.column(static_cast<std::size_t>(axes.x));
    const RunColumn& yc = table.column(static_cast<std::size_t>(axes.y));
    const RunColumn* cc = axes.colour >= 0 ? &table.column(static_cast<std::size_t>(axes.colour)) : nullptr;

    // The points that can be drawn.
    std::vector<std::uint32_t> drawable;
    drawable.reserve(rows.size());
    std::size_t not_drawable = 0;
    for (std::uint32_t r : rows) {
        const double x = xc.numbers[r], y = yc.numbers[r];
        if (!std::isfinite(x) || !std::isfinite(y) || (axes.log_x && x <= 0) || (axes.log_y && y <= 0)) {
            ++not_drawable;
            continue;
        }
        drawable.push_back(r);
    }
    // The most frequent colour values get their own series; the rest share "other".
    std::vector<int> series_of_code;
    QStringList& names = out.names;
    if (cc) {
        std::vector<std::size_t> count(cc->values.size(), 0);
        for (std::uint32_t r : drawable) ++count[cc->codes[r]];
        std::vector<std::uint32_t> codes;
        for (std::uint32_t k = 0; k < count.size(); ++k)
            if (count[k] > 0) codes.push_back(k);
        std::stable_sort(codes.begin(), codes.end(), [&](std::uint32_t a, std::uint32_t b) { return count[a] > count[b]; });
        if (codes.size() > kMaxColours) codes.resize(kMaxColours - 1);
        std::sort(codes.begin(), codes.end());  // legend in value order
        series_of_code.assign(cc->values.size(), -1);
        for (std::uint32_t code : codes) {
            series_of_code[code] = static_cast<int>(names.size());
            names << (cc->values[code].empty() ? tr("(none)") : QString::fromStdString(cc->values[code]));
        }
        out.has_other = codes.size() < static_cast<std::size_t>(std::count_if(count.begin(), count.end(), [](std::size_t c) { return c > 0; }));
        if (out.has_other) names << tr("other");
    } else {
        names << tr("runs");
    }
    const int other = static_cast<int>(names.size()) - 1;
    // Every run goes to the chart, in table order (so that the points drawn where runs share a
    // spot do not depend on how the table is sorted); its worker draws one per cell and colour.
    // A pass over the table's rows puts them in order in linear time.
    if (!std::is_sorted(drawable.begin(), drawable.end())) {
        std::vector<char> shown(table.rows(), 0);
        for (std::uint32_t r : drawable) shown[r] = 1;
        drawable.clear();
        for (std::uint32_t r = 0; r < shown.size(); ++r)
            if (shown[r]) drawable.push_back(r);
    }
    const std::size_t layers = kMaxColours + 1;
    std::vector<std::uint8_t> series_of(drawable.size(), 0);
    std::vector<std::size_t> count(layers, 0);
    for (std::size_t i = 0; i < drawable.size(); ++i) {
        const std::uint32_t r = drawable[i];
        series_of[i] = static_cast<std::uint8_t>(cc ? (series_of_code[cc->codes[r]] >= 0 ? series_of_code[cc->codes[r]] : other) : 0);
        ++count[series_of[i]];
    }
    std::vector<std::vector<QPointF>> points(layers);
    out.rows.assign(layers, {});
    for (std::size_t s = 0; s < layers; ++s) {
        out.rows[s].reserve(count[s]);
        points[s].reserve(count[s]);
    }
    for (std::size_t i = 0; i < drawable.size(); ++i) {
        const std::uint32_t r = drawable[i];
        points[series_of[i]].emplace_back(xc.numbers[r], yc.numbers[r]);
        out.rows[series_of[i]].push_back(r);
    }
    out.runs = rows.size();
    out.drawable = drawable.size();
    out.not_drawable = not_drawable;
    return points;
}

void ResultsScatter::take(Layers& built, std::shared_ptr<const RunTable> table, const Axes& axes) {
    // The layers' points are the chart's now: the rows they stand for, names and colours with them.
    table_ = std::move(table);
    axes_ = axes;
    rows_ = std::move(built.rows);
    rows_.resize(kMaxColours + 1);
    const int other = static_cast<int>(built.names.size()) - 1;
    for (int layer = 0; layer < static_cast<int>(built.names.size()); ++layer) {
        set_layer_name(layer, built.names[layer]);
        QColor colour = colour_of(built.has_other && layer == other ? kMaxColours : layer % kMaxColours);
        colour.setAlpha(170);
        set_layer_color(layer, colour);
    }
    runs_ = built.runs;
    drawable_ = built.drawable;
    not_drawable_ = built.not_drawable;
    fit_to_data();
    update_title();
}

void ResultsScatter::update_title() {
    const auto drawn = static_cast<std::size_t>(drawn_points());
    const bool log = axes_.log_x || axes_.log_y;
    set_title(tr("%1 runs%2%3")
                  .arg(runs_)
                  .arg(drawn > 0 && drawn < drawable_ ? tr(" as %1 points (runs at the same spot share one)").arg(drawn) : QString())
                  .arg(not_drawable_ ? tr(" (%1 without a value%2)").arg(not_drawable_).arg(log ? tr(" or not positive") : QString()) : QString()));
}

std::optional<ChartView::Hit> ResultsScatter::nearest(QPointF value) const {
    // In fractions of the shown ranges, on the axes' scales, so that it does not depend on the
    // widget's size (tests click without a window). Among the drawn points, as the pointer does.
    const bool log_x = x_axis().scale == Scale::Log, log_y = y_axis().scale == Scale::Log;
    if ((log_x && value.x() <= 0) || (log_y && value.y() <= 0)) return std::nullopt;
    const auto [xlo, xhi] = x_range();
    const auto [ylo, yhi] = y_range();
    const double xr = std::max(scaled(xhi, log_x) - scaled(xlo, log_x), 1e-12), yr = std::max(scaled(yhi, log_y) - scaled(ylo, log_y), 1e-12);
    const double vx = scaled(value.x(), log_x), vy = scaled(value.y(), log_y);
    std::optional<Hit> best;
    double best_distance = 0.03 * 0.03;
    for (std::size_t s = 0; s < rows_.size(); ++s) {
        const DecimatedSeries& d = drawn(static_cast<int>(s));
        const int count = drawn_count(static_cast<int>(s));
        for (int i = 0; i < count; ++i) {
            const QPointF& a = d.points[i];  // axis coordinates: log10 on a log axis, as `scaled`
            const double dx = (a.x() - vx) / xr, dy = (a.y() - vy) / yr;
            if (dx * dx + dy * dy < best_distance) {
                best_distance = dx * dx + dy * dy;
                best = Hit{static_cast<int>(s), d.source[static_cast<std::size_t>(i)]};
            }
        }
    }
    return best;
}

bool ResultsScatter::click_at(QPointF value) {
    const auto hit = nearest(value);
    if (!hit) return false;
    emit run_clicked(row_of(*hit));
    return true;
}

void ResultsScatter::on_hover(const Hit& hit, const QPoint& global_position) {
    if (hit.layer < 0 || !table_) {
        QToolTip::hideText();
        return;
    }
    const std::uint32_t row = row_of(hit);
    QStringList lines;
    for (const char* name : {"model", "accelerator", "system", "algorithm", "objective", "seed"}) {
        const int c = table_->column_index(name);
        if (c >= 0) lines << QStringLiteral("%1: %2").arg(name, QString::fromStdString(table_->text(row, static_cast<std::size_t>(c))));
    }
    for (int c : {axes_.x, axes_.y}) {
        const Axis axis = results_axis(table_->column(static_cast<std::size_t>(c)), false);
        lines << QStringLiteral("%1: %2").arg(axis.title, QString::fromStdString(format_quantity(table_->number(row, static_cast<std::size_t>(c)), axis.quantity)));
    }
    QToolTip::showText(global_position, lines.join('\n') + tr("\nClick to select the run"), this);
}

}  // namespace mapscape::ui
