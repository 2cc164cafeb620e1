// The surrogate view (surrogate_view.hpp). The surrogate itself (libtorch) lives in the libtorch
// plugin, which the view opens when first shown and asks through its table
// (plugin/surrogate_plugin_api.hpp): the app links no libtorch and compiles no libtorch header.
#include "surrogate_view.hpp"

#include "cost/compute_bound.hpp"
#include "cost/evaluate.hpp"
#include "plugin/surrogate_plugin.hpp"
#include "search/gamma.hpp"
#include "surrogate/mapping_vector.hpp"
#include "util/diagnostic.hpp"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <QFutureWatcher>

#include <algorithm>
#include <cmath>

#include "chart_view.hpp"
#include "study_document.hpp"

namespace mapscape::ui {

namespace {

constexpr int kShownSuggestions = 10;

struct Candidate {
    QString change;
    Genome genome;
};

QString percent(double log_ratio) {
    if (!std::isfinite(log_ratio)) return QObject::tr("cannot run");
    return QString::asprintf("%+.1f%%", 100.0 * (std::exp(log_ratio) - 1));
}

// Every mapping one directive change away: a tile doubled or halved, another parallel dimension,
// the cluster size doubled or halved, two neighbouring loops swapped.
std::vector<Candidate> one_change_away(const Genome& g, const SurrogateSpace& space) {
    std::vector<Candidate> out;
    const GenomeSpace& gs = space.genome;
    auto add = [&](Genome c, const QString& text) {
        repair(c, gs);
        if (c == g) return;
        for (const Candidate& o : out)
            if (o.genome == c) return;
        out.push_back({text, c});
    };
    for (int k = 0; k < 2; ++k) {
        const MapperLevel& l = g.levels[static_cast<std::size_t>(k)];
        const QString level = k == 0 ? QObject::tr("outer") : QObject::tr("inner");
        for (Dim d : gs.dims) {
            if (!gs.tileable(d)) continue;
            const std::int64_t t = at(l.tile, d);
            const QString name = QString::fromStdString(std::string(dim_name(d)));
            for (std::int64_t to : {t * 2, std::max<std::int64_t>(1, t / 2)}) {
                Genome c = g;
                at(c.levels[static_cast<std::size_t>(k)].tile, d) = to;
                add(c, QObject::tr("%1: %2 tile %3 → %4").arg(level, name).arg(t).arg(to));
            }
        }
        for (Dim d : gs.parallel_choices)
            if (d != l.parallel) {
                Genome c = g;
                c.levels[static_cast<std::size_t>(k)].parallel = d;
                add(c, QObject::tr("%1: SpatialMap %2 (not %3)")
                           .arg(level, QString::fromStdString(std::string(dim_name(d))), QString::fromStdString(std::string(dim_name(l.parallel)))));
            }
        for (int i = 0; i + 1 < l.num_dims; ++i) {
            Genome c = g;
            std::swap(c.levels[static_cast<std::size_t>(k)].order[static_cast<std::size_t>(i)],
                      c.levels[static_cast<std::size_t>(k)].order[static_cast<std::size_t>(i + 1)]);
            add(c, QObject::tr("%1: loop %2 inside %3")
                       .arg(level, QString::fromStdString(std::string(dim_name(l.order[static_cast<std::size_t>(i)]))),
                            QString::fromStdString(std::string(dim_name(l.order[static_cast<std::size_t>(i + 1)])))));
        }
    }
    const std::int64_t units = g.levels[1].units;
    for (std::int64_t to : {units * 2, std::max<std::int64_t>(1, units / 2)}) {
        Genome c = g;
        c.levels[1].units = to;
        add(c, QObject::tr("cluster size %1 → %2").arg(units).arg(to));
    }
    return out;
}


}  // namespace

// What the worker thread that opens the plugin brings back (outside the anonymous namespace:
// SurrogateView::State holds a watcher of it).
struct SurrogateOpening {
    const SurrogatePluginApi* api = nullptr;
    SurrogateSummary summary;
    QString error;
};

static SurrogateOpening open_surrogate_plugin() {
    SurrogateOpening o;
    if (const std::string why = load_surrogate_plugin(); !why.empty()) {
        o.error = QString::fromStdString(why);
    } else if (const SurrogatePluginApi* api = surrogate_plugin_api(); !api) {
        o.error = QObject::tr("the libtorch plugin (%1) is not the version this program was built with").arg(kSurrogatePluginFile);
    } else {
        try {
            o.summary = api->summary("");
            o.api = api;
        } catch (const InputError& e) {
            o.error = QString::fromStdString(e.diagnostic().to_string());
        }
    }
    return o;
}

struct SurrogateView::State {
    bool opened = false;                     // the plugin and the model were asked for (once)
    QFutureWatcher<SurrogateOpening> opening;  // while they are being read
    const SurrogatePluginApi* api = nullptr; // the plugin's table, once the model is read
    SurrogateSummary summary;
    QString error;
    int heldout_points = 0;
    bool chart_built = false;
    std::vector<Genome> shown;  // the suggestions' genomes, in table order
    GenomeSpace space;
};

SurrogateView::SurrogateView(StudyDocument* doc, QWidget* parent) : QWidget(parent), doc_(doc), state_(std::make_unique<State>()) {
    auto* layout = new QVBoxLayout(this);
    model_label_ = new QLabel;
    model_label_->setWordWrap(true);
    layout->addWidget(model_label_);
    auto* split = new QSplitter(Qt::Horizontal);
    chart_ = new ChartView;
    chart_->set_title(tr("Unseen shapes"));
    chart_->set_axes({tr("true EDP / minimum"), Quantity::Plain, ChartView::Scale::Log},
                     {tr("predicted EDP / minimum"), Quantity::Plain, ChartView::Scale::Log});
    chart_->setMinimumWidth(300);
    split->addWidget(chart_);
    auto* right = new QWidget;
    auto* right_layout = new QVBoxLayout(right);
    right_layout->setContentsMargins(0, 0, 0, 0);
    status_ = new QLabel;
    status_->setWordWrap(true);
    right_layout->addWidget(status_);
    suggestions_ = new QTableWidget(0, 4);
    // Short headers (what each column says is in the table's tooltip): the four fit the pane at 1280x720.
    suggestions_->setHorizontalHeaderLabels({tr("Change"), tr("Gradient"), tr("Surrogate"), tr("Cost model")});
    suggestions_->setWordWrap(false);
    // Each column as wide as its header and cells (a few dozen rows), the last one the rest.
    suggestions_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    suggestions_->horizontalHeader()->setStretchLastSection(true);
    suggestions_->setSelectionBehavior(QAbstractItemView::SelectRows);
    suggestions_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    suggestions_->setToolTip(tr("Objective change of each single directive change: first-order (the gradient), the surrogate's "
                                "prediction of the changed mapping, and the cost model's figure"));
    right_layout->addWidget(suggestions_, 1);
    apply_ = new QPushButton(tr("Apply the selected change to the dataflow"));
    right_layout->addWidget(apply_);
    split->addWidget(right);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    layout->addWidget(split, 1);

    connect(apply_, &QPushButton::clicked, this, [this] {
        const auto rows = suggestions_->selectionModel()->selectedRows();
        apply(rows.isEmpty() ? 0 : rows.front().row());
    });
    auto later = [this] {
        if (isVisible()) refresh();
    };
    connect(doc_, &StudyDocument::mapping_changed, this, later);
    connect(doc_, &StudyDocument::selected_layer_changed, this, later);
    connect(doc_, &StudyDocument::accelerator_changed, this, later);
    connect(doc_, &StudyDocument::study_replaced, this, later);
    model_label_->setText(tr("The surrogate is read when this tab is first shown (its library, libtorch, takes about half a second to load)."));
}

void SurrogateView::begin_open() {
    state_->opened = true;
    model_label_->setText(tr("Reading the surrogate (its library, libtorch, takes about half a second to load)…"));
    connect(&state_->opening, &QFutureWatcher<SurrogateOpening>::finished, this, &SurrogateView::finish_open);
    state_->opening.setFuture(QtConcurrent::run(open_surrogate_plugin));
}

bool SurrogateView::opened() const { return state_->opened && state_->opening.isFinished(); }

void SurrogateView::finish_open() {
    const SurrogateOpening o = state_->opening.result();
    state_->api = o.api;
    state_->summary = o.summary;
    state_->error = o.error;
    if (!state_->api) {
        model_label_->setText(tr("No surrogate: the libtorch plugin or the shipped model could not be read (the reason is below)."));
        refresh();
        return;
    }
    const SurrogateSummary& s = state_->summary;
    // Two samples, two figures: the training's held-out shapes here, the chart's own fixed
    // sample below; both named as what they are, with the same measure's name.
    model_label_->setText(tr("Surrogate trained for the %1 accelerator: MLP %2 hidden layers, %3 parameters. On the shapes "
                             "held out of its training, the Spearman rank correlation of predicted and true EDP is %4 "
                             "(%5 within one shape); the chart measures it again on a sample of its own.")
                              .arg(QString::fromStdString(s.accelerator.name))
                              .arg(s.hidden.size())
                              .arg(s.parameters)
                              .arg(s.heldout_spearman_edp, 0, 'f', 3)
                              .arg(s.heldout_spearman_edp_within_shape, 0, 'f', 3));
    if (isVisible()) refresh();
}

SurrogateView::~SurrogateView() = default;

int SurrogateView::heldout_points() const { return state_->heldout_points; }

void SurrogateView::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    refresh();
}

void SurrogateView::build_heldout_chart() {
    state_->chart_built = true;
    constexpr std::int64_t kShapes = 40;
    SurrogateHeldoutPoints pairs;
    try {
        pairs = state_->api->heldout_points("", kShapes, 12, 20260401);  // a fixed set of shapes, not the training set's
    } catch (const InputError& e) {
        chart_->set_title(tr("Unseen shapes: %1").arg(QString::fromStdString(e.diagnostic().to_string())));
        return;
    }
    std::vector<QPointF> points;
    double lo = 1e300, hi = 0;
    for (std::size_t i = 0; i < pairs.actual.size(); ++i) {
        points.emplace_back(pairs.actual[i], pairs.predicted[i]);
        lo = std::min({lo, pairs.actual[i], pairs.predicted[i]});
        hi = std::max({hi, pairs.actual[i], pairs.predicted[i]});
    }
    state_->heldout_points = static_cast<int>(pairs.actual.size());
    chart_->set_data(chart_->add_point_layer(tr("mapping"), QColor(31, 119, 180, 190), 5), std::move(points));
    // The diagonal spans every point on both axes, so both axes fit to the same range and the
    // diagonal runs corner to corner.
    if (lo < hi) chart_->set_data(chart_->add_line_layer(tr("exact"), QColor(60, 160, 60), 1.6), {{lo, lo}, {hi, hi}});
    chart_->fit_to_data();
    chart_->set_title(tr("Spearman %1 on %2 mappings of %3 unseen shapes")
                          .arg(pairs.spearman, 0, 'f', 3)
                          .arg(pairs.actual.size())
                          .arg(kShapes));
    chart_->setToolTip(tr("%1 random mappings of %2 layer shapes the surrogate never saw").arg(pairs.actual.size()).arg(kShapes));
}

void SurrogateView::refresh() {
    suggestions_->setRowCount(0);
    state_->shown.clear();
    if (!state_->opened) {
        begin_open();
        status_->setText(tr("Reading the surrogate…"));
        return;
    }
    if (!state_->opening.isFinished()) return;  // refresh() runs again once it is read
    if (!state_->api) {
        status_->setText(tr("The surrogate could not be loaded: %1").arg(state_->error));
        return;
    }
    if (!state_->chart_built) build_heldout_chart();
    const Study& study = doc_->study();
    const int layer_index = doc_->selected_layer();
    SearchProblem problem;
    problem.layer = doc_->layer(layer_index);
    problem.accelerator = study.accelerator;
    problem.objective = study.search.objective;
    const SurrogateSpace space = make_surrogate_space(problem);
    state_->space = space.genome;
    QString header = tr("What to try next for layer %1 (%2), objective %3")
                         .arg(layer_index + 1)
                         .arg(QString::fromStdString(problem.layer.name), QString::fromStdString(problem.objective.name()));
    if (!(study.accelerator == state_->summary.accelerator))
        header += tr(". Note: the surrogate was trained for the %1 accelerator, not this one; its advice is a rough guide here")
                      .arg(QString::fromStdString(state_->summary.accelerator.name));
    if (!space.covered) {
        status_->setText(header + tr(": the surrogate covers CONV and FC layers only."));
        return;
    }
    const auto genome = genome_of(doc_->current_mapping(), space.genome);
    if (!genome || genome->num_levels != 2) {
        status_->setText(header + tr(": the surrogate reads two-level mappings with one SpatialMap per level and tiles as sizes "
                                     "(as GAMMA writes them); load a search result or a mapping of that form."));
        return;
    }
    Genome current = *genome;
    repair(current, space.genome);
    const std::vector<Candidate> candidates = one_change_away(current, space);
    std::vector<Genome> genomes;
    for (const Candidate& c : candidates) genomes.push_back(c.genome);
    SurrogatePredictions at_current, predicted;
    try {
        at_current = state_->api->predict("", problem, {current}, true);
        predicted = state_->api->predict("", problem, genomes, false);
    } catch (const InputError& e) {
        status_->setText(header + ": " + QString::fromStdString(e.diagnostic().to_string()));
        return;
    }
    const double base = at_current.cost.front();
    const MappingVector& gradient = at_current.gradient.front();
    const MappingVector from = mapping_vector(current, space);
    const std::vector<float>& std_dev = state_->summary.mapping_feature_std;
    // What the cost model says (searches' validity rules: the compute bound too).
    const ComputeBound bound(problem.layer, problem.accelerator);
    auto actual = [&](const Genome& g) {
        const Mapping m = decode(g, space.genome);
        const CostReport r = evaluate(problem.layer, problem.accelerator, m, ReportDetail::Objectives);
        if (!r.valid() || r.runtime_cycles < bound.cycles(m)) return std::numeric_limits<double>::infinity();
        return std::log(problem.objective.value(r));
    };
    const double actual_base = actual(current);
    struct Row {
        double first_order, predicted, actual;
        std::size_t candidate;
    };
    std::vector<Row> rows;
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const MappingVector to = mapping_vector(candidates[i].genome, space);
        double first_order = 0;
        for (int f = 0; f < kMappingFeatures; ++f)
            first_order += gradient[static_cast<std::size_t>(f)] * (to[static_cast<std::size_t>(f)] - from[static_cast<std::size_t>(f)]) /
                           std_dev[static_cast<std::size_t>(f)];
        rows.push_back({first_order, predicted.cost[i] - base, 0, i});
    }
    // The gradient proposes (first-order, so a jump such as another spatial dimension can be far
    // off); the surrogate's own prediction of the changed mapping checks: changes it also
    // predicts to help come first, as in the search.
    std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
        const bool a_helps = a.predicted < 0, b_helps = b.predicted < 0;
        return a_helps != b_helps ? a_helps : a.first_order < b.first_order;
    });
    rows.resize(std::min<std::size_t>(rows.size(), kShownSuggestions));
    suggestions_->setRowCount(static_cast<int>(rows.size()));
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const Candidate& c = candidates[rows[r].candidate];
        const double real = actual(c.genome) - actual_base;
        const QStringList cells = {c.change, percent(rows[r].first_order), percent(rows[r].predicted),
                                   std::isfinite(actual_base) ? percent(real) : tr("(current cannot run)")};
        for (int col = 0; col < cells.size(); ++col) suggestions_->setItem(static_cast<int>(r), col, new QTableWidgetItem(cells[col]));
        state_->shown.push_back(c.genome);
    }
    suggestions_->resizeColumnsToContents();
    suggestions_->resizeRowsToContents();
    status_->setText(header + tr(": predicted %1× the algorithmic minimum%2; the changes the gradient ranks best (those the surrogate confirms first):")
                                  .arg(std::exp(base), 0, 'g', 3)
                                  .arg(std::isfinite(actual_base) ? QString() : tr(" (the cost model says the current mapping cannot run)")));
}

bool SurrogateView::apply(int row) {
    if (row < 0 || row >= static_cast<int>(state_->shown.size())) return false;
    const int layer = doc_->selected_layer();
    doc_->set_mapping(layer, decode(state_->shown[static_cast<std::size_t>(row)], state_->space), tr("Apply a surrogate suggestion"));
    return true;
}

}  // namespace mapscape::ui
