// MAGMA's bandwidth allocator (HPCA'22, Algorithm 1) and the timeline it produces. Each core
// runs its queue in order; a running job asks for its no-stall bandwidth. When the asks add up to
// more than the system bandwidth, every running job gets its ask scaled by the same factor
// (allocation in proportion to demand) and slows down by that factor, since a core that gets a
// fraction of the bandwidth it needs streams, and so computes, at that fraction of its speed
// (a job that needs no bandwidth keeps its speed). The allocation is recomputed whenever a job
// starts or ends.
#pragma once

#include <vector>

#include "schedule/job_analysis.hpp"
#include "schedule/schedule.hpp"

namespace mapscape {

class BandwidthAllocator {
public:
    BandwidthAllocator(const JobTable& table, double system_bytes_per_cycle);

    // The makespan only (the search's hot path: no allocation after the first call);
    // +infinity when a job sits on a core that cannot run it.
    double makespan(const CoreQueues& queues);
    // The whole timeline, with a segment per job and constant-bandwidth stretch.
    Timeline timeline(const CoreQueues& queues);

    double system_bandwidth() const { return bandwidth_; }

private:
    template <bool kRecord>
    double run(const CoreQueues& queues, Timeline* out);

    const JobTable* table_;
    double bandwidth_;
    std::vector<std::size_t> position_;
    std::vector<double> remaining_, ask_, started_;
};

}  // namespace mapscape
