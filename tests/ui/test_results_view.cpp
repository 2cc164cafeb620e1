// The results database view driven as a user drives it, offscreen: open a sweep's database,
// filter, sort, export the filtered table as CSV, plot two columns in their units and pick a run on
// the plot, export the plot, see a run's convergence, open a run in the study and undo it, refuse
// a file that is not a results database, and stay responsive with 100,000 runs (wide bounds only;
// `mapscape --benchmark-results` measures).
#include <QCheckBox>
#include <QComboBox>
#include <QElapsedTimer>
#include <QHeaderView>
#include <QLabel>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include "arch/presets.hpp"
#include "convergence_chart.hpp"
#include "main_window.hpp"
#include "window_fixture.hpp"
#include "results_scatter.hpp"
#include "results_table_model.hpp"
#include "results_view.hpp"
#include "study_document.hpp"
#include "sweep/stored_run_decode.hpp"
#include "sweep/sweep_runner.hpp"
#include "sweep/synthetic_results.hpp"
#include "widget_export.hpp"

using namespace mapscape;
using namespace mapscape::ui;
using mapscape::ui::testing::open_window;
using mapscape::ui::testing::StallProbe;

namespace {

// 12 runs: 2 accelerators x 3 algorithms x 2 objectives on four ResNet-18 layers.
const char* const kSpec = R"({
  "models": [{"model": "resnet18", "layers": "2-5"}],
  "accelerators": ["edge", "eyeriss-like"],
  "algorithms": ["gamma", "random", "fixed-nvdla"],
  "objectives": ["latency", "energy"],
  "budgets": [400],
  "seeds": [1]
})";

QString make_database(const QTemporaryDir& dir) {
    const QString path = dir.filePath("results.sqlite");
    const SweepPlan plan(parse_sweep_spec(kSpec, "spec.json", ""));
    ResultsDatabase db(path.toStdString(), ResultsDatabase::Access::ReadWrite);
    run_sweep(plan, db, {"spec.json", kSpec}, {});
    return path;
}

bool open_database(MainWindow& w, const QString& path) {
    QSignalSpy loaded(w.results(), &ResultsView::loaded);
    QSignalSpy failed(w.results(), &ResultsView::load_failed);
    w.open_results_database(path);
    return QTest::qWaitFor([&] { return loaded.count() + failed.count() > 0; }, 60000) && loaded.count() == 1;
}

int column(const ResultsView& v, const char* name) { return v.model()->table()->column_index(name); }

QString cell(const ResultsView& v, int row, const char* name) {
    return v.model()->data(v.model()->index(row, column(v, name)), Qt::DisplayRole).toString();
}

}  // namespace

class ResultsViewTest : public QObject {
    Q_OBJECT

private slots:
    void init() { QSettings().clear(); }

    void opens_filters_sorts_and_exports() {
        QTemporaryDir dir;
        auto w = open_window();
        QVERIFY(open_database(*w, make_database(dir)));
        ResultsView& v = *w->results();
        QCOMPARE(w->tabs()->currentWidget(), &v);
        QCOMPARE(v.model()->rowCount(), 12);
        QVERIFY(v.summary()->text().contains("12 runs, 12 shown"));
        v.scatter()->settle();  // the chart's worker has drawn the data as it is now
        QVERIFY(v.scatter()->drawn_points() > 0);
        QCOMPARE(v.scatter()->series_count(), 3);  // coloured by algorithm

        // Filter by a value, as the combo box does.
        QVERIFY(v.set_value_filter("algorithm", "gamma"));
        QCOMPARE(v.model()->rowCount(), 4);
        for (int r = 0; r < 4; ++r) QCOMPARE(cell(v, r, "algorithm"), QString("gamma"));
        v.scatter()->settle();  // the chart's worker builds the colour layers from the table
        QCOMPARE(v.scatter()->series_count(), 1);
        // Text in any column narrows it further.
        v.set_text_filter("EYERISS");
        QCOMPARE(v.model()->rowCount(), 2);
        v.set_text_filter("");
        QCOMPARE(v.model()->rowCount(), 4);

        // Sort by runtime with a click on its header, then the other way.
        QHeaderView* header = v.table()->horizontalHeader();
        const int runtime = column(v, "runtime_cycles");
        v.table()->scrollTo(v.model()->index(0, runtime));
        QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, QPoint(header->sectionViewportPosition(runtime) + 5, header->height() / 2));
        QCOMPARE(v.model()->sort_column(), runtime);
        auto values = [&] {
            std::vector<double> out;
            for (int r = 0; r < v.model()->rowCount(); ++r)
                out.push_back(v.model()->data(v.model()->index(r, runtime), Qt::UserRole).toDouble());
            return out;
        };
        std::vector<double> first = values();
        QVERIFY(std::is_sorted(first.begin(), first.end()) || std::is_sorted(first.rbegin(), first.rend()));
        QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, QPoint(header->sectionViewportPosition(runtime) + 5, header->height() / 2));
        std::vector<double> second = values();
        std::reverse(second.begin(), second.end());
        QCOMPARE(second, first);

        // The CSV holds the filtered rows in the shown order.
        const QString csv_path = dir.filePath("runs.csv");
        QVERIFY(v.export_csv(csv_path));
        QFile csv(csv_path);
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(csv.readAll()).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 5);
        QVERIFY(lines[0].startsWith("model,accelerator,system,algorithm,objective,budget_samples,seed,objective_value,runtime_cycles"));
        const int runtime_field = static_cast<int>(lines[0].split(',').indexOf("runtime_cycles"));
        for (int r = 0; r < 4; ++r) {
            QCOMPARE(lines[r + 1].split(',')[3], QString("gamma"));
            QCOMPARE(lines[r + 1].split(',')[runtime_field].toDouble(), v.model()->data(v.model()->index(r, runtime), Qt::UserRole).toDouble());
        }
    }

    void the_scatter_plots_columns_in_their_units_picks_runs_and_exports() {
        QTemporaryDir dir;
        auto w = open_window();
        QVERIFY(open_database(*w, make_database(dir)));
        ResultsView& v = *w->results();
        ResultsScatter& scatter = *v.scatter();
        v.set_scatter_axes("runtime_cycles", "energy_nj", "algorithm");
        scatter.settle();
        QVERIFY(scatter.drawn_points() > 3 && scatter.drawn_points() <= 12);  // runs at one spot share a point
        QVERIFY(scatter.title().startsWith("12 runs"));
        QCOMPARE(scatter.series_count(), 3);
        // The axes know their units from the column names: energy ticks read "1 mJ", not "1e+06".
        QCOMPARE(scatter.x_axis().quantity, Quantity::Cycles);
        QCOMPARE(scatter.y_axis().quantity, Quantity::EnergyNj);
        QCOMPARE(scatter.y_axis().title, QString("energy"));
        QCOMPARE(scatter.y_axis().scale, ChartView::Scale::Log);
        const std::vector<double> energy_ticks = scatter.ticks(Qt::Vertical);
        QVERIFY(!energy_ticks.empty());
        for (double t : energy_ticks) QVERIFY2(scatter.tick_label(Qt::Vertical, t).endsWith("J"), qPrintable(scatter.tick_label(Qt::Vertical, t)));
        v.set_scatter_axes("runtime_cycles", "area_um2", "accelerator");
        QCOMPARE(scatter.y_axis().quantity, Quantity::AreaUm2);
        // The colour layers are built on the chart's worker: until they arrive, the chart keeps
        // the previous layers, and a click on one of them still reaches that point's run.
        {
            const QPointF before = scatter.data(0).front();
            QSignalSpy clicked(&scatter, &ResultsScatter::run_clicked);
            if (scatter.series_count() == 3 && scatter.click_at(before)) {
                const auto row = static_cast<std::size_t>(clicked.front().front().toUInt());
                const RunTable& table = *v.model()->table();
                QCOMPARE(table.number(row, static_cast<std::size_t>(column(v, "runtime_cycles"))), before.x());
                QCOMPARE(table.number(row, static_cast<std::size_t>(column(v, "energy_nj"))), before.y());
            }
        }
        scatter.settle();
        QCOMPARE(scatter.series_count(), 2);

        // A click on a drawn point selects its run in the table (the first run of a colour is
        // always drawn: the first in its cell). Clicks land on the chart's viewport.
        scatter.settle();
        const QPointF point = scatter.data(0).front();
        QSignalSpy clicked(&scatter, &ResultsScatter::run_clicked);
        QTest::mouseClick(scatter.viewport(), Qt::LeftButton, {}, scatter.to_widget(point).toPoint());
        QCOMPARE(clicked.count(), 1);
        const auto row = static_cast<std::size_t>(clicked.front().front().toUInt());
        QCOMPARE(static_cast<std::size_t>(v.selected_table_row()), row);
        const RunTable& table = *v.model()->table();
        QCOMPARE(table.number(row, static_cast<std::size_t>(column(v, "runtime_cycles"))), point.x());
        QCOMPARE(table.number(row, static_cast<std::size_t>(column(v, "area_um2"))), point.y());
        QVERIFY(scatter.click_at(point));
        QCOMPARE(clicked.count(), 2);
        QVERIFY(!scatter.click_at(QPointF(point.x() * 1e6, point.y() * 1e6)));  // far from every point

        // The "log" boxes switch the axes to linear ones.
        QList<QCheckBox*> log_boxes;
        for (QCheckBox* box : v.findChildren<QCheckBox*>())
            if (box->text() == "log") log_boxes << box;
        QCOMPARE(log_boxes.size(), 2);
        log_boxes[0]->setChecked(false);
        QCOMPARE(scatter.x_axis().scale, ChartView::Scale::Linear);
        QCOMPARE(scatter.y_axis().scale, ChartView::Scale::Log);
        scatter.settle();
        QVERIFY(scatter.drawn_points() > 0);

        // PNG and SVG exports of the plot.
        const QString png = dir.filePath("scatter.png"), svg = dir.filePath("scatter.svg");
        QVERIFY(export_widget_image(&scatter, png));
        QVERIFY(export_widget_image(&scatter, svg));
        QImage image(png);
        QCOMPARE(image.size(), scatter.size() * scatter.devicePixelRatio());
        QFile svg_file(svg);
        QVERIFY(svg_file.open(QIODevice::ReadOnly));
        const QString svg_text = QString::fromUtf8(svg_file.readAll());
        QVERIFY(svg_text.contains("<svg"));
        QVERIFY(svg_text.contains("12 runs"));  // the title, as text
    }

    void a_selected_run_shows_its_convergence_and_opens_in_the_study() {
        QTemporaryDir dir;
        auto w = open_window();
        QVERIFY(open_database(*w, make_database(dir)));
        ResultsView& v = *w->results();
        QVERIFY(v.set_value_filter("algorithm", "gamma"));
        QVERIFY(v.set_value_filter("accelerator", "eyeriss-like"));
        QVERIFY(v.set_value_filter("objective", "latency"));
        QCOMPARE(v.model()->rowCount(), 1);
        v.select_row(0);
        QVERIFY(v.selected_table_row() >= 0);
        QCOMPARE(v.convergence()->curve_count(), 1);
        QVERIFY(v.convergence()->point_count(1) > 1);

        StudyDocument* doc = w->document();
        const Study before = doc->study();
        QVERIFY(!(before.accelerator == accelerator_preset("eyeriss-like")));
        QSignalSpy opened(&v, &ResultsView::opened_in_study);
        QVERIFY(v.open_selected_in_study());
        QCOMPARE(opened.count(), 1);
        QCOMPARE(w->tabs()->currentIndex(), 0);  // the dataflow editor, on the run's mapping
        QVERIFY(doc->study().accelerator == accelerator_preset("eyeriss-like"));
        QCOMPARE(doc->study().accelerator_preset, std::string("eyeriss-like"));
        QVERIFY(doc->study().mappings.size() >= 1);
        for (const auto& [layer, mapping] : doc->study().mappings) QVERIFY(layer >= 1 && layer <= 4);  // layers 2-5
        QVERIFY(doc->study().mappings.contains(doc->selected_layer()));
        QVERIFY(doc->is_modified());
        // One undo step puts the study back as it was.
        QVERIFY(doc->undo_stack()->undoText().contains("Open run"));
        doc->undo_stack()->undo();
        QVERIFY(doc->study().accelerator == before.accelerator);
        QVERIFY(doc->study().mappings == before.mappings);
        QVERIFY(doc->study().model == before.model);
        doc->undo_stack()->redo();
        QVERIFY(doc->study().accelerator == accelerator_preset("eyeriss-like"));
    }

    void a_codesign_run_shows_the_whole_model_and_opens_its_design() {
        QTemporaryDir dir;
        const char* const spec = R"({"kind": "codesign", "models": [{"model": "resnet18", "layers": "1-3"}], "platforms": ["edge"],
            "area_budgets_mm2": [0.1, 0.2], "algorithms": ["digamma", "map-opt-medium"], "budgets": [500]})";
        const QString path = dir.filePath("codesign.sqlite");
        const SweepPlan plan(parse_sweep_spec(spec, "spec.json", ""));
        {
            ResultsDatabase db(path.toStdString(), ResultsDatabase::Access::ReadWrite);
            run_sweep(plan, db, {"spec.json", spec}, {});
        }
        auto w = open_window();
        QVERIFY(open_database(*w, path));
        ResultsView& v = *w->results();
        QVERIFY(v.set_value_filter("algorithm", "digamma"));
        QVERIFY(v.set_value_filter("accelerator", "edge@0.1mm2"));
        QCOMPARE(v.model()->rowCount(), 1);
        v.select_row(0);
        // One curve, the design search's own (not a sum of per-layer curves, which it has none of).
        QCOMPARE(v.convergence()->curve_count(), 1);
        QVERIFY(v.convergence()->point_count(1) > 1);
        // "Open in study" brings the design found, not the platform it started from.
        QVERIFY(v.open_selected_in_study());
        ResultsDatabase db(path.toStdString(), ResultsDatabase::Access::ReadOnly);
        const RunStudyParts found = study_parts_of(db.read_run(plan.run_id(0)));
        QVERIFY(w->document()->study().accelerator == found.accelerator);
        QVERIFY(!(found.accelerator == accelerator_preset("edge")));
        QCOMPARE(w->document()->study().mappings.size(), std::size_t{3});
    }

    void a_file_that_is_not_a_results_database_is_refused() {
        QTemporaryDir dir;
        const QString path = dir.filePath("notes.sqlite");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("not a database\n");
        f.close();
        auto w = open_window();
        QVERIFY(!open_database(*w, path));
        QVERIFY2(w->results()->last_error().startsWith(path + ": is not a SQLite database"), qPrintable(w->results()->last_error()));
        QVERIFY(w->last_error().contains("is not a SQLite database"));  // in the status bar too
        QCOMPARE(w->results()->model()->rowCount(), 0);
    }

    void stays_responsive_with_100000_runs() {
        QTemporaryDir dir;
        const QString path = dir.filePath("big.sqlite");
        write_synthetic_results(path.toStdString(), 100000);
        auto w = open_window();
        // The longest gap between ticks of a 1 ms timer while the view loads and filters.
        QElapsedTimer clock;
        clock.start();
        qint64 last = 0, longest = 0;
        QTimer probe;
        probe.setInterval(1);
        connect(&probe, &QTimer::timeout, [&] {
            longest = std::max(longest, clock.elapsed() - last);
            last = clock.elapsed();
        });
        probe.start();
        QVERIFY(open_database(*w, path));
        ResultsView& v = *w->results();
        QCOMPARE(v.model()->rowCount(), 100000);
        QVERIFY(v.summary()->text().contains("synthetic"));
        auto step = [&](const std::function<void()>& act) {
            QTest::qWait(50);
            last = clock.elapsed();
            act();
            QTest::qWait(200);
        };
        step([&] { v.set_value_filter("algorithm", "gamma"); });
        QVERIFY(v.model()->rowCount() > 9000 && v.model()->rowCount() < 11000);  // one run in ten
        step([&] { v.set_text_filter("edge"); });
        step([&] { v.set_value_filter("algorithm", ""); });
        step([&] { v.model()->sort(column(v, "energy_nj"), Qt::DescendingOrder); });
        step([&] { v.set_scatter_axes("runtime_cycles", "area_um2", "accelerator"); });
        // 100,000 runs in a few colours draw as at most the scatter's 4,000 markers.
        v.scatter()->settle();
        QVERIFY(v.scatter()->series_count() >= 2);
        QVERIFY2(v.scatter()->drawn_points() > 100 && v.scatter()->drawn_points() <= 4000, qPrintable(QString::number(v.scatter()->drawn_points())));
        QVERIFY2(longest < 1000, qPrintable(QString("longest stall %1 ms").arg(longest)));
        qInfo("longest event-loop stall with 100,000 runs: %lld ms (a wide bound here; see mapscape --benchmark-results)", longest);
    }
};

QTEST_MAIN(ResultsViewTest)
#include "test_results_view.moc"
