// Numbers in comparison tables: a cell's text (NAN where a method found nothing) and the
// geometric mean the papers summarise with (the CLI's comparison commands, the Python module).
#pragma once

#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

namespace mapscape {

inline constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

inline std::string cell(double v, int digits = 4) {
    if (!std::isfinite(v)) return "NAN";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    return buf;
}

// Geometric mean of the finite positive values; NAN when there are none.
inline double geometric_mean(const std::vector<double>& values) {
    double log_sum = 0;
    int n = 0;
    for (double v : values)
        if (std::isfinite(v) && v > 0) {
            log_sum += std::log(v);
            ++n;
        }
    return n ? std::exp(log_sum / n) : kNan;
}

}  // namespace mapscape
