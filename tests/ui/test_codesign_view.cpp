// The Co-design view as a user drives it, offscreen: a co-search of the study's model fills the
// scatter (designs within and over the budget, the Pareto front), draws the best design and its
// convergence; every reported design fits its budget; "Use this design" is one undo step;
// exported MAESTRO files re-read give the same figures; the window keeps answering during a long
// co-search and Stop ends it. Seeds are pinned; only wide time bounds are asserted.
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#ifdef MAPSCAPE_CLI_PATH
#include "cli_runner.hpp"
#endif

#include "accelerator_editor.hpp"
#include "accelerator_sketch.hpp"
#include "arch/maestro_hw_file.hpp"
#include "codesign_view.hpp"
#include "cost/evaluate.hpp"
#include "main_window.hpp"
#include "naas_panel.hpp"
#include "window_fixture.hpp"
#include "mapping/maestro_file.hpp"
#include "chart_view.hpp"
#include "study_document.hpp"

using namespace mapscape;
using namespace mapscape::ui;
using mapscape::ui::testing::open_window;
using mapscape::ui::testing::StallProbe;

namespace {

// Runs the view's current settings to the end.
bool run_to_end(CodesignView* v) {
    if (v->run() <= 0) return false;
    v->controller()->wait();
    QCoreApplication::processEvents();
    return !v->controller()->running();
}

}  // namespace

class CodesignViewTest : public QObject {
    Q_OBJECT

private slots:
    void init() { QSettings().clear(); }

    void a_co_search_fills_the_view_and_fits_the_budget() {
        auto w = open_window();
        CodesignView* v = w->codesign();
        QVERIFY(v);
        w->tabs()->setCurrentWidget(v);
        v->samples()->setValue(3000);
        QVERIFY(run_to_end(v));
        QTRY_VERIFY_WITH_TIMEOUT(v->use_button()->isEnabled(), 10000);
        QVERIFY(v->has_best());
        const DesignPoint& best = v->best();
        QCOMPARE(best.mappings.size(), w->document()->study().model.layers.size());
        QVERIFY(best.area.total_um2() <= v->area_budget()->value() * 1e6);  // always within the budget
        QVERIFY(v->dot_count() > 100);
        QVERIFY(v->scatter()->point_count(0) > 10);  // designs within the budget are drawn
        for (const QPointF& p : v->scatter()->data(0)) QVERIFY(p.x() <= v->area_budget()->value() * 1e6 * (1 + 1e-9));
        // The Pareto front runs to larger areas with lower latencies, and the best lies on or above it.
        const std::vector<QPointF>& front = v->pareto_front();
        QVERIFY(!front.empty());
        for (std::size_t i = 1; i < front.size(); ++i) {
            QVERIFY(front[i].x() >= front[i - 1].x());
            QVERIFY(front[i].y() < front[i - 1].y());
        }
        QVERIFY(static_cast<double>(best.runtime_cycles) >= front.back().y() * (1 - 1e-9));
        // The convergence never rises and stays above the lower bound.
        const std::vector<QPointF>& trace = v->convergence()->data(0);
        QVERIFY(trace.size() >= 2);
        for (std::size_t i = 1; i < trace.size(); ++i) QVERIFY(trace[i].y() <= trace[i - 1].y());
        QVERIFY(trace.back().y() >= v->controller()->bound().objective);
        QVERIFY(v->sketch()->has_design());
        QVERIFY(v->sketch()->caption().contains(QString::number(best.accelerator.num_pes) + " PEs"));
        QVERIFY(v->status()->text().startsWith("Done"));
        QVERIFY(v->status()->text().contains("the lower bound"));
        // The energy view of the same run.
        v->y_metric()->setCurrentIndex(1);
        QCOMPARE(v->scatter()->y_axis().quantity, Quantity::EnergyNj);
        QVERIFY(v->scatter()->point_count(0) > 10);
    }

    void a_seed_gives_the_same_design() {
        auto w = open_window();
        CodesignView* v = w->codesign();
        v->samples()->setValue(1500);
        v->seed()->setValue(7);
        QVERIFY(run_to_end(v));
        QTRY_VERIFY(v->has_best());
        const DesignPoint first = v->best();
        QVERIFY(run_to_end(v));
        QTRY_VERIFY(v->export_button()->isEnabled());
        QCOMPARE(v->best().objective, first.objective);
        QVERIFY(v->best().accelerator == first.accelerator);
    }

    void using_the_design_is_one_undoable_edit() {
        auto w = open_window();
        CodesignView* v = w->codesign();
        StudyDocument* doc = w->document();
        const Accelerator before = doc->study().accelerator;
        const std::map<int, Mapping> mappings_before = doc->study().mappings;
        v->samples()->setValue(2000);
        QVERIFY(run_to_end(v));
        QTRY_VERIFY(v->use_button()->isEnabled());
        const int steps = doc->undo_stack()->count();
        QVERIFY(v->use_design());
        QCOMPARE(doc->undo_stack()->count(), steps + 1);
        const DesignPoint& best = v->best();
        QCOMPARE(doc->study().accelerator.num_pes, best.accelerator.num_pes);
        QCOMPARE(doc->study().accelerator.l2_size_bytes, best.accelerator.l2_size_bytes);
        // The study's figures are the design's: the layers' runtimes sum to its latency.
        std::int64_t total = 0;
        for (std::size_t l = 0; l < doc->study().model.layers.size(); ++l) {
            const CostReport r = evaluate(doc->layer(static_cast<int>(l)), doc->study().accelerator, doc->study().mapping_for(static_cast<int>(l)));
            QVERIFY(r.valid());
            total += r.runtime_cycles;
        }
        QCOMPARE(total, best.runtime_cycles);
        // The accelerator editor shows its area within the budget.
        QVERIFY(!w->accelerator()->area_label()->text().isEmpty());
        doc->undo_stack()->undo();
        QVERIFY(doc->study().accelerator == before);
        QVERIFY(doc->study().mappings == mappings_before);
        doc->undo_stack()->redo();
        QCOMPARE(doc->study().accelerator.num_pes, best.accelerator.num_pes);
    }

    // NAAS as the Co-design view's method: its settings replace DiGamma's, the population's EDP
    // per iteration and the design (parallel dimensions named) appear as it runs, and its design
    // goes into the study as one undoable edit.
    void naas_runs_in_the_view_and_its_design_can_be_used() {
        auto w = open_window();
        CodesignView* v = w->codesign();
        StudyDocument* doc = w->document();
        v->method()->setCurrentText(QStringLiteral("naas"));
        QVERIFY(v->naas_mode());
        QVERIFY(!v->area_budget()->isVisibleTo(v));
        v->naas()->resources()->setCurrentText(QStringLiteral("shidiannao"));
        v->naas()->population()->setValue(6);
        v->naas()->iterations()->setValue(3);
        QVERIFY(v->run() > 0);
        QTRY_VERIFY_WITH_TIMEOUT(!v->naas()->running(), 120000);
        QCoreApplication::processEvents();
        const NaasSnapshot& s = v->naas()->snapshot();
        QVERIFY(s.finished && s.has_best && s.has_baseline);
        QCOMPARE(static_cast<int>(s.iterations.size()), 3);
        QVERIFY(!v->naas()->population_chart()->data(0).empty());  // the candidates' EDPs
        QVERIFY(s.best.hardware.num_pes() <= 64);
        QVERIFY(v->naas()->sketch()->connectivity().startsWith(QStringLiteral("parallel: ")));
        QTRY_VERIFY(v->use_button()->isEnabled());
        const int steps = doc->undo_stack()->count();
        QVERIFY(v->use_design());
        QCOMPARE(doc->undo_stack()->count(), steps + 1);
        QCOMPARE(doc->study().accelerator.num_pes, s.best.accelerator.num_pes);
        // The study's layers run on it with the mappings NAAS found, at the runtimes it reported.
        std::int64_t total = 0;
        for (std::size_t l = 0; l < doc->study().model.layers.size(); ++l) {
            const CostReport r = evaluate(doc->layer(static_cast<int>(l)), doc->study().accelerator, doc->study().mapping_for(static_cast<int>(l)));
            QVERIFY(r.valid());
            total += r.runtime_cycles;
        }
        QCOMPARE(total, s.best.benchmarks.front().runtime_cycles);
        doc->undo_stack()->undo();
        v->method()->setCurrentText(QStringLiteral("digamma"));
        QVERIFY(v->area_budget()->isVisibleTo(v));
    }

    void exported_files_reread_give_the_same_figures() {
        auto w = open_window();
        CodesignView* v = w->codesign();
        v->samples()->setValue(1500);
        QVERIFY(run_to_end(v));
        QTRY_VERIFY(v->export_button()->isEnabled());
        // The study's accelerator changes after the co-search: the export is still the design's.
        Accelerator other = w->document()->study().accelerator;
        other.num_pes = 12;
        other.pe_hierarchy = {12};
        other.l2_size_bytes = 4096;
        w->document()->set_accelerator(other, "", "smaller");
        QTemporaryDir dir;
        const std::size_t layers = w->document()->study().model.layers.size();
        QCOMPARE(v->export_design(dir.path()), static_cast<int>(layers + 2));  // a file per layer, the model, the HW
        const QString model_file = dir.filePath(QString::fromStdString(w->document()->study().model.name) + ".m");
        const QString hw_file = dir.filePath(QString::fromStdString(w->document()->study().model.name) + "_hw.m");
        const MaestroNetwork net = read_maestro_file(model_file.toStdString());
        QCOMPARE(net.layers.size(), layers);
        const Accelerator hw = read_maestro_hw_file(hw_file.toStdString(), Accelerator{});  // the file alone says it all
        QCOMPARE(hw.num_pes, v->best().accelerator.num_pes);
        std::int64_t total = 0;
        for (const auto& l : net.layers) total += evaluate(l.layer, hw, l.mapping).runtime_cycles;
        QCOMPARE(total, v->best().runtime_cycles);
#ifdef MAPSCAPE_CLI_PATH
        // And as a user checks it: the CLI on the two files, every layer valid, the same total.
        const CliRun r = cli({"eval", model_file, "--hw", hw_file, "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const QJsonDocument doc = QJsonDocument::fromJson(r.out);
        std::int64_t cli_total = 0;
        for (const QJsonValue& layer : doc.object().value("layers").toArray()) {
            QVERIFY(layer.toObject().value("valid").toBool());
            cli_total += layer.toObject().value("runtime_cycles").toInteger();
        }
        QCOMPARE(cli_total, v->best().runtime_cycles);
#endif
    }

    // A long co-search: designs arrive while it runs, the window answers, Stop ends it. The tight
    // figures are for `mapscape --bench-ui`; here only a wide bound, as the machine may be busy.
    void the_window_answers_and_stop_ends_a_long_co_search() {
        auto w = open_window();
        CodesignView* v = w->codesign();
        w->tabs()->setCurrentWidget(v);
        v->samples()->setValue(5000000);
        StallProbe probe;
        probe.start();
        QVERIFY(v->run() > 0);
        QVERIFY(!v->run_button()->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(v->dot_count() > 2000, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(v->has_best(), 30000);
        QVERIFY(v->controller()->running());
        QVERIFY(v->status()->text().contains("samples"));
        v->stop_button()->click();
        QTRY_VERIFY_WITH_TIMEOUT(!v->controller()->running(), 10000);
        const qint64 longest = probe.stop();
        qInfo("longest event-loop stall during the co-search: %lld ms", longest);
        QVERIFY2(longest <= 1000, qPrintable(QString("event loop stalled for %1 ms").arg(longest)));
        QTRY_VERIFY(v->status()->text().startsWith("Stopped"));
        QVERIFY(v->run_button()->isEnabled());
    }

    void the_window_answers_and_stop_ends_a_long_naas_search() {
        auto w = open_window();
        CodesignView* v = w->codesign();
        w->tabs()->setCurrentWidget(v);
        v->method()->setCurrentText(QStringLiteral("naas"));
        v->naas()->resources()->setCurrentText(QStringLiteral("eyeriss"));
        v->naas()->iterations()->setValue(1000);
        StallProbe probe;
        probe.start();
        QVERIFY(v->run() > 0);
        QVERIFY(!v->run_button()->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(v->naas()->snapshot().iterations.size() >= 2, 60000);
        QVERIFY(v->naas()->running());
        v->stop_button()->click();
        QTRY_VERIFY_WITH_TIMEOUT(!v->naas()->running(), 10000);
        const qint64 longest = probe.stop();
        qInfo("longest event-loop stall during the NAAS search: %lld ms", longest);
        QVERIFY2(longest <= 1000, qPrintable(QString("event loop stalled for %1 ms").arg(longest)));
        QTRY_VERIFY(v->naas()->snapshot().finished && v->naas()->snapshot().stopped);
        QVERIFY(v->run_button()->isEnabled());
    }

    void the_accelerator_editor_shows_area_against_the_budget() {
        auto w = open_window();
        AcceleratorEditor* e = w->accelerator();
        QVERIFY(e->area_label()->text().contains("of the budget"));
        QVERIFY(e->sketch()->has_design());
        e->area_budget()->setValue(0.001);  // far too small: said in red
        QVERIFY(e->area_label()->styleSheet().contains("#b00020"));
        // The map space is part of the accelerator: choosing a preset is an undoable edit.
        const int nvdla = e->map_space()->findData("nvdla");
        QVERIFY(nvdla >= 0);
        const int steps = w->document()->undo_stack()->count();
        e->map_space()->setCurrentIndex(nvdla);
        emit e->map_space()->activated(nvdla);
        if (e->problem_label()->text().isEmpty()) {
            QCOMPARE(w->document()->study().accelerator.map_space.style, std::string("nvdla"));
            QCOMPARE(w->document()->undo_stack()->count(), steps + 1);
        }
    }
};

QTEST_MAIN(CodesignViewTest)
#include "test_codesign_view.moc"
