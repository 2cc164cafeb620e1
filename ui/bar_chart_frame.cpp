#include "bar_chart_frame.hpp"

#include <QAbstractBarSeries>
#include <QBarCategoryAxis>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QGraphicsLayout>
#include <QGraphicsSimpleTextItem>

namespace mapscape::ui {

BarChartFrame make_bar_chart_frame(QChartView* view, QAbstractBarSeries* series, const QMargins& margins, bool categories_on_left) {
    auto* c = new QChart;
    view->setChart(c);
    c->setMargins(margins);
    c->layout()->setContentsMargins(0, 0, 0, 0);
    c->setBackgroundRoundness(0);
    c->setAnimationOptions(QChart::NoAnimation);
    c->setPlotAreaBackgroundVisible(true);
    c->setPlotAreaBackgroundBrush(Qt::white);
    c->setPlotAreaBackgroundPen(QPen(QColor(150, 150, 150), 1));
    QFont title_font = view->font();
    title_font.setBold(true);
    c->setTitleFont(title_font);
    c->addSeries(series);
    BarChartFrame f;
    f.categories = new QBarCategoryAxis;
    f.values = new QCategoryAxis;
    f.values->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    for (QAbstractAxis* axis : std::initializer_list<QAbstractAxis*>{f.categories, f.values}) {
        axis->setLabelsFont(view->font());
        axis->setTitleFont(view->font());
        axis->setGridLineColor(QColor(225, 225, 225));
        axis->setLinePenColor(QColor(150, 150, 150));
        axis->setTruncateLabels(false);
    }
    f.categories->setGridLineVisible(false);
    c->addAxis(f.categories, categories_on_left ? Qt::AlignLeft : Qt::AlignBottom);
    c->addAxis(f.values, categories_on_left ? Qt::AlignBottom : Qt::AlignLeft);
    series->attachAxis(f.categories);
    series->attachAxis(f.values);
    f.message = new QGraphicsSimpleTextItem(c);
    f.message->setBrush(QColor(120, 120, 120));
    f.message->setZValue(15);
    f.message->hide();
    view->setRenderHint(QPainter::Antialiasing, false);  // bars and grid are axis-aligned
    view->setFrameShape(QFrame::NoFrame);
    return f;
}

}  // namespace mapscape::ui
