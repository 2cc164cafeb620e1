// `mapscape-cli schedule`: multi-tenant scheduling of a task mix on a multi-core platform with
// MAGMA, a black-box baseline or a hand-written mapper; `schedule-compare` tabulates several
// algorithms over mixes, bandwidths and seeds, as the MAGMA paper's Figures 8, 9 and 12.
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <memory>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/option_checks.hpp"
#include "util/table_cells.hpp"
#include "cli/list_option.hpp"
#include "schedule/job_table_file.hpp"
#include "schedule/schedule_request.hpp"
#include "schedule/schedule_json.hpp"
#include "util/diagnostic.hpp"
#include "util/text_file.hpp"
#include "util/json_text.hpp"

namespace mapscape::cli {

namespace {

// The options of a scheduling run (schedule/schedule_request.hpp), bound to a command's flags.
struct ScheduleSetupOptions : mapscape::ScheduleSetupOptions {
    void add_to(CLI::App& c) {
        c.add_option("--setting", setting, "platform: S1..S6 (the MAGMA paper's Table III), S1-flex..S6-flex (flexible PE arrays), or a platform .json file")
            ->capture_default_str();
        c.add_option("--group-size", group_size, "jobs per dependency-free group")->capture_default_str()->check(count_in_range(1, 100000, "jobs"));
        c.add_option("--group", group, "schedule only this group (1-based; 0 = every group)")->check(count_or_zero("a group", "every group"));
        c.add_option("--objective", objective, "makespan (throughput) or energy")->capture_default_str();
        c.add_option("--budget", budget, "samples per group")->capture_default_str()->check(positive_count("samples"));
        c.add_option("--threads", threads, "groups scheduled in parallel (0 = one per core); results do not depend on it")
            ->check(count_or_zero("threads", "one per core"));
        c.add_flag("--warm-start", warm_start, "MAGMA: start each group from the previous group's best schedule");
        c.add_option("--job-analysis", job_analysis,
                     "mapscape (ours: DRAM traffic over the no-stall latency) or magma-code (the public MAGMA code's style files "
                     "and its bandwidth ask L2_req / 2 / (runtime - 1))")
            ->capture_default_str();
        c.add_option("--bw-units", bw_units, "gbps, or bytes-per-cycle (as the MAGMA code's --dram_bw: its 16 is 3.2 GB/s at 200 MHz)")
            ->capture_default_str();
        c.add_option("--tech", technology,
                     "technology pricing each job's energy (45nm, 65nm, ... or a file; at each core's built buffer); default: "
                     "MAESTRO's model");
    }
};

double parse_number(const std::string& s, const std::string& option) {
    try {
        std::size_t used = 0;
        const double v = std::stod(s, &used);
        if (used == s.size()) return v;
    } catch (const std::exception&) {
    }
    throw InputError({"", 0, 0}, option + " must be a comma-separated list of numbers, not \"" + s + "\"");
}

// ---- schedule ----

struct ScheduleOptions {
    ScheduleSetupOptions setup;
    std::string mix;
    double bw = ScheduleSetupOptions{}.bw;
    std::string algo = ScheduleSetupOptions{}.algo;
    std::uint64_t seed = ScheduleSetupOptions{}.seed;
    std::string json_out, trace_out, job_table_out;
};

int run_schedule(const ScheduleOptions& o) {
    const WorkloadScheduleRequest r = make_schedule_request(o.setup, o.mix, o.bw, o.algo, o.seed);
    if (!o.job_table_out.empty() && o.setup.group == 0 && r.jobs.size() > static_cast<std::size_t>(r.group_size))
        throw InputError({"--job-table", 0, 0}, "the mix makes several groups; choose one with --group N");
    std::printf("%s: %zu jobs in groups of %d on %s (%s), %.4g %s (%.4g bytes/cycle), %s job analysis, %s, objective %s, "
                "%lld samples per group, seed %llu\n",
                o.mix.c_str(), r.jobs.size(), r.group_size, r.platform.name.c_str(), r.platform.description.c_str(), r.bandwidth,
                r.bandwidth_unit == BandwidthUnit::Gbps ? "GB/s" : "bytes/cycle", r.system_bytes_per_cycle(),
                std::string(job_analysis_name(r.job_analysis)).c_str(), r.algorithm.name().c_str(),
                std::string(schedule_objective_name(r.objective)).c_str(), static_cast<long long>(r.budget),
                static_cast<unsigned long long>(r.seed));
    const WorkloadSchedule s = schedule_workload(r);
    std::printf("%6s %6s %16s %16s %14s %10s %8s\n", "group", "jobs", "makespan_cyc", "lower_bound", "energy_nJ", "samples", "wall_s");
    for (const GroupSchedule& g : s.groups) {
        const double bound = g.lower_bound_cycles;
        if (g.result.found)
            std::printf("%6d %6zu %16.0f %16.0f %14.5g %10lld %8.3f\n", g.index + 1, g.jobs.size(), g.timeline.makespan, bound,
                        g.result.energy_nj, static_cast<long long>(g.result.samples), g.result.wall_seconds);
        else
            std::printf("%6d %6zu %16s %14s %10lld %8.3f\n", g.index + 1, g.jobs.size(), "NAN", "-",
                        static_cast<long long>(g.result.samples), g.result.wall_seconds);
    }
    std::printf("total: makespan %.0f cycles (lower bound %.0f, %s), throughput %.4g GFLOP/s, utilization %.1f%%, "
                "energy %.5g nJ, %lld samples, %.3f s\n",
                s.makespan_cycles, s.lower_bound_cycles, above_or_below_bound(s.makespan_cycles, s.lower_bound_cycles).c_str(),
                s.throughput_gflops,
                100 * s.utilization, s.energy_nj, static_cast<long long>(s.samples), s.wall_seconds);
    if (!o.json_out.empty()) {
        write_text_file_atomically(o.json_out, json_text(workload_schedule_to_json(r, s, o.setup.setting), 1) + "\n");
        std::fprintf(stderr, "wrote %s\n", o.json_out.c_str());
    }
    if (!o.job_table_out.empty() && !s.groups.empty()) {
        const GroupSchedule& g = s.groups.front();
        JobTableFile f{g.table, r.system_bytes_per_cycle(), {}, {}, {}};
        for (const Job& j : g.jobs) {
            f.labels.push_back(j.label());
            f.shapes.push_back(shape_summary(j.layer));
        }
        if (g.result.found) f.schedules.push_back(queues_of(g.result.best, g.table.cores()));
        write_text_file_atomically(o.job_table_out, json_text(job_table_to_json(f), 1) + "\n");
        std::fprintf(stderr, "wrote %s (group %d's job table and its best schedule; try it with schedule-eval)\n", o.job_table_out.c_str(),
                     g.index + 1);
    }
    if (!o.trace_out.empty()) {
        write_text_file_atomically(o.trace_out, json_text(workload_schedule_to_trace(r, s)) + "\n");
        std::fprintf(stderr, "wrote %s (open it in ui.perfetto.dev or chrome://tracing)\n", o.trace_out.c_str());
    }
    return s.complete ? kExitOk : kExitProblem;
}

// ---- schedule-compare ----

struct ScheduleCompareOptions {
    ScheduleSetupOptions setup;
    std::string mixes = "vision,language,recommendation,mix";
    std::string bws = "16";
    std::string algos = "magma,herald,aimt,stdga,de,cmaes,tbpsa,pso";
    std::string seeds = "1,2,3";
    std::string markdown_out, csv_out;
};

int run_schedule_compare(const ScheduleCompareOptions& o) {
    const std::vector<std::string> mixes = split_list(o.mixes), algos = split_list(o.algos);
    std::vector<double> bws;
    for (const auto& b : split_list(o.bws)) {
        bws.push_back(parse_number(b, "--bw"));
        if (!(bws.back() > 0))
            throw InputError({"", 0, 0}, "--bw must be a comma-separated list of positive bandwidths (GB/s, or bytes per cycle with --bw-units bytes-per-cycle), "
                                         "not \"" + b + "\"");
    }
    const std::vector<std::uint64_t> seeds = parse_seed_list(o.seeds, "--seeds");
    if (mixes.empty() || algos.empty() || bws.empty() || seeds.empty())
        throw InputError({"schedule-compare", 0, 0}, "need at least one mix, bandwidth, algorithm and seed");
    for (const auto& a : algos) (void)schedule_algorithm(a);

    struct MixRow {
        std::string label;
        std::vector<double> throughput;  // per algorithm: geometric mean over seeds, NAN if incomplete
        // The throughput no schedule can beat: the MACs at the makespan's lower bound (the same
        // jobs and groups for every algorithm and seed).
        double bound_gflops = std::nan("");
    };
    std::vector<MixRow> rows;
    std::string raw =
        "setting,mix,bw,bw_units,job_analysis,algo,seed,throughput_gflops,makespan_cycles,lower_bound_cycles,utilization,energy_nj,samples,"
        "wall_s\n";
    std::fprintf(stderr, "%s: algorithms %s, seeds %s, %lld samples per group, groups of %d, %s job analysis, bandwidth in %s\n",
                 o.setup.setting.c_str(), o.algos.c_str(), o.seeds.c_str(), static_cast<long long>(o.setup.budget), o.setup.group_size,
                 o.setup.job_analysis.c_str(), o.setup.bw_units.c_str());
    for (const std::string& mix : mixes)
        for (double bw : bws) {
            MixRow row;
            std::ostringstream label;
            label << mix << " @ " << bw << (o.setup.bw_units == "gbps" ? " GB/s" : " B/cycle");
            row.label = label.str();
            for (const std::string& a : algos) {
                double log_sum = 0;
                bool complete = true;
                double wall = 0;
                for (std::uint64_t seed : seeds) {
                    const WorkloadScheduleRequest r = make_schedule_request(o.setup, mix, bw, a, seed);
                    const WorkloadSchedule s = schedule_workload(r);
                    wall += s.wall_seconds;
                    complete = complete && s.complete;
                    if (s.complete) {
                        log_sum += std::log(s.throughput_gflops);
                        if (s.lower_bound_cycles > 0) row.bound_gflops = s.throughput_gflops * s.makespan_cycles / s.lower_bound_cycles;
                    }
                    std::ostringstream line;
                    line.precision(12);
                    line << o.setup.setting << ',' << mix << ',' << bw << ',' << o.setup.bw_units << ',' << o.setup.job_analysis << ',' << a << ',' << seed << ',' << s.throughput_gflops << ',' << s.makespan_cycles << ','
                         << s.lower_bound_cycles << ',' << s.utilization << ',' << s.energy_nj << ',' << s.samples << ',' << s.wall_seconds << '\n';
                    raw += line.str();
                }
                row.throughput.push_back(complete ? std::exp(log_sum / static_cast<double>(seeds.size())) : std::nan(""));
                std::fprintf(stderr, "  %-28s %-10s %10.4g GFLOP/s  (%.2f s)\n", row.label.c_str(), a.c_str(), row.throughput.back(), wall);
            }
            rows.push_back(std::move(row));
        }

    // Markdown: the bound and the first algorithm's absolute throughput and share of it, the others
    // relative to the first.
    std::ostringstream md;
    md << "| task, bandwidth | bound (GFLOP/s) | " << algos[0] << " (GFLOP/s) | " << algos[0] << " / bound |";
    for (std::size_t a = 1; a < algos.size(); ++a) md << ' ' << algos[0] << " / " << algos[a] << " |";
    md << "\n|---|---:|---:|---:|";
    for (std::size_t a = 1; a < algos.size(); ++a) md << "---:|";
    md << '\n';
    std::vector<double> log_ratio(algos.size(), 0.0);
    std::vector<int> counted(algos.size(), 0);
    auto cell = [](double v) {
        if (!std::isfinite(v)) return std::string("NAN");
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.3g", v);
        return std::string(buf);
    };
    for (const MixRow& row : rows) {
        md << "| " << row.label << " | " << cell(row.bound_gflops) << " | " << cell(row.throughput[0]) << " | "
           << cell(100 * row.throughput[0] / row.bound_gflops) << "% |";
        for (std::size_t a = 1; a < algos.size(); ++a) {
            const double ratio = row.throughput[0] / row.throughput[a];
            md << ' ' << cell(ratio) << "x |";
            if (std::isfinite(ratio)) {
                log_ratio[a] += std::log(ratio);
                ++counted[a];
            }
        }
        md << '\n';
    }
    md << "| **geomean** | | | |";
    for (std::size_t a = 1; a < algos.size(); ++a)
        md << ' ' << (counted[a] ? cell(std::exp(log_ratio[a] / counted[a])) + "x" : std::string("NAN")) << " |";
    md << '\n';
    std::printf("%s", md.str().c_str());
    if (!o.markdown_out.empty()) write_text_file_atomically(o.markdown_out, md.str());
    if (!o.csv_out.empty()) write_text_file_atomically(o.csv_out, raw);
    return kExitOk;
}

}  // namespace

void add_schedule_command(CLI::App& app, int& exit_code) {
    auto o = std::make_shared<ScheduleOptions>();
    CLI::App* c = app.add_subcommand("schedule", "schedule a multi-tenant task mix on a multi-core accelerator (MAGMA)");
    c->add_option("--mix", o->mix, "vision, language, recommendation, mix, or a task mix .json file")->required();
    o->setup.add_to(*c);
    c->add_option("--bw", o->bw, "system bandwidth in --bw-units (GB/s by default: at 200 MHz and 1-byte words, 5 bytes/cycle per GB/s)")
        ->capture_default_str()
        ->check(positive_amount("GB/s, or bytes per cycle with --bw-units bytes-per-cycle"));
    c->add_option("--algo", o->algo, "magma, stdga, de, cmaes, tbpsa, pso, random, es11, sa, portfolio, xnes, herald, aimt, fcfs, sjf, rr, greedy, a2c, ppo2")
        ->capture_default_str();
    c->add_option("--seed", o->seed, "random seed")->capture_default_str()->check(seed_value());
    c->add_option("--json", o->json_out, "write the schedule as JSON to this file")->check(writable_file());
    c->add_option("--trace", o->trace_out, "write the schedule as Chrome/Perfetto trace events to this file")->check(writable_file());
    c->add_option("--job-table", o->job_table_out,
                  "write the group's job table (no-stall latency and bandwidth per job and core) and its best schedule, for schedule-eval")->check(writable_file());
    c->callback([o, &exit_code] { exit_code = run_schedule(*o); });

    auto k = std::make_shared<ScheduleCompareOptions>();
    CLI::App* cc = app.add_subcommand("schedule-compare", "compare schedulers over task mixes, bandwidths and seeds");
    k->setup.add_to(*cc);
    cc->add_option("--mixes", k->mixes, "comma-separated task mixes")->capture_default_str();
    cc->add_option("--bw", k->bws, "comma-separated system bandwidths in --bw-units (GB/s by default)")->capture_default_str();
    cc->add_option("--algos", k->algos, "comma-separated algorithms; the first is the reference")->capture_default_str();
    cc->add_option("--seeds", k->seeds, "comma-separated seeds")->capture_default_str();
    cc->add_option("--markdown", k->markdown_out, "also write the table to this file")->check(writable_file());
    cc->add_option("--csv", k->csv_out, "write every (mix, bandwidth, algorithm, seed) result to this CSV file")->check(writable_file());
    cc->callback([k, &exit_code] { exit_code = run_schedule_compare(*k); });
}

}  // namespace mapscape::cli
