#include "results_view.hpp"
#include "user_prompts.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QUndoStack>
#include <QVBoxLayout>

#include "arch/presets.hpp"
#include "convergence_chart.hpp"
#include "results_scatter.hpp"
#include "results_table_model.hpp"
#include "study_document.hpp"
#include "sweep/results_database.hpp"
#include "sweep/stored_run_decode.hpp"
#include "util/diagnostic.hpp"
#include "util/text_file.hpp"
#include "worker_priority.hpp"

namespace mapscape::ui {

namespace {

// The text columns with a value filter, in the filter bar's order.
const char* const kValueFilterColumns[] = {"model", "accelerator", "system", "algorithm", "objective", "status"};

QString all_values() { return QObject::tr("(all)"); }

}  // namespace

struct ResultsView::Loaded {
    std::uint64_t id = 0;
    std::shared_ptr<RunTable> table;
    std::unique_ptr<ResultsDatabase> db;
    bool synthetic = false;
    QString error;
};

ResultsView::ResultsView(StudyDocument* doc, QWidget* parent) : QWidget(parent), doc_(doc) {
    auto* layout = new QVBoxLayout(this);
    auto* top = new QHBoxLayout;
    auto* open = new QPushButton(tr("Open database…"));
    reload_ = new QPushButton(tr("Reload"));
    reload_->setToolTip(tr("Read the database again (a sweep may still be writing to it)"));
    export_ = new QPushButton(tr("Export CSV…"));
    export_->setToolTip(tr("The filtered runs, in the shown order, every column"));
    open_in_study_ = new QPushButton(tr("Open in study"));
    open_in_study_->setToolTip(tr("The selected run's model, accelerator and best mappings become the study's (undoable)"));
    text_filter_ = new QLineEdit;
    text_filter_->setPlaceholderText(tr("Filter: text in any column (run id, layer selection, error...)"));
    text_filter_->setClearButtonEnabled(true);
    complete_only_ = new QCheckBox(tr("complete runs only"));
    complete_only_->setToolTip(tr("Hide failed runs and runs with a layer that has no valid mapping (their totals leave it out)"));
    for (QPushButton* b : {open, reload_, export_, open_in_study_}) top->addWidget(b);
    top->addStretch(1);
    layout->addLayout(top);
    auto* text_row = new QHBoxLayout;
    text_row->addWidget(text_filter_, 1);
    text_row->addWidget(complete_only_);
    layout->addLayout(text_row);
    connect(text_filter_, &QLineEdit::textChanged, this, &ResultsView::apply_filters);
    connect(complete_only_, &QCheckBox::toggled, this, &ResultsView::apply_filters);

    // The value filters in rows of three (label, box), so that narrow windows keep them whole.
    auto* filters = new QGridLayout;
    int placed = 0;
    for (const char* column : kValueFilterColumns) {
        auto* box = new QComboBox;
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(12);
        box->setToolTip(tr("Show only runs with this %1").arg(column));
        filters->addWidget(new QLabel(QString(column) + ":"), placed / 3, (placed % 3) * 2);
        filters->addWidget(box, placed / 3, (placed % 3) * 2 + 1);
        filters->setColumnStretch((placed % 3) * 2 + 1, 1);
        ++placed;
        value_filters_.emplace_back(column, box);
        connect(box, &QComboBox::currentIndexChanged, this, [this] {
            if (!updating_boxes_) apply_filters();
        });
    }
    layout->addLayout(filters);
    summary_ = new QLabel(tr("No results database open. Create one with mapscape-cli sweep SPEC.json --db OUT.sqlite"));
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    summary_->setWordWrap(true);
    layout->addWidget(summary_);

    model_ = new ResultsTableModel(this);
    table_ = new QTableView;
    table_->setModel(model_);
    table_->setSortingEnabled(true);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->verticalHeader()->setVisible(false);
    // Fixed row heights: a table of 100,000 rows must not measure every row.
    table_->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 6);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    // Column widths from the first rows only (Qt measures 1,000 by default: 60 ms at 25 columns).
    table_->horizontalHeader()->setResizeContentsPrecision(100);
    table_->horizontalHeader()->setSortIndicatorShown(true);
    table_->setWordWrap(false);

    auto* scatter_panel = new QWidget;
    auto* scatter_layout = new QVBoxLayout(scatter_panel);
    scatter_layout->setContentsMargins(0, 0, 0, 0);
    auto* axes = new QGridLayout;  // two rows: narrow windows keep every control whole
    x_ = new QComboBox;
    y_ = new QComboBox;
    colour_ = new QComboBox;
    log_x_ = new QCheckBox(tr("log"));
    log_y_ = new QCheckBox(tr("log"));
    log_x_->setChecked(true);
    log_y_->setChecked(true);
    for (QComboBox* box : {x_, y_, colour_}) {  // column names can be long: the boxes shrink, the list does not
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(6);
    }
    axes->addWidget(new QLabel(tr("X:")), 0, 0);
    axes->addWidget(x_, 0, 1);
    axes->addWidget(log_x_, 0, 2);
    axes->addWidget(new QLabel(tr("Y:")), 0, 3);
    axes->addWidget(y_, 0, 4);
    axes->addWidget(log_y_, 0, 5);
    axes->addWidget(new QLabel(tr("colour:")), 1, 0);
    axes->addWidget(colour_, 1, 1, 1, 5);
    axes->setColumnStretch(1, 1);
    axes->setColumnStretch(4, 1);
    scatter_layout->addLayout(axes);
    scatter_ = new ResultsScatter;
    scatter_layout->addWidget(scatter_, 1);
    for (QComboBox* box : {x_, y_, colour_})
        connect(box, &QComboBox::currentIndexChanged, this, [this] {
            if (!updating_boxes_) refresh_scatter();
        });
    for (QCheckBox* box : {log_x_, log_y_}) connect(box, &QCheckBox::toggled, this, &ResultsView::refresh_scatter);

    auto* convergence_panel = new QWidget;
    auto* convergence_layout = new QVBoxLayout(convergence_panel);
    convergence_layout->setContentsMargins(0, 0, 0, 0);
    auto* layer_row = new QHBoxLayout;
    convergence_layer_ = new QComboBox;
    layer_row->addWidget(new QLabel(tr("Convergence of:")));
    convergence_layer_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    convergence_layer_->setMinimumContentsLength(8);
    layer_row->addWidget(convergence_layer_, 1);
    convergence_layout->addLayout(layer_row);
    convergence_ = new ConvergenceChart;
    convergence_layout->addWidget(convergence_, 1);
    connect(convergence_layer_, &QComboBox::currentIndexChanged, this, &ResultsView::show_convergence);

    auto* charts = new QSplitter(Qt::Horizontal);
    charts->addWidget(scatter_panel);
    charts->addWidget(convergence_panel);
    charts->setStretchFactor(0, 3);
    charts->setStretchFactor(1, 2);
    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(table_);
    split->addWidget(charts);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    layout->addWidget(split, 1);

    connect(open, &QPushButton::clicked, this, [this] {
        const QString path = open_file_name(this, tr("Open results database"), tr("Mapscape results (*.sqlite *.db);;All files (*)"));
        if (!path.isEmpty()) open_database(path);
    });
    connect(reload_, &QPushButton::clicked, this, &ResultsView::reload);
    connect(export_, &QPushButton::clicked, this, [this] {
        const QString path = save_file_name(this, tr("Export runs"), "runs.csv", tr("CSV (*.csv)"));
        if (!path.isEmpty()) export_csv(path);
    });
    connect(open_in_study_, &QPushButton::clicked, this, &ResultsView::open_selected_in_study);
    // A reset clears the selection: keep the selected run selected if it is still shown.
    connect(model_, &QAbstractItemModel::modelAboutToBeReset, this, [this] { remembered_run_ = selected_run_id(); });
    connect(model_, &ResultsTableModel::rows_changed, this, [this](bool which_changed) {
        if (which_changed) refresh_scatter();  // the scatter does not depend on the order
        refresh_summary();
        const int shown = shown_row_of_run(remembered_run_);
        if (shown >= 0)
            select_row(shown);
        else
            show_selected_run();
    });
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] { show_selected_run(); });
    connect(scatter_, &ResultsScatter::run_clicked, this, [this](quint32 row) {
        const int shown = model_->shown_row_of(row);
        if (shown >= 0) select_row(shown);
    });
    for (QPushButton* b : {reload_, export_, open_in_study_}) b->setEnabled(false);
}

ResultsView::~ResultsView() {
    // Joined (no loader may post to this view once it is gone), told to stop first so that a
    // large database's read does not hold the window's closing.
    for (Loader& l : loaders_) l.thread.request_stop();
    loaders_.clear();
}

void ResultsView::open_database(const QString& path) {
    path_ = path;
    last_error_.clear();
    loading_ = true;
    const std::uint64_t id = ++load_id_;
    summary_->setText(tr("Reading %1…").arg(path));
    std::erase_if(loaders_, [](const Loader& l) { return l.finished->load(); });
    for (Loader& l : loaders_) l.thread.request_stop();  // superseded: their tables would be dropped
    auto finished = std::make_shared<std::atomic<bool>>(false);
    loaders_.push_back({std::jthread([this, id, finished, file = path.toStdString()](std::stop_token stop) {
        lower_this_thread_priority();
        auto loaded = std::make_shared<Loaded>();
        loaded->id = id;
        try {
            loaded->db = std::make_unique<ResultsDatabase>(file, ResultsDatabase::Access::ReadOnly);
            loaded->synthetic = loaded->db->meta("synthetic") == "1";
            loaded->table = std::make_shared<RunTable>(load_run_table(*loaded->db, stop));
        } catch (const InputError& e) {
            loaded->error = QString::fromStdString(e.diagnostic().to_string());
            loaded->db.reset();
        }
        if (!stop.stop_requested()) QMetaObject::invokeMethod(this, [this, loaded] { install(loaded); }, Qt::QueuedConnection);
        finished->store(true);
    }), finished});
}

void ResultsView::reload() {
    if (!path_.isEmpty()) open_database(path_);
}

void ResultsView::install(std::shared_ptr<Loaded> result) {
    if (result->id != load_id_) return;  // a newer open is under way
    loading_ = false;
    if (!result->error.isEmpty()) {
        last_error_ = result->error;
        summary_->setText(tr("Cannot open: %1").arg(result->error));
        emit error(tr("Cannot open the results database"), result->error);
        emit load_failed(result->error);
        return;
    }
    db_ = std::move(result->db);
    synthetic_ = result->synthetic;
    table_data_ = result->table;
    rebuild_filter_boxes();
    model_->set_table(table_data_, current_filter());
    if (selected_table_row() < 0) select_row(0);  // something to show in the convergence chart
    table_->resizeColumnsToContents();
    for (QPushButton* b : {reload_, export_, open_in_study_}) b->setEnabled(true);
    emit loaded();
}

void ResultsView::rebuild_filter_boxes() {
    updating_boxes_ = true;
    const RunTable& t = *table_data_;
    for (auto& [column, box] : value_filters_) {
        const QString previous = box->currentText();
        box->clear();
        box->addItem(all_values());
        const int c = t.column_index(column.toStdString());
        if (c >= 0)
            for (const std::string& v : t.column(static_cast<std::size_t>(c)).values) box->addItem(QString::fromStdString(v));
        box->setCurrentIndex(std::max(0, box->findText(previous)));
    }
    auto refill = [&t](QComboBox* box, bool numbers, const QString& fallback, bool with_none) {
        const QString previous = box->currentData().toString();
        box->clear();
        if (with_none) box->addItem(tr("(none)"), QString());
        for (const RunColumn& c : t.columns())
            if ((c.type == RunColumn::Type::Number) == numbers)
                box->addItem(QString::fromStdString(c.title), QString::fromStdString(c.name));
        const int at = box->findData(previous.isEmpty() ? fallback : previous);
        box->setCurrentIndex(std::max(0, at));
    };
    refill(x_, true, "runtime_cycles", false);
    refill(y_, true, "energy_nj", false);
    refill(colour_, false, "algorithm", true);
    updating_boxes_ = false;
}

bool ResultsView::set_value_filter(const QString& column, const QString& value) {
    for (auto& [name, box] : value_filters_) {
        if (name != column) continue;
        const int at = value.isEmpty() ? 0 : box->findText(value);
        if (at < 0) return false;
        box->setCurrentIndex(at);
        return true;
    }
    return false;
}

void ResultsView::set_text_filter(const QString& text) { text_filter_->setText(text); }
void ResultsView::set_complete_only(bool on) { complete_only_->setChecked(on); }

void ResultsView::set_scatter_axes(const QString& x, const QString& y, const QString& colour) {
    updating_boxes_ = true;
    x_->setCurrentIndex(std::max(0, x_->findData(x)));
    y_->setCurrentIndex(std::max(0, y_->findData(y)));
    colour_->setCurrentIndex(std::max(0, colour_->findData(colour)));
    updating_boxes_ = false;
    refresh_scatter();
}

void ResultsView::apply_filters() {
    if (table_data_) model_->set_filter(current_filter());
}

RunFilter ResultsView::current_filter() const {
    const RunTable& t = *table_data_;
    RunFilter f;
    for (auto& [column, box] : value_filters_) {
        if (box->currentIndex() <= 0) continue;
        const int c = t.column_index(column.toStdString());
        if (c >= 0) f.allowed_values.push_back({c, {static_cast<std::uint32_t>(box->currentIndex() - 1)}});
    }
    f.text = text_filter_->text().trimmed().toStdString();
    f.complete_only = complete_only_->isChecked();
    return f;
}

void ResultsView::refresh_scatter() {
    if (!table_data_) return;
    ResultsScatter::Axes axes;
    axes.x = table_data_->column_index(x_->currentData().toString().toStdString());
    axes.y = table_data_->column_index(y_->currentData().toString().toStdString());
    axes.colour = table_data_->column_index(colour_->currentData().toString().toStdString());
    axes.log_x = log_x_->isChecked();
    axes.log_y = log_y_->isChecked();
    scatter_->set_data(table_data_, model_->shown_rows(), axes);
}

void ResultsView::refresh_summary() {
    if (!table_data_) return;
    summary_->setText(tr("%1: %2 runs, %3 shown%4")
                          .arg(QFileInfo(path_).fileName())
                          .arg(table_data_->rows())
                          .arg(model_->rowCount())
                          .arg(synthetic_ ? tr(" (a synthetic benchmark database)") : QString()));
}

void ResultsView::select_row(int shown_row) {
    if (shown_row < 0 || shown_row >= model_->rowCount()) {
        table_->clearSelection();
        return;
    }
    const QModelIndex index = model_->index(shown_row, 0);
    table_->setCurrentIndex(index);
    table_->selectRow(shown_row);
    table_->scrollTo(index);
}

std::string ResultsView::selected_run_id() const {
    const int row = selected_table_row();
    if (row < 0 || !model_->table()) return {};
    const RunTable& t = *model_->table();
    return t.text(static_cast<std::size_t>(row), static_cast<std::size_t>(t.column_index("run_id")));
}

int ResultsView::shown_row_of_run(const std::string& run_id) const {
    if (run_id.empty() || !table_data_) return -1;
    const RunColumn& ids = table_data_->column(static_cast<std::size_t>(table_data_->column_index("run_id")));
    const auto it = std::lower_bound(ids.values.begin(), ids.values.end(), run_id);
    if (it == ids.values.end() || *it != run_id) return -1;
    const auto code = static_cast<std::uint32_t>(it - ids.values.begin());
    const auto& rows = model_->shown_rows();
    for (std::size_t i = 0; i < rows.size(); ++i)
        if (ids.codes[rows[i]] == code) return static_cast<int>(i);
    return -1;
}

int ResultsView::selected_table_row() const {
    const QModelIndex current = table_->currentIndex();
    if (!current.isValid() || !table_->selectionModel()->isRowSelected(current.row(), {})) return -1;
    return static_cast<int>(model_->table_row(current.row()));
}

void ResultsView::show_selected_run() {
    selected_traces_.clear();
    whole_model_trace_ = false;
    selected_layer_names_.clear();
    const int row = selected_table_row();
    open_in_study_->setEnabled(row >= 0);
    if (row < 0 || !db_) {
        convergence_layer_->clear();
        convergence_->clear();
        return;
    }
    const int id_column = table_data_->column_index("run_id");
    try {
        const StoredRun run = db_->read_run(table_data_->text(static_cast<std::size_t>(row), static_cast<std::size_t>(id_column)));
        // A co-design run has one trace for the whole model (each sample a design with every layer
        // mapped); a mapping search has one per layer.
        whole_model_trace_ = !run.trace_json.empty();
        if (whole_model_trace_) {
            selected_traces_.push_back(parse_trace(run.trace_json));
            convergence_->set_objective_name(QString::fromStdString(run.objective) + tr(" (whole model)"));
        } else {
            for (const StoredLayer& l : run.layer_results) {
                selected_traces_.push_back(parse_trace(l.trace_json));
                selected_layer_names_.push_back(tr("layer %1 (%2)").arg(l.layer_number).arg(QString::fromStdString(l.name)));
            }
            convergence_->set_objective_name(QString::fromStdString(run.objective) + tr(" (sum over layers)"));
        }
    } catch (const InputError& e) {
        last_error_ = QString::fromStdString(e.diagnostic().to_string());
        emit error(tr("Results database"), last_error_);
    }
    const QSignalBlocker block(convergence_layer_);
    convergence_layer_->clear();
    convergence_layer_->addItem(whole_model_trace_ ? tr("whole model (designs with every layer mapped)")
                                                   : tr("all layers (sum of each layer's best)"));
    for (const QString& name : selected_layer_names_) convergence_layer_->addItem(name);
    show_convergence();
}

void ResultsView::show_convergence() {
    convergence_->clear();
    const int choice = convergence_layer_->currentIndex();
    if (choice < 0 || selected_traces_.empty()) return;
    const auto trace = choice > 0            ? selected_traces_[static_cast<std::size_t>(choice - 1)]
                       : whole_model_trace_ ? selected_traces_.front()
                                            : summed_trace(selected_traces_);
    // A short legend entry ("layer 7", "sum of layers"): the box above says the rest, and the
    // whole text was elided in the plot's corner.
    const QString name = choice > 0 ? convergence_layer_->currentText().section(' ', 0, 1)
                         : whole_model_trace_ ? tr("whole model")
                                              : tr("sum of layers");
    convergence_->set_curve(1, name, trace);
}

bool ResultsView::export_csv(const QString& path) {
    if (!table_data_) return false;
    try {
        write_text_file_atomically(path.toStdString(), run_table_csv(*table_data_, model_->shown_rows()));
        return true;
    } catch (const InputError& e) {
        last_error_ = QString::fromStdString(e.diagnostic().to_string());
        emit error(tr("Export CSV"), last_error_);
    }
    return false;
}

bool ResultsView::open_selected_in_study() {
    const int row = selected_table_row();
    if (row < 0 || !db_) return false;
    const std::string run_id =
        table_data_->text(static_cast<std::size_t>(row), static_cast<std::size_t>(table_data_->column_index("run_id")));
    try {
        const StoredRun run = db_->read_run(run_id);
        const RunStudyParts parts = study_parts_of(run);
        std::string preset;
        for (const AcceleratorPreset& p : accelerator_presets())
            if (p.id == run.accelerator) preset = p.id;
        const QString label = tr("run %1 (%2, %3, %4)")
                                  .arg(QString::fromStdString(run_id.substr(0, 8)), QString::fromStdString(run.algorithm),
                                       QString::fromStdString(run.objective), QString::fromStdString(run.accelerator));
        QUndoStack* stack = doc_->undo_stack();
        stack->beginMacro(tr("Open %1 in the study").arg(label));
        if (!(parts.model == doc_->study().model)) doc_->set_model(parts.model, run.model);
        doc_->set_accelerator(parts.accelerator, preset, tr("Accelerator of %1").arg(label));
        for (const auto& [layer, mapping] : parts.mappings) doc_->set_mapping(layer, mapping, tr("Mapping of %1").arg(label));
        stack->endMacro();
        if (!parts.mappings.empty() && !parts.mappings.contains(doc_->selected_layer()))
            doc_->select_layer(parts.mappings.begin()->first);
        emit opened_in_study();
        return true;
    } catch (const InputError& e) {
        last_error_ = QString::fromStdString(e.diagnostic().to_string());
        emit error(tr("Open in study"), last_error_);
    }
    return false;
}

}  // namespace mapscape::ui
