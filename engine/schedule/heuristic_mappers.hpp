// Hand-written mappers, as designed from their papers' descriptions (the public MAGMA code has
// none of the first two). Each builds one schedule from the job analysis table.
//  * Herald-like (Kwon et al., HPCA'21: heterogeneous dataflow sub-accelerators): each job
//    prefers the cores whose dataflow and size run it fastest; jobs, longest first, go to the
//    preferred core (within 25 % of the job's best latency) that finishes them earliest; then
//    jobs move off the most-loaded core while that lowers the largest load. Each core runs its
//    jobs in arrival order. Bandwidth is not considered.
//  * AI-MT-like (Baek et al., ISCA'20: homogeneous systolic arrays): assumes every core is like
//    the first; jobs in arrival order go to the least-loaded core; each core interleaves
//    memory-bound jobs (asking more than a fair share of the system bandwidth) with
//    compute-bound ones, odd cores starting with a memory-bound job and even cores with a
//    compute-bound one, so that memory phases of different cores do not line up.
//  * fcfs: arrival order, each job to the core that frees first.
//  * sjf: shortest job (fastest core's latency) first, each to the core that frees first.
//  * rr: job i to core i mod cores, arrival order.
//  * greedy: arrival order, each job to the core where it would finish earliest.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "schedule/job_analysis.hpp"
#include "schedule/schedule.hpp"

namespace mapscape {

enum class Heuristic { Herald, AiMt, Fcfs, Sjf, RoundRobin, Greedy };

std::string_view heuristic_name(Heuristic h);  // "herald", "aimt", "fcfs", "sjf", "rr", "greedy"
std::optional<Heuristic> parse_heuristic(std::string_view name);
const std::vector<Heuristic>& all_heuristics();

Assignment heuristic_assignment(Heuristic h, const JobTable& table, double system_bytes_per_cycle);

}  // namespace mapscape
