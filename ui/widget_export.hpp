// Saving what a widget shows (a chart, the timeline) as PNG or SVG.
#pragma once

#include <QString>

class QWidget;

namespace mapscape::ui {

// By the file's extension: .svg as vector graphics, anything else as PNG. False on failure.
bool export_widget_image(QWidget* widget, const QString& path);

}  // namespace mapscape::ui
