#include "widget_export.hpp"

#include <QPainter>
#include <QPixmap>
#include <QSvgGenerator>
#include <QWidget>

#include "chart_view.hpp"

namespace mapscape::ui {

bool export_widget_image(QWidget* widget, const QString& path) {
    if (!widget) return false;
    // Charts draw the data as it is now, laid out, before they are written.
    if (auto* chart = qobject_cast<ChartView*>(widget)) chart->settle();
    for (ChartView* chart : widget->findChildren<ChartView*>()) chart->settle();
    if (path.endsWith(".svg", Qt::CaseInsensitive)) {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(widget->size());
        svg.setViewBox(QRect(QPoint(0, 0), widget->size()));
        svg.setTitle(widget->windowTitle().isEmpty() ? QStringLiteral("Mapscape chart") : widget->windowTitle());
        QPainter painter;
        if (!painter.begin(&svg)) return false;
        widget->render(&painter);
        return painter.end();
    }
    return widget->grab().save(path, "PNG");
}

}  // namespace mapscape::ui
