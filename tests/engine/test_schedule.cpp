// Multi-core scheduling: the bandwidth allocator on hand-computed cases, the invariants of every
// timeline (no overlap on a core, never more than the system bandwidth, every job's work done),
// MAGMA's determinism, operators and warm start, the heuristic mappers, task mixes and
// platforms.
#include <QtTest>

#include <cmath>
#include <numeric>
#include <random>

#include "schedule/schedule_algorithm.hpp"
#include "tech/technology_library.hpp"
#include "schedule/workload_schedule.hpp"
#include "test_support.hpp"
#include "util/diagnostic.hpp"
#include "workload/model.hpp"

using namespace mapscape;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// A table from per-(job, core) latencies and bandwidths.
JobTable table(int jobs, int cores, std::vector<double> latency, std::vector<double> bandwidth) {
    std::vector<double> energy(latency.size(), 1.0);
    return JobTable::from_numbers(jobs, cores, std::move(latency), std::move(bandwidth), std::move(energy),
                                  std::vector<std::int64_t>(static_cast<std::size_t>(jobs), 1000));
}

// Group 2 of the "mix" task (100 jobs), and a problem over its table on S2 at 4 GB/s.
std::vector<Job> mix_group_2() { return split_groups(build_jobs(load_task_mix("mix")), 100)[1]; }

ScheduleProblem s2_at_4_gbps(const JobTable& t, std::int64_t budget, std::uint64_t seed) {
    ScheduleProblem p;
    p.table = &t;
    p.system_bytes_per_cycle = platform_setting(2).bytes_per_cycle(4);
    p.budget = budget;
    p.seed = seed;
    return p;
}

bool near(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b)); }

// Checks what every timeline must satisfy.
void check_invariants(const JobTable& t, const CoreQueues& q, const Timeline& tl, double bandwidth) {
    QVERIFY(tl.valid);
    // No overlap on a core, in queue order.
    for (int c = 0; c < t.cores(); ++c) {
        double last_end = 0;
        std::vector<int> order;
        for (const Segment& s : tl.segments) {
            if (s.core != c) continue;
            QVERIFY(s.start >= last_end - 1e-9);
            QVERIFY(s.end > s.start);
            last_end = s.end;
            if (order.empty() || order.back() != s.job) order.push_back(s.job);
        }
        QCOMPARE(order, q[static_cast<std::size_t>(c)]);
    }
    // Never more than the system bandwidth: check at every segment start.
    for (const Segment& probe : tl.segments) {
        double used = 0;
        for (const Segment& s : tl.segments)
            if (s.start <= probe.start + 1e-9 && s.end > probe.start + 1e-9) used += s.bandwidth;
        QVERIFY2(used <= bandwidth * (1 + 1e-9), qPrintable(QString::number(used)));
    }
    // Each job gets its whole work done: the no-stall cycles, scaled by the share it got.
    for (int c = 0; c < t.cores(); ++c)
        for (int j : q[static_cast<std::size_t>(c)]) {
            double work = 0;
            for (const Segment& s : tl.segments)
                if (s.job == j && s.core == c)
                    work += t.bandwidth(j, c) > 0 ? (s.end - s.start) * s.bandwidth / t.bandwidth(j, c) : s.end - s.start;
            QVERIFY2(near(work, t.latency(j, c)), qPrintable(QString("job %1: %2 vs %3").arg(j).arg(work).arg(t.latency(j, c))));
        }
    // The makespan is the last end.
    double last = 0;
    for (const Segment& s : tl.segments) last = std::max(last, s.end);
    QVERIFY(near(tl.makespan, last));
}

}  // namespace

class ScheduleTest : public QObject {
    Q_OBJECT

private slots:
    void undersubscribed_bandwidth_runs_at_full_speed() {
        // Two cores; job 0 on core 0 (10 cycles, 30 B/cycle), job 1 on core 1 (20, 40).
        const JobTable t = table(2, 2, {10, kInf, kInf, 20}, {30, 0, 0, 40});
        BandwidthAllocator a(t, 100);
        const CoreQueues q{{0}, {1}};
        QCOMPARE(a.makespan(q), 20.0);
        const Timeline tl = a.timeline(q);
        QCOMPARE(tl.segments.size(), std::size_t{2});
        QCOMPARE(tl.segments[0].bandwidth, 30.0);
        QCOMPARE(tl.segments[1].bandwidth, 40.0);
        QCOMPARE(tl.core_finish, (std::vector<double>{10, 20}));
        check_invariants(t, q, tl, 100);
    }

    void oversubscribed_bandwidth_is_shared_in_proportion() {
        // 70 B/cycle asked of 50: both run at 5/7 speed until job 0 ends at 14; job 1 has 10
        // no-stall cycles left and finishes alone at full speed, at 24.
        const JobTable t = table(2, 2, {10, kInf, kInf, 20}, {30, 0, 0, 40});
        BandwidthAllocator a(t, 50);
        const CoreQueues q{{0}, {1}};
        const Timeline tl = a.timeline(q);
        QVERIFY(near(tl.makespan, 24));
        QCOMPARE(tl.segments.size(), std::size_t{3});
        QVERIFY(near(tl.segments[0].end, 14));
        QVERIFY(near(tl.segments[0].bandwidth, 30.0 * 5 / 7));
        QVERIFY(near(tl.segments[1].bandwidth, 40.0 * 5 / 7));
        QVERIFY(near(tl.segments[2].start, 14));
        QVERIFY(near(tl.segments[2].bandwidth, 40));
        QVERIFY(near(a.makespan(q), 24));
        check_invariants(t, q, tl, 50);
    }

    void idle_cores_and_a_core_without_jobs() {
        // Three cores: core 0 runs jobs 0 then 2, core 1 runs job 1, core 2 has nothing.
        // Latencies 4, 6, 5; bandwidths 10, 10, 30; system 25. t in [0,4): 20 asked, full
        // speed; job 0 ends at 4, job 2 starts: 40 asked of 25 -> 5/8 speed. Job 1 has 2 left
        // -> ends at 4 + 2 / (5/8) = 7.2; job 2 has done 2 of 5 by then (3.2 x 5/8); alone it
        // still asks 30 of 25 -> 5/6 speed for its last 3: ends at 7.2 + 3.6 = 10.8.
        const JobTable t = table(3, 3, {4, 4, 4, 6, 6, 6, 5, 5, 5}, {10, 10, 10, 10, 10, 10, 30, 30, 30});
        BandwidthAllocator a(t, 25);
        const CoreQueues q{{0, 2}, {1}, {}};
        const Timeline tl = a.timeline(q);
        QVERIFY(near(tl.makespan, 10.8));
        QVERIFY(near(tl.core_finish[0], 10.8));
        QVERIFY(near(tl.core_finish[1], 7.2));
        QCOMPARE(tl.core_finish[2], 0.0);
        check_invariants(t, q, tl, 25);
        // No jobs at all: nothing happens.
        QCOMPARE(a.makespan(CoreQueues{{}, {}, {}}), 0.0);
    }

    void a_job_on_a_core_that_cannot_run_it_is_invalid() {
        const JobTable t = table(1, 2, {10, kInf}, {5, 5});
        BandwidthAllocator a(t, 10);
        QVERIFY(std::isinf(a.makespan(CoreQueues{{}, {0}})));
        QVERIFY(!a.timeline(CoreQueues{{}, {0}}).valid);
    }

    void random_schedules_keep_the_invariants() {
        std::mt19937_64 rng(5);
        for (int trial = 0; trial < 50; ++trial) {
            const int jobs = 1 + static_cast<int>(rng() % 30), cores = 1 + static_cast<int>(rng() % 5);
            std::vector<double> lat, bw;
            for (int i = 0; i < jobs * cores; ++i) {
                lat.push_back(1 + static_cast<double>(rng() % 1000));
                bw.push_back(static_cast<double>(rng() % 100));
            }
            const JobTable t = table(jobs, cores, lat, bw);
            CoreQueues q(static_cast<std::size_t>(cores));
            for (int j = 0; j < jobs; ++j) q[rng() % static_cast<std::size_t>(cores)].push_back(j);
            const double system = 1 + static_cast<double>(rng() % 150);
            BandwidthAllocator a(t, system);
            const Timeline tl = a.timeline(q);
            check_invariants(t, q, tl, system);
            QVERIFY(near(a.makespan(q), tl.makespan));
            QVERIFY(tl.makespan >= makespan_lower_bound(t, system) * (1 - 1e-9));
        }
    }

    // The bound knows jobs are indivisible and cores differ: four jobs that only three cores run
    // fast make one of those cores run two of them (MAGMA's Mix on S2: ALBERT's large GEMMs).
    void the_bound_counts_jobs_that_must_share_a_fast_core() {
        std::vector<double> lat, bw;
        for (int j = 0; j < 4; ++j) lat.insert(lat.end(), {100, 100, 100, 400});
        for (int j = 0; j < 4; ++j) lat.insert(lat.end(), {25, 25, 25, 100});
        bw.assign(lat.size(), 0.0);
        const JobTable t = table(8, 4, lat, bw);
        QVERIFY(std::abs(makespan_lower_bound(t, 1.0) - 200) < 1e-6);
        BandwidthAllocator a(t, 1.0);
        QCOMPARE(a.makespan(CoreQueues{{0, 3}, {1, 4, 5}, {2, 6, 7}, {}}), 200.0);  // and a schedule reaches it
    }

    // On small tables every schedule can be tried: none beats the bound.
    void no_schedule_beats_the_bound() {
        std::mt19937_64 rng(11);
        for (int trial = 0; trial < 60; ++trial) {
            const int jobs = 2 + static_cast<int>(rng() % 4), cores = 1 + static_cast<int>(rng() % 3);
            std::vector<double> lat, bw;
            for (int i = 0; i < jobs * cores; ++i) {
                lat.push_back(rng() % 7 == 0 ? kInf : 1 + static_cast<double>(rng() % 100));
                bw.push_back(static_cast<double>(rng() % 20));
            }
            for (int j = 0; j < jobs; ++j) lat[static_cast<std::size_t>(j * cores)] = 1 + static_cast<double>(rng() % 100);
            const JobTable t = table(jobs, cores, lat, bw);
            const double system = 1 + static_cast<double>(rng() % 30);
            const double bound = makespan_lower_bound(t, system);
            BandwidthAllocator a(t, system);
            double best = kInf;
            // Every assignment of jobs to cores, and every order: permutations of the jobs, each
            // core taking its jobs in that order.
            std::vector<int> order(static_cast<std::size_t>(jobs));
            std::iota(order.begin(), order.end(), 0);
            std::vector<int> core(static_cast<std::size_t>(jobs), 0);
            for (;;) {
                do {
                    CoreQueues q(static_cast<std::size_t>(cores));
                    for (int j : order) q[static_cast<std::size_t>(core[static_cast<std::size_t>(j)])].push_back(j);
                    best = std::min(best, a.makespan(q));
                } while (std::next_permutation(order.begin(), order.end()));
                std::size_t i = 0;
                while (i < core.size() && ++core[i] == cores) core[i++] = 0;
                if (i == core.size()) break;
            }
            QVERIFY2(best >= bound * (1 - 1e-9), qPrintable(QString("trial %1: best %2 < bound %3").arg(trial).arg(best).arg(bound)));
        }
    }

    void assignments_decode_to_queues_by_priority() {
        Assignment a;
        a.core = {1, 0, 1, 1};
        a.priority = {0.9, 0.5, 0.1, 0.5};
        QCOMPARE(queues_of(a, 3), (CoreQueues{{1}, {2, 3, 0}, {}}));
        const Assignment back = assignment_of(queues_of(a, 3), 4);
        QCOMPARE(queues_of(back, 3), queues_of(a, 3));
    }

    void task_mixes_and_platforms() {
        const auto names = bundled_mix_names();
        QCOMPARE(names, (std::vector<std::string>{"language", "magma-language", "magma-mix", "magma-recommendation", "magma-vision", "mix",
                                                  "recommendation", "vision"}));
        const std::vector<Job> jobs = build_jobs(load_task_mix("recommendation"));
        QCOMPARE(jobs.size(), std::size_t{20 * 12 + 27 * 6});
        QCOMPARE(jobs[0].layer.type, LayerType::Gemm);  // FC with its mini-batch of 256
        MAPSCAPE_COMPARE_I64(jobs[0].layer.size(Dim::M), 256);
        QCOMPARE(split_groups(jobs, 100).size(), std::size_t{5});
        QCOMPARE(split_groups(jobs, 100).back().size(), std::size_t{2});
        const Platform s5 = platform_setting(5);
        QCOMPARE(s5.cores.size(), std::size_t{8});
        MAPSCAPE_COMPARE_I64(s5.cores[3].num_pes(), 128 * 64);
        QCOMPARE(s5.cores[3].style, CoreStyle::LB);
        QCOMPARE(s5.bytes_per_cycle(16), 80.0);  // 16 GB/s at 200 MHz
        QVERIFY_THROWS_EXCEPTION(mapscape::InputError, load_task_mix("nonexistent-mix"));
        QVERIFY_THROWS_EXCEPTION(mapscape::InputError, load_platform_setting("S9"));
        try {
            parse_platform_json("{\"cores\": [{\"rows\": 32, \"style\": \"XB\"}]}", "p.json");
            QFAIL("accepted a bad style");
        } catch (const InputError& e) {
            QVERIFY(e.diagnostic().to_string().find("p.json:1:") == 0);
            QVERIFY(e.diagnostic().message.find("unknown dataflow style \"XB\"") != std::string::npos);
        }
    }

    // A network whose layers repeat (an ONNX import's ViT-B/16: 12 encoder layers counted once
    // each with "repeat": 12) is as many jobs as it has runs, in interleaved and sequential mixes,
    // each repeat numbered as its layer in the model; the job tables count each run once.
    void repeated_layers_are_that_many_jobs() {
        const Model vit = load_model("vit_b_16_torchvision");
        QVERIFY(total_runs(vit.layers) > static_cast<std::int64_t>(vit.layers.size()));
        for (const bool sequential : {false, true}) {
            TaskMix mix;
            mix.name = "repeats";
            mix.sequential = sequential;
            mix.entries = {{"vit_b_16_torchvision", 1, 2, "", 0, 0}, {"resnet18", 1, 1, "", 0, 0}};
            const std::vector<Job> jobs = build_jobs(mix);
            const Model resnet = load_model("resnet18");
            QCOMPARE(static_cast<std::int64_t>(jobs.size()), 2 * total_runs(vit.layers) + total_runs(resnet.layers));
            std::int64_t macs = 0, vit_jobs = 0;
            for (const Job& j : jobs) {
                MAPSCAPE_COMPARE_I64(j.layer.repeat_count, 1);
                macs += j.macs;
                if (j.model != vit.name) continue;
                ++vit_jobs;
                QVERIFY(j.layer_number >= 1 && j.layer_number <= static_cast<int>(vit.layers.size()));
                Layer one_run = vit.layers[static_cast<std::size_t>(j.layer_number - 1)];
                QVERIFY(j.layer.name.rfind(one_run.name, 0) == 0);  // its name, and "[r/runs]" if it repeats
                one_run.repeat_count = 1;
                MAPSCAPE_COMPARE_I64(j.macs, total_macs({one_run}));  // fully-connected layers become GEMMs: the same MACs
            }
            MAPSCAPE_COMPARE_I64(vit_jobs, 2 * total_runs(vit.layers));
            MAPSCAPE_COMPARE_I64(macs, 2 * total_macs(vit.layers) + total_macs(resnet.layers));
            // Both job analyses give one row per run.
            const std::vector<Job> group = split_groups(jobs, 100)[0];
            std::int64_t group_macs = 0;
            for (const Job& j : group) group_macs += j.macs;
            for (const JobAnalysis a : {JobAnalysis::Mapscape, JobAnalysis::MagmaCode}) {
                const JobTable t = analyze_jobs(group, platform_setting(1), a);
                QCOMPARE(t.jobs(), static_cast<int>(group.size()));
                MAPSCAPE_COMPARE_I64(t.total_macs(), group_macs);
            }
        }
    }

    void job_analysis_uses_the_core_styles() {
        const std::vector<Job> jobs = split_groups(build_jobs(load_task_mix("mix")), 100)[0];
        const Platform s2 = platform_setting(2);
        const JobTable t = analyze_jobs(jobs, s2);
        QCOMPARE(t.jobs(), 100);
        QCOMPARE(t.cores(), 4);
        for (int j = 0; j < t.jobs(); ++j) {
            // Identical HB cores see identical numbers; every job runs somewhere.
            QCOMPARE(t.latency(j, 0), t.latency(j, 1));
            QVERIFY(t.runs_on(j, 0) || t.runs_on(j, 3));
            QVERIFY(t.bandwidth(j, 0) > 0);
        }
    }

    // Under a physical technology each job's energy is priced at its core's built buffer: a core
    // with a larger buffer costs more per job; latencies stay the no-stall analysis's.
    void a_technology_prices_jobs_at_the_built_buffer() {
        const std::vector<Job> jobs = split_groups(build_jobs(load_task_mix("vision")), 20)[0];
        Platform small = platform_setting(2);
        small.technology = load_technology("45nm");
        Platform big = small;
        for (SubAccelerator& c : big.cores) c.buffer_bytes *= 8;
        const JobTable maestro = analyze_jobs(jobs, platform_setting(2));
        const JobTable a = analyze_jobs(jobs, small), b = analyze_jobs(jobs, big);
        int compared = 0;
        for (int j = 0; j < a.jobs(); ++j)
            for (int c = 0; c < a.cores(); ++c) {
                if (!a.runs_on(j, c)) continue;
                QCOMPARE(a.latency(j, c), maestro.latency(j, c));
                QVERIFY(a.energy_nj(j, c) != maestro.energy_nj(j, c));
                QVERIFY(b.energy_nj(j, c) > a.energy_nj(j, c));
                ++compared;
            }
        QVERIFY(compared > 20);
    }

    void magma_is_deterministic_and_beats_random_search() {
        const JobTable t = analyze_jobs(mix_group_2(), platform_setting(2));
        const ScheduleProblem p = s2_at_4_gbps(t, 3000, 11);
        const ScheduleResult a = run_magma(p), b = run_magma(p);
        QVERIFY(a.found);
        QVERIFY(a.best == b.best);
        QCOMPARE(a.trace, b.trace);
        MAPSCAPE_COMPARE_I64(a.samples, 3000);
        const ScheduleResult random = run_schedule_search(p, *parse_schedule_algorithm("random"));
        QVERIFY(a.makespan < random.makespan);
        QVERIFY(a.makespan >= makespan_lower_bound(t, p.system_bytes_per_cycle) * (1 - 1e-9));
        // It starts from the hand-written mappers' schedules, so it never ends behind them.
        for (const char* mapper : {"herald", "aimt"})
            QVERIFY(a.makespan <= run_schedule_search(p, *parse_schedule_algorithm(mapper)).makespan);
        // Warm start: the first samples are the given schedule, so the search starts no worse.
        MagmaOptions warm;
        warm.warm_start = {a.best};
        ScheduleProblem q = p;
        q.seed = 12;
        q.budget = 1;
        const ScheduleResult first = run_magma(q, warm);
        QCOMPARE(first.best_objective, a.best_objective);
    }

    // CMA-ES on a schedule encoding: pagmo's up to 100 genes (50 jobs), the project's above
    // (kScheduleBlackBox): pagmo's takes ~1 ms per sample at 200 genes. Both find schedules
    // within a few percent of each other; timings are the docs' (docs/papers/magma.md).
    void cma_es_is_the_projects_on_large_schedule_encodings() {
        QCOMPARE(ScheduleAlgorithm{}.black_box.lazy_cma_es_above_genes, std::size_t{100});
        const std::vector<Job> jobs = mix_group_2();
        const JobTable t = analyze_jobs(jobs, platform_setting(2));
        ScheduleProblem p = s2_at_4_gbps(t, 1000, 3);
        const ScheduleAlgorithm lazy = *parse_schedule_algorithm("cmaes");
        ScheduleAlgorithm pagmo = lazy;
        pagmo.black_box = BlackBoxSettings{};  // never the project's
        const ScheduleResult a = run_schedule_search(p, lazy), b = run_schedule_search(p, lazy);
        const ScheduleResult reference = run_schedule_search(p, pagmo);
        QVERIFY(a.found && reference.found);
        QVERIFY(a.best == b.best);  // deterministic for a seed
        MAPSCAPE_COMPARE_I64(a.samples, 1000);
        QVERIFY(!(a.best == reference.best));  // another algorithm ran
        const double bound = makespan_lower_bound(t, p.system_bytes_per_cycle);
        QVERIFY(a.makespan >= bound * (1 - 1e-9));
        QVERIFY2(a.makespan <= 1.2 * reference.makespan,
                 qPrintable(QString("project's %1, pagmo's %2").arg(a.makespan).arg(reference.makespan)));
        // A group of 50 jobs (100 genes) keeps pagmo's, bit for bit.
        const std::vector<Job> fifty(jobs.begin(), jobs.begin() + 50);
        const JobTable small = analyze_jobs(fifty, platform_setting(2));
        p.table = &small;
        p.budget = 200;
        QVERIFY(run_schedule_search(p, lazy).best == run_schedule_search(p, pagmo).best);
    }

    void heuristics_build_valid_schedules() {
        const std::vector<Job> jobs = split_groups(build_jobs(load_task_mix("vision")), 100)[2];
        const Platform s2 = platform_setting(2);
        const JobTable t = analyze_jobs(jobs, s2);
        for (Heuristic h : all_heuristics()) {
            const Assignment a = heuristic_assignment(h, t, s2.bytes_per_cycle(16));
            QCOMPARE(a.core.size(), std::size_t{100});
            for (int j = 0; j < 100; ++j) QVERIFY(t.runs_on(j, a.core[static_cast<std::size_t>(j)]));
            BandwidthAllocator alloc(t, s2.bytes_per_cycle(16));
            const CoreQueues q = queues_of(a, t.cores());
            check_invariants(t, q, alloc.timeline(q), s2.bytes_per_cycle(16));
        }
        // Round robin spreads the jobs evenly.
        const Assignment rr = heuristic_assignment(Heuristic::RoundRobin, t, 80);
        for (const auto& queue : queues_of(rr, 4)) QCOMPARE(queue.size(), std::size_t{25});
    }

    void workload_schedules_are_the_same_with_one_or_two_threads() {
        WorkloadScheduleRequest r;
        r.jobs = build_jobs(load_task_mix("language"));
        r.platform = platform_setting(1);
        r.bandwidth = 4;
        r.budget = 800;
        r.algorithm = *parse_schedule_algorithm("magma");
        r.threads = 1;
        const WorkloadSchedule one = schedule_workload(r);
        r.threads = 2;
        const WorkloadSchedule two = schedule_workload(r);
        QCOMPARE(one.groups.size(), std::size_t{5});
        QVERIFY(one.complete);
        QCOMPARE(one.makespan_cycles, two.makespan_cycles);
        for (std::size_t g = 0; g < one.groups.size(); ++g) QVERIFY(one.groups[g].result.best == two.groups[g].result.best);
        // Segments of consecutive groups follow each other; every job appears.
        const std::vector<Segment> segs = workload_segments(one);
        std::vector<bool> seen(r.jobs.size(), false);
        for (const Segment& s : segs) seen[static_cast<std::size_t>(s.job)] = true;
        QVERIFY(std::all_of(seen.begin(), seen.end(), [](bool b) { return b; }));
        QVERIFY(one.throughput_gflops > 0);
        QVERIFY(one.utilization > 0 && one.utilization <= 1);
    }
};

QTEST_GUILESS_MAIN(ScheduleTest)
#include "test_schedule.moc"
