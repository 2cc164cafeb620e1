#include "chart_ticks.hpp"

#include <cmath>

namespace mapscape::ui {

namespace {

// Quantities whose tick labels carry their unit ("1 µJ"); the others are titled with it.
bool unit_in_ticks(Quantity q) { return q != Quantity::Plain && q != Quantity::Cycles && q != Quantity::LapCyclesUm2; }

}  // namespace

QString axis_title(const ChartAxis& a) {
    if (unit_in_ticks(a.quantity)) return a.title;
    const std::string unit = a.quantity == Quantity::LapCyclesUm2 ? "cycles·mm²" : base_unit(a.quantity);
    return unit.empty() ? a.title : a.title + " (" + QString::fromStdString(unit) + ")";
}

QString tick_label(const ChartAxis& axis, double value) {
    // "1024" rather than "1.02 k": a batch of 1,024 sequences reads as the number it is.
    if (axis.powers_of_two && value >= 1 && value < 1e5) return QString::number(static_cast<qint64>(std::llround(value)));
    return QString::fromStdString(format_quantity(value, axis.quantity, {3, unit_in_ticks(axis.quantity)}));
}

std::vector<double> round_ticks(double lo, double hi, AxisScale scale) {
    std::vector<double> out;
    if (!(hi > lo) || !std::isfinite(lo) || !std::isfinite(hi)) return out;
    if (scale == AxisScale::Log && lo > 0) {
        const double decades = std::log10(hi / lo);
        const int first = static_cast<int>(std::floor(std::log10(lo))), last = static_cast<int>(std::ceil(std::log10(hi)));
        if (decades < 1.3) {
            for (int k = first; k <= last; ++k)
                for (double m : {1.0, 2.0, 5.0}) {
                    const double v = m * std::pow(10, k);
                    if (v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9)) out.push_back(v);
                }
            if (out.size() >= 2) return out;
            out.clear();  // less than a third of a decade: linear ticks read better
        } else {
            const int step = std::max(1, static_cast<int>(std::ceil(decades / 7)));
            for (int k = first; k <= last; ++k) {
                if (((k % step) + step) % step != 0) continue;
                const double v = std::pow(10, k);
                if (v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9)) out.push_back(v);
            }
            if (out.size() >= 2) return out;
            // One power of ten in range (1.3 to 2 decades placed across it): a lone tick says
            // nothing of the scale, so the thirds of each decade too.
            out.clear();
            for (int k = first; k <= last; ++k)
                for (double m : {1.0, 3.0}) {
                    const double v = m * std::pow(10, k);
                    if (v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9)) out.push_back(v);
                }
            return out;
        }
    }
    const double raw = (hi - lo) / 6;
    const double magnitude = std::pow(10, std::floor(std::log10(raw)));
    double step = magnitude;
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * magnitude >= raw) {
            step = m * magnitude;
            break;
        }
    for (double v = std::ceil(lo / step - 1e-9) * step; v <= hi + step * 1e-9; v += step)
        out.push_back(std::abs(v) < step * 1e-9 ? 0.0 : v);
    return out;
}

std::vector<double> axis_ticks(double lo, double hi, const ChartAxis& axis) {
    if (!axis.powers_of_two || axis.scale != AxisScale::Log || !(lo > 0) || !(hi > lo) || !std::isfinite(hi))
        return round_ticks(lo, hi, axis.scale);
    const int first = static_cast<int>(std::ceil(std::log2(lo) - 1e-9)), last = static_cast<int>(std::floor(std::log2(hi) + 1e-9));
    if (last - first < 1) return round_ticks(lo, hi, axis.scale);  // less than one doubling: round values read better
    const int step = std::max(1, (last - first + 8) / 9);
    std::vector<double> out;
    for (int k = first; k <= last; k += step) out.push_back(std::ldexp(1.0, k));
    return out;
}

}  // namespace mapscape::ui
