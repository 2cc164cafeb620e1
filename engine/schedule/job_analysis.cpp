#include "schedule/job_analysis.hpp"
#include "tech/technology_library.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <tuple>

#include "cost/compute_bound.hpp"
#include "cost/evaluate.hpp"
#include "schedule/magma_code_analysis.hpp"
#include "util/diagnostic.hpp"

namespace mapscape {

std::int64_t JobTable::total_macs() const {
    std::int64_t s = 0;
    for (std::int64_t m : macs_) s += m;
    return s;
}

JobTable JobTable::from_numbers(int jobs, int cores, std::vector<double> latency, std::vector<double> bandwidth,
                                std::vector<double> energy_nj, std::vector<std::int64_t> macs) {
    JobTable t;
    t.jobs_ = jobs;
    t.cores_ = cores;
    t.latency_ = std::move(latency);
    t.bandwidth_ = std::move(bandwidth);
    t.energy_ = std::move(energy_nj);
    t.macs_ = std::move(macs);
    return t;
}

JobTable JobTable::reordered(const std::vector<int>& order) const {
    JobTable t;
    t.jobs_ = static_cast<int>(order.size());
    t.cores_ = cores_;
    for (int j : order) {
        for (int c = 0; c < cores_; ++c) {
            t.latency_.push_back(latency(j, c));
            t.bandwidth_.push_back(bandwidth(j, c));
            t.energy_.push_back(energy_nj(j, c));
        }
        t.macs_.push_back(macs(j));
    }
    return t;
}

std::string_view job_analysis_name(JobAnalysis a) { return a == JobAnalysis::Mapscape ? "mapscape" : "magma-code"; }

std::optional<JobAnalysis> parse_job_analysis(std::string_view t) {
    if (t == "mapscape") return JobAnalysis::Mapscape;
    if (t == "magma-code") return JobAnalysis::MagmaCode;
    return std::nullopt;
}

namespace {

// Whether `jobs` can go to distinct slots, `slots` per core, each on a core that can run it
// within `limit` cycles (augmenting paths; a few hundred jobs on a few dozen cores).
bool slots_suffice(const JobTable& t, const std::vector<int>& jobs, double limit, int slots) {
    const int cores = t.cores();
    std::vector<int> holder(static_cast<std::size_t>(cores * slots), -1);  // slot -> index into jobs
    std::vector<char> seen;
    std::function<bool(int)> place = [&](int i) {
        for (int c = 0; c < cores; ++c) {
            if (!(t.latency(jobs[static_cast<std::size_t>(i)], c) <= limit)) continue;
            for (int s = 0; s < slots; ++s) {
                const auto slot = static_cast<std::size_t>(c * slots + s);
                if (seen[slot]) continue;
                seen[slot] = 1;
                if (holder[slot] < 0 || place(holder[slot])) {
                    holder[slot] = i;
                    return true;
                }
            }
        }
        return false;
    };
    for (int i = 0; i < static_cast<int>(jobs.size()); ++i) {
        seen.assign(holder.size(), 0);
        if (!place(i)) return false;
    }
    return true;
}

// No schedule finishes by `limit` if the jobs that take more than limit / (k + 1) on every core
// that can run them within `limit` need more than k places per core (a core runs at most k of
// them by then), for some k.
bool cannot_finish_by(const JobTable& t, double limit) {
    for (int k = 1; k <= 3; ++k) {
        std::vector<int> big;
        for (int j = 0; j < t.jobs(); ++j) {
            bool fits = false, small_somewhere = false;
            for (int c = 0; c < t.cores(); ++c) {
                const double l = t.latency(j, c);
                if (!(l <= limit)) continue;
                fits = true;
                if (l <= limit / (k + 1)) small_somewhere = true;
            }
            if (!fits) return true;
            if (!small_somewhere) big.push_back(j);
        }
        if (static_cast<int>(big.size()) > k * t.cores() || !slots_suffice(t, big, limit, k)) return true;
    }
    return false;
}

}  // namespace

double makespan_lower_bound(const JobTable& t, double bandwidth) {
    double longest = 0, work = 0, bytes = 0;
    std::vector<double> least;  // each job's latency on its fastest core: no core runs it sooner
    for (int j = 0; j < t.jobs(); ++j) {
        double lat = std::numeric_limits<double>::infinity(), traffic = std::numeric_limits<double>::infinity();
        for (int c = 0; c < t.cores(); ++c)
            if (t.runs_on(j, c)) {
                lat = std::min(lat, t.latency(j, c));
                traffic = std::min(traffic, t.latency(j, c) * t.bandwidth(j, c));
            }
        longest = std::max(longest, lat);
        work += lat;
        bytes += traffic;
        least.push_back(lat);
    }
    // Jobs are not divisible: among the k x cores + 1 longest jobs, some core runs k + 1 of
    // them, one after the other, so the makespan is at least the k + 1 shortest of those.
    std::sort(least.rbegin(), least.rend());
    const auto m = static_cast<std::size_t>(std::max(1, t.cores()));
    double packed = 0;
    for (std::size_t k = 1; k * m < least.size(); ++k) {
        double sum = 0;
        for (std::size_t i = k * m - k; i <= k * m; ++i) sum += least[i];
        packed = std::max(packed, sum);
    }
    double bound = std::max({longest, packed, work / std::max(1, t.cores()), bandwidth > 0 ? bytes / bandwidth : 0.0});
    // Heterogeneous cores: a job may be fast only on some cores. Raise the bound while no
    // schedule can finish by it (bisection; whether one can only gets likelier as it grows).
    if (std::isfinite(bound) && bound > 0 && t.jobs() <= 100000 && cannot_finish_by(t, bound)) {
        // Beyond 4x the longest latency no job counts as long for k <= 3: the doubling ends.
        double low = bound, high = 2 * bound;
        for (int i = 0; i < 64 && cannot_finish_by(t, high); ++i) {
            low = high;
            high *= 2;
        }
        for (int i = 0; i < 60 && high - low > 1e-9 * high; ++i) {
            const double mid = 0.5 * (low + high);
            (cannot_finish_by(t, mid) ? low : high) = mid;
        }
        bound = low;
    }
    return bound;
}

namespace {

struct Cost {
    double latency = std::numeric_limits<double>::infinity();
    double bandwidth = 0;
    double energy = 0;
};

Cost analyse(const Layer& layer, const SubAccelerator& core, const Platform& p) {
    const Accelerator acc = core.accelerator(p.clock_mhz, p.word_bytes);
    const FixedDataflow style = core_dataflow(core.style);
    const Mapping m = fixed_dataflow_mapping(style, layer, acc, std::vector<std::int64_t>(3, 1));
    const CostReport r = evaluate(layer, acc, m, ReportDetail::Objectives);
    Cost c;
    if (!r.valid()) return c;
    // MAESTRO undercounts some partial tiles; no job runs faster than its busiest PE.
    const auto cycles = std::max(r.runtime_cycles, ComputeBound(layer, acc).cycles(m));
    c.latency = static_cast<double>(std::max<std::int64_t>(1, cycles));
    c.bandwidth = static_cast<double>(r.dram_accesses) * p.word_bytes / c.latency;
    c.energy = r.energy.total_nj;
    if (p.technology) {
        // The analysis sizes buffers to need (no stalls); a physical technology prices the job
        // at what the core builds: its global buffer, and L1 as large as the mapping needs.
        Accelerator built = acc;
        apply_technology(built, p.technology);
        built.l2_size_bytes = core.buffer_bytes;
        built.l1_size_bytes = std::max<std::int64_t>(p.word_bytes, r.l1_required_bytes);
        c.energy = evaluate(layer, built, m, ReportDetail::Objectives).energy.total_nj;
    }
    return c;
}

Cost analyse_as_magma_code(const Layer& layer, const SubAccelerator& core, const Platform& p) {
    // The code's GA settings (setting.get_setting_v3) pair its NVDLA-like file with the HB
    // cores and its ShiDianNao-like file with the others.
    const MagmaStyle style = core.style == CoreStyle::HB ? MagmaStyle::Dla : MagmaStyle::Shi;
    const MagmaCodeCost m = magma_code_cost(layer, style, core.num_pes(), p.clock_mhz, p.word_bytes, p.flexible);
    Cost c;
    if (!m.valid) return c;
    c.latency = m.latency_cycles;
    c.bandwidth = m.bandwidth_bytes_per_cycle;
    c.energy = m.energy_nj;
    return c;
}

}  // namespace

std::vector<int> gene_order(const JobTable& t, JobAnalysis analysis) {
    std::vector<double> latency;
    latency.reserve(static_cast<std::size_t>(t.jobs()) * static_cast<std::size_t>(t.cores()));
    for (int j = 0; j < t.jobs(); ++j)
        for (int c = 0; c < t.cores(); ++c) latency.push_back(t.latency(j, c));
    if (analysis == JobAnalysis::MagmaCode) return magma_code_job_order(latency, t.jobs(), t.cores());
    std::vector<int> order(static_cast<std::size_t>(t.jobs()));
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
    std::vector<double> best(order.size(), std::numeric_limits<double>::infinity());
    for (int j = 0; j < t.jobs(); ++j)
        for (int c = 0; c < t.cores(); ++c) best[static_cast<std::size_t>(j)] = std::min(best[static_cast<std::size_t>(j)], t.latency(j, c));
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return best[static_cast<std::size_t>(a)] < best[static_cast<std::size_t>(b)]; });
    return order;
}

JobTable analyze_jobs(const std::vector<Job>& jobs, const Platform& p, JobAnalysis analysis) {
    const int n = static_cast<int>(jobs.size()), cores = static_cast<int>(p.cores.size());
    std::vector<double> latency(static_cast<std::size_t>(n) * static_cast<std::size_t>(cores));
    std::vector<double> bandwidth(latency.size()), energy(latency.size());
    std::vector<std::int64_t> macs;
    using CoreKey = std::tuple<std::int64_t, std::int64_t, int>;
    std::map<std::pair<std::string, CoreKey>, Cost> cache;  // by layer shape and core type
    for (int j = 0; j < n; ++j) {
        const Job& job = jobs[static_cast<std::size_t>(j)];
        Layer shape = job.layer;
        shape.name.clear();
        const std::string key = shape_summary(shape) + "|" + std::to_string(static_cast<int>(shape.type));
        bool runs = false;
        for (int c = 0; c < cores; ++c) {
            const SubAccelerator& core = p.cores[static_cast<std::size_t>(c)];
            const auto k = std::make_pair(key, CoreKey{core.rows, core.cols, static_cast<int>(core.style)});
            auto it = cache.find(k);
            if (it == cache.end())
                it = cache.emplace(k, analysis == JobAnalysis::MagmaCode ? analyse_as_magma_code(job.layer, core, p) : analyse(job.layer, core, p)).first;
            const std::size_t i = static_cast<std::size_t>(j) * static_cast<std::size_t>(cores) + static_cast<std::size_t>(c);
            latency[i] = it->second.latency;
            bandwidth[i] = it->second.bandwidth;
            energy[i] = it->second.energy;
            runs = runs || latency[i] < std::numeric_limits<double>::infinity();
        }
        if (!runs)
            throw InputError({job.label(), 0, 0}, "no core of " + p.name + " can run this job (" + shape_summary(job.layer) + ")");
        macs.push_back(job.macs);
    }
    return JobTable::from_numbers(n, cores, std::move(latency), std::move(bandwidth), std::move(energy), std::move(macs));
}

}  // namespace mapscape
