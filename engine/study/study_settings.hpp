// The scheduling settings a study keeps (its schedule view's controls), apart from study.hpp so
// that the schedule's result record (study_results.hpp) can name them.
#pragma once

#include <cstdint>
#include <string>

namespace mapscape {

struct ScheduleSettings {
    std::string mix = "mix";
    std::string setting = "S2";
    double bandwidth = 16;                  // in bandwidth_unit
    std::string bandwidth_unit = "gbps";    // or "bytes-per-cycle" (schedule/platform.hpp)
    std::string job_analysis = "mapscape";  // or "magma-code" (schedule/job_analysis.hpp)
    std::string algorithm = "magma";
    std::int64_t budget = 10000;
    std::uint64_t seed = 1;
    int group = 1;  // 1-based
    bool operator==(const ScheduleSettings&) const = default;
};

}  // namespace mapscape
