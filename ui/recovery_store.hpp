// Crash recovery of the open study: while it has unsaved changes, a copy (the study JSON with a
// "recovery" block naming its file, process and host) is written to a folder of the user's
// application data, at most once per interval, through a temporary file and a rename on a thread
// of its own; a clean close removes it. Each running instance holds a lock file beside its copy
// (QLockFile: pid, host and application name), so at start-up a copy whose lock nobody holds any
// more was left by an instance that died, and is offered back; another running instance's copy is
// never touched.
#pragma once

#include <QDateTime>
#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QTimer>

#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "study/study.hpp"

class QLockFile;

namespace mapscape::ui {

class StudyDocument;

inline constexpr int kRecoveryFormatVersion = 1;

// A copy left by an instance that is gone, claimed (its lock held) by this store until it is
// restored, set aside or released.
struct RecoveryCopy {
    QString file;        // the copy's JSON
    QString study_path;  // the study's own file ("" when it was never saved)
    QDateTime written;   // UTC
    QString host;
    qint64 pid = 0;
    Study study;
    QString summary() const;  // "resnet18 on edge (never saved), 2 search runs and a schedule"
};

// A copy that cannot be offered, and why. Damaged copies are set aside; copies of a newer format
// stay where they are (a newer Mapscape can still restore them).
struct RefusedCopy {
    QString file;
    QString reason;
    bool newer_format = false;
};

struct RecoveryScan {
    std::vector<RecoveryCopy> copies;  // newest first
    std::vector<RefusedCopy> refused;
};

class RecoveryStore : public QObject {
    Q_OBJECT
public:
    // How a copy is written; replaceable by tests. Returns an error message, or "" on success.
    using WriteFunction = std::function<QString(const QString& path, const QByteArray& bytes)>;

    // `directory`: where the copies live (created if missing). `interval`: the least time between
    // two writes while the study keeps changing.
    explicit RecoveryStore(const QString& directory, std::chrono::milliseconds interval = std::chrono::seconds(3),
                           QObject* parent = nullptr);
    ~RecoveryStore() override;

    // The default folder: $MAPSCAPE_RECOVERY_DIR if set, else "recovery" in the application data
    // location (QStandardPaths::AppDataLocation).
    static QString default_directory();

    // Creates the folder and takes this instance's lock; false (with error()) if it cannot.
    bool start();
    const QString& error() const { return error_; }
    const QString& directory() const { return directory_; }
    // This instance's copy (it exists only while the study has unsaved changes).
    QString copy_path() const;

    // Follows the document: each change schedules a write (or, once it is saved, a removal).
    void watch(StudyDocument* document);
    // Writes (or removes) now rather than at the next tick of the interval.
    void flush();
    // Blocks until the writer has nothing left to do (tests, and the clean close).
    void wait_idle();
    // The clean close: removes this instance's copy and lock, and stops the writer.
    void close_cleanly();

    // Copies whose instance is gone: claims them (their locks) and reads them.
    RecoveryScan claim_orphans();
    // After the document took `copy` over: the orphan is deleted once this instance's own copy of
    // the restored study is on disk (never before: the work always exists somewhere).
    void adopt(const RecoveryCopy& copy);
    // The user declined it: moved to "discarded" (the newest few are kept there), lock released.
    void discard(const RecoveryCopy& copy);
    // Not now: left where it is for the next start, lock released.
    void release(const RecoveryCopy& copy);

    // How many copies this store wrote, and whether the copy on disk holds the study as it is now
    // (no change waiting for the next tick, and the last request carried out).
    int writes() const { return writes_; }
    bool up_to_date() const { return !timer_.isActive() && done_generation_ == generation_; }
    int failures() const { return failures_; }
    // How long the GUI thread spent taking the study's snapshot for the last write (the writer
    // serialises and writes it on its own thread).
    qint64 last_snapshot_us() const { return last_snapshot_us_; }
    // How long the writer spent on the last copy (serialising and writing it) and its size.
    qint64 last_write_us() const { return last_write_us_; }
    qint64 last_write_bytes() const { return last_write_bytes_; }

    void set_write_function_for_tests(WriteFunction write);

    static constexpr int kDiscardedKept = 10;

signals:
    void written(const QString& path);
    void removed();
    // A write failed (disk full, permissions): the previous copy, if any, is left untouched.
    void write_failed(const QString& reason);

private:
    struct Request {
        quint64 generation = 0;
        bool remove = false;
        std::shared_ptr<const Study> study;
        QString study_path;
        QDateTime written;
    };
    struct Result {
        quint64 generation = 0;
        bool remove = false;
        QString error;
        qint64 write_us = 0, bytes = 0;
    };
    void schedule();
    void post_now();
    void post(Request request);
    void writer_loop();
    Result perform(const Request& request);
    void finished(const Result& result);
    void release_lock(const QString& copy_file);
    QString lock_path_of(const QString& copy_file) const;

    QString directory_, session_, error_;
    std::chrono::milliseconds interval_;
    StudyDocument* document_ = nullptr;
    QTimer timer_;
    QElapsedTimer since_post_;
    bool started_ = false, closed_ = false, have_copy_ = false;
    std::unique_ptr<QLockFile> own_lock_;
    std::vector<std::pair<QString, std::unique_ptr<QLockFile>>> claimed_;  // orphans' locks
    struct Adoption {
        QString file;
        quint64 after_generation = 0;
    };
    std::vector<Adoption> adoptions_;
    quint64 generation_ = 0, done_generation_ = 0;
    int writes_ = 0, failures_ = 0;
    qint64 last_snapshot_us_ = 0, last_write_us_ = 0, last_write_bytes_ = 0;
    WriteFunction write_;

    // The writer thread: one pending request at most (a newer one replaces it).
    std::thread thread_;
    std::mutex mutex_;
    std::condition_variable wake_, idle_;
    std::optional<Request> pending_;
    bool busy_ = false, stopping_ = false;
};

}  // namespace mapscape::ui
