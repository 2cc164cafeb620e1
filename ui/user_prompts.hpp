// Every modal question the app asks goes through here, so that none can wait for an answer
// nobody will give: offscreen, scripted or under test, a warning goes to standard error and the
// status bar, a question takes its safe answer, and a file dialog takes a queued answer (tests)
// or is cancelled. File dialogs start where the user last was, never in the bundled examples.
#pragma once

#include <QMessageBox>
#include <QString>
#include <QStringList>

class QWidget;

namespace mapscape::ui {

// Whether a modal dialog may be shown: not on the offscreen or minimal platforms, nor once a
// scripted run or a test turned them off.
bool dialogs_allowed();
void set_dialogs_allowed(bool allowed);

// Tests: the next file, directory or item dialog returns `answer` without opening (answers are
// taken in the order queued). An empty answer is a cancel.
void queue_dialog_answer(const QString& answer);
// Drops the answers no dialog took (a test's next step starts from none).
void clear_dialog_answers();

void warn(QWidget* parent, const QString& title, const QString& message);
void inform(QWidget* parent, const QString& title, const QString& message);
// The user's choice among `buttons`, or `unattended` when no dialog may be shown.
QMessageBox::StandardButton ask(QWidget* parent, const QString& title, const QString& question,
                                QMessageBox::StandardButtons buttons, QMessageBox::StandardButton unattended);

// File dialogs: `suggested_name` is a file name (or a full path the user chose before); the
// dialog opens in the directory the user last used (Documents at first).
QString open_file_name(QWidget* parent, const QString& caption, const QString& filter);
QString save_file_name(QWidget* parent, const QString& caption, const QString& suggested_name, const QString& filter);
QString existing_directory(QWidget* parent, const QString& caption);
// One of `items` (empty: cancelled); `current` is preselected.
QString choose_item(QWidget* parent, const QString& title, const QString& label, const QStringList& items, int current);

// Whether `path` lies in the bundled data (examples, models), which a save must not overwrite.
bool is_bundled_file(const QString& path);

}  // namespace mapscape::ui
