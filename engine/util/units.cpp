#include "util/units.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace mapscape {

namespace {

// "224.5" with at most `digits` significant digits and no exponent, for |x| < 1e6.
std::string number(double x, int digits) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*g", digits, x);
    std::string s = buf;
    if (s.find('e') != std::string::npos) {  // %g chose an exponent: write it out
        std::snprintf(buf, sizeof buf, "%.0f", x);
        s = buf;
    }
    return s;
}

// The value with the prefix that leaves a mantissa in [1, step): `prefixes` go up by powers of
// `step`, and prefixes[base_index] is the one of the unit itself.
std::string prefixed(double value, double step, const char* const* prefixes, int count, int base_index,
                     const std::string& unit, const FormatOptions& o) {
    if (!std::isfinite(value)) return std::isnan(value) ? "n/a" : (value > 0 ? "inf" : "-inf");
    int i = base_index;
    double x = std::abs(value);
    if (x != 0) {
        while (x >= step && i + 1 < count) {
            x /= step;
            ++i;
        }
        while (x < 1 && i > 0) {
            x *= step;
            --i;
        }
    }
    // Rounding can carry the mantissa to `step` (999.96 -> "1000"): move up one prefix.
    if (std::stod(number(x, o.significant_digits)) >= step && i + 1 < count) {
        x /= step;
        ++i;
    }
    std::string out = number(std::copysign(x, value), o.significant_digits);
    const std::string prefix = prefixes[i];
    if (o.unit) return out + " " + prefix + unit;
    return prefix.empty() ? out : out + " " + prefix;
}

constexpr const char* kSmall[] = {"f", "p", "n", "µ", "m", "", "k", "M", "G", "T"};  // index 5: none
constexpr const char* kCount[] = {"", "k", "M", "G", "T", "P", "E"};
constexpr const char* kBinary[] = {"", "Ki", "Mi", "Gi", "Ti"};

}  // namespace

std::string format_quantity(double value, Quantity q, FormatOptions o) {
    if (value == 0) return o.unit && q != Quantity::Plain ? "0 " + base_unit(q) : "0";
    switch (q) {
        case Quantity::Plain: return prefixed(value, 1000, kCount, 7, 0, "", {o.significant_digits, false});
        case Quantity::Cycles: {
            std::string s = prefixed(value, 1000, kCount, 7, 0, "", {o.significant_digits, false});
            return o.unit ? s + " cycles" : s;
        }
        case Quantity::EnergyNj: return prefixed(value * 1e-9, 1000, kSmall, 10, 5, "J", o);
        case Quantity::PowerMw: return prefixed(value * 1e-3, 1000, kSmall, 10, 5, "W", o);
        case Quantity::Seconds: return prefixed(value, 1000, kSmall, 10, 5, "s", o);
        case Quantity::EdpNjCycles: return prefixed(value * 1e-9, 1000, kSmall, 10, 5, "J·cycles", o);
        case Quantity::Bytes: {
            if (std::abs(value) < 1024) return number(value, o.significant_digits) + (o.unit ? " B" : "");
            return prefixed(value, 1024, kBinary, 5, 0, "B", o);
        }
        case Quantity::AreaUm2: {
            if (!std::isfinite(value)) return prefixed(value, 1000, kCount, 1, 0, "", o);
            if (std::abs(value) < 1e4) return number(value, o.significant_digits) + (o.unit ? " µm²" : "");
            return number(value * 1e-6, o.significant_digits) + (o.unit ? " mm²" : "");
        }
        case Quantity::LapCyclesUm2: {
            std::string s = prefixed(value * 1e-6, 1000, kCount, 7, 0, "", {o.significant_digits, false});
            return o.unit ? s + " cycles·mm²" : s;
        }
    }
    return number(value, o.significant_digits);
}

std::string right_aligned(const std::string& text, int width) {
    int columns = 0;
    for (char c : text) columns += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return std::string(static_cast<std::size_t>(std::max(0, width - columns)), ' ') + text;
}

Quantity quantity_of_field(std::string_view name) {
    auto ends_with = [name](std::string_view suffix) { return name.size() > suffix.size() && name.ends_with(suffix); };
    // Compound units first: "_nj_cycles" also ends with "_cycles".
    if (name == "edp" || ends_with("_edp") || ends_with("_nj_cycles")) return Quantity::EdpNjCycles;
    if (ends_with("_cycles_um2")) return Quantity::LapCyclesUm2;
    if (ends_with("_cycles")) return Quantity::Cycles;
    if (ends_with("_nj")) return Quantity::EnergyNj;
    if (ends_with("_um2")) return Quantity::AreaUm2;
    if (ends_with("_mw")) return Quantity::PowerMw;
    if (ends_with("_bytes")) return Quantity::Bytes;
    if (ends_with("_seconds") || ends_with("_s")) return Quantity::Seconds;
    return Quantity::Plain;
}

std::string base_unit(Quantity q) {
    switch (q) {
        case Quantity::Plain: return "";
        case Quantity::Cycles: return "cycles";
        case Quantity::EnergyNj: return "nJ";
        case Quantity::PowerMw: return "mW";
        case Quantity::AreaUm2: return "µm²";
        case Quantity::Bytes: return "B";
        case Quantity::Seconds: return "s";
        case Quantity::EdpNjCycles: return "nJ·cycles";
        case Quantity::LapCyclesUm2: return "cycles·µm²";
    }
    return "";
}

}  // namespace mapscape
