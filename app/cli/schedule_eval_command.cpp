// `mapscape-cli schedule-eval`: the makespan of given schedules on a given job table, through
// the bandwidth allocator every scheduler here uses (what-if studies on a table; the check
// against MAGMA's own environment in tools/compare_magma_env.py).
#include <cmath>
#include <cstdio>
#include <memory>

#include "cli/commands.hpp"
#include "cli/option_checks.hpp"
#include "schedule/bandwidth_allocator.hpp"
#include "schedule/job_table_file.hpp"
#include "util/diagnostic.hpp"
#include "util/json_text.hpp"
#include "util/text_file.hpp"

namespace mapscape::cli {

namespace {

struct ScheduleEvalOptions {
    std::string table;
    std::string json;
    bool quiet = false;
};

int run_schedule_eval(const ScheduleEvalOptions& o) {
    const JobTableFile f = load_job_table_file(o.table);
    BandwidthAllocator allocator(f.table, f.system_bytes_per_cycle);
    const double bound = makespan_lower_bound(f.table, f.system_bytes_per_cycle);
    nlohmann::ordered_json results = nlohmann::ordered_json::array();
    int invalid = 0;
    if (!o.quiet)
        std::printf("%s: %d jobs on %d cores, %.6g bytes/cycle; makespan lower bound %.10g cycles\n", o.table.c_str(), f.table.jobs(),
                    f.table.cores(), f.system_bytes_per_cycle, bound);
    for (std::size_t i = 0; i < f.schedules.size(); ++i) {
        const Timeline t = allocator.timeline(f.schedules[i]);
        nlohmann::ordered_json r;
        r["schedule"] = i;
        if (t.valid) {
            r["makespan_cycles"] = t.makespan;
            r["above_bound"] = bound > 0 ? t.makespan / bound - 1 : 0.0;
            r["core_finish_cycles"] = t.core_finish;
        } else {
            ++invalid;
            r["makespan_cycles"] = nullptr;
            r["error"] = "a job is on a core that cannot run it";
        }
        if (!o.quiet) {
            if (t.valid)
                std::printf("  schedule %zu: makespan %.10g cycles (%.2f%% above the bound)\n", i, t.makespan,
                            bound > 0 ? 100 * (t.makespan / bound - 1) : 0.0);
            else
                std::printf("  schedule %zu: invalid (a job is on a core that cannot run it)\n", i);
        }
        results.push_back(std::move(r));
    }
    if (!o.json.empty()) {
        nlohmann::ordered_json j;
        j["format"] = "mapscape-schedule-eval";
        j["table"] = o.table;
        j["cores"] = f.table.cores();
        j["jobs"] = f.table.jobs();
        j["system_bytes_per_cycle"] = f.system_bytes_per_cycle;
        j["lower_bound_cycles"] = bound;
        j["results"] = std::move(results);
        write_text_file_atomically(o.json, json_text(j) + "\n");
    }
    return invalid > 0 ? kExitProblem : kExitOk;
}

}  // namespace

void add_schedule_eval_command(CLI::App& app, int& exit_code) {
    auto o = std::make_shared<ScheduleEvalOptions>();
    CLI::App* c = app.add_subcommand("schedule-eval",
                                     "the makespan of given schedules on a job table (mapscape-job-table JSON), with the bound");
    c->add_option("table", o->table, "the job table with its schedules (mapscape-job-table JSON: docs/formats/scheduling.md)")->required();
    c->add_option("--json", o->json, "write the makespans as JSON to this file")->check(writable_file());
    c->add_flag("--quiet", o->quiet, "print nothing but errors");
    c->callback([o, &exit_code] {
        try {
            exit_code = run_schedule_eval(*o);
        } catch (const InputError& e) {
            std::fprintf(stderr, "%s\n", e.diagnostic().to_string().c_str());
            exit_code = kExitBadInput;
        }
    });
}

}  // namespace mapscape::cli
