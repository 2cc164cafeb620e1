// The controller every view runs its background work through: each run's figures reach the
// window on the GUI thread, a newer run supersedes an older one, and a run started from a
// delivery (a view that starts its next run as the last one ends) is left running; runs on
// pooled threads never wait for one another.
#include <QSignalSpy>
#include <QtTest>

#include <atomic>
#include <thread>
#include <vector>

#include "run_controller.hpp"

using mapscape::ui::RunContext;
using mapscape::ui::RunController;

class RunControllerTest : public QObject {
    Q_OBJECT
private slots:
    void each_run_ends_with_one_finished_delivery() {
        RunController c;
        QSignalSpy over(&c, &RunController::run_over);
        std::vector<int> finished_deliveries;
        c.start(1, [](const RunContext&) {}, [&](int run, bool finished) {
            if (finished) finished_deliveries.push_back(run);
            return true;
        });
        QVERIFY(over.wait(10000));
        QCOMPARE(over.takeFirst().at(0).toInt(), 1);
        QCOMPARE(finished_deliveries, std::vector<int>{1});
        QCOMPARE(c.current_run(), 0);
    }

    void a_superseded_run_is_stopped_and_never_delivered() {
        RunController c;
        QSignalSpy over(&c, &RunController::run_over);
        std::atomic<bool> first_stopped{false};
        std::vector<int> delivered;
        c.start(1, [&](const RunContext& ctx) {
            while (!ctx.stop.stop_requested()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
            first_stopped = true;
        }, [&](int run, bool) { delivered.push_back(run); return true; });
        c.start(2, [](const RunContext&) {}, [&](int run, bool) { delivered.push_back(run); return true; });
        QVERIFY(over.wait(10000));
        QCOMPARE(over.takeFirst().at(0).toInt(), 2);
        QTRY_VERIFY(first_stopped.load());
        for (int run : delivered) QCOMPARE(run, 2);
    }

    // A view whose last delivery starts its next run on the same controller: that run stays
    // current, is delivered to its end, and the timer keeps ticking for it.
    void a_run_started_by_a_delivery_is_left_running() {
        RunController c;
        QSignalSpy over(&c, &RunController::run_over);
        std::atomic<bool> release{false};
        bool second_finished = false;
        c.start(1, [](const RunContext&) {}, [&](int, bool finished) {
            if (finished)
                c.start(2, [&](const RunContext& ctx) {
                    while (!release && !ctx.stop.stop_requested()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
                }, [&](int run, bool done) {
                    if (done && run == 2) second_finished = true;
                    return true;
                });
            return true;
        });
        QVERIFY(over.wait(10000));
        QCOMPARE(over.takeFirst().at(0).toInt(), 1);
        QCOMPARE(c.current_run(), 2);  // not joined, not dropped
        release = true;
        QVERIFY(over.wait(10000));
        QCOMPARE(over.takeFirst().at(0).toInt(), 2);
        QVERIFY(second_finished);
        QCOMPARE(c.current_run(), 0);
    }

    // Runs share pooled threads (the GUI thread creates none), but never wait for one another:
    // six views' runs, each of which ends only once all six have begun, all end.
    void runs_never_wait_for_a_free_thread() {
        constexpr int kRuns = 6;
        std::vector<std::unique_ptr<RunController>> controllers;
        std::atomic<int> begun{0};
        int over = 0;
        for (int i = 0; i < kRuns; ++i) {
            controllers.push_back(std::make_unique<RunController>());
            connect(controllers.back().get(), &RunController::run_over, this, [&over] { ++over; });
            controllers.back()->start(i + 1, [&](const RunContext& ctx) {
                ++begun;
                while (begun < kRuns && !ctx.stop.stop_requested()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
            }, [](int, bool) { return true; });
        }
        QTRY_COMPARE_WITH_TIMEOUT(over, kRuns, 20000);
        QCOMPARE(begun.load(), kRuns);
    }
};

QTEST_MAIN(RunControllerTest)
#include "test_run_controller.moc"
