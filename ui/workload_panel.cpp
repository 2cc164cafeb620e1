#include "workload_panel.hpp"

#include <QLocale>
#include <QComboBox>
#include <QFileDialog>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

#include "study_document.hpp"
#include "util/diagnostic.hpp"

namespace mapscape::ui {

LayerTableModel::LayerTableModel(StudyDocument* doc, QObject* parent) : QAbstractTableModel(parent), doc_(doc) { refresh(); }

void LayerTableModel::refresh() {
    beginResetModel();
    total_macs_ = 0;
    for (const Layer& l : doc_->study().model.layers) total_macs_ += exact_macs(l);
    endResetModel();
}

int LayerTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(doc_->study().model.layers.size());
}
int LayerTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : 6; }

QVariant LayerTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid()) return {};
    const Layer& l = doc_->layer(index.row());
    const std::int64_t macs = exact_macs(l);
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
            case 0: return index.row() + 1;
            case 1: return QString::fromStdString(l.name);
            case 2: return QString::fromStdString(std::string(layer_type_name(l.type)));
            case 3: return QString::fromStdString(shape_summary(l)).section(' ', 1);
            case 4: return QLocale().toString(static_cast<qlonglong>(macs));
            case 5: return QString::number(total_macs_ ? 100.0 * static_cast<double>(macs) / static_cast<double>(total_macs_) : 0, 'f', 1) + " %";
        }
    }
    if (role == Qt::TextAlignmentRole && (index.column() == 0 || index.column() >= 4))
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole) return QString::fromStdString(shape_summary(l));
    return {};
}

QVariant LayerTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    static const char* names[] = {"#", "Layer", "Type", "Shape", "MACs", "Share"};
    return tr(names[section]);
}

WorkloadPanel::WorkloadPanel(StudyDocument* doc, QWidget* parent) : QWidget(parent), doc_(doc) {
    auto* layout = new QVBoxLayout(this);
    auto* row = new QHBoxLayout;
    models_ = new QComboBox;
    models_->setToolTip(tr("Bundled workloads"));
    for (const std::string& name : bundled_model_names()) models_->addItem(QString::fromStdString(name));
    auto* open = new QPushButton(tr("Open file…"));
    open->setToolTip(tr("Open a model: Mapscape JSON, a MAESTRO network (.m) or a GAMMA layer table (.csv)"));
    row->addWidget(models_, 1);
    row->addWidget(open);
    layout->addLayout(row);
    summary_ = new QLabel;
    summary_->setWordWrap(true);
    layout->addWidget(summary_);
    layers_ = new LayerTableModel(doc, this);
    table_ = new QTableView;
    table_->setModel(layers_);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setAlternatingRowColors(true);
    layout->addWidget(table_, 1);
    setMinimumWidth(250);  // narrower windows scroll the table sideways

    connect(models_, &QComboBox::activated, this, [this](int) {
        if (!syncing_) open_model(models_->currentText());
    });
    connect(open, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open model"), {},
                                                          tr("Models (*.json *.m *.csv);;All files (*)"));
        if (!path.isEmpty()) open_model(path);
    });
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
        if (!syncing_ && current.isValid()) doc_->select_layer(current.row());
    });
    connect(doc, &StudyDocument::study_replaced, this, &WorkloadPanel::sync_from_document);
    connect(doc, &StudyDocument::model_changed, this, &WorkloadPanel::sync_from_document);
    connect(doc, &StudyDocument::selected_layer_changed, this, &WorkloadPanel::sync_selection);
    sync_from_document();
}

bool WorkloadPanel::open_model(const QString& name_or_path) {
    try {
        const Model m = load_model(name_or_path.toStdString());
        doc_->set_model(m, name_or_path.toStdString());
        return true;
    } catch (const InputError& e) {
        QMessageBox::warning(this, tr("Cannot open the model"), QString::fromStdString(e.diagnostic().to_string()));
    }
    sync_from_document();
    return false;
}

void WorkloadPanel::sync_from_document() {
    syncing_ = true;
    const Model& m = doc_->study().model;
    layers_->refresh();
    const int i = models_->findText(QString::fromStdString(m.name));
    if (i >= 0) models_->setCurrentIndex(i);
    std::int64_t macs = 0;
    for (const Layer& l : m.layers) macs += exact_macs(l);
    summary_->setText(tr("<b>%1</b>: %2 layers, %3 GMACs. %4")
                          .arg(QString::fromStdString(m.name))
                          .arg(m.layers.size())
                          .arg(static_cast<double>(macs) / 1e9, 0, 'f', 3)
                          .arg(QString::fromStdString(m.description).toHtmlEscaped()));
    table_->resizeColumnsToContents();
    syncing_ = false;
    sync_selection();
}

void WorkloadPanel::sync_selection() {
    syncing_ = true;
    const QModelIndex index = layers_->index(doc_->selected_layer(), 0);
    table_->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    table_->scrollTo(index);
    syncing_ = false;
}

}  // namespace mapscape::ui
