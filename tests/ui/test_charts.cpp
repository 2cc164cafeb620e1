// The charts on Qt Charts, offscreen: decimation keeps real points only and draws the same
// pixels as all of them would (markers: one per cell; lines: each pixel column's extremes),
// takes new points incrementally, and follows zoom, pan and resize; hover and click reach the
// real point (the energy-latency scatter's tooltip and click too); axes keep round ticks in the
// quantity's unit; exports write PNG and SVG.
#include <QRegularExpression>
#include <QSignalSpy>
#include <QToolTip>
#include <QTemporaryDir>
#include <QValueAxis>
#include <QtTest>

#include <cmath>
#include <random>
#include <set>

#include "chart_decimation.hpp"
#include "chart_palette.hpp"
#include "chart_ticks.hpp"
#include "chart_view.hpp"
#include "scatter_chart.hpp"
#include "util/units.hpp"
#include "widget_export.hpp"

using namespace mapscape;
using namespace mapscape::ui;

namespace {

std::vector<QPointF> lognormal_cloud(int n, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::lognormal_distribution<double> x(std::log(2e5), 0.8), y(std::log(5e3), 0.6);
    std::vector<QPointF> out;
    out.reserve(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) out.emplace_back(x(rng), y(rng));
    return out;
}

PlotFrame log_frame(const std::vector<QPointF>& data, double width, double height) {
    PlotFrame f;
    f.width_px = width;
    f.height_px = height;
    f.log_x = f.log_y = true;
    f.x_lo = f.y_lo = 1e300;
    f.x_hi = f.y_hi = -1e300;
    for (const QPointF& p : data) {
        f.x_lo = std::min(f.x_lo, std::log10(p.x()));
        f.x_hi = std::max(f.x_hi, std::log10(p.x()));
        f.y_lo = std::min(f.y_lo, std::log10(p.y()));
        f.y_hi = std::max(f.y_hi, std::log10(p.y()));
    }
    return f;
}

// The grid cell of a data point in a frame (as MarkerDecimator defines it).
std::pair<int, int> cell_of(const QPointF& p, const PlotFrame& f, double cell_px) {
    const int columns = static_cast<int>(std::ceil(f.width_px / cell_px)), rows = static_cast<int>(std::ceil(f.height_px / cell_px));
    const QPointF a = axis_point(p, f);
    return {std::min(columns - 1, static_cast<int>((a.x() - f.x_lo) * columns / (f.x_hi - f.x_lo))),
            std::min(rows - 1, static_cast<int>((a.y() - f.y_lo) * rows / (f.y_hi - f.y_lo)))};
}

}  // namespace

class ChartsTest : public QObject {
    Q_OBJECT

private slots:
    // 200,000 points become one per occupied cell: every drawn point is a real one, and every
    // real point has a drawn one in its cell, so the picture is the same.
    void markers_keep_one_real_point_per_cell() {
        const std::vector<QPointF> data = lognormal_cloud(200000, 7);
        const PlotFrame f = log_frame(data, 800, 500);
        MarkerDecimator m;
        m.reset(f, 5);
        m.take(data.data(), nullptr, data.size());
        const DecimatedSeries d = m.result(data.data());
        QCOMPARE(static_cast<std::size_t>(d.points.size()), d.source.size());
        QVERIFY(d.points.size() > 1000);
        QVERIFY(d.points.size() <= 160 * 100);  // cells of 5 px in 800 x 500
        std::set<std::pair<int, int>> drawn_cells;
        for (qsizetype i = 0; i < d.points.size(); ++i) {
            const QPointF& real = data[static_cast<std::size_t>(d.source[static_cast<std::size_t>(i)])];
            QCOMPARE(d.points[i], axis_point(real, f));  // a real point, in axis coordinates
            QVERIFY(drawn_cells.insert(cell_of(real, f, 5)).second);  // one per cell
        }
        for (const QPointF& p : data) QVERIFY(drawn_cells.count(cell_of(p, f, 5)) == 1);
        // The first point of a cell is the one drawn, whatever arrives later.
        QCOMPARE(d.source.front(), 0);
    }

    // New points cost only themselves, and end where taking all at once ends.
    void markers_take_new_points_incrementally() {
        const std::vector<QPointF> data = lognormal_cloud(50000, 3);
        const PlotFrame f = log_frame(data, 600, 400);
        MarkerDecimator all, step;
        all.reset(f, 4);
        all.take(data.data(), nullptr, data.size());
        step.reset(f, 4);
        for (std::size_t n = 1000; n <= data.size(); n += 7000) step.take(data.data(), nullptr, n);
        step.take(data.data(), nullptr, data.size());
        QCOMPARE(step.taken(), data.size());
        QCOMPARE(step.result(data.data()).source, all.result(data.data()).source);
    }

    // A preferred point (the scatter's: one whose mapping was kept) takes its cell over.
    void markers_prefer_preferred_points() {
        const std::vector<QPointF> data{{10, 10}, {10.001, 10.001}, {10.002, 10.002}};
        const std::vector<std::uint8_t> preferred{0, 1, 1};
        PlotFrame f;
        f.width_px = f.height_px = 100;
        f.x_lo = f.y_lo = 0;
        f.x_hi = f.y_hi = 100;
        MarkerDecimator m;
        m.reset(f, 5);
        m.take(data.data(), preferred.data(), data.size());
        QCOMPARE(m.result(data.data()).source, std::vector<std::int32_t>{1});
    }

    // Lines keep each pixel column's first, lowest, highest and last point: the drawn polyline
    // covers the same pixels. Steps get their corners (not real points: index -1).
    void lines_keep_each_columns_extremes() {
        std::vector<QPointF> data;
        std::mt19937_64 rng(1);
        std::normal_distribution<double> noise(0, 1);
        for (int i = 0; i < 200000; ++i) data.emplace_back(i, std::sin(i * 1e-4) * 100 + noise(rng));
        PlotFrame f;
        f.width_px = 700;
        f.height_px = 400;
        f.x_lo = 0;
        f.x_hi = 199999;
        f.y_lo = -110;
        f.y_hi = 110;
        const DecimatedSeries d = decimate_line(data, f, false);
        QVERIFY(d.points.size() <= 4 * 701);
        QVERIFY(d.points.size() >= 2 * 700);
        std::map<int, std::pair<double, double>> data_range, drawn_range;
        auto column = [&](double x) { return static_cast<int>((x - f.x_lo) * f.width_px / (f.x_hi - f.x_lo)); };
        for (const QPointF& p : data) {
            auto [it, fresh] = data_range.try_emplace(column(p.x()), p.y(), p.y());
            it->second = {std::min(it->second.first, p.y()), std::max(it->second.second, p.y())};
        }
        for (qsizetype i = 0; i < d.points.size(); ++i) {
            const auto source = static_cast<std::size_t>(d.source[static_cast<std::size_t>(i)]);
            QCOMPARE(d.points[i], data[source]);
            if (i > 0) QVERIFY(d.source[static_cast<std::size_t>(i)] > d.source[static_cast<std::size_t>(i - 1)]);  // in data order
            auto [it, fresh] = drawn_range.try_emplace(column(d.points[i].x()), d.points[i].y(), d.points[i].y());
            it->second = {std::min(it->second.first, d.points[i].y()), std::max(it->second.second, d.points[i].y())};
        }
        QCOMPARE(drawn_range, data_range);
        QCOMPARE(d.source.front(), 0);
        QCOMPARE(d.source.back(), 199999);

        // A best-so-far staircase on a log sample axis: corners between its points.
        std::vector<QPointF> best{{1, 100}, {10, 50}, {100, 20}};
        PlotFrame lf;
        lf.width_px = 300;
        lf.height_px = 200;
        lf.log_x = lf.log_y = true;
        lf.x_lo = 0;
        lf.x_hi = 2;
        lf.y_lo = 1;
        lf.y_hi = 2;
        const DecimatedSeries s = decimate_line(best, lf, true);
        QCOMPARE(s.points.size(), 5);
        QCOMPARE(s.source, (std::vector<std::int32_t>{0, -1, 1, -1, 2}));
        QCOMPARE(s.points[1], QPointF(1, 2));  // (log10 10, log10 100): across, then down
    }

    // Points outside the shown range are left out of markers, and lines keep one on each side
    // so that they still cross the plot's edge.
    void zoomed_frames_leave_out_what_is_not_shown() {
        std::vector<QPointF> line;
        for (int i = 0; i < 1000; ++i) line.emplace_back(i, i);
        PlotFrame f;
        f.width_px = 100;
        f.height_px = 100;
        f.x_lo = 400;
        f.x_hi = 600;
        f.y_lo = 400;
        f.y_hi = 600;
        const DecimatedSeries d = decimate_line(line, f, false);
        QCOMPARE(d.source.front(), 0);   // the run left of the plot: its first...
        QCOMPARE(d.source.back(), 999);  // ...and the run right of it: its last
        QVERIFY(d.points.size() < 420);
        MarkerDecimator m;
        m.reset(f, 2);
        m.take(line.data(), nullptr, line.size());
        for (const QPointF& p : m.result(line.data()).points) QVERIFY(p.x() >= 400 && p.x() <= 600);
    }

    // The chart: 200,000 points decimated off the GUI thread; hover and click give back the real
    // point's index; zoom and resize decimate again; ticks stay round, with units.
    void the_chart_draws_what_its_plot_shows_and_picks_real_points() {
        ChartView chart;
        chart.resize(800, 500);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.set_title("cloud");
        chart.set_axes({"latency", Quantity::Cycles, ChartView::Scale::Log}, {"energy", Quantity::EnergyNj, ChartView::Scale::Log});
        const int layer = chart.add_point_layer("points", QColor(30, 110, 200), 5);
        const std::vector<QPointF> data = lognormal_cloud(200000, 11);
        chart.set_data(layer, data);
        chart.fit_to_data();
        chart.settle();
        QCOMPARE(chart.point_count(layer), 200000);
        const int drawn = chart.drawn_count(layer);
        QVERIFY(drawn > 500);
        QVERIFY(drawn < 20000);
        for (double t : chart.ticks(Qt::Vertical)) QVERIFY(chart.tick_label(Qt::Vertical, t).endsWith("J"));

        // Hover a drawn point: the hit is the real point it stands for.
        const auto& d = chart.drawn(layer);
        const QPointF real = data[static_cast<std::size_t>(d.source[static_cast<std::size_t>(drawn / 2)])];
        const QPoint at = chart.to_widget(real).toPoint();
        QSignalSpy hovered(&chart, &ChartView::hovered);
        QTest::mouseMove(chart.viewport(), at);
        QTRY_VERIFY(hovered.count() >= 1);
        const auto hit = hovered.back().front().value<ChartView::Hit>();
        QCOMPARE(hit.layer, layer);
        QVERIFY(hit.index >= 0);
        const QPointF picked = chart.to_widget(data[static_cast<std::size_t>(hit.index)]);
        QVERIFY(std::hypot(picked.x() - at.x(), picked.y() - at.y()) <= 8);
        QSignalSpy clicked(&chart, &ChartView::clicked);
        QTest::mouseClick(chart.viewport(), Qt::LeftButton, {}, at);
        QCOMPARE(clicked.count(), 1);
        QCOMPARE(clicked.front().front().value<ChartView::Hit>().index, hit.index);

        // Zoom in around that point: every drawn point lies in the new ranges, and more of the
        // data is drawn there than before.
        const auto [x0, x1] = chart.x_range();
        chart.zoom(real, 8);
        chart.settle();
        QVERIFY(chart.zoomed());
        const auto [zx0, zx1] = chart.x_range();
        QVERIFY(zx1 / zx0 < std::pow(x1 / x0, 0.2));
        for (int i = 0; i < chart.drawn_count(layer); ++i) {
            const QPointF p = data[static_cast<std::size_t>(chart.drawn(layer).source[static_cast<std::size_t>(i)])];
            QVERIFY(p.x() >= zx0 && p.x() <= zx1);
        }
        // New data while zoomed keeps the zoom; a double click fits the data again.
        chart.append(layer, QPointF(1e9, 1e9));
        chart.fit_to_data();
        QCOMPARE(chart.x_range().second, zx1);
        QTest::mouseDClick(chart.viewport(), Qt::LeftButton, {}, at);
        chart.settle();
        QVERIFY(!chart.zoomed());
        QVERIFY(chart.x_range().second > 1e9);

        // A smaller plot draws fewer cells.
        const int before = chart.drawn_count(layer);
        chart.resize(400, 300);
        QTRY_VERIFY(chart.settled());
        chart.settle();
        QVERIFY(chart.drawn_count(layer) < before);

        QTemporaryDir dir;
        QVERIFY(export_widget_image(&chart, dir.filePath("c.png")));
        QVERIFY(export_widget_image(&chart, dir.filePath("c.svg")));
        QCOMPARE(QImage(dir.filePath("c.png")).size(), chart.size() * chart.devicePixelRatio());
        QFile svg(dir.filePath("c.svg"));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        QVERIFY(QString::fromUtf8(svg.readAll()).contains("cloud"));
        if (QGuiApplication::platformName() == "offscreen") QVERIFY(ChartView::opengl_reason().startsWith("off"));
    }

    // Layers built on the decimation worker (build_data, as the sweep results' scatter builds its
    // colour layers): the builder runs off the GUI thread, the chart takes the built data with
    // its drawing, `done` runs once, and a click reaches the real point of the built data. A
    // chart's own marker cap holds, shared by its layers.
    void layers_built_on_the_worker_are_capped_and_pick_real_points() {
        ChartView chart;
        chart.resize(800, 500);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.set_axes({"latency", Quantity::Cycles, ChartView::Scale::Log}, {"energy", Quantity::EnergyNj, ChartView::Scale::Log});
        const int a = chart.add_point_layer("a", QColor(30, 110, 200), 5), b = chart.add_point_layer("b", QColor(200, 110, 30), 5);
        chart.set_max_markers(3000);
        const std::vector<QPointF> data = lognormal_cloud(200000, 12);
        QThread* gui = QThread::currentThread();
        QThread* built_on = gui;
        int done = 0;
        chart.build_data(
            {a, b},
            [&] {
                built_on = QThread::currentThread();
                return std::vector<std::vector<QPointF>>{std::vector<QPointF>(data.begin(), data.begin() + 100000),
                                                         std::vector<QPointF>(data.begin() + 100000, data.end())};
            },
            [&] {
                ++done;
                chart.fit_to_data();
            });
        QCOMPARE(chart.point_count(a), 0);  // not yet taken
        chart.settle();
        QVERIFY(built_on != gui);
        QCOMPARE(done, 1);
        QCOMPARE(chart.point_count(a), 100000);
        QCOMPARE(chart.point_count(b), 100000);
        QVERIFY(chart.bounds(a).has_value());
        QVERIFY2(chart.drawn_total() > 500 && chart.drawn_total() <= 3000, qPrintable(QString::number(chart.drawn_total())));
        // A drawn point of layer b, clicked: the hit is its real point in b's data.
        const auto& d = chart.drawn(b);
        QVERIFY(chart.drawn_count(b) > 0);
        const int index = d.source[static_cast<std::size_t>(chart.drawn_count(b) / 2)];
        const QPointF real = chart.data(b)[static_cast<std::size_t>(index)];
        QCOMPARE(real, data[100000 + static_cast<std::size_t>(index)]);
        QSignalSpy clicked(&chart, &ChartView::clicked);
        QTest::mouseClick(chart.viewport(), Qt::LeftButton, {}, chart.to_widget(real).toPoint());
        QCOMPARE(clicked.count(), 1);
        const auto hit = clicked.front().front().value<ChartView::Hit>();
        const QPointF picked = chart.to_widget(chart.data(hit.layer)[static_cast<std::size_t>(hit.index)]);
        const QPointF at = chart.to_widget(real);
        QVERIFY(std::hypot(picked.x() - at.x(), picked.y() - at.y()) <= 8);
        // A set_data after a build was asked for wins over it; `done` does not run for it.
        chart.build_data({a}, [&] { return std::vector<std::vector<QPointF>>{data}; }, [&] { ++done; });
        chart.set_data(a, {QPointF(1e5, 1e3)});
        chart.settle();
        QCOMPARE(chart.point_count(a), 1);
        QCOMPARE(done, 1);
        // A builder that throws on the worker (out of memory, say) is reported, not fatal; the
        // chart keeps its data and draws again when asked.
        QSignalSpy failed(&chart, &ChartView::failed);
        chart.build_data({a}, []() -> std::vector<std::vector<QPointF>> { throw std::bad_alloc(); }, [&] { ++done; });
        chart.settle();
        QTRY_COMPARE(failed.count(), 1);
        QVERIFY(failed.front().front().toString().contains("Could not draw"));
        QCOMPARE(done, 1);
        QCOMPARE(chart.point_count(a), 1);
        chart.set_data(a, {QPointF(1e5, 1e3), QPointF(2e5, 2e3)});
        chart.settle();
        QCOMPARE(chart.point_count(a), 2);
    }

    // The energy-latency scatter with 200,000 points, a fifth of them invalid: the drawn valid
    // markers are a few thousand, yet hovering one names the real point it stands for (its sample,
    // with that point's own latency and energy) and clicking it emits that very point, mapping
    // and all: decimation changes what is drawn, never what is picked.
    void the_energy_latency_scatter_hovers_and_clicks_real_points() {
        ScatterChart chart;
        chart.resize(900, 560);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        const std::vector<QPointF> cloud = lognormal_cloud(200000, 5);
        std::vector<PlotPoint> points(cloud.size());
        for (std::size_t i = 0; i < cloud.size(); ++i) {
            PlotPoint& p = points[i];
            p.latency_cycles = cloud[i].x();
            p.energy_nj = cloud[i].y();
            p.valid = i % 5 != 0;
            p.run = 1;
            p.sample = static_cast<std::int64_t>(i);  // the store keeps them in order: sample == store index
        }
        chart.add_points(points);
        chart.redraw();
        chart.settle();
        QCOMPARE(chart.point_count(), std::size_t{200000});
        const int valid_layer = 1;  // invalid, valid, front: in the order the scatter adds them
        QCOMPARE(chart.data(valid_layer).size(), std::size_t{160000});
        const int drawn = chart.drawn_count(valid_layer);
        QVERIFY2(drawn > 200 && drawn < 10000, qPrintable(QString::number(drawn)));

        // Drawn valid markers whose point kept its mapping (the drawing prefers those): hover and
        // click each of a few spread over the drawn ones.
        const auto& d = chart.drawn(valid_layer);
        std::vector<std::int32_t> kept_sources;
        for (int k = 0; k < drawn; ++k) {
            const std::int32_t source = d.source[static_cast<std::size_t>(k)];
            const std::size_t store_index = static_cast<std::size_t>(source) + static_cast<std::size_t>(source) / 4 + 1;
            QCOMPARE(chart.store().at(store_index).latency_cycles, chart.data(valid_layer)[static_cast<std::size_t>(source)].x());
            if (chart.store().kept(store_index)) kept_sources.push_back(source);
        }
        QVERIFY(kept_sources.size() * 2 > static_cast<std::size_t>(drawn));
        QSignalSpy clicked(&chart, &ScatterChart::point_clicked);
        const QRegularExpression sample_in_tooltip("sample (\\d+)\\n");
        int checked = 0;
        for (std::size_t k = 0; k < kept_sources.size(); k += kept_sources.size() / 5 + 1) {
            const QPointF real = chart.data(valid_layer)[static_cast<std::size_t>(kept_sources[k])];
            const QPoint at = chart.to_widget(real).toPoint();
            // The move is sent to the viewport itself: QTest's pointer state after the test before
            // (its double click) can route a synthesized move elsewhere.
            QSignalSpy hovered_signal(&chart, &ChartView::hovered);
            QMouseEvent move(QEvent::MouseMove, QPointF(at), chart.viewport()->mapToGlobal(QPointF(at)), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
            QApplication::sendEvent(chart.viewport(), &move);
            QCOMPARE(hovered_signal.count(), 1);
            QTRY_VERIFY(QToolTip::isVisible() && sample_in_tooltip.match(QToolTip::text()).hasMatch());
            const auto hovered = static_cast<std::size_t>(sample_in_tooltip.match(QToolTip::text()).captured(1).toLongLong());
            QVERIFY(hovered < points.size());
            // The hovered point is a real one under the pointer (a marker is 5 px; an invalid marker
            // may be the nearest).
            const QPointF hovered_at = chart.to_widget({points[hovered].latency_cycles, points[hovered].energy_nj});
            QVERIFY(std::hypot(hovered_at.x() - at.x(), hovered_at.y() - at.y()) <= 8);
            QVERIFY(QToolTip::text().contains(QString::fromStdString(format_quantity(points[hovered].latency_cycles, Quantity::Cycles))));

            const int before = static_cast<int>(clicked.count());
            QTest::mouseClick(chart.viewport(), Qt::LeftButton, {}, at);
            QCOMPARE(static_cast<int>(clicked.count()), before + 1);
            const PlotPoint p = clicked.back().front().value<PlotPoint>();
            if (chart.store().kept(hovered)) {  // the click loads the hovered point itself
                QCOMPARE(p.sample, static_cast<std::int64_t>(hovered));
                QCOMPARE(p.latency_cycles, points[hovered].latency_cycles);
                QCOMPARE(p.energy_nj, points[hovered].energy_nj);
            }
            QCOMPARE(p.latency_cycles, points[static_cast<std::size_t>(p.sample)].latency_cycles);  // a real point
            QCOMPARE(p.energy_nj, points[static_cast<std::size_t>(p.sample)].energy_nj);
            ++checked;
        }
        QVERIFY(checked >= 5);
        QToolTip::hideText();
    }

    // Chart conventions: every log axis has at least two ticks, the series' colours stay
    // distinct past ten, labels on a fill take the colour that reads, and legend names say what
    // differs.
    void axes_colours_and_legend_names_follow_one_convention() {
        for (double lo = 1; lo < 1e9; lo *= 1.7)
            for (double decades : {0.2, 0.5, 1.0, 1.3, 1.45, 1.7, 2.0, 2.6, 4.0, 8.0}) {
                const std::vector<double> ticks = round_ticks(lo, lo * std::pow(10, decades), AxisScale::Log);
                QVERIFY2(ticks.size() >= 2, qPrintable(QString("%1 decades from %2: %3 tick(s)").arg(decades).arg(lo).arg(ticks.size())));
            }
        // A batch axis (powers of two): every doubling while they fit, then every other, whole numbers.
        const ChartAxis batch{"batch", Quantity::Plain, AxisScale::Log, true};
        QCOMPARE(axis_ticks(0.8, 300, batch), (std::vector<double>{1, 2, 4, 8, 16, 32, 64, 128, 256}));
        for (double hi : {3.0, 20.0, 5000.0, 70000.0}) {
            const std::vector<double> ticks = axis_ticks(0.8, hi, batch);
            QVERIFY2(ticks.size() >= 2 && ticks.size() <= 9, qPrintable(QString("up to %1: %2 ticks").arg(hi).arg(ticks.size())));
            for (double t : ticks) QCOMPARE(std::exp2(std::round(std::log2(t))), t);
        }
        QCOMPARE(tick_label(batch, 1024), QString("1024"));
        std::set<QRgb> colours;
        for (int i = 0; i < 40; ++i) colours.insert(series_color(i).rgb());
        QCOMPARE(colours.size(), std::size_t{40});
        QCOMPARE(text_color_on(QColor(198, 40, 40)), QColor(255, 255, 255));  // the over-the-limit red
        QCOMPARE(text_color_on(QColor(66, 133, 244)), QColor(20, 20, 20));    // the accelerator sketch's blue
        QCOMPARE(text_color_on(QColor(255, 255, 255)), QColor(20, 20, 20));
        const DistinctLabels names = distinct_labels({"gamma, latency, seed 1, sum of 20 layers", "gamma, latency, seed 1, layer 2",
                                                      "gamma, energy, seed 1, layer 2"});
        QCOMPARE(names.shared, QString("gamma, seed 1"));
        QCOMPARE(names.own, QStringList({"latency, sum of 20 layers", "latency, layer 2", "energy, layer 2"}));
        QCOMPARE(distinct_labels({"a, b"}).own, QStringList({"a, b"}));
        // An empty chart has no ticks and says so; a point brings both.
        ChartView chart;
        chart.resize(400, 300);
        chart.set_axes({"latency", Quantity::Cycles, AxisScale::Log}, {"energy", Quantity::EnergyNj, AxisScale::Log});
        chart.set_empty_message("nothing yet");
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.settle();
        QVERIFY(!chart.has_content());
        QVERIFY(chart.ticks(Qt::Vertical).empty());
        const int layer = chart.add_point_layer("points", series_color(0));
        chart.set_data(layer, {{100, 5}, {2000, 80}});
        chart.fit_to_data();
        chart.settle();
        QVERIFY(chart.has_content());
        QVERIFY(chart.ticks(Qt::Vertical).size() >= 2);
    }

    // Lines: a pickable staircase picks its real vertices, never a corner; references are
    // dashed lines with their label; a removed layer leaves the others' numbers alone.
    void lines_references_and_layers() {
        ChartView chart;
        chart.resize(600, 400);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.set_axes({"samples", Quantity::Plain, ChartView::Scale::Log}, {"best", Quantity::Plain, ChartView::Scale::Log});
        const int a = chart.add_line_layer("a", QColor(31, 119, 180), 1.8, true);
        const int b = chart.add_line_layer("b", QColor(255, 127, 14), 1.8, true);
        chart.set_pickable(b, true);
        std::vector<QPointF> trace;
        double best = 1e6;
        for (int i = 1; i <= 100000; ++i) {
            if (i % 97 == 0) best *= 0.999;
            trace.emplace_back(i, best);
        }
        chart.set_data(a, trace);
        chart.set_data(b, {{1, 1e5}, {1000, 2e4}, {100000, 5e3}});
        chart.set_references({{Qt::Horizontal, 1e3, "lower bound", QColor(90, 90, 90)}});
        chart.fit_to_data();
        chart.settle();
        QVERIFY(chart.y_range().first < 1e3);  // the bound is in view
        QVERIFY(chart.drawn_count(a) < 3000);   // 100,000 samples in a few hundred columns
        const auto hit = chart.nearest_point(chart.to_widget({1000, 2e4}));
        QVERIFY(hit);
        QCOMPARE(hit->layer, b);
        QCOMPARE(hit->index, 1);
        // The corner at (1000, 1e5) is not a point of the data.
        const auto corner = chart.nearest_point(chart.to_widget({1000, 1e5}), 2);
        QVERIFY(!corner || corner->index != -1);
        for (double t : chart.ticks(Qt::Horizontal)) {
            const double mantissa = t / std::pow(10, std::floor(std::log10(t) + 1e-9));
            QVERIFY(std::abs(mantissa - 1) < 1e-9 || std::abs(mantissa - 2) < 1e-9 || std::abs(mantissa - 5) < 1e-9);
        }
        chart.remove_layer(a);
        chart.settle();
        QCOMPARE(chart.point_count(a), 0);
        QCOMPARE(chart.point_count(b), 3);
        QVERIFY(chart.drawn_count(b) >= 3);
    }
};

QTEST_MAIN(ChartsTest)
#include "test_charts.moc"
