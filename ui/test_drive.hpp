// Scripted sessions for tests that drive the real app from outside (`mapscape --test-drive
// STEPS`): each step works the window's widgets as a user would (an editor's spin box, a view's
// settings and its Run button) and waits for its run to finish. Steps: "edit" (the accelerator's
// L2 doubled), "search" (a 300-sample GAMMA search of the selected layer), "schedule" (a
// 200-sample MAGMA schedule), "codesign" (a 300-sample DiGamma co-design), "wait-copy" (until the
// recovery copy holds the study as it is, then prints "test-drive: recovery copy PATH").
#pragma once

#include <QString>
#include <QStringList>

#include <functional>

namespace mapscape::ui {

class MainWindow;

// The steps a test drive knows; an unknown one is refused before anything runs.
bool test_drive_step_known(const QString& step);

// Works through the event loop; calls done() when every step is over.
void run_test_drive(MainWindow& window, const QStringList& steps, std::function<void()> done);

// The window's study as the test sees it, as JSON text: {"file", "modified", "title",
// "recovery": {"offers": [...], "notices": [...]}, "study": {...the study document...}}.
QByteArray window_state_json(const MainWindow& window);

}  // namespace mapscape::ui
