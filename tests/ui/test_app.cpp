// The desktop app driven as a user drives it, offscreen: open the example study, edit a tile
// size in the table and watch the readout, edit the MAESTRO text, run a search and watch points
// and convergence arrive, click a point to load its mapping, stop a search, keep the event loop
// responsive, save and reload, export and re-read MAESTRO files, refuse bad accelerator values,
// step through the teaching view, schedule a task mix, and import an ONNX graph.
#include <QComboBox>
#include <QElapsedTimer>
#include <QCheckBox>
#include <QRegularExpression>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QMimeData>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QStatusBar>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include <set>

#include "accelerator_editor.hpp"
#include "convergence_chart.hpp"
#include "cost/evaluate.hpp"
#include "cost_readout.hpp"
#include "dataflow_editor.hpp"
#include "directive_table_model.hpp"
#include "main_window.hpp"
#include "window_fixture.hpp"
#include "arch/maestro_hw_file.hpp"
#include "mapping/maestro_file.hpp"
#include "pe_array_widget.hpp"
#include "scatter_chart.hpp"
#include "scatter_panel.hpp"
#include "schedule_view.hpp"
#include "search_panel.hpp"
#include "accelerator_editor.hpp"
#include "codesign_view.hpp"
#include "study_document.hpp"
#include "teaching_view.hpp"
#include "timeline_widget.hpp"
#include "workload_panel.hpp"

using namespace mapscape;
using namespace mapscape::ui;
using mapscape::ui::testing::open_window;
using mapscape::ui::testing::StallProbe;

namespace {

// The first TemporalMap row of the mapping with a size above 1 (a tile to edit).
int tile_row(const Mapping& m) {
    for (std::size_t i = 0; i < m.directives.size(); ++i)
        if (m.directives[i].kind == DirectiveKind::TemporalMap && m.directives[i].size > 1 && m.directives[i].dim == Dim::C)
            return static_cast<int>(i);
    return -1;
}

}  // namespace

class AppTest : public QObject {
    Q_OBJECT

private slots:
    void init() { QSettings().clear(); }

    void example_study_opens() {
        auto w = open_window();
        QCOMPARE(w->document()->study().name, std::string("ResNet-18 on GAMMA's Edge platform"));
        QCOMPARE(w->document()->selected_layer(), 1);
        QVERIFY(w->dataflow()->report().valid());
        QVERIFY(w->dataflow()->readout()->latency()->text().contains("cycles"));
        QVERIFY(w->dataflow()->readout()->latency()->text().contains("above the bound"));
        // Energy in the SI prefix of joules, not "k nJ".
        QVERIFY2(QRegularExpression("^[0-9.]+ (µJ|mJ|nJ|J)").match(w->dataflow()->readout()->energy()->text()).hasMatch(),
                 qPrintable(w->dataflow()->readout()->energy()->text()));
        QCOMPARE(w->search()->runs()->count(), 1);  // the example's earlier GAMMA run
        QVERIFY(w->convergence()->curve_count() >= 1);
        QVERIFY(!w->document()->is_modified());
    }

    // Closing with unsaved edits: the undo stack's destructor clears it, which says "clean" again;
    // that once reached the window's title through a half-destroyed document (a freed path read).
    void closing_with_unsaved_edits_sends_nothing_from_the_document() {
        auto w = open_window();
        StudyDocument* doc = w->document();
        QTemporaryDir dir;
        doc->reset(doc->study(), dir.filePath("a study with a path of some length.json"));  // as if opened from it
        QVERIFY(!doc->file_path().isEmpty());
        Accelerator acc = doc->study().accelerator;
        acc.l2_size_bytes *= 2;
        doc->set_accelerator(acc, doc->study().accelerator_preset, "Double L2");
        QVERIFY(doc->is_modified());
        int sent_while_closing = 0;
        QObject receiver;
        connect(doc, &StudyDocument::modified_changed, &receiver, [&] { ++sent_while_closing; });
        connect(doc, &StudyDocument::file_path_changed, &receiver, [&] { ++sent_while_closing; });
        w.reset();
        QCOMPARE(sent_while_closing, 0);
    }

    void editing_a_tile_size_updates_the_readout_and_undoes() {
        auto w = open_window();
        DataflowEditor* editor = w->dataflow();
        const QString before = editor->readout()->latency()->text();
        const Mapping original = w->document()->current_mapping();
        const int row = tile_row(original);
        QVERIFY(row >= 0);
        // Edit the Size cell as a user does: open the editor on the cell, type, press Enter.
        QTableView* table = editor->table();
        const QModelIndex cell = editor->directives()->index(row, DirectiveTableModel::SizeColumn);
        table->setCurrentIndex(cell);
        table->edit(cell);
        auto* box = table->findChild<QSpinBox*>();
        QVERIFY(box);
        box->selectAll();
        QTest::keyClicks(box, "4");
        QTest::keyClick(box, Qt::Key_Return);
        QTRY_COMPARE(w->document()->current_mapping().directives[static_cast<std::size_t>(row)].size, std::int64_t{4});
        QVERIFY(editor->readout()->latency()->text() != before);
        QVERIFY(editor->last_evaluation_ms() < 1000);  // every edit re-evaluates at once (bench-ui: tens of microseconds)
        QVERIFY(w->document()->is_modified());
        // The text view shows the same mapping.
        QVERIFY(editor->text()->toPlainText().contains("TemporalMap(4,4) C;"));
        w->document()->undo_stack()->undo();
        QVERIFY(w->document()->current_mapping() == original);
        QCOMPARE(editor->readout()->latency()->text(), before);
        w->document()->undo_stack()->redo();
        QCOMPARE(w->document()->current_mapping().directives[static_cast<std::size_t>(row)].size, std::int64_t{4});
    }

    void editing_the_maestro_text_changes_the_mapping_and_shows_errors() {
        auto w = open_window();
        DataflowEditor* editor = w->dataflow();
        editor->text()->setFocus();
        editor->text()->setPlainText("SpatialMap(1,1) K;\nTemporalMap(8,8) C;\nTemporalMap(3,3) R;\nTemporalMap(3,3) S;\n"
                                     "TemporalMap(3,1) Y;\nTemporalMap(3,1) X;\n");
        QTRY_COMPARE(w->document()->current_mapping().directives.size(), std::size_t{6});
        QCOMPARE(w->document()->current_mapping().directives[1].size, std::int64_t{8});
        editor->text()->setPlainText("SpatialMap(1,1) K;\nTemporalMap(8,8) Q;\n");
        QTRY_VERIFY(!editor->text_error()->text().isEmpty());
        QVERIFY2(editor->text_error()->text().startsWith("directives:2:"), qPrintable(editor->text_error()->text()));
        QCOMPARE(w->document()->current_mapping().directives.size(), std::size_t{6});  // unchanged
        // What MAESTRO would silently accept is an error placed where it is.
        editor->text()->setPlainText("SpatialMap(1,1) K;\nTemporalMap(2,2 C;\n");
        QTRY_VERIFY(editor->text_error()->text().startsWith("directives:2:16: missing ')'"));
        editor->text()->setPlainText("SpatialMap(1,1) K;\nTemporalMap(2,2) C\n");
        QTRY_VERIFY(editor->text_error()->text().startsWith("directives:2:19: missing ';'"));
        QCOMPARE(w->document()->current_mapping().directives.size(), std::size_t{6});  // still unchanged
    }

    void dragging_and_toggling_directives() {
        auto w = open_window();
        DirectiveTableModel* model = w->dataflow()->directives();
        const Mapping before = w->document()->current_mapping();
        model->move_row(0, 2);
        const Mapping moved = w->document()->current_mapping();
        QVERIFY(moved.directives[2] == before.directives[0]);
        // A drop through the model's drag-and-drop path does the same.
        QMimeData* data = model->mimeData({model->index(2, 0)});
        model->dropMimeData(data, Qt::MoveAction, 0, 0, {});
        delete data;
        QVERIFY(w->document()->current_mapping() == before);
        model->toggle_spatial(1);
        QCOMPARE(w->document()->current_mapping().directives[1].kind, DirectiveKind::SpatialMap);
        QVERIFY(w->dataflow()->readout()->status()->text().contains("Cannot run") ||
                w->dataflow()->readout()->status()->text().contains("Runs"));
    }

    void presets_apply_a_fitting_dataflow() {
        auto w = open_window();
        w->dataflow()->apply_preset("shidiannao");
        QVERIFY(w->dataflow()->report().valid());
        int spatial = 0;
        for (const Directive& d : w->document()->current_mapping().directives) spatial += d.kind == DirectiveKind::SpatialMap;
        QCOMPARE(spatial, 2);
    }

    // Sizes and bandwidths are typed with their units and shown with them.
    void sizes_and_bandwidths_take_units() {
        auto w = open_window();
        AcceleratorEditor* a = w->accelerator();
        QCOMPARE(a->l2_bytes()->text(), QString("108 kB"));  // edge's 108,000 B, exactly
        auto type = [](QSpinBox* box, const QString& text) {
            box->setFocus();
            box->selectAll();
            QTest::keyClicks(box, text);
            QTest::keyClick(box, Qt::Key_Return);
        };
        type(a->l2_bytes(), "256 KiB");
        QCOMPARE(w->document()->study().accelerator.l2_size_bytes, std::int64_t{262144});
        QCOMPARE(a->l2_bytes()->text(), QString("256 KiB"));
        type(a->l1_bytes(), "1 kB");
        QCOMPARE(w->document()->study().accelerator.l1_size_bytes, std::int64_t{1000});
        type(a->offchip_bandwidth(), "64 B/cycle");  // one-byte words on edge
        QCOMPARE(w->document()->study().accelerator.offchip_bw_elements_per_cycle, std::int64_t{64});
        QCOMPARE(a->offchip_bandwidth()->text(), QString("64 elem/cycle"));
    }

    void accelerator_edits_are_checked() {
        auto w = open_window();
        AcceleratorEditor* a = w->accelerator();
        a->rows()->setValue(16);
        QCOMPARE(w->document()->study().accelerator.num_pes, std::int64_t{16 * 14});
        QVERIFY(a->problem_label()->text().isEmpty());
        // 65536 x 65536 PEs is more than the model supports: refused, with the reason.
        a->rows()->setValue(65536);
        a->columns()->setValue(65536);
        QVERIFY(a->problem_label()->text().contains("Not applied"));
        QVERIFY(w->document()->study().accelerator.num_pes < 65536LL * 65536);
        QCOMPARE(a->columns()->value(), static_cast<int>(w->document()->study().accelerator.pe_hierarchy.back()));
        // Presets replace the whole accelerator.
        a->presets()->setCurrentIndex(a->presets()->findText("cloud"));
        emit a->presets()->activated(a->presets()->currentIndex());
        QCOMPARE(w->document()->study().accelerator.num_pes, std::int64_t{65536});
    }

    void a_search_fills_the_charts_and_a_click_loads_a_mapping() {
        auto w = open_window();
        SearchPanel* s = w->search();
        s->budget()->setValue(3000);
        const int run = s->run();
        QVERIFY(run > 0);
        QTRY_VERIFY_WITH_TIMEOUT(!s->controller()->running(), 20000);
        QCOMPARE(w->scatter()->point_count(), std::size_t{3000});
        QTRY_VERIFY(w->scatter()->drawn_points() > 10);
        QVERIFY(w->scatter()->drawn_points() <= 3000);
        QCOMPARE(s->runs()->count(), 2);
        QTRY_VERIFY(w->convergence()->point_count(run) >= 2);
        QVERIFY(s->progress_label()->text().contains("finished"));
        // Click the best valid point: the editor loads its mapping.
        const auto front = w->scatter()->shown_front();
        QVERIFY(!front.empty());
        QSignalSpy clicked(w->scatter(), &ScatterChart::point_clicked);
        const PlotPoint& best = w->scatter()->store().at(front.front());
        QVERIFY(w->scatter()->click_at(best.latency_cycles, best.energy_nj));
        QCOMPARE(clicked.count(), 1);
        const PlotPoint p = clicked.front().front().value<PlotPoint>();
        const Mapping loaded = w->document()->current_mapping();
        QVERIFY(loaded == p.mapping);
        const CostReport r = evaluate(w->document()->layer(w->document()->selected_layer()), w->document()->study().accelerator, loaded);
        QVERIFY(r.valid());
        QCOMPARE(static_cast<double>(r.runtime_cycles), p.latency_cycles);
        QCOMPARE(w->tabs()->currentIndex(), 0);
    }

    // L1 too small for any of GAMMA's samples of the 7x7 first layer (each holds the filter whole:
    // 294 elements) but not for the least-footprint mapping (its rows spread: 42): the run ends
    // with that mapping, says so when it finishes and when its best is loaded, and a saved study
    // keeps the flag.
    void a_run_that_falls_back_says_so() {
        auto w = open_window();
        Accelerator small = w->document()->study().accelerator;
        small.l1_size_bytes = 100 * small.word_size_bytes;
        w->document()->set_accelerator(small, "", "small L1");
        w->document()->select_layer(0);
        SearchPanel* s = w->search();
        s->budget()->setValue(500);
        QVERIFY(s->run() > 0);
        QTRY_VERIFY_WITH_TIMEOUT(!s->controller()->running(), 20000);
        const QString finished = s->progress_label()->text();
        QVERIFY2(finished.contains("1 of 1 layer(s) with a valid mapping (1 the least-footprint fallback"), qPrintable(finished));
        const SearchRun run = w->document()->study().runs.back();
        QVERIFY(run.layers.front().found && run.layers.front().least_footprint_fallback);
        s->load_best_button()->click();
        QVERIFY2(s->progress_label()->text().contains("it is the least-footprint mapping"), qPrintable(s->progress_label()->text()));
        const Study reread = parse_study_json(study_to_json_text(w->document()->study()), "reread.json");
        QVERIFY(reread.runs.back().layers.front().least_footprint_fallback);
    }

    // What must always hold while a whole-model search runs, even on a loaded machine: points
    // and the model's convergence arrive while it runs, the window keeps answering, and Stop
    // takes effect. The tight figures (stalls of a few milliseconds, Stop within tens of
    // milliseconds) are measured by `mapscape --bench-ui`, not asserted here.
    void stop_takes_effect_and_the_window_keeps_answering() {
        auto w = open_window();
        SearchPanel* s = w->search();
        s->algorithm()->setCurrentText("gamma");
        s->budget()->setValue(2000000);
        s->scope()->setCurrentIndex(1);  // all 20 layers: 40 million samples, far more than the test waits
        StallProbe probe;
        probe.start();
        const int run = s->run();
        QTRY_VERIFY_WITH_TIMEOUT(w->scatter()->point_count() > 1000, 20000);  // points arrive while running
        QTRY_VERIFY_WITH_TIMEOUT(w->convergence()->point_count(run) >= 2, 20000);  // so does the model's convergence
        QVERIFY(s->controller()->running());
        QVERIFY(s->progress_label()->text().contains("best sum"));  // the sum of the layers' bests
        QVERIFY(s->progress_label()->text().contains("above the bound"));
        QVERIFY(w->convergence()->bound().has_value());
        QTRY_VERIFY_WITH_TIMEOUT(w->scatter()->repaints() > 1, 20000);  // repainted while it runs (late on a busy machine)
        QElapsedTimer stop_clock;
        stop_clock.start();
        s->stop_button()->click();
        QTRY_VERIFY_WITH_TIMEOUT(!s->controller()->running(), 10000);
        const qint64 longest = probe.stop();
        qInfo("longest event-loop stall during the search: %lld ms; stop took %lld ms (tight figures: mapscape --bench-ui)",
              longest, stop_clock.elapsed());
        QVERIFY2(longest <= 1000, qPrintable(QString("event loop stalled for %1 ms").arg(longest)));
        QTRY_COMPARE(s->runs()->count(), 2);  // the stopped run is kept, marked stopped
        QVERIFY(w->document()->study().runs.back().stopped);
        const std::size_t after_stop = w->scatter()->point_count();
        QTest::qWait(200);
        QCOMPARE(w->scatter()->point_count(), after_stop);  // nothing arrives after Stop
    }

    // A whole-model run's convergence is the model's (the sum of the layers' bests, on a log
    // sample axis with round ticks), with the bound of that sum; on demand, every layer divided
    // by its own bound.
    void whole_model_convergence_and_its_bound() {
        auto w = open_window();
        SearchPanel* s = w->search();
        s->budget()->setValue(2000);
        s->scope()->setCurrentIndex(1);
        const int run = s->run();
        QTRY_VERIFY_WITH_TIMEOUT(!s->controller()->running(), 30000);
        ConvergenceChart* c = w->convergence();
        QVERIFY(c->point_count(run) >= 2);
        const auto& curve = c->data(c->curve_count() - 1);
        QVERIFY(!curve.empty());
        double sum = 0;
        for (const LayerRunResult& l : w->document()->study().runs.back().layers) sum += l.objective_value;
        QCOMPARE(curve.back().y(), sum);                  // ends at the sum of the layers' bests
        QCOMPARE(curve.back().x(), 2000.0 * 20);          // after all the run's samples
        QVERIFY(c->bound().has_value() && *c->bound() > 0 && *c->bound() <= sum);
        for (double t : c->ticks(Qt::Horizontal)) {       // round values on the log axis
            const double mantissa = t / std::pow(10, std::floor(std::log10(t) + 1e-9));
            QVERIFY2(std::abs(mantissa - 1) < 1e-9 || std::abs(mantissa - 2) < 1e-9 || std::abs(mantissa - 5) < 1e-9,
                     qPrintable(QString::number(t)));
        }
        w->per_layer_convergence()->setChecked(true);
        QCOMPARE(c->curve_count(), 20);
        QCOMPARE(*c->bound(), 1.0);
        for (int i = 0; i < c->curve_count(); ++i)
            for (const QPointF& p : c->data(i)) QVERIFY(p.y() >= 1.0);
    }

    void a_newer_run_supersedes_the_older_one() {
        auto w = open_window();
        SearchPanel* s = w->search();
        s->budget()->setValue(500000);
        const int first = s->run();
        QTest::qWait(100);
        s->budget()->setValue(2000);
        const int second = s->run();
        QVERIFY(second > first);
        QTRY_VERIFY_WITH_TIMEOUT(!s->controller()->running(), 20000);
        QTest::qWait(200);
        // Only the second run was recorded; the first one's points stopped arriving.
        QCOMPARE(w->document()->study().runs.back().id, second);
        for (const SearchRun& r : w->document()->study().runs) QVERIFY(r.id != first);
    }

    void save_and_reload_give_the_same_study() {
        QTemporaryDir dir;
        const QString path = dir.filePath("study.json");
        Study saved;
        {
            auto w = open_window();
            w->document()->select_layer(4);
            w->dataflow()->apply_preset("kcp_ws");
            w->accelerator()->rows()->setValue(10);
            w->search()->budget()->setValue(1500);
            w->search()->run();
            QTRY_VERIFY_WITH_TIMEOUT(!w->search()->controller()->running(), 20000);
            QVERIFY(w->save_study_as(path));
            QVERIFY(!w->document()->is_modified());
            saved = w->document()->study();
        }
        auto w2 = std::make_unique<MainWindow>();
        w2->set_interactive(false);
        QVERIFY(w2->open_study(path));
        QVERIFY(w2->document()->study() == saved);
        QCOMPARE(w2->document()->selected_layer(), 4);
        QCOMPARE(w2->accelerator()->rows()->value(), 10);
        QCOMPARE(saved.runs.size(), std::size_t{2});
        QCOMPARE(w2->search()->runs()->count(), 2);
        // A bad or newer file is refused with a clear message, and the open study stays.
        QFile newer(dir.filePath("newer.json"));
        QVERIFY(newer.open(QIODevice::WriteOnly));
        newer.write("{\"format\": \"mapscape-study\", \"version\": 9}");
        newer.close();
        QVERIFY(!w2->open_study(dir.filePath("newer.json")));
        QVERIFY(w2->last_error().contains("newer than this Mapscape understands"));
        QVERIFY(w2->document()->study() == saved);
    }

    void export_and_reread_maestro_files() {
        auto w = open_window();
        QTemporaryDir dir;
        const QString path = dir.filePath("layer.m");
        QVERIFY(w->export_mapping_maestro(path));
        const MaestroNetwork net = read_maestro_file(path.toStdString());
        QCOMPARE(net.layers.size(), std::size_t{1});
        QVERIFY(net.layers[0].mapping == w->document()->current_mapping());
        const Accelerator hw = read_maestro_hw_file(dir.filePath("layer_hw.m").toStdString(), Accelerator{});
        const CostReport again = evaluate(net.layers[0].layer, hw, net.layers[0].mapping);
        QCOMPARE(again.runtime_cycles, w->dataflow()->report().runtime_cycles);
        // The example's run, all 20 layers, as one network file.
        QVERIFY(w->export_run_maestro(w->document()->study().runs.front().id, dir.path()));
        QCOMPARE(read_maestro_file(dir.filePath("resnet18.m").toStdString()).layers.size(), std::size_t{20});
        QVERIFY(w->export_results_json(dir.filePath("r.json")));
        QVERIFY(w->export_results_csv(dir.filePath("r.csv")));
        QFile csv(dir.filePath("r.csv"));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        QCOMPARE(QString(csv.readAll()).count('\n'), 21);
    }

    // A whole-model run applied with one click, as one undo step; Load best takes the selected
    // layer of the selected run and says so when there is nothing to load; the finished line
    // keeps the best and its distance to the bound.
    void a_whole_model_run_applies_in_one_step() {
        auto w = open_window();
        SearchPanel* s = w->search();
        s->budget()->setValue(300);
        s->scope()->setCurrentIndex(1);
        QVERIFY(s->run() > 0);
        QTRY_VERIFY_WITH_TIMEOUT(!s->controller()->running(), 60000);
        QVERIFY2(s->progress_label()->text().contains("best sum"), qPrintable(s->progress_label()->text()));
        QVERIFY(s->progress_label()->text().contains("above the bound"));
        const SearchRun run = w->document()->study().runs.back();
        QCOMPARE(run.layers.size(), std::size_t{20});
        QCOMPARE(s->runs()->currentRow(), s->runs()->count() - 1);  // the new run is highlighted

        const Study before = w->document()->study();
        const int undo_steps = w->document()->undo_stack()->count();
        s->apply_all_button()->click();
        QCOMPARE(w->document()->undo_stack()->count(), undo_steps + 1);
        for (const LayerRunResult& l : run.layers)
            if (l.found) QVERIFY(w->document()->study().mapping_for(l.layer) == l.best_mapping);
        w->document()->undo_stack()->undo();
        QVERIFY(w->document()->study().mappings == before.mappings);
        w->document()->undo_stack()->redo();

        // Load best: the selected layer of the selected run.
        w->document()->select_layer(4);
        s->load_best_button()->click();
        QVERIFY(w->document()->current_mapping() == run.layers[4].best_mapping);
        QVERIFY(s->progress_label()->text().contains("layer 5"));
        QCOMPARE(w->dataflow()->presets()->currentIndex(), -1);  // the preset box no longer names a preset
        w->dataflow()->apply_preset("kcp_ws");
        QCOMPARE(w->dataflow()->presets()->currentText(), QString("kcp_ws"));
        s->runs()->clearSelection();
        s->load_best_button()->click();
        QVERIFY(s->progress_label()->text().contains("Select a run"));
        QCOMPARE(w->dataflow()->presets()->currentText(), QString("kcp_ws"));  // nothing was loaded
    }

    // The readout never shows figures for a mapping other than the one displayed.
    void the_readout_shows_only_the_displayed_mappings_figures() {
        auto w = open_window();
        DataflowEditor* editor = w->dataflow();
        CostReadout* readout = editor->readout();
        // "+ Level" makes a mapping that runs.
        auto* add_level = editor->findChild<QPushButton*>(QString(), Qt::FindChildrenRecursively);
        for (QPushButton* b : editor->findChildren<QPushButton*>())
            if (b->text() == "+ Level") add_level = b;
        QVERIFY(add_level && add_level->text() == "+ Level");
        const std::size_t levels_before = w->document()->current_mapping().directives.size();
        add_level->click();
        QCOMPARE(w->document()->current_mapping().directives.size(), levels_before + 2);
        QVERIFY2(editor->report().valid(), qPrintable(readout->status()->text()));
        QVERIFY(readout->status()->text().contains("Runs"));
        // A syntax error in the text: no figures.
        editor->text()->setFocus();
        editor->text()->setPlainText("SpatialMap(1,1) K;\nTemporalMap(2,2 C;\n");
        QTRY_VERIFY(!editor->text_error()->text().isEmpty());
        QVERIFY(readout->status()->text().contains("Not evaluated"));
        QCOMPARE(readout->latency()->text(), QString("—"));
        // A mapping that cannot run: its reason, no zero figures.
        Accelerator tiny = w->document()->study().accelerator;
        tiny.l2_size_bytes = 16;
        w->document()->set_accelerator(tiny, "", "tiny L2");
        QVERIFY(!editor->report().valid());
        QVERIFY(readout->status()->text().contains("Cannot run"));
        QVERIFY(readout->latency()->text().contains("cannot run"));
        QVERIFY(!readout->energy()->text().contains("0 nJ"));
        // An off-chip bandwidth below the mapping's need is shown in red, with how far above.
        Accelerator slow = w->document()->study().accelerator;
        slow.l2_size_bytes = 1 << 30;
        slow.offchip_bw_elements_per_cycle = 1;
        w->document()->set_accelerator(slow, "", "slow DRAM");
        const QString bandwidth = readout->findChildren<QLabel*>().last()->text();
        bool red = false;
        for (QLabel* l : readout->findChildren<QLabel*>())
            if (l->text().contains("off-chip") && l->text().contains("above") && l->text().contains("#b00020")) red = true;
        QVERIFY2(red, qPrintable(bandwidth));
    }

    // Opening another model: the box names it (a file's model is no bundled entry), a long layer
    // name is elided so Type, Shape and MACs stay in view (whole in the tooltip), and the status
    // bar says the earlier runs went with the old model.
    void opening_a_model_file_shows_what_changed() {
        auto w = open_window();
        QVERIFY(!w->document()->study().runs.empty());  // the example's run
        QTemporaryDir dir;
        const QString path = dir.filePath("net.json");
        const QString long_name = "/features/features.1/features.1.0/block/block.0/block.0.0/Conv";
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QString(R"({"format": "mapscape-model", "version": 1, "name": "my_net", "layers": [)"
                        R"({"name": "%1", "type": "CONV", "K": 32, "C": 16, "R": 3, "S": 3, "Y": 30, "X": 30}]})")
                    .arg(long_name)
                    .toUtf8());
        f.close();
        QVERIFY(w->workload()->open_model(path));
        QCOMPARE(w->workload()->models()->currentIndex(), -1);
        QVERIFY(w->workload()->models()->placeholderText().contains("my_net"));
        QVERIFY(w->document()->study().runs.empty());
        QVERIFY2(w->statusBar()->currentMessage().contains("set aside"), qPrintable(w->statusBar()->currentMessage()));
        QTableView* table = w->workload()->table();
        QVERIFY(table->columnWidth(1) <= 150);
        QVERIFY(table->model()->index(0, 1).data(Qt::ToolTipRole).toString().contains(long_name));
        w->document()->undo_stack()->undo();  // the old model and its runs come back
        QVERIFY(!w->document()->study().runs.empty());
        QCOMPARE(w->workload()->models()->currentText(), QString("resnet18"));
    }

    // A run's exported files carry the accelerator the run searched on, not the study's current
    // one: after the accelerator changed (as "Use this design" changes it), each exported layer
    // evaluates to the run's own figures, and the convergence chart's bound stays the run's.
    void a_runs_export_and_bound_keep_its_accelerator() {
        auto w = open_window();
        SearchPanel* s = w->search();
        const Accelerator searched_on = w->document()->study().accelerator;
        s->budget()->setValue(400);
        s->scope()->setCurrentIndex(1);  // the whole model
        QVERIFY(s->run() > 0);
        QTRY_VERIFY_WITH_TIMEOUT(!s->controller()->running(), 60000);
        s->scope()->setCurrentIndex(0);  // and one layer
        QVERIFY(s->run() > 0);
        QTRY_VERIFY_WITH_TIMEOUT(!s->controller()->running(), 60000);
        const std::vector<SearchRun>& all = w->document()->study().runs;
        QVERIFY(all.size() >= 2);
        const std::vector<SearchRun> runs(all.end() - 2, all.end());  // the two just made
        const double bound_before = *w->convergence()->bound();

        Accelerator other = searched_on;  // a smaller chip: the runs' L2 tiles no longer fit
        other.num_pes = 12;
        other.pe_hierarchy = {12};
        other.l2_size_bytes = 4096;
        w->document()->set_accelerator(other, "", "smaller");
        QVERIFY(w->document()->study().accelerator == other);
        QCOMPARE(*w->convergence()->bound(), bound_before);  // still the newest run's accelerator's

        for (const SearchRun& run : runs) {
            QVERIFY(run.accelerator.has_value() && *run.accelerator == searched_on);
            QTemporaryDir dir;
            QVERIFY(w->export_run_maestro(run.id, dir.path()));
            QVERIFY(w->statusBar()->currentMessage().contains("searched on"));
            QVERIFY(w->statusBar()->currentMessage().contains("has changed since"));
            const MaestroNetwork net = read_maestro_file(dir.filePath("resnet18.m").toStdString());
            const Accelerator hw = read_maestro_hw_file(dir.filePath("resnet18_hw.m").toStdString(), Accelerator{});
            QCOMPARE(hw.num_pes, searched_on.num_pes);
            QCOMPARE(hw.l2_size_bytes, searched_on.l2_size_bytes);
            std::size_t found = 0;
            for (const LayerRunResult& l : run.layers) found += l.found ? 1 : 0;
            QCOMPARE(net.layers.size(), found);
            std::size_t k = 0;
            for (const LayerRunResult& l : run.layers) {
                if (!l.found) continue;
                const CostReport r = evaluate(net.layers[k].layer, hw, net.layers[k].mapping);
                QVERIFY2(r.valid(), qPrintable(QString("layer %1").arg(l.layer + 1)));
                QCOMPARE(r.runtime_cycles, l.runtime_cycles);
                ++k;
            }
        }
        // Saved and reopened, a run still has its accelerator.
        QTemporaryDir dir;
        QVERIFY(w->save_study_as(dir.filePath("s.json")));
        const Study again = load_study(dir.filePath("s.json").toStdString());
        QVERIFY(again.runs.back().accelerator.has_value() && *again.runs.back().accelerator == searched_on);
    }

#ifdef MAPSCAPE_TEST_ONNX
    void importing_an_onnx_graph() {
        // The plugin beside the programs of the build tree (the suite runs from tests/ui/).
        if (qgetenv("MAPSCAPE_PLUGIN_DIR").isEmpty()) qputenv("MAPSCAPE_PLUGIN_DIR", MAPSCAPE_PLUGINS_BUILD_DIR);
        auto w = open_window();
        QSignalSpy imported(w->workload(), &WorkloadPanel::onnx_imported);
        StallProbe probe;
        probe.start();
        QVERIFY(w->workload()->open_model(QString(MAPSCAPE_TEST_DATA_DIR) + "/onnx/resnet18_torchvision_weightless.onnx"));
        QVERIFY(imported.wait(30000));
        qInfo() << "longest event-loop stall while importing:" << probe.stop() << "ms";
        const Model& m = w->document()->study().model;
        QCOMPARE(m.layers.size(), std::size_t(21));
        QCOMPARE(w->workload()->table()->model()->rowCount(), 21);
        QVERIFY(m.source.find("ONNX graph resnet18_torchvision_weightless.onnx") != std::string::npos);
        QVERIFY(w->workload()->unmapped_label()->isVisible());
        QVERIFY(w->workload()->unmapped_label()->text().contains("44 operators"));
        QVERIFY(!w->workload()->unmapped_table()->findItems("MaxPool", Qt::MatchExactly).isEmpty());
        if (const QByteArray shots = qgetenv("MAPSCAPE_SHOT_DIR"); !shots.isEmpty()) {  // to look at it, not committed
            w->resize(1600, 1000);
            QTest::qWait(200);
            w->grab().save(QString(shots) + "/onnx_import.png");
        }
        // The study holds the imported layers: saved and reopened, it needs no file.
        QVERIFY(w->document()->is_modified());
        w->document()->undo_stack()->undo();
        QCOMPARE(w->document()->study().model.name, std::string("resnet18"));
        QVERIFY(!w->workload()->unmapped_label()->isVisible());
    }

    // A bundled model picked while a graph is still being read is the one the study keeps: the
    // late import is dropped and said so, and a second import waits for the first to be done.
    void a_model_chosen_during_an_onnx_import_is_kept() {
        if (qgetenv("MAPSCAPE_PLUGIN_DIR").isEmpty()) qputenv("MAPSCAPE_PLUGIN_DIR", MAPSCAPE_PLUGINS_BUILD_DIR);
        auto w = open_window();
        const QString graph = QString(MAPSCAPE_TEST_DATA_DIR) + "/onnx/resnet18_torchvision_weightless.onnx";
        QSignalSpy imported(w->workload(), &WorkloadPanel::onnx_imported);
        QSignalSpy dropped(w->workload(), &WorkloadPanel::onnx_import_dropped);
        QVERIFY(w->workload()->open_model(graph));
        QVERIFY(!w->workload()->open_model(graph));  // one import at a time
        QVERIFY(w->workload()->open_model("mobilenet_v2"));
        QVERIFY(dropped.wait(30000));
        QCOMPARE(imported.count(), 0);
        QCOMPARE(w->document()->study().model.name, std::string("mobilenet_v2"));
        // Done: the next import is taken, and applied.
        QVERIFY(w->workload()->open_model(graph));
        QVERIFY(imported.wait(30000));
        QCOMPARE(w->document()->study().model.layers.size(), std::size_t(21));
    }

    // Closing the window while a graph is read: it waits for the read, then the thread goes
    // with the panel (its finished slot, which deleted it, no longer runs).
    void closing_during_an_onnx_import_leaves_no_thread() {
        if (qgetenv("MAPSCAPE_PLUGIN_DIR").isEmpty()) qputenv("MAPSCAPE_PLUGIN_DIR", MAPSCAPE_PLUGINS_BUILD_DIR);
        auto w = open_window();
        QVERIFY(w->workload()->open_model(QString(MAPSCAPE_TEST_DATA_DIR) + "/onnx/resnet18_torchvision_weightless.onnx"));
        QPointer<QThread> thread = w->workload()->findChild<QThread*>();
        QVERIFY(thread);
        w.reset();
        QVERIFY(thread.isNull());
    }
#endif

    void teaching_view_steps_through_time() {
        auto w = open_window();
        w->tabs()->setCurrentWidget(w->teaching());
        TeachingView* t = w->teaching();
        QVERIFY(t->loop_nest()->toPlainText().contains("parallel for"));
        QVERIFY(t->step_slider()->maximum() > 10);
        t->step_slider()->setValue(5);
        emit t->pe_array()->pe_selected(3);
        QVERIFY(t->pe_detail()->text().contains("PE 3"));
        QVERIFY(t->pe_detail()->text().contains("output["));
    }

    // The PE states (up to 65,536 of them) are computed for the Teaching view when it is shown,
    // not on every accelerator edit made in another tab: a big array edited elsewhere keeps the
    // window answering, and the view is current again as soon as it is shown.
    void teaching_view_computes_pe_states_when_shown() {
        auto w = open_window();
        w->tabs()->setCurrentWidget(w->teaching());
        QApplication::processEvents();
        TeachingView* t = w->teaching();
        const int before = t->pe_array()->drawn_pes();
        QVERIFY(before > 0);
        emit t->pe_array()->pe_selected(3);
        const QString detail_before = t->pe_detail()->text();
        QVERIFY(detail_before.contains("PE 3"));
        w->tabs()->setCurrentIndex(0);
        QApplication::processEvents();
        QVERIFY(!t->isVisible());
        Accelerator bigger = w->document()->study().accelerator;
        bigger.num_pes *= 4;
        w->document()->set_accelerator(bigger, "", "more PEs");
        QCOMPARE(t->pe_array()->drawn_pes(), before);  // not recomputed while hidden
        t->update_hidden_pe_states();                   // what the PE array's export does first
        const int after = t->pe_array()->drawn_pes();
        QVERIFY2(after > before, qPrintable(QString("%1 PEs drawn before, %2 after").arg(before).arg(after)));
        w->document()->undo_stack()->undo();
        w->tabs()->setCurrentWidget(w->teaching());
        QApplication::processEvents();
        QCOMPARE(t->pe_array()->drawn_pes(), before);  // shown again: the undone design's PEs
        QCOMPARE(t->pe_detail()->text(), detail_before);  // and the selected PE's detail with them
    }

    // The time-step slider spans the pane, a click on it jumps there and a drag follows the
    // pointer; Play moves at the chosen speed; the loop nest's lines fit their pane.
    void teaching_view_slider_play_and_nest_read() {
        auto w = open_window();
        w->resize(1600, 1000);
        w->tabs()->setCurrentWidget(w->teaching());
        TeachingView* t = w->teaching();
        QApplication::processEvents();
        QSlider* slider = t->step_slider();
        QVERIFY2(slider->width() >= t->pe_array()->width() * 0.8, qPrintable(QString("slider %1 px, array %2 px").arg(slider->width()).arg(t->pe_array()->width())));
        QVERIFY(slider->maximum() > 100);
        QTest::mouseClick(slider, Qt::LeftButton, {}, QPoint(slider->width() * 3 / 4, slider->height() / 2));
        QVERIFY2(std::abs(slider->value() - slider->maximum() * 3 / 4) <= slider->maximum() / 20, qPrintable(QString::number(slider->value())));
        QCOMPARE(t->step_box()->value(), slider->value());
        // Drag the handle from there to a quarter of the way.
        QTest::mousePress(slider, Qt::LeftButton, {}, QPoint(slider->width() * 3 / 4, slider->height() / 2));
        QMouseEvent move(QEvent::MouseMove, QPointF(slider->width() / 4, slider->height() / 2), slider->mapToGlobal(QPointF(slider->width() / 4, slider->height() / 2)),
                         Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(slider, &move);
        QTest::mouseRelease(slider, Qt::LeftButton, {}, QPoint(slider->width() / 4, slider->height() / 2));
        QVERIFY2(std::abs(slider->value() - slider->maximum() / 4) <= slider->maximum() / 20, qPrintable(QString::number(slider->value())));
        // Speeds: the timer's ticks and the positions per tick give the steps per second chosen.
        for (int speed : {1, 10, 100, 1000}) {
            t->speed()->setCurrentIndex(t->speed()->findData(speed));
            QCOMPARE(1000 * t->positions_per_tick() / t->play_timer()->interval(), speed);
        }
        t->speed()->setCurrentIndex(t->speed()->findData(1000));
        const int before = slider->value();
        t->play_button()->click();
        QVERIFY(t->play_timer()->isActive());
        QTRY_VERIFY(slider->value() >= before + 100 || slider->value() < before);  // moved on (or wrapped round)
        t->play_button()->click();
        QVERIFY(!t->play_timer()->isActive());
        // Comments stand above their loops: no line of the nest is wider than its pane.
        const QFontMetrics fm(t->loop_nest()->font());
        int widest = 0;
        QString widest_line;
        for (const QString& line : t->loop_nest()->toPlainText().split('\n'))
            if (fm.horizontalAdvance(line) > widest) widest = fm.horizontalAdvance(widest_line = line);
        QVERIFY2(widest <= t->loop_nest()->viewport()->width(),
                 qPrintable(QString("widest line %1 px, pane %2 px: %3").arg(widest).arg(t->loop_nest()->viewport()->width()).arg(widest_line)));
        QVERIFY(t->loop_nest()->toPlainText().contains("// K: 64 "));
    }

    // The scatter draws one layer of one run (the newest run, at the workload's layer unless
    // chosen), so its cloud and front are one problem's; the convergence legend names what
    // differs between runs; an empty chart says so instead of drawing made-up axes.
    void the_scatter_shows_one_layer_of_one_run() {
        auto w = open_window();
        QVERIFY(!w->scatter()->has_content());
        QVERIFY(w->scatter()->ticks(Qt::Horizontal).empty());  // no "1 nJ - 10 nJ" of nothing
        SearchPanel* s = w->search();
        s->budget()->setValue(200);
        s->scope()->setCurrentIndex(1);  // whole model: 20 layers
        QVERIFY(s->run() > 0);
        QTRY_VERIFY_WITH_TIMEOUT(!s->controller()->running(), 60000);
        const int whole = w->document()->study().runs.back().id;
        w->scatter()->redraw();
        QVERIFY(w->scatter()->point_count() > 2000);  // every layer's points are kept...
        QVERIFY(w->scatter()->shown_series());        // ...one layer's are drawn
        QCOMPARE(w->scatter()->shown_series()->run, whole);
        QCOMPARE(w->scatter()->shown_series()->layer, w->document()->selected_layer());
        QVERIFY(w->scatter()->drawn_points() <= 200);
        QVERIFY2(w->scatter()->title().contains(QString("Run %1, layer %2").arg(whole).arg(w->document()->selected_layer() + 1)), qPrintable(w->scatter()->title()));
        for (std::size_t i : w->scatter()->shown_front()) QCOMPARE(w->scatter()->store().at(i).layer, w->document()->selected_layer());
        // Another layer, chosen in the panel; then the workload's selection again.
        ScatterPanel* panel = w->scatter_panel();
        panel->layer_box()->setCurrentIndex(panel->layer_box()->findData(6));
        QCOMPARE(w->scatter()->shown_series()->layer, 6);
        for (std::size_t i : w->scatter()->shown_front()) QCOMPARE(w->scatter()->store().at(i).layer, 6);
        panel->layer_box()->setCurrentIndex(0);
        w->document()->select_layer(9);
        QTRY_COMPARE(w->scatter()->shown_series()->layer, 9);
        // A newer one-layer run: the scatter follows it; the older run stays in the run box.
        s->scope()->setCurrentIndex(0);
        QVERIFY(s->run() > 0);
        QTRY_VERIFY_WITH_TIMEOUT(!s->controller()->running(), 60000);
        w->scatter()->redraw();
        QCOMPARE(w->scatter()->shown_series()->run, w->document()->study().runs.back().id);
        QVERIFY(panel->run_box()->findData(whole) >= 0);
        // The convergence legend: what the two runs share is in the title, once.
        QVERIFY2(w->convergence()->title().contains("gamma, latency, seed 1"), qPrintable(w->convergence()->title()));
    }

    // Names: the Search dock's map spaces and the Multi-core tab's platforms are told apart, the
    // bundled mixes and platforms say what they are, both area-model boxes name models alike,
    // counts read with their unit and separators, and the objective is chosen from a list.
    void names_say_what_each_setting_is() {
        auto w = open_window();
        SearchPanel* s = w->search();
        QCOMPARE(s->system()->count(), 3);
        for (int i = 0; i < 3; ++i) QVERIFY(s->system()->itemText(i).startsWith(QString("S%1: ").arg(i + 1)));
        QVERIFY(s->system()->itemText(0).contains("fixed array"));
        ScheduleView* v = w->schedule();
        QCOMPARE(v->platform()->count(), 6);
        v->platform()->setCurrentText("S2");
        QVERIFY2(v->platform_about()->text().contains("heterogeneous"), qPrintable(v->platform_about()->text()));
        v->mix()->setCurrentText("mix");
        const QString mix_about = v->mix_about()->text();
        v->mix()->setCurrentText("magma-mix");
        QVERIFY(!mix_about.isEmpty() && !v->mix_about()->text().isEmpty() && v->mix_about()->text() != mix_about);
        QVERIFY(v->mix_about()->text().contains("public MAGMA code"));
        QCOMPARE(w->accelerator()->area_model()->count(), w->codesign()->area_model()->count());
        for (int i = 0; i < w->codesign()->area_model()->count(); ++i) {
            QCOMPARE(w->accelerator()->area_model()->itemText(i), w->codesign()->area_model()->itemText(i));
            QCOMPARE(w->accelerator()->area_model()->itemData(i), w->codesign()->area_model()->itemData(i));
        }
        const QString ten_thousand = QLocale().toString(10000);
        s->budget()->setValue(10000);
        v->budget()->setValue(10000);
        w->codesign()->samples()->setValue(10000);
        QCOMPARE(s->budget()->text(), ten_thousand + " samples/layer");
        QCOMPARE(v->budget()->text(), ten_thousand + " schedules");
        QCOMPARE(w->codesign()->samples()->text(), ten_thousand + " design points");
        // The objective: a list of the named ones, and a typed product still accepted.
        QComboBox* objective = s->objective_box();
        for (const char* name : {"latency", "energy", "power", "edp", "area", "lap"}) QVERIFY(objective->findText(name) >= 0);
        objective->setCurrentIndex(objective->findText("energy"));
        emit objective->activated(objective->currentIndex());
        QCOMPARE(w->document()->study().search.objective.name(), std::string("energy"));
        s->objective()->setText("latency*energy^2");
        emit s->objective()->editingFinished();
        QCOMPARE(w->document()->study().search.objective.name(), std::string("latency*energy^2"));
    }

    void schedule_view_runs_magma_live() {
        auto w = open_window();
        ScheduleView* v = w->schedule();
        w->tabs()->setCurrentWidget(v);
        QVERIFY(v->run() > 0);
        QTRY_VERIFY_WITH_TIMEOUT(!v->controller()->running(), 20000);
        QTRY_VERIFY(v->timeline()->segment_count() >= 100);
        QVERIFY(v->status()->text().contains("finished"));
        QVERIFY(v->convergence()->curve_count() == 1);
        // The Gantt's legend names each model of the mix in a colour of its own; the bandwidth
        // axis has ticks from 0 to the system's bandwidth.
        const QStringList models = v->timeline()->legend_models();
        QVERIFY(models.size() >= 2);
        std::set<QRgb> colours;
        for (const QString& m : models) colours.insert(v->timeline()->model_colour(m).rgb());
        QCOMPARE(colours.size(), static_cast<std::size_t>(models.size()));
        const std::vector<double> ticks = v->timeline()->bandwidth_ticks_gbps();
        QCOMPARE(ticks.size(), std::size_t{3});
        QCOMPARE(ticks.front(), 0.0);
        QVERIFY(ticks.back() > 0);
        QTemporaryDir dir;
        QVERIFY(v->export_trace(dir.filePath("trace.json")));
        QFile f(dir.filePath("trace.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll().contains("\"traceEvents\""));
        // Zoom in around the middle and fit again.
        const double end = v->timeline()->view_end();
        QCOMPARE(end, v->last().timeline.makespan);  // live updates keep the whole schedule in view
        v->timeline()->zoom(0.5, end / 2);
        QVERIFY(v->timeline()->view_end() - v->timeline()->view_start() < end);
        v->timeline()->fit();
        QCOMPARE(v->timeline()->view_end(), end);
    }

#ifdef MAPSCAPE_TORCH_PLUGIN
    // The RL baselines are listed like any other algorithm, and A2C schedules live as MAGMA does.
    void rl_baselines_are_listed_and_schedule_live() {
        auto w = open_window();
        QVERIFY(w->search()->algorithm()->findText("ddpg") >= 0);
        ScheduleView* v = w->schedule();
        w->tabs()->setCurrentWidget(v);
        QVERIFY(v->algorithm()->findText("ppo2") >= 0);
        v->algorithm()->setCurrentIndex(v->algorithm()->findText("a2c"));
        v->budget()->setValue(300);
        QVERIFY(v->run() > 0);
        QTRY_VERIFY_WITH_TIMEOUT(!v->controller()->running(), 60000);
        QVERIFY(v->status()->text().contains("finished"));
        QTRY_VERIFY(v->timeline()->segment_count() >= 100);
        QCOMPARE(v->last().samples, 300);
        QVERIFY(v->convergence()->curve_count() == 1);
        if (const QString dir = qEnvironmentVariable("MAPSCAPE_TEST_SHOTS"); !dir.isEmpty()) w->grab().save(dir + "/schedule_a2c.png");
    }
#endif

    // The MAGMA code's regime from the view: its job analysis, 16 bytes per cycle, its instances.
    void schedule_view_takes_the_codes_regime() {
        auto w = open_window();
        ScheduleView* v = w->schedule();
        w->tabs()->setCurrentWidget(v);
        v->job_analysis()->setCurrentIndex(v->job_analysis()->findData(QStringLiteral("magma-code")));
        v->bandwidth_unit()->setCurrentIndex(v->bandwidth_unit()->findData(QStringLiteral("bytes-per-cycle")));
        v->bandwidth()->setValue(16);
        emit v->bandwidth()->editingFinished();
        v->budget()->setValue(300);
        emit v->budget()->editingFinished();
        QVERIFY(v->run() > 0);
        const ScheduleSettings& s = w->document()->study().schedule;
        QCOMPARE(s.job_analysis, std::string("magma-code"));
        QCOMPARE(s.bandwidth_unit, std::string("bytes-per-cycle"));
        QCOMPARE(s.bandwidth, 16.0);
        QTRY_VERIFY_WITH_TIMEOUT(!v->controller()->running(), 20000);
        QTRY_VERIFY(v->status()->text().contains("finished"));
        QCOMPARE(v->last().system_bytes_per_cycle, 16.0);
        // The code's asks are its L2 requirement over the runtime: far below our DRAM traffic.
        const JobTable ours = analyze_jobs(v->last().jobs, v->last().platform);
        double code_ask = 0, our_ask = 0;
        for (int j = 0; j < ours.jobs(); ++j) {
            code_ask += v->last().table.bandwidth(j, 0);
            our_ask += ours.bandwidth(j, 0);
        }
        QVERIFY(code_ask * 10 < our_ask);
    }
};

QTEST_MAIN(AppTest)
#include "test_app.moc"
