// MAGMA (Kao and Krishna, HPCA'22, Sec. V): a genetic algorithm over assignments (a core and a
// priority per job) with the paper's operators, as the paper describes them (the public code's
// aliasing bugs, which make its crossovers one-sided, are not reproduced):
//  * mutation: every gene is re-drawn with the mutation rate;
//  * crossover-gen: pick one genome (cores or priorities) and a pivot, exchange the tails;
//  * crossover-rg: pick a range of jobs, exchange both genomes over it (keeps a job's core and
//    priority together);
//  * crossover-accel: pick a core; the child takes the other parent's jobs and order on that
//    core, and its own jobs that were there move to random other cores (load balancing);
// with elitism, parents drawn from the best, and a warm start from earlier solutions.
#pragma once

#include <stop_token>
#include <vector>

#include "schedule/schedule_search.hpp"

namespace mapscape {

struct MagmaOptions {
    int population = 0;              // 0: the group size, as the paper sets it
    double elite_ratio = 0.05;
    double parent_ratio = 0.1;
    double mutation_rate = 0.05;     // per gene
    double crossover_gen_rate = 0.9;
    double crossover_rg_rate = 0.05;
    double crossover_accel_rate = 0.05;
    // Warm start (Sec. V-C): individuals for the first population, e.g. the best schedules of a
    // similar group. Assignments of another size are cut or padded with random genes.
    std::vector<Assignment> warm_start;
    // The Herald-like and AI-MT-like mappers' schedules join the first population too (two
    // samples), so that with elitism MAGMA never ends behind either: a user comparing them should
    // not find the search losing to a heuristic it could have started from.
    bool start_from_mappers = true;
};

ScheduleResult run_magma(const ScheduleProblem& problem, const MagmaOptions& options = {},
                         ScheduleSink* sink = nullptr, std::stop_token stop = {});

}  // namespace mapscape
