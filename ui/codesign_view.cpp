#include "codesign_view.hpp"
#include "user_prompts.hpp"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <optional>

#include "accelerator_sketch.hpp"
#include "codesign/codesign_algorithm.hpp"
#include "cost_readout.hpp"
#include "mapping/map_space.hpp"
#include "naas_panel.hpp"
#include "chart_view.hpp"
#include "search/maestro_export.hpp"
#include "study_document.hpp"
#include "util/diagnostic.hpp"

namespace mapscape::ui {

namespace {

Quantity objective_quantity(const std::string& objective) {
    if (objective == "energy") return Quantity::EnergyNj;
    if (objective == "edp") return Quantity::EdpNjCycles;
    if (objective == "lap") return Quantity::LapCyclesUm2;
    return Quantity::Cycles;
}

// The designs no other design beats on both area and y (smaller is better on both), by area.
std::vector<std::pair<double, double>> pareto_merge(std::vector<std::pair<double, double>> points) {
    std::sort(points.begin(), points.end());
    std::vector<std::pair<double, double>> front;
    for (const auto& p : points)
        if (front.empty() || p.second < front.back().second) front.push_back(p);
    return front;
}

}  // namespace

CodesignView::CodesignView(StudyDocument* doc, QWidget* parent) : QWidget(parent), doc_(doc), controller_(this) {
    // The settings, in two rows so they fit a 1280-pixel-wide window.
    platform_ = new QComboBox;
    platform_->addItem(tr("Edge (0.2 mm²)"), QStringLiteral("edge"));
    platform_->addItem(tr("Cloud (7.0 mm²)"), QStringLiteral("cloud"));
    platform_->setToolTip(tr("The DiGamma paper's platforms: the default budget, and GAMMA's NoC, off-chip bandwidth and clock"));
    budget_mm2_ = new QDoubleSpinBox;
    budget_mm2_->setRange(0.001, 1000);
    budget_mm2_->setDecimals(3);
    budget_mm2_->setValue(0.2);
    budget_mm2_->setSuffix(QStringLiteral(" mm²"));
    budget_mm2_->setToolTip(tr("Area budget for PEs and buffers; a design over it is invalid"));
    area_model_ = new QComboBox;
    for (const AreaModel& m : area_models()) area_model_->addItem(QString::fromStdString(m.name), QString::fromStdString(m.id));
    area_model_->setToolTip(tr("Technology figures (resources/technology/area_models.json, each with its source)"));
    objective_ = new QComboBox;
    for (const char* o : {"latency", "energy", "edp", "lap"}) objective_->addItem(QString::fromLatin1(o));
    objective_->setToolTip(tr("Of the whole model: latency, energy, energy-delay product, latency-area product"));
    method_ = new QComboBox;
    for (const std::string& n : codesign_algorithm_names()) method_->addItem(QString::fromStdString(n));
    method_->addItem(QStringLiteral("naas"));
    method_->setToolTip(tr("DiGamma, or one of the paper's baselines (black-box optimizers, HW-opt, Mapping-opt); "
                           "or NAAS, which searches connectivity too within a known accelerator's resources"));
    map_space_ = new QComboBox;
    for (const std::string& n : map_space_presets()) map_space_->addItem(QString::fromStdString(n));
    map_space_->setToolTip(tr("The accelerator's flexibility: the mappings the designed array may run"));
    samples_ = new QSpinBox;
    samples_->setRange(1, 10000000);
    samples_->setSingleStep(10000);
    samples_->setValue(40000);
    samples_->setGroupSeparatorShown(true);
    samples_->setSuffix(tr(" design points"));
    samples_->setToolTip(tr("Design points: an accelerator and a mapping per layer, evaluated on every layer"));
    seed_ = new QSpinBox;
    seed_->setRange(0, 1000000);
    seed_->setValue(1);
    run_button_ = new QPushButton(tr("Run"));
    stop_button_ = new QPushButton(tr("Stop"));
    use_button_ = new QPushButton(tr("Use this design"));
    use_button_->setToolTip(tr("Put the best accelerator and its mappings into the study (one undoable edit)"));
    export_button_ = new QPushButton(tr("Export MAESTRO files…"));
    progress_ = new QProgressBar;
    progress_->setRange(0, 1000);
    progress_->setTextVisible(false);
    progress_->setMaximumHeight(10);
    status_ = new QLabel(tr("Search an accelerator and its mappings for the study's model under the area budget."));
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    // The settings in a grid of three rows, so they fit a 1280-pixel-wide window beside the docks.
    auto* settings_grid = new QGridLayout;
    int cell = 0;
    auto add = [this, &settings_grid, &cell](const QString& label, QWidget* w, bool digamma_only) {
        auto* l = new QLabel(label);
        l->setBuddy(w);
        settings_grid->addWidget(l, cell / 3, 2 * (cell % 3));
        settings_grid->addWidget(w, cell / 3, 2 * (cell % 3) + 1);
        ++cell;
        if (digamma_only) digamma_only_.insert(digamma_only_.end(), {l, w});
    };
    add(tr("&Platform"), platform_, true);
    add(tr("&Budget"), budget_mm2_, true);
    add(tr("Area &model"), area_model_, true);
    add(tr("&Objective"), objective_, true);
    add(tr("Met&hod"), method_, false);
    add(tr("Map &space"), map_space_, true);
    add(tr("Sa&mples"), samples_, true);
    add(tr("S&eed"), seed_, false);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(run_button_);
    buttons->addWidget(stop_button_);
    settings_grid->addLayout(buttons, 2, 4, 1, 2);
    settings_grid->setColumnStretch(6, 1);
    area_model_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    area_model_->setMinimumContentsLength(14);

    // The scatter (left) beside the design and the convergence (right).
    y_metric_ = new QComboBox;
    y_metric_->addItem(tr("Area against latency"), QStringLiteral("latency"));
    y_metric_->addItem(tr("Area against energy"), QStringLiteral("energy"));
    scatter_ = new ChartView;
    scatter_->setMinimumSize(280, 200);
    valid_layer_ = scatter_->add_point_layer(tr("designs within budget"), QColor(66, 133, 244, 150), 3);
    invalid_layer_ = scatter_->add_point_layer(tr("invalid (over budget, or a layer cannot run)"), QColor(170, 170, 170, 120), 3);
    front_layer_ = scatter_->add_line_layer(tr("Pareto front"), QColor(234, 67, 53), 1.8, true);
    best_layer_ = scatter_->add_point_layer(tr("best"), QColor(200, 30, 30), 9);
    auto* left = new QWidget;
    auto* left_box = new QVBoxLayout(left);
    left_box->setContentsMargins(0, 0, 0, 0);
    left_box->addWidget(y_metric_, 0, Qt::AlignLeft);
    left_box->addWidget(scatter_, 1);

    sketch_ = new AcceleratorSketch;
    convergence_ = new ChartView;
    convergence_->setMinimumSize(240, 160);
    trace_layer_ = convergence_->add_line_layer(tr("best so far"), QColor(66, 133, 244), 1.8, true);
    auto* right = new QSplitter(Qt::Vertical);
    right->addWidget(sketch_);
    right->addWidget(convergence_);
    right->setChildrenCollapsible(false);
    auto* body = new QSplitter(Qt::Horizontal);
    body->addWidget(left);
    body->addWidget(right);
    body->setStretchFactor(0, 3);
    body->setStretchFactor(1, 2);
    body->setChildrenCollapsible(false);

    auto* bottom = new QHBoxLayout;
    bottom->addWidget(status_, 1);
    bottom->addWidget(use_button_);
    bottom->addWidget(export_button_);

    auto* digamma_page = new QWidget;
    auto* digamma_box = new QVBoxLayout(digamma_page);
    digamma_box->setContentsMargins(0, 0, 0, 0);
    digamma_box->addWidget(progress_);
    digamma_box->addWidget(body, 1);
    naas_ = new NaasPanel;
    pages_ = new QStackedWidget;
    pages_->addWidget(digamma_page);
    pages_->addWidget(naas_);

    auto* box = new QVBoxLayout(this);
    box->addLayout(settings_grid);
    box->addWidget(pages_, 1);
    box->addLayout(bottom);

    connect(platform_, &QComboBox::currentIndexChanged, this, [this] {
        budget_mm2_->setValue(codesign_platform(platform_->currentData().toString().toStdString()).area_budget_um2 / 1e6);
    });
    connect(run_button_, &QPushButton::clicked, this, [this] { run(); });
    connect(stop_button_, &QPushButton::clicked, this, [this] { stop(); });
    connect(use_button_, &QPushButton::clicked, this, [this] { use_design(); });
    connect(export_button_, &QPushButton::clicked, this, [this] {
        const QString dir = existing_directory(this, tr("Export the design as MAESTRO files"));
        if (!dir.isEmpty()) export_design(dir);
    });
    connect(y_metric_, &QComboBox::currentIndexChanged, this, [this] { rebuild_scatter(); });
    connect(method_, &QComboBox::currentIndexChanged, this, &CodesignView::show_method);
    connect(naas_, &NaasPanel::status, this, &CodesignView::set_status);
    connect(naas_, &NaasPanel::changed, this, &CodesignView::update_buttons);
    connect(&controller_, &CodesignController::updated, this, &CodesignView::receive);
    connect(&controller_, &CodesignController::run_over, this, &CodesignView::update_buttons);
    connect(doc_, &StudyDocument::model_changed, this, &CodesignView::update_buttons);
    connect(doc_, &StudyDocument::study_replaced, this, &CodesignView::show_saved_results);
    connect(naas_->controller(), &NaasController::updated, this, [this](const NaasSnapshot& s) {
        if (s.finished && s.error.empty() && s.run == naas_->snapshot().run) store_naas_result(s);
    });
    rebuild_scatter();
    update_buttons();
}

CodesignSettings CodesignView::settings() const {
    CodesignSettings s;
    s.platform = platform_->currentData().toString().toStdString();
    s.area_budget_mm2 = budget_mm2_->value();
    s.area_model = area_model_->currentData().toString().toStdString();
    s.objective = objective_->currentText().toStdString();
    s.algorithm = method_->currentText().toStdString();
    s.map_space = map_space_->currentText().toStdString();
    s.budget_samples = samples_->value();
    s.seed = static_cast<std::uint64_t>(seed_->value());
    s.threads = 1;  // one worker: the window keeps the other core
    return s;
}

bool CodesignView::naas_mode() const { return method_->currentText() == QStringLiteral("naas"); }

void CodesignView::show_method() {
    const bool naas = naas_mode();
    pages_->setCurrentIndex(naas ? 1 : 0);
    for (QWidget* w : digamma_only_) w->setVisible(!naas);
    update_buttons();
}

int CodesignView::run() {
    const Model& model = doc_->study().model;
    if (naas_mode()) {
        QString why;
        const int id = naas_->run(model, static_cast<std::uint64_t>(seed_->value()), &why);
        if (id == 0) {
            set_status(why, true);
            return 0;
        }
        designed_model_ = model.name;
        designed_layers_ = model.layers.size();
        naas_run_settings_ = naas_->settings(static_cast<std::uint64_t>(seed_->value()));
        set_status(tr("Running NAAS within %1's resources…").arg(naas_->settings(1).resources.c_str()));
        update_buttons();
        return id;
    }
    try {
        run_settings_ = settings();
        run_ = controller_.start(run_settings_, model);
    } catch (const InputError& e) {
        set_status(QString::fromStdString(e.what()), true);
        return 0;
    }
    designed_model_ = model.name;
    designed_layers_ = model.layers.size();
    design_objective_ = controller_.problem().objective.name();
    dots_.clear();
    front_.clear();
    has_best_ = false;
    finished_ = false;
    sketch_->clear();
    convergence_->set_data(trace_layer_, {});
    convergence_->set_title(tr("Convergence: best %1 so far").arg(objective_->currentText()));
    convergence_->set_axes({tr("samples"), Quantity::Plain, ChartView::Scale::Linear},
                           {objective_->currentText(), objective_quantity(objective_->currentText().toStdString()), ChartView::Scale::Log});
    convergence_->set_references({{Qt::Horizontal, controller_.bound().objective, tr("lower bound"), QColor(90, 90, 90)}});
    rebuild_scatter();
    set_status(tr("Running %1 on %2 (%3 layers)…").arg(method_->currentText(), QString::fromStdString(model.name)).arg(model.layers.size()));
    progress_->setValue(0);
    update_buttons();
    return run_;
}

void CodesignView::stop() {
    if (naas_->running()) naas_->stop();
    controller_.stop();
}

double CodesignView::y_of(const DesignDot& d) const {
    return y_metric_->currentData().toString() == QStringLiteral("energy") ? d.energy_nj : d.runtime_cycles;
}

const std::vector<QPointF>& CodesignView::pareto_front() const { return scatter_->data(front_layer_); }

void CodesignView::rebuild_scatter() {
    const bool energy = y_metric_->currentData().toString() == QStringLiteral("energy");
    scatter_->set_title(energy ? tr("Designs: area against energy") : tr("Designs: area against latency"));
    scatter_->set_axes({tr("area"), Quantity::AreaUm2, ChartView::Scale::Log},
                       {energy ? tr("energy") : tr("latency"), energy ? Quantity::EnergyNj : Quantity::Cycles, ChartView::Scale::Log});
    std::vector<ChartView::Reference> refs;
    const double budget = budget_mm2_->value() * 1e6;
    refs.push_back({Qt::Vertical, run_ ? controller_.problem().area_budget_um2 : budget, tr("area budget"), QColor(200, 40, 40)});
    if (run_) {
        const CodesignBound& b = controller_.bound();
        refs.push_back({Qt::Horizontal, energy ? b.energy_nj : static_cast<double>(b.runtime_cycles), tr("lower bound"), QColor(90, 90, 90)});
    }
    scatter_->set_references(std::move(refs));
    scatter_->set_data(valid_layer_, {});
    scatter_->set_data(invalid_layer_, {});
    scatter_->set_data(front_layer_, {});
    front_.clear();
    const std::vector<DesignDot> all = std::move(dots_);
    dots_.clear();
    add_dots(all);
    update_best_marker();
}

void CodesignView::add_dots(const std::vector<DesignDot>& dots) {
    std::vector<QPointF> valid, invalid;
    std::vector<std::pair<double, double>> candidates = front_;
    for (const DesignDot& d : dots) {
        dots_.push_back(d);
        const double y = y_of(d);
        if (!(y > 0) || !(d.area_um2 > 0)) continue;
        if (d.valid) candidates.emplace_back(d.area_um2, y);
        (d.valid ? valid : invalid).emplace_back(d.area_um2, y);
    }
    // Every design goes to the chart; its worker draws what the plot can show.
    scatter_->append(valid_layer_, valid);
    scatter_->append(invalid_layer_, invalid);
    if (candidates.size() != front_.size()) {
        front_ = pareto_merge(std::move(candidates));
        std::vector<QPointF> line;
        for (const auto& [x, y] : front_) line.emplace_back(x, y);
        scatter_->set_data(front_layer_, std::move(line));
    }
    // The area axis spans the designs and the budget line, but stops at four times the budget:
    // designs far over it would squeeze the ones that fit into a sliver.
    const double budget = run_ ? controller_.problem().area_budget_um2 : budget_mm2_->value() * 1e6;
    double lo = budget, hi = budget;
    for (int layer : {valid_layer_, invalid_layer_})
        if (const auto b = scatter_->bounds(layer)) {
            lo = std::min(lo, b->left());
            hi = std::max(hi, b->right());
        }
    scatter_->set_x_range(lo / 1.25, std::min(hi, 4 * budget) * 1.25);
    scatter_->fit_to_data();  // the latency (or energy) axis
}

void CodesignView::update_best_marker() {
    if (!has_best_) {
        scatter_->set_data(best_layer_, {});
        return;
    }
    DesignDot d{best_.area.total_um2(), static_cast<double>(best_.runtime_cycles), best_.energy_nj, true};
    scatter_->set_data(best_layer_, {QPointF(d.area_um2, y_of(d))});
}

void CodesignView::receive(const CodesignSnapshot& s) {
    if (s.run != run_) return;
    add_dots(s.new_dots);
    if (s.has_best) {
        best_ = s.best;
        has_best_ = true;
        sketch_->set_design(best_.accelerator, best_.area, controller_.problem().area_budget_um2);
        update_best_marker();
    }
    std::vector<QPointF> trace;
    for (const auto& [samples, value] : s.trace)
        if (std::isfinite(value)) trace.emplace_back(static_cast<double>(samples), value);
    convergence_->set_data(trace_layer_, std::move(trace));
    convergence_->fit_to_data();
    if (s.budget > 0) progress_->setValue(static_cast<int>(1000.0 * static_cast<double>(s.samples) / static_cast<double>(s.budget)));
    const QString counts = tr("%1 of %2 samples (%3 valid), %4")
                               .arg(QLocale().toString(static_cast<qlonglong>(s.samples)), QLocale().toString(static_cast<qlonglong>(s.budget)),
                                    QLocale().toString(static_cast<qlonglong>(s.valid_samples)), quantity_text(s.elapsed_seconds, Quantity::Seconds));
    QString best_text = tr("no design within the budget yet");
    if (has_best_) {
        const double bound = controller_.bound().objective;
        best_text = tr("best %1 %2 (%3× the lower bound), %4")
                        .arg(objective_->currentText(), quantity_text(best_.objective, objective_quantity(controller_.problem().objective.name())),
                             bound > 0 ? QString::number(best_.objective / bound, 'f', 2) : QStringLiteral("–"), sketch_->caption());
    }
    if (s.finished) {
        finished_ = true;
        progress_->setValue(1000);
        store_result(s);
        set_status((s.stopped ? tr("Stopped: ") : tr("Done: ")) + counts + QStringLiteral("; ") + best_text);
    } else {
        set_status(counts + QStringLiteral("; ") + best_text);
    }
    update_buttons();
}

bool CodesignView::use_design() {
    const Study& study = doc_->study();
    if (naas_mode()) {
        const std::optional<DesignPoint> d = naas_->best_for_study(study.model);
        if (!d || study.model.name != designed_model_) {
            set_status(tr("No NAAS design for the study's model to use (the network level designs for another network)."), true);
            return false;
        }
        std::map<int, Mapping> mappings;
        for (std::size_t l = 0; l < d->mappings.size(); ++l) mappings[static_cast<int>(l)] = d->mappings[l];
        Accelerator acc = d->accelerator;
        acc.name = "naas-" + naas_->settings(1).resources;
        doc_->set_design(acc, "", mappings, tr("Use the NAAS accelerator (%1 PEs) and its mappings").arg(acc.num_pes));
        set_status(tr("The study now uses the NAAS accelerator and its %1 mappings (Edit > Undo restores the previous ones).").arg(mappings.size()));
        return true;
    }
    if (!has_best_ || study.model.name != designed_model_ || study.model.layers.size() != designed_layers_ ||
        best_.mappings.size() != study.model.layers.size()) {
        set_status(tr("No design for the study's model to use."), true);
        return false;
    }
    std::map<int, Mapping> mappings;
    for (std::size_t l = 0; l < best_.mappings.size(); ++l) mappings[static_cast<int>(l)] = best_.mappings[l];
    Accelerator acc = best_.accelerator;
    acc.name = "codesigned-" + design_objective_;
    doc_->set_design(acc, "", mappings, tr("Use the co-designed accelerator (%1 PEs) and its mappings").arg(acc.num_pes));
    set_status(tr("The study now uses the co-designed accelerator and its %1 mappings (Edit > Undo restores the previous ones).")
                   .arg(mappings.size()));
    return true;
}

int CodesignView::export_design(const QString& directory) {
    if (naas_mode()) {
        const Model& model = doc_->study().model;
        const std::optional<DesignPoint> d = naas_->best_for_study(model);
        if (!d) {
            set_status(tr("No NAAS design for the study's model to export."), true);
            return 0;
        }
        try {
            std::vector<ExportLayer> layers;
            for (std::size_t l = 0; l < model.layers.size(); ++l) layers.push_back({model.layers[l], d->mappings[l]});
            const ExportedFiles files = export_maestro_files(directory.toStdString(), model.name, layers, d->accelerator);
            set_status(tr("Wrote %1 MAESTRO files to %2").arg(files.paths.size()).arg(directory));
            return static_cast<int>(files.paths.size());
        } catch (const std::exception& e) {
            set_status(tr("Could not export: %1").arg(QString::fromStdString(e.what())), true);
            return 0;
        }
    }
    if (!has_best_) {
        set_status(tr("No design to export yet."), true);
        return 0;
    }
    try {
        // A saved design (no run this session) was made for the study's model, if the names agree.
        const std::vector<Layer>& designed = run_ ? controller_.problem().layers : doc_->study().model.layers;
        if (!run_ && doc_->study().model.name != designed_model_) {
            set_status(tr("The saved design is for %1, not the study's model.").arg(QString::fromStdString(designed_model_)), true);
            return 0;
        }
        std::vector<ExportLayer> layers;
        for (std::size_t l = 0; l < designed.size() && l < best_.mappings.size(); ++l) layers.push_back({designed[l], best_.mappings[l]});
        const ExportedFiles files = export_maestro_files(directory.toStdString(), designed_model_, layers, best_.accelerator);
        set_status(tr("Wrote %1 MAESTRO files to %2").arg(files.paths.size()).arg(directory));
        return static_cast<int>(files.paths.size());
    } catch (const std::exception& e) {
        set_status(tr("Could not export: %1").arg(QString::fromStdString(e.what())), true);
        return 0;
    }
}

void CodesignView::update_buttons() {
    const bool running = controller_.running() || (naas_ && naas_->running());
    run_button_->setEnabled(!running);
    stop_button_->setEnabled(running);
    const bool same_model = doc_->study().model.name == designed_model_ && doc_->study().model.layers.size() == designed_layers_;
    if (naas_ && naas_mode()) {
        const bool usable = !running && naas_->best_for_study(doc_->study().model).has_value() && same_model;
        use_button_->setEnabled(usable);
        export_button_->setEnabled(usable);
        return;
    }
    use_button_->setEnabled(has_best_ && finished_ && same_model);
    export_button_->setEnabled(has_best_ && finished_);
}

void CodesignView::store_result(const CodesignSnapshot& s) {
    CodesignRecord r;
    r.algorithm = run_settings_.algorithm;
    r.platform = run_settings_.platform;
    r.objective = run_settings_.objective;
    r.area_model = run_settings_.area_model;
    r.map_space = run_settings_.map_space;
    r.area_budget_um2 = controller_.problem().area_budget_um2;
    r.budget_samples = run_settings_.budget_samples;
    r.seed = run_settings_.seed;
    r.model_name = designed_model_;
    r.model_layers = static_cast<int>(designed_layers_);
    r.found = has_best_;
    if (has_best_) r.best = best_;
    r.bound_objective = controller_.bound().objective;
    r.bound_runtime_cycles = static_cast<double>(controller_.bound().runtime_cycles);
    r.bound_energy_nj = controller_.bound().energy_nj;
    r.trace = s.trace;
    r.samples = s.samples;
    r.valid_samples = s.valid_samples;
    r.wall_seconds = s.elapsed_seconds;
    r.stopped = s.stopped;
    doc_->set_codesign_result(r);
}

void CodesignView::store_naas_result(const NaasSnapshot& s) {
    NaasRecord r;
    r.resources = naas_run_settings_.resources;
    r.population = naas_run_settings_.population;
    r.iterations = naas_run_settings_.iterations;
    r.accuracy_floor = naas_run_settings_.accuracy_floor;
    r.mapping_search = naas_run_settings_.mapping_search;
    r.seed = naas_run_settings_.seed;
    r.model_name = designed_model_;
    r.model_layers = static_cast<int>(designed_layers_);
    r.has_baseline = s.has_baseline;
    r.baseline = s.baseline;
    r.iterations_done = s.iterations;
    r.has_best = s.has_best;
    r.best = s.best;
    r.explored = s.explored;
    r.front = s.front;
    r.bound_geomean_edp = s.bound_geomean_edp;
    r.elapsed_seconds = s.elapsed_seconds;
    r.stopped = s.stopped;
    for (NaasDesign* d : {&r.baseline, &r.best})
        for (NaasBenchmarkResult& b : d->benchmarks) b.network.clear();  // the layer shapes are the model's
    doc_->set_naas_result(r);
}

void CodesignView::show_saved_results() {
    const Study& study = doc_->study();
    if (study.naas && !controller_.running() && !naas_->running()) {
        const NaasRecord& r = *study.naas;
        designed_model_ = r.model_name;
        designed_layers_ = static_cast<std::size_t>(r.model_layers);
        seed_->setValue(static_cast<int>(std::min<std::uint64_t>(r.seed, 1000000)));
        naas_->show_result(r);
        if (!study.codesign) method_->setCurrentText(QStringLiteral("naas"));
    }
    if (study.codesign && !controller_.running() && !naas_->running()) {
        const CodesignRecord& r = *study.codesign;
        // The controls as the run had them (the platform first: choosing it resets the budget).
        if (const int i = platform_->findData(QString::fromStdString(r.platform)); i >= 0) platform_->setCurrentIndex(i);
        budget_mm2_->setValue(r.area_budget_um2 / 1e6);
        if (const int i = area_model_->findData(QString::fromStdString(r.area_model)); i >= 0) area_model_->setCurrentIndex(i);
        objective_->setCurrentText(QString::fromStdString(r.objective));
        map_space_->setCurrentText(QString::fromStdString(r.map_space));
        samples_->setValue(static_cast<int>(std::min<std::int64_t>(r.budget_samples, samples_->maximum())));
        seed_->setValue(static_cast<int>(std::min<std::uint64_t>(r.seed, 1000000)));
        method_->setCurrentText(QString::fromStdString(r.algorithm));
        run_ = 0;  // no run of this session: the charts use the record's budget and bound
        designed_model_ = r.model_name;
        designed_layers_ = static_cast<std::size_t>(r.model_layers);
        design_objective_ = r.objective;
        dots_.clear();  // the evaluated points are not kept, only the best design
        has_best_ = r.found;
        if (r.found) best_ = r.best;
        finished_ = true;
        rebuild_scatter();
        if (r.found) {
            sketch_->set_design(best_.accelerator, best_.area, r.area_budget_um2);
            // No dots are kept: the area axis spans the budget and the best design.
            const double area = best_.area.total_um2(), budget = r.area_budget_um2;
            scatter_->set_x_range(std::min(area, budget) / 1.25, std::max(area, budget) * 1.25);
            scatter_->fit_to_data();
        } else {
            sketch_->clear();
        }
        std::vector<QPointF> trace;
        for (const auto& [samples, value] : r.trace)
            if (std::isfinite(value)) trace.emplace_back(static_cast<double>(samples), value);
        convergence_->set_title(tr("Convergence: best %1 so far").arg(QString::fromStdString(r.objective)));
        convergence_->set_axes({tr("samples"), Quantity::Plain, ChartView::Scale::Linear},
                               {QString::fromStdString(r.objective), objective_quantity(r.objective), ChartView::Scale::Log});
        std::vector<ChartView::Reference> refs;
        if (r.bound_objective > 0) refs.push_back({Qt::Horizontal, r.bound_objective, tr("lower bound"), QColor(90, 90, 90)});
        convergence_->set_references(std::move(refs));
        convergence_->set_data(trace_layer_, std::move(trace));
        convergence_->fit_to_data();
        progress_->setValue(1000);
        const QString counts = tr("%1 of %2 samples (%3 valid), %4")
                                   .arg(QLocale().toString(static_cast<qlonglong>(r.samples)),
                                        QLocale().toString(static_cast<qlonglong>(r.budget_samples)),
                                        QLocale().toString(static_cast<qlonglong>(r.valid_samples)), quantity_text(r.wall_seconds, Quantity::Seconds));
        QString best_text = tr("no design within the budget");
        if (r.found)
            best_text = tr("best %1 %2 (%3× the lower bound), %4")
                            .arg(QString::fromStdString(r.objective), quantity_text(best_.objective, objective_quantity(r.objective)),
                                 r.bound_objective > 0 ? QString::number(best_.objective / r.bound_objective, 'f', 2) : QStringLiteral("–"),
                                 sketch_->caption());
        set_status(tr("Saved result of %1 on %2: ").arg(QString::fromStdString(r.algorithm), QString::fromStdString(r.model_name)) + counts +
                   QStringLiteral("; ") + best_text);
    }
    update_buttons();
}

void CodesignView::set_status(const QString& text, bool error) {
    status_->setText(text);
    status_->setStyleSheet(error ? QStringLiteral("color: #b00020;") : QString());
}

}  // namespace mapscape::ui
