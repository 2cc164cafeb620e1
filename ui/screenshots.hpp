// Pictures of the main views for the README: opens views one after another, runs a short
// mapping search and a MAGMA schedule, and saves each view as PNG into a directory.
#pragma once

#include <QString>

#include <functional>

namespace mapscape::ui {

class MainWindow;

// Works through the event loop; calls done(0) when all pictures are saved (1 on failure).
void take_screenshots(MainWindow& window, const QString& directory, std::function<void(int)> done);

}  // namespace mapscape::ui
