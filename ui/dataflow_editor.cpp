#include "dataflow_editor.hpp"

#include <algorithm>
#include <optional>

#include <QLocale>
#include <QComboBox>
#include <QElapsedTimer>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include "breakdown_chart.hpp"
#include "cost/evaluate.hpp"
#include "cost_readout.hpp"
#include "directive_table_model.hpp"
#include "mapping/dataflow_text.hpp"
#include "mapping/random_mapping.hpp"
#include "search/fixed_dataflow.hpp"
#include "study_document.hpp"
#include "tech/technology_library.hpp"
#include "util/diagnostic.hpp"

namespace mapscape::ui {

namespace {

// Combo boxes for the kind and dimension columns.
class DirectiveDelegate : public QStyledItemDelegate {
public:
    explicit DirectiveDelegate(DirectiveTableModel* model, QObject* parent) : QStyledItemDelegate(parent), model_(model) {}
    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem& option, const QModelIndex& index) const override {
        if (index.column() == DirectiveTableModel::KindColumn || index.column() == DirectiveTableModel::DimColumn) {
            auto* combo = new QComboBox(parent);
            combo->addItems(index.column() == DirectiveTableModel::KindColumn ? DirectiveTableModel::kind_names()
                                                                              : model_->dim_names());
            return combo;
        }
        return QStyledItemDelegate::createEditor(parent, option, index);
    }
    void setEditorData(QWidget* editor, const QModelIndex& index) const override {
        if (auto* combo = qobject_cast<QComboBox*>(editor)) {
            combo->setCurrentText(index.data(Qt::EditRole).toString());
            return;
        }
        QStyledItemDelegate::setEditorData(editor, index);
    }
    void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override {
        if (auto* combo = qobject_cast<QComboBox*>(editor)) {
            model->setData(index, combo->currentText(), Qt::EditRole);
            return;
        }
        QStyledItemDelegate::setModelData(editor, model, index);
    }

private:
    DirectiveTableModel* model_;
};

// The dimensions a layer's directives may name.
std::vector<Dim> editable_dims(const Layer& layer) {
    std::vector<Dim> dims = mappable_dims(layer);
    const Layer l = analysed_form(layer);
    if (l.has(Dim::Y)) dims.push_back(Dim::Y);
    if (l.has(Dim::X)) dims.push_back(Dim::X);
    return dims;
}

}  // namespace

DataflowEditor::DataflowEditor(StudyDocument* doc, QWidget* parent) : QWidget(parent), doc_(doc) {
    auto* layout = new QVBoxLayout(this);
    title_ = new QLabel;
    title_->setWordWrap(true);
    layout->addWidget(title_);

    auto* preset_row = new QHBoxLayout;
    presets_ = new QComboBox;
    for (FixedDataflow f : all_dataflows()) presets_->addItem(QString::fromStdString(std::string(dataflow_name(f))));
    presets_->setToolTip(tr("Fixed dataflows; tiles are the largest that fit the buffers"));
    presets_->setPlaceholderText(tr("custom (choose a preset to apply)"));
    auto* apply = new QPushButton(tr("Apply preset"));
    preset_row->addWidget(new QLabel(tr("Dataflow preset:")));
    preset_row->addWidget(presets_, 1);
    preset_row->addWidget(apply);
    layout->addLayout(preset_row);

    auto* split = new QSplitter(Qt::Horizontal);
    auto* left = new QWidget;
    auto* left_layout = new QVBoxLayout(left);
    left_layout->setContentsMargins(0, 0, 0, 0);
    model_ = new DirectiveTableModel(this);
    table_ = new QTableView;
    table_->setModel(model_);
    table_->setItemDelegate(new DirectiveDelegate(model_, this));
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setDragEnabled(true);
    table_->setAcceptDrops(true);
    table_->setDropIndicatorShown(true);
    table_->setDragDropMode(QAbstractItemView::InternalMove);
    table_->setDefaultDropAction(Qt::MoveAction);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed | QAbstractItemView::SelectedClicked);
    left_layout->addWidget(table_, 1);
    // Two rows of three, so that every label stays whole in a narrow window.
    auto* buttons = new QGridLayout;
    int placed = 0;
    auto button = [&](const QString& text, const QString& tip) {
        auto* b = new QPushButton(text);
        b->setToolTip(tip);
        buttons->addWidget(b, placed / 3, placed % 3);
        ++placed;
        return b;
    };
    auto* add = button(tr("+ Map"), tr("Add a TemporalMap below the selected row"));
    auto* add_level = button(tr("+ Level"), tr("Add a Cluster (a new inner level) below the selected row"));
    auto* remove = button(tr("Remove"), tr("Remove the selected row"));
    auto* up = button(tr("Up"), tr("Move the selected row up (or drag it)"));
    auto* down = button(tr("Down"), tr("Move the selected row down (or drag it)"));
    auto* toggle = button(tr("Spatial/Temporal"), tr("Toggle the selected map between SpatialMap and TemporalMap"));
    left_layout->addLayout(buttons);
    split->addWidget(left);

    auto* right = new QWidget;
    auto* right_layout = new QVBoxLayout(right);
    right_layout->setContentsMargins(0, 0, 0, 0);
    right_layout->addWidget(new QLabel(tr("MAESTRO directives (edit here or in the table):")));
    text_ = new QPlainTextEdit;
    QFont mono("DejaVu Sans Mono");
    mono.setStyleHint(QFont::Monospace);
    text_->setFont(mono);
    right_layout->addWidget(text_, 1);
    text_error_ = new QLabel;
    text_error_->setWordWrap(true);
    text_error_->setStyleSheet("color: #b00020;");
    right_layout->addWidget(text_error_);
    split->addWidget(right);
    split->setChildrenCollapsible(false);
    layout->addWidget(split, 1);

    // The figures, and beside them where the energy and the area go: they move with every edit
    // of the mapping, the accelerator, its technology or the precision.
    auto* figures = new QHBoxLayout;
    readout_ = new CostReadout;
    figures->addWidget(readout_, 3);
    auto* charts = new QVBoxLayout;
    energy_chart_ = new BreakdownChart(tr("Energy"), {tr("MAC"), tr("L1"), tr("L2"), tr("NoC"), tr("DRAM"), tr("Leakage")},
                                       {0, 1, 2, 3, 4, 5}, Quantity::EnergyNj);
    area_chart_ = new BreakdownChart(tr("Area"), {tr("PEs"), tr("L1"), tr("L2"), tr("NoC")}, {0, 1, 2, 3}, Quantity::AreaUm2);
    charts->addWidget(energy_chart_, 3);
    charts->addWidget(area_chart_, 2);
    figures->addLayout(charts, 2);
    layout->addLayout(figures);

    text_timer_ = new QTimer(this);
    text_timer_->setSingleShot(true);
    text_timer_->setInterval(250);
    connect(text_timer_, &QTimer::timeout, this, &DataflowEditor::commit_text);
    connect(text_, &QPlainTextEdit::textChanged, this, [this] {
        if (!syncing_) text_timer_->start();
    });
    connect(model_, &DirectiveTableModel::edited, this, [this](const Mapping& m, const QString& what) { load_mapping(m, what); });
    connect(apply, &QPushButton::clicked, this, [this] {
        if (presets_->currentIndex() >= 0) apply_preset(presets_->currentText());
    });
    connect(add, &QPushButton::clicked, this, [this] {
        const auto dims = editable_dims(doc_->layer(doc_->selected_layer()));
        model_->insert_directive(current_row() + 1, Directive::temporal(dims.empty() ? Dim::K : dims.front(), 1, 1));
    });
    connect(add_level, &QPushButton::clicked, this, &DataflowEditor::add_cluster_level);
    connect(remove, &QPushButton::clicked, this, [this] { model_->remove_row(current_row()); });
    connect(up, &QPushButton::clicked, this, [this] {
        const int r = current_row();
        model_->move_row(r, r - 1);
        table_->selectRow(std::max(0, r - 1));
    });
    connect(down, &QPushButton::clicked, this, [this] {
        const int r = current_row();
        model_->move_row(r, r + 1);
        table_->selectRow(std::min(model_->rowCount() - 1, r + 1));
    });
    connect(toggle, &QPushButton::clicked, this, [this] { model_->toggle_spatial(current_row()); });

    connect(doc, &StudyDocument::study_replaced, this, &DataflowEditor::refresh);
    connect(doc, &StudyDocument::model_changed, this, &DataflowEditor::refresh);
    connect(doc, &StudyDocument::accelerator_changed, this, &DataflowEditor::refresh);
    connect(doc, &StudyDocument::selected_layer_changed, this, &DataflowEditor::refresh);
    connect(doc, &StudyDocument::mapping_changed, this, [this](int layer) {
        if (layer == doc_->selected_layer()) refresh();
    });
    refresh();
}

int DataflowEditor::current_row() const {
    const QModelIndex i = table_->currentIndex();
    return i.isValid() ? i.row() : model_->rowCount() - 1;
}

// A cluster level alone is not a mapping (every level needs a SpatialMap): "+ Level" adds the
// cluster with a spatial map under it, of the first size and dimension that give a mapping that
// runs, as one edit; when none does, the first, whose readout says why.
void DataflowEditor::add_cluster_level() {
    const Layer& layer = doc_->layer(doc_->selected_layer());
    const Accelerator& acc = doc_->study().accelerator;
    const Mapping current = doc_->current_mapping();
    const auto at = static_cast<std::ptrdiff_t>(std::clamp(current_row() + 1, 0, static_cast<int>(current.directives.size())));
    std::optional<Mapping> first;
    for (std::int64_t size : {2, 4, 3, 8, 6, 12, 14, 16}) {
        if (size > acc.num_pes) continue;
        for (Dim d : editable_dims(layer)) {
            Mapping m = current;
            m.directives.insert(m.directives.begin() + at, {Directive::cluster(size), Directive::spatial(d, 1, 1)});
            if (!first) first = m;
            if (evaluate(layer, acc, m, ReportDetail::Objectives).valid()) {
                load_mapping(m, tr("Add a cluster level"));
                return;
            }
        }
    }
    if (first) load_mapping(*first, tr("Add a cluster level"));
}

void DataflowEditor::load_mapping(const Mapping& mapping, const QString& what) {
    doc_->set_mapping(doc_->selected_layer(), mapping, what);
}

void DataflowEditor::apply_preset(const QString& name) {
    const auto f = parse_dataflow(name.toStdString());
    if (!f) return;
    SearchProblem p;
    p.layer = doc_->layer(doc_->selected_layer());
    p.accelerator = doc_->study().accelerator;
    const SearchResult r = run_fixed_dataflow(p, *f);
    const Mapping m = r.found ? r.best_mapping : fixed_dataflow_mapping(*f, p.layer, p.accelerator, {1, 1, 1});
    applied_preset_ = {doc_->selected_layer(), m, presets_->findText(name)};
    load_mapping(m, tr("Apply the %1 dataflow").arg(name));
    refresh();  // the box names the preset even when the mapping did not change
}

void DataflowEditor::refresh() {
    const int index = doc_->selected_layer();
    if (index < 0 || index >= static_cast<int>(doc_->study().model.layers.size())) return;
    const Layer& layer = doc_->layer(index);
    const Mapping mapping = doc_->current_mapping();
    const Accelerator& acc = doc_->study().accelerator;
    title_->setText(tr("<b>Layer %1: %2</b> &nbsp; %3 MACs%4")
                        .arg(index + 1)
                        .arg(QString::fromStdString(layer.name).toHtmlEscaped())
                        .arg(QLocale().toString(static_cast<qlonglong>(exact_macs(layer))))
                        .arg(" &nbsp; " + QString::fromStdString(shape_summary(layer)).toHtmlEscaped()));
    syncing_ = true;
    const bool preset_shown = applied_preset_.layer == index && applied_preset_.mapping == mapping;
    presets_->setCurrentIndex(preset_shown ? applied_preset_.index : -1);
    const int row = table_->currentIndex().row();
    model_->set_mapping(mapping, editable_dims(layer));
    if (row >= 0 && row < model_->rowCount()) table_->selectRow(row);
    table_->resizeColumnsToContents();
    const QString text = QString::fromStdString(dataflow_text(mapping));
    if (text_->toPlainText() != text && !text_->hasFocus()) text_->setPlainText(text);
    text_error_->clear();
    syncing_ = false;

    QElapsedTimer timer;
    timer.start();
    report_ = evaluate(layer, acc, mapping, ReportDetail::Full);
    last_ms_ = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    readout_->show_report(layer, acc, mapping, report_);
    show_breakdown(acc, report_);
    emit evaluated(report_);
}

void DataflowEditor::show_breakdown(const Accelerator& acc, const CostReport& r) {
    const QString technology = QString::fromStdString(technology_label(acc));
    const bool physical = acc.physical_technology != nullptr;
    if (!r.valid()) {
        energy_chart_->set_unavailable(tr("Energy (%1)").arg(technology), tr("No figures: the mapping cannot run"));
        area_chart_->set_unavailable(tr("Area (%1)").arg(technology), tr("No figures: the mapping cannot run"));
        return;
    }
    const EnergyBreakdown& e = r.energy;
    // MAESTRO's model has no NoC energy and no leakage; the physical ones give the NoC's wires
    // energy but no area: "—", not a zero that reads as measured.
    energy_chart_->set_values({e.mac_nj, e.l1_nj, e.l2_nj, e.noc_nj, e.dram_nj, e.leakage_nj},
                              tr("Energy %1 (%2)").arg(quantity_text(e.total_nj, Quantity::EnergyNj), technology),
                              physical ? QStringList() : QStringList{{}, {}, {}, tr("—"), {}, tr("—")});
    // MAESTRO's NoC area grows with the bandwidth: at GAMMA's "no limit" it would dwarf the rest
    // (square metres), so it is left out of the bars and the total, and its row says why.
    const bool noc_left_out = !physical && unbounded_noc(acc);
    const double noc_um2 = noc_left_out ? 0.0 : r.area.noc_um2;
    area_chart_->set_values({r.area.pes_um2, r.area.l1_um2, r.area.l2_um2, noc_um2},
                            tr("Area %1 (%2)").arg(quantity_text(r.area.total_um2() - (r.area.noc_um2 - noc_um2), Quantity::AreaUm2), technology),
                            {{}, {}, {}, physical ? tr("—") : noc_left_out ? tr("no limit") : QString()});
    energy_chart_->setToolTip(physical ? tr("This layer's energy on %1: every access priced by its buffer's size and width and each "
                                            "tensor's format, the NoC by the distance crossed, leakage over the runtime")
                                             .arg(technology)
                                       : tr("This layer's energy under MAESTRO's relative model: no NoC energy and no leakage"));
    area_chart_->setToolTip(physical ? tr("What is built: every PE's MACs and register file (L1), the global buffer (L2) in its "
                                          "banks; the NoC's wires are not given an area")
                                     : tr("MAESTRO's model: the MACs, the L1 and L2 this mapping requires (not the configured "
                                          "sizes) and the NoC's buses and arbiters%1")
                                           .arg(noc_left_out ? tr("\nThe NoC's bandwidth means no limit here: its area (%1) is left out")
                                                                   .arg(quantity_text(r.area.noc_um2, Quantity::AreaUm2))
                                                             : QString()));
}

void DataflowEditor::commit_text() {
    const Layer& layer = doc_->layer(doc_->selected_layer());
    try {
        const Mapping m = parse_dataflow_text(text_->toPlainText().toStdString(), layer, "directives");
        text_error_->clear();
        if (!(m == doc_->current_mapping())) load_mapping(m, tr("Edit the MAESTRO text"));
    } catch (const InputError& e) {
        text_error_->setText(QString::fromStdString(e.diagnostic().to_string()));
        // The text is what is displayed, and it is no mapping: no figures (not the last valid one's).
        readout_->show_unavailable(tr("the MAESTRO text has an error (below the text); fix it or undo"));
        energy_chart_->set_unavailable(tr("Energy"), tr("No figures: the MAESTRO text has an error"));
        area_chart_->set_unavailable(tr("Area"), tr("No figures: the MAESTRO text has an error"));
    }
}

}  // namespace mapscape::ui
