// Numbers in comparison tables: a cell's text (NAN where a method found nothing) and the
// geometric mean the papers summarise with (the CLI's comparison commands, the Python module).
#pragma once

#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include "workload/layer.hpp"

namespace mapscape {

inline constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

inline std::string cell(double v, int digits = 4) {
    if (!std::isfinite(v)) return "NAN";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    return buf;
}

// A layer's name cut to a table's column, ending in its repeat count ("conv x4") when the network
// runs it more than once: the row's figures are one run's, the totals count every run.
inline std::string layer_cell(const mapscape::Layer& layer, const std::string& name, std::size_t width = 14) {
    if (layer.repeat_count <= 1) return name.substr(0, width);
    const std::string times = " x" + std::to_string(layer.repeat_count);
    return name.substr(0, width > times.size() ? width - times.size() : 0) + times;
}

// "+4.1%" or "-7.2%": how far a value is above (or, for a mapping MAESTRO's model undercounts,
// below) its lower bound; "-" when there is no bound to compare with.
inline std::string percent_from_bound(double value, double bound) {
    if (!(bound > 0) || !std::isfinite(value)) return "-";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.1f%%", (value / bound - 1) * 100);
    return buf;
}

// "4.1% above" or "7.2% below", for sentences.
inline std::string above_or_below_bound(double value, double bound) {
    if (!(bound > 0) || !std::isfinite(value)) return "no bound";
    const double percent = (value / bound - 1) * 100;
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.1f%% %s", std::abs(percent), percent < 0 ? "below" : "above");
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
