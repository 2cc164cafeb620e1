#include "search_panel.hpp"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
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
    // The objectives by name in a list; a product of them (latency*energy^2) typed in the field.
    objective_box_ = new QComboBox;
    objective_box_->setEditable(true);
    objective_box_->setInsertPolicy(QComboBox::NoInsert);
    const std::pair<const char*, const char*> objectives[] = {
        {"latency", "runtime in cycles"}, {"energy", "energy in nJ"}, {"power", "average power in mW"},
        {"edp", "energy-delay product"}, {"area", "area the mapping needs"}, {"lap", "latency-area product"},
        {"latency*energy", "a product of objectives (type any, with powers: latency*energy^2)"}};
    for (const auto& [name, what] : objectives) {
        objective_box_->addItem(QString::fromLatin1(name));
        objective_box_->setItemData(objective_box_->count() - 1, tr(what), Qt::ToolTipRole);
    }
    objective_ = objective_box_->lineEdit();
    objective_box_->setToolTip(tr("latency, energy, power, edp, area, lap, or a product such as latency*energy^2"));
    // GAMMA's map-space systems (its paper's S1-S3): how many cluster levels a mapping may have
    // and whether the array's shape is fixed. Not the multi-core platforms S1-S6 of MAGMA.
    system_ = new QComboBox;
    system_->addItem(tr("S1: fixed array, 2 levels"), QStringLiteral("S1"));
    system_->addItem(tr("S2: flexible, 1-2 levels"), QStringLiteral("S2"));
    system_->addItem(tr("S3: scale-out, 2-3 levels"), QStringLiteral("S3"));
    // The long item names do not set the dock's width (or squeeze the form's labels).
    for (QComboBox* box : {algorithm_, objective_box_, system_}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(8);
    }
    system_->setToolTip(tr("GAMMA's map spaces: S1 a fixed 2D array (2 levels); S2 a flexible 2D array (1 or 2 levels); "
                           "S3 scale-out (2 or 3 levels). Not the Multi-core tab's platforms."));
    budget_ = new QSpinBox;
    budget_->setRange(1, 100000000);
    budget_->setSingleStep(1000);
    budget_->setSuffix(tr(" samples/layer"));  // a whole-model run spends it on each layer
    budget_->setGroupSeparatorShown(true);
    seed_ = new QSpinBox;
    seed_->setRange(0, 2147483647);
    scope_ = new QComboBox;
    scope_->addItems({tr("This layer"), tr("All layers")});
    form->addRow(tr("Algorithm:"), algorithm_);
    form->addRow(tr("Objective:"), objective_box_);
    form->addRow(tr("Map space:"), system_);
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
    auto* runs_label = new QLabel(tr("Runs (checked ones are on the convergence chart):"));
    runs_label->setWordWrap(true);  // whole in a narrow dock
    layout->addWidget(runs_label);
    runs_ = new QListWidget;
    // A run's line wraps in the dock's width rather than run off its right edge.
    runs_->setWordWrap(true);
    runs_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    runs_->setTextElideMode(Qt::ElideNone);
    layout->addWidget(runs_, 1);
    auto* run_buttons = new QHBoxLayout;
    load_best_ = new QPushButton(tr("Load best"));
    load_best_->setToolTip(tr("Load the selected run's best mapping of the selected layer into the dataflow editor"));
    apply_all_ = new QPushButton(tr("Apply all"));
    apply_all_->setToolTip(tr("Every layer's best mapping of the selected run, and the accelerator it searched on, "
                              "into the study as one undoable step"));
    auto* remove = new QPushButton(tr("Delete"));
    remove->setToolTip(tr("Delete the selected run from the study"));
    // Two rows: three labelled buttons do not fit the dock's narrowest width whole.
    run_buttons->addWidget(load_best_);
    run_buttons->addWidget(apply_all_);
    layout->addLayout(run_buttons);
    auto* delete_row = new QHBoxLayout;
    delete_row->addWidget(remove);
    delete_row->addStretch(1);
    layout->addLayout(delete_row);
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
    connect(objective_box_, &QComboBox::activated, this, &SearchPanel::store_settings);
    connect(&controller_, &SearchController::progress, this, &SearchPanel::show_progress);
    connect(&controller_, &SearchController::finished, this, &SearchPanel::on_finished);
    connect(runs_, &QListWidget::itemChanged, this, [this](QListWidgetItem* item) {
        if (!syncing_) emit run_visibility_changed(item->data(Qt::UserRole).toInt(), item->checkState() == Qt::Checked);
    });
    connect(load_best_, &QPushButton::clicked, this, &SearchPanel::load_best);
    connect(apply_all_, &QPushButton::clicked, this, &SearchPanel::apply_all);
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
    system_->setCurrentIndex(std::max(0, system_->findData(QString::fromStdString(std::string(system_name(s.system))))));
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
    s.system = *parse_system(system_->currentData().toString().toStdString());
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
                                 .arg(QLocale().toString(static_cast<qlonglong>(p.samples)))
                                 .arg(QLocale().toString(static_cast<qlonglong>(p.budget)))
                                 .arg(p.samples ? 100.0 * static_cast<double>(p.valid_samples) / static_cast<double>(p.samples) : 0, 0, 'f', 1)
                                 .arg(p.elapsed_seconds, 0, 'f', 2)
                                 .arg(left, 0, 'f', 1)
                                 .arg(best));
}

void SearchPanel::on_finished(const SearchRun& run) {
    stop_->setEnabled(false);
    progress_->setValue(run.stopped ? progress_->value() : 1000);
    int found = 0, fallbacks = 0;
    for (const LayerRunResult& l : run.layers) {
        found += l.found;
        fallbacks += l.least_footprint_fallback;
    }
    // The best and its distance to the bound stay in view after the run (they were the
    // running figures a moment ago).
    QString best;
    if (found > 0) {
        double sum = 0;
        for (const LayerRunResult& l : run.layers)
            if (l.found) sum += l.objective_value;
        best = tr("; best %1%2").arg(run.layers.size() > 1 ? tr("sum ") : QString()).arg(quantity_text(sum, run.settings.objective.quantity()));
        if (run_bound_ > 0 && found == static_cast<int>(run.layers.size()))
            best += tr(", %1% above the bound").arg((sum / run_bound_ - 1) * 100, 0, 'f', 1);
    }
    // A layer none of whose samples fitted has the least-footprint mapping: say how many, since
    // those are the mappings no search chose.
    const QString fallback_text =
        fallbacks > 0 ? tr(" (%1 the least-footprint fallback: none of the samples fitted)").arg(fallbacks) : QString();
    progress_label_->setText(tr("Run %1 %2 in %3 s: %4 of %5 layer(s) with a valid mapping%6%7")
                                 .arg(run.id)
                                 .arg(run.stopped ? tr("stopped") : tr("finished"))
                                 .arg(run.wall_seconds, 0, 'f', 2)
                                 .arg(found)
                                 .arg(run.layers.size())
                                 .arg(fallback_text)
                                 .arg(best));
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
    if (runs_->count() > 0) runs_->setCurrentRow(runs_->count() - 1);  // the newest, highlighted
    syncing_ = false;
}

int SearchPanel::selected_run() const {
    const QListWidgetItem* item = runs_->currentItem();
    return item && item->isSelected() ? item->data(Qt::UserRole).toInt() : 0;
}

void SearchPanel::say(const QString& text) { progress_label_->setText(text); }

QString SearchPanel::no_mapping_text(int run_id, const LayerRunResult& l) {
    QString text = tr("Run %1 found no valid mapping of layer %2.").arg(run_id).arg(l.layer + 1);
    if (!l.why_none.empty()) text += tr(" Why: %1.").arg(QString::fromStdString(l.why_none));
    return text;
}

QString SearchPanel::loaded_text(int run_id, const LayerRunResult& l) {
    QString text = tr("Loaded run %1's best mapping of layer %2.").arg(run_id).arg(l.layer + 1);
    if (l.least_footprint_fallback)
        text += tr(" None of the run's samples fitted: it is the least-footprint mapping, its tiles grown.");
    return text;
}

void SearchPanel::load_best() {
    const int id = selected_run();
    if (id == 0) return say(tr("Select a run in the list first."));
    const int layer = doc_->selected_layer();
    for (const SearchRun& r : doc_->study().runs) {
        if (r.id != id) continue;
        for (const LayerRunResult& l : r.layers) {
            if (l.layer != layer) continue;
            if (!l.found) return say(no_mapping_text(id, l));
            emit load_mapping_requested(l.layer, l.best_mapping);
            return say(loaded_text(id, l));
        }
        if (r.layers.size() == 1) {  // a one-layer run: its layer, whichever is selected
            const LayerRunResult& l = r.layers.front();
            if (!l.found) return say(no_mapping_text(id, l));
            emit load_mapping_requested(l.layer, l.best_mapping);
            return say(loaded_text(id, l));
        }
        return say(tr("Run %1 did not search layer %2.").arg(id).arg(layer + 1));
    }
}

void SearchPanel::apply_all() {
    const int id = selected_run();
    if (id == 0) return say(tr("Select a run in the list first."));
    emit apply_run_requested(id);
}

}  // namespace mapscape::ui
