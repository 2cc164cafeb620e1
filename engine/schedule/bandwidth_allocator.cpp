#include "schedule/bandwidth_allocator.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace mapscape {

BandwidthAllocator::BandwidthAllocator(const JobTable& table, double system_bytes_per_cycle)
    : table_(&table), bandwidth_(system_bytes_per_cycle) {}

double BandwidthAllocator::makespan(const CoreQueues& queues) { return run<false>(queues, nullptr); }

Timeline BandwidthAllocator::timeline(const CoreQueues& queues) {
    Timeline t;
    t.makespan = run<true>(queues, &t);
    t.valid = std::isfinite(t.makespan);
    return t;
}

template <bool kRecord>
double BandwidthAllocator::run(const CoreQueues& queues, Timeline* out) {
    constexpr double kInf = std::numeric_limits<double>::infinity();
    const std::size_t cores = queues.size();
    position_.assign(cores, 0);
    remaining_.assign(cores, 0);  // no-stall cycles left of the running job
    ask_.assign(cores, 0);        // its no-stall bandwidth
    started_.assign(cores, 0);
    if constexpr (kRecord) out->core_finish.assign(cores, 0);

    auto load = [&](std::size_t c) -> bool {  // the next job of core c; false when it cannot run
        const int job = queues[c][position_[c]];
        const double lat = table_->latency(job, static_cast<int>(c));
        if (!std::isfinite(lat)) return false;
        remaining_[c] = lat;
        ask_[c] = table_->bandwidth(job, static_cast<int>(c));
        return true;
    };
    for (std::size_t c = 0; c < cores; ++c)
        if (!queues[c].empty() && !load(c)) return kInf;

    double now = 0;
    for (;;) {
        double asked = 0;
        bool any = false;
        for (std::size_t c = 0; c < cores; ++c)
            if (position_[c] < queues[c].size()) {
                asked += ask_[c];
                any = true;
            }
        if (!any) break;
        // Oversubscribed: every job that asks gets the same share of its ask and runs that much
        // slower; a job that asks for nothing runs at full speed.
        const double share = asked > bandwidth_ ? bandwidth_ / asked : 1.0;
        auto speed = [&](std::size_t c) { return ask_[c] > 0 ? share : 1.0; };
        double step = kInf;
        for (std::size_t c = 0; c < cores; ++c)
            if (position_[c] < queues[c].size()) step = std::min(step, remaining_[c] / speed(c));
        const double next = now + step;
        for (std::size_t c = 0; c < cores; ++c) {
            if (position_[c] >= queues[c].size()) continue;
            const int job = queues[c][position_[c]];
            if constexpr (kRecord) {
                const double bw = ask_[c] * share;
                // Extend the job's previous segment when its allocation did not change.
                auto& segs = out->segments;
                bool extended = false;
                for (auto it = segs.rbegin(); it != segs.rend() && it->end >= now; ++it)
                    if (it->core == static_cast<int>(c)) {
                        if (it->job == job && it->bandwidth == bw && it->end == now) {
                            it->end = next;
                            extended = true;
                        }
                        break;
                    }
                if (!extended) segs.push_back({static_cast<int>(c), job, now, next, bw});
            }
            remaining_[c] -= step * speed(c);
            // Finished (within rounding of its length): start the next one.
            const double length = table_->latency(job, static_cast<int>(c));
            if (remaining_[c] <= 1e-9 * std::max(1.0, length)) {
                ++position_[c];
                if constexpr (kRecord) out->core_finish[c] = next;
                if (position_[c] < queues[c].size() && !load(c)) return kInf;
            }
        }
        now = next;
    }
    return now;
}

template double BandwidthAllocator::run<false>(const CoreQueues&, Timeline*);
template double BandwidthAllocator::run<true>(const CoreQueues&, Timeline*);

}  // namespace mapscape
