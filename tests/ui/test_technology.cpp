// The accelerator editor's technology group driven as a user drives it, offscreen, on the example
// study (ResNet-18 on Edge, layer 2, its own mapping): choosing 45nm moves the readout's energy
// for the same layer and mapping; a bigger L2 costs more per access under 45nm (the L2 bars of
// both charts grow) and nothing under MAESTRO's model; the precision of the layers changes the
// energy; every choice undoes; DRAM type and banks follow the technology; a technology file
// comes through the file dialog and a bad one is refused; a saved study reopens with its
// technology, DRAM, banks and precision; a new study starts on maestro.
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QSettings>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

#include "accelerator_editor.hpp"
#include "breakdown_chart.hpp"
#include "cost_readout.hpp"
#include "dataflow_editor.hpp"
#include "main_window.hpp"
#include "study_document.hpp"
#include "tech/technology.hpp"
#include "tech/technology_library.hpp"
#include "technology_panel.hpp"
#include "user_prompts.hpp"
#include "util/text_file.hpp"
#include "window_fixture.hpp"

using namespace mapscape;
using namespace mapscape::ui;
using mapscape::ui::testing::open_window;

namespace {

enum EnergyPart { Mac, L1, L2, Noc, Dram, Leakage };
enum AreaPart { Pes, AreaL1, AreaL2, AreaNoc };

// Picks the entry with this data in a box, as a click on it does.
void choose(QComboBox* box, const QString& data) {
    const int index = box->findData(data);
    QVERIFY2(index >= 0, qPrintable(data));
    box->setCurrentIndex(index);
    emit box->activated(index);
}

QString dock_title(MainWindow& w) {
    for (QDockWidget* d : w.findChildren<QDockWidget*>())
        if (d->objectName() == "accelerator") return d->windowTitle();
    return {};
}

const CostReport& report(MainWindow& w) { return w.dataflow()->report(); }
TechnologyPanel* panel(MainWindow& w) { return w.accelerator()->technology(); }

}  // namespace

class TechnologyTest : public QObject {
    Q_OBJECT

private slots:
    void init() {
        QSettings().clear();
        clear_dialog_answers();
    }

    void new_studies_start_on_maestro() {
        auto w = open_window();
        QVERIFY(!w->document()->study().accelerator.physical_technology);
        QCOMPARE(panel(*w)->technology()->currentData().toString(), QString("maestro"));
        QCOMPARE(dock_title(*w), QString("Accelerator — maestro"));
        QVERIFY(panel(*w)->technology()->toolTip().contains("maestro (MAESTRO's relative energies)"));
        QVERIFY(!panel(*w)->dram()->isEnabled());
        QVERIFY(!panel(*w)->l2_banks()->isEnabled());
        QCOMPARE(panel(*w)->precision()->currentText(), QString("(word size)"));
        // MAESTRO's model has no NoC energy and no leakage: "—", not a measured zero.
        QVERIFY(w->dataflow()->energy_chart()->part_label(Noc).contains("—"));
        QVERIFY(w->dataflow()->energy_chart()->part_label(Leakage).contains("—"));
        const Study fresh = new_study("resnet18", "edge");
        QVERIFY(!fresh.accelerator.physical_technology);
        QCOMPARE(technology_label(fresh.accelerator), std::string("maestro"));
    }

    void choosing_45nm_changes_the_energy_of_the_same_mapping_and_undoes() {
        auto w = open_window();
        const Mapping mapping = w->document()->current_mapping();
        const int layer = w->document()->selected_layer();
        QVERIFY(report(*w).valid());
        const double maestro_nj = report(*w).energy.total_nj;
        const QString maestro_text = w->dataflow()->readout()->energy()->text();
        choose(panel(*w)->technology(), "45nm");
        const Accelerator& acc = w->document()->study().accelerator;
        QVERIFY(acc.physical_technology);
        QCOMPARE(acc.physical_technology->name, std::string("45nm"));
        QVERIFY(w->document()->current_mapping() == mapping);
        QCOMPARE(w->document()->selected_layer(), layer);
        QVERIFY(report(*w).valid());
        QVERIFY(report(*w).energy.total_nj != maestro_nj);
        QVERIFY(w->dataflow()->readout()->energy()->text() != maestro_text);
        QVERIFY(w->document()->is_modified());
        QCOMPARE(dock_title(*w), QString("Accelerator — 45nm"));
        QVERIFY(panel(*w)->dram()->isEnabled());
        QVERIFY(panel(*w)->l2_banks()->isEnabled());
        // The charts show this report: its parts, NoC and leakage included, named by technology.
        BreakdownChart* energy = w->dataflow()->energy_chart();
        QVERIFY(energy->title().contains("45nm"));
        QCOMPARE(energy->value(L2), report(*w).energy.l2_nj);
        QVERIFY(energy->value(Noc) > 0);
        QVERIFY(energy->value(Leakage) > 0);
        QVERIFY(w->dataflow()->area_chart()->value(AreaL2) > 0);
        // A preset is hardware: the technology stays on it.
        AcceleratorEditor* editor = w->accelerator();
        const int eyeriss = editor->presets()->findData("eyeriss-like");
        editor->presets()->setCurrentIndex(eyeriss);
        emit editor->presets()->activated(eyeriss);
        QCOMPARE(technology_label(w->document()->study().accelerator), std::string("45nm"));
        w->document()->undo_stack()->undo();
        w->document()->undo_stack()->undo();
        QVERIFY(!w->document()->study().accelerator.physical_technology);
        QCOMPARE(report(*w).energy.total_nj, maestro_nj);
        QCOMPARE(w->dataflow()->readout()->energy()->text(), maestro_text);
        QCOMPARE(panel(*w)->technology()->currentData().toString(), QString("maestro"));
        QCOMPARE(dock_title(*w), QString("Accelerator — maestro"));
        QVERIFY(!w->document()->is_modified());
    }

    void a_bigger_l2_costs_more_under_45nm_and_nothing_under_maestro() {
        auto w = open_window();
        QSpinBox* l2 = w->accelerator()->l2_bytes();
        const int l2_bytes = l2->value();
        BreakdownChart* energy = w->dataflow()->energy_chart();
        BreakdownChart* area = w->dataflow()->area_chart();
        const CostReport maestro = report(*w);
        l2->setValue(l2_bytes * 4);
        QVERIFY(report(*w).valid());
        QCOMPARE(report(*w).energy.total_nj, maestro.energy.total_nj);  // MAESTRO: an access costs the same in any L2
        QCOMPARE(energy->value(L2), maestro.energy.l2_nj);
        l2->setValue(l2_bytes);
        choose(panel(*w)->technology(), "45nm");
        const double small_l2_nj = energy->value(L2);
        const double small_l2_um2 = area->value(AreaL2);
        const double small_total = report(*w).energy.total_nj;
        l2->setValue(l2_bytes * 4);
        QCOMPARE(w->document()->study().accelerator.l2_size_bytes, std::int64_t{l2_bytes} * 4);
        QVERIFY(report(*w).valid());
        QVERIFY2(energy->value(L2) > small_l2_nj, qPrintable(QString("%1 -> %2 nJ").arg(small_l2_nj).arg(energy->value(L2))));
        QVERIFY(area->value(AreaL2) > small_l2_um2);
        QVERIFY(report(*w).energy.total_nj > small_total);
        // More banks: smaller banks to read, more of them to leak and build.
        const double one_bank_l2_nj = energy->value(L2);
        panel(*w)->l2_banks()->setValue(8);
        QCOMPARE(w->document()->study().accelerator.l2_banks, std::int64_t{8});
        QVERIFY(energy->value(L2) != one_bank_l2_nj);
        w->document()->undo_stack()->undo();  // the banks
        QCOMPARE(panel(*w)->l2_banks()->value(), 1);
        w->document()->undo_stack()->undo();  // the L2 size
        QCOMPARE(energy->value(L2), small_l2_nj);
        QCOMPARE(area->value(AreaL2), small_l2_um2);
    }

    void the_precision_changes_the_energy_and_undoes() {
        auto w = open_window();
        choose(panel(*w)->technology(), "45nm");
        // The example's mapping needs 900 B of L1 per PE in 16-bit formats: give it room first.
        QSpinBox* l1 = w->accelerator()->l1_bytes();
        const int l1_bytes = l1->value();
        l1->setValue(1024);
        QComboBox* precision = panel(*w)->precision();
        choose(precision, "int8");
        for (const Layer& l : w->document()->study().model.layers) QCOMPARE(precision_text(l.precision), std::string("int8"));
        QVERIFY(report(*w).valid());
        const double int8_nj = report(*w).energy.total_nj;
        const double int8_mac_nj = w->dataflow()->energy_chart()->value(Mac);
        choose(precision, "fp16");
        QCOMPARE(precision->currentText(), QString("fp16"));
        for (const Layer& l : w->document()->study().model.layers) QCOMPARE(precision_text(l.precision), std::string("fp16"));
        QVERIFY(report(*w).valid());
        QVERIFY(report(*w).energy.total_nj > int8_nj);
        QVERIFY(w->dataflow()->energy_chart()->value(Mac) > int8_mac_nj);  // an fp16 MAC costs more than an int8 one
        // In the example's own L1, fp16 tiles do not fit: no figures, and the charts say so.
        l1->setValue(l1_bytes);
        QVERIFY(!report(*w).valid());
        QVERIFY(w->dataflow()->readout()->status()->text().contains("L1 requirement"));
        QVERIFY(w->dataflow()->energy_chart()->empty_message().contains("cannot run"));
        QCOMPARE(w->dataflow()->energy_chart()->value(Mac), 0.0);
        w->document()->undo_stack()->undo();  // the L1 size
        QVERIFY(report(*w).valid());
        QVERIFY(w->dataflow()->energy_chart()->empty_message().isEmpty());
        w->document()->undo_stack()->undo();  // fp16
        QCOMPARE(precision->currentText(), QString("int8"));
        QCOMPARE(report(*w).energy.total_nj, int8_nj);
        w->document()->undo_stack()->undo();  // int8
        QCOMPARE(precision->currentText(), QString("(word size)"));
        for (const Layer& l : w->document()->study().model.layers) QVERIFY(!l.precision.specified());
        // A layer with a precision of its own keeps it.
        Model model = w->document()->study().model;
        model.layers[0].precision = uniform_precision(NumberFormat::Int4);
        w->document()->apply_layer_precisions(model, std::nullopt);
        QCOMPARE(precision->currentText(), QString("(word size)"));  // the others have none
        choose(precision, "bf16");
        QCOMPARE(precision_text(w->document()->study().model.layers[0].precision), std::string("int4"));
        QCOMPARE(precision_text(w->document()->study().model.layers[1].precision), std::string("bf16"));
        choose(precision, "fp32");
        QCOMPARE(precision_text(w->document()->study().model.layers[0].precision), std::string("int4"));
        QCOMPARE(precision_text(w->document()->study().model.layers[1].precision), std::string("fp32"));
    }

    void the_dram_type_follows_the_technology() {
        auto w = open_window();
        choose(panel(*w)->technology(), "45nm");
        const Technology& t = *w->document()->study().accelerator.physical_technology;
        QCOMPARE(panel(*w)->dram()->count(), static_cast<int>(t.drams.size()));
        QCOMPARE(panel(*w)->dram()->currentData().toString(), QString::fromStdString(t.default_dram));
        const double default_dram_nj = report(*w).energy.dram_nj;
        QString other;
        for (const DramFigures& d : t.drams)
            if (d.type != t.default_dram && d.energy_pj_per_bit != t.dram(t.default_dram)->energy_pj_per_bit) other = QString::fromStdString(d.type);
        QVERIFY(!other.isEmpty());
        choose(panel(*w)->dram(), other);
        QCOMPARE(QString::fromStdString(w->document()->study().accelerator.dram_type), other);
        QVERIFY(report(*w).energy.dram_nj != default_dram_nj);
        choose(panel(*w)->technology(), "maestro");
        QVERIFY(!panel(*w)->dram()->isEnabled());
    }

    void a_technology_file_comes_through_the_dialog_and_a_bad_one_is_refused() {
        QTemporaryDir dir;
        const QString own = dir.filePath("my45.json");
        QVERIFY(QFile::copy(QString::fromStdString(technology_reference_path()), own));
        auto w = open_window();
        queue_dialog_answer(own);
        choose(panel(*w)->technology(), panel(*w)->technology()->itemData(panel(*w)->technology()->count() - 1).toString());
        const Accelerator& acc = w->document()->study().accelerator;
        QVERIFY(acc.physical_technology);
        QCOMPARE(QString::fromStdString(technology_reference(*acc.physical_technology)), own);
        QVERIFY(panel(*w)->technology()->currentText().contains("my45.json"));
        QVERIFY(panel(*w)->problem()->text().isEmpty());
        // A cancelled dialog changes nothing; a file that is no technology is refused, with why.
        queue_dialog_answer(QString());
        choose(panel(*w)->technology(), panel(*w)->technology()->itemData(panel(*w)->technology()->count() - 1).toString());
        QCOMPARE(QString::fromStdString(technology_reference(*w->document()->study().accelerator.physical_technology)), own);
        QVERIFY(panel(*w)->technology()->currentText().contains("my45.json"));
        QFile bad(dir.filePath("bad.json"));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("{\"format\": \"mapscape-technology\", \"version\": 1, \"name\": ");
        bad.close();
        queue_dialog_answer(bad.fileName());
        choose(panel(*w)->technology(), panel(*w)->technology()->itemData(panel(*w)->technology()->count() - 1).toString());
        QVERIFY2(panel(*w)->problem()->text().contains("Not applied"), qPrintable(panel(*w)->problem()->text()));
        QVERIFY(panel(*w)->problem()->text().contains("bad.json"));
        QCOMPARE(QString::fromStdString(technology_reference(*w->document()->study().accelerator.physical_technology)), own);
    }

    void a_saved_study_reopens_with_its_technology_and_precision() {
        QTemporaryDir dir;
        const QString path = dir.filePath("study.json");
        Study saved;
        {
            auto w = open_window();
            choose(panel(*w)->technology(), "45nm");
            choose(panel(*w)->dram(), "hbm2");
            panel(*w)->l2_banks()->setValue(4);
            choose(panel(*w)->precision(), "int4");
            QVERIFY(w->save_study_as(path));
            saved = w->document()->study();
        }
        const std::string text = read_text_file(path.toStdString());
        QVERIFY(text.find("\"technology\": \"45nm\"") != std::string::npos);
        auto w = std::make_unique<MainWindow>();
        w->set_interactive(false);
        QVERIFY2(w->open_study(path), qPrintable(w->last_error()));
        const Study& s = w->document()->study();
        QVERIFY(s.accelerator.physical_technology);
        QCOMPARE(s.accelerator.physical_technology->name, std::string("45nm"));
        QCOMPARE(s.accelerator.dram_type, std::string("hbm2"));
        QCOMPARE(s.accelerator.l2_banks, std::int64_t{4});
        for (const Layer& l : s.model.layers) QCOMPARE(precision_text(l.precision), std::string("int4"));
        QVERIFY(s == saved);
        QCOMPARE(panel(*w)->technology()->currentData().toString(), QString("45nm"));
        QCOMPARE(panel(*w)->dram()->currentData().toString(), QString("hbm2"));
        QCOMPARE(panel(*w)->l2_banks()->value(), 4);
        QCOMPARE(panel(*w)->precision()->currentText(), QString("int4"));
        QCOMPARE(dock_title(*w), QString("Accelerator — 45nm"));
        QVERIFY(report(*w).valid());
        BreakdownChart* energy = w->dataflow()->energy_chart();
        double parts = 0;
        for (int part : {Mac, L1, L2, Noc, Dram, Leakage}) parts += energy->value(part);
        QVERIFY(qFuzzyCompare(parts, report(*w).energy.total_nj));
    }

private:
    static std::string technology_reference_path() { return std::string(MAPSCAPE_SOURCE_DIR) + "/resources/technologies/45nm.json"; }
};

QTEST_MAIN(TechnologyTest)
#include "test_technology.moc"
