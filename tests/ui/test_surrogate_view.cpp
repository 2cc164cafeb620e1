// The surrogate view as a user meets it, offscreen: the held-out chart fills (points and the
// diagonal on log axes) and exports as PNG and SVG, the selected
// layer's mapping gets ranked suggestions with the cost model's verdict, a suggestion applies to
// the dataflow (and undoes), a mapping the surrogate cannot read is explained, and the Search
// dock offers the surrogate's algorithms. The surrogate is the libtorch plugin's (the app links no
// libtorch): the plugin opens when the view is first shown, not before; and when it cannot be
// found (CTest's test_surrogate_view_without_plugin), the view and the Search dock say why.
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "main_window.hpp"
#include "chart_view.hpp"
#include "plugin/surrogate_plugin.hpp"
#include "schedule_controller.hpp"
#include "schedule_view.hpp"
#include "search_panel.hpp"
#include "study_document.hpp"
#include "surrogate/mapping_vector.hpp"
#include "surrogate_view.hpp"
#include "util/diagnostic.hpp"
#include "widget_export.hpp"

using namespace mapscape;
using namespace mapscape::ui;

class SurrogateViewTest : public QObject {
    Q_OBJECT

    // Whether libtorch is mapped into this process (the suite links what the app links).
    static bool libtorch_mapped() {
        QFile maps("/proc/self/maps");
        return maps.open(QIODevice::ReadOnly) && maps.readAll().contains("libtorch");
    }
    static bool without_plugin() { return !qEnvironmentVariableIsEmpty("MAPSCAPE_TEST_WITHOUT_TORCH_PLUGIN"); }

private slots:
    void suggests_and_applies_directive_changes() {
        if (without_plugin()) QSKIP("run without the libtorch plugin");
        MainWindow w;
        w.set_interactive(false);
        w.open_example();
        w.show();
        auto* view = w.findChild<SurrogateView*>();
        QVERIFY(view);
        // The window is up, the surrogate tab not shown yet: libtorch is not loaded.
        QVERIFY(!surrogate_plugin_loaded());
        QVERIFY(!libtorch_mapped());
        StudyDocument* doc = w.document();
        doc->select_layer(1);
        SearchProblem problem;
        problem.layer = doc->layer(1);
        problem.accelerator = doc->study().accelerator;
        const SurrogateSpace space = make_surrogate_space(problem);
        Rng rng(5);
        const Mapping start = decode(random_surrogate_genome(space, rng), space.genome);
        doc->set_mapping(1, start, "a two-level mapping");
        w.tabs()->setCurrentWidget(view);
        // libtorch loads on a worker thread now: a busy machine may take seconds.
        QTRY_VERIFY_WITH_TIMEOUT(view->suggestions()->rowCount() > 0, 60000);
        QVERIFY(surrogate_plugin_loaded());
        QVERIFY(libtorch_mapped());
        QVERIFY(view->heldout_points() > 300);
        // Every held-out mapping is a point; the diagonal of exact predictions spans them.
        ChartView* chart = view->heldout_chart();
        QCOMPARE(chart->point_count(0), view->heldout_points());
        QCOMPARE(chart->point_count(1), 2);
        QCOMPARE(chart->x_axis().scale, ChartView::Scale::Log);
        QCOMPARE(chart->y_axis().scale, ChartView::Scale::Log);
        // The header and the chart name one measure (Spearman rank correlation) and the sample
        // each was measured on, so their two figures do not read as a contradiction.
        QVERIFY(chart->title().startsWith("Spearman "));
        QVERIFY(chart->title().contains(QString("on %1 mappings of 40 unseen shapes").arg(view->heldout_points())));
        QVERIFY(view->model_label()->text().contains("Spearman rank correlation"));
        QVERIFY(chart->ticks(Qt::Horizontal).size() >= 2);
        QTemporaryDir dir;
        QVERIFY(export_widget_image(chart, dir.filePath("surrogate.png")));
        QVERIFY(export_widget_image(chart, dir.filePath("surrogate.svg")));
        QCOMPARE(QImage(dir.filePath("surrogate.png")).size(), chart->size() * chart->devicePixelRatio());
        QVERIFY(view->status()->text().contains("What to try next for layer 2"));
        QVERIFY(!view->suggestions()->item(0, 3)->text().isEmpty());
        QVERIFY(view->apply(0));
        QVERIFY(!(doc->current_mapping() == start));
        doc->undo_stack()->undo();
        QVERIFY(doc->current_mapping() == start);

        // A one-level mapping is not what the surrogate reads: the view says so.
        Mapping one_level;
        for (const Directive& d : start.level(0)) one_level.directives.push_back(d);
        doc->set_mapping(1, one_level, "one level");
        QTRY_VERIFY(view->status()->text().contains("two-level"));
        QCOMPARE(view->suggestions()->rowCount(), 0);

        QVERIFY(w.search()->algorithm()->findText("mindmappings") >= 0);
        QVERIFY(w.search()->algorithm()->findText("gamma-guided") >= 0);
    }

    // CTest runs this alone with MAPSCAPE_PLUGIN_DIR pointing where there is no plugin.
    void explains_a_missing_plugin() {
        if (!without_plugin()) QSKIP("run by test_surrogate_view_without_plugin");
        MainWindow w;
        w.set_interactive(false);
        w.open_example();
        w.show();
        auto* view = w.findChild<SurrogateView*>();
        QVERIFY(view);
        w.tabs()->setCurrentWidget(view);
        QTRY_VERIFY(view->status()->text().contains("could not be loaded"));
        QVERIFY2(view->status()->text().contains(kSurrogatePluginFile), qPrintable(view->status()->text()));
        QVERIFY(view->status()->text().contains("MAPSCAPE_PLUGIN_DIR"));
        QCOMPARE(view->suggestions()->rowCount(), 0);
        QVERIFY(!view->apply(0));
        view->refresh();  // asked again: the same answer, no second attempt, no crash
        QVERIFY(view->status()->text().contains(kSurrogatePluginFile));
        // The Search dock still lists Mind Mappings; running it says why it cannot, and starts nothing.
        const int index = w.search()->algorithm()->findText("mindmappings");
        QVERIFY(index >= 0);
        w.search()->algorithm()->setCurrentIndex(index);
        QCOMPARE(w.search()->run(), 0);
        QVERIFY2(w.search()->progress_label()->text().contains(kSurrogatePluginFile), qPrintable(w.search()->progress_label()->text()));
        // So does the schedule view's A2C (the view shows the controller's reason).
        ScheduleSettings a2c = w.document()->study().schedule;
        a2c.algorithm = "a2c";
        try {
            w.schedule()->controller()->start(a2c);
            QFAIL("A2C started without its plugin");
        } catch (const InputError& e) {
            QVERIFY(QString::fromStdString(e.diagnostic().to_string()).contains(kSurrogatePluginFile));
        }
        QVERIFY(!surrogate_plugin_loaded());
        QVERIFY(!libtorch_mapped());
    }
};

QTEST_MAIN(SurrogateViewTest)
#include "test_surrogate_view.moc"
