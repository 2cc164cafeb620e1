#include "search_panel.hpp"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <cmath>

#include "cost/bounds.hpp"
#include "cost_readout.hpp"
#include "plugin/surrogate_plugin.hpp"
#include "search/algorithm.hpp"
#include "study_document.hpp"

namespace mapscape::ui {

SearchPanel::SearchPanel(StudyDocument* doc, QWidget* parent) : QWidget(parent), doc_(doc) {
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    algorithm_ = new QComboBox;
    for (const std::string& n : algorithm_names()) algorithm_->addItem(QString::fromStdString(n));
    algorithm_->setToolTip(tr("gamma: the GAMMA genetic algorithm; baselines; fixed-*: fixed dataflows with fitting tiles"));
    objective_ = new QLineEdit;
    objective_->setToolTip(tr("latency, energy, power, edp, area, lap, or a product such as latency*energy^2"));
    system_ = new QComboBox;
    system_->addItems({"S1", "S2", "S3"});
    system_->setToolTip(tr("S1: fixed 2D array (2 levels); S2: flexible 2D (1 or 2 levels); S3: scale-out (2 or 3 levels)"));
    budget_ = new QSpinBox;
    budget_->setRange(1, 100000000);
    budget_->setSingleStep(1000);
    budget_->setSuffix(tr(" samples"));
    seed_ = new QSpinBox;
    seed_->setRange(0, 2147483647);
    scope_ = new QComboBox;
    scope_->addItems({tr("This layer"), tr("All layers")});
    form->addRow(tr("Algorithm:"), algorithm_);
    form->addRow(tr("Objective:"), objective_);
    form->addRow(tr("System:"), system_);
    form->addRow(tr("Budget:"), budget_);
    form->addRow(tr("Seed:"), seed_);
    form->addRow(tr("Scope:"), scope_);
    layout->addLayout(form);
    objective_error_ = new QLabel;
    objective_error_->setStyleSheet("color: #b00020;");
    layout->addWidget(objective_error_);
    auto* buttons = new QHBoxLayout;
    run_ = new QPushButton(tr("Run"));
    run_->setDefault(true);
    stop_ = new QPushButton(tr("Stop"));
    stop_->setEnabled(false);
    buttons->addWidget(run_);
    buttons->addWidget(stop_);
    layout->addLayout(buttons);
    progress_ = new QProgressBar;
    progress_->setRange(0, 1000);
    progress_->setValue(0);
    layout->addWidget(progress_);
    progress_label_ = new QLabel(tr("Idle"));
    progress_label_->setWordWrap(true);
    layout->addWidget(progress_label_);
    layout->addWidget(new QLabel(tr("Runs (checked ones are on the convergence chart):")));
    runs_ = new QListWidget;
    layout->addWidget(runs_, 1);
    auto* run_buttons = new QHBoxLayout;
    auto* load = new QPushButton(tr("Load best"));
    load->setToolTip(tr("Load the selected run's best mapping of the selected layer into the dataflow editor"));
    auto* remove = new QPushButton(tr("Delete"));
    run_buttons->addWidget(load);
    run_buttons->addWidget(remove);
    layout->addLayout(run_buttons);
    setMinimumWidth(250);

    connect(run_, &QPushButton::clicked, this, &SearchPanel::run);
    connect(stop_, &QPushButton::clicked, this, [this] {
        controller_.stop();
        progress_label_->setText(tr("Stopping…"));
    });
    for (auto* w : {static_cast<QWidget*>(algorithm_), static_cast<QWidget*>(system_), static_cast<QWidget*>(scope_)})
        connect(qobject_cast<QComboBox*>(w), &QComboBox::currentIndexChanged, this, &SearchPanel::store_settings);
    connect(budget_, &QSpinBox::valueChanged, this, &SearchPanel::store_settings);
    connect(seed_, &QSpinBox::valueChanged, this, &SearchPanel::store_settings);
    connect(objective_, &QLineEdit::editingFinished, this, &SearchPanel::store_settings);
    connect(&controller_, &SearchController::progress, this, &SearchPanel::show_progress);
    connect(&controller_, &SearchController::finished, this, &SearchPanel::on_finished);
    connect(runs_, &QListWidget::itemChanged, this, [this](QListWidgetItem* item) {
        if (!syncing_) emit run_visibility_changed(item->data(Qt::UserRole).toInt(), item->checkState() == Qt::Checked);
    });
    connect(load, &QPushButton::clicked, this, [this] {
        const int id = selected_run();
        for (const SearchRun& r : doc_->study().runs)
            if (r.id == id)
                for (const LayerRunResult& l : r.layers)
                    if (l.found && (l.layer == doc_->selected_layer() || r.layers.size() == 1)) {
                        emit load_mapping_requested(l.layer, l.best_mapping);
                        return;
                    }
    });
    connect(remove, &QPushButton::clicked, this, [this] {
        const int id = selected_run();
        if (id > 0) doc_->remove_run(id);
    });
    connect(doc, &StudyDocument::study_replaced, this, &SearchPanel::sync_from_document);
    connect(doc, &StudyDocument::runs_changed, this, &SearchPanel::refresh_runs);
    sync_from_document();
}

void SearchPanel::sync_from_document() {
    syncing_ = true;
    const SearchSettings& s = doc_->study().search;
    algorithm_->setCurrentText(QString::fromStdString(s.algorithm));
    objective_->setText(QString::fromStdString(s.objective.name()));
    system_->setCurrentText(QString::fromStdString(std::string(system_name(s.system))));
    budget_->setValue(static_cast<int>(std::min<std::int64_t>(s.budget, 100000000)));
    seed_->setValue(static_cast<int>(s.seed));
    scope_->setCurrentIndex(s.all_layers ? 1 : 0);
    syncing_ = false;
    refresh_runs();
}

void SearchPanel::store_settings() {
    if (syncing_) return;
    SearchSettings s = doc_->study().search;
    s.algorithm = algorithm_->currentText().toStdString();
    if (const auto o = parse_objective(objective_->text().trimmed().toStdString())) {
        s.objective = *o;
        objective_error_->clear();
    } else {
        objective_error_->setText(tr("Unknown objective \"%1\"").arg(objective_->text()));
    }
    s.system = *parse_system(system_->currentText().toStdString());
    s.budget = budget_->value();
    s.seed = static_cast<std::uint64_t>(seed_->value());
    s.all_layers = scope_->currentIndex() == 1;
    doc_->set_search_settings(s);
}

int SearchPanel::run() {
    store_settings();
    if (!parse_objective(objective_->text().trimmed().toStdString())) return 0;
    const SearchSettings s = doc_->study().search;
    // Mind Mappings, gamma-guided and DDPG are the libtorch plugin's: open it here (once, about
    // half a second), so that a missing plugin is reported rather than run as an empty search.
    if (is_surrogate_plugin_algorithm(s.algorithm))
        if (const std::string why = load_surrogate_plugin(); !why.empty()) {
            progress_label_->setText(tr("%1 cannot run: %2").arg(QString::fromStdString(s.algorithm), QString::fromStdString(why)));
            return 0;
        }
    std::vector<int> layers;
    if (s.all_layers)
        for (int i = 0; i < static_cast<int>(doc_->study().model.layers.size()); ++i) layers.push_back(i);
    else
        layers.push_back(doc_->selected_layer());
    // After the study's runs and after a run still going (which this one supersedes).
    const int id = std::max(doc_->next_run_id(), controller_.current_run() + 1);
    std::vector<Layer> searched;
    for (int l : layers) searched.push_back(doc_->study().model.layers[static_cast<std::size_t>(l)]);
    run_bound_ = objective_bound_sum(s.objective, searched, doc_->study().accelerator);
    controller_.start(doc_->study(), s, layers, id);
    run_->setEnabled(true);
    stop_->setEnabled(true);
    progress_->setValue(0);
    const QString label = QString::fromStdString(s.algorithm + ", " + s.objective.name() + ", seed " + std::to_string(s.seed));
    emit run_started(id, tr("run %1: %2").arg(id).arg(label), QString::fromStdString(s.objective.name()));
    return id;
}

void SearchPanel::show_progress(const RunProgress& p) {
    const double share = p.budget > 0 ? static_cast<double>(p.samples) / static_cast<double>(p.budget) : 0;
    progress_->setValue(static_cast<int>(std::min(1.0, share) * 1000));
    const double left = share > 0 ? p.elapsed_seconds * (1 - share) / share : 0;
    const Objective& objective = doc_->study().search.objective;
    QString best;
    if (std::isfinite(p.best_objective)) {
        best = tr("; best %1%2")
                   .arg(p.layers.size() > 1 ? tr("sum ") : QString())
                   .arg(quantity_text(p.best_objective, objective.quantity()));
        if (run_bound_ > 0) best += tr(", %1% above the bound").arg((p.best_objective / run_bound_ - 1) * 100, 0, 'f', 1);
    }
    progress_label_->setText(tr("Run %1: %2 of %3 samples, %4 % valid, %5 s elapsed, about %6 s left%7")
                                 .arg(p.run)
                                 .arg(p.samples)
                                 .arg(p.budget)
                                 .arg(p.samples ? 100.0 * static_cast<double>(p.valid_samples) / static_cast<double>(p.samples) : 0, 0, 'f', 1)
                                 .arg(p.elapsed_seconds, 0, 'f', 2)
                                 .arg(left, 0, 'f', 1)
                                 .arg(best));
}

void SearchPanel::on_finished(const SearchRun& run) {
    stop_->setEnabled(false);
    progress_->setValue(run.stopped ? progress_->value() : 1000);
    int found = 0;
    for (const LayerRunResult& l : run.layers) found += l.found;
    progress_label_->setText(tr("Run %1 %2 in %3 s: %4 of %5 layer(s) with a valid mapping")
                                 .arg(run.id)
                                 .arg(run.stopped ? tr("stopped") : tr("finished"))
                                 .arg(run.wall_seconds, 0, 'f', 2)
                                 .arg(found)
                                 .arg(run.layers.size()));
    SearchRun named = run;
    named.label = "run " + std::to_string(run.id) + ": " + run.label;
    doc_->add_run(named);
}

void SearchPanel::refresh_runs() {
    syncing_ = true;
    runs_->clear();
    for (const SearchRun& r : doc_->study().runs) {
        double total = 0;
        int found = 0;
        const std::vector<Layer>& model_layers = doc_->study().model.layers;
        for (const LayerRunResult& l : r.layers) {
            const bool known = l.layer >= 0 && static_cast<std::size_t>(l.layer) < model_layers.size();
            total += known ? over_runs(model_layers[static_cast<std::size_t>(l.layer)], l.objective_value) : l.objective_value;
            found += l.found;
        }
        auto* item = new QListWidgetItem(tr("%1 — %2 layer(s), best %3%4")
                                             .arg(QString::fromStdString(r.label))
                                             .arg(r.layers.size())
                                             .arg(found ? quantity_text(total, r.settings.objective.quantity()) : tr("none"))
                                             .arg(r.stopped ? tr(" (stopped)") : QString()));
        item->setData(Qt::UserRole, r.id);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Checked);
        runs_->addItem(item);
    }
    syncing_ = false;
}

int SearchPanel::selected_run() const {
    const QListWidgetItem* item = runs_->currentItem();
    if (!item && runs_->count() > 0) item = runs_->item(runs_->count() - 1);
    return item ? item->data(Qt::UserRole).toInt() : 0;
}

}  // namespace mapscape::ui
