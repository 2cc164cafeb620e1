#include "recovery_store.hpp"

#include <atomic>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSysInfo>
#include <QLockFile>
#include <QSaveFile>
#include <QStandardPaths>

#include <algorithm>
#include <limits>

#include "study_document.hpp"
#include "util/diagnostic.hpp"
#include "util/json_document.hpp"
#include "util/json_text.hpp"

namespace mapscape::ui {

namespace {

// A burst of edits (a spin box held down) becomes one write.
constexpr std::chrono::milliseconds kDebounce(250);

QString save_file_atomically(const QString& path, const QByteArray& bytes) {
    // QSaveFile writes a temporary file beside the target, syncs it to disk and renames it over
    // the target; on any failure (disk full) it removes the temporary and the target is untouched.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) return file.errorString();
    if (file.write(bytes) != bytes.size()) {
        const QString why = file.errorString();
        file.cancelWriting();
        return why;
    }
    if (!file.commit()) return file.errorString();
    return {};
}

std::int64_t version_of(const nlohmann::json& object) {
    if (!object.is_object() || !object.contains("version") || !object["version"].is_number_integer()) return 1;
    return object["version"].get<std::int64_t>();
}

QString plural(int n, const QString& one, const QString& many) { return n == 1 ? one : QString::number(n) + " " + many; }

}  // namespace

QString RecoveryCopy::summary() const {
    QString where = study_path.isEmpty() ? QObject::tr("never saved") : QDir::toNativeSeparators(study_path);
    QStringList results;
    if (!study.runs.empty()) results << plural(static_cast<int>(study.runs.size()), QObject::tr("a search run"), QObject::tr("search runs"));
    if (study.codesign) results << QObject::tr("a co-design");
    if (study.naas) results << QObject::tr("a NAAS search");
    if (study.schedule_result) results << QObject::tr("a schedule");
    QString text = QObject::tr("“%1” (%2)").arg(QString::fromStdString(study.name), where);
    if (!results.isEmpty()) {
        const QString last = results.takeLast();
        text += QObject::tr(" with ") + (results.isEmpty() ? last : results.join(", ") + QObject::tr(" and ") + last);
    }
    return text;
}

RecoveryStore::RecoveryStore(const QString& directory, std::chrono::milliseconds interval, QObject* parent)
    : QObject(parent), directory_(QDir(directory).absolutePath()), interval_(interval), write_(save_file_atomically) {
    // Unique per instance, readable in a file listing: the pid, the start time and, for two
    // stores one process starts in the same millisecond, their order (they would share a lock).
    static std::atomic<int> instances{0};
    session_ = QStringLiteral("mapscape-%1-%2-%3")
                   .arg(QCoreApplication::applicationPid())
                   .arg(QDateTime::currentMSecsSinceEpoch())
                   .arg(++instances);
    timer_.setSingleShot(true);
    connect(&timer_, &QTimer::timeout, this, &RecoveryStore::post_now);
}

RecoveryStore::~RecoveryStore() {
    // Not a clean close (close_cleanly() was not called): whatever copy is on disk stays, and
    // the lock goes with this object, so the next start offers the copy.
    if (thread_.joinable()) {
        {
            std::lock_guard lock(mutex_);
            stopping_ = true;
        }
        wake_.notify_all();
        thread_.join();
    }
}

QString RecoveryStore::default_directory() {
    const QString forced = qEnvironmentVariable("MAPSCAPE_RECOVERY_DIR");
    if (!forced.isEmpty()) return forced;
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("recovery"));
}

QString RecoveryStore::copy_path() const { return QDir(directory_).filePath(session_ + QStringLiteral(".json")); }

QString RecoveryStore::lock_path_of(const QString& copy_file) const {
    QString base = copy_file;
    if (base.endsWith(QStringLiteral(".json"))) base.chop(5);
    return base + QStringLiteral(".lock");
}

bool RecoveryStore::start() {
    if (started_) return true;
    if (!QDir().mkpath(directory_)) {
        error_ = tr("cannot create the recovery folder %1").arg(directory_);
        return false;
    }
    own_lock_ = std::make_unique<QLockFile>(lock_path_of(copy_path()));
    own_lock_->setStaleLockTime(0);  // only a dead owner makes a lock stale, never its age
    if (!own_lock_->tryLock(0)) {
        error_ = tr("cannot take the recovery lock %1").arg(lock_path_of(copy_path()));
        own_lock_.reset();
        return false;
    }
    thread_ = std::thread([this] { writer_loop(); });
    started_ = true;
    return true;
}

void RecoveryStore::set_write_function_for_tests(WriteFunction write) {
    std::lock_guard lock(mutex_);
    write_ = std::move(write);
}

void RecoveryStore::watch(StudyDocument* document) {
    document_ = document;
    for (auto signal : {&StudyDocument::study_replaced, &StudyDocument::model_changed, &StudyDocument::accelerator_changed,
                        &StudyDocument::runs_changed, &StudyDocument::results_changed, &StudyDocument::settings_changed})
        connect(document, signal, this, &RecoveryStore::schedule);
    connect(document, &StudyDocument::mapping_changed, this, &RecoveryStore::schedule);
    connect(document, &StudyDocument::selected_layer_changed, this, &RecoveryStore::schedule);
    connect(document, &StudyDocument::modified_changed, this, [this](bool modified) {
        if (modified)
            schedule();
        else
            flush();  // saved (or replaced): the copy goes at once, not at the next tick
    });
    connect(document, &StudyDocument::file_path_changed, this, &RecoveryStore::schedule);
    schedule();
}

void RecoveryStore::schedule() {
    if (!started_ || closed_ || !document_ || timer_.isActive()) return;
    if (!document_->is_modified() && !have_copy_) return;  // nothing to write, nothing to remove
    const auto since = since_post_.isValid() ? std::chrono::milliseconds(since_post_.elapsed()) : interval_;
    timer_.start(std::max(std::min(kDebounce, interval_), interval_ - since));
}

void RecoveryStore::flush() {
    if (started_ && !closed_ && document_) post_now();
}

void RecoveryStore::post_now() {
    timer_.stop();
    Request request;
    if (document_->is_modified()) {
        QElapsedTimer clock;
        clock.start();
        // The GUI thread only copies the study; the writer serialises and writes it.
        request.study = std::make_shared<const Study>(document_->study());
        last_snapshot_us_ = clock.nsecsElapsed() / 1000;
        request.study_path = document_->file_path();
        request.written = QDateTime::currentDateTimeUtc();
        have_copy_ = true;
    } else if (have_copy_) {
        request.remove = true;
        have_copy_ = false;
    } else {
        return;
    }
    request.generation = ++generation_;
    since_post_.restart();
    post(std::move(request));
}

void RecoveryStore::post(Request request) {
    {
        std::lock_guard lock(mutex_);
        pending_ = std::move(request);  // an older pending request is superseded
    }
    wake_.notify_one();
}

void RecoveryStore::writer_loop() {
    std::unique_lock lock(mutex_);
    for (;;) {
        wake_.wait(lock, [this] { return pending_.has_value() || stopping_; });
        if (!pending_) break;  // stopping, and nothing left to write
        const Request request = std::move(*pending_);
        pending_.reset();
        busy_ = true;
        lock.unlock();
        const Result result = perform(request);
        QMetaObject::invokeMethod(this, [this, result] { finished(result); }, Qt::QueuedConnection);
        lock.lock();
        busy_ = false;
        idle_.notify_all();
    }
    idle_.notify_all();
}

RecoveryStore::Result RecoveryStore::perform(const Request& request) {
    Result result{request.generation, request.remove, {}, 0, 0};
    QElapsedTimer clock;
    clock.start();
    const QString path = copy_path();
    if (request.remove) {
        if (QFile::exists(path) && !QFile::remove(path)) result.error = tr("cannot remove %1").arg(path);
        return result;
    }
    const nlohmann::ordered_json study = study_to_json(*request.study);
    nlohmann::ordered_json doc;
    doc["format"] = study["format"];
    doc["version"] = study["version"];
    doc["recovery"] = {{"format", "mapscape-recovery"},
                       {"version", kRecoveryFormatVersion},
                       {"file", request.study_path.toStdString()},
                       {"written_utc", request.written.toString(Qt::ISODateWithMs).toStdString()},
                       {"pid", QCoreApplication::applicationPid()},
                       {"host", QSysInfo::machineHostName().toStdString()},
                       {"app_version", QCoreApplication::applicationVersion().toStdString()}};
    for (auto it = study.begin(); it != study.end(); ++it)
        if (it.key() != "format" && it.key() != "version") doc[it.key()] = it.value();
    const std::string text = json_text(doc, 1) + "\n";
    WriteFunction write;
    {
        std::lock_guard lock(mutex_);
        write = write_;
    }
    result.error = write(path, QByteArray::fromStdString(text));
    result.write_us = clock.nsecsElapsed() / 1000;
    result.bytes = static_cast<qint64>(text.size());
    return result;
}

void RecoveryStore::finished(const Result& result) {
    done_generation_ = std::max(done_generation_, result.generation);
    if (!result.error.isEmpty()) {
        ++failures_;
        emit write_failed(result.error);
        return;
    }
    if (result.remove) {
        emit removed();
    } else {
        ++writes_;
        last_write_us_ = result.write_us;
        last_write_bytes_ = result.bytes;
        emit written(copy_path());
    }
    // The restored work is now in this instance's copy (or was saved, or discarded by the user).
    for (auto it = adoptions_.begin(); it != adoptions_.end();) {
        if (result.generation < it->after_generation) {
            ++it;
            continue;
        }
        QFile::remove(it->file);
        release_lock(it->file);
        it = adoptions_.erase(it);
    }
}

void RecoveryStore::wait_idle() {
    {
        std::unique_lock lock(mutex_);
        idle_.wait(lock, [this] { return (!pending_ && !busy_) || !thread_.joinable(); });
    }
    QCoreApplication::sendPostedEvents(this, QEvent::MetaCall);  // deliver finished()
}

void RecoveryStore::close_cleanly() {
    if (!started_ || closed_) return;
    closed_ = true;
    timer_.stop();
    post({++generation_, true, nullptr, {}, {}});
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    thread_.join();
    QCoreApplication::sendPostedEvents(this, QEvent::MetaCall);
    have_copy_ = false;
    for (auto& [file, lock] : claimed_) lock->unlock();  // not adopted yet: offered again next time
    claimed_.clear();
    own_lock_->unlock();
}

RecoveryScan RecoveryStore::claim_orphans() {
    RecoveryScan scan;
    const QDir dir(directory_);
    for (const QFileInfo& fi : dir.entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Time)) {
        const QString file = fi.absoluteFilePath();
        if (file == copy_path()) continue;
        if (std::any_of(claimed_.begin(), claimed_.end(), [&file](const auto& c) { return c.first == file; })) continue;
        auto lock = std::make_unique<QLockFile>(lock_path_of(file));
        lock->setStaleLockTime(0);
        if (!lock->tryLock(0)) continue;  // its instance is running (or its lock cannot be read): not ours

        RefusedCopy refused{file, {}, false};
        RecoveryCopy copy;
        copy.file = file;
        QFile in(file);
        if (!in.open(QIODevice::ReadOnly)) {
            refused.reason = tr("%1: cannot read: %2").arg(file, in.errorString());
        } else {
            const std::string text = in.readAll().toStdString();
            try {
                const JsonDocument doc = JsonDocument::parse(text, file.toStdString());
                const auto& root = doc.root();
                if (!root.is_object() || !root.contains("recovery") || !root["recovery"].is_object())
                    doc.fail("", "not a Mapscape recovery copy (no \"recovery\" block)");
                const auto& meta = root["recovery"];
                if (version_of(meta) > kRecoveryFormatVersion || version_of(root) > kStudyFormatVersion) refused.newer_format = true;
                doc.check_format("mapscape-recovery", kRecoveryFormatVersion, "recovery copy", "/recovery");
                copy.study = study_from_document(doc);
                copy.study_path = QString::fromStdString(doc.string_or(meta, "/recovery", "file", ""));
                copy.host = QString::fromStdString(doc.string_or(meta, "/recovery", "host", ""));
                copy.pid = doc.integer_or(meta, "/recovery", "pid", 0, 0, std::numeric_limits<std::int64_t>::max());
                copy.written = QDateTime::fromString(QString::fromStdString(doc.string_or(meta, "/recovery", "written_utc", "")), Qt::ISODateWithMs);
                if (!copy.written.isValid()) copy.written = fi.lastModified().toUTC();
            } catch (const InputError& e) {
                refused.reason = QString::fromStdString(e.diagnostic().to_string());
            } catch (const std::exception& e) {  // a value of the wrong JSON type deep inside
                refused.reason = tr("%1: %2").arg(file, QString::fromUtf8(e.what()));
            }
        }
        if (refused.reason.isEmpty()) {
            claimed_.emplace_back(file, std::move(lock));
            scan.copies.push_back(std::move(copy));
            continue;
        }
        if (!refused.newer_format) {
            // Damaged: set aside (not deleted: it may still be read by hand), never offered again.
            const QDir aside(dir.filePath(QStringLiteral("discarded")));
            QDir().mkpath(aside.path());
            QString target = aside.filePath(fi.completeBaseName() + QStringLiteral(".damaged.json"));
            QFile::remove(target);
            QFile::rename(file, target);
        }
        lock->unlock();
        scan.refused.push_back(std::move(refused));
    }
    // Every session takes a lock at start, and one that died before its first copy (or during
    // it) leaves the lock (and a temporary) without a copy: free ones are swept away.
    for (const QFileInfo& fi : dir.entryInfoList({QStringLiteral("*.lock")}, QDir::Files)) {
        const QString copy_file = dir.filePath(fi.completeBaseName() + QStringLiteral(".json"));
        if (fi.absoluteFilePath() == lock_path_of(copy_path()) || QFile::exists(copy_file)) continue;
        QLockFile lock(fi.absoluteFilePath());
        lock.setStaleLockTime(0);
        if (!lock.tryLock(0)) continue;  // a running instance that has not needed a copy yet
        for (const QString& temp : dir.entryList({fi.completeBaseName() + QStringLiteral(".json.*")}, QDir::Files)) QFile::remove(dir.filePath(temp));
        lock.unlock();  // removes the lock file
    }
    std::stable_sort(scan.copies.begin(), scan.copies.end(), [](const RecoveryCopy& a, const RecoveryCopy& b) { return a.written > b.written; });
    return scan;
}

void RecoveryStore::release_lock(const QString& copy_file) {
    for (auto it = claimed_.begin(); it != claimed_.end(); ++it)
        if (it->first == copy_file) {
            it->second->unlock();
            claimed_.erase(it);
            break;
        }
    // A write the dead instance had under way leaves its temporary file ("<copy>.json.XXXXXX").
    const QFileInfo fi(copy_file);
    for (const QString& temp : fi.dir().entryList({fi.fileName() + QStringLiteral(".*")}, QDir::Files)) fi.dir().remove(temp);
}

void RecoveryStore::adopt(const RecoveryCopy& copy) {
    flush();
    adoptions_.push_back({copy.file, generation_});
}

void RecoveryStore::discard(const RecoveryCopy& copy) {
    // Set aside rather than deleted: "Discard" clicked by mistake must not lose the work for good.
    const QDir aside(QDir(directory_).filePath(QStringLiteral("discarded")));
    QDir().mkpath(aside.path());
    const QFileInfo fi(copy.file);
    const QString target = aside.filePath(fi.fileName());
    QFile::remove(target);
    QFile::rename(copy.file, target);
    release_lock(copy.file);
    // Only the newest few are kept.
    const QFileInfoList kept = aside.entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Time);
    for (qsizetype i = kDiscardedKept; i < kept.size(); ++i) QFile::remove(kept[i].absoluteFilePath());
}

void RecoveryStore::release(const RecoveryCopy& copy) { release_lock(copy.file); }

}  // namespace mapscape::ui
