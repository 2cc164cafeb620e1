// The scheduling settings a study keeps (its schedule view's controls), apart from study.hpp so
// that the schedule's result record (study_results.hpp) can name them.
#pragma once

#include <cstdint>
#include <string>

#include "schedule/schedule_request.hpp"

namespace mapscape {

struct ScheduleSettings {
    std::string mix = "mix";
    std::string setting = "S2";
    // From the defaults the CLI and the Python module read (the app's own: the mix and setting
    // its example opens with).
    double bandwidth = ScheduleSetupOptions{}.bw;                       // in bandwidth_unit
    std::string bandwidth_unit = ScheduleSetupOptions{}.bw_units;       // or "bytes-per-cycle" (schedule/platform.hpp)
    std::string job_analysis = ScheduleSetupOptions{}.job_analysis;     // or "magma-code" (schedule/job_analysis.hpp)
    std::string algorithm = ScheduleSetupOptions{}.algo;
    std::int64_t budget = ScheduleSetupOptions{}.budget;
    std::uint64_t seed = ScheduleSetupOptions{}.seed;
    int group = 1;  // 1-based
    bool operator==(const ScheduleSettings&) const = default;
};

}  // namespace mapscape
