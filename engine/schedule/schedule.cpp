#include "schedule/schedule.hpp"

#include <algorithm>
#include <numeric>

namespace mapscape {

CoreQueues queues_of(const Assignment& a, int cores) {
    CoreQueues q(static_cast<std::size_t>(cores));
    for (std::size_t j = 0; j < a.core.size(); ++j) q[static_cast<std::size_t>(a.core[j])].push_back(static_cast<int>(j));
    for (auto& queue : q)
        std::stable_sort(queue.begin(), queue.end(), [&](int x, int y) {
            return a.priority[static_cast<std::size_t>(x)] < a.priority[static_cast<std::size_t>(y)];
        });
    return q;
}

Assignment assignment_of(const CoreQueues& queues, int jobs) {
    Assignment a;
    a.core.assign(static_cast<std::size_t>(jobs), 0);
    a.priority.assign(static_cast<std::size_t>(jobs), 0.0);
    for (std::size_t c = 0; c < queues.size(); ++c)
        for (std::size_t k = 0; k < queues[c].size(); ++k) {
            const auto j = static_cast<std::size_t>(queues[c][k]);
            a.core[j] = static_cast<int>(c);
            a.priority[j] = (static_cast<double>(k) + 0.5) / static_cast<double>(queues[c].size());
        }
    return a;
}

}  // namespace mapscape
