// A study's finished runs come back into the views when the study is restored (or opened): one
// window works a real search, schedule and co-design through its widgets; a second window
// restores that study, as the crash-recovery banner does, and shows the same results: the search
// runs, the schedule's timeline and figures, the co-design's best design (usable and exportable).
// MAPSCAPE_TEST_GRAB_DIR=DIR saves pictures of the restored views there, to look at them.
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QPushButton>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>
#include <QLabel>
#include <QListWidget>

#include "codesign_view.hpp"
#include "engine/study_samples.hpp"
#include "chart_view.hpp"
#include "main_window.hpp"
#include "naas_panel.hpp"
#include "recovery_banner.hpp"
#include "recovery_store.hpp"
#include "schedule_view.hpp"
#include "search_panel.hpp"
#include "study_document.hpp"
#include "test_drive.hpp"
#include "window_fixture.hpp"

using namespace mapscape;
using namespace mapscape::ui;

class RestoredResultsTest : public QObject {
    Q_OBJECT

    void grab(MainWindow& w, QWidget* tab, const QString& name) {
        const QString dir = qEnvironmentVariable("MAPSCAPE_TEST_GRAB_DIR");
        if (dir.isEmpty()) return;
        w.tabs()->setCurrentWidget(tab);
        QTest::qWait(100);
        w.grab().save(QDir(dir).filePath(name + ".png"));
    }

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void finished_runs_come_back_into_the_views() {
        auto first = ui::testing::open_window();
        bool done = false;
        run_test_drive(*first, {"edit", "search", "schedule", "codesign"}, [&done] { done = true; });
        QTRY_VERIFY_WITH_TIMEOUT(done, 240000);
        const Study worked = first->document()->study();
        QVERIFY(first->document()->is_modified());
        QVERIFY(worked.codesign && worked.codesign->found);
        QVERIFY(worked.schedule_result);

        // A second window, as after a crash: the copy's study restored.
        QTemporaryDir dir;
        auto second = ui::testing::open_window();
        second->resize(1500, 900);
        QVERIFY(second->enable_recovery(dir.path(), std::chrono::milliseconds(50)));
        second->document()->restore(worked, "/somewhere/study.json");
        QVERIFY(second->document()->is_modified());
        QVERIFY(second->windowTitle().startsWith("study.json[*]"));
        QVERIFY(second->isWindowModified());
        QVERIFY(second->document()->study() == worked);

        // The search runs, listed for the convergence chart.
        QCOMPARE(second->search()->runs()->count(), static_cast<int>(worked.runs.size()));
        // The schedule: its timeline and its figures.
        const ScheduleSnapshot& shown = second->schedule()->last();
        const ScheduleSnapshot& live = first->schedule()->last();
        QCOMPARE(shown.timeline.segments.size(), live.timeline.segments.size());
        QCOMPARE(shown.timeline.makespan, live.timeline.makespan);
        QCOMPARE(shown.jobs.size(), live.jobs.size());
        QVERIFY(second->schedule()->status()->text().startsWith("Saved schedule"));
        QTemporaryDir out;
        QVERIFY(second->schedule()->export_trace(out.filePath("trace.json")));  // the trace export works from a saved schedule
        // The co-design: the same best design, usable and exportable.
        QVERIFY(second->codesign()->has_best());
        QCOMPARE(second->codesign()->best().runtime_cycles, first->codesign()->best().runtime_cycles);
        QCOMPARE(second->codesign()->best().accelerator, first->codesign()->best().accelerator);
        QVERIFY(second->codesign()->use_button()->isEnabled());
        QVERIFY2(second->codesign()->status()->text().startsWith("Saved result of digamma"), qPrintable(second->codesign()->status()->text()));
        QVERIFY(second->codesign()->export_design(out.path()) > 0);
        grab(*second, second->schedule(), "restored_schedule");
        grab(*second, second->codesign(), "restored_codesign");
        grab(*second, second->tabs()->widget(2), "restored_search");
        QVERIFY(second->codesign()->use_design());
        Accelerator used = first->codesign()->best().accelerator;
        used.name = "codesigned-latency";  // as "Use this design" names it in a live session
        QVERIFY(second->document()->study().accelerator == used);

        // Its recovery copy holds it all (the copy is what a crash would leave).
        QTRY_VERIFY_WITH_TIMEOUT(second->recovery()->writes() > 0 && second->recovery()->up_to_date(), 10000);
        second->recovery()->wait_idle();
        QFile copy(second->recovery()->copy_path());
        QVERIFY(copy.open(QIODevice::ReadOnly));
        QVERIFY(parse_study_json(copy.readAll().toStdString(), "copy.json") == second->document()->study());
    }

    // The schedule's settings in the MAGMA code's regime (bytes per cycle, its job analysis) come
    // back into the schedule view from a restored study, and its recovery copy keeps them.
    void schedule_units_and_job_analysis_survive_a_restore() {
        Study s = mapscape::testing::study_with_every_result();
        s.schedule.bandwidth = 4;
        s.schedule.bandwidth_unit = "bytes-per-cycle";
        s.schedule.job_analysis = "magma-code";
        QTemporaryDir dir;
        auto w = ui::testing::open_window();
        QVERIFY(w->enable_recovery(dir.path(), std::chrono::milliseconds(50)));
        w->document()->restore(s, {});
        QCOMPARE(w->schedule()->bandwidth()->value(), 4.0);
        QCOMPARE(w->schedule()->bandwidth_unit()->currentData().toString(), QString("bytes-per-cycle"));
        QCOMPARE(w->schedule()->job_analysis()->currentData().toString(), QString("magma-code"));
        QVERIFY(w->document()->study() == s);  // showing them did not rewrite them
        QTRY_VERIFY_WITH_TIMEOUT(w->recovery()->writes() > 0 && w->recovery()->up_to_date(), 10000);
        w->recovery()->wait_idle();
        QFile copy(w->recovery()->copy_path());
        QVERIFY(copy.open(QIODevice::ReadOnly));
        const Study back = parse_study_json(copy.readAll().toStdString(), "copy.json");
        QCOMPARE(back.schedule.bandwidth_unit, std::string("bytes-per-cycle"));
        QCOMPARE(back.schedule.job_analysis, std::string("magma-code"));
        QVERIFY(back.schedule_result);
        QCOMPARE(back.schedule_result->settings.job_analysis, std::string("magma-code"));
        QCOMPARE(back.schedule_result->settings.bandwidth_unit, std::string("bytes-per-cycle"));
    }

    // A NAAS search (too long to run here) from a study that kept one: its iterations, baseline
    // and best design come back into the NAAS panel, and the design is usable for the study.
    void a_kept_naas_search_comes_back() {
        const Study s = mapscape::testing::study_with_every_result();
        auto w = ui::testing::open_window();
        w->document()->restore(s, {});
        NaasPanel* naas = w->codesign()->naas();
        QVERIFY(naas->has_best());
        QCOMPARE(naas->snapshot().iterations.size(), s.naas->iterations_done.size());
        QVERIFY(naas->best_for_study(w->document()->study().model).has_value());
        QCOMPARE(naas->resources()->currentText(), QString::fromStdString(s.naas->resources));
        // Both kinds were kept: the DiGamma result shows; switching to NAAS offers its design.
        QCOMPARE(w->codesign()->method()->currentText(), QString("digamma"));
        w->codesign()->method()->setCurrentText("naas");
        QVERIFY(w->codesign()->use_button()->isEnabled());
        QVERIFY(w->codesign()->use_design());
    }
};

QTEST_MAIN(RestoredResultsTest)
#include "test_restored_results.moc"
