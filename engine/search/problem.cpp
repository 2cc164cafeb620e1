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

std::optional<std::pair<int, int>> parse_level_range(std::string_view text, int limit) {
    const auto number = [](std::string_view t) -> int {
        if (t.empty() || t.size() > 2) return 0;
        int v = 0;
        for (char c : t) {
            if (c < '0' || c > '9') return 0;
            v = v * 10 + (c - '0');
        }
        return v;
    };
    const std::size_t dash = text.find('-');
    const int lo = number(text.substr(0, dash));
    const int hi = dash == std::string_view::npos ? lo : number(text.substr(dash + 1));
    if (lo < 1 || hi < lo || hi > limit) return std::nullopt;
    return std::pair{lo, hi};
}

std::int64_t fixed_row_length(const Accelerator& acc) {
    if (acc.pe_hierarchy.size() >= 2) return acc.pe_hierarchy.back();
    std::int64_t rows = 1;
    for (std::int64_t d = 1; d * d <= acc.num_pes; ++d)
        if (acc.num_pes % d == 0) rows = d;
    return acc.num_pes / rows;
}

}  // namespace mapscape
