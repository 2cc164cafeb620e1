// The user guide, walked as written: every page of docs/gui/ with a "Walk-through" carries its
// steps as `<!-- walk: ACTION ARGS -->` notes, and this suite performs them in order on a window
// opened on the example study (a fresh one per page), failing at the page and line of the step
// that did not do what the page says. A page that loses its steps, or a step this suite does not
// know, fails too: the guide and the app cannot drift apart unseen.
#include <QApplication>
#include <QBarSet>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHorizontalBarSeries>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSlider>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <functional>
#include <map>

#include "accelerator_editor.hpp"
#include "arch/maestro_hw_file.hpp"
#include "codesign_view.hpp"
#include "cost/evaluate.hpp"
#include "cost_readout.hpp"
#include "dataflow_editor.hpp"
#include "llm_view.hpp"
#include "tornado_chart.hpp"
#include "whatif_view.hpp"
#include "chart_view.hpp"
#include "main_window.hpp"
#include "mapping/maestro_file.hpp"
#include "pe_array_widget.hpp"
#include "scatter_chart.hpp"
#include "scatter_panel.hpp"
#include "schedule_view.hpp"
#include "search_panel.hpp"
#include "study_document.hpp"
#include "teaching_view.hpp"
#include "timeline_widget.hpp"
#include "window_fixture.hpp"
#include "workload_panel.hpp"

using namespace mapscape;
using namespace mapscape::ui;
using namespace mapscape::ui::testing;

namespace {

struct Step {
    int line = 0;
    QString action;
    QStringList args;
};

// The walk notes of a page, in order.
std::vector<Step> walk_steps(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    std::vector<Step> steps;
    static const QRegularExpression note(QStringLiteral("<!--\\s*walk:\\s*(.*?)\\s*-->"));
    int line = 0;
    for (const QString& text : QString::fromUtf8(f.readAll()).split('\n')) {
        ++line;
        for (auto m = note.globalMatch(text); m.hasNext();) {
            QStringList words = m.next().captured(1).split(' ', Qt::SkipEmptyParts);
            if (words.isEmpty()) continue;
            steps.push_back({line, words.takeFirst(), words});
        }
    }
    return steps;
}

// "budget=2000 scope=all" -> {budget: 2000, scope: all}; a word without "=" is under "".
std::map<QString, QString> options(const QStringList& args) {
    std::map<QString, QString> out;
    for (const QString& a : args) {
        const int eq = a.indexOf('=');
        if (eq < 0) out[QString()] += (out[QString()].isEmpty() ? "" : " ") + a;
        else out[a.left(eq)] = a.mid(eq + 1);
    }
    return out;
}

void type_into(QAbstractSpinBox* box, const QString& text) {
    box->setFocus();
    box->selectAll();
    QTest::keyClicks(box, text);
    QTest::keyClick(box, Qt::Key_Return);
}

// What a walk remembers between its steps: where its files go (a temporary directory, or
// MAPSCAPE_WALK_KEEP/PAGE to keep the exports, e.g. for tools/compare_with_maestro.py) and how
// many exports it made.
struct Walk {
    MainWindow* w = nullptr;
    QTemporaryDir scratch;
    QString kept;
    int exports = 0;
    // The LLM view's tokens/s at its chosen batch: the last figures and the ones before them.
    double llm_tokens = 0, llm_tokens_before = 0;
    QString filePath(const QString& name) const { return kept.isEmpty() ? scratch.filePath(name) : kept + "/" + name; }
};

// Each action: its arguments in, an empty string when it did what the page says, else what went wrong.
using Action = std::function<QString(Walk&, const QStringList&)>;

// Waits for the LLM view's sweep to end; remembers its tokens/s at the chosen batch.
QString llm_wait(Walk& k) {
    LlmView* v = k.w->llm();
    if (!QTest::qWaitFor([v] { return v->idle(); }, 120000)) return QString("the LLM view did not finish in 2 minutes");
    if (!v->snapshot().error.empty()) return QString::fromStdString(v->snapshot().error);
    const auto p = v->chosen_point();
    if (!p || !p->found) return QString("no figure at the chosen batch: %1").arg(v->status()->text());
    k.llm_tokens_before = k.llm_tokens;
    k.llm_tokens = p->metrics.tokens_per_second;
    return QString();
}

QString expect_contains(const QString& what, const QString& text, const QString& wanted) {
    return text.contains(wanted, Qt::CaseInsensitive) ? QString() : QString("%1 reads \"%2\", not containing \"%3\"").arg(what, text, wanted);
}

// Picks an item as a user does (its index, then `activated`, which the app's boxes act on).
QString pick(QComboBox* box, const QString& text, const QString& what) {
    const int i = box->findText(text);
    if (i < 0) return QString("no %1 \"%2\" in the box").arg(what, text);
    box->setCurrentIndex(i);
    emit box->activated(i);
    return QString();
}

const std::map<QString, Action>& actions() {
    static const std::map<QString, Action> table = {
        {"model", [](Walk& k, const QStringList& a) { return pick(k.w->workload()->models(), a.join(' '), "model"); }},
        {"expect-layers-at-least", [](Walk& k, const QStringList& a) {
             const int n = static_cast<int>(k.w->document()->study().model.layers.size());
             return n >= a.value(0).toInt() ? QString() : QString("the model has %1 layers").arg(n);
         }},
        {"expect-model", [](Walk& k, const QStringList& a) {
             return expect_contains("the model", QString::fromStdString(k.w->document()->study().model.name), a.join(' '));
         }},
        {"select-layer", [](Walk& k, const QStringList& a) {
             k.w->document()->select_layer(a.value(0).toInt() - 1);
             return QString();
         }},
        {"expect-dataflow-title", [](Walk& k, const QStringList& a) {
             QString all;
             for (QLabel* l : k.w->dataflow()->findChildren<QLabel*>()) all += l->text() + "\n";
             return expect_contains("the Dataflow tab", all, a.join(' '));
         }},
        {"undo", [](Walk& k, const QStringList&) {
             if (!k.w->document()->undo_stack()->canUndo()) return QString("nothing to undo");
             k.w->document()->undo_stack()->undo();
             return QString();
         }},
        {"set-l2", [](Walk& k, const QStringList& a) {
             type_into(k.w->accelerator()->l2_bytes(), a.join(' '));
             return QString();
         }},
        {"expect-l2-bytes", [](Walk& k, const QStringList& a) {
             const auto l2 = k.w->document()->study().accelerator.l2_size_bytes;
             return l2 == a.value(0).toLongLong() ? QString() : QString("L2 is %1 B").arg(l2);
         }},
        {"accelerator-preset", [](Walk& k, const QStringList& a) { return pick(k.w->accelerator()->presets(), a.join(' '), "accelerator preset"); }},
        {"expect-pes-at-least", [](Walk& k, const QStringList& a) {
             const auto pes = k.w->document()->study().accelerator.num_pes;
             return pes >= a.value(0).toLongLong() ? QString() : QString("%1 PEs").arg(pes);
         }},
        {"dataflow-preset", [](Walk& k, const QStringList& a) {
             k.w->dataflow()->apply_preset(a.join(' '));
             return QString();
         }},
        {"expect-dataflow-preset", [](Walk& k, const QStringList& a) {
             return expect_contains("the preset box", k.w->dataflow()->presets()->currentText(), a.join(' '));
         }},
        {"add-level", [](Walk& k, const QStringList&) {
             for (QPushButton* b : k.w->dataflow()->findChildren<QPushButton*>())
                 if (b->text() == "+ Level") {
                     b->click();
                     return QString();
                 }
             return QString("no \"+ Level\" button");
         }},
        {"maestro-text", [](Walk& k, const QStringList& a) {
             k.w->dataflow()->text()->setPlainText(a.join(' '));
             QTest::qWait(400);  // the editor evaluates the text a moment after the last keystroke
             return QString();
         }},
        {"expect-readout", [](Walk& k, const QStringList& a) {
             // The readout follows the text a moment after the last keystroke.
             if (QTest::qWaitFor([&] { return k.w->dataflow()->readout()->status()->text().contains(a.join(' '), Qt::CaseInsensitive); }, 3000))
                 return QString();
             return expect_contains("the readout's status", k.w->dataflow()->readout()->status()->text(), a.join(' '));
         }},
        {"tab", [](Walk& k, const QStringList& a) {
             for (int i = 0; i < k.w->tabs()->count(); ++i)
                 if (k.w->tabs()->tabText(i).remove('&') == a.join(' ')) {
                     k.w->tabs()->setCurrentIndex(i);
                     QApplication::processEvents();
                     return QString();
                 }
             return QString("no tab \"%1\"").arg(a.join(' '));
         }},
        {"expect-nest", [](Walk& k, const QStringList& a) {
             return expect_contains("the loop nest", k.w->teaching()->loop_nest()->toPlainText(), a.join(' '));
         }},
        {"time-step", [](Walk& k, const QStringList& a) {
             k.w->teaching()->step_slider()->setValue(a.value(0).toInt());
             const int shown = k.w->teaching()->step_box()->value();  // the step box follows the slider
             return shown == a.value(0).toInt() ? QString() : QString("the step box reads %1").arg(shown);
         }},
        {"click-pe", [](Walk& k, const QStringList& a) {
             // A real click on the PE's cell, found where the widget draws it.
             PeArrayWidget* array = k.w->teaching()->pe_array();
             const int wanted = a.value(0).toInt();
             for (int y = 0; y < array->height(); y += 2)
                 for (int x = 0; x < array->width(); x += 2)
                     if (array->pe_at({x, y}) == wanted) {
                         QTest::mouseClick(array, Qt::LeftButton, {}, QPoint(x + 1, y + 1));
                         return array->selected_pe() == wanted ? QString() : QString("PE %1 was not selected").arg(wanted);
                     }
             return QString("PE %1 is not drawn").arg(wanted);
         }},
        {"expect-pe", [](Walk& k, const QStringList& a) {
             return expect_contains("the PE's detail", k.w->teaching()->pe_detail()->text(), a.join(' '));
         }},
        {"play", [](Walk& k, const QStringList& a) {
             TeachingView* t = k.w->teaching();
             t->speed()->setCurrentIndex(t->speed()->findData(a.value(0).toInt()));
             const int before = t->step_slider()->value();
             t->play_button()->click();
             return QTest::qWaitFor([&] { return t->step_slider()->value() != before; }, 5000) ? QString() : QString("Play did not move the slider");
         }},
        {"pause", [](Walk& k, const QStringList&) {
             TeachingView* t = k.w->teaching();
             if (t->play_button()->isChecked()) t->play_button()->click();
             return t->play_timer()->isActive() ? QString("still playing") : QString();
         }},
        {"search", [](Walk& k, const QStringList& a) {
             auto o = options(a);
             SearchPanel* s = k.w->search();
             if (o.count("budget")) s->budget()->setValue(o["budget"].toInt());
             s->scope()->setCurrentIndex(o["scope"] == "all" ? 1 : 0);
             if (s->run() <= 0) return QString("the search did not start: %1").arg(s->progress_label()->text());
             if (!QTest::qWaitFor([&] { return !s->controller()->running(); }, 120000)) return QString("the search did not end in 2 minutes");
             k.w->scatter()->redraw();
             return s->progress_label()->text().contains("finished") ? QString() : s->progress_label()->text();
         }},
        {"expect-search", [](Walk& k, const QStringList& a) {
             return expect_contains("the Search dock", k.w->search()->progress_label()->text(), a.join(' '));
         }},
        {"expect-scatter", [](Walk& k, const QStringList& a) {
             k.w->scatter()->redraw();
             return expect_contains("the scatter's title", k.w->scatter()->title(), a.join(' '));
         }},
        {"scatter-layer", [](Walk& k, const QStringList& a) {
             QComboBox* box = k.w->scatter_panel()->layer_box();
             const int i = box->findData(a.value(0).toInt() - 1);
             if (i < 0) return QString("no layer %1 above the scatter").arg(a.value(0));
             box->setCurrentIndex(i);
             return QString();
         }},
        {"apply-all", [](Walk& k, const QStringList&) {
             k.w->search()->apply_all_button()->click();
             return QString();
         }},
        {"expect-applied", [](Walk& k, const QStringList&) {
             const SearchRun& run = k.w->document()->study().runs.back();
             for (const LayerRunResult& l : run.layers)
                 if (l.found && !(k.w->document()->study().mapping_for(l.layer) == l.best_mapping))
                     return QString("layer %1 does not have the run's best mapping").arg(l.layer + 1);
             return QString();
         }},
        {"schedule", [](Walk& k, const QStringList& a) {
             auto o = options(a);
             ScheduleView* v = k.w->schedule();
             if (o.count("mix")) v->mix()->setCurrentText(o["mix"]);
             if (o.count("platform")) v->platform()->setCurrentText(o["platform"]);
             if (o.count("budget")) v->budget()->setValue(o["budget"].toInt());
             if (v->run() <= 0) return QString("the schedule did not start: %1").arg(v->status()->text());
             if (!QTest::qWaitFor([&] { return !v->controller()->running(); }, 120000)) return QString("the schedule did not end in 2 minutes");
             return v->status()->text().contains("finished") ? QString() : v->status()->text();
         }},
        {"expect-schedule", [](Walk& k, const QStringList& a) {
             return expect_contains("the schedule's status", k.w->schedule()->status()->text(), a.join(' '));
         }},
        {"expect-gantt-models", [](Walk& k, const QStringList& a) {
             return expect_contains("the Gantt's legend", k.w->schedule()->timeline()->legend_models().join(", "), a.join(' '));
         }},
        {"codesign", [](Walk& k, const QStringList& a) {
             auto o = options(a);
             CodesignView* v = k.w->codesign();
             if (o.count("samples")) v->samples()->setValue(o["samples"].toInt());
             if (v->run() <= 0) return QString("the co-design did not start: %1").arg(v->status()->text());
             v->controller()->wait();
             if (!QTest::qWaitFor([&] { return v->has_best() && !v->controller()->running(); }, 60000)) return QString("no design after a minute");
             return v->has_best() ? QString() : v->status()->text();
         }},
        {"export-design", [](Walk& k, const QStringList&) {
             CodesignView* v = k.w->codesign();
             const QString dir = k.filePath(QString("design%1").arg(++k.exports));
             QDir().mkpath(dir);
             const int files = v->export_design(dir);
             const std::size_t layers = k.w->document()->study().model.layers.size();
             if (files != static_cast<int>(layers + 2)) return QString("%1 files written").arg(files);
             const QString name = QString::fromStdString(k.w->document()->study().model.name);
             const MaestroNetwork net = read_maestro_file((dir + "/" + name + ".m").toStdString());
             const Accelerator hw = read_maestro_hw_file((dir + "/" + name + "_hw.m").toStdString(), Accelerator{});
             std::int64_t total = 0;
             for (const auto& l : net.layers) total += evaluate(l.layer, hw, l.mapping).runtime_cycles;
             return total == v->best().runtime_cycles ? QString() : QString("the files evaluate to %1 cycles, the design to %2").arg(total).arg(v->best().runtime_cycles);
         }},
        {"llm-example-accelerator", [](Walk& k, const QStringList&) {
             k.w->llm()->example_button()->click();
             return k.w->document()->study().accelerator.offchip_bw_elements_per_cycle == 100 ? QString() : QString("the study's accelerator is not the example's");
         }},
        {"llm", [](Walk& k, const QStringList& a) {
             auto o = options(a);
             LlmView* v = k.w->llm();
             if (o.count("config") && !v->choose_config(o["config"])) return QString("cannot choose %1: %2").arg(o["config"], v->status()->text());
             if (o.count("phase")) {
                 const int i = v->phase_box()->findData(o["phase"]);
                 if (i < 0) return QString("no phase \"%1\"").arg(o["phase"]);
                 v->phase_box()->setCurrentIndex(i);
             }
             if (o.count("batch")) type_into(v->batch_box(), o["batch"]);
             if (o.count("context")) type_into(v->context_box(), o["context"]);
             if (o.count("prompt")) type_into(v->prompt_box(), o["prompt"]);
             if (o.count("samples")) type_into(v->samples_box(), o["samples"]);
             return llm_wait(k);
         }},
        {"llm-wait", [](Walk& k, const QStringList&) { return llm_wait(k); }},
        {"expect-llm-points", [](Walk& k, const QStringList& a) {
             const auto n = k.w->llm()->throughput_chart()->data(k.w->llm()->searched_layer()).size();
             return n == static_cast<std::size_t>(a.value(0).toInt()) ? QString() : QString("%1 points searched").arg(n);
         }},
        {"expect-llm-bound-above-searched", [](Walk& k, const QStringList&) {
             LlmView* v = k.w->llm();
             const auto& searched = v->throughput_chart()->data(v->searched_layer());
             const auto& bound = v->throughput_chart()->data(v->bound_layer());
             for (const QPointF& p : searched)
                 for (const QPointF& b : bound)
                     if (b.x() == p.x() && b.y() < p.y() * (1 - 1e-9)) return QString("batch %1: the bound's %2 tokens/s is below the searched %3").arg(p.x()).arg(b.y()).arg(p.y());
             return searched.empty() ? QString("nothing searched") : QString();
         }},
        {"expect-llm-readout", [](Walk& k, const QStringList& a) {
             return expect_contains("the LLM readout", k.w->llm()->readout()->text(), a.join(' '));
         }},
        {"set-offchip", [](Walk& k, const QStringList& a) {
             type_into(k.w->accelerator()->offchip_bandwidth(), a.join(' '));
             const auto bw = k.w->document()->study().accelerator.offchip_bw_elements_per_cycle;
             return bw == a.value(0).toLongLong() ? QString() : QString("the off-chip bandwidth is %1").arg(bw);
         }},
        {"expect-llm-speedup-at-least", [](Walk& k, const QStringList& a) {
             const double ratio = k.llm_tokens_before > 0 ? k.llm_tokens / k.llm_tokens_before : 0;
             return ratio >= a.value(0).toDouble() ? QString() : QString("%1 tokens/s after %2: %3x").arg(k.llm_tokens).arg(k.llm_tokens_before).arg(ratio);
         }},
        {"llm-use-as-workload", [](Walk& k, const QStringList&) {
             k.w->llm()->use_button()->click();
             return k.w->document()->study().model.llm ? QString() : QString("the study's model is not an LLM phase: %1").arg(k.w->llm()->status()->text());
         }},
        {"whatif-samples", [](Walk& k, const QStringList& a) {
             k.w->whatif()->samples_box()->setValue(a.value(0).toInt());
             return k.w->whatif()->samples_box()->value() == a.value(0).toInt() ? QString() : QString("the samples box refused %1").arg(a.value(0));
         }},
        {"whatif-wait", [](Walk& k, const QStringList&) {
             WhatifView* v = k.w->whatif();
             if (!QTest::qWaitFor([v] { return v->idle(); }, 120000)) return QString("the What-if view did not finish in 2 minutes");
             return v->snapshot().error.empty() ? QString() : QString::fromStdString(v->snapshot().error);
         }},
        {"expect-whatif-rows", [](Walk& k, const QStringList& a) {
             // As many rows, each with a bar to compare (a variant that cannot be is a grey stub).
             const TornadoChart* c = k.w->whatif()->chart();
             int with_a_bar = 0;
             for (const TornadoRow& r : c->rows())
                 if (r.low.comparable || r.high.comparable) ++with_a_bar;
             return static_cast<int>(c->rows().size()) == a.value(0).toInt() && with_a_bar == a.value(0).toInt()
                        ? QString()
                        : QString("%1 rows, %2 with a bar to compare").arg(c->rows().size()).arg(with_a_bar);
         }},
        {"expect-whatif-marked", [](Walk& k, const QStringList& a) {
             // The knob's row is marked (a variant's layers did not all find a mapping) and no other
             // is; with no knob named, no row is.
             QStringList marked, expected;
             for (const TornadoRow& r : k.w->whatif()->chart()->rows())
                 if (r.marked) marked << r.key;
             if (!a.value(0).isEmpty()) expected << a.value(0);
             return marked == expected ? QString() : QString("marked: %1").arg(marked.join(", "));
         }},
        {"whatif-click", [](Walk& k, const QStringList& a) {
             // As Qt Charts reports a click on a bar: its category index (the first at the bottom) and its set.
             const TornadoChart* c = k.w->whatif()->chart();
             const bool high = a.value(1).toDouble() > 1;
             for (std::size_t i = 0; i < c->rows().size(); ++i)
                 if (c->rows()[i].key == a.value(0)) {
                     emit c->series()->clicked(static_cast<int>(c->rows().size() - 1 - i), high ? c->high_set() : c->low_set());
                     return QString();
                 }
             return QString("no row for %1").arg(a.value(0));
         }},
        {"use-design", [](Walk& k, const QStringList&) {
             return k.w->codesign()->use_design() ? QString() : QString("\"Use this design\" did nothing");
         }},
        {"expect-accelerator-is-design", [](Walk& k, const QStringList&) {
             Accelerator used = k.w->document()->study().accelerator;
             used.name = k.w->codesign()->best().accelerator.name;  // renamed "codesigned-latency"; all else the design's
             return used == k.w->codesign()->best().accelerator ? QString() : QString("the study's accelerator is not the design's");
         }},
        {"save-and-reopen", [](Walk& k, const QStringList&) {
             const QString path = k.filePath("walk.json");
             if (!k.w->save_study_as(path)) return QString("could not save %1").arg(path);
             const std::size_t runs = k.w->document()->study().runs.size();
             if (!k.w->open_study(path)) return QString("could not open %1").arg(path);
             return k.w->document()->study().runs.size() == runs ? QString() : QString("the runs did not come back");
         }},
        {"expect-runs-at-least", [](Walk& k, const QStringList& a) {
             const auto n = static_cast<int>(k.w->document()->study().runs.size());
             return n >= a.value(0).toInt() ? QString() : QString("%1 runs").arg(n);
         }},
        {"export-run", [](Walk& k, const QStringList&) {
             const SearchRun run = k.w->document()->study().runs.back();
             const QString dir = k.filePath(QString("run%1").arg(++k.exports));
             QDir().mkpath(dir);
             if (!k.w->export_run_maestro(run.id, dir)) return QString("the export failed");
             const QString name = QString::fromStdString(k.w->document()->study().model.name);
             const MaestroNetwork net = read_maestro_file((dir + "/" + name + ".m").toStdString());
             const Accelerator hw = read_maestro_hw_file((dir + "/" + name + "_hw.m").toStdString(), Accelerator{});
             std::size_t i = 0;
             for (const LayerRunResult& l : run.layers) {
                 if (!l.found) continue;
                 const CostReport r = evaluate(net.layers[i].layer, hw, net.layers[i].mapping);
                 if (!r.valid() || r.runtime_cycles != l.runtime_cycles) return QString("layer %1 does not evaluate to the run's figure").arg(l.layer + 1);
                 ++i;
             }
             return QString();
         }},
    };
    return table;
}

}  // namespace

class GuideWalkthroughTest : public QObject {
    Q_OBJECT

private slots:
    void init() { QSettings().clear(); }

    void every_page_with_steps_walks_as_written_data() {
        QTest::addColumn<QString>("page");
        // Pages of views a user acts in; the index, the charts' reference and the pages of the
        // optional parts (the surrogate's plugin, a sweep's database) have no walk of their own.
        for (const char* page : {"workload", "accelerator", "dataflow", "teaching", "search", "schedule", "codesign", "llm", "whatif", "study", "export"})
            QTest::newRow(page) << QString(MAPSCAPE_SOURCE_DIR "/docs/gui/%1.md").arg(page);
    }

    void every_page_with_steps_walks_as_written() {
        QFETCH(QString, page);
        const std::vector<Step> steps = walk_steps(page);
        QVERIFY2(steps.size() >= 3, qPrintable(page + ": its Walk-through has lost its steps"));
        Walk walk;
        if (const QString keep = qEnvironmentVariable("MAPSCAPE_WALK_KEEP"); !keep.isEmpty()) {
            walk.kept = keep + "/" + QFileInfo(page).baseName();
            QDir().mkpath(walk.kept);
        }
        auto w = open_window();
        w->resize(1600, 1000);
        walk.w = w.get();
        for (const Step& s : steps) {
            const auto action = actions().find(s.action);
            QVERIFY2(action != actions().end(), qPrintable(QString("%1:%2: no such walk step \"%3\"").arg(page).arg(s.line).arg(s.action)));
            const QString failure = action->second(walk, s.args);
            if (QTest::currentTestFailed()) QFAIL(qPrintable(QString("%1:%2: %3 %4").arg(page).arg(s.line).arg(s.action, s.args.join(' '))));
            QVERIFY2(failure.isEmpty(), qPrintable(QString("%1:%2: %3 %4: %5").arg(page).arg(s.line).arg(s.action, s.args.join(' '), failure)));
        }
    }
};

QTEST_MAIN(GuideWalkthroughTest)
#include "test_guide_walkthrough.moc"
