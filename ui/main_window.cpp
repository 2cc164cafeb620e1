#include "main_window.hpp"
#include "user_prompts.hpp"
#include "chart_view.hpp"

#include <functional>

#include <QApplication>
#include <QCheckBox>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScreen>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QVBoxLayout>

#include <cstdio>
#include <fstream>

#include "accelerator_editor.hpp"
#include "arch/maestro_hw_file.hpp"
#include "convergence_chart.hpp"
#include "cost_readout.hpp"
#include "cost/bounds.hpp"
#include "cost/evaluate.hpp"
#include "dataflow_editor.hpp"
#include "mapping/maestro_file.hpp"
#include "mapping/mapping_json.hpp"
#include "scatter_chart.hpp"
#include "scatter_panel.hpp"
#include "chart_palette.hpp"
#include "schedule_view.hpp"
#include "search_panel.hpp"
#include "study_document.hpp"
#include "pe_array_widget.hpp"
#include "pooled_threads.hpp"
#include "recovery_banner.hpp"
#include "util/units.hpp"
#include "recovery_store.hpp"
#include "results_view.hpp"
#include "teaching_view.hpp"
#include "timeline_widget.hpp"
#include "util/diagnostic.hpp"
#include "util/text_file.hpp"
#include "widget_export.hpp"
#include "workload_panel.hpp"
#include "search/maestro_export.hpp"
#include "util/json_text.hpp"

#include "codesign_view.hpp"
#include "compact_tab_style.hpp"
#include "llm_view.hpp"
#include "whatif_view.hpp"
#ifdef MAPSCAPE_TORCH_PLUGIN
#include "plugin/surrogate_plugin.hpp"
#include "surrogate_view.hpp"
#endif

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
    start_pooled_threads();  // before any plugin is opened (pooled_threads.hpp)
#ifdef MAPSCAPE_TORCH_PLUGIN
    // Mind Mappings, gamma-guided, DDPG, A2C and PPO2, before the search panel and the schedule
    // view list the algorithms: placeholders that open the libtorch plugin when first checked or run.
    register_deferred_surrogate_algorithms();
#endif
    doc_ = new StudyDocument(this);
    doc_->reset(new_study("resnet18", "edge"), {});

    tabs_ = new QTabWidget;
    dataflow_ = new DataflowEditor(doc_);
    teaching_ = new TeachingView(doc_);
    auto* results = new QSplitter(Qt::Horizontal);
    results->setObjectName("results_splitter");
    scatter_ = new ScatterChart;
    convergence_ = new ConvergenceChart;
    auto* convergence_panel = new QWidget;
    auto* convergence_layout = new QVBoxLayout(convergence_panel);
    convergence_layout->setContentsMargins(0, 0, 0, 0);
    convergence_layout->addWidget(convergence_, 1);
    per_layer_ = new QCheckBox(tr("Each layer of a whole-model run, divided by its lower bound"));
    per_layer_->setToolTip(tr("Off: the sum over layers of their best objective (what a whole-model run optimises). "
                              "On: every layer's own curve divided by its bound, so layers compare side by side."));
    convergence_layout->addWidget(per_layer_);
    scatter_panel_ = new ScatterPanel(scatter_);
    results->addWidget(scatter_panel_);
    results->addWidget(convergence_panel);
    schedule_ = new ScheduleView(doc_);
    tabs_->addTab(dataflow_, tr("Dataflow"));
    tabs_->addTab(teaching_, tr("Teaching"));
    tabs_->addTab(results, tr("Search results"));
    tabs_->addTab(schedule_, tr("Multi-core schedule"));
    codesign_ = new CodesignView(doc_);
    tabs_->addTab(codesign_, tr("Co-design"));
    llm_ = new LlmView(doc_);  // computes only while shown
    tabs_->addTab(llm_, tr("LLM"));
    whatif_ = new WhatifView(doc_);  // computes only while shown
    tabs_->addTab(whatif_, tr("What-if"));
#ifdef MAPSCAPE_TORCH_PLUGIN
    tabs_->addTab(new SurrogateView(doc_), tr("Surrogate"));  // opens the plugin when first shown
#endif
    results_ = new ResultsView(doc_);
    tabs_->addTab(results_, tr("Sweep results"));
    connect(results_, &ResultsView::opened_in_study, this, [this] { tabs_->setCurrentIndex(0); });
    // Every tab's title in view without scroll arrows: on a narrow screen the docks give up the
    // width the tab bar needs (at 1280 pixels, the Workload dock a few dozen of its ~300).
    auto* tab_style = new CompactTabStyle;
    tab_style->setParent(tabs_->tabBar());  // a widget does not own the style it is given
    tabs_->tabBar()->setStyle(tab_style);
    tabs_->setMinimumWidth(tabs_->tabBar()->sizeHint().width() + 2);
    connect(results_, &ResultsView::error, this, &MainWindow::report_error);
    // The recovery banner (hidden unless a copy of a crashed session is offered) above the tabs.
    banner_ = new RecoveryBanner;
    auto* centre = new QWidget;
    auto* centre_layout = new QVBoxLayout(centre);
    centre_layout->setContentsMargins(0, 0, 0, 0);
    centre_layout->setSpacing(4);
    centre_layout->addWidget(banner_);
    centre_layout->addWidget(tabs_, 1);
    setCentralWidget(centre);
    connect(banner_, &RecoveryBanner::restore_requested, this, &MainWindow::restore_offered_copy);
    connect(banner_, &RecoveryBanner::discard_requested, this, &MainWindow::discard_offered_copy);
    connect(banner_, &RecoveryBanner::later_requested, this, &MainWindow::postpone_offered_copy);

    workload_ = new WorkloadPanel(doc_);
    accelerator_ = new AcceleratorEditor(doc_);
    search_ = new SearchPanel(doc_);
    auto* workload_dock = dock(this, tr("Workload"), "workload", workload_, Qt::LeftDockWidgetArea);
    // The editor is taller than a 720-pixel screen leaves it: it scrolls rather than grow the window.
    auto* accelerator_scroll = new QScrollArea;
    accelerator_scroll->setWidget(accelerator_);
    accelerator_scroll->setWidgetResizable(true);
    accelerator_scroll->setFrameShape(QFrame::NoFrame);
    accelerator_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* accelerator_dock = dock(this, accelerator_->heading(), "accelerator", accelerator_scroll, Qt::LeftDockWidgetArea);
    // The title names the technology (energies under "maestro" and "45nm" are not comparable).
    accelerator_dock->toggleViewAction()->setToolTip(accelerator_->heading_tip());
    connect(accelerator_, &AcceleratorEditor::heading_changed, accelerator_dock, [accelerator_dock](const QString& heading, const QString& tip) {
        accelerator_dock->setWindowTitle(heading);
        accelerator_dock->toggleViewAction()->setToolTip(tip);
    });
    tabifyDockWidget(workload_dock, accelerator_dock);
    workload_dock->raise();
    dock(this, tr("Search"), "search", search_, Qt::RightDockWidgetArea);

    connect(search_, &SearchPanel::run_started, this, [this](int run, const QString& label, const QString&) {
        per_layer_->setChecked(false);
        refresh_convergence();
        convergence_->set_curve(run, label, {});
        tabs_->setCurrentIndex(2);
    });
    search_->controller()->set_point_store(scatter_->shared_store());
    connect(search_->controller(), &SearchController::progress, this, [this](const RunProgress& p) {
        if (per_layer_->isChecked()) return;
        const QString what = p.layers.size() > 1 ? tr("sum of %1 layers").arg(p.layers.size()) : tr("layer %1").arg(p.layers.front() + 1);
        convergence_->add_point(p.run, tr("run %1 (running, %2)").arg(p.run).arg(what), p.samples, p.best_objective);
    });
    connect(per_layer_, &QCheckBox::toggled, this, &MainWindow::refresh_convergence);
    connect(search_, &SearchPanel::run_visibility_changed, this, [this](int, bool) { refresh_convergence(); });
    connect(search_, &SearchPanel::load_mapping_requested, this, [this](int layer, const Mapping& m) {
        doc_->select_layer(layer);
        dataflow_->load_mapping(m, tr("Load a search's best mapping"));
        tabs_->setCurrentIndex(0);
    });
    connect(search_, &SearchPanel::apply_run_requested, this, [this](int id) { apply_run(id); });
    connect(doc_, &StudyDocument::notice, this, [this](const QString& text) { statusBar()->showMessage(text, 15000); });
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
    const auto follow_layer = [this] { scatter_panel_->set_selected_layer(doc_->selected_layer()); };
    connect(doc_, &StudyDocument::selected_layer_changed, scatter_panel_, follow_layer);
    connect(doc_, &StudyDocument::study_replaced, scatter_panel_, follow_layer);
    follow_layer();
    connect(doc_, &StudyDocument::modified_changed, this, &MainWindow::update_title);
    connect(doc_, &StudyDocument::file_path_changed, this, &MainWindow::update_title);
    connect(dataflow_, &DataflowEditor::evaluated, this, [this](const CostReport& r) {
        statusBar()->showMessage(r.valid() ? tr("Layer %1: %2, %3 (evaluated in %4 ms)")
                                                 .arg(doc_->selected_layer() + 1)
                                                 .arg(quantity_text(static_cast<double>(r.runtime_cycles), Quantity::Cycles))
                                                 .arg(quantity_text(r.energy.total_nj, Quantity::EnergyNj))
                                                 .arg(dataflow_->last_evaluation_ms(), 0, 'f', 3)
                                           : tr("Layer %1: the mapping cannot run").arg(doc_->selected_layer() + 1));
    });
    // A chart whose drawing job failed says so where the window says everything else.
    for (ChartView* chart : findChildren<ChartView*>())
        connect(chart, &ChartView::failed, this, [this](const QString& message) {
            last_error_ = message;
            statusBar()->showMessage(message, 10000);
        });
    build_menus();
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
        const QString path = open_file_name(this, tr("Open study"), tr("Mapscape studies (*.json);;All files (*)"));
        if (!path.isEmpty()) open_study(path);
    });
    file->addAction(tr("Open results &database…"), this, [this] {
        const QString path = open_file_name(this, tr("Open results database"), tr("Mapscape results (*.sqlite *.db);;All files (*)"));
        if (!path.isEmpty()) open_results_database(path);
    });
    recent_menu_ = file->addMenu(tr("Open &recent"));
    rebuild_recent_menu();
    file->addAction(tr("&Save"), QKeySequence::Save, this, &MainWindow::save);
    file->addAction(tr("Save &as…"), QKeySequence::SaveAs, this, [this] {
        const QString path = save_file_name(this, tr("Save study"), doc_->file_path().isEmpty() ? "study.json" : doc_->file_path(),
                                                          tr("Mapscape studies (*.json)"));
        if (!path.isEmpty()) save_study_as(path);
    });
    QMenu* exports = file->addMenu(tr("&Export"));
    exports->addAction(tr("Selected mapping as MAESTRO files…"), this, [this] {
        const QString path = save_file_name(this, tr("Export mapping"), "mapping.m", tr("MAESTRO (*.m)"));
        if (!path.isEmpty()) export_mapping_maestro(path);
    });
    exports->addAction(tr("A run's best mappings as MAESTRO files…"), this, [this] {
        if (doc_->study().runs.empty()) {
            inform(this, tr("Export"), tr("There is no finished search run yet."));
            return;
        }
        QStringList labels;
        for (const SearchRun& r : doc_->study().runs) labels << QString::fromStdString(r.label);
        const QString chosen = choose_item(this, tr("Export run"), tr("Run:"), labels, static_cast<int>(labels.size()) - 1);
        if (chosen.isEmpty() || !labels.contains(chosen)) return;
        const QString dir = existing_directory(this, tr("Export to directory"));
        if (!dir.isEmpty()) export_run_maestro(doc_->study().runs[static_cast<std::size_t>(labels.indexOf(chosen))].id, dir);
    });
    exports->addAction(tr("Results as JSON…"), this, [this] {
        const QString path = save_file_name(this, tr("Export results"), "results.json", tr("JSON (*.json)"));
        if (!path.isEmpty()) export_results_json(path);
    });
    exports->addAction(tr("Results as CSV…"), this, [this] {
        const QString path = save_file_name(this, tr("Export results"), "results.csv", tr("CSV (*.csv)"));
        if (!path.isEmpty()) export_results_csv(path);
    });
    // `before`: brings the picture up to date once a file is chosen (the dialog runs its own
    // event loop, in which the document may change).
    auto chart_export = [this](QWidget* w, const QString& name, const std::function<void()>& before = {}) {
        const QString path =
            save_file_name(this, tr("Export chart"), name + ".png", tr("PNG image (*.png);;SVG drawing (*.svg)"));
        if (path.isEmpty()) return;
        if (before) before();
        if (!export_widget_image(w, path)) report_error(tr("Export chart"), tr("Could not write %1").arg(path));
    };
    exports->addAction(tr("Energy-latency scatter (PNG/SVG)…"), this, [this, chart_export] { chart_export(scatter_, "scatter"); });
    exports->addAction(tr("Convergence chart (PNG/SVG)…"), this, [this, chart_export] { chart_export(convergence_, "convergence"); });
    exports->addAction(tr("Schedule timeline (PNG/SVG)…"), this, [this, chart_export] { chart_export(schedule_->timeline(), "schedule"); });
    exports->addAction(tr("PE array picture (PNG/SVG)…"), this, [this, chart_export] {
        chart_export(teaching_->pe_array(), "pe_array", [this] { teaching_->update_hidden_pe_states(); });
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
        const QString text = tr("<b>Mapscape</b> %1<br>A design-space explorer for DNN accelerators: a MAESTRO-compatible cost "
                                "model, GAMMA and baseline mapping searches, MAGMA multi-core scheduling.")
                                 .arg(QApplication::applicationVersion());
        if (dialogs_allowed()) QMessageBox::about(this, tr("About Mapscape"), text);
        else inform(this, tr("About Mapscape"), text);
    });
}

void MainWindow::open_results_database(const QString& path) {
    tabs_->setCurrentWidget(results_);
    results_->open_database(path);
}

// The document is the window's first child, so QObject would delete it before the views, docks
// and their workers, which keep a pointer to it. They go first, while it and the window are whole.
MainWindow::~MainWindow() {
    doc_->blockSignals(true);
    delete takeCentralWidget();
    for (QWidget* child : findChildren<QWidget*>(Qt::FindDirectChildrenOnly))
        if (qobject_cast<QDockWidget*>(child) || child->isWindow()) delete child;  // docks, and dialogs left open
}

void MainWindow::report_error(const QString& title, const QString& message) {
    last_error_ = message;
    statusBar()->showMessage(message, 10000);
    warn(this, title, message);
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
    // A bundled study (the example) is never written over: its changes go to a file of the user's.
    if (doc_->file_path().isEmpty() || is_bundled_file(doc_->file_path())) {
        const QString suggested = doc_->file_path().isEmpty() ? QStringLiteral("study.json") : QFileInfo(doc_->file_path()).fileName();
        const QString path = save_file_name(this, tr("Save study"), suggested, tr("Mapscape studies (*.json)"));
        return !path.isEmpty() && save_study_as(path);
    }
    return save_study_as(doc_->file_path());
}

bool MainWindow::maybe_save() {
    if (!doc_->is_modified()) return true;
    // Unattended, the work is not lost: the recovery copy keeps it.
    const auto answer = ask(this, tr("Unsaved changes"), tr("Save the changes to this study first?"),
                            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Discard);
    if (answer == QMessageBox::Cancel) return false;
    if (answer == QMessageBox::Save) return save();
    return true;
}

void MainWindow::showEvent(QShowEvent* event) {
    QMainWindow::showEvent(event);
    if (sized_docks_) return;
    sized_docks_ = true;
    // The layout of the last session, if it still fits this screen; else a size that fits.
    QSettings settings;
    const QRect available = screen() ? screen()->availableGeometry() : QRect(0, 0, 1280, 720);
    if (restoreGeometry(settings.value("window/geometry").toByteArray()) && restoreState(settings.value("window/state").toByteArray()) &&
        available.contains(frameGeometry().topLeft()) && width() <= available.width() && height() <= available.height())
        return;
    const QSize size(std::min(available.width() * 9 / 10, 1600), std::min(available.height() * 9 / 10, 1000));
    resize(size);
    const QSize actual = this->size().expandedTo(minimumSizeHint());  // no smaller than the layout allows
    move(std::max(available.left(), available.center().x() - actual.width() / 2),
         std::max(available.top(), available.center().y() - actual.height() / 2));
    size_docks(size.width());
}

void MainWindow::size_docks(int window_width) {
    // Room for the layer table's columns and the search settings, in proportion to the window.
    QList<QDockWidget*> docks;
    QList<int> widths;
    for (QDockWidget* d : findChildren<QDockWidget*>()) {
        docks << d;
        widths << (d->objectName() == "search" ? window_width * 21 / 100 : window_width * 28 / 100);
    }
    resizeDocks(docks, widths, Qt::Horizontal);
}

void MainWindow::save_layout() const {
    QSettings settings;
    settings.setValue("window/geometry", saveGeometry());
    settings.setValue("window/state", saveState());
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (maybe_save()) {
        save_layout();
        if (recovery_) recovery_->close_cleanly();  // a clean close leaves no copy behind
        event->accept();
    } else {
        event->ignore();
    }
}

bool MainWindow::enable_recovery(const QString& directory, std::chrono::milliseconds interval) {
    if (recovery_) return true;
    auto* store = new RecoveryStore(directory, interval, this);
    if (!store->start()) {
        report_error(tr("Crash recovery"), tr("Crash recovery is off: %1").arg(store->error()));
        delete store;
        return false;
    }
    recovery_ = store;
    connect(recovery_, &RecoveryStore::write_failed, this, [this](const QString& why) {
        // Not a dialog: the previous copy is still there, and the next change tries again.
        statusBar()->showMessage(tr("Could not update the recovery copy (the previous one is kept): %1").arg(why), 10000);
    });
    const RecoveryScan scan = recovery_->claim_orphans();
    for (const RefusedCopy& r : scan.refused) {
        const QString text = r.newer_format ? tr("A recovery copy written by a newer Mapscape was left in place: %1").arg(r.reason)
                                            : tr("A damaged recovery copy was refused and set aside: %1").arg(r.reason);
        banner_->add_notice(text);
        std::fprintf(stderr, "mapscape: %s\n", text.toLocal8Bit().constData());
    }
    banner_->add_offers(scan.copies);
    recovery_->watch(doc_);
    return true;
}

bool MainWindow::restore_offered_copy() {
    const RecoveryCopy* copy = banner_->current();
    if (!copy || !recovery_ || !maybe_save()) return false;
    const RecoveryCopy taken = *copy;
    doc_->restore(taken.study, taken.study_path);
    recovery_->adopt(taken);
    banner_->pop_offer();
    statusBar()->showMessage(tr("Restored the unsaved work on %1").arg(taken.summary()), 10000);
    return true;
}

bool MainWindow::discard_offered_copy() {
    const RecoveryCopy* copy = banner_->current();
    if (!copy || !recovery_) return false;
    recovery_->discard(*copy);
    banner_->pop_offer();
    statusBar()->showMessage(tr("Discarded the recovery copy (set aside in %1)").arg(QDir(recovery_->directory()).filePath("discarded")), 10000);
    return true;
}

bool MainWindow::postpone_offered_copy() {
    const RecoveryCopy* copy = banner_->current();
    if (!copy || !recovery_) return false;
    recovery_->release(*copy);
    banner_->pop_offer();
    return true;
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
    convergence_->set_title(tr("Convergence"));
    const Study& study = doc_->study();
    const int selected = doc_->selected_layer();
    const Objective& objective = study.search.objective;
    auto layers_of = [&](const std::vector<int>& indices) {
        std::vector<Layer> out;
        for (int i : indices) out.push_back(study.model.layers[static_cast<std::size_t>(i)]);
        return out;
    };
    // The runs shown, and the layers the bound line is for: the newest shown run's.
    std::vector<const SearchRun*> shown;
    for (const SearchRun& r : study.runs) {
        bool visible = true;
        for (int i = 0; i < search_->runs()->count(); ++i) {
            auto* item = search_->runs()->item(i);
            if (item->data(Qt::UserRole).toInt() == r.id) visible = item->checkState() == Qt::Checked;
        }
        if (visible && !r.layers.empty()) shown.push_back(&r);
    }
    // The live run, if any, decides the bound while it runs.
    // Bounds are the accelerator's a run searched on (the live run's is the study's): a run made
    // before "Use this design" keeps the bound it was searched under.
    std::vector<int> bound_layers;
    const Accelerator* bound_accelerator = &study.accelerator;
    if (!search_->controller()->running() && !shown.empty()) bound_accelerator = &shown.back()->accelerator_or(study.accelerator);
    if (search_->controller()->running() && !study.search.all_layers)
        bound_layers = {selected};
    else if (search_->controller()->running())
        for (int i = 0; i < static_cast<int>(study.model.layers.size()); ++i) bound_layers.push_back(i);
    else if (!shown.empty())
        for (const LayerRunResult& l : shown.back()->layers) bound_layers.push_back(l.layer);

    if (per_layer_->isChecked()) {
        // Every layer of the newest whole-model run, divided by its own bound (1 = the bound).
        const SearchRun* run = nullptr;
        for (const SearchRun* r : shown)
            if (r->layers.size() > 1) run = r;
        convergence_->set_objective_name(tr("%1 / its lower bound").arg(QString::fromStdString(objective.name())), Quantity::Plain);
        if (run) convergence_->set_title(tr("Convergence: run %1, each layer").arg(run->id));
        convergence_->set_bound(1.0, tr("lower bound"));
        if (!run) return;
        for (const LayerRunResult& l : run->layers) {
            const double bound = objective_bound(run->settings.objective,
                                                 layer_bound(study.model.layers[static_cast<std::size_t>(l.layer)],
                                                             run->accelerator_or(study.accelerator)));
            Trace t = l.trace;
            for (auto& [samples, best] : t) best /= bound;
            convergence_->set_curve(run->id * 1000 + l.layer, tr("layer %1").arg(l.layer + 1), t);
        }
        return;
    }
    convergence_->set_objective_name(QString::fromStdString(objective.name()), objective.quantity());
    // The legend names what differs between the runs drawn; what they share is in the title.
    QStringList labels;
    static const QRegularExpression run_prefix(QStringLiteral("^run \\d+: "));  // stored labels start "run 3: "
    for (const SearchRun* r : shown)
        labels << QString::fromStdString(r->label).remove(run_prefix) + ", " +
                      (r->layers.size() == 1 ? tr("layer %1").arg(r->layers.front().layer + 1) : tr("sum of %1 layers").arg(r->layers.size()));
    const DistinctLabels names = distinct_labels(labels);
    convergence_->set_title(names.shared.isEmpty() || shown.size() < 2 ? tr("Convergence") : tr("Convergence: %1").arg(names.shared));
    for (std::size_t i = 0; i < shown.size(); ++i) {
        const SearchRun* r = shown[i];
        const QString name = tr("run %1: %2").arg(r->id).arg(names.own[static_cast<qsizetype>(i)]);
        if (r->layers.size() == 1) {
            convergence_->set_curve(r->id, name, r->layers.front().trace);
            continue;
        }
        std::vector<const Trace*> traces;
        std::vector<Layer> trace_layers;
        for (const LayerRunResult& l : r->layers) {
            traces.push_back(&l.trace);
            trace_layers.push_back(study.model.layers[static_cast<std::size_t>(l.layer)]);
        }
        convergence_->set_curve(r->id, name, model_trace(traces, trace_layers));
    }
    if (!bound_layers.empty())
        convergence_->set_bound(objective_bound_sum(objective, layers_of(bound_layers), *bound_accelerator),
                                bound_layers.size() > 1 ? tr("lower bound of the sum") : tr("lower bound"));
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

bool MainWindow::apply_run(int id) {
    const Study& s = doc_->study();
    for (const SearchRun& r : s.runs) {
        if (r.id != id) continue;
        std::map<int, Mapping> mappings;
        for (const LayerRunResult& l : r.layers)
            if (l.found) mappings[l.layer] = l.best_mapping;
        if (mappings.empty()) {
            statusBar()->showMessage(tr("Run %1 found no valid mapping to apply").arg(id), 10000);
            return false;
        }
        // With the accelerator the run searched on: its mappings were found for that one.
        const Accelerator& acc = r.accelerator_or(s.accelerator);
        const std::string preset = acc == s.accelerator ? s.accelerator_preset : std::string();
        doc_->set_design(acc, preset, mappings, tr("Apply run %1 (%2 layers)").arg(id).arg(mappings.size()));
        statusBar()->showMessage(tr("Applied run %1's best mappings of %2 of %3 layer(s)%4 (one undo step)")
                                     .arg(id)
                                     .arg(mappings.size())
                                     .arg(r.layers.size())
                                     .arg(acc == s.accelerator ? QString() : tr(" with the accelerator it searched on")),
                                 10000);
        return true;
    }
    return false;
}

bool MainWindow::export_run_maestro(int id, const QString& directory) {
    const Study& s = doc_->study();
    for (const SearchRun& r : s.runs) {
        if (r.id != id) continue;
        std::vector<ExportLayer> layers;
        for (const LayerRunResult& l : r.layers) {
            ExportLayer e{s.model.layers[static_cast<std::size_t>(l.layer)], std::nullopt};
            if (l.found) e.mapping = l.best_mapping;
            layers.push_back(std::move(e));
        }
        // The accelerator the run searched on, not the study's current one: its mappings were
        // found for that one, and another's buffers may not hold them.
        const Accelerator& acc = r.accelerator_or(s.accelerator);
        try {
            const ExportedFiles files = export_maestro_files(directory.toStdString(), s.model.name, layers, acc);
            QString what = tr("Wrote %1 file(s) to %2 with the accelerator run %3 searched on (%4 PEs, L2 %5)")
                               .arg(files.paths.size())
                               .arg(directory)
                               .arg(r.id)
                               .arg(acc.num_pes)
                               .arg(QString::fromStdString(format_quantity(static_cast<double>(acc.l2_size_bytes), Quantity::Bytes)));
            if (!r.accelerator)
                what = tr("Wrote %1 file(s) to %2 with the study's accelerator: this study was saved before runs recorded theirs")
                           .arg(files.paths.size())
                           .arg(directory);
            else if (*r.accelerator != s.accelerator)
                what += tr("; the study's accelerator has changed since");
            statusBar()->showMessage(what, 10000);
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
        write_text_file_atomically(path.toStdString(), json_text(nlohmann::ordered_json{{"model", s.model.name}, {"runs", runs}}, 1) + "\n");
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
