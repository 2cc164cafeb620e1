// The job analysis as the public MAGMA code does it: its style files as our mappings against the
// real MAESTRO's figures (tests/data/magma_code/maestro_jobs.csv), whole job tables its GA
// cached (magma_cache_*.csv), its
// layer conversions, alignment candidates and job order; the bandwidth units; and our own
// analysis, still the default, giving the figures it gave before either option existed.
#include <QtTest>

#include <cmath>
#include <fstream>
#include <sstream>

#include "cost/evaluate.hpp"
#include "schedule/magma_code_analysis.hpp"
#include "schedule/schedule_algorithm.hpp"
#include "schedule/workload_schedule.hpp"
#include "test_support.hpp"
#include "util/diagnostic.hpp"

using namespace mapscape;

namespace {

std::vector<std::vector<std::string>> read_csv(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::vector<std::string>> rows;
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        std::vector<std::string> cells;
        std::stringstream s(line);
        std::string cell;
        while (std::getline(s, cell, ',')) cells.push_back(cell);
        rows.push_back(cells);
    }
    return rows;
}

std::int64_t num(const std::string& s) { return std::stoll(s); }

// A row K,C,Y,X,R,S,T of the code's tables (GAMMA's conventions) as our layer.
Layer code_row(std::int64_t k, std::int64_t c, std::int64_t y, std::int64_t x, std::int64_t r, std::int64_t s, std::int64_t t) {
    switch (t) {
        case 0: return Layer::fully_connected("fc", k, c);
        case 2: return Layer::depthwise("dw", c, r, s, y, x);
        case 3: return Layer::gemm("gemm", k, c, y);
        default: return Layer::conv("conv", k, c, r, s, y, x);
    }
}

MagmaStyle style_named(const std::string& s) { return s == "shi" ? MagmaStyle::Shi : MagmaStyle::Dla; }

bool near(double a, double b, double relative = 1e-12) { return std::abs(a - b) <= relative * std::max(1.0, std::abs(b)); }

}  // namespace

class MagmaCodeAnalysisTest : public QObject {
    Q_OBJECT
private slots:
    // Each of the 16 jobs MAESTRO analysed with the code's files and command line: our cost model
    // on the same mapping gives its runtime, L2 requirement and MAC count exactly, and the job
    // table entry is (runtime, L2 / 2 / (runtime - 1)).
    void style_files_match_maestro() {
        const auto rows = read_csv(test_data("magma_code/maestro_jobs.csv"));
        QCOMPARE(rows.size(), std::size_t{16});
        for (const auto& r : rows) {
            const Layer layer = code_row(num(r[0]), num(r[1]), num(r[2]), num(r[3]), num(r[4]), num(r[5]), num(r[6]));
            const MagmaStyle style = style_named(r[7]);
            const std::int64_t pes = num(r[8]), cls = num(r[9]);
            const std::int64_t runtime = num(r[10]), l2 = num(r[11]), macs = num(r[12]);
            const Layer code = magma_code_layer(layer);
            const CostReport report =
                evaluate(code, magma_code_accelerator(pes, 200, 1), magma_style_mapping(style, code, cls), ReportDetail::Objectives);
            const QByteArray what = QByteArray::fromStdString(shape_summary(layer) + " " + r[7] + " " + r[8] + " PEs, cluster " + r[9]);
            QVERIFY2(report.valid(), what.constData());
            QVERIFY2(report.runtime_cycles == runtime, (what + " runtime " + QByteArray::number(qint64(report.runtime_cycles))).constData());
            QVERIFY2(report.l2_required_elements == l2, (what + " L2 " + QByteArray::number(qint64(report.l2_required_elements))).constData());
            QVERIFY2(report.macs == macs, (what + " MACs " + QByteArray::number(qint64(report.macs))).constData());
            if (cls != kMagmaClusterSize) continue;
            const MagmaCodeCost cost = magma_code_cost(layer, style, pes, 200, 1);
            QVERIFY(cost.valid);
            QCOMPARE(cost.latency_cycles, static_cast<double>(runtime));
            QVERIFY(near(cost.bandwidth_bytes_per_cycle, static_cast<double>(l2) / 2.0 / static_cast<double>(runtime - 1)));
        }
    }

    // Whole tables MAGMA's GA cached: batch1/insts1 on its setting 2 (S1: four dla cores, CONV
    // jobs) and batch_mix/insts0 on its setting 3 (S2: three dla cores and a shi core; GEMM, FC,
    // CONV and depthwise jobs): every latency and bandwidth, in the file's order.
    void job_table_matches_magmas_cache_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("setting");
        QTest::addColumn<int>("jobs");
        QTest::newRow("batch1/insts1, setting 2 = S1") << "magma_code/magma_cache_batch1_insts1_setting2.csv" << 1 << 120;
        QTest::newRow("batch_mix/insts0, setting 3 = S2") << "magma_code/magma_cache_batch_mix_insts0_setting3.csv" << 2 << 100;
    }

    void job_table_matches_magmas_cache() {
        QFETCH(QString, file);
        QFETCH(int, setting);
        QFETCH(int, jobs);
        const auto rows = read_csv(test_data(file.toStdString()));
        QCOMPARE(static_cast<int>(rows.size()), jobs);
        std::vector<Job> list;
        for (const auto& r : rows) {
            Job j;
            j.id = static_cast<int>(list.size());
            j.layer = code_row(num(r[2]), num(r[3]), num(r[4]), num(r[5]), num(r[6]), num(r[7]), num(r[8]));
            j.macs = exact_macs(j.layer);
            list.push_back(j);
        }
        const JobTable t = analyze_jobs(list, platform_setting(setting), JobAnalysis::MagmaCode);
        for (int j = 0; j < t.jobs(); ++j)
            for (int c = 0; c < 4; ++c) {
                const auto& r = rows[static_cast<std::size_t>(j)];
                const QByteArray where = "job " + QByteArray::number(j) + " core " + QByteArray::number(c);
                QVERIFY2(t.latency(j, c) == std::stod(r[static_cast<std::size_t>(9 + c)]), where.constData());
                QVERIFY2(near(t.bandwidth(j, c), std::stod(r[static_cast<std::size_t>(13 + c)])), where.constData());
            }
    }

    void layers_take_the_codes_conv_form() {
        // GEMM (M x K) * (K x N): K = N, C = K, Y = M.
        const Layer g = magma_code_layer(Layer::gemm("g", 20, 768, 512));
        QCOMPARE(g.type, LayerType::Conv);
        MAPSCAPE_COMPARE_I64(g.size(Dim::K), 768);
        MAPSCAPE_COMPARE_I64(g.size(Dim::C), 512);
        MAPSCAPE_COMPARE_I64(g.size(Dim::Y), 20);
        MAPSCAPE_COMPARE_I64(g.size(Dim::X), 1);
        // A fully-connected layer's batch becomes the rows, as a GEMM's M.
        const Layer f = magma_code_layer(Layer::fully_connected("f", 1024, 4096, 8));
        MAPSCAPE_COMPARE_I64(f.size(Dim::K), 1024);
        MAPSCAPE_COMPARE_I64(f.size(Dim::C), 4096);
        MAPSCAPE_COMPARE_I64(f.size(Dim::Y), 8);
        QVERIFY(!f.has(Dim::N));
        // Depthwise layers take dpt_f.m on every core style.
        const Layer dw = Layer::depthwise("dw", 64, 3, 3, 14, 14);
        QVERIFY(magma_style_mapping(MagmaStyle::Shi, dw) == magma_style_mapping(MagmaStyle::Dpt, dw));
        QVERIFY(magma_style_mapping(MagmaStyle::Dla, dw) == magma_style_mapping(MagmaStyle::Dpt, dw));
        QCOMPARE(magma_style_mapping(MagmaStyle::Dpt, dw).num_levels(), 1);
    }

    // find_best_alignment's dla candidates: the divisors of C (a GEMM's K) below min(C + 1, PEs).
    void alignment_candidates_are_the_divisors() {
        const Layer conv = magma_code_layer(Layer::conv("c", 14, 124, 3, 3, 68, 20));
        QVERIFY((magma_alignment_cluster_sizes(conv, 2048) == std::vector<std::int64_t>{1, 2, 4, 31, 62, 124}));
        QVERIFY((magma_alignment_cluster_sizes(conv, 62) == std::vector<std::int64_t>{1, 2, 4, 31}));
        const Layer gemm = magma_code_layer(Layer::gemm("g", 20, 768, 12));
        QVERIFY((magma_alignment_cluster_sizes(gemm, 2048) == std::vector<std::int64_t>{1, 2, 3, 4, 6, 12}));
        // Flexible: the best candidate, never worse than the default cluster size of 64.
        const Layer layer = Layer::conv("c", 14, 124, 3, 3, 68, 20);
        const MagmaCodeCost fixed = magma_code_cost(layer, MagmaStyle::Dla, 2048, 200, 1, false);
        const MagmaCodeCost flex = magma_code_cost(layer, MagmaStyle::Dla, 2048, 200, 1, true);
        QVERIFY(flex.valid && flex.latency_cycles <= fixed.latency_cycles);
        QVERIFY(flex.cluster_size != kMagmaClusterSize);
        // A depthwise layer's channels split over all the PEs when a cluster size of 1 is allowed.
        const Layer dw = Layer::depthwise("dw", 72, 3, 3, 56, 56);
        QVERIFY(magma_code_cost(dw, MagmaStyle::Dla, 2048, 200, 1, true).latency_cycles <
                magma_code_cost(dw, MagmaStyle::Dla, 2048, 200, 1, false).latency_cycles / 10);
        // The LB (shi) cores have no candidates in the code: the flag changes nothing there.
        QCOMPARE(magma_code_cost(layer, MagmaStyle::Shi, 2048, 200, 1, true).latency_cycles,
                 magma_code_cost(layer, MagmaStyle::Shi, 2048, 200, 1, false).latency_cycles);
    }

    // sorting_job: by the last core's latency, then the one before, down to the third core.
    void job_order_is_the_codes() {
        // 4 cores; job 0..3 latencies. Key (core 3, core 2).
        const std::vector<double> latency = {
            9, 9, 5, 7,  // job 0: (7, 5)
            1, 1, 4, 7,  // job 1: (7, 4)
            0, 0, 9, 2,  // job 2: (2, 9)
            5, 5, 4, 7,  // job 3: (7, 4), ties job 1: stays after it
        };
        QVERIFY((magma_code_job_order(latency, 4, 4) == std::vector<int>{2, 1, 3, 0}));
        // Two cores: the key is empty, the order stays.
        QVERIFY((magma_code_job_order({3, 1, 2, 0}, 2, 2) == std::vector<int>{0, 1}));
    }

    // --bw-units: 16 bytes per cycle is the code's `--dram_bw 16`; 16 GB/s is 80 bytes per cycle
    // at 200 MHz; 3.2 GB/s and 16 bytes per cycle schedule the same.
    void bandwidth_units_are_honoured() {
        WorkloadScheduleRequest r;
        r.jobs = split_groups(build_jobs(load_task_mix("recommendation")), 100)[0];
        r.platform = platform_setting(2);
        r.budget = 300;
        r.algorithm = *parse_schedule_algorithm("magma");
        r.bandwidth = 16;
        QCOMPARE(r.system_bytes_per_cycle(), 80.0);
        r.bandwidth_unit = BandwidthUnit::BytesPerCycle;
        QCOMPARE(r.system_bytes_per_cycle(), 16.0);
        const WorkloadSchedule per_cycle = schedule_workload(r);
        r.bandwidth_unit = BandwidthUnit::Gbps;
        r.bandwidth = 3.2;
        QVERIFY(near(r.system_bytes_per_cycle(), 16.0));
        const WorkloadSchedule gbps = schedule_workload(r);
        QVERIFY(near(per_cycle.makespan_cycles, gbps.makespan_cycles, 1e-9));
        r.bandwidth = 16;
        const WorkloadSchedule wide = schedule_workload(r);
        QVERIFY(wide.makespan_cycles < per_cycle.makespan_cycles);  // these jobs are bandwidth-bound at 3.2 GB/s
        QCOMPARE(parse_bandwidth_unit("bytes-per-cycle"), std::optional<BandwidthUnit>(BandwidthUnit::BytesPerCycle));
        QVERIFY(!parse_bandwidth_unit("GiB"));
    }

    // Ours stays the default, and gives what it gave before the options existed (figures from
    // `mapscape-cli schedule --mix recommendation --setting S2 --bw 4 --algo magma --budget 500
    // --group 2` and `--mix vision --setting S4 --bw 16 --algo herald --group 3`, built from
    // main at cba52e3).
    void the_default_is_unchanged() {
        WorkloadScheduleRequest r;
        QCOMPARE(r.job_analysis, JobAnalysis::Mapscape);
        QCOMPARE(r.bandwidth_unit, BandwidthUnit::Gbps);
        r.jobs = build_jobs(load_task_mix("recommendation"));
        r.platform = load_platform_setting("S2");
        r.bandwidth = 4;
        r.algorithm = *parse_schedule_algorithm("magma");
        r.budget = 500;
        r.only_group = 1;
        const WorkloadSchedule a = schedule_workload(r);
        QVERIFY(near(a.makespan_cycles, 778444.7999999999, 1e-12));
        QVERIFY(near(a.lower_bound_cycles, 778444.8, 1e-12));
        QVERIFY(near(a.energy_nj, 3446689.810488701, 1e-12));
        r.jobs = build_jobs(load_task_mix("vision"));
        r.platform = load_platform_setting("S4");
        r.bandwidth = 16;
        r.algorithm = *parse_schedule_algorithm("herald");
        r.only_group = 2;
        const WorkloadSchedule b = schedule_workload(r);
        QVERIFY(near(b.makespan_cycles, 336540.50352070347, 1e-12));
        QVERIFY(near(b.lower_bound_cycles, 334879.6, 1e-12));
        QVERIFY(near(b.energy_nj, 7474786.034312, 1e-12));
        // And the other analysis is another table.
        const auto group = split_groups(r.jobs, 100)[2];
        const JobTable ours = analyze_jobs(group, r.platform);
        const JobTable code = analyze_jobs(group, r.platform, JobAnalysis::MagmaCode);
        bool differs = false;
        for (int j = 0; j < ours.jobs(); ++j) differs = differs || ours.bandwidth(j, 0) != code.bandwidth(j, 0);
        QVERIFY(differs);
    }

    // MAGMA's instance files as bundled mixes: 10 groups of 100 jobs in the files' order.
    void the_codes_instances_are_bundled() {
        for (const char* name : {"magma-vision", "magma-language", "magma-recommendation", "magma-mix"}) {
            const TaskMix mix = load_task_mix(name);
            QVERIFY(mix.sequential);
            const std::vector<Job> jobs = build_jobs(mix);
            QCOMPARE(jobs.size(), std::size_t{1000});
            QCOMPARE(split_groups(jobs, 100).size(), std::size_t{10});
            QCOMPARE(jobs[100].model, std::string(name).replace(0, 6, "") + "_insts1");
            QCOMPARE(jobs[100].layer_number, 1);
        }
        // The first rows of batch_lang/insts0.csv: GEMM 20,128,128 then FC 1024,4096.
        const std::vector<Job> lang = build_jobs(load_task_mix("magma-language"));
        QCOMPARE(lang[0].layer.type, LayerType::Gemm);
        MAPSCAPE_COMPARE_I64(lang[0].macs, 20 * 128 * 128);
        MAPSCAPE_COMPARE_I64(lang[1].macs, 1024 * 4096);
    }

    void names_parse() {
        QCOMPARE(parse_job_analysis("magma-code"), std::optional<JobAnalysis>(JobAnalysis::MagmaCode));
        QCOMPARE(parse_job_analysis("mapscape"), std::optional<JobAnalysis>(JobAnalysis::Mapscape));
        QVERIFY(!parse_job_analysis("maestro"));
        QCOMPARE(job_analysis_name(JobAnalysis::MagmaCode), std::string_view("magma-code"));
        const Platform flex = load_platform_setting("S1-flex");
        QVERIFY(flex.flexible);
        QCOMPARE(flex.cores.size(), std::size_t{4});
        QVERIFY(!load_platform_setting("S1").flexible);
    }
};

QTEST_GUILESS_MAIN(MagmaCodeAnalysisTest)
#include "test_magma_code_analysis.moc"
