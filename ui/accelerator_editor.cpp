#include "accelerator_editor.hpp"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>
#include <QVBoxLayout>

#include "quantity_spin_box.hpp"
#include "accelerator_sketch.hpp"
#include "arch/area_model.hpp"
#include "arch/presets.hpp"
#include "cost_readout.hpp"
#include "mapping/map_space.hpp"
#include "study_document.hpp"
#include "tech/technology_library.hpp"
#include "technology_panel.hpp"

namespace mapscape::ui {

namespace {
constexpr int kIntMax = 2147483647;
}

QSpinBox* AcceleratorEditor::add_spin(const QString& label, int min, int max, const QString& suffix, const QString& tip,
                                      QSpinBox* box) {
    auto* s = box ? box : new QSpinBox;
    s->setRange(min, max);
    s->setSuffix(suffix);
    s->setToolTip(s->toolTip().isEmpty() ? tip : tip + "\n" + s->toolTip());  // a units box says what it reads
    s->setKeyboardTracking(false);
    s->setAccelerated(true);
    form_->addRow(label, s);
    connect(s, &QSpinBox::valueChanged, this, [this, label] { commit(tr("Edit %1").arg(label.chopped(1).toLower())); });
    return s;
}

AcceleratorEditor::AcceleratorEditor(StudyDocument* doc, QWidget* parent) : QWidget(parent), doc_(doc) {
    auto* layout = new QVBoxLayout(this);
    presets_ = new QComboBox;
    presets_->addItem(tr("(custom)"), QString());
    for (const AcceleratorPreset& p : accelerator_presets())
        presets_->addItem(QString::fromStdString(p.id), QString::fromStdString(p.id));
    for (int i = 1; i < presets_->count(); ++i)
        presets_->setItemData(i, QString::fromStdString(accelerator_presets()[static_cast<std::size_t>(i - 1)].description), Qt::ToolTipRole);
    layout->addWidget(presets_);
    technology_ = new TechnologyPanel(doc);
    layout->addWidget(technology_);
    connect(technology_, &TechnologyPanel::technology_named, this, [this](const QString& name, const QString& meaning) {
        heading_ = tr("Accelerator — %1").arg(name);
        heading_tip_ = meaning;
        emit heading_changed(heading_, heading_tip_);
    });
    // The panel named its technology before this connection: name it here too.
    heading_ = tr("Accelerator — %1").arg(QString::fromStdString(technology_label(doc->study().accelerator)));
    heading_tip_ = technology_->technology()->toolTip();
    form_ = new QFormLayout;
    layout->addLayout(form_);
    arrays_ = add_spin(tr("Arrays:"), 1, 4096, {}, tr("Independent PE arrays (scale-out)"));
    rows_ = add_spin(tr("Rows:"), 1, 65536, {}, tr("Rows of each PE array"));
    columns_ = add_spin(tr("Columns:"), 1, 65536, {}, tr("PEs in each row"));
    lanes_ = add_spin(tr("SIMD lanes:"), 1, 1024, {}, tr("Multiply-accumulate units per PE"));
    // Sizes and rates read and show their units ("256 KiB", "64 B/cycle": quantity_spin_box.hpp).
    word_ = nullptr;  // created below; the rates read it only when the user types "B/cycle"
    auto word_size = [this] { return word_ ? word_->value() : 1; };
    l1_ = add_spin(tr("L1 per PE:"), 1, kIntMax, {}, tr("Local scratchpad of each PE"), new ByteSizeSpinBox);
    l2_ = add_spin(tr("L2:"), 1, kIntMax, {}, tr("Shared global buffer"), new ByteSizeSpinBox);
    noc_bw_ = add_spin(tr("NoC bandwidth:"), 1, kIntMax, {}, tr("Elements per cycle on each NoC level"), new RateSpinBox(word_size));
    noc_hops_ = add_spin(tr("NoC hops:"), 1, 1024, {}, tr("Hops from the global buffer to a PE"));
    noc_latency_ = add_spin(tr("Hop latency:"), 0, 100000, tr(" cycles"), tr("Cycles per hop"));
    offchip_ = add_spin(tr("Off-chip bandwidth:"), 1, kIntMax, {}, tr("Elements per cycle to DRAM"), new RateSpinBox(word_size));
    word_ = add_spin(tr("Word size:"), 1, 16, tr(" B"), tr("Bytes per element"));
    clock_ = new QDoubleSpinBox;
    clock_->setRange(1, 100000);
    clock_->setSuffix(tr(" MHz"));
    clock_->setKeyboardTracking(false);
    form_->addRow(tr("Clock:"), clock_);
    connect(clock_, &QDoubleSpinBox::valueChanged, this, [this] { commit(tr("Edit clock")); });
    map_space_ = new QComboBox;
    for (const std::string& n : map_space_presets()) map_space_->addItem(QString::fromStdString(n), QString::fromStdString(n));
    map_space_->setToolTip(tr("What mappings the array can run: fully flexible, or fixed parallel dimensions as NVDLA (K, C), "
                              "Eyeriss (Y, R) or ShiDianNao (Y, X); every search respects it"));
    form_->addRow(tr("Map space:"), map_space_);
    connect(map_space_, &QComboBox::activated, this, [this] { commit(tr("Edit map space")); });
    // The area against a budget (view settings, not part of the accelerator).
    budget_mm2_ = new QDoubleSpinBox;
    budget_mm2_->setRange(0.001, 1000);
    budget_mm2_->setDecimals(3);
    budget_mm2_->setValue(0.2);
    budget_mm2_->setSuffix(QStringLiteral(" mm²"));
    budget_mm2_->setToolTip(tr("The area budget the split is drawn against (Edge 0.2 mm², Cloud 7.0 mm²)"));
    form_->addRow(tr("Area budget:"), budget_mm2_);
    area_model_ = new QComboBox;
    for (const AreaModel& m : area_models()) {
        // Named as the Co-design tab names them (the id is what files and the CLI say).
        area_model_->addItem(QString::fromStdString(m.name), QString::fromStdString(m.id));
        area_model_->setItemData(area_model_->count() - 1, QString::fromStdString(m.name + " (" + m.source + "); --area-model " + m.id), Qt::ToolTipRole);
    }
    area_model_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    area_model_->setMinimumContentsLength(14);
    form_->addRow(tr("Area model:"), area_model_);
    connect(budget_mm2_, &QDoubleSpinBox::valueChanged, this, &AcceleratorEditor::show_area);
    connect(area_model_, &QComboBox::currentIndexChanged, this, &AcceleratorEditor::show_area);
    summary_ = new QLabel;
    summary_->setWordWrap(true);
    layout->addWidget(summary_);
    area_ = new QLabel;
    area_->setWordWrap(true);
    layout->addWidget(area_);
    sketch_ = new AcceleratorSketch;
    sketch_->setMinimumHeight(150);
    layout->addWidget(sketch_);
    problem_ = new QLabel;
    problem_->setWordWrap(true);
    problem_->setStyleSheet("color: #b00020;");
    layout->addWidget(problem_);
    layout->addStretch(1);

    connect(presets_, &QComboBox::activated, this, [this](int index) {
        const QString id = presets_->itemData(index).toString();
        if (id.isEmpty()) return;
        // A preset is hardware; a physical technology chosen for it stays (MAESTRO's model with
        // the preset's own multipliers otherwise).
        Accelerator a = accelerator_preset(id.toStdString());
        const Accelerator& current = doc_->study().accelerator;
        if (current.physical_technology) {
            a.dram_type = current.dram_type;
            a.l2_banks = current.l2_banks;
            apply_technology(a, current.physical_technology);
        }
        doc_->set_accelerator(a, id.toStdString(), tr("Use the %1 accelerator").arg(id));
    });
    connect(doc, &StudyDocument::study_replaced, this, &AcceleratorEditor::sync_from_document);
    connect(doc, &StudyDocument::accelerator_changed, this, &AcceleratorEditor::sync_from_document);
    sync_from_document();
}

void AcceleratorEditor::sync_from_document() {
    syncing_ = true;
    const Accelerator& a = doc_->study().accelerator;
    const auto& h = a.pe_hierarchy;
    std::int64_t arrays = 1, rows = 1, columns = a.num_pes;
    if (h.size() >= 3) {
        arrays = h[h.size() - 3];
        rows = h[h.size() - 2];
        columns = h.back();
    } else if (h.size() == 2) {
        rows = h[0];
        columns = h[1];
    }
    arrays_->setValue(static_cast<int>(arrays));
    rows_->setValue(static_cast<int>(rows));
    columns_->setValue(static_cast<int>(columns));
    lanes_->setValue(static_cast<int>(a.simd_lanes));
    l1_->setValue(static_cast<int>(std::min<std::int64_t>(a.l1_size_bytes, kIntMax)));
    l2_->setValue(static_cast<int>(std::min<std::int64_t>(a.l2_size_bytes, kIntMax)));
    noc_bw_->setValue(static_cast<int>(std::min<std::int64_t>(a.noc[0].bandwidth_elements_per_cycle, kIntMax)));
    noc_hops_->setValue(static_cast<int>(a.noc[0].hops));
    noc_latency_->setValue(static_cast<int>(a.noc[0].hop_latency_cycles));
    offchip_->setValue(static_cast<int>(std::min<std::int64_t>(a.offchip_bw_elements_per_cycle, kIntMax)));
    word_->setValue(static_cast<int>(a.word_size_bytes));
    clock_->setValue(a.clock_mhz);
    const int preset = presets_->findData(QString::fromStdString(doc_->study().accelerator_preset));
    presets_->setCurrentIndex(std::max(0, preset));
    summary_->setText(tr("%1 PEs; %2 KiB of L1 in total; peak %3 GMAC/s")
                          .arg(a.num_pes)
                          .arg(static_cast<double>(a.l1_size_bytes) * static_cast<double>(a.num_pes) / 1024.0, 0, 'f', 1)
                          .arg(static_cast<double>(a.num_pes * a.simd_lanes) * a.clock_mhz / 1000.0, 0, 'f', 1));
    const int style = map_space_->findData(QString::fromStdString(a.map_space.style));
    if (style < 0) {  // a custom map space (from a file): shown, not offered
        map_space_->addItem(QString::fromStdString(a.map_space.style), QString::fromStdString(a.map_space.style));
        map_space_->setCurrentIndex(map_space_->count() - 1);
    } else {
        map_space_->setCurrentIndex(style);
    }
    show_area();
    syncing_ = false;
}

void AcceleratorEditor::show_area() {
    const Accelerator& a = doc_->study().accelerator;
    const AreaModel& model = mapscape::area_model(area_model_->currentData().toString().toStdString());
    const AreaBreakdown area = area_of(model, a);
    const double budget = budget_mm2_->value() * 1e6;
    const double total = area.total_um2();
    area_->setText(tr("Area %1 (%2% of the budget): PEs %3, buffers %4")
                       .arg(quantity_text(total, Quantity::AreaUm2))
                       .arg(std::lround(100 * total / budget))
                       .arg(quantity_text(area.pes_um2, Quantity::AreaUm2), quantity_text(area.buffers_um2(), Quantity::AreaUm2)));
    area_->setStyleSheet(total > budget ? QStringLiteral("color: #b00020;") : QString());
    sketch_->set_design(a, area, budget);
}

void AcceleratorEditor::commit(const QString& what) {
    if (syncing_) return;
    Accelerator a = doc_->study().accelerator;
    const std::int64_t arrays = arrays_->value(), rows = rows_->value(), columns = columns_->value();
    a.num_pes = arrays * rows * columns;
    a.pe_hierarchy = arrays > 1 ? std::vector<std::int64_t>{arrays, rows, columns} : std::vector<std::int64_t>{rows, columns};
    a.simd_lanes = lanes_->value();
    a.l1_size_bytes = l1_->value();
    a.l2_size_bytes = l2_->value();
    set_uniform_noc(a, noc_bw_->value(), noc_hops_->value(), noc_latency_->value());
    a.offchip_bw_elements_per_cycle = offchip_->value();
    a.word_size_bytes = word_->value();
    a.clock_mhz = clock_->value();
    if (const std::string style = map_space_->currentData().toString().toStdString(); style != a.map_space.style)
        a.map_space = map_space_preset(style);
    const std::string problem = accelerator_problem(a);
    if (!problem.empty()) {  // refuse, and show why
        problem_->setText(tr("Not applied: %1").arg(QString::fromStdString(problem)));
        sync_from_document();
        return;
    }
    problem_->clear();
    doc_->set_accelerator(a, "", what);
}

}  // namespace mapscape::ui
