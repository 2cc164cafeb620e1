// A schedule of a group of jobs on a multi-core platform: which core runs each job and in what
// order (MAGMA's sub-accelerator selection and job prioritisation), and the timeline the
// bandwidth allocator makes of it.
#pragma once

#include <cstdint>
#include <vector>

namespace mapscape {

// MAGMA's encoding (Sec. IV-A): per job a core and a priority in [0,1); a core runs its jobs in
// increasing priority (ties by job index).
struct Assignment {
    std::vector<int> core;
    std::vector<double> priority;
    bool operator==(const Assignment&) const = default;
};

// The jobs of each core in running order.
using CoreQueues = std::vector<std::vector<int>>;
CoreQueues queues_of(const Assignment& a, int cores);
// An assignment that produces the given queues (priorities spread evenly in each queue).
Assignment assignment_of(const CoreQueues& queues, int jobs);

// A stretch of time in which a core runs one job with a constant bandwidth allocation.
struct Segment {
    int core = 0;
    int job = 0;
    double start = 0, end = 0;          // cycles
    double bandwidth = 0;               // bytes per cycle allocated
};

struct Timeline {
    double makespan = 0;                // cycles
    std::vector<double> core_finish;    // cycles; 0 for a core without jobs
    std::vector<Segment> segments;      // ordered by start time, then core
    bool valid = true;                  // false when a job sits on a core that cannot run it
};

}  // namespace mapscape
