// Schedules as JSON (`mapscape-cli schedule --json`) and as Chrome/Perfetto trace events.
//   {"algo","setting","bw_gbps","seed","makespan_cycles","throughput_gflops","utilization",
//    "energy_nj","samples","wall_s","segments":[{"core","job","model","start","end","bw"}],
//    "trace":[[samples, best_makespan], ...], "groups":[...], "cores":[...]}
// Times are cycles; "bw" is the allocated bandwidth in GB/s.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "schedule/workload_schedule.hpp"

namespace mapscape {

nlohmann::ordered_json workload_schedule_to_json(const WorkloadScheduleRequest& request, const WorkloadSchedule& schedule,
                                                 const std::string& setting_name);

// Trace-event format: one complete event ("X") per segment on a thread per core, and a counter
// ("C") of each core's allocated bandwidth; timestamps in microseconds at the platform clock.
nlohmann::ordered_json workload_schedule_to_trace(const WorkloadScheduleRequest& request, const WorkloadSchedule& schedule);

}  // namespace mapscape
