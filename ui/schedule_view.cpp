#include "schedule_view.hpp"
#include "user_prompts.hpp"

#include <algorithm>

#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <nlohmann/json.hpp>

#include "convergence_chart.hpp"
#include "cost_readout.hpp"
#include "schedule/schedule_json.hpp"
#include "study_document.hpp"
#include "timeline_widget.hpp"
#include "util/diagnostic.hpp"
#include "util/text_file.hpp"
#include "util/json_text.hpp"

namespace mapscape::ui {

namespace {

QTableWidget* make_table(const QStringList& headers) {
    auto* t = new QTableWidget(0, static_cast<int>(headers.size()));
    t->setHorizontalHeaderLabels(headers);
    t->verticalHeader()->hide();
    // The columns share the width: a narrow panel shows every header whole ("Buffer KB" was cut
    // to "Buff" when the first columns kept their default width).
    t->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    t->setMinimumHeight(100);  // both tables, with the form above, fit a 720-pixel-high screen
    return t;
}

}  // namespace

ScheduleView::ScheduleView(StudyDocument* doc, QWidget* parent) : QWidget(parent), doc_(doc) {
    auto* layout = new QHBoxLayout(this);
    auto* split = new QSplitter(Qt::Horizontal);
    auto* controls = new QWidget;
    auto* cl = new QVBoxLayout(controls);
    auto* form = new QFormLayout;
    mix_ = new QComboBox;
    mix_->setEditable(true);
    for (const std::string& m : bundled_mix_names()) mix_->addItem(QString::fromStdString(m));
    setting_ = new QComboBox;
    setting_->setEditable(true);
    for (const std::string& s : platform_setting_names()) setting_->addItem(QString::fromStdString(s));
    bandwidth_ = new QDoubleSpinBox;
    bandwidth_->setRange(0.001, 1e6);
    bandwidth_->setDecimals(3);
    bandwidth_unit_ = new QComboBox;
    bandwidth_unit_->addItem(tr("GB/s"), QStringLiteral("gbps"));
    bandwidth_unit_->addItem(tr("bytes/cycle"), QStringLiteral("bytes-per-cycle"));
    bandwidth_unit_->setToolTip(tr("GB/s as the paper writes it (5 bytes per cycle per GB/s at 200 MHz), or bytes per cycle "
                                   "as the MAGMA code's --dram_bw takes it (its 16 is 3.2 GB/s)"));
    auto* bandwidth_row = new QHBoxLayout;
    bandwidth_row->addWidget(bandwidth_, 1);
    bandwidth_row->addWidget(bandwidth_unit_);
    job_analysis_ = new QComboBox;
    job_analysis_->addItem(tr("Mapscape (DRAM traffic)"), QStringLiteral("mapscape"));
    job_analysis_->addItem(tr("MAGMA code (its style files)"), QStringLiteral("magma-code"));
    job_analysis_->setToolTip(tr("How each job's no-stall latency and bandwidth are found: our cost model with the core's "
                                 "dataflow, the bandwidth being the job's DRAM traffic over its latency; or as the public "
                                 "MAGMA code does it, with its dla/shi/dpt style files and its ask L2_req / 2 / (runtime - 1)"));
    algorithm_ = new QComboBox;
    for (const std::string& a : schedule_algorithm_names()) algorithm_->addItem(QString::fromStdString(a));
    budget_ = new QSpinBox;
    budget_->setRange(1, 10000000);
    budget_->setSingleStep(1000);
    budget_->setSuffix(tr(" schedules"));
    budget_->setGroupSeparatorShown(true);
    seed_ = new QSpinBox;
    seed_->setRange(0, 2147483647);
    group_ = new QSpinBox;
    group_->setRange(1, 100000);
    // What the bundled mix or platform is, in a line under its box ("mix" and "magma-mix" differ
    // in where their layers come from; the platforms are MAGMA's settings S1-S6).
    mix_about_ = new QLabel;
    platform_about_ = new QLabel;
    for (QLabel* about : {mix_about_, platform_about_}) {
        about->setWordWrap(true);
        about->setStyleSheet(QStringLiteral("color: palette(placeholder-text);"));
    }
    form->addRow(tr("Task mix:"), mix_);
    form->addRow(QString(), mix_about_);
    form->addRow(tr("Platform:"), setting_);
    form->addRow(QString(), platform_about_);
    form->addRow(tr("System bandwidth:"), bandwidth_row);
    form->addRow(tr("Job analysis:"), job_analysis_);
    form->addRow(tr("Scheduler:"), algorithm_);
    form->addRow(tr("Budget:"), budget_);
    form->addRow(tr("Seed:"), seed_);
    form->addRow(tr("Group (100 jobs):"), group_);
    cl->addLayout(form);
    auto* buttons = new QHBoxLayout;
    run_ = new QPushButton(tr("Run"));
    stop_ = new QPushButton(tr("Stop"));
    stop_->setEnabled(false);
    auto* trace = new QPushButton(tr("Export trace…"));
    trace->setToolTip(tr("Save the schedule as Chrome/Perfetto trace events"));
    buttons->addWidget(run_);
    buttons->addWidget(stop_);
    buttons->addWidget(trace);
    cl->addLayout(buttons);
    status_ = new QLabel(tr("Idle"));
    status_->setWordWrap(true);
    cl->addWidget(status_);
    cl->addWidget(new QLabel(tr("Models of the mix:")));
    mix_table_ = make_table({tr("Model"), tr("Batch"), tr("Copies")});
    mix_table_->setTextElideMode(Qt::ElideLeft);  // model files: their names are at the end
    mix_table_->setWordWrap(false);
    cl->addWidget(mix_table_, 1);
    auto* save_mix = new QPushButton(tr("Save mix as…"));
    cl->addWidget(save_mix);
    cl->addWidget(new QLabel(tr("Cores of the platform:")));
    cores_table_ = make_table({tr("Rows"), tr("Columns"), tr("Style"), tr("Buffer KB")});
    cl->addWidget(cores_table_, 1);
    auto* save_platform = new QPushButton(tr("Save platform as…"));
    cl->addWidget(save_platform);
    // The controls scroll rather than set the window's height: with the recovery banner above the
    // tabs, their full height would push the status bar off a 720-pixel screen.
    auto* controls_scroll = new QScrollArea;
    controls_scroll->setObjectName(QStringLiteral("schedule_controls_scroll"));
    controls_scroll->setWidget(controls);
    controls_scroll->setWidgetResizable(true);
    controls_scroll->setFrameShape(QFrame::NoFrame);
    controls_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    controls_scroll->setMinimumWidth(controls->minimumSizeHint().width() + controls_scroll->verticalScrollBar()->sizeHint().width());
    split->addWidget(controls_scroll);

    auto* charts = new QSplitter(Qt::Vertical);
    timeline_ = new TimelineWidget;
    convergence_ = new ConvergenceChart;
    convergence_->set_objective_name(tr("makespan"), Quantity::Cycles);
    charts->addWidget(timeline_);
    charts->addWidget(convergence_);
    charts->setStretchFactor(0, 3);
    charts->setStretchFactor(1, 1);
    split->addWidget(charts);
    split->setStretchFactor(1, 3);
    split->setChildrenCollapsible(false);
    layout->addWidget(split);

    connect(run_, &QPushButton::clicked, this, &ScheduleView::run);
    connect(stop_, &QPushButton::clicked, this, [this] { controller_.stop(); });
    connect(trace, &QPushButton::clicked, this, [this] {
        const QString path = save_file_name(this, tr("Export trace"), "schedule_trace.json", tr("Trace (*.json)"));
        if (!path.isEmpty() && !export_trace(path)) warn(this, tr("Export trace"), tr("Nothing to export yet."));
    });
    connect(save_mix, &QPushButton::clicked, this, &ScheduleView::save_mix_as);
    connect(save_platform, &QPushButton::clicked, this, &ScheduleView::save_platform_as);
    connect(mix_, &QComboBox::currentTextChanged, this, [this] {
        if (!syncing_) {
            store_settings();
            show_mix();
        }
    });
    connect(setting_, &QComboBox::currentTextChanged, this, [this] {
        if (!syncing_) {
            store_settings();
            show_platform();
        }
    });
    for (QAbstractSpinBox* box : {static_cast<QAbstractSpinBox*>(budget_), static_cast<QAbstractSpinBox*>(seed_),
                                  static_cast<QAbstractSpinBox*>(group_), static_cast<QAbstractSpinBox*>(bandwidth_)})
        connect(box, &QAbstractSpinBox::editingFinished, this, &ScheduleView::store_settings);
    connect(algorithm_, &QComboBox::currentIndexChanged, this, &ScheduleView::store_settings);
    connect(job_analysis_, &QComboBox::currentIndexChanged, this, &ScheduleView::store_settings);
    connect(bandwidth_unit_, &QComboBox::currentIndexChanged, this, &ScheduleView::store_settings);
    connect(&controller_, &ScheduleController::updated, this, &ScheduleView::on_update);
    connect(doc, &StudyDocument::study_replaced, this, &ScheduleView::sync_from_document);
    sync_from_document();
}

void ScheduleView::sync_from_document() {
    syncing_ = true;
    const ScheduleSettings& s = doc_->study().schedule;
    mix_->setCurrentText(QString::fromStdString(s.mix));
    setting_->setCurrentText(QString::fromStdString(s.setting));
    bandwidth_->setValue(s.bandwidth);
    bandwidth_unit_->setCurrentIndex(std::max(0, bandwidth_unit_->findData(QString::fromStdString(s.bandwidth_unit))));
    job_analysis_->setCurrentIndex(std::max(0, job_analysis_->findData(QString::fromStdString(s.job_analysis))));
    algorithm_->setCurrentText(QString::fromStdString(s.algorithm));
    budget_->setValue(static_cast<int>(s.budget));
    seed_->setValue(static_cast<int>(s.seed));
    group_->setValue(s.group);
    syncing_ = false;
    show_mix();
    show_platform();
    if (doc_->study().schedule_result) show_result(*doc_->study().schedule_result);
}

void ScheduleView::store_settings() {
    if (syncing_) return;
    ScheduleSettings s = doc_->study().schedule;
    s.mix = mix_->currentText().toStdString();
    s.setting = setting_->currentText().toStdString();
    s.bandwidth = bandwidth_->value();
    s.bandwidth_unit = bandwidth_unit_->currentData().toString().toStdString();
    s.job_analysis = job_analysis_->currentData().toString().toStdString();
    s.algorithm = algorithm_->currentText().toStdString();
    s.budget = budget_->value();
    s.seed = static_cast<std::uint64_t>(seed_->value());
    s.group = group_->value();
    doc_->set_schedule_settings(s);
}

void ScheduleView::show_mix() {
    mix_table_->setRowCount(0);
    try {
        const TaskMix mix = load_task_mix(mix_->currentText().toStdString());
        mix_sequential_ = mix.sequential;
        for (const MixEntry& e : mix.entries) {
            const int r = mix_table_->rowCount();
            mix_table_->insertRow(r);
            mix_table_->setItem(r, 0, new QTableWidgetItem(QString::fromStdString(e.model)));
            mix_table_->setItem(r, 1, new QTableWidgetItem(QString::number(e.batch)));
            mix_table_->setItem(r, 2, new QTableWidgetItem(QString::number(e.copies)));
        }
        mix_table_->setToolTip(QString::fromStdString(mix.description));
        mix_about_->setText(QString::fromStdString(mix.description));
    } catch (const InputError& e) {
        mix_about_->clear();
        status_->setText(QString::fromStdString(e.diagnostic().to_string()));
    }
}

void ScheduleView::show_platform() {
    cores_table_->setRowCount(0);
    try {
        const Platform p = load_platform_setting(setting_->currentText().toStdString());
        for (const SubAccelerator& c : p.cores) {
            const int r = cores_table_->rowCount();
            cores_table_->insertRow(r);
            cores_table_->setItem(r, 0, new QTableWidgetItem(QString::number(c.rows)));
            cores_table_->setItem(r, 1, new QTableWidgetItem(QString::number(c.cols)));
            cores_table_->setItem(r, 2, new QTableWidgetItem(QString::fromStdString(std::string(core_style_name(c.style)))));
            cores_table_->setItem(r, 3, new QTableWidgetItem(QString::number(c.buffer_bytes / 1024)));
        }
        cores_table_->setToolTip(QString::fromStdString(p.description));
        platform_about_->setText(QString::fromStdString(p.description));
    } catch (const InputError& e) {
        platform_about_->clear();
        status_->setText(QString::fromStdString(e.diagnostic().to_string()));
    }
}

bool ScheduleView::save_mix_as() {
    const QString path = save_file_name(this, tr("Save task mix"), "my_mix.json", tr("Task mix (*.json)"));
    if (path.isEmpty()) return false;
    nlohmann::ordered_json j;
    j["format"] = "mapscape-mix";
    j["version"] = 1;
    j["name"] = QFileInfo(path).baseName().toStdString();
    if (mix_sequential_) j["order"] = "sequential";
    j["models"] = nlohmann::ordered_json::array();
    for (int r = 0; r < mix_table_->rowCount(); ++r) {
        auto cell = [&](int c) { return mix_table_->item(r, c) ? mix_table_->item(r, c)->text() : QString(); };
        j["models"].push_back({{"model", cell(0).toStdString()}, {"batch", cell(1).toLongLong()}, {"copies", cell(2).toLongLong()}});
    }
    try {
        write_text_file_atomically(path.toStdString(), json_text(j, 2) + "\n");
        (void)load_task_mix(path.toStdString());  // check it reads back
        mix_->setCurrentText(path);
        return true;
    } catch (const InputError& e) {
        warn(this, tr("Save task mix"), QString::fromStdString(e.diagnostic().to_string()));
    }
    return false;
}

bool ScheduleView::save_platform_as() {
    const QString path = save_file_name(this, tr("Save platform"), "my_platform.json", tr("Platform (*.json)"));
    if (path.isEmpty()) return false;
    nlohmann::ordered_json j;
    j["format"] = "mapscape-platform";
    j["version"] = 1;
    j["name"] = QFileInfo(path).baseName().toStdString();
    j["cores"] = nlohmann::ordered_json::array();
    for (int r = 0; r < cores_table_->rowCount(); ++r) {
        auto cell = [&](int c) { return cores_table_->item(r, c) ? cores_table_->item(r, c)->text() : QString(); };
        j["cores"].push_back({{"rows", cell(0).toLongLong()}, {"cols", cell(1).toLongLong()}, {"style", cell(2).toStdString()},
                              {"buffer_kb", cell(3).toLongLong()}});
    }
    try {
        write_text_file_atomically(path.toStdString(), json_text(j, 2) + "\n");
        (void)load_platform_setting(path.toStdString());
        setting_->setCurrentText(path);
        return true;
    } catch (const InputError& e) {
        warn(this, tr("Save platform"), QString::fromStdString(e.diagnostic().to_string()));
    }
    return false;
}

int ScheduleView::run() {
    store_settings();
    try {
        run_settings_ = doc_->study().schedule;
        const int id = controller_.start(run_settings_);
        stop_->setEnabled(true);
        convergence_->clear();
        status_->setText(tr("Run %1 started").arg(id));
        return id;
    } catch (const InputError& e) {
        warn(this, tr("Cannot schedule"), QString::fromStdString(e.diagnostic().to_string()));
    }
    return 0;
}

void ScheduleView::draw_timeline(const ScheduleSnapshot& s) {
    std::vector<TimelineJob> jobs;
    for (const Job& j : s.jobs) jobs.push_back({QString::fromStdString(j.label()), QString::fromStdString(j.model), static_cast<double>(j.macs)});
    std::vector<QString> cores;
    for (std::size_t c = 0; c < s.platform.cores.size(); ++c)
        cores.push_back(tr("core %1 %2").arg(c).arg(QString::fromStdString(s.platform.cores[c].describe()).section(',', 0, 0)));
    timeline_->set_schedule(s.timeline.segments, std::move(jobs), std::move(cores), s.system_bytes_per_cycle, s.platform.clock_mhz / 1e3);
}

void ScheduleView::show_result(const ScheduleRecord& r) {
    ScheduleSnapshot s;  // run 0: no run of this session
    s.jobs = r.jobs;
    s.platform = r.platform;
    s.system_bytes_per_cycle = r.system_bytes_per_cycle;
    s.best = r.best;
    s.timeline = r.timeline;
    s.samples = r.samples;
    s.budget = r.budget;
    s.trace = r.trace;
    s.finished = true;
    s.wall_seconds = r.wall_seconds;
    s.lower_bound = r.lower_bound_cycles;
    s.throughput_gflops = r.throughput_gflops;
    last_ = s;
    draw_timeline(s);
    convergence_->clear();
    convergence_->set_curve(0, tr("saved run"), s.trace);
    stop_->setEnabled(controller_.running());
    const double makespan = s.timeline.makespan;
    status_->setText(tr("Saved schedule (%1, %2 on %3, group %4): %5 samples in %6 s; makespan %7 (lower bound %8, %9% above it), %10 GFLOP/s")
                         .arg(QString::fromStdString(r.settings.algorithm), QString::fromStdString(r.settings.mix),
                              QString::fromStdString(r.settings.setting))
                         .arg(r.settings.group)
                         .arg(s.samples)
                         .arg(s.wall_seconds, 0, 'f', 3)
                         .arg(quantity_text(makespan, Quantity::Cycles, 5))
                         .arg(quantity_text(s.lower_bound, Quantity::Cycles, 5))
                         .arg(s.lower_bound > 0 ? (makespan / s.lower_bound - 1) * 100 : 0.0, 0, 'f', 1)
                         .arg(s.throughput_gflops, 0, 'f', 1));
}

void ScheduleView::on_update(const ScheduleSnapshot& s) {
    if (!s.timeline.segments.empty()) {
        last_ = s;
        draw_timeline(s);
    }
    if (s.finished && last_.run == s.run && !last_.timeline.segments.empty()) {
        // The study keeps the finished schedule (saved with it, and in its recovery copy).
        ScheduleRecord r;
        r.settings = run_settings_;
        r.platform = s.platform;
        r.jobs = s.jobs;
        for (Job& j : r.jobs) {  // of the layer, only its name is kept
            Layer named;
            named.name = j.layer.name;
            j.layer = std::move(named);
        }
        r.system_bytes_per_cycle = s.system_bytes_per_cycle;
        r.best = last_.best;
        r.timeline = last_.timeline;
        r.samples = s.samples;
        r.budget = s.budget;
        r.trace = s.trace;
        r.wall_seconds = s.wall_seconds;
        r.lower_bound_cycles = s.lower_bound;
        r.throughput_gflops = last_.throughput_gflops;
        doc_->set_schedule_result(r);
    }
    convergence_->set_curve(s.run, tr("run %1").arg(s.run), s.trace);
    const double makespan = last_.run == s.run ? last_.timeline.makespan : 0;
    status_->setText(tr("Run %1: %2 of %3 samples%4; makespan %5 (lower bound %6, %7% above it), %8 GFLOP/s")
                         .arg(s.run)
                         .arg(s.samples)
                         .arg(s.budget)
                         .arg(s.finished ? tr(", finished in %1 s").arg(s.wall_seconds, 0, 'f', 3) : QString())
                         .arg(quantity_text(makespan, Quantity::Cycles, 5))
                         .arg(quantity_text(s.lower_bound, Quantity::Cycles, 5))
                         .arg(s.lower_bound > 0 ? (makespan / s.lower_bound - 1) * 100 : 0.0, 0, 'f', 1)
                         .arg(last_.throughput_gflops, 0, 'f', 1));
    if (s.finished) stop_->setEnabled(false);
}

bool ScheduleView::export_trace(const QString& path) {
    if (last_.timeline.segments.empty()) return false;
    WorkloadScheduleRequest request;
    int max_id = 0;
    for (const Job& j : last_.jobs) max_id = std::max(max_id, j.id);
    request.jobs.resize(static_cast<std::size_t>(max_id) + 1);
    for (const Job& j : last_.jobs) request.jobs[static_cast<std::size_t>(j.id)] = j;
    request.platform = last_.platform;
    WorkloadSchedule w;
    GroupSchedule g;
    g.jobs = last_.jobs;
    g.table = last_.table;
    g.result.found = true;
    g.result.best = last_.best;
    g.timeline = last_.timeline;
    w.groups.push_back(std::move(g));
    try {
        write_text_file_atomically(path.toStdString(), json_text(workload_schedule_to_trace(request, w)) + "\n");
        return true;
    } catch (const InputError& e) {
        warn(this, tr("Export trace"), QString::fromStdString(e.diagnostic().to_string()));
    }
    return false;
}

}  // namespace mapscape::ui
