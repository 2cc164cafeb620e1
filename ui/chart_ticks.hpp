// A chart axis as people read it: linear or logarithmic, round tick values (1-2-5 steps, decades)
// labelled in the quantity's unit ("1 µJ", "10 M"), and a title with the unit the ticks leave out.
#pragma once

#include <QString>

#include <vector>

#include "util/units.hpp"

namespace mapscape::ui {

enum class AxisScale { Linear, Log };

struct ChartAxis {
    QString title;  // e.g. "latency"; the unit is added where tick labels do not carry it
    Quantity quantity = Quantity::Plain;
    AxisScale scale = AxisScale::Linear;
    // A log axis of counts that double (batch sizes): ticks on powers of two, written whole.
    bool powers_of_two = false;
};

// Round tick values in [lo, hi]: 1-2-5 steps on a linear axis; decades on a log axis (with 2
// and 5 between when the range spans few decades, every other decade when it spans many).
std::vector<double> round_ticks(double lo, double hi, AxisScale scale);
// The ticks of an axis: round_ticks, or powers of two (every k-th, at most nine) where it asks.
std::vector<double> axis_ticks(double lo, double hi, const ChartAxis& axis);
// A tick's label: "1 µJ" where the unit fits the ticks, "1.5 M" where the title carries it.
QString tick_label(const ChartAxis& axis, double value);
// "latency" for ticks that carry their unit; "latency (cycles)" otherwise.
QString axis_title(const ChartAxis& axis);

}  // namespace mapscape::ui
