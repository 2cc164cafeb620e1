// The scheduling settings a study keeps (its schedule view's controls), apart from study.hpp so
// that the schedule's result record (study_results.hpp) can name them.
#pragma once

#include <cstdint>
#include <string>

namespace mapscape {

struct ScheduleSettings {
    std::string mix = "mix";
    std::string setting = "S2";
    double bandwidth_gbps = 16;
    std::string algorithm = "magma";
    std::int64_t budget = 10000;
    std::uint64_t seed = 1;
    int group = 1;  // 1-based
    bool operator==(const ScheduleSettings&) const = default;
};

}  // namespace mapscape
