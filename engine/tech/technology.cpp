#include "tech/technology.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace mapscape {

namespace {

// Log-log interpolation through (x0, y0) and (x1, y1), extended along the segment beyond it;
// linear where a value is zero (log undefined).
double interpolate(double x, double x0, double y0, double x1, double y1) {
    if (x0 == x1) return y0;
    if (x0 > 0 && x1 > 0 && y0 > 0 && y1 > 0 && x > 0) {
        const double t = (std::log(x) - std::log(x0)) / (std::log(x1) - std::log(x0));
        return std::exp(std::log(y0) + t * (std::log(y1) - std::log(y0)));
    }
    const double t = (x - x0) / (x1 - x0);
    return std::max(0.0, y0 + t * (y1 - y0));
}

// The two indices of `xs` (sorted, distinct) that bracket x, or the last/first segment outside.
std::pair<std::size_t, std::size_t> bracket(const std::vector<double>& xs, double x) {
    if (xs.size() == 1) return {0, 0};
    std::size_t hi = static_cast<std::size_t>(std::lower_bound(xs.begin(), xs.end(), x) - xs.begin());
    if (hi < xs.size() && xs[hi] == x) return {hi, hi};
    hi = std::clamp<std::size_t>(hi, 1, xs.size() - 1);
    return {hi - 1, hi};
}

MemoryFigures lerp(double x, double x0, const MemoryFigures& a, double x1, const MemoryFigures& b) {
    return {interpolate(x, x0, a.read_pj, x1, b.read_pj), interpolate(x, x0, a.write_pj, x1, b.write_pj),
            interpolate(x, x0, a.leakage_mw, x1, b.leakage_mw), interpolate(x, x0, a.area_um2, x1, b.area_um2)};
}

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

}  // namespace

MemoryFigures MemoryCurve::at(double capacity_bytes, double width_bits, int banks) const {
    if (points.empty()) return {};
    banks = std::max(1, banks);
    const double bank_bytes = capacity_bytes / banks;
    std::vector<double> widths;
    for (const auto& p : points) widths.push_back(p.width_bits);
    std::sort(widths.begin(), widths.end());
    widths.erase(std::unique(widths.begin(), widths.end()), widths.end());
    // Along capacity at one listed width.
    auto along_capacity = [&](double width) {
        std::vector<const MemoryPoint*> row;
        for (const auto& p : points)
            if (p.width_bits == width) row.push_back(&p);
        std::sort(row.begin(), row.end(), [](const MemoryPoint* a, const MemoryPoint* b) { return a->capacity_bytes < b->capacity_bytes; });
        std::vector<double> caps;
        for (const auto* p : row) caps.push_back(p->capacity_bytes);
        const auto [i, j] = bracket(caps, bank_bytes);
        const auto fig = [](const MemoryPoint* p) { return MemoryFigures{p->read_pj, p->write_pj, p->leakage_mw, p->area_um2}; };
        return lerp(bank_bytes, caps[i], fig(row[i]), caps[j], fig(row[j]));
    };
    const auto [wi, wj] = bracket(widths, width_bits);
    MemoryFigures one = lerp(width_bits, widths[wi], along_capacity(widths[wi]), widths[wj], along_capacity(widths[wj]));
    one.leakage_mw *= banks;
    one.area_um2 *= banks;
    return one;
}

const MacFigures* Technology::mac_for(NumberFormat operand) const {
    if (macs.empty()) return nullptr;
    for (const auto& m : macs)
        if (m.format == operand) return &m;
    const bool fp = is_floating_point(operand);
    const int bits = format_bits(operand);
    const MacFigures* best = nullptr;
    for (const auto& m : macs)
        if (is_floating_point(m.format) == fp && format_bits(m.format) >= bits &&
            (!best || format_bits(m.format) < format_bits(best->format)))
            best = &m;
    if (best) return best;
    for (const auto& m : macs)
        if (!best || format_bits(m.format) > format_bits(best->format)) best = &m;
    return best;
}

const OperationFigures* Technology::operation(bool multiply, NumberFormat format) const {
    for (const auto& o : operations)
        if (o.multiply == multiply && o.format == format) return &o;
    return nullptr;
}

const DramFigures* Technology::dram(const std::string& type) const {
    const std::string t = lower(type);
    for (const auto& d : drams)
        if (lower(d.type) == t) return &d;
    return nullptr;
}

const Technology& maestro_technology() {
    static const Technology t = [] {
        Technology m;
        m.name = "maestro";
        m.description = "MAESTRO's model: one energy per L1 and per L2 access relative to a MAC, for any size and width";
        m.maestro_relative = true;
        return m;
    }();
    return t;
}

}  // namespace mapscape
