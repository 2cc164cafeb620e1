// The What-if view as a user relies on it, offscreen: for resnet18 on edge the tornado has one
// pair of bars per knob that applies, and its figures are a direct sensitivity() call's with the
// same settings (same seed, same table); a burst of accelerator edits ends with the last
// design's table; clicking the "l2 x2" bar doubles the study's L2 in one undo step; nothing is
// computed while the tab is hidden; the window keeps answering during a run.
// Seeds are pinned; no tight timings (waits are generous, for a busy machine).
#include <QBarSet>
#include <QLabel>
#include <QComboBox>
#include <QHorizontalBarSeries>
#include <QLabel>
#include <QSettings>
#include <QSpinBox>
#include <QTabWidget>
#include <QUndoStack>
#include <QtTest>

#include <cmath>
#include <set>

#include "main_window.hpp"
#include "study_document.hpp"
#include "layer_change_chart.hpp"
#include "tornado_chart.hpp"
#include "whatif_view.hpp"
#include "window_fixture.hpp"

using namespace mapscape;
using namespace mapscape::ui;
using mapscape::ui::testing::open_window;
using mapscape::ui::testing::StallProbe;

namespace {

constexpr int kWaitMs = 120000;  // a run takes a fraction of a second alone; a busy machine, longer
constexpr int kSmallBudget = 200;

std::unique_ptr<MainWindow> open_whatif_window(int samples = kSmallBudget) {
    auto w = open_window();
    w->whatif()->samples_box()->setValue(samples);
    w->tabs()->setCurrentWidget(w->whatif());
    return w;
}

bool wait_idle(WhatifView* v) {
    return QTest::qWaitFor([v] { return v->idle(); }, kWaitMs);
}

// The row of a knob in the chart, -1 when it has none.
int row_of(const TornadoChart* c, const QString& knob) {
    for (std::size_t i = 0; i < c->rows().size(); ++i)
        if (c->rows()[i].key == knob) return static_cast<int>(i);
    return -1;
}

}  // namespace

class WhatifViewTest : public QObject {
    Q_OBJECT

  private slots:
    void init() { QSettings().clear(); }

    void the_tornado_is_a_direct_sensitivity_call() {
        auto w = open_whatif_window();
        WhatifView* v = w->whatif();
        QVERIFY(wait_idle(v));
        QVERIFY2(v->snapshot().error.empty(), v->snapshot().error.c_str());
        const StudyDocument* doc = w->document();
        QCOMPARE(doc->study().model.name, std::string("resnet18"));
        // The same settings, called directly: the same table, figure for figure. The view's
        // request is the study's design, the samples box's budget, seed 1, and the live answer's
        // mappings to start from.
        SensitivityRequest r = v->controller()->request();
        QCOMPARE(r.model.name, doc->study().model.name);
        QVERIFY(r.accelerator == doc->study().accelerator);
        QCOMPARE(r.options.budget, std::int64_t{kSmallBudget});
        QCOMPARE(r.seed, std::uint64_t{1});
        QVERIFY(r.start_from);
        QCOMPARE(static_cast<qint64>(r.start_from->latency_cycles), static_cast<qint64>(v->live().answer.latency_cycles));
        r.options.threads = 1;  // the table does not depend on the threads
        const SensitivityTable direct = sensitivity(r);
        const SensitivityTable& shown = v->snapshot().table;
        QCOMPARE(shown.current.latency_ms, direct.current.latency_ms);
        QCOMPARE(shown.current.energy_nj, direct.current.energy_nj);
        QCOMPARE(shown.rows.size(), direct.rows.size());
        std::set<std::string> applicable;
        for (std::size_t i = 0; i < direct.rows.size(); ++i) {
            QCOMPARE(shown.rows[i].knob, direct.rows[i].knob);
            QCOMPARE(shown.rows[i].latency_ms, direct.rows[i].latency_ms);
            QCOMPARE(shown.rows[i].energy_nj, direct.rows[i].energy_nj);
            if (direct.rows[i].applies) applicable.insert(direct.rows[i].knob);
        }
        QVERIFY(applicable.count("l2"));
        // One pair of bars per knob that applies (the not-applicable ones, if any, grey stubs).
        const TornadoChart* c = v->chart();
        std::set<std::string> rows_with_a_bar;
        for (const TornadoRow& row : c->rows())
            if (row.low.comparable || row.high.comparable) rows_with_a_bar.insert(row.key.toStdString());
        QCOMPARE(rows_with_a_bar, applicable);
        QCOMPARE(c->low_set()->count(), static_cast<qsizetype>(c->rows().size()));
        QCOMPARE(c->high_set()->count(), static_cast<qsizetype>(c->rows().size()));
        // Each bar is its variant's change of the network's latency, in % of the current design's.
        for (const SensitivityRow& d : direct.rows) {
            if (!d.applies || d.layers_without_mapping > 0) continue;
            const int row = row_of(c, QString::fromStdString(d.knob));
            QVERIFY(row >= 0);
            const double expected = 100 * (d.latency_ms / direct.current.latency_ms - 1);
            QVERIFY2(std::abs(c->bar_value(row, d.factor > 1) - expected) < 1e-9,
                     qPrintable(QString("%1 x%2: %3 %, expected %4 %").arg(QString::fromStdString(d.knob)).arg(d.factor)
                                    .arg(c->bar_value(row, d.factor > 1)).arg(expected)));
        }
        // The widest swing on top.
        auto swing = [c](int row) {
            const TornadoRow& tr_row = c->rows()[static_cast<std::size_t>(row)];
            double s = -1;  // nothing comparable: below every other row
            if (tr_row.low.comparable) s = std::max(s, std::abs(c->bar_value(row, false)));
            if (tr_row.high.comparable) s = std::max(s, std::abs(c->bar_value(row, true)));
            return s;
        };
        for (int row = 1; row < static_cast<int>(c->rows().size()); ++row) QVERIFY(swing(row - 1) >= swing(row) - 1e-9);
        // The energy toggle: the same rows, the energy's changes.
        v->metric_box()->setCurrentIndex(v->metric_box()->findData("energy"));
        for (const SensitivityRow& d : direct.rows) {
            if (!d.applies || d.layers_without_mapping > 0) continue;
            const int row = row_of(c, QString::fromStdString(d.knob));
            const double expected = 100 * (d.energy_nj / direct.current.energy_nj - 1);
            QVERIFY(std::abs(c->bar_value(row, d.factor > 1) - expected) < 1e-9);
        }
    }

    void a_burst_of_edits_ends_with_the_last_designs_table() {
        auto w = open_whatif_window();
        WhatifView* v = w->whatif();
        QVERIFY(wait_idle(v));
        StudyDocument* doc = w->document();
        // Five edits in a row, some while a run of the one before is going (refresh() starts it
        // at once, as the view does a moment after an edit).
        int i = 0;
        for (std::int64_t bw : {32, 8, 64, 16, 24}) {
            Accelerator acc = doc->study().accelerator;
            acc.offchip_bw_elements_per_cycle = bw;
            doc->set_accelerator(acc, "", "burst");
            if (i++ % 2 == 0) v->refresh();
            QCoreApplication::processEvents();
        }
        QVERIFY(wait_idle(v));
        QCOMPARE(v->controller()->request().accelerator.offchip_bw_elements_per_cycle, std::int64_t{24});
        SensitivityRequest last = v->controller()->request();
        QCOMPARE(v->request()->accelerator.offchip_bw_elements_per_cycle, std::int64_t{24});
        const SensitivityTable direct = sensitivity(last);
        const SensitivityTable& shown = v->snapshot().table;
        QCOMPARE(shown.current.latency_ms, direct.current.latency_ms);
        QCOMPARE(shown.rows.size(), direct.rows.size());
        for (std::size_t k = 0; k < direct.rows.size(); ++k) QCOMPARE(shown.rows[k].latency_ms, direct.rows[k].latency_ms);
    }

    // The live answer: after an edit, the network's figures are those of a direct
    // answer_network() call for the new design seeded from the previous answer, beside the
    // previous design's, with the layers' before/after bars; a burst of ten edits (runs started
    // and superseded) ends with the last design's figures only.
    void the_live_answer_follows_edits_and_a_burst_ends_with_the_last() {
        auto w = open_whatif_window();
        WhatifView* v = w->whatif();
        QVERIFY(wait_idle(v));
        QVERIFY2(v->live().error.empty(), v->live().error.c_str());
        const std::shared_ptr<const NetworkAnswer> first = std::make_shared<const NetworkAnswer>(v->live().answer);
        QCOMPARE(first->layers.size(), std::size_t(11));  // resnet18's unique shapes
        QVERIFY(!v->live_cell(0, 0)->text().contains(QStringLiteral("\u2014")));
        QCOMPARE(v->live_cell(0, 1)->text(), QStringLiteral("\u2014"));  // no previous design yet
        StudyDocument* doc = w->document();
        Accelerator acc = doc->study().accelerator;
        acc.l2_size_bytes *= 2;
        doc->set_accelerator(acc, "", "more L2");
        QVERIFY(wait_idle(v));
        NetworkAnswerRequest r = v->live_controller()->request();
        QCOMPARE(r.accelerator.l2_size_bytes, acc.l2_size_bytes);
        const NetworkAnswer direct = answer_network(r, first.get());
        const NetworkAnswer& shown = v->live().answer;
        QCOMPARE(static_cast<qint64>(shown.latency_cycles), static_cast<qint64>(direct.latency_cycles));
        QCOMPARE(shown.energy_nj, direct.energy_nj);
        QVERIFY(v->previous_answer());
        QCOMPARE(static_cast<qint64>(v->previous_answer()->latency_cycles), static_cast<qint64>(first->latency_cycles));
        QVERIFY(v->live_cell(0, 2)->text().endsWith(" %"));  // the change from the previous design
        // The tornado's centre is searched like its variants, from the live answer's mappings:
        // never worse than the live figure it starts from.
        QVERIFY(v->snapshot().table.current.latency_cycles <= shown.latency_cycles);
        const LayerChangeChart* bars = v->layer_chart();
        QCOMPARE(bars->before_set()->count(), qsizetype(11));
        QCOMPARE(bars->after_set()->count(), qsizetype(11));
        for (std::size_t i = 0; i < shown.layers.size(); ++i) {
            const LayerAnswer& l = shown.layers[i];
            const double ms = static_cast<double>(l.runtime_cycles * l.layer.repeat_count) / (acc.clock_mhz * 1e3);
            QVERIFY(std::abs(bars->after_set()->at(static_cast<qsizetype>(i)) - ms) <= 1e-9 * ms);
            QVERIFY(bars->before_set()->at(static_cast<qsizetype>(i)) > 0);
        }

        // A faster clock: each design's bars at its own clock (the previous one's at the old).
        const double old_clock = acc.clock_mhz;
        const std::shared_ptr<const NetworkAnswer> before_clock = std::make_shared<const NetworkAnswer>(shown);
        acc.clock_mhz *= 2;
        doc->set_accelerator(acc, "", "faster clock");
        QVERIFY(wait_idle(v));
        for (std::size_t i = 0; i < before_clock->layers.size(); ++i) {
            const LayerAnswer& l = before_clock->layers[i];
            const double ms = static_cast<double>(l.runtime_cycles * l.layer.repeat_count) / (old_clock * 1e3);
            QVERIFY(std::abs(bars->before_set()->at(static_cast<qsizetype>(i)) - ms) <= 1e-9 * ms);
        }
        QCOMPARE(v->live().answer.clock_mhz, acc.clock_mhz);

        // Ten edits, each given time to start a run that the next supersedes.
        std::set<int> runs;
        v->set_live_listener([&](const NetworkAnswerSnapshot& s) { runs.insert(s.run); });
        for (int k = 1; k <= 10; ++k) {
            Accelerator a = doc->study().accelerator;
            a.offchip_bw_elements_per_cycle = 4 * k;
            doc->set_accelerator(a, "", "burst");
            QTest::qWait(k % 3 == 0 ? 60 : 5);
        }
        QVERIFY(wait_idle(v));
        QCOMPARE(v->live_controller()->request().accelerator.offchip_bw_elements_per_cycle, std::int64_t{40});
        // Every answer shown in the burst was the newest run's when it arrived, and the last is
        // the last design's.
        QVERIFY(!runs.empty());
        QCOMPARE(*runs.rbegin(), v->live().run);
        const NetworkAnswer last = answer_network(v->live_controller()->request(), v->previous_answer().get());
        QCOMPARE(static_cast<qint64>(v->live().answer.latency_cycles), static_cast<qint64>(last.latency_cycles));
    }

    void clicking_l2_x2_doubles_l2_in_one_undo_step() {
        auto w = open_whatif_window();
        WhatifView* v = w->whatif();
        QVERIFY(wait_idle(v));
        StudyDocument* doc = w->document();
        const std::int64_t l2 = doc->study().accelerator.l2_size_bytes;
        const int steps = doc->undo_stack()->count();
        const TornadoChart* c = v->chart();
        const int row = row_of(c, "l2");
        QVERIFY(row >= 0);
        QVERIFY(c->rows()[static_cast<std::size_t>(row)].high.comparable);
        // The click as Qt Charts reports it: the bar's category index (the first at the bottom).
        const int index = static_cast<int>(c->rows().size()) - 1 - row;
        emit c->series()->clicked(index, c->high_set());
        QCOMPARE(doc->study().accelerator.l2_size_bytes, 2 * l2);
        QCOMPARE(doc->undo_stack()->count(), steps + 1);
        // The chart recomputes around the new design.
        QVERIFY(wait_idle(v));
        QCOMPARE(v->controller()->request().accelerator.l2_size_bytes, 2 * l2);
        doc->undo_stack()->undo();
        QCOMPARE(doc->study().accelerator.l2_size_bytes, l2);
        QVERIFY(wait_idle(v));
        QCOMPARE(v->controller()->request().accelerator.l2_size_bytes, l2);
    }

    // Nothing is computed while the tab is hidden; showing it brings the table of the design as
    // it is then.
    void a_hidden_view_waits_until_shown() {
        auto w = open_window();
        WhatifView* v = w->whatif();
        v->samples_box()->setValue(kSmallBudget);
        QVERIFY(!v->isVisible());
        Accelerator acc = w->document()->study().accelerator;
        acc.clock_mhz *= 2;
        w->document()->set_accelerator(acc, "", "faster clock");
        QTest::qWait(400);
        QCOMPARE(v->snapshot().run, 0);
        QVERIFY(!v->controller()->running());
        w->tabs()->setCurrentWidget(v);
        QVERIFY(wait_idle(v));
        QCOMPARE(v->controller()->request().accelerator.clock_mhz, acc.clock_mhz);
    }

    void the_window_keeps_answering_during_a_run() {
        auto w = open_whatif_window(1500);
        WhatifView* v = w->whatif();
        QVERIFY(wait_idle(v));
        StallProbe probe;
        probe.start();
        Accelerator acc = w->document()->study().accelerator;
        acc.l1_size_bytes *= 2;
        w->document()->set_accelerator(acc, "", "wider L1");
        QVERIFY(wait_idle(v));
        const qint64 longest = probe.stop();
        qInfo("longest event-loop stall during the run: %lld ms", longest);
        QVERIFY2(longest <= 1000, qPrintable(QString("event loop stalled for %1 ms").arg(longest)));
    }
};

QTEST_MAIN(WhatifViewTest)
#include "test_whatif_view.moc"
