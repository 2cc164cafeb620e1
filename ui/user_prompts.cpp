#include "user_prompts.hpp"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QInputDialog>
#include <QQueue>
#include <QSettings>
#include <QStandardPaths>

#include <cstdio>

#include "util/data_paths.hpp"

namespace mapscape::ui {

namespace {

bool g_disabled = false;
QQueue<QString> g_answers;

const char* kLastDirectoryKey = "dialogs/last_directory";

QString last_directory() {
    const QString saved = QSettings().value(kLastDirectoryKey).toString();
    if (!saved.isEmpty() && QFileInfo(saved).isDir() && !is_bundled_file(saved)) return saved;
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return documents.isEmpty() ? QDir::homePath() : documents;
}

QString remembered(const QString& chosen, bool is_directory) {
    if (!chosen.isEmpty()) QSettings().setValue(kLastDirectoryKey, is_directory ? chosen : QFileInfo(chosen).absolutePath());
    return chosen;
}

// A queued answer, or, with no dialog allowed, a cancel (said on standard error, so that a
// script sees why nothing was written).
bool unattended_answer(const QString& caption, QString& answer) {
    if (!g_answers.isEmpty()) {
        answer = g_answers.dequeue();
        return true;
    }
    if (dialogs_allowed()) return false;
    std::fprintf(stderr, "mapscape: %s: no dialog without a person to answer it; cancelled\n", qPrintable(caption));
    answer.clear();
    return true;
}

}  // namespace

bool dialogs_allowed() {
    if (g_disabled) return false;
    const QString platform = QGuiApplication::platformName();
    return platform != QLatin1String("offscreen") && platform != QLatin1String("minimal");
}

void set_dialogs_allowed(bool allowed) { g_disabled = !allowed; }

void queue_dialog_answer(const QString& answer) { g_answers.enqueue(answer); }

void clear_dialog_answers() { g_answers.clear(); }

void warn(QWidget* parent, const QString& title, const QString& message) {
    if (dialogs_allowed()) {
        QMessageBox::warning(parent, title, message);
        return;
    }
    std::fprintf(stderr, "mapscape: %s: %s\n", qPrintable(title), qPrintable(message));
}

void inform(QWidget* parent, const QString& title, const QString& message) {
    if (dialogs_allowed()) {
        QMessageBox::information(parent, title, message);
        return;
    }
    std::fprintf(stderr, "mapscape: %s: %s\n", qPrintable(title), qPrintable(message));
}

QMessageBox::StandardButton ask(QWidget* parent, const QString& title, const QString& question, QMessageBox::StandardButtons buttons,
                                QMessageBox::StandardButton unattended) {
    if (!dialogs_allowed()) return unattended;
    return QMessageBox::question(parent, title, question, buttons);
}

QString open_file_name(QWidget* parent, const QString& caption, const QString& filter) {
    QString answer;
    if (unattended_answer(caption, answer)) return answer;
    return remembered(QFileDialog::getOpenFileName(parent, caption, last_directory(), filter), false);
}

QString save_file_name(QWidget* parent, const QString& caption, const QString& suggested_name, const QString& filter) {
    QString answer;
    if (unattended_answer(caption, answer)) return answer;
    const QFileInfo suggested(suggested_name);
    // A file the user saved before is proposed where it is; a bundled one (the example study)
    // or a bare name, in the user's own directory.
    const QString start = suggested.isAbsolute() && !is_bundled_file(suggested_name) ? suggested_name
                                                                                     : QDir(last_directory()).filePath(suggested.fileName());
    return remembered(QFileDialog::getSaveFileName(parent, caption, start, filter), false);
}

QString existing_directory(QWidget* parent, const QString& caption) {
    QString answer;
    if (unattended_answer(caption, answer)) return answer;
    return remembered(QFileDialog::getExistingDirectory(parent, caption, last_directory()), true);
}

QString choose_item(QWidget* parent, const QString& title, const QString& label, const QStringList& items, int current) {
    QString answer;
    if (unattended_answer(title, answer)) return answer;
    bool ok = false;
    const QString chosen = QInputDialog::getItem(parent, title, label, items, current, false, &ok);
    return ok ? chosen : QString();
}

bool is_bundled_file(const QString& path) {
    if (path.startsWith(QLatin1String(":/"))) return true;
    const QString canonical = QFileInfo(path).canonicalFilePath();
    if (canonical.isEmpty()) return false;
    QString data;
    try {
        data = QString::fromStdString(data_directory());
    } catch (const std::exception&) {
        return false;
    }
    // In a build tree these are links to the sources: compare where they lead.
    for (const char* sub : {"examples", "models", "technology"}) {
        const QString bundled = QDir(data + "/" + sub).canonicalPath();
        if (!bundled.isEmpty() && (canonical == bundled || canonical.startsWith(bundled + "/"))) return true;
    }
    return false;
}

}  // namespace mapscape::ui
