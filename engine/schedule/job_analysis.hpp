// The job analysis table (MAGMA, Sec. IV-D2/4): for every job on every core, the no-stall
// latency (cycles with unlimited bandwidth) and the no-stall bandwidth (bytes per cycle that
// keep the core compute-bound), and each job's energy on each core. Two analyses make it: ours
// (the default: our cost model with the core's NVDLA- or Eyeriss-like dataflow, the bandwidth
// being the job's DRAM traffic over its latency) and the public MAGMA code's
// (magma_code_analysis.hpp: its style files, its bandwidth ask L2_req / 2 / (runtime - 1)).
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>
#include <vector>

#include "schedule/platform.hpp"
#include "schedule/task_mix.hpp"

namespace mapscape {

class JobTable {
public:
    int jobs() const { return jobs_; }
    int cores() const { return cores_; }
    // +infinity when the job cannot run on the core.
    double latency(int job, int core) const { return latency_[index(job, core)]; }
    double bandwidth(int job, int core) const { return bandwidth_[index(job, core)]; }  // bytes/cycle
    double energy_nj(int job, int core) const { return energy_[index(job, core)]; }
    bool runs_on(int job, int core) const { return latency(job, core) < std::numeric_limits<double>::infinity(); }
    std::int64_t macs(int job) const { return macs_[static_cast<std::size_t>(job)]; }
    std::int64_t total_macs() const;

    // The same jobs in another order: row i is row order[i] of this table.
    JobTable reordered(const std::vector<int>& order) const;

    // Built by analyze_jobs (or by tests, from numbers).
    static JobTable from_numbers(int jobs, int cores, std::vector<double> latency, std::vector<double> bandwidth,
                                 std::vector<double> energy_nj, std::vector<std::int64_t> macs);

private:
    std::size_t index(int job, int core) const {
        return static_cast<std::size_t>(job) * static_cast<std::size_t>(cores_) + static_cast<std::size_t>(core);
    }
    int jobs_ = 0, cores_ = 0;
    std::vector<double> latency_, bandwidth_, energy_;
    std::vector<std::int64_t> macs_;
};

// No schedule of the table's jobs can finish sooner: the longest job on its fastest core, the
// jobs' least work spread over every core, their least traffic through the system bandwidth,
// and (jobs being indivisible) for each k the k + 1 shortest of the k x cores + 1 longest jobs,
// some core having to run k + 1 of those one after the other.
double makespan_lower_bound(const JobTable& table, double system_bytes_per_cycle);

enum class JobAnalysis {
    Mapscape,   // ours: DRAM traffic over the no-stall latency, the paper's definition (Sec. IV-D4)
    MagmaCode,  // as the public MAGMA code computes it (magma_code_analysis.hpp)
};
std::string_view job_analysis_name(JobAnalysis a);  // "mapscape", "magma-code"
std::optional<JobAnalysis> parse_job_analysis(std::string_view text);

// Analyses every job on every core (identical cores and repeated layer shapes are analysed
// once). Throws InputError naming a job that no core can run.
JobTable analyze_jobs(const std::vector<Job>& jobs, const Platform& platform, JobAnalysis analysis = JobAnalysis::Mapscape);

// The order a group's jobs take as gene positions: ours by each job's best no-stall latency
// (ties in arrival order), so that positions mean similar jobs from one group to the next; the
// code's by its sorting_job key (magma_code_job_order).
std::vector<int> gene_order(const JobTable& table, JobAnalysis analysis);

}  // namespace mapscape
