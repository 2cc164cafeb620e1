// `mapscape-cli bench`: cost-model throughput on ResNet-18 layers with two-level mappings, or on
// the layers of a MAESTRO file (`--mapping FILE.m --hw HW.m`), which
// tools/bench_against_maestro.py times MAESTRO on in the same run.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <random>
#include <thread>
#include <vector>

#include "cli/commands.hpp"
#include "util/cpu_name.hpp"
#include "util/thread_pool.hpp"
#include "cli/accelerator_options.hpp"
#include "cli/option_checks.hpp"
#include "mapping/maestro_file.hpp"
#include "cost/evaluate.hpp"
#include "arch/presets.hpp"
#include "mapping/random_mapping.hpp"
#include "schedule/magma.hpp"
#include "tech/technology.hpp"
#include "tech/technology_library.hpp"
#include "schedule/workload_schedule.hpp"
#include "search/model_search.hpp"
#include "workload/model.hpp"

namespace mapscape::cli {

namespace {

struct BenchOptions {
    double seconds = 1.0;
    int threads = 0;  // 0: all hardware threads
    std::uint64_t seed = 1;
    int mappings = 2000;
    bool search = true;
    std::string technology = "45nm";
    std::string mapping_file;  // time this MAESTRO file's layers instead
    AcceleratorOptions hw;
};

struct Case {
    const Layer* layer;
    Mapping mapping;
};

Accelerator bench_accelerator() {
    Accelerator acc;
    acc.name = "bench-256";
    acc.num_pes = 256;
    acc.l1_size_bytes = 1 << 20;
    acc.l2_size_bytes = 1 << 26;
    set_uniform_noc(acc, 64, 1, 1);
    acc.offchip_bw_elements_per_cycle = 64;
    return acc;
}

// Evaluates the cases round-robin until `seconds` have passed; returns evaluations per second.
double measure(const std::vector<Case>& cases, const Accelerator& acc, double seconds,
               std::size_t start, std::int64_t& checksum, ReportDetail detail = ReportDetail::Full) {
    using clock = std::chrono::steady_clock;
    const auto t0 = clock::now();
    std::int64_t count = 0;
    std::size_t i = start;
    double elapsed = 0;
    // Summed locally: threads adding to neighbouring checksums at every evaluation would share a
    // cache line, and the two-thread rate would measure that instead of the cost model.
    std::int64_t sum = 0;
    do {
        for (int k = 0; k < 256; ++k) {
            const Case& c = cases[i];
            const CostReport r = evaluate(*c.layer, acc, c.mapping, detail);
            sum += r.runtime_cycles;
            if (++i == cases.size()) i = 0;
        }
        count += 256;
        elapsed = std::chrono::duration<double>(clock::now() - t0).count();
    } while (elapsed < seconds);
    checksum += sum;
    return static_cast<double>(count) / elapsed;
}

// `measure` on `threads` threads at once, each from its own start in the cases (a search
// evaluates a batch so); the sum of their rates.
double measure_on_threads(const std::vector<Case>& cases, const Accelerator& acc, double seconds, int threads,
                          std::int64_t& checksum, ReportDetail detail) {
    std::vector<double> rates(static_cast<std::size_t>(threads));
    std::vector<std::int64_t> sums(static_cast<std::size_t>(threads));
    {
        std::vector<std::jthread> pool;
        for (int t = 0; t < threads; ++t)
            pool.emplace_back([&, t] {
                const auto i = static_cast<std::size_t>(t);
                rates[i] = measure(cases, acc, seconds, i * 97 % cases.size(), sums[i], detail);
            });
    }
    double total = 0;
    for (std::size_t t = 0; t < rates.size(); ++t) {
        total += rates[t];
        checksum += sums[t];
    }
    return total;
}

// GAMMA at the paper's budget on every ResNet-18 layer (Edge, S2, latency): each layer alone
// on one thread, then the whole model on all threads.
void bench_search(const Model& model, int threads, std::uint64_t seed) {
    ModelSearchRequest request;
    request.layers = model.layers;
    for (std::size_t i = 0; i < model.layers.size(); ++i) request.layer_numbers.push_back(static_cast<int>(i) + 1);
    request.base.accelerator = accelerator_preset("edge");
    request.base.system = TargetSystem::S2;
    request.base.objective = Objective::of(Metric::Latency);
    request.base.budget.samples = 10000;
    request.base.seed = seed;
    double slowest = 0, sum = 0;
    for (std::size_t i = 0; i < model.layers.size(); ++i) {
        SearchProblem p = request.base;
        p.layer = model.layers[i];
        p.threads = 1;
        const SearchResult r = run_gamma(p, {});
        slowest = std::max(slowest, r.wall_seconds);
        sum += r.wall_seconds;
    }
    std::printf("gamma_10k_samples_one_layer_single_thread: mean %.3f s, slowest %.3f s (ResNet-18 on Edge, S2, latency)\n",
                sum / static_cast<double>(model.layers.size()), slowest);
    request.base.threads = threads;
    const ModelSearchOutcome all = search_model(request);
    std::printf("gamma_10k_samples_all_%zu_layers_%d_threads: %.3f s (total latency %lld cycles)\n", model.layers.size(),
                threads, all.wall_seconds, static_cast<long long>(all.total_runtime_cycles));
}

// MAGMA at the paper's budget: 10,000 samples on a group of 100 jobs of the Mix task, on the
// 4-core S2 platform at 16 GB/s.
void bench_schedule(std::uint64_t seed) {
    const std::vector<Job> group = split_groups(build_jobs(load_task_mix("mix")), 100)[0];
    const Platform s2 = platform_setting(2);
    const auto t0 = std::chrono::steady_clock::now();
    const JobTable table = analyze_jobs(group, s2);
    const double analysis = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    ScheduleProblem p;
    p.table = &table;
    p.system_bytes_per_cycle = s2.bytes_per_cycle(16);
    p.seed = seed;
    const ScheduleResult r = run_magma(p);
    std::printf("magma_10k_samples_group_of_100_4_cores: %.3f s (job analysis %.3f s; makespan %.0f cycles)\n", r.wall_seconds,
                analysis, r.makespan);
}

// Every layer of a MAESTRO file, evaluated in turn as MAESTRO analyses it (the full report: runtime,
// energy, buffer and bandwidth requirements), then for a search's objectives only; best of
// `rounds` rounds of `seconds` each. Prints microseconds per layer evaluation, which
// tools/bench_against_maestro.py sets against MAESTRO's.
int run_file_bench(const BenchOptions& o) {
    Accelerator acc = o.hw.build();
    acc.analysis = AnalysisMode::MaestroExact;  // the faithful analysis is timed after, in the same run
    const MaestroNetwork net = read_maestro_file(o.mapping_file);
    std::vector<Case> cases;
    for (const MaestroLayer& l : net.layers)
        if (l.has_dataflow) cases.push_back({&l.layer, l.mapping});
    if (cases.empty()) throw InputError({o.mapping_file, 0, 0}, "no layer with a Dataflow block to time");
    std::printf("machine: %s, %u hardware threads\n", cpu_model_name().c_str(), std::thread::hardware_concurrency());
    std::printf("workload: %s, %zu layers with a dataflow\n", o.mapping_file.c_str(), cases.size());
    std::int64_t checksum = 0;
    measure(cases, acc, 0.2, 0, checksum);  // warm up
    double full = 0, objectives = 0;
    for (int round = 0; round < 5; ++round) {  // the best round: the machine's speed, not its neighbours'
        full = std::max(full, measure(cases, acc, o.seconds / 5, 0, checksum, ReportDetail::Full));
        objectives = std::max(objectives, measure(cases, acc, o.seconds / 5, 0, checksum, ReportDetail::Objectives));
    }
    std::printf("file_full_report_single_thread: %.0f evaluations/s (%.3f us per layer)\n", full, 1e6 / full);
    std::printf("file_search_objectives_single_thread: %.0f evaluations/s (%.3f us per layer)\n", objectives, 1e6 / objectives);
    // Every core at once, each cycling through the layers from its own start (a search evaluates
    // a batch so).
    const int threads = resolve_thread_count(o.threads);
    const double all = measure_on_threads(cases, acc, o.seconds / 2, threads, checksum, ReportDetail::Full);
    std::printf("file_full_report_%d_threads: %.0f evaluations/s (%.3f us per layer)\n", threads, all, 1e6 / all);
    // The faithful analysis on the same layers (docs/faithful-analysis.md), best of 5 rounds too.
    Accelerator faithful = acc;
    faithful.analysis = AnalysisMode::Faithful;
    double faithful_rate = 0;
    for (int round = 0; round < 5; ++round)
        faithful_rate = std::max(faithful_rate, measure(cases, faithful, o.seconds / 5, 0, checksum, ReportDetail::Full));
    std::printf("faithful_full_report_single_thread: %.0f evaluations/s (%.3f us per layer; %.3f of the MAESTRO-exact analysis's rate)\n",
                faithful_rate, 1e6 / faithful_rate, faithful_rate / full);
    std::printf("(checksum %lld)\n", static_cast<long long>(checksum));
    return kExitOk;
}

int run_bench(const BenchOptions& o) {
    if (!o.mapping_file.empty()) return run_file_bench(o);
    const Model model = load_bundled_model("resnet18");
    const Accelerator acc = bench_accelerator();
    std::mt19937_64 rng(o.seed);
    std::vector<Case> random_cases, fixed_cases;
    RandomMappingOptions ro;
    ro.levels = 2;
    ro.num_pes = acc.num_pes;
    for (int i = 0; i < o.mappings; ++i) {
        const Layer& l = model.layers[static_cast<std::size_t>(i) % model.layers.size()];
        random_cases.push_back({&l, random_mapping(l, ro, rng)});
    }
    // A weight-stationary dataflow in the style of MAESTRO's kcp_ws files.
    for (const Layer& l : model.layers) {
        Mapping m;
        const std::int64_t r = l.size(Dim::R), s = l.size(Dim::S);
        m.directives = {Directive::spatial(Dim::K, 1, 1),        Directive::temporal(Dim::C, 64, 64),
                        Directive::temporal(Dim::R, r, r),        Directive::temporal(Dim::S, s, s),
                        Directive::temporal(Dim::Y, r, 1),        Directive::temporal(Dim::X, s, 1),
                        Directive::cluster(64),                   Directive::spatial(Dim::C, 1, 1),
                        Directive::temporal(Dim::Y, r, 1),        Directive::temporal(Dim::X, s, 1),
                        Directive::temporal(Dim::R, r, r),        Directive::temporal(Dim::S, s, s)};
        fixed_cases.push_back({&l, m});
    }
    std::int64_t valid = 0;
    for (const auto& c : random_cases) valid += evaluate(*c.layer, acc, c.mapping).valid();

    std::printf("machine: %s, %u hardware threads\n", cpu_model_name().c_str(),
                std::thread::hardware_concurrency());
    std::printf("workload: ResNet-18 (%zu layers), %zu random two-level GAMMA-style mappings "
                "(%lld valid), seed %llu; accelerator %lld PEs, NoC %lld elements/cycle\n",
                model.layers.size(), random_cases.size(), static_cast<long long>(valid),
                static_cast<unsigned long long>(o.seed), static_cast<long long>(acc.num_pes),
                static_cast<long long>(acc.noc[0].bandwidth_elements_per_cycle));
    std::int64_t checksum = 0;
    measure(random_cases, acc, 0.2, 0, checksum);  // warm up
    const double single = measure(random_cases, acc, o.seconds, 0, checksum, ReportDetail::Objectives);
    std::printf("cost_model_single_thread: %.0f evaluations/s\n", single);
    if (!o.technology.empty()) {
        // The same mappings priced by a physical technology, in twenty short rounds alternating
        // with MAESTRO's model: each pair sees the same machine (a shared CPU's speed drifts by
        // tens of percent over seconds), and the median of the pairs' ratios is reported.
        Accelerator physical = acc;
        apply_technology(physical, load_technology(o.technology));
        std::vector<double> ratios, tech_rates, maestro_rates;
        const double round_seconds = std::max(0.05, o.seconds / 10);
        for (int round = 0; round < 20; ++round) {
            const bool tech_first = round % 2 == 0;
            const double first = measure(random_cases, tech_first ? physical : acc, round_seconds, 0, checksum, ReportDetail::Objectives);
            const double second = measure(random_cases, tech_first ? acc : physical, round_seconds, 0, checksum, ReportDetail::Objectives);
            tech_rates.push_back(tech_first ? first : second);
            maestro_rates.push_back(tech_first ? second : first);
            ratios.push_back(tech_rates.back() / maestro_rates.back());
        }
        auto median = [](std::vector<double> v) {
            std::sort(v.begin(), v.end());
            return (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
        };
        std::printf("cost_model_single_thread_technology_%s: %.0f evaluations/s (%.3f x MAESTRO's model's %.0f, median of 20 "
                    "paired rounds in the same run)\n",
                    physical.physical_technology ? physical.physical_technology->name.c_str() : "maestro", median(tech_rates),
                    median(ratios), median(maestro_rates));
    }
    const double full = measure(random_cases, acc, o.seconds, 0, checksum, ReportDetail::Full);
    std::printf("cost_model_full_report_single_thread: %.0f evaluations/s\n", full);
    const double fixed = measure(fixed_cases, acc, o.seconds, 0, checksum, ReportDetail::Objectives);
    std::printf("cost_model_kcp_ws_single_thread: %.0f evaluations/s\n", fixed);

    const int threads = resolve_thread_count(o.threads);
    const double total = measure_on_threads(random_cases, acc, o.seconds, threads, checksum, ReportDetail::Objectives);
    std::printf("cost_model_%d_threads: %.0f evaluations/s\n", threads, total);
    std::printf("(checksum %lld)\n", static_cast<long long>(checksum));
    if (o.search) {
        bench_search(model, threads, o.seed);
        bench_schedule(o.seed);
    }
    return kExitOk;
}

}  // namespace

void add_bench_command(CLI::App& app, int& exit_code) {
    auto o = std::make_shared<BenchOptions>();
    CLI::App* c = app.add_subcommand("bench", "measure cost-model throughput (evaluations per second)");
    c->add_option("--seconds", o->seconds, "time per benchmark")->check(amount_in_range(0.05, 600.0, "seconds"));
    c->add_option("--threads", o->threads, "threads for the parallel benchmark (0: all)")->check(count_in_range(0, 1024, "threads"));
    c->add_option("--seed", o->seed, "seed of the random mappings")->check(seed_value());
    c->add_option("--mappings", o->mappings, "number of random mappings")->check(count_in_range(1, 10000000, "mappings"));
    c->add_flag("!--no-search", o->search, "skip the GAMMA search timings");
    c->add_option("--tech", o->technology, "also time the cost model under this technology (\"\": skip)")->capture_default_str();
    CLI::Option* mapping = c->add_option("--mapping", o->mapping_file, "time the layers of this MAESTRO file instead");
    c->add_option("--hw", o->hw.hw_file, "with --mapping: its MAESTRO HW file (default: MAESTRO's command-line defaults)")->needs(mapping);
    c->callback([o, &exit_code] { exit_code = run_bench(*o); });
}

}  // namespace mapscape::cli
