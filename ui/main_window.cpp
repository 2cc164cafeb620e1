#include "main_window.hpp"

#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>

#include <fstream>

#include "accelerator_editor.hpp"
#include "arch/maestro_hw_file.hpp"
#include "convergence_chart.hpp"
#include "cost/evaluate.hpp"
#include "dataflow_editor.hpp"
#include "mapping/maestro_file.hpp"
#include "mapping/mapping_json.hpp"
#include "scatter_chart.hpp"
#include "schedule_view.hpp"
#include "search_panel.hpp"
#include "study_document.hpp"
#include "pe_array_widget.hpp"
#include "results_view.hpp"
#include "teaching_view.hpp"
#include "timeline_widget.hpp"
#include "util/diagnostic.hpp"
#include "util/text_file.hpp"
#include "widget_export.hpp"
#include "workload_panel.hpp"

// The resources live in the static UI library, so they are registered explicitly (outside any
// namespace, as Q_INIT_RESOURCE requires).
static void init_mapscape_resources() { Q_INIT_RESOURCE(mapscape); }

namespace mapscape::ui {

namespace {

constexpr int kMaxRecent = 8;

QDockWidget* dock(QMainWindow* w, const QString& title, const QString& name, QWidget* content, Qt::DockWidgetArea area) {
    auto* d = new QDockWidget(title, w);
    d->setObjectName(name);
    d->setWidget(content);
    w->addDockWidget(area, d);
    return d;
}

}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
    init_mapscape_resources();
    doc_ = new StudyDocument(this);
    doc_->reset(new_study("resnet18", "edge"), {});

    tabs_ = new QTabWidget;
    dataflow_ = new DataflowEditor(doc_);
    teaching_ = new TeachingView(doc_);
    auto* results = new QSplitter(Qt::Horizontal);
    scatter_ = new ScatterChart;
    convergence_ = new ConvergenceChart;
    results->addWidget(scatter_);
    results->addWidget(convergence_);
    schedule_ = new ScheduleView(doc_);
    tabs_->addTab(dataflow_, tr("Dataflow"));
    tabs_->addTab(teaching_, tr("Teaching"));
    tabs_->addTab(results, tr("Search results"));
    tabs_->addTab(schedule_, tr("Multi-core schedule"));
    results_ = new ResultsView(doc_);
    tabs_->addTab(results_, tr("Sweep results"));
    connect(results_, &ResultsView::opened_in_study, this, [this] { tabs_->setCurrentIndex(0); });
    connect(results_, &ResultsView::error, this, &MainWindow::report_error);
    setCentralWidget(tabs_);

    workload_ = new WorkloadPanel(doc_);
    accelerator_ = new AcceleratorEditor(doc_);
    search_ = new SearchPanel(doc_);
    auto* workload_dock = dock(this, tr("Workload"), "workload", workload_, Qt::LeftDockWidgetArea);
    auto* accelerator_dock = dock(this, tr("Accelerator"), "accelerator", accelerator_, Qt::LeftDockWidgetArea);
    tabifyDockWidget(workload_dock, accelerator_dock);
    workload_dock->raise();
    dock(this, tr("Search"), "search", search_, Qt::RightDockWidgetArea);

    connect(search_, &SearchPanel::run_started, this, [this](int run, const QString& label, const QString& objective) {
        convergence_->set_objective_name(objective);
        convergence_->set_curve(run, label, {});
        tabs_->setCurrentIndex(2);
    });
    search_->controller()->set_point_store(scatter_->shared_store());
    connect(search_->controller(), &SearchController::progress, this, [this](const RunProgress& p) {
        convergence_->add_point(p.run, tr("run %1 (running)").arg(p.run), p.samples, p.best_objective);
    });
    connect(search_, &SearchPanel::run_visibility_changed, this, [this](int, bool) { refresh_convergence(); });
    connect(search_, &SearchPanel::load_mapping_requested, this, [this](int layer, const Mapping& m) {
        doc_->select_layer(layer);
        dataflow_->load_mapping(m, tr("Load a search's best mapping"));
        tabs_->setCurrentIndex(0);
    });
    connect(scatter_, &ScatterChart::point_clicked, this, [this](const PlotPoint& p) {
        doc_->select_layer(p.layer);
        dataflow_->load_mapping(p.mapping, tr("Load a mapping from the scatter"));
        tabs_->setCurrentIndex(0);
        statusBar()->showMessage(tr("Loaded sample %1 of run %2 into the dataflow editor").arg(p.sample).arg(p.run), 5000);
    });
    connect(doc_, &StudyDocument::runs_changed, this, &MainWindow::refresh_convergence);
    connect(doc_, &StudyDocument::study_replaced, this, [this] {
        scatter_->clear();
        refresh_convergence();
        update_title();
    });
    connect(doc_, &StudyDocument::selected_layer_changed, this, &MainWindow::refresh_convergence);
    connect(doc_, &StudyDocument::modified_changed, this, &MainWindow::update_title);
    connect(doc_, &StudyDocument::file_path_changed, this, &MainWindow::update_title);
    connect(dataflow_, &DataflowEditor::evaluated, this, [this](const CostReport& r) {
        statusBar()->showMessage(r.valid() ? tr("Layer %1: %2 cycles, %3 nJ (evaluated in %4 ms)")
                                                 .arg(doc_->selected_layer() + 1)
                                                 .arg(r.runtime_cycles)
                                                 .arg(r.energy.total_nj, 0, 'g', 5)
                                                 .arg(dataflow_->last_evaluation_ms(), 0, 'f', 3)
                                           : tr("Layer %1: the mapping cannot run").arg(doc_->selected_layer() + 1));
    });
    build_menus();
    resize(1500, 950);
    update_title();
}

void MainWindow::build_menus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&New study (ResNet-18 on Edge)"), QKeySequence::New, this, [this] {
        if (maybe_save()) doc_->reset(new_study("resnet18", "edge"), {});
    });
    file->addAction(tr("Open the &example study"), this, [this] {
        if (maybe_save()) open_example();
    });
    file->addAction(tr("&Open…"), QKeySequence::Open, this, [this] {
        if (!maybe_save()) return;
        const QString path = QFileDialog::getOpenFileName(this, tr("Open study"), {}, tr("Mapscape studies (*.json);;All files (*)"));
        if (!path.isEmpty()) open_study(path);
    });
    file->addAction(tr("Open results &database…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open results database"), {},
                                                          tr("Mapscape results (*.sqlite *.db);;All files (*)"));
        if (!path.isEmpty()) open_results_database(path);
    });
    recent_menu_ = file->addMenu(tr("Open &recent"));
    rebuild_recent_menu();
    file->addAction(tr("&Save"), QKeySequence::Save, this, &MainWindow::save);
    file->addAction(tr("Save &as…"), QKeySequence::SaveAs, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save study"), doc_->file_path().isEmpty() ? "study.json" : doc_->file_path(),
                                                          tr("Mapscape studies (*.json)"));
        if (!path.isEmpty()) save_study_as(path);
    });
    QMenu* exports = file->addMenu(tr("&Export"));
    exports->addAction(tr("Selected mapping as MAESTRO files…"), this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export mapping"), "mapping.m", tr("MAESTRO (*.m)"));
        if (!path.isEmpty()) export_mapping_maestro(path);
    });
    exports->addAction(tr("A run's best mappings as MAESTRO files…"), this, [this] {
        if (doc_->study().runs.empty()) {
            QMessageBox::information(this, tr("Export"), tr("There is no finished search run yet."));
            return;
        }
        QStringList labels;
        for (const SearchRun& r : doc_->study().runs) labels << QString::fromStdString(r.label);
        bool ok = false;
        const QString chosen = QInputDialog::getItem(this, tr("Export run"), tr("Run:"), labels, labels.size() - 1, false, &ok);
        if (!ok) return;
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Export to directory"));
        if (!dir.isEmpty()) export_run_maestro(doc_->study().runs[static_cast<std::size_t>(labels.indexOf(chosen))].id, dir);
    });
    exports->addAction(tr("Results as JSON…"), this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export results"), "results.json", tr("JSON (*.json)"));
        if (!path.isEmpty()) export_results_json(path);
    });
    exports->addAction(tr("Results as CSV…"), this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export results"), "results.csv", tr("CSV (*.csv)"));
        if (!path.isEmpty()) export_results_csv(path);
    });
    auto chart_export = [this](QWidget* w, const QString& name) {
        const QString path =
            QFileDialog::getSaveFileName(this, tr("Export chart"), name + ".png", tr("PNG image (*.png);;SVG drawing (*.svg)"));
        if (!path.isEmpty() && !export_widget_image(w, path))
            report_error(tr("Export chart"), tr("Could not write %1").arg(path));
    };
    exports->addAction(tr("Energy-latency scatter (PNG/SVG)…"), this, [this, chart_export] { chart_export(scatter_, "scatter"); });
    exports->addAction(tr("Convergence chart (PNG/SVG)…"), this, [this, chart_export] { chart_export(convergence_, "convergence"); });
    exports->addAction(tr("Schedule timeline (PNG/SVG)…"), this, [this, chart_export] { chart_export(schedule_->timeline(), "schedule"); });
    exports->addAction(tr("PE array picture (PNG/SVG)…"), this, [this, chart_export] {
        chart_export(teaching_->pe_array(), "pe_array");
    });
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = doc_->undo_stack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = doc_->undo_stack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    for (QDockWidget* d : findChildren<QDockWidget*>()) view->addAction(d->toggleViewAction());
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Mapscape"), this, [this] {
        QMessageBox::about(this, tr("About Mapscape"),
                           tr("<b>Mapscape</b> %1<br>A design-space explorer for DNN accelerators: a MAESTRO-compatible cost "
                              "model, GAMMA and baseline mapping searches, MAGMA multi-core scheduling.")
                               .arg(QApplication::applicationVersion()));
    });
}

void MainWindow::open_results_database(const QString& path) {
    tabs_->setCurrentWidget(results_);
    results_->open_database(path);
}

void MainWindow::report_error(const QString& title, const QString& message) {
    last_error_ = message;
    statusBar()->showMessage(message, 10000);
    if (interactive_) QMessageBox::warning(this, title, message);
}

void MainWindow::update_title() {
    const QString name = doc_->file_path().isEmpty() ? QString::fromStdString(doc_->study().name) : QFileInfo(doc_->file_path()).fileName();
    setWindowTitle(tr("%1[*] — Mapscape").arg(name));
    setWindowModified(doc_->is_modified());
}

void MainWindow::open_example() {
    QFile f(":/examples/example_study.json");
    if (!f.open(QIODevice::ReadOnly)) {
        report_error(tr("Example study"), tr("The example study is missing from this build."));
        return;
    }
    try {
        Study s = parse_study_json(f.readAll().toStdString(), "example_study.json");
        doc_->reset(s, {});
    } catch (const InputError& e) {
        report_error(tr("Example study"), QString::fromStdString(e.diagnostic().to_string()));
    }
}

bool MainWindow::open_study(const QString& path) {
    try {
        doc_->load(path);
        add_recent(path);
        statusBar()->showMessage(tr("Opened %1").arg(path), 5000);
        return true;
    } catch (const InputError& e) {
        report_error(tr("Cannot open the study"), QString::fromStdString(e.diagnostic().to_string()));
    }
    return false;
}

bool MainWindow::save_study_as(const QString& path) {
    try {
        doc_->save(path);
        add_recent(path);
        statusBar()->showMessage(tr("Saved %1").arg(path), 5000);
        return true;
    } catch (const InputError& e) {
        report_error(tr("Cannot save the study"), QString::fromStdString(e.diagnostic().to_string()));
    }
    return false;
}

bool MainWindow::save() {
    if (doc_->file_path().isEmpty()) {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save study"), "study.json", tr("Mapscape studies (*.json)"));
        return !path.isEmpty() && save_study_as(path);
    }
    return save_study_as(doc_->file_path());
}

bool MainWindow::maybe_save() {
    if (!doc_->is_modified() || !interactive_) return true;
    const auto answer = QMessageBox::question(this, tr("Unsaved changes"), tr("Save the changes to this study first?"),
                                              QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Cancel) return false;
    if (answer == QMessageBox::Save) return save();
    return true;
}

void MainWindow::showEvent(QShowEvent* event) {
    QMainWindow::showEvent(event);
    if (sized_docks_) return;
    sized_docks_ = true;
    // Room for the layer table's columns and the search settings (docks size only once shown).
    QList<QDockWidget*> docks;
    QList<int> widths;
    for (QDockWidget* d : findChildren<QDockWidget*>()) {
        docks << d;
        widths << (d->objectName() == "search" ? 330 : 470);
    }
    resizeDocks(docks, widths, Qt::Horizontal);
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (maybe_save())
        event->accept();
    else
        event->ignore();
}

void MainWindow::add_recent(const QString& path) {
    QSettings settings;
    QStringList recent = settings.value("recent_studies").toStringList();
    recent.removeAll(path);
    recent.prepend(QFileInfo(path).absoluteFilePath());
    while (recent.size() > kMaxRecent) recent.removeLast();
    settings.setValue("recent_studies", recent);
    rebuild_recent_menu();
}

void MainWindow::rebuild_recent_menu() {
    recent_menu_->clear();
    const QStringList recent = QSettings().value("recent_studies").toStringList();
    for (const QString& path : recent)
        recent_menu_->addAction(path, this, [this, path] {
            if (maybe_save()) open_study(path);
        });
    recent_menu_->setEnabled(!recent.isEmpty());
}

void MainWindow::refresh_convergence() {
    convergence_->clear();
    const int layer = doc_->selected_layer();
    for (const SearchRun& r : doc_->study().runs) {
        bool visible = true;
        for (int i = 0; i < search_->runs()->count(); ++i) {
            auto* item = search_->runs()->item(i);
            if (item->data(Qt::UserRole).toInt() == r.id) visible = item->checkState() == Qt::Checked;
        }
        if (!visible) continue;
        // The selected layer's curve if the run has it, else the first layer's.
        const LayerRunResult* shown = r.layers.empty() ? nullptr : &r.layers.front();
        for (const LayerRunResult& l : r.layers)
            if (l.layer == layer) shown = &l;
        if (shown) convergence_->set_curve(r.id, QString::fromStdString(r.label) + tr(" (layer %1)").arg(shown->layer + 1), shown->trace);
    }
    convergence_->set_objective_name(QString::fromStdString(doc_->study().search.objective.name()));
}

bool MainWindow::export_mapping_maestro(const QString& path) {
    const Study& s = doc_->study();
    Layer layer = s.model.layers[static_cast<std::size_t>(s.selected_layer)];
    try {
        write_text_file_atomically(path.toStdString(), write_maestro_text(s.model.name, {{layer, doc_->current_mapping()}}));
        QString hw = path;
        hw = hw.endsWith(".m") ? hw.chopped(2) + "_hw.m" : hw + "_hw.m";
        write_text_file_atomically(hw.toStdString(), write_maestro_hw_text(s.accelerator));
        statusBar()->showMessage(tr("Wrote %1 and %2").arg(path, hw), 5000);
        return true;
    } catch (const InputError& e) {
        report_error(tr("Export"), QString::fromStdString(e.diagnostic().to_string()));
    }
    return false;
}

bool MainWindow::export_run_maestro(int id, const QString& directory) {
    const Study& s = doc_->study();
    for (const SearchRun& r : s.runs) {
        if (r.id != id) continue;
        std::vector<std::pair<Layer, Mapping>> layers;
        for (const LayerRunResult& l : r.layers)
            if (l.found) layers.emplace_back(s.model.layers[static_cast<std::size_t>(l.layer)], l.best_mapping);
        try {
            const std::string base = directory.toStdString() + "/" + maestro_safe_name(s.model.name);
            write_text_file_atomically(base + ".m", write_maestro_text(s.model.name, layers));
            write_text_file_atomically(base + "_hw.m", write_maestro_hw_text(s.accelerator));
            statusBar()->showMessage(tr("Wrote %1 layer(s) to %2").arg(layers.size()).arg(directory), 5000);
            return true;
        } catch (const InputError& e) {
            report_error(tr("Export"), QString::fromStdString(e.diagnostic().to_string()));
            return false;
        }
    }
    return false;
}

bool MainWindow::export_results_json(const QString& path) {
    nlohmann::ordered_json runs = nlohmann::ordered_json::array();
    const Study& s = doc_->study();
    for (const SearchRun& r : s.runs) {
        nlohmann::ordered_json layers = nlohmann::ordered_json::array();
        for (const LayerRunResult& l : r.layers) {
            nlohmann::ordered_json j;
            j["layer"] = l.layer + 1;
            j["name"] = s.model.layers[static_cast<std::size_t>(l.layer)].name;
            j["objective_value"] = l.found ? nlohmann::ordered_json(l.objective_value) : nlohmann::ordered_json(nullptr);
            j["runtime_cycles"] = l.runtime_cycles;
            j["energy_nj"] = l.energy_nj;
            j["samples"] = l.samples;
            j["valid_samples"] = l.valid_samples;
            j["best_mapping"] = l.found ? mapping_to_json(l.best_mapping) : nlohmann::ordered_json(nullptr);
            layers.push_back(std::move(j));
        }
        runs.push_back({{"run", r.id}, {"label", r.label}, {"algo", r.settings.algorithm}, {"objective", r.settings.objective.name()},
                        {"seed", r.settings.seed}, {"wall_s", r.wall_seconds}, {"layers", std::move(layers)}});
    }
    try {
        write_text_file_atomically(path.toStdString(), nlohmann::ordered_json{{"model", s.model.name}, {"runs", runs}}.dump(1) + "\n");
        return true;
    } catch (const InputError& e) {
        report_error(tr("Export"), QString::fromStdString(e.diagnostic().to_string()));
    }
    return false;
}

bool MainWindow::export_results_csv(const QString& path) {
    std::string csv = "run,label,algo,objective,seed,layer,name,found,objective_value,runtime_cycles,energy_nj,samples,valid_samples\n";
    const Study& s = doc_->study();
    for (const SearchRun& r : s.runs)
        for (const LayerRunResult& l : r.layers)
            csv += std::to_string(r.id) + ",\"" + r.label + "\"," + r.settings.algorithm + "," + r.settings.objective.name() + "," +
                   std::to_string(r.settings.seed) + "," + std::to_string(l.layer + 1) + "," +
                   s.model.layers[static_cast<std::size_t>(l.layer)].name + "," + (l.found ? "1" : "0") + "," +
                   (l.found ? std::to_string(l.objective_value) : std::string("NAN")) + "," + std::to_string(l.runtime_cycles) + "," +
                   std::to_string(l.energy_nj) + "," + std::to_string(l.samples) + "," + std::to_string(l.valid_samples) + "\n";
    try {
        write_text_file_atomically(path.toStdString(), csv);
        return true;
    } catch (const InputError& e) {
        report_error(tr("Export"), QString::fromStdString(e.diagnostic().to_string()));
    }
    return false;
}

}  // namespace mapscape::ui
