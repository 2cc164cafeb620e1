#include "results_scatter.hpp"

#include <QLogValueAxis>
#include <QScatterSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace mapscape::ui {

namespace {

constexpr int kMaxColours = 10;
constexpr int kGridColumns = 160, kGridRows = 110;
constexpr std::size_t kMaxDrawn = 3000;

const QColor kPalette[kMaxColours + 1] = {
    QColor(31, 119, 180), QColor(255, 127, 14), QColor(44, 160, 44),  QColor(214, 39, 40),  QColor(148, 103, 189),
    QColor(140, 86, 75),  QColor(227, 119, 194), QColor(188, 189, 34), QColor(23, 190, 207), QColor(60, 60, 60),
    QColor(170, 170, 170)};  // the last one: "other"

double scaled(double v, bool log) { return log ? std::log10(v) : v; }

}  // namespace

ResultsScatter::ResultsScatter(QWidget* parent) : QChartView(parent) {
    auto* chart = new QChart;
    chart->setTitle(tr("Runs"));
    chart->legend()->setAlignment(Qt::AlignRight);
    setChart(chart);
    setRenderHint(QPainter::Antialiasing, false);
    setMinimumSize(240, 200);
    // The series and axes live as long as the chart: building them anew costs tens of ms.
    for (int i = 0; i <= kMaxColours; ++i) {
        auto* series = new QScatterSeries;
        series->setMarkerSize(6);
        series->setBorderColor(Qt::transparent);
        series->setVisible(false);
        chart->addSeries(series);
        series_.push_back({series, {}});
        connect(series, &QScatterSeries::clicked, this, [this](const QPointF& p) { click_at(p); });
        connect(series, &QScatterSeries::hovered, this, &ResultsScatter::on_hover);
    }
    set_log_axes(true, true);
}

void ResultsScatter::set_log_axes(bool log_x, bool log_y) {
    if (x_axis_ && log_x == axes_.log_x && log_y == axes_.log_y) return;
    for (QAbstractAxis* a : chart()->axes()) {
        chart()->removeAxis(a);
        delete a;
    }
    auto make_axis = [](bool log) -> QAbstractAxis* {
        if (log) {
            auto* a = new QLogValueAxis;
            a->setBase(10);
            a->setLabelFormat("%.2g");
            a->setMinorTickCount(0);
            return a;
        }
        auto* a = new QValueAxis;
        a->setLabelFormat("%.3g");
        return a;
    };
    x_axis_ = make_axis(log_x);
    y_axis_ = make_axis(log_y);
    chart()->addAxis(x_axis_, Qt::AlignBottom);
    chart()->addAxis(y_axis_, Qt::AlignLeft);
    for (Drawn& d : series_) {
        d.series->attachAxis(x_axis_);
        d.series->attachAxis(y_axis_);
    }
    axes_.log_x = log_x;
    axes_.log_y = log_y;
}

void ResultsScatter::clear() {
    for (Drawn& d : series_) {
        d.series->clear();
        d.series->setVisible(false);
        d.rows.clear();
    }
}

int ResultsScatter::series_count() const {
    return static_cast<int>(std::count_if(series_.begin(), series_.end(), [](const Drawn& d) { return d.series->isVisible(); }));
}

int ResultsScatter::drawn_points() const {
    int n = 0;
    for (const Drawn& d : series_) n += d.series->count();
    return n;
}

void ResultsScatter::set_data(const RunTable* table, const std::vector<std::uint32_t>& rows, const Axes& axes) {
    table_ = table;
    set_log_axes(axes.log_x, axes.log_y);
    axes_ = axes;
    if (!table || axes.x < 0 || axes.y < 0) {
        clear();
        return;
    }
    const RunColumn& xc = table->column(static_cast<std::size_t>(axes.x));
    const RunColumn& yc = table->column(static_cast<std::size_t>(axes.y));
    const RunColumn* cc = axes.colour >= 0 ? &table->column(static_cast<std::size_t>(axes.colour)) : nullptr;

    // The points that can be drawn, and the data's range.
    std::vector<std::uint32_t> drawable;
    drawable.reserve(rows.size());
    double x0 = 1e300, x1 = -1e300, y0 = 1e300, y1 = -1e300;
    std::size_t not_drawable = 0;
    for (std::uint32_t r : rows) {
        const double x = xc.numbers[r], y = yc.numbers[r];
        if (!std::isfinite(x) || !std::isfinite(y) || (axes.log_x && x <= 0) || (axes.log_y && y <= 0)) {
            ++not_drawable;
            continue;
        }
        drawable.push_back(r);
        x0 = std::min(x0, scaled(x, axes.log_x));
        x1 = std::max(x1, scaled(x, axes.log_x));
        y0 = std::min(y0, scaled(y, axes.log_y));
        y1 = std::max(y1, scaled(y, axes.log_y));
    }
    // The most frequent colour values get their own series; the rest share "other".
    std::vector<int> series_of_code;
    QStringList names;
    bool has_other = false;
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
        has_other = codes.size() < static_cast<std::size_t>(std::count_if(count.begin(), count.end(), [](std::size_t c) { return c > 0; }));
        if (has_other) names << tr("other");
    } else {
        names << tr("runs");
    }
    const int other = static_cast<int>(names.size()) - 1;
    // Qt Charts makes a graphics item per scatter marker, so only a few thousand can be drawn
    // without stalling the window: one point per grid cell and colour, on the finest of a few
    // grids that keeps the total under kMaxDrawn. Rows are taken in table order, so that the
    // points drawn do not depend on how the table is sorted.
    std::sort(drawable.begin(), drawable.end());
    std::vector<int> series_of_row(drawable.size());
    std::vector<std::uint32_t> fine_cell(drawable.size());
    const double xs = x1 > x0 ? (kGridColumns - 1) / (x1 - x0) : 0, ys = y1 > y0 ? (kGridRows - 1) / (y1 - y0) : 0;
    for (std::size_t i = 0; i < drawable.size(); ++i) {
        const std::uint32_t r = drawable[i];
        series_of_row[i] = cc ? (series_of_code[cc->codes[r]] >= 0 ? series_of_code[cc->codes[r]] : other) : 0;
        const auto cx = static_cast<std::uint32_t>((scaled(xc.numbers[r], axes.log_x) - x0) * xs);
        const auto cy = static_cast<std::uint32_t>((scaled(yc.numbers[r], axes.log_y) - y0) * ys);
        fine_cell[i] = cx << 16 | cy;
    }
    std::vector<std::size_t> chosen;  // indices into drawable
    std::vector<char> used;
    for (int coarsen = 0; coarsen < 6; ++coarsen) {
        chosen.clear();
        const std::size_t rows_of_grid = (kGridRows >> coarsen) + 1, cells = ((kGridColumns >> coarsen) + 1) * rows_of_grid;
        used.assign(cells * static_cast<std::size_t>(names.size()), 0);
        for (std::size_t i = 0; i < drawable.size(); ++i) {
            const std::size_t cell = (fine_cell[i] >> 16 >> coarsen) * rows_of_grid + ((fine_cell[i] & 0xffff) >> coarsen);
            char& taken = used[static_cast<std::size_t>(series_of_row[i]) * cells + cell];
            if (!taken) chosen.push_back(i);
            taken = 1;
        }
        if (chosen.size() <= kMaxDrawn) break;
    }
    std::vector<QList<QPointF>> points(static_cast<std::size_t>(names.size()));
    std::vector<std::vector<std::uint32_t>> point_rows(points.size());
    for (std::size_t i : chosen) {
        const auto s = static_cast<std::size_t>(series_of_row[i]);
        const std::uint32_t r = drawable[i];
        points[s].append({xc.numbers[r], yc.numbers[r]});
        point_rows[s].push_back(r);
    }

    const bool empty = drawable.empty();
    auto set_range = [](QAbstractAxis* a, bool log, double lo, double hi, const QString& title) {
        const double pad = std::max((hi - lo) * 0.05, log ? 0.05 : std::max(std::abs(hi) * 0.05, 1e-9));
        a->setTitleText(title);
        if (!log) {
            a->setRange(lo - pad, hi + pad);
            return;
        }
        // A log axis labels the powers of its base: over less than a few decades, base 10
        // would leave the axis bare, so the base shrinks to give about four labels.
        auto* log_axis = static_cast<QLogValueAxis*>(a);
        const double decades = hi - lo + 2 * pad;
        log_axis->setBase(decades >= 4 ? 10.0 : std::pow(10.0, std::max(decades / 4, 0.02)));
        log_axis->setRange(std::pow(10, lo - pad), std::pow(10, hi + pad));
    };
    set_range(x_axis_, axes.log_x, empty ? 0 : x0, empty ? 1 : x1, QString::fromStdString(xc.title));
    set_range(y_axis_, axes.log_y, empty ? 0 : y0, empty ? 1 : y1, QString::fromStdString(yc.title));
    x_range_[0] = x0;
    x_range_[1] = x1;
    y_range_[0] = y0;
    y_range_[1] = y1;
    for (std::size_t s = 0; s < series_.size(); ++s) {
        Drawn& d = series_[s];
        const bool in_use = s < points.size() && !points[s].isEmpty();
        if (in_use) {
            d.series->setName(names[static_cast<qsizetype>(s)]);
            QColor colour = kPalette[has_other && static_cast<int>(s) == other ? kMaxColours : static_cast<int>(s) % kMaxColours];
            colour.setAlpha(170);
            d.series->setColor(colour);
            d.series->setBorderColor(Qt::transparent);
            d.series->replace(points[s]);
            d.rows = std::move(point_rows[s]);
        } else if (d.series->count() > 0) {
            d.series->clear();
            d.rows.clear();
        }
        d.series->setVisible(in_use);
    }
    const int drawn = drawn_points();
    chart()->setTitle(tr("%1 runs%2%3")
                          .arg(rows.size())
                          .arg(static_cast<std::size_t>(drawn) < drawable.size()
                                   ? tr(" as %1 points (runs at the same spot share one)").arg(drawn)
                                   : QString())
                          .arg(not_drawable ? tr(" (%1 without a value%2)").arg(not_drawable).arg(axes.log_x || axes.log_y ? tr(" or not positive") : QString())
                                            : QString()));
}

long ResultsScatter::nearest(QPointF value, std::size_t& series) const {
    long best = -1;
    double best_distance = 0.03 * 0.03;  // in fractions of the plotted range
    const double xr = std::max(x_range_[1] - x_range_[0], 1e-12), yr = std::max(y_range_[1] - y_range_[0], 1e-12);
    const double vx = scaled(value.x(), axes_.log_x), vy = scaled(value.y(), axes_.log_y);
    for (std::size_t s = 0; s < series_.size(); ++s) {
        const QList<QPointF> pts = series_[s].series->points();
        for (qsizetype i = 0; i < pts.size(); ++i) {
            const double dx = (scaled(pts[i].x(), axes_.log_x) - vx) / xr, dy = (scaled(pts[i].y(), axes_.log_y) - vy) / yr;
            if (dx * dx + dy * dy < best_distance) {
                best_distance = dx * dx + dy * dy;
                best = static_cast<long>(i);
                series = s;
            }
        }
    }
    return best;
}

bool ResultsScatter::click_at(QPointF value) {
    std::size_t s = 0;
    const long i = nearest(value, s);
    if (i < 0) return false;
    emit run_clicked(series_[s].rows[static_cast<std::size_t>(i)]);
    return true;
}

void ResultsScatter::on_hover(const QPointF& point, bool state) {
    if (!state || !table_) {
        QToolTip::hideText();
        return;
    }
    std::size_t s = 0;
    const long i = nearest(point, s);
    if (i < 0) return;
    const std::uint32_t row = series_[s].rows[static_cast<std::size_t>(i)];
    QStringList lines;
    for (const char* name : {"model", "accelerator", "system", "algorithm", "objective", "seed"}) {
        const int c = table_->column_index(name);
        if (c >= 0) lines << QStringLiteral("%1: %2").arg(name, QString::fromStdString(table_->text(row, static_cast<std::size_t>(c))));
    }
    for (int c : {axes_.x, axes_.y})
        lines << QStringLiteral("%1: %2").arg(QString::fromStdString(table_->column(static_cast<std::size_t>(c)).title),
                                              QString::fromStdString(table_->text(row, static_cast<std::size_t>(c))));
    QToolTip::showText(QCursor::pos(), lines.join('\n') + tr("\nClick to select the run"), this);
}

}  // namespace mapscape::ui
