// mapscape.schedule and mapscape.sweep: multi-tenant scheduling with the options of
// `mapscape-cli schedule` (schedule/schedule_request.hpp) and sweeps of a spec into a results
// database, as `mapscape-cli sweep` runs them without mpirun.
#include <cmath>
#include <deque>
#include <filesystem>
#include <thread>
#include <unordered_set>

#include "arrays.hpp"
#include "util/thread_pool.hpp"
#include "util/file_names.hpp"
#include "common.hpp"
#include "json_convert.hpp"
#include "long_call.hpp"
#include "python_types.hpp"
#include "schedule/schedule_json.hpp"
#include "schedule/schedule_request.hpp"
#include "sweep/dry_run.hpp"
#include "sweep/results_database.hpp"
#include "sweep/run_plan.hpp"
#include "sweep/sweep_runner.hpp"
#include "sweep/sweep_spec.hpp"
#include "util/diagnostic.hpp"
#include "util/text_file.hpp"

namespace mapscape::python {

namespace {

struct PyScheduleResult {
    WorkloadScheduleRequest request;
    WorkloadSchedule schedule;
    std::string setting;
};

// Sums the groups' samples; `best` and `bound` cover the groups that have a schedule so far (the
// sum of their best makespans or energies, and of their makespan bounds), so that both are figures
// from the first group on, and equal the workload's totals at the end.
class ScheduleProgress {
public:
    ScheduleProgress(ProgressBoard& board, std::size_t groups, std::int64_t budget)
        : board_(board), samples_(groups, 0), best_(groups, std::nan("")), bound_(groups, std::nan("")),
          start_(std::chrono::steady_clock::now()) {
        for (std::size_t g = 0; g < groups; ++g) sinks_.emplace_back(this, g);
        board_.update([&](Progress& p) { p.total = budget * static_cast<std::int64_t>(groups); });
    }
    WorkloadScheduleObserver observer() {
        WorkloadScheduleObserver o;
        o.sink_for = [this](int group) -> ScheduleSink* {
            return static_cast<std::size_t>(group) < sinks_.size() ? &sinks_[static_cast<std::size_t>(group)] : nullptr;
        };
        return o;
    }

private:
    struct GroupSink : ScheduleSink {
        GroupSink(ScheduleProgress* owner, std::size_t group) : owner_(owner), group_(group) {}
        void progress(std::int64_t samples, std::int64_t, double best) override { owner_->update(group_, samples, best); }
        void bound(double objective) override { owner_->set_bound(group_, objective); }
        ScheduleProgress* owner_;
        std::size_t group_;
    };
    void set_bound(std::size_t group, double objective) {
        board_.update([&](Progress&) { bound_[group] = objective; });
    }
    void update(std::size_t group, std::int64_t samples, double best) {
        board_.update([&](Progress& p) {
            samples_[group] = samples;
            best_[group] = std::isfinite(best) ? best : std::nan("");
            p.done = 0;
            double covered_best = 0, covered_bound = 0;
            bool any = false, bounded = true;
            for (std::size_t g = 0; g < samples_.size(); ++g) {
                p.done += samples_[g];
                if (std::isnan(best_[g])) continue;
                any = true;
                covered_best += best_[g];
                covered_bound += bound_[g];
                bounded = bounded && !std::isnan(bound_[g]);
            }
            p.best = any ? covered_best : std::nan("");
            p.bound = any && bounded ? covered_bound : std::nan("");
            p.elapsed_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
        });
    }

    ProgressBoard& board_;
    std::vector<std::int64_t> samples_;
    std::vector<double> best_, bound_;
    std::deque<GroupSink> sinks_;
    std::chrono::steady_clock::time_point start_;
};

struct PySweepResult {
    std::string spec, db;
    SweepProgress progress;
    bool stopped = false;
    std::optional<DryRunEstimate> estimate;
};

py::dict sweep_dict(const PySweepResult& r) {
    py::dict d;
    d["spec"] = r.spec;
    d["db"] = r.db;
    if (r.estimate) {
        const DryRunEstimate& e = *r.estimate;
        d["planned"] = e.planned;
        d["already_done"] = e.already_done;
        d["to_run"] = e.to_run;
        py::dict rates;
        for (const AlgorithmRate& a : e.rates) rates[py::str(a.algorithm)] = a.seconds_per_unit;
        d["seconds_per_layer_sample"] = rates;
        d["mean_run_s"] = e.mean_run_seconds;
        d["min_run_s"] = e.min_run_seconds;
        d["max_run_s"] = e.max_run_seconds;
        d["total_s"] = e.total_seconds;
        d["sampling_s"] = e.sampling_seconds;
        return d;
    }
    const SweepProgress& p = r.progress;
    d["planned"] = p.planned;
    d["already_done"] = p.already_done;
    d["to_run"] = p.to_run;
    d["written"] = p.written;
    d["failed"] = p.failed;
    d["wall_s"] = p.elapsed_seconds;
    d["write_s"] = p.write_seconds;
    d["stopped"] = r.stopped;
    return d;
}

}  // namespace

void bind_schedule(py::module_& m) {
    using R = PyScheduleResult;
    py::class_<R>(m, "ScheduleResult", R"doc(
A multi-tenant schedule of a task mix on a multi-core platform. to_dict() is the document of
`mapscape-cli schedule ... --json`; to_dataframe() a row per segment (a job on a core, with its
bandwidth; needs pandas); to_trace() the Chrome/Perfetto trace of --trace.
)doc")
        .def("to_dict", [](const R& r) { return json_to_python(workload_schedule_to_json(r.request, r.schedule, r.setting)); })
        .def("to_trace", [](const R& r) { return json_to_python(workload_schedule_to_trace(r.request, r.schedule)); },
             "Chrome/Perfetto trace events (open in ui.perfetto.dev)")
        .def_property_readonly("makespan_cycles", [](const R& r) { return r.schedule.makespan_cycles; })
        .def_property_readonly("lower_bound_cycles", [](const R& r) { return r.schedule.lower_bound_cycles; }, "no schedule finishes sooner")
        .def_property_readonly("energy_nj", [](const R& r) { return r.schedule.energy_nj; })
        .def_property_readonly("throughput_gflops", [](const R& r) { return r.schedule.throughput_gflops; })
        .def_property_readonly("utilization", [](const R& r) { return r.schedule.utilization; })
        .def_property_readonly("samples", [](const R& r) { return r.schedule.samples; })
        .def_property_readonly("wall_s", [](const R& r) { return r.schedule.wall_seconds; })
        .def_property_readonly("complete", [](const R& r) { return r.schedule.complete; }, "every group has a valid schedule")
        .def_property_readonly("groups", [](const R& r) { return r.schedule.groups.size(); })
        .def_property_readonly("trace", [](const R& r) { return trace_array(r.schedule.trace); },
                               "float64 array (n, 2): samples per group, the sum over groups of the best makespan so far")
        .def("to_dataframe", [](const R& r) {
            py::list core, job, start, end, bw;
            for (const Segment& s : workload_segments(r.schedule)) {
                core.append(s.core);
                job.append(s.job);
                start.append(s.start);
                end.append(s.end);
                bw.append(r.request.platform.gbps(s.bandwidth));
            }
            py::dict columns;
            columns["core"] = core;
            columns["job"] = job;
            columns["start_cycles"] = start;
            columns["end_cycles"] = end;
            columns["bw_gbps"] = bw;
            return make_dataframe(columns);
        }, "a pandas.DataFrame with a row per segment")
        .def("__repr__", [](const R& r) {
            return "<ScheduleResult " + r.request.algorithm.name() + ": makespan " + std::to_string(r.schedule.makespan_cycles) + " cycles>";
        });

    const ScheduleSetupOptions d;
    m.def(
        "schedule",
        [](const py::object& mix, const std::string& setting, double bw, const std::string& algo, int group_size, int group,
           const std::string& objective, std::int64_t budget, int threads, bool warm_start, std::uint64_t seed, const std::string& bw_units,
           const std::string& job_analysis, const std::optional<std::string>& technology, const py::object& progress) {
            ScheduleSetupOptions o;
            o.setting = setting;
            o.technology = technology.value_or("");
            o.bw_units = bw_units;
            o.job_analysis = job_analysis;
            o.group_size = group_size;
            o.group = group;
            o.objective = objective;
            o.budget = budget;
            o.threads = threads;
            o.warm_start = warm_start;
            PyScheduleResult r;
            r.request = make_schedule_request(o, path_argument(mix, "mix"), bw, algo, seed);
            r.setting = setting;
            const std::size_t jobs = r.request.jobs.size(), size = static_cast<std::size_t>(r.request.group_size);
            const std::size_t groups = r.request.only_group >= 0 ? 1 : (jobs + size - 1) / size;
            const bool report = !progress.is_none();
            r.schedule = run_long_call(
                [&](std::stop_token stop, ProgressBoard& board) {
                    std::optional<ScheduleProgress> listener;
                    WorkloadScheduleObserver observer;
                    if (report) {
                        // Groups are numbered in the workload: with only_group, the one group's sink sits at its index.
                        listener.emplace(board, r.request.only_group >= 0 ? static_cast<std::size_t>(r.request.only_group) + 1 : groups,
                                         r.request.budget);
                        observer = listener->observer();
                    }
                    return schedule_workload(r.request, observer, stop);
                },
                progress);
            return r;
        },
        py::arg("mix"), py::kw_only(), py::arg("setting") = d.setting, py::arg("bw") = d.bw, py::arg("algo") = d.algo,
        py::arg("group_size") = d.group_size, py::arg("group") = d.group, py::arg("objective") = d.objective, py::arg("budget") = d.budget,
        py::arg("threads") = d.threads, py::arg("warm_start") = d.warm_start, py::arg("seed") = d.seed, py::arg("bw_units") = d.bw_units,
        py::arg("job_analysis") = d.job_analysis, py::arg("technology") = py::none(), py::arg("progress") = py::none(), R"doc(
Schedules a multi-tenant task mix (vision, language, recommendation, mix, or a task mix .json) on a
multi-core platform (setting S1..S6, S1-flex..S6-flex or a platform .json) at bw GB/s (or bytes per
cycle with bw_units="bytes-per-cycle"), as `mapscape-cli schedule`
does, with its options and defaults. algo: any name of mapscape.algorithms("schedule"): magma,
stdga, de, cmaes, tbpsa, pso, random, es11, sa, portfolio, xnes, herald, aimt, fcfs, sjf, rr,
greedy, a2c, ppo2 (the RL baselines, libtorch on first use), and those a library registers later. budget: samples per group; group: schedule
only this 1-based group (0: all). job_analysis: "mapscape" (ours) or "magma-code" (the public MAGMA
code's). technology: None (MAESTRO's model) or a technology ("45nm", a file) pricing each job's
energy at its core's built buffer, as --tech. The same seed gives the CLI's schedule.
)doc");

    using S = PySweepResult;
    py::class_<S>(m, "SweepResult", "What a sweep did (or, with dry_run, would do). The runs are in the database.")
        .def("to_dict", &sweep_dict, "counts and times; with dry_run the estimate of `sweep --dry-run`")
        .def_property_readonly("db", [](const S& s) { return s.db; })
        .def_property_readonly("written", [](const S& s) { return s.progress.written; })
        .def_property_readonly("failed", [](const S& s) { return s.progress.failed; })
        .def_property_readonly("stopped", [](const S& s) { return s.stopped; })
        .def("to_dataframe", [](const S& s) {
            // The runs table, read with Python's sqlite3 (the database is the result).
            py::object sqlite3 = py::module_::import("sqlite3");
            py::object pandas;
            try {
                pandas = py::module_::import("pandas");
            } catch (py::error_already_set&) {
                throw py::import_error("to_dataframe() needs pandas (Debian: python3-pandas)");
            }
            py::object connection = sqlite3.attr("connect")(s.db);
            py::object frame = pandas.attr("read_sql_query")("SELECT * FROM runs ORDER BY run_index", connection);
            connection.attr("close")();
            return frame;
        }, "the database's runs table as a pandas.DataFrame")
        .def("__repr__", [](const S& s) {
            return "<SweepResult " + s.db + ": " + std::to_string(s.progress.written) + " written, " + std::to_string(s.progress.failed) + " failed>";
        });

    m.def(
        "sweep",
        [](const py::object& spec, const py::object& db, int threads, bool dry_run, int samples, const py::object& progress) {
            if (threads < 0) throw InputError({"--threads", 0, 0}, "the thread count must not be negative");
            if (samples < 1 || samples > 1000) throw InputError({"--samples", 0, 0}, "1-1000 sample runs");
            PySweepResult r;
            r.spec = path_argument(spec, "spec");
            r.db = path_argument(db, "db");
            const int per_rank = resolve_thread_count(threads, "threads");
            const SweepPlan plan(load_sweep_spec(r.spec));
            if (dry_run) {
                std::unordered_set<std::string> done;
                if (path_exists(r.db)) done = ResultsDatabase(r.db, ResultsDatabase::Access::ReadOnly).finished_run_ids();
                r.estimate = run_long_call([&](std::stop_token, ProgressBoard&) { return estimate_sweep(plan, done, per_rank, samples); }, progress);
                return r;
            }
            ResultsDatabase database(r.db, ResultsDatabase::Access::ReadWrite);
            InvocationInfo info;
            info.spec_file = r.spec;
            info.spec_text = read_text_file(r.spec);
            info.ranks = 1;
            info.threads_per_rank = per_rank;
            SweepOptions options;
            options.threads_per_rank = per_rank;
            struct Sink : SweepSink {
                explicit Sink(ProgressBoard& b) : board(b) {}
                void run_stored(const SweepProgress& s, const RunResult&) override {
                    board.update([&](Progress& p) {
                        p.unit = "runs";
                        p.done = s.written;
                        p.total = s.to_run;
                        p.elapsed_s = s.elapsed_seconds;
                    });
                }
                ProgressBoard& board;
            };
            const SweepOutcome out = run_long_call(
                [&](std::stop_token stop, ProgressBoard& board) {
                    Sink sink(board);
                    return run_sweep(plan, database, info, options, nullptr, stop, &sink);
                },
                progress);
            r.progress = out.progress;
            r.stopped = out.stopped;
            return r;
        },
        py::arg("spec"), py::arg("db"), py::kw_only(), py::arg("threads") = 0, py::arg("dry_run") = false, py::arg("samples") = 8,
        py::arg("progress") = py::none(), R"doc(
Runs every combination of a sweep spec (mapscape-sweep JSON) into a results database (SQLite;
created if absent, resumed if it exists), as `mapscape-cli sweep SPEC --db DB` does without
mpirun. threads: per run (0 = every core). dry_run: count the runs and estimate their time from
at most `samples` sample runs instead. Ctrl-C stops within 100 ms; the runs stored so far stay.
)doc");
}

}  // namespace mapscape::python
