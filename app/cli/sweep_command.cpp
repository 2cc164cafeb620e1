// `mapscape-cli sweep SPEC.json --db OUT.sqlite`: every run of a sweep spec into a results
// database, resuming where an earlier sweep stopped; under `mpirun -np N` the runs are spread
// over the ranks (sweep_mpi.hpp), otherwise they run here. `--dry-run` counts and estimates.
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <memory>
#include <thread>

#include "cli/commands.hpp"
#include "util/thread_pool.hpp"
#include "util/file_names.hpp"
#include "cli/option_checks.hpp"
#include "cli/sweep_mpi.hpp"
#include "sweep/dry_run.hpp"
#include "sweep/sweep_runner.hpp"
#include "util/diagnostic.hpp"
#include "util/text_file.hpp"

namespace mapscape::cli {

namespace {

struct SweepOptionsCli {
    std::string spec;
    std::string db;
    int threads = 0;  // 0: this node's cores shared among its ranks
    bool dry_run = false;
    int samples = 8;
    bool quiet = false;
    bool coordinator_only = false;
};

int default_threads() {
    const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    return std::max(1, cores / local_rank_count());
}

class PrintingSink : public SweepSink {
public:
    PrintingSink(const SweepPlan& plan, bool quiet) : plan_(plan), quiet_(quiet) {}
    void run_stored(const SweepProgress& p, const RunResult& r) override {
        if (quiet_) return;
        const SweepSpec& s = plan_.spec();
        const RunPoint at = plan_.point(r.index);
        const bool codesign = s.kind == RunKind::Codesign;
        char where[160];
        std::string objective = s.objectives[at.objective].name();
        if (s.kind == RunKind::Schedule) {
            std::snprintf(where, sizeof where, "%s %g %s %s", s.accelerators[at.accelerator].name.c_str(), s.bandwidths[at.bandwidth],
                          s.bandwidth_unit == BandwidthUnit::Gbps ? "GB/s" : "B/cycle",
                          std::string(job_analysis_name(s.job_analyses[at.job_analysis])).c_str());
            objective = std::string(schedule_objective_name(s.schedule_objectives[at.objective]));
        } else if (codesign)
            std::snprintf(where, sizeof where, "%s@%gmm2", s.accelerators[at.accelerator].name.c_str(), s.area_budgets_mm2[at.area_budget]);
        else
            std::snprintf(where, sizeof where, "%s %s", s.accelerators[at.accelerator].name.c_str(),
                          std::string(system_name(s.systems[at.system])).c_str());
        std::string axes;  // the technology and precision, when the spec has those axes
        if (s.kind != RunKind::Schedule && s.has_technology_axis()) axes += " " + s.technologies[at.technology];
        if (s.kind != RunKind::Schedule && s.has_precision_axis()) axes += " " + s.precisions[at.precision];
        std::strncat(where, axes.c_str(), sizeof where - std::strlen(where) - 1);
        std::printf("[%lld/%lld] %.12s %s %s %s %s budget %lld seed %llu: ", static_cast<long long>(p.already_done + p.written),
                    static_cast<long long>(p.planned), r.run_id.c_str(), s.models[at.model].name.c_str(), where,
                    s.algorithms[at.algorithm].name.c_str(), objective.c_str(),
                    static_cast<long long>(s.budgets[at.budget]), static_cast<unsigned long long>(s.seeds[at.seed]));
        if (codesign && !r.failed && r.accelerator_json.empty()) {
            std::printf("no design fits the budget  [%.3f s, rank %d]\n", r.wall_seconds, r.worker_rank);
            std::fflush(stdout);
            return;
        }
        if (r.failed)
            std::printf("FAILED: %s", r.error.c_str());
        else
            std::printf("%lld cycles, %.5g nJ%s", static_cast<long long>(r.runtime_cycles), r.energy_nj,
                        r.layers_without_mapping > 0 ? (" (" + std::to_string(r.layers_without_mapping) +
                                                         (s.kind == RunKind::Schedule ? " groups without a schedule)" : " layers without a mapping)"))
                                                           .c_str()
                                                     : "");
        if (codesign && !r.failed) std::printf(", design of %.4g mm2", r.area_um2 / 1e6);
        std::printf("  [%.3f s, rank %d]\n", r.wall_seconds, r.worker_rank);
        std::fflush(stdout);
    }

private:
    const SweepPlan& plan_;
    bool quiet_;
};

int print_dry_run(const SweepPlan& plan, ResultsDatabase* db, const SweepOptionsCli& o, int threads) {
    const auto done = db ? db->finished_run_ids() : std::unordered_set<std::string>{};
    const DryRunEstimate e = estimate_sweep(plan, done, threads, o.samples);
    const SweepSpec& s = plan.spec();
    if (s.kind == RunKind::Schedule)
        std::printf("%s: %lld schedule runs (%zu mixes x %zu platforms x %zu bandwidths x %zu job analyses x %zu algorithms x "
                    "%zu objectives x %zu budgets x %zu seeds)\n",
                    s.name.c_str(), static_cast<long long>(e.planned), s.models.size(), s.accelerators.size(), s.bandwidths.size(),
                    s.job_analyses.size(), s.algorithms.size(), s.objectives.size(), s.budgets.size(), s.seeds.size());
    else if (s.kind == RunKind::Codesign)
        std::printf("%s: %lld co-design runs (%zu models x %zu platforms x %zu area budgets x %zu algorithms x %zu objectives x "
                    "%zu budgets x %zu seeds)\n",
                    s.name.c_str(), static_cast<long long>(e.planned), s.models.size(), s.accelerators.size(),
                    s.area_budgets_mm2.size(), s.algorithms.size(), s.objectives.size(), s.budgets.size(), s.seeds.size());
    else
        std::printf("%s: %lld runs (%zu models x %zu accelerators x %zu systems x %zu algorithms x %zu objectives x %zu budgets x "
                    "%zu seeds)\n",
                    s.name.c_str(), static_cast<long long>(e.planned), s.models.size(), s.accelerators.size(), s.systems.size(),
                    s.algorithms.size(), s.objectives.size(), s.budgets.size(), s.seeds.size());
    std::printf("%lld already in %s, %lld to run\n", static_cast<long long>(e.already_done), o.db.c_str(),
                static_cast<long long>(e.to_run));
    if (e.to_run == 0) return kExitOk;
    std::printf("measured on %zu sample run(s) at <= 1000 samples %s, %d thread(s) (%.2f s):\n", e.rates.size(),
                s.kind == RunKind::Codesign ? "(designs per model)" : s.kind == RunKind::Schedule ? "per group" : "per layer", threads,
                e.sampling_seconds);
    for (const AlgorithmRate& r : e.rates)
        std::printf("  %-18s %.3g us per %s\n", r.algorithm.c_str(), r.seconds_per_unit * 1e6,
                    s.kind == RunKind::Schedule ? "job-sample-core" : "layer-sample");
    std::printf("estimated time per run: mean %.3g s (shortest %.3g s, longest %.3g s)\n", e.mean_run_seconds, e.min_run_seconds,
                e.max_run_seconds);
    std::printf("estimated total: %.3g s on one rank with %d thread(s) (about %.3g s / N on N ranks)\n", e.total_seconds,
                threads, e.total_seconds);
    return kExitOk;
}

// Rank 0 (or the only process): everything but the remote workers' loop.
int coordinate(const SweepOptionsCli& o, const SweepPlan& plan, ResultsDatabase& db, int threads, int ranks,
               WorkerTransport* remote) {
    InvocationInfo info;
    info.spec_file = o.spec;
    info.spec_text = read_text_file(o.spec);
    info.ranks = ranks;
    info.threads_per_rank = threads;
    SweepOptions options;
    options.threads_per_rank = threads;
    options.coordinator_runs_tasks = !o.coordinator_only;
    PrintingSink sink(plan, o.quiet);
    if (!o.quiet)
        std::printf("%s: %zu runs into %s on %d rank(s) x %d thread(s)\n", plan.spec().name.c_str(), plan.size(), o.db.c_str(),
                    ranks, threads);
    const SweepOutcome out = run_sweep(plan, db, info, options, remote, {}, &sink);
    const SweepProgress& p = out.progress;
    const double per_run = p.written ? 1e3 / static_cast<double>(p.written) : 0.0;
    std::printf("%lld run(s) stored (%lld failed), %lld already there; %.3f s wall; database writes %.3f s (%.3g ms per run); "
                "coordinator busy %.3f s (%.3g ms per run)\n",
                static_cast<long long>(p.written), static_cast<long long>(p.failed), static_cast<long long>(p.already_done),
                p.elapsed_seconds, p.write_seconds, p.write_seconds * per_run, p.coordinator_busy_seconds,
                p.coordinator_busy_seconds * per_run);
    return p.failed > 0 ? kExitProblem : kExitOk;
}

// Reads the spec and opens the database, or says why not (exit code 2).
struct Prepared {
    std::unique_ptr<SweepPlan> plan;
    std::unique_ptr<ResultsDatabase> db;
};

Prepared prepare(const SweepOptionsCli& o) {
    Prepared p;
    p.plan = std::make_unique<SweepPlan>(load_sweep_spec(o.spec));
    if (!o.dry_run || path_exists(o.db))
        p.db = std::make_unique<ResultsDatabase>(o.db, o.dry_run ? ResultsDatabase::Access::ReadOnly : ResultsDatabase::Access::ReadWrite);
    return p;
}

int run_sweep_command(const SweepOptionsCli& o) {
    const int threads = o.threads > 0 ? resolve_thread_count(o.threads) : default_threads();
    if (!launched_by_mpi() || o.dry_run) {
        if (launched_by_mpi() && o.dry_run) {
            // Every rank of an `mpirun ... --dry-run` would print the same; the first one does.
            const char* rank = std::getenv("OMPI_COMM_WORLD_RANK");
            if (rank && std::atoi(rank) != 0) return kExitOk;
        }
        Prepared p = prepare(o);
        if (o.dry_run) return print_dry_run(*p.plan, p.db.get(), o, threads);
        return coordinate(o, *p.plan, *p.db, threads, 1, nullptr);
    }
    const std::unique_ptr<MpiSession> mpi = start_mpi_session();
    MpiSession& session = *mpi;
    if (session.rank() != 0) {
        if (const int status = session.broadcast_status(0); status != 0) return status;
        try {
            const WorkerStats w = session.serve_sweep_worker(threads);
            if (!o.quiet || w.runs > 0)
                std::printf("rank %d: %d run(s), %.3f s running, %.3f s waiting for rank 0 (%.3g ms per run), %.3f s reading "
                            "tasks and writing results\n",
                            session.rank(), w.runs, w.running_seconds, w.waiting_seconds,
                            w.runs ? 1e3 * w.waiting_seconds / w.runs : 0.0, w.messages_seconds);
        } catch (const std::exception& e) {
            std::fprintf(stderr, "mapscape-cli sweep (rank %d): %s\n", session.rank(), e.what());
            session.abort(kExitBadInput);
        }
        return kExitOk;
    }
    Prepared p;
    try {
        p = prepare(o);
    } catch (const InputError& e) {
        std::cerr << e.diagnostic().to_string() << "\n";
        session.broadcast_status(kExitBadInput);
        return kExitBadInput;
    }
    session.broadcast_status(0);
    auto transport = session.make_transport();
    try {
        return coordinate(o, *p.plan, *p.db, threads, session.size(), transport.get());
    } catch (const std::exception& e) {
        // The workers wait for rank 0: take them down with it.
        std::fprintf(stderr, "mapscape-cli sweep: %s\n", e.what());
        session.abort(kExitBadInput);
    }
    return kExitBadInput;  // not reached: abort() does not return
}

}  // namespace

void add_sweep_command(CLI::App& app, int& exit_code) {
    auto o = std::make_shared<SweepOptionsCli>();
    CLI::App* c = app.add_subcommand("sweep",
                                     "run every combination of a sweep spec into a results database (resumable; "
                                     "spread over ranks under mpirun)");
    c->add_option("spec", o->spec, "the sweep spec (mapscape-sweep JSON)")->required();
    c->add_option("--db", o->db, "the results database (SQLite; created if absent, resumed if it exists)")->required();
    c->add_option("--threads", o->threads,
                  "threads per rank (0 = this machine's cores shared by its ranks); results do not depend on it")
        ->check(count_or_zero("threads", "this machine's cores shared by its ranks"));
    c->add_flag("--dry-run", o->dry_run, "print the run count and an estimate of the time per run from a few samples");
    c->add_option("--samples", o->samples, "--dry-run: at most this many sample runs (one per algorithm)")
        ->capture_default_str()
        ->check(count_in_range(1, 1000, "sample runs"));
    c->add_flag("--quiet", o->quiet, "no line per run");
    c->add_flag("--coordinator-only", o->coordinator_only,
                "under mpirun, rank 0 only hands out runs and writes results (for hundreds of ranks with short runs)");
    c->footer(std::string("MPI: ") + (built_with_mpi() ? "built in (mpirun -np N mapscape-cli sweep ...)" : "not built in"));
    c->callback([o, &exit_code] { exit_code = run_sweep_command(*o); });
}

}  // namespace mapscape::cli
