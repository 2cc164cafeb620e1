// A scheduling run as a user states it, in the words the CLI's options and the Python module's
// keywords use (a task mix and a platform setting by name, a bandwidth in GB/s or bytes per
// cycle, an algorithm's name, ...), and the request it makes. `mapscape-cli schedule`/`schedule-compare` and the Python
// module build their requests here.
#pragma once

#include <cstdint>
#include <string>

#include "schedule/workload_schedule.hpp"

namespace mapscape {

struct ScheduleSetupOptions {
    std::string setting = "S1";  // S1..S6 (the MAGMA paper's Table III), S1-flex..S6-flex, or a platform .json file
    int group_size = 100;
    int group = 0;  // 1-based group to schedule alone; 0 = all
    std::string objective = "makespan";
    std::int64_t budget = 10000;
    int threads = 0;  // 0 = one per core
    bool warm_start = false;
    std::string job_analysis = "mapscape";  // or "magma-code" (schedule/job_analysis.hpp)
    std::string bw_units = "gbps";          // the bandwidth's unit: gbps or bytes-per-cycle
    std::string technology;                 // --tech: "" or maestro = MAESTRO's model
    // Defined here once for the CLI, the Python module and its stubs.
    double bw = 16;                // the system bandwidth, in bw_units
    std::string algo = "magma";
    std::uint64_t seed = 1;
};

// A scheduling algorithm by name; throws InputError (at --algo) listing the known names.
ScheduleAlgorithm schedule_algorithm(const std::string& name);

// Throws InputError naming the setting that is wrong as its CLI option.
WorkloadScheduleRequest make_schedule_request(const ScheduleSetupOptions& options, const std::string& mix, double bandwidth,
                                              const std::string& algorithm, std::uint64_t seed);

}  // namespace mapscape
