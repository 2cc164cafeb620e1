#include "workload_panel.hpp"

#include "cost_readout.hpp"
#include "user_prompts.hpp"

#include <QApplication>
#include <QLocale>
#include <QComboBox>
#include <QFileDialog>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPointer>
#include <QProgressDialog>
#include <QPushButton>
#include <QStandardItemModel>
#include <QTableView>
#include <QTableWidget>
#include <QThread>
#include <QVBoxLayout>

#include <memory>

#include "study_document.hpp"
#include "util/diagnostic.hpp"
#include "workload/onnx_import.hpp"

namespace mapscape::ui {

LayerTableModel::LayerTableModel(StudyDocument* doc, QObject* parent) : QAbstractTableModel(parent), doc_(doc) { refresh(); }

void LayerTableModel::refresh() {
    beginResetModel();
    total_macs_ = total_macs(doc_->study().model.layers);
    endResetModel();
}

int LayerTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(doc_->study().model.layers.size());
}
// No "Share" column: the share of the model's MACs is in the MACs cell's tooltip, so that every
// column fits the dock at 1600x1000.
int LayerTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : 6; }

QVariant LayerTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid()) return {};
    const Layer& l = doc_->layer(index.row());
    const std::int64_t macs = over_runs(l, exact_macs(l));  // all its runs
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
            case 0: return index.row() + 1;
            case 1: return QString::fromStdString(l.name);
            case 2: return QString::fromStdString(std::string(layer_type_name(l.type)));
            case 3: return QString::fromStdString(shape_summary(l)).section(' ', 1);
            case 4: return l.repeat_count > 1 ? QString("×%1").arg(l.repeat_count) : QString();
            // "447.1 M": the exact count is in the tooltip; the column stays narrow enough that
            // the table fits the dock.
            case 5: return quantity_text(static_cast<double>(macs), Quantity::Plain, 4);
        }
    }
    if (role == Qt::TextAlignmentRole && (index.column() == 0 || index.column() >= 4))
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole) {
        // The full name first: long ones (ONNX node paths) are elided in the table.
        QString tip = QString::fromStdString(l.name) + "\n" + QString::fromStdString(shape_summary(l)) + "\n" +
                      tr("%1 MACs, %2% of the model's")
                          .arg(QLocale().toString(static_cast<qlonglong>(macs)))
                          .arg(total_macs_ ? 100.0 * static_cast<double>(macs) / static_cast<double>(total_macs_) : 0, 0, 'f', 1);
        if (l.repeat_count > 1) tip += tr("\nruns %1 times: its MACs and every total count it %1 times").arg(l.repeat_count);
        return tip;
    }
    return {};
}

QVariant LayerTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) return {};
    static const char* names[] = {"#", "Layer", "Type", "Shape", "Runs", "MACs"};
    if (role == Qt::DisplayRole) return tr(names[section]);
    if (role == Qt::ToolTipRole && section == 4) return tr("How many times the network runs the layer (merged identical layers, attention heads)");
    return {};
}

namespace {

// The bundled models in two groups, each under a heading that says what kind they are: the
// papers' layer tables (whose results the papers report) and networks with torchvision's shapes.
void fill_model_list(QComboBox* box) {
    std::vector<std::string> tables, real;
    for (const std::string& name : bundled_model_names())
        (name.size() > 12 && name.compare(name.size() - 12, 12, "_torchvision") == 0 ? real : tables).push_back(name);
    auto heading = [box](const QString& text, const QString& tip) {
        box->addItem(text);
        auto* items = qobject_cast<QStandardItemModel*>(box->model());
        QStandardItem* item = items ? items->item(box->count() - 1) : nullptr;
        if (item) {
            item->setEnabled(false);
            item->setToolTip(tip);
            QFont f = item->font();
            f.setItalic(true);
            item->setFont(f);
        }
    };
    heading(QObject::tr("Papers' layer tables (stride 1)"),
            QObject::tr("GAMMA's layer tables, as the papers (GAMMA, DiGamma, NAAS, MAGMA) measure on them: stride-1 shapes at the listed input sizes"));
    for (const std::string& n : tables) box->addItem(QString::fromStdString(n));
    if (real.empty()) return;
    box->insertSeparator(box->count());
    heading(QObject::tr("torchvision networks (real shapes)"),
            QObject::tr("Imported from torchvision's definitions through ONNX: every convolution and linear layer at its real shape"));
    for (const std::string& n : real) box->addItem(QString::fromStdString(n));
}

}  // namespace

WorkloadPanel::WorkloadPanel(StudyDocument* doc, QWidget* parent) : QWidget(parent), doc_(doc) {
    auto* layout = new QVBoxLayout(this);
    auto* row = new QHBoxLayout;
    models_ = new QComboBox;
    models_->setToolTip(tr("Bundled workloads"));
    fill_model_list(models_);
    auto* open = new QPushButton(tr("Open file…"));
    open->setToolTip(tr("Open a model: Mapscape JSON, an ONNX graph (.onnx), a MAESTRO network (.m) or a GAMMA layer table (.csv)"));
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
    table_->setTextElideMode(Qt::ElideMiddle);
    layout->addWidget(table_, 1);
    unmapped_ = new QLabel;
    unmapped_->setWordWrap(true);
    unmapped_->hide();
    layout->addWidget(unmapped_);
    unmapped_table_ = new QTableWidget(0, 4);
    unmapped_table_->setHorizontalHeaderLabels({tr("Operator"), tr("Nodes"), tr("Share"), tr("Why not a layer")});
    unmapped_table_->verticalHeader()->hide();
    unmapped_table_->horizontalHeader()->setStretchLastSection(true);
    unmapped_table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    unmapped_table_->setSelectionMode(QAbstractItemView::NoSelection);
    unmapped_table_->setMaximumHeight(170);
    unmapped_table_->hide();
    layout->addWidget(unmapped_table_);
    setMinimumWidth(250);  // narrower windows scroll the table sideways

    connect(models_, &QComboBox::activated, this, [this](int) {
        if (!syncing_) open_model(models_->currentText());
    });
    connect(open, &QPushButton::clicked, this, [this] {
        const QString path = open_file_name(this, tr("Open model"), tr("Models (*.json *.onnx *.m *.csv);;All files (*)"));
        if (!path.isEmpty()) open_model(path);
    });
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
        if (!syncing_ && current.isValid()) doc_->select_layer(current.row());
    });
    connect(doc, &StudyDocument::study_replaced, this, &WorkloadPanel::sync_from_document);
    connect(doc, &StudyDocument::model_changed, this, &WorkloadPanel::sync_from_document);
    // Another model while a graph is being read (a bundled one picked before the progress
    // dialog shows, an undo): the import is superseded and its result must not replace it.
    for (auto changed : {&StudyDocument::model_changed, &StudyDocument::study_replaced})
        connect(doc, changed, this, [this] { import_superseded_ = import_thread_ != nullptr; });
    connect(doc, &StudyDocument::selected_layer_changed, this, &WorkloadPanel::sync_selection);
    sync_from_document();
}

WorkloadPanel::~WorkloadPanel() {
    // An import cannot be interrupted; its finished slot will not run now (the panel's queued
    // events go with it), so the thread, a child of the panel, is deleted with it once done.
    if (import_thread_) import_thread_->wait();
}

bool WorkloadPanel::open_model(const QString& name_or_path) {
    if (name_or_path.endsWith(".onnx", Qt::CaseInsensitive)) return import_onnx(name_or_path);
    try {
        const Model m = load_model(name_or_path.toStdString());
        doc_->set_model(m, name_or_path.toStdString());
        return true;
    } catch (const InputError& e) {
        warn(this, tr("Cannot open the model"), QString::fromStdString(e.diagnostic().to_string()));
    }
    sync_from_document();
    return false;
}

void WorkloadPanel::sync_from_document() {
    syncing_ = true;
    const Model& m = doc_->study().model;
    layers_->refresh();
    // The box names the model on display: a bundled one, or (a file's) its name as placeholder.
    const int i = models_->findText(QString::fromStdString(m.name));
    if (i < 0) models_->setPlaceholderText(tr("%1 (from a file)").arg(QString::fromStdString(m.name)));
    models_->setCurrentIndex(i);
    const std::int64_t macs = total_macs(m.layers);
    const std::int64_t runs = total_runs(m.layers);
    const QString layers = runs == static_cast<std::int64_t>(m.layers.size())
                               ? tr("%1 layers").arg(m.layers.size())
                               : tr("%1 layers (%2 runs)").arg(m.layers.size()).arg(runs);
    QString text = tr("<b>%1</b>: %2, %3 GMACs. %4")
                       .arg(QString::fromStdString(m.name).toHtmlEscaped(), layers)
                       .arg(static_cast<double>(macs) / 1e9, 0, 'f', 3)
                       .arg(QString::fromStdString(m.description).toHtmlEscaped());
    if (!m.source.empty()) text += tr("<br><small>Source: %1</small>").arg(QString::fromStdString(m.source).toHtmlEscaped());
    summary_->setText(text);
    summary_->setToolTip(QString::fromStdString(m.source));
    table_->setColumnHidden(4, runs == static_cast<std::int64_t>(m.layers.size()));  // Runs: only when some layer repeats
    // Type: only when the layers differ in it (every layer's type is in its tooltip), so that a
    // model of one type (ResNet-18's 20 CONV) fits the dock without a horizontal scroll.
    bool one_type = true;
    for (const Layer& l : m.layers) one_type = one_type && l.type == m.layers.front().type;
    table_->setColumnHidden(2, one_type);
    show_unmapped(m, macs);
    table_->resizeColumnsToContents();
    // A long name (an ONNX node's path) is elided in the middle, whole in its tooltip, so Type,
    // Shape and MACs stay in view.
    constexpr int kWidestName = 150;
    if (table_->columnWidth(1) > kWidestName) table_->setColumnWidth(1, kWidestName);
    syncing_ = false;
    sync_selection();
}

void WorkloadPanel::show_unmapped(const Model& m, std::int64_t mapped_macs) {
    if (m.unmapped.empty()) {
        unmapped_->hide();
        unmapped_table_->hide();
        return;
    }
    std::int64_t operations = 0, count = 0;
    for (const UnmappedOperator& u : m.unmapped) {
        operations += u.operations;
        count += u.count;
    }
    const double all = static_cast<double>(mapped_macs + operations);
    auto share = [all](std::int64_t v) { return all > 0 ? 100.0 * static_cast<double>(v) / all : 0.0; };
    unmapped_->setText(tr("<b>Not mapped</b>: %1 operators, %2 % of the arithmetic (the layers: %3 %)")
                           .arg(count)
                           .arg(share(operations), 0, 'f', 2)
                           .arg(share(mapped_macs), 0, 'f', 2));
    const QString how = tr("Operators of the imported graph that no layer stands for. Arithmetic: MACs for layers and "
                           "for convolutions the engine cannot express, one operation per output element otherwise "
                           "(pooling: per window element; reductions: per input element; data movement: none)");
    unmapped_->setToolTip(how);
    unmapped_table_->setToolTip(how);
    unmapped_table_->setRowCount(static_cast<int>(m.unmapped.size()));
    for (int row = 0; row < static_cast<int>(m.unmapped.size()); ++row) {
        const UnmappedOperator& u = m.unmapped[static_cast<std::size_t>(row)];
        const QString reason = QString::fromStdString(u.reason);
        const QStringList cells = {QString::fromStdString(u.op_type), QString::number(u.count),
                                   QString::number(share(u.operations), 'f', 2) + " %", reason};
        for (int column = 0; column < 4; ++column) {
            auto* item = new QTableWidgetItem(cells[column]);
            if (column == 1 || column == 2) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            item->setToolTip(reason.isEmpty() ? tr("%1 operations").arg(QLocale().toString(static_cast<qlonglong>(u.operations))) : reason);
            unmapped_table_->setItem(row, column, item);
        }
    }
    unmapped_table_->resizeColumnsToContents();
    unmapped_table_->resizeRowsToContents();
    unmapped_->show();
    unmapped_table_->show();
}

// ONNX graphs are read on a worker thread, so that a large file does not freeze the window; the
// dialog shows what the import is doing when it takes more than a moment.
bool WorkloadPanel::import_onnx(const QString& path) {
    // Busy until the finished slot has run, not just until the thread has: a second import
    // started in between would be the one the first's slot tidies away.
    if (import_thread_) return false;
    import_superseded_ = false;
    auto* progress = new QProgressDialog(tr("Importing %1…").arg(path), QString(), 0, 100, this);
    progress->setWindowTitle(tr("Importing an ONNX graph"));
    progress->setWindowModality(Qt::WindowModal);
    progress->setMinimumDuration(300);
    progress->setCancelButton(nullptr);
    progress->setAutoClose(false);
    progress->setValue(0);
    QPointer<QProgressDialog> dialog(progress);
    QPointer<WorkloadPanel> self(this);
    auto outcome = std::make_shared<std::pair<Model, QString>>();  // the model, or the error
    OnnxImportOptions options;
    options.progress = [dialog](double fraction, const std::string& stage) {
        QMetaObject::invokeMethod(
            qApp,
            [dialog, fraction, stage] {
                if (!dialog) return;
                dialog->setLabelText(QString::fromStdString(stage));
                dialog->setValue(static_cast<int>(fraction * 100));
            },
            Qt::QueuedConnection);
    };
    import_thread_ = QThread::create([outcome, options, file = path.toStdString()] {
        try {
            outcome->first = import_onnx_model(file, options);
        } catch (const InputError& e) {
            outcome->second = QString::fromStdString(e.diagnostic().to_string());
        } catch (const std::exception& e) {
            outcome->second = QString::fromStdString(file + ": " + e.what());
        }
    });
    import_thread_->setParent(this);
    connect(import_thread_, &QThread::finished, this, [this, self, dialog, outcome, path, thread = import_thread_] {
        if (dialog) dialog->deleteLater();
        thread->deleteLater();
        if (import_thread_ == thread) import_thread_ = nullptr;
        if (import_superseded_) {  // the user chose another model meanwhile: theirs stays
            warn(this, tr("ONNX graph not applied"),
                 tr("%1 was read after another model was chosen, so the study keeps that one. Open the graph again to use it.").arg(path));
            emit onnx_import_dropped();
            return;
        }
        if (!outcome->second.isEmpty()) {
            warn(this, tr("Cannot import the ONNX graph"), outcome->second);
            sync_from_document();
            return;
        }
        doc_->set_model(outcome->first, path.toStdString());
        emit onnx_imported();
    });
    import_thread_->start();
    return true;
}

void WorkloadPanel::sync_selection() {
    syncing_ = true;
    const QModelIndex index = layers_->index(doc_->selected_layer(), 0);
    table_->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    table_->scrollTo(index);
    syncing_ = false;
}

}  // namespace mapscape::ui
