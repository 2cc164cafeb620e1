// The LLM view as a user relies on it, offscreen: a decode of Llama-2-7B gives a point per batch,
// the bound is never below what the search found, batch 1 on the example LLM accelerator is
// memory-bound and as fast as the bound allows; a wider off-chip link makes it faster in
// proportion; a burst of accelerator edits ends with the last design's figures; "Use as
// workload" makes the phase the study's model in one undo step; the window keeps answering.
// Seeds are pinned; no tight timings (waits are generous, for a busy machine).
#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTabWidget>
#include <QUndoStack>
#include <QtTest>

#include "accelerator_editor.hpp"
#include "arch/presets.hpp"
#include "chart_view.hpp"
#include "llm_view.hpp"
#include "main_window.hpp"
#include "study_document.hpp"
#include "window_fixture.hpp"
#include "workload/llm_model.hpp"

using namespace mapscape;
using namespace mapscape::ui;
using mapscape::ui::testing::open_window;
using mapscape::ui::testing::StallProbe;

namespace {

constexpr int kWaitMs = 120000;  // a sweep takes well under a second alone; a busy machine, longer

const char* kLlmAccelerator = MAPSCAPE_SOURCE_DIR "/resources/examples/llm_accelerator.json";

// The window on the LLM tab, the study on the example LLM accelerator.
std::unique_ptr<MainWindow> open_llm_window() {
    auto w = open_window();
    w->tabs()->setCurrentWidget(w->llm());
    w->document()->set_accelerator(load_platform(kLlmAccelerator), "", "the LLM accelerator");
    return w;
}

void choose(LlmView* v, const QString& config, const QString& phase, int batch, int length) {
    QVERIFY(v->choose_config(config));
    v->phase_box()->setCurrentIndex(v->phase_box()->findData(phase));
    v->batch_box()->setValue(batch);
    (phase == "decode" ? v->context_box() : v->prompt_box())->setValue(length);
}

bool wait_idle(LlmView* v) {
    return QTest::qWaitFor([v] { return v->idle(); }, kWaitMs);
}

double searched_tokens_per_second(const LlmView* v, std::int64_t batch) {
    for (const LlmSearchedPoint& p : v->snapshot().searched)
        if (p.batch == batch && p.found) return p.metrics.tokens_per_second;
    return 0;
}

}  // namespace

class LlmViewTest : public QObject {
    Q_OBJECT

  private slots:
    void init() { QSettings().clear(); }

    void a_decode_gives_a_point_per_batch_under_its_bound() {
        auto w = open_llm_window();
        LlmView* v = w->llm();
        QVERIFY(v);
        choose(v, "llama-2-7b", "decode", 1, 1024);
        QVERIFY(wait_idle(v));
        const LlmSweepSnapshot& s = v->snapshot();
        QVERIFY2(s.error.empty(), s.error.c_str());
        // Llama-2-7B reads each sequence's whole KV cache per step (32 K/V heads): no knee up to
        // 65,536, so the chart spans batches 1 to 256.
        QCOMPARE(s.knee_batch, std::int64_t{0});
        const std::vector<std::int64_t> batches{1, 2, 4, 8, 16, 32, 64, 128, 256};
        QCOMPARE(s.batches, batches);
        QCOMPARE(s.bounds.size(), batches.size());
        QCOMPARE(s.searched.size(), batches.size());
        const std::vector<QPointF>& searched = v->throughput_chart()->data(v->searched_layer());
        const std::vector<QPointF>& bound = v->throughput_chart()->data(v->bound_layer());
        QCOMPARE(searched.size(), batches.size());
        QCOMPARE(bound.size(), batches.size());
        for (std::size_t i = 0; i < batches.size(); ++i) {
            QCOMPARE(searched[i].x(), static_cast<double>(batches[i]));
            QCOMPARE(bound[i].x(), static_cast<double>(batches[i]));
            // No mapping beats the bound: tokens/s at the bound are at least the searched ones.
            QVERIFY2(bound[i].y() >= searched[i].y() * (1 - 1e-9),
                     qPrintable(QString("batch %1: bound %2 tokens/s, searched %3")
                                    .arg(batches[i])
                                    .arg(bound[i].y())
                                    .arg(searched[i].y())));
            // Decode makes one token per sequence per step: tokens/s are the batch over the step.
            const LlmSearchedPoint& p = s.searched[static_cast<std::size_t>(
                std::find_if(s.searched.begin(), s.searched.end(),
                             [&](const auto& q) { return q.batch == batches[i]; }) -
                s.searched.begin())];
            QVERIFY(p.found);
            QVERIFY(std::abs(p.metrics.tokens_per_second * p.metrics.seconds -
                             static_cast<double>(batches[i])) <
                    1e-6 * static_cast<double>(batches[i]));
        }
        // The energy chart: a point per batch too.
        QCOMPARE(v->energy_chart()->point_count(0), static_cast<int>(batches.size()));
        // Batch 1: memory-bound, and the search is as fast as the link allows (within 10 %).
        const auto chosen = v->chosen_point();
        const auto chosen_bound = v->chosen_bound();
        QVERIFY(chosen && chosen->found && chosen_bound);
        QVERIFY(chosen_bound->memory_bound);
        QVERIFY(chosen->metrics.bound.memory_bound());
        const double bound_ms = chosen_bound->seconds * 1e3;
        QVERIFY2(chosen->metrics.ms_per_token <= bound_ms * 1.10 &&
                     chosen->metrics.ms_per_token >= bound_ms * (1 - 1e-9),
                 qPrintable(QString("%1 ms/token, bound %2 ms")
                                .arg(chosen->metrics.ms_per_token)
                                .arg(bound_ms)));
        // The readout names the figures and what limits them.
        const QString readout = v->readout()->text();
        QVERIFY2(readout.contains("ms/token") && readout.contains("tokens/s") &&
                     readout.contains("J/token"),
                 qPrintable(readout));
        QVERIFY2(readout.contains("memory-bound"), qPrintable(readout));
        QVERIFY2(readout.contains("100 GB/s"), qPrintable(readout));
        // The batch axis is a log axis with at least two ticks, on powers of two.
        const std::vector<double> ticks = v->throughput_chart()->ticks(Qt::Horizontal);
        QVERIFY(ticks.size() >= 2);
        for (double t : ticks) QCOMPARE(std::exp2(std::round(std::log2(t))), t);
        QVERIFY(v->throughput_chart()->ticks(Qt::Vertical).size() >= 2);
    }

    // A grouped-query model's decode turns compute-bound: the knee is marked where the bound says.
    void the_knee_is_marked_where_decode_stops_being_bandwidth_bound() {
        auto w = open_llm_window();
        LlmView* v = w->llm();
        choose(v, "llama-3-8b", "decode", 8, 1024);
        v->samples_box()->setValue(100);
        QVERIFY(wait_idle(v));
        const LlmSweepSnapshot& s = v->snapshot();
        const LlmSweepSettings settings = *v->settings();
        const std::int64_t knee = decode_knee_batch(
            settings.config, settings.request, settings.config_reference, settings.accelerator);
        QVERIFY(knee > 1);
        QCOMPARE(s.knee_batch, knee);
        QVERIFY(s.batches.back() >= 2 * knee);  // the flat part of the roofline is in view
        for (const LlmBoundPoint& b : s.bounds) QCOMPARE(b.memory_bound, b.batch < knee);
        QVERIFY2(v->readout()->text().contains(QString("Compute-bound from batch %1").arg(knee)),
                 qPrintable(v->readout()->text()));
    }

    void a_wider_link_makes_batch_one_faster_in_proportion() {
        auto w = open_llm_window();
        LlmView* v = w->llm();
        choose(v, "qwen2-0.5b", "decode", 1, 1024);
        QVERIFY(wait_idle(v));
        const double before = searched_tokens_per_second(v, 1);
        QVERIFY(before > 0);
        // Doubled in the Accelerator dock, as a user does.
        QSpinBox* offchip = w->accelerator()->offchip_bandwidth();
        QCOMPARE(offchip->value(), 100);
        offchip->setValue(200);
        QCOMPARE(w->document()->study().accelerator.offchip_bw_elements_per_cycle,
                 std::int64_t{200});
        QTRY_VERIFY_WITH_TIMEOUT(
            v->snapshot().run != 0 &&
                v->controller()->settings().accelerator.offchip_bw_elements_per_cycle == 200,
            kWaitMs);
        QVERIFY(wait_idle(v));
        const double after = searched_tokens_per_second(v, 1);
        qInfo("batch 1: %.3f tokens/s at 100 elements/cycle, %.3f at 200", before, after);
        QVERIFY2(after > 1.7 * before && after < 2.1 * before,
                 qPrintable(QString("%1 -> %2 tokens/s").arg(before).arg(after)));
    }

    void a_burst_of_edits_ends_with_the_last_designs_figures() {
        auto w = open_llm_window();
        LlmView* v = w->llm();
        choose(v, "gpt2", "decode", 4, 512);
        QVERIFY(wait_idle(v));
        StudyDocument* doc = w->document();
        // Edits in a row, some while a sweep of the one before is running (refresh() starts it
        // at once, as the view does a moment after an edit).
        for (int bw : {150, 40, 300, 75, 250, 60}) {
            Accelerator acc = doc->study().accelerator;
            acc.offchip_bw_elements_per_cycle = bw;
            doc->set_accelerator(acc, "", "burst");
            if (bw % 100 == 0 || bw == 75) v->refresh();
            QCoreApplication::processEvents();
        }
        QVERIFY(wait_idle(v));
        const LlmSweepSnapshot& s = v->snapshot();
        QCOMPARE(v->controller()->settings().accelerator.offchip_bw_elements_per_cycle,
                 std::int64_t{60});
        // The figures are those of the last design, computed afresh.
        LlmSweepSettings last = *v->settings();
        QCOMPARE(last.accelerator.offchip_bw_elements_per_cycle, std::int64_t{60});
        QCOMPARE(s.bounds.size(), s.batches.size());
        for (const LlmBoundPoint& b : s.bounds)
            QCOMPARE(b.seconds, sweep_bound_point(last, b.batch).seconds);
        const LlmSearchedPoint again = sweep_searched_point(last, 4);
        QVERIFY(again.found);
        const auto chosen = v->chosen_point();
        QVERIFY(chosen && chosen->found);
        QCOMPARE(chosen->metrics.tokens_per_second, again.metrics.tokens_per_second);
        QCOMPARE(chosen->metrics.energy_per_token_nj, again.metrics.energy_per_token_nj);
        // And the chart shows them alone: one point per batch.
        QCOMPARE(v->throughput_chart()->data(v->searched_layer()).size(), s.batches.size());
    }

    void use_as_workload_makes_the_phase_the_studys_model() {
        auto w = open_llm_window();
        LlmView* v = w->llm();
        StudyDocument* doc = w->document();
        choose(v, "qwen2-0.5b", "decode", 4, 512);
        const Model before = doc->study().model;
        const int steps = doc->undo_stack()->count();
        v->use_button()->click();
        const Model& now = doc->study().model;
        QVERIFY(now.llm.has_value());
        QCOMPARE(now.llm->request.phase, LlmPhase::Decode);
        QCOMPARE(now.llm->request.batch, std::int64_t{4});
        QCOMPARE(now.llm->request.context, std::int64_t{512});
        // The same model its reference loads, wherever a model is named.
        QVERIFY(now == load_model("llm:qwen2-0.5b,phase=decode,batch=4,context=512"));
        QCOMPARE(QString::fromStdString(doc->study().workload_source),
                 QString("llm:qwen2-0.5b,phase=decode,batch=4,context=512"));
        QCOMPARE(doc->undo_stack()->count(), steps + 1);
        doc->undo_stack()->undo();
        QVERIFY(doc->study().model == before);
    }

    void a_prefill_counts_prompt_tokens() {
        auto w = open_llm_window();
        LlmView* v = w->llm();
        choose(v, "gpt2", "prefill", 2, 128);
        v->samples_box()->setValue(100);
        QVERIFY(v->prompt_box()->isVisible());
        QVERIFY(!v->context_box()->isVisible());
        QVERIFY(wait_idle(v));
        const auto chosen = v->chosen_point();
        QVERIFY(chosen && chosen->found);
        // Prompt tokens per second: batch x prompt over the time to first token.
        QVERIFY(std::abs(chosen->metrics.tokens_per_second * chosen->metrics.seconds - 2.0 * 128) <
                1e-6 * 256);
        QVERIFY2(v->readout()->text().contains("time to first token"),
                 qPrintable(v->readout()->text()));
        for (const LlmBoundPoint& b : v->snapshot().bounds)
            if (b.batch == 2)
                QVERIFY(b.tokens_per_second >= chosen->metrics.tokens_per_second * (1 - 1e-9));
    }

    // Nothing is computed while the tab is hidden; showing it brings the figures of the design
    // as it is then.
    void a_hidden_view_waits_until_shown() {
        auto w = open_window();
        LlmView* v = w->llm();
        QVERIFY(!v->isVisible());
        w->document()->set_accelerator(load_platform(kLlmAccelerator), "", "the LLM accelerator");
        QTest::qWait(400);
        QCOMPARE(v->snapshot().run, 0);
        QVERIFY(!v->controller()->running());
        w->tabs()->setCurrentWidget(v);
        QVERIFY(wait_idle(v));
        QCOMPARE(v->controller()->settings().accelerator.offchip_bw_elements_per_cycle,
                 std::int64_t{100});
    }

    void the_window_keeps_answering_during_a_sweep() {
        auto w = open_llm_window();
        LlmView* v = w->llm();
        choose(v, "llama-3-8b", "decode", 16, 2048);
        v->samples_box()->setValue(3000);
        StallProbe probe;
        probe.start();
        v->refresh();
        QVERIFY(wait_idle(v));
        const qint64 longest = probe.stop();
        qInfo("longest event-loop stall during the sweep: %lld ms", longest);
        QVERIFY2(longest <= 1000, qPrintable(QString("event loop stalled for %1 ms").arg(longest)));
    }
};

QTEST_MAIN(LlmViewTest)
#include "test_llm_view.moc"
