#include "search/problem.hpp"

#include <cmath>

namespace mapscape {

std::string_view system_name(TargetSystem s) {
    switch (s) {
        case TargetSystem::S1: return "S1";
        case TargetSystem::S2: return "S2";
        case TargetSystem::S3: return "S3";
    }
    return "S2";
}

std::optional<TargetSystem> parse_system(std::string_view t) {
    if (t == "S1" || t == "s1") return TargetSystem::S1;
    if (t == "S2" || t == "s2") return TargetSystem::S2;
    if (t == "S3" || t == "s3") return TargetSystem::S3;
    return std::nullopt;
}

int min_levels(TargetSystem s) { return s == TargetSystem::S2 ? 1 : 2; }
int max_levels(TargetSystem s) { return s == TargetSystem::S3 ? 3 : 2; }

std::int64_t fixed_row_length(const Accelerator& acc) {
    if (acc.pe_hierarchy.size() >= 2) return acc.pe_hierarchy.back();
    std::int64_t rows = 1;
    for (std::int64_t d = 1; d * d <= acc.num_pes; ++d)
        if (acc.num_pes % d == 0) rows = d;
    return acc.num_pes / rows;
}

}  // namespace mapscape
