// Colours and legend names for a chart's series, one convention for every chart: colours that
// stay distinct as series multiply, and legend entries that name what differs between series
// (what they share goes in the title once).
#pragma once

#include <QColor>
#include <QString>
#include <QStringList>

namespace mapscape::ui {

// The colour of the i-th series: the ten of Tableau's palette (the matplotlib default; its grey
// last, so that a chart's grey "other" or invalid points meet it only past nine series), their
// ten lighter partners, then hues a golden angle apart at alternating lightness.
QColor series_color(int index);

// Black or white, whichever reads better on `background` (WCAG relative luminance).
QColor text_color_on(const QColor& background);

struct DistinctLabels {
    QString shared;    // the comma-separated parts every label has, in the first label's order
    QStringList own;   // each label's other parts (the whole label when it has no other part)
};
// Splits labels such as "gamma, latency, seed 1, layer 2" at ", ".
DistinctLabels distinct_labels(const QStringList& labels);

}  // namespace mapscape::ui
