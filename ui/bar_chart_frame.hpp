// The frame every bar chart of the window shares (BreakdownChart, TornadoChart, LayerChangeChart):
// a white plot with a grey border, no animation, a bold title in the widget's font, a category
// axis and a value axis whose tick labels sit on their values, light grid lines, axis-aligned
// drawing without antialiasing, and a grey message centred on the plot for "nothing to show".
#pragma once

#include <QMargins>

class QAbstractBarSeries;
class QBarCategoryAxis;
class QCategoryAxis;
class QChartView;
class QGraphicsSimpleTextItem;

namespace mapscape::ui {

struct BarChartFrame {
    QBarCategoryAxis* categories = nullptr;
    QCategoryAxis* values = nullptr;
    QGraphicsSimpleTextItem* message = nullptr;  // hidden until a chart shows one
};

// Gives `view` a chart holding `series`, its categories along `categories_side` (Qt::AlignLeft for
// horizontal bars, Qt::AlignBottom for vertical ones) and the values along the other axis.
BarChartFrame make_bar_chart_frame(QChartView* view, QAbstractBarSeries* series, const QMargins& margins,
                                   bool categories_on_left);

}  // namespace mapscape::ui
