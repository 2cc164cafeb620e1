#include "llm_view.hpp"

#include <QComboBox>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "arch/presets.hpp"
#include "chart_palette.hpp"
#include "chart_view.hpp"
#include "cost_readout.hpp"
#include "study_document.hpp"
#include "user_prompts.hpp"
#include "util/data_paths.hpp"
#include "util/diagnostic.hpp"
#include "workload/llm_model.hpp"

namespace mapscape::ui {

namespace {

// Long enough to gather a burst of edits (typing a number, a spin box held down), short enough
// that the chart seems to follow the edit.
constexpr int kGatherEditsMs = 150;
constexpr std::int64_t kDefaultSamples =
    1000;  // within 2 % of the bound at every batch (llm_sweep.hpp)

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

QString count_text(std::int64_t n) {
    return QLocale().toString(static_cast<qlonglong>(n));
}

QString gigabytes(double bytes) {
    return bytes >= 1e9 ? QStringLiteral("%1 GB").arg(bytes / 1e9, 0, 'g', 3)
                        : QStringLiteral("%1 MB").arg(bytes / 1e6, 0, 'g', 3);
}

QString bytes_per_second(double b) {
    return b >= 1e9 ? QStringLiteral("%1 GB/s").arg(b / 1e9, 0, 'g', 4)
                    : QStringLiteral("%1 MB/s").arg(b / 1e6, 0, 'g', 4);
}

// "7.27", "458", "12,345" tokens/s: whole numbers from 100 on, three digits below.
QString rate_text(double v) {
    return v >= 100 ? QLocale().toString(v, 'f', 0) : QString::number(v, 'g', 3);
}

}  // namespace

LlmView::LlmView(StudyDocument* doc, QWidget* parent)
    : QWidget(parent), doc_(doc), controller_(this) {
    config_ = new QComboBox;
    for (const std::string& name : bundled_llm_names()) config_->addItem(qs(name), qs(name));
    config_->insertSeparator(config_->count());
    config_->addItem(tr("Open config.json…"), QString());
    config_->setToolTip(
        tr("A decoder-only model's Hugging Face config.json: the bundled ones (models/llm/), or a "
           "file of yours. "
           "Only the shapes are read, never weights."));
    phase_ = new QComboBox;
    phase_->addItem(tr("decode"), QStringLiteral("decode"));
    phase_->addItem(tr("prefill"), QStringLiteral("prefill"));
    phase_->setToolTip(
        tr("Decode: one step that gives every sequence its next token, reading the KV cache. "
           "Prefill: the whole prompt at once, up to the first token."));
    precision_ = new QComboBox;
    precision_->addItem(tr("as the study"), QString());
    precision_->setItemData(0,
                            tr("The Accelerator dock's Precision box; when it says \"(word "
                               "size)\", the configuration's torch_dtype"),
                            Qt::ToolTipRole);
    for (const char* f : {"int4", "int8", "fp16", "bf16", "fp32"})
        precision_->addItem(QString::fromLatin1(f), QString::fromLatin1(f));
    precision_->setToolTip(
        tr("The number format of weights, activations and the KV cache: what every byte over the "
           "off-chip link is"));
    batch_ = new QSpinBox;
    batch_->setRange(1, 4096);
    batch_->setValue(1);
    batch_->setToolTip(
        tr("Sequences processed together: the readout's batch (the chart spans powers of two "
           "around it)"));
    prompt_ = new QSpinBox;
    prompt_->setRange(1, 1 << 20);
    prompt_->setValue(512);
    prompt_->setSuffix(tr(" tokens"));
    prompt_->setToolTip(tr("Prompt tokens per sequence (a prefill)"));
    context_ = new QSpinBox;
    context_->setRange(1, 1 << 20);
    context_->setValue(1024);
    context_->setSuffix(tr(" tokens"));
    context_->setToolTip(
        tr("Tokens in each sequence's KV cache, the new one included (a decode step)"));
    samples_ = new QSpinBox;
    samples_->setRange(50, 100000);
    samples_->setSingleStep(100);
    samples_->setValue(static_cast<int>(kDefaultSamples));
    samples_->setToolTip(
        tr("GAMMA's samples per layer at every batch (seed 1; a population of a 25th of them, 20 "
           "to 200): "
           "a quick look; more samples come closer to the bound"));
    use_button_ = new QPushButton(tr("Use as workload"));
    use_button_->setToolTip(
        tr("Make this phase at the chosen batch the study's model (one undoable edit), as the "
           "Workload dock loads a model"));
    example_button_ = new QPushButton(tr("LLM example accelerator"));
    example_button_->setToolTip(
        tr("Put resources/examples/llm_accelerator.json into the study (4,096 PEs, 8 MiB L2, 100 "
           "GB/s off-chip; "
           "one undoable edit): the Edge preset's link is so wide that no phase is memory-bound on "
           "it"));

    // Three pairs a row, so that the settings fit a 1280-pixel window beside the docks.
    auto* grid = new QGridLayout;
    int cell = 0;
    auto add = [&grid, &cell](const QString& label, QWidget* w) {
        auto* l = new QLabel(label);
        l->setBuddy(w);
        grid->addWidget(l, cell / 3, 2 * (cell % 3));
        grid->addWidget(w, cell / 3, 2 * (cell % 3) + 1);
        ++cell;
        return l;
    };
    add(tr("&Configuration"), config_);
    add(tr("P&hase"), phase_);
    add(tr("P&recision"), precision_);
    add(tr("&Batch"), batch_);
    // Prompt and context share a cell: a phase uses one of them.
    context_label_ = new QLabel(tr("Conte&xt"));
    context_label_->setBuddy(context_);
    prompt_label_ = new QLabel(tr("Pro&mpt"));
    prompt_label_->setBuddy(prompt_);
    auto* length_labels = new QHBoxLayout;
    length_labels->setContentsMargins(0, 0, 0, 0);
    length_labels->addWidget(context_label_);
    length_labels->addWidget(prompt_label_);
    auto* lengths = new QHBoxLayout;
    lengths->setContentsMargins(0, 0, 0, 0);
    lengths->addWidget(context_, 1);
    lengths->addWidget(prompt_, 1);
    grid->addLayout(length_labels, 1, 2);
    grid->addLayout(lengths, 1, 3);
    ++cell;
    add(tr("Sam&ples"), samples_);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(use_button_);
    buttons->addWidget(example_button_);
    buttons->addStretch(1);
    grid->addLayout(buttons, 2, 0, 1, 6);
    grid->setColumnStretch(1, 1);
    grid->setColumnStretch(3, 1);
    grid->setColumnStretch(5, 1);

    summary_ = new QLabel;
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    readout_ = new QLabel;
    readout_->setWordWrap(true);
    readout_->setTextFormat(Qt::RichText);
    readout_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    status_ = new QLabel;
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    const ChartView::Axis batch_axis{tr("batch (sequences)"), Quantity::Plain,
                                     ChartView::Scale::Log, true};
    throughput_ = new ChartView;
    throughput_->setMinimumSize(280, 170);
    throughput_->set_axes(batch_axis, {tr("tokens/s"), Quantity::Plain, ChartView::Scale::Log});
    // The bound over the searched line: where the search reaches it, its dashes still show.
    searched_line_ = throughput_->add_line_layer(tr("searched"), series_color(0), 2.4);
    throughput_->set_pickable(searched_line_, true);
    bound_line_ =
        throughput_->add_line_layer(tr("bound"), QColor(70, 70, 70), 1.4, false, Qt::DashLine);
    chosen_marker_ = throughput_->add_point_layer(tr("chosen batch"), series_color(3), 9);
    throughput_->set_empty_message(tr("Tokens/s appear here as the batches are searched"));
    throughput_->set_legend_corner(
        Qt::TopLeftCorner);  // the roofline rises from the bottom left (see receive)
    energy_ = new ChartView;
    energy_->setMinimumSize(280, 120);
    energy_->set_axes(batch_axis,
                      {tr("energy per token"), Quantity::EnergyNj, ChartView::Scale::Log});
    energy_line_ = energy_->add_line_layer(tr("searched"), series_color(1), 2.0);
    energy_->set_pickable(energy_line_, true);
    energy_marker_ = energy_->add_point_layer(tr("chosen batch"), series_color(3), 9);
    energy_->set_empty_message(tr("Energy per token appears here"));
    auto* charts = new QSplitter(Qt::Vertical);
    charts->addWidget(throughput_);
    charts->addWidget(energy_);
    charts->setStretchFactor(0, 3);
    charts->setStretchFactor(1, 2);
    charts->setChildrenCollapsible(false);

    auto* box = new QVBoxLayout(this);
    box->addLayout(grid);
    box->addWidget(summary_);
    box->addWidget(readout_);
    box->addWidget(charts, 1);
    box->addWidget(status_);

    pending_.setSingleShot(true);
    pending_.setInterval(kGatherEditsMs);
    connect(&pending_, &QTimer::timeout, this, &LlmView::refresh);
    connect(&controller_, &LlmController::updated, this, &LlmView::receive);
    connect(config_, &QComboBox::activated, this, &LlmView::config_activated);
    connect(phase_, &QComboBox::currentIndexChanged, this, [this] {
        show_phase_controls();
        schedule_refresh();
    });
    connect(precision_, &QComboBox::currentIndexChanged, this, [this] {
        show_summary();
        schedule_refresh();
    });
    for (QSpinBox* b : {batch_, prompt_, context_, samples_})
        connect(b, &QSpinBox::valueChanged, this, &LlmView::schedule_refresh);
    connect(use_button_, &QPushButton::clicked, this, [this] { use_as_workload(); });
    connect(example_button_, &QPushButton::clicked, this, [this] { use_example_accelerator(); });
    // The figures are the study's accelerator's (its technology too); "as the study" follows
    // the Precision box, which changes the model's layers.
    connect(doc_, &StudyDocument::accelerator_changed, this, &LlmView::schedule_refresh);
    connect(doc_, &StudyDocument::model_changed, this, [this] {
        show_summary();
        schedule_refresh();
    });
    connect(doc_, &StudyDocument::study_replaced, this, [this] {
        show_summary();
        schedule_refresh();
    });
    connect(
        throughput_, &ChartView::hovered, this,
        [this](const ChartView::Hit& hit, const QPoint& at) {
            if (hit.layer != searched_line_) return;
            const QPointF p =
                throughput_->data(searched_line_)[static_cast<std::size_t>(hit.index)];
            QString text =
                tr("batch %1: %2 tokens/s").arg(count_text(std::llround(p.x())), rate_text(p.y()));
            for (const LlmBoundPoint& b : snapshot_.bounds)
                if (static_cast<double>(b.batch) == p.x())
                    text += tr(" (bound %1, %2)")
                                .arg(rate_text(b.tokens_per_second),
                                     b.memory_bound ? tr("memory-bound") : tr("compute-bound"));
            QToolTip::showText(at, text, throughput_);
        });
    connect(throughput_, &ChartView::left, this, [] { QToolTip::hideText(); });

    choose_config(QStringLiteral("llama-2-7b"));
    show_phase_controls();
    set_status(
        tr("Every layer of the phase is searched at each batch on the study's accelerator; the "
           "bound needs no search."));
}

bool LlmView::choose_config(const QString& name_or_path) {
    try {
        LlmConfig config = load_llm_config(name_or_path.toStdString());
        int index = config_->findData(name_or_path);
        if (index < 0) {  // a file: listed above the separator, by its name, with its path
            index = config_->count() - 2;
            config_->insertItem(index, tr("%1 (file)").arg(qs(config.name)), name_or_path);
            config_->setItemData(index, name_or_path, Qt::ToolTipRole);
        }
        config_->setCurrentIndex(index);
        config_index_ = index;
        config_loaded_ = std::move(config);
        config_reference_ = name_or_path;
        // A longer context or prompt than the model was trained for is refused by the engine.
        if (config_loaded_->max_positions > 0) {
            const int most =
                static_cast<int>(std::min<std::int64_t>(config_loaded_->max_positions, 1 << 20));
            context_->setMaximum(most);
            prompt_->setMaximum(most);
        }
        show_summary();
        schedule_refresh();
        return true;
    } catch (const InputError& e) {
        config_->setCurrentIndex(config_index_);
        set_status(tr("Cannot read the configuration: %1").arg(qs(e.diagnostic().to_string())),
                   true);
        return false;
    }
}

void LlmView::config_activated(int index) {
    const QString reference = config_->itemData(index).toString();
    if (!reference.isEmpty()) {
        if (index != config_index_ || reference != config_reference_) choose_config(reference);
        return;
    }
    // "Open config.json…": the box goes back to the configuration shown unless a file is chosen.
    config_->setCurrentIndex(config_index_);
    const QString path = open_file_name(this, tr("Open a model's config.json"),
                                        tr("Hugging Face configurations (*.json);;All files (*)"));
    if (!path.isEmpty()) choose_config(QFileInfo(path).absoluteFilePath());
}

std::optional<LlmSweepSettings> LlmView::settings(QString* why) const {
    if (!config_loaded_) {
        if (why) *why = tr("No configuration is loaded.");
        return std::nullopt;
    }
    LlmSweepSettings s;
    s.config = *config_loaded_;
    s.config_reference = config_reference_.toStdString();
    s.request.phase = phase_->currentData().toString() == QStringLiteral("prefill")
                          ? LlmPhase::Prefill
                          : LlmPhase::Decode;
    s.request.batch = batch_->value();
    s.request.prompt = prompt_->value();
    s.request.context = context_->value();
    if (const QString f = precision_->currentData().toString(); !f.isEmpty()) {
        NumberFormat format = NumberFormat::Unspecified;
        parse_number_format(f.toStdString(), format);
        s.request.precision = uniform_precision(format);
    } else {
        s.request.precision = doc_->default_precision();  // unspecified: the configuration's
    }
    s.accelerator = doc_->study().accelerator;
    s.samples_per_layer = samples_->value();
    s.seed = 1;
    return s;
}

void LlmView::schedule_refresh() {
    if (!isVisible()) {
        stale_ = true;
        return;
    }
    pending_.start();  // restarts: the last edit of a burst starts the sweep
}

void LlmView::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (stale_) pending_.start();
}

void LlmView::refresh() {
    pending_.stop();
    stale_ = false;
    QString why;
    const std::optional<LlmSweepSettings> s = settings(&why);
    if (!s) {
        set_status(why, true);
        return;
    }
    if (run_ != 0 && s->same_work(controller_.settings()))
        return;  // the figures shown (or coming) are these
    // The phase at the chosen batch is checked here, so that a refusal (a context longer than the
    // model's positions) is said at once rather than by an empty chart.
    try {
        build_sweep_model(*s, s->request.batch);
    } catch (const InputError& e) {
        controller_.stop();
        run_ = 0;  // no sweep stands for the settings: the next edit starts one
        clear_figures();
        snapshot_.finished = true;
        snapshot_.error = e.diagnostic().to_string();
        readout_->clear();
        set_status(qs(snapshot_.error), true);
        return;
    }
    run_ = controller_.start(*s);
    // The previous design's figures go at once: a chart never mixes two accelerators.
    clear_figures();
    throughput_->set_layer_name(chosen_marker_, tr("batch %1").arg(count_text(s->request.batch)));
    energy_->set_layer_name(energy_marker_, tr("batch %1").arg(count_text(s->request.batch)));
    const QString what =
        tr("%1 %2, %3")
            .arg(qs(s->config.name), qs(std::string(llm_phase_name(s->request.phase))),
                 s->request.phase == LlmPhase::Decode
                     ? tr("context %1").arg(count_text(s->request.context))
                     : tr("prompt %1").arg(count_text(s->request.prompt)));
    const QString on =
        s->accelerator.name.empty() ? tr("the study's accelerator") : qs(s->accelerator.name);
    throughput_->set_title(tr("%1 on %2: tokens/s against batch").arg(what, on));
    energy_->set_title(tr("Energy per token"));
    show_readout();
    set_status(tr("Searching…"));
}

void LlmView::clear_figures() {
    snapshot_ = LlmSweepSnapshot{};
    snapshot_.run = run_;
    for (ChartView* c : {throughput_, energy_}) c->set_references({});
    shown_knee_ = 0;
    for (int layer : {bound_line_, searched_line_, chosen_marker_})
        throughput_->set_data(layer, {});
    for (int layer : {energy_line_, energy_marker_}) energy_->set_data(layer, {});
}

void LlmView::receive(const LlmSweepSnapshot& s) {
    if (s.run != run_) return;  // a superseded sweep's last words
    snapshot_ = s;
    if (!s.error.empty()) {
        readout_->clear();
        set_status(qs(s.error), true);
        return;
    }
    std::vector<QPointF> bound, searched, energy, chosen, chosen_energy;
    for (const LlmBoundPoint& b : s.bounds)
        if (b.tokens_per_second > 0)
            bound.emplace_back(static_cast<double>(b.batch), b.tokens_per_second);
    std::vector<LlmSearchedPoint> found;
    for (const LlmSearchedPoint& p : s.searched)
        if (p.found) found.push_back(p);
    std::sort(found.begin(), found.end(),
              [](const auto& a, const auto& b) { return a.batch < b.batch; });
    const std::int64_t batch = controller_.settings().request.batch;
    for (const LlmSearchedPoint& p : found) {
        const double x = static_cast<double>(p.batch);
        searched.emplace_back(x, p.metrics.tokens_per_second);
        energy.emplace_back(x, p.metrics.energy_per_token_nj);
        if (p.batch == batch) {
            chosen.emplace_back(x, p.metrics.tokens_per_second);
            chosen_energy.emplace_back(x, p.metrics.energy_per_token_nj);
        }
    }
    throughput_->set_data(bound_line_, std::move(bound));
    throughput_->set_data(searched_line_, std::move(searched));
    throughput_->set_data(chosen_marker_, std::move(chosen));
    energy_->set_data(energy_line_, std::move(energy));
    energy_->set_data(energy_marker_, std::move(chosen_energy));
    // The knee: where the roofline turns from the link's slope to the MACs' flat (the energy
    // chart has the line without its label, which the chart above gives).
    const std::int64_t knee =
        s.knee_batch > 0 && !s.batches.empty() && s.knee_batch <= s.batches.back() ? s.knee_batch
                                                                                   : 0;
    if (knee != shown_knee_) {
        shown_knee_ = knee;
        std::vector<ChartView::Reference> refs;
        if (knee > 0)
            refs.push_back({Qt::Vertical, static_cast<double>(knee),
                            tr("compute-bound from batch %1").arg(count_text(knee)),
                            series_color(2)});
        throughput_->set_references(refs);
        for (ChartView::Reference& r : refs) r.label.clear();
        energy_->set_references(refs);
    }
    // The legend where the curve is not: top left above a rising roofline; bottom right
    // under a flat one (compute-bound from the first batch).
    throughput_->set_legend_corner(s.knee_batch == 1 ? Qt::BottomRightCorner : Qt::TopLeftCorner);
    if (!s.batches.empty()) {
        // The whole span at once, not growing as points come: the eye keeps its place.
        const double lo = static_cast<double>(s.batches.front()),
                     hi = static_cast<double>(s.batches.back());
        for (ChartView* c : {throughput_, energy_}) {
            c->set_x_range(lo / 1.25, hi * 1.25);
            c->fit_to_data();
        }
    }
    show_readout();
    const std::size_t total = s.batches.size();
    QString problems;
    for (const LlmSearchedPoint& p : s.searched)
        if (!p.found && p.problem != "stopped")
            problems += tr("; batch %1: %2").arg(count_text(p.batch), qs(p.problem));
    if (s.finished)
        set_status(
            (s.stopped
                 ? tr("Stopped after %1 of %2 batches").arg(s.searched.size()).arg(total)
                 : tr("Searched %1 batches (GAMMA: %2 samples per layer, population %3, seed 1)")
                       .arg(total)
                       .arg(count_text(controller_.settings().samples_per_layer))
                       .arg(sweep_population(controller_.settings().samples_per_layer))) +
                problems,
            !problems.isEmpty());
    else
        set_status(tr("Searching: %1 of %2 batches…").arg(s.searched.size()).arg(total) + problems);
}

std::optional<LlmSearchedPoint> LlmView::chosen_point() const {
    const std::int64_t batch = controller_.settings().request.batch;
    for (const LlmSearchedPoint& p : snapshot_.searched)
        if (p.batch == batch) return p;
    return std::nullopt;
}

std::optional<LlmBoundPoint> LlmView::chosen_bound() const {
    const std::int64_t batch = controller_.settings().request.batch;
    for (const LlmBoundPoint& b : snapshot_.bounds)
        if (b.batch == batch) return b;
    return std::nullopt;
}

void LlmView::show_readout() {
    const LlmSweepSettings& s = controller_.settings();
    const std::optional<LlmBoundPoint> bound = chosen_bound();
    if (!bound) {
        readout_->setText(tr("<b>Batch %1</b>: searching…").arg(count_text(s.request.batch)));
        return;
    }
    const bool decode = s.request.phase == LlmPhase::Decode;
    const LlmPhaseBound& b = bound->bound;
    const QString link = bytes_per_second(offchip_bytes_per_second(s.accelerator));
    // What limits the phase, by its bound: the bytes over the link, or the MACs on the PEs.
    const QString limit =
        b.memory_bound() ? tr("<b>memory-bound</b>: %1 of weights + %2 of KV cache + %3 of "
                              "activations over the %4 off-chip link")
                               .arg(gigabytes(b.weight_bytes), gigabytes(b.kv_cache_bytes),
                                    gigabytes(b.activation_bytes), link)
                         : tr("<b>compute-bound</b>: the MACs on %1 PEs outlast the bytes over the "
                              "%2 off-chip link")
                               .arg(count_text(s.accelerator.num_pes *
                                               std::max<std::int64_t>(1, s.accelerator.simd_lanes)),
                                    link);
    QString knee;
    if (decode || snapshot_.knee_batch != 1)
        knee = snapshot_.knee_batch > 0
                   ? tr(" Compute-bound from batch %1.").arg(count_text(snapshot_.knee_batch))
               : decode ? tr(" Memory-bound at every batch up to 65,536: the KV cache grows with "
                             "the batch as fast as the MACs do.")
                        : tr(" Memory-bound at every batch up to 65,536.");
    const std::optional<LlmSearchedPoint> p = chosen_point();
    QString figures;
    if (p && p->found) {
        const LlmPhaseMetrics& m = p->metrics;
        const double above = bound->seconds > 0 ? m.seconds / bound->seconds : 0;
        figures = decode ? tr("%1 ms/token, %2 tokens/s, %3/token")
                               .arg(m.ms_per_token, 0, 'g', 4)
                               .arg(rate_text(m.tokens_per_second),
                                    quantity_text(m.energy_per_token_nj, Quantity::EnergyNj))
                         : tr("time to first token %1 ms, %2 tokens/s, %3/prompt token")
                               .arg(m.seconds * 1e3, 0, 'g', 4)
                               .arg(rate_text(m.tokens_per_second),
                                    quantity_text(m.energy_per_token_nj, Quantity::EnergyNj));
        figures += tr(" (%1× the bound's %2 ms)")
                       .arg(above, 0, 'f', 2)
                       .arg(bound->seconds * 1e3, 0, 'g', 4);
    } else if (p) {
        figures = tr("no figure (%1); bound %2 ms")
                      .arg(qs(p->problem).toHtmlEscaped())
                      .arg(bound->seconds * 1e3, 0, 'g', 4);
    } else {
        figures = tr("searching…; bound %1 ms, %2 tokens/s")
                      .arg(bound->seconds * 1e3, 0, 'g', 4)
                      .arg(rate_text(bound->tokens_per_second));
    }
    readout_->setText(
        tr("<b>Batch %1</b>: %2; %3.%4").arg(count_text(s.request.batch), figures, limit, knee));
}

void LlmView::show_summary() {
    if (!config_loaded_) {
        summary_->clear();
        return;
    }
    const LlmConfig& c = *config_loaded_;
    const std::int64_t parameters = parameter_count(c).total();
    // The weights' format this view prices: the chosen one, the study's, or the configuration's.
    NumberFormat weights = c.weight_format;
    QString from = tr("the configuration's torch_dtype");
    if (const std::optional<LlmSweepSettings> s = settings();
        s && s->request.precision.weight != NumberFormat::Unspecified) {
        weights = s->request.precision.weight;
        from =
            precision_->currentIndex() == 0 ? tr("the study's Precision box") : tr("chosen here");
    }
    QString format = qs(std::string(format_name(weights)));
    if (format.isEmpty()) format = tr("the accelerator's word");
    summary_->setText(tr("%1: %2. %3 parameters; weights in %4 (%5).")
                          .arg(qs(c.name), qs(llm_config_summary(c)),
                               quantity_text(static_cast<double>(parameters), Quantity::Plain, 3),
                               format, from));
}

void LlmView::show_phase_controls() {
    const bool decode = phase_->currentData().toString() != QStringLiteral("prefill");
    context_->setVisible(decode);
    context_label_->setVisible(decode);
    prompt_->setVisible(!decode);
    prompt_label_->setVisible(!decode);
}

bool LlmView::use_as_workload() {
    QString why;
    const std::optional<LlmSweepSettings> s = settings(&why);
    if (!s) {
        set_status(why, true);
        return false;
    }
    try {
        const Model model = build_sweep_model(*s, s->request.batch);
        std::string source;
        try {
            source =
                llm_reference(s->config_reference, s->request);  // what load_model() reads back
        } catch (const InputError&) {
            source = model.name;  // a mixed precision has no reference
        }
        doc_->set_model(model, source);
        set_status(
            tr("The study's workload is now %1 (%2 layers; Edit > Undo restores the previous one).")
                .arg(qs(model.name))
                .arg(model.layers.size()));
        return true;
    } catch (const InputError& e) {
        set_status(qs(e.diagnostic().to_string()), true);
        return false;
    }
}

bool LlmView::use_example_accelerator() {
    try {
        const Accelerator acc = load_platform(data_directory() + "/examples/llm_accelerator.json");
        doc_->set_accelerator(acc, "", tr("Use the example LLM accelerator"));
        return true;
    } catch (const InputError& e) {
        set_status(
            tr("Cannot read the example accelerator: %1").arg(qs(e.diagnostic().to_string())),
            true);
        return false;
    }
}

void LlmView::set_status(const QString& text, bool error) {
    status_->setText(text);
    status_->setStyleSheet(error ? QStringLiteral("color: #b00020;") : QString());
}

}  // namespace mapscape::ui
