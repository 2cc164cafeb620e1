// The recovery store on its own (ui/recovery_store.hpp): a copy while the study has unsaved
// changes and none once it is saved; at most one write per interval; writes that a reader never
// sees half done and that, when the disk refuses them, leave the previous copy as it was; copies
// of live instances left alone, those of dead ones claimed; damaged and newer copies refused with
// the reason. Every store here lives in a temporary folder, never in the user's data.
#include <QLockFile>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/resource.h>

#include <atomic>
#include <csignal>
#include <thread>

#include "recovery_store.hpp"
#include "study_document.hpp"
#include "util/diagnostic.hpp"
#include "util/json_document.hpp"

using namespace mapscape;
using namespace mapscape::ui;
using namespace std::chrono_literals;

namespace {

QByteArray read_all(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void write_all(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(bytes);
}

// An edit the undo stack records (so the document counts as modified).
void edit(StudyDocument& doc, std::int64_t l2_bytes) {
    Accelerator a = doc.study().accelerator;
    a.l2_size_bytes = l2_bytes;
    doc.set_accelerator(a, "", "Edit L2");
}

SearchRun some_run(int id, int layers) {
    SearchRun r;
    r.id = id;
    r.label = "run " + std::to_string(id);
    for (int l = 0; l < layers; ++l) {
        LayerRunResult x;
        x.layer = l;
        x.samples = 100;
        for (int t = 0; t < 50; ++t) x.trace.emplace_back(t * 2, 1000.0 - t);
        r.layers.push_back(x);
    }
    return r;
}

QStringList files_in(const QString& dir, const QString& pattern = "*") {
    return QDir(dir).entryList({pattern}, QDir::Files);
}

}  // namespace

class RecoveryStoreTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        // Nothing here may fall back on the user's folders.
        QStandardPaths::setTestModeEnabled(true);
        qunsetenv("MAPSCAPE_RECOVERY_DIR");
    }

    void default_folder_is_in_the_application_data_or_the_override() {
        QVERIFY(RecoveryStore::default_directory().startsWith(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)));
        QVERIFY(RecoveryStore::default_directory().contains(".qttest"));  // test mode: not the real one
        qputenv("MAPSCAPE_RECOVERY_DIR", "/tmp/elsewhere");
        QCOMPARE(RecoveryStore::default_directory(), QString("/tmp/elsewhere"));
        qunsetenv("MAPSCAPE_RECOVERY_DIR");
    }

    void keeps_a_copy_while_modified_and_removes_it_once_saved() {
        QTemporaryDir dir;
        StudyDocument doc;
        doc.reset(new_study("resnet18", "edge"), {});
        RecoveryStore store(dir.path(), 100ms);
        QVERIFY(store.start());
        store.watch(&doc);
        QTest::qWait(300);
        QVERIFY2(!QFile::exists(store.copy_path()), "an unmodified study needs no copy");

        edit(doc, 123456);
        doc.add_run(some_run(1, 2));
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(store.copy_path()) && store.up_to_date(), 10000);
        // The copy is a study file with a "recovery" block: what the document holds, and whose it is.
        const std::string text = read_all(store.copy_path()).toStdString();
        QVERIFY(parse_study_json(text, "copy.json") == doc.study());
        const JsonDocument json = JsonDocument::parse(text, "copy.json");
        QCOMPARE(QString::fromStdString(json.root()["recovery"]["format"].get<std::string>()), QString("mapscape-recovery"));
        QCOMPARE(json.root()["recovery"]["pid"].get<qint64>(), QCoreApplication::applicationPid());
        QCOMPARE(QString::fromStdString(json.root()["recovery"]["file"].get<std::string>()), QString());  // untitled
        QVERIFY(files_in(dir.path(), "*.lock").size() == 1);  // this instance's lock

        // Saved: the file holds everything, the copy goes.
        const QString saved = dir.filePath("saved/study.json");
        QDir().mkpath(dir.filePath("saved"));
        doc.save(saved);
        QTRY_VERIFY_WITH_TIMEOUT(!QFile::exists(store.copy_path()), 10000);
        // Modified again: the copy names the file it belongs to.
        edit(doc, 654321);
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(store.copy_path()) && store.up_to_date(), 10000);
        const JsonDocument again = JsonDocument::parse(read_all(store.copy_path()).toStdString(), "copy.json");
        QCOMPARE(QString::fromStdString(again.root()["recovery"]["file"].get<std::string>()), saved);

        store.close_cleanly();
        QVERIFY(files_in(dir.path()).isEmpty());  // a clean close leaves neither copy nor lock
    }

    void writes_at_most_once_per_interval() {
        QTemporaryDir dir;
        StudyDocument doc;
        doc.reset(new_study("resnet18", "edge"), {});
        constexpr auto interval = 400ms;
        RecoveryStore store(dir.path(), interval);
        QVERIFY(store.start());
        store.watch(&doc);
        QSignalSpy written(&store, &RecoveryStore::written);
        // An edit every 10 ms for 2 s: 200 changes.
        QElapsedTimer clock;
        clock.start();
        int edits = 0;
        while (clock.elapsed() < 2000) {
            edit(doc, 1000 + ++edits);
            QTest::qWait(10);
        }
        const qint64 elapsed_ms = clock.elapsed();
        QTRY_VERIFY_WITH_TIMEOUT(store.up_to_date(), 10000);
        store.wait_idle();
        // The first write follows the first change; each later one waits out the interval. A
        // busy machine only stretches the waits, so the bound holds however slow it is.
        const qint64 most = 1 + (elapsed_ms + 1000) / interval.count() + 1;
        QVERIFY2(store.writes() <= most, qPrintable(QString("%1 writes in %2 ms, at most %3").arg(store.writes()).arg(elapsed_ms).arg(most)));
        QVERIFY(store.writes() >= 2);
        QVERIFY2(edits > 3 * store.writes(), qPrintable(QString("%1 edits, %2 writes").arg(edits).arg(store.writes())));
        // And the copy on disk is the last state.
        QVERIFY(parse_study_json(read_all(store.copy_path()).toStdString(), "copy.json") == doc.study());
        qInfo("%d edits in %lld ms gave %d writes (interval %lld ms); the GUI thread's snapshot took %lld us", edits, elapsed_ms,
              store.writes(), static_cast<long long>(interval.count()), store.last_snapshot_us());
    }

    void a_reader_never_sees_a_half_written_copy() {
        QTemporaryDir dir;
        StudyDocument doc;
        doc.reset(new_study("resnet18", "edge"), {});
        RecoveryStore store(dir.path(), 1ms);
        QVERIFY(store.start());
        store.watch(&doc);
        edit(doc, 1);
        store.flush();
        store.wait_idle();
        // A reader reads the copy over and over while it is rewritten, growing and shrinking.
        std::atomic<bool> stop{false};
        std::atomic<int> reads{0}, torn{0};
        std::thread reader([&] {
            while (!stop) {
                try {
                    (void)parse_study_json(read_all(store.copy_path()).toStdString(), "copy.json");
                } catch (const InputError&) {
                    ++torn;
                }
                ++reads;
            }
        });
        for (int i = 0; i < 40; ++i) {
            if (i % 2)
                doc.add_run(some_run(i, 20));
            else
                doc.remove_run(i - 1);
            store.flush();
            store.wait_idle();
        }
        stop = true;
        reader.join();
        QVERIFY(reads > 0);
        QCOMPARE(torn.load(), 0);
        QCOMPARE(files_in(dir.path(), "*.json.*").size(), 0);  // no temporary left behind
    }

    void a_refused_write_keeps_the_previous_copy() {
        QTemporaryDir dir;
        StudyDocument doc;
        doc.reset(new_study("resnet18", "edge"), {});
        RecoveryStore store(dir.path(), 1ms);
        QVERIFY(store.start());
        store.watch(&doc);
        edit(doc, 777);
        store.flush();
        store.wait_idle();
        const QByteArray good = read_all(store.copy_path());
        QVERIFY(!good.isEmpty());
        QSignalSpy failed(&store, &RecoveryStore::write_failed);

        // A real refusal by the system, as a full disk gives: files may not grow past the size of
        // the good copy (RLIMIT_FSIZE; its signal ignored, so write() fails with EFBIG).
        doc.add_run(some_run(1, 20));  // the next copy is larger than the limit
        rlimit old{};
        QVERIFY(getrlimit(RLIMIT_FSIZE, &old) == 0);
        const auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
        rlimit limited = old;
        limited.rlim_cur = static_cast<rlim_t>(good.size());
        QVERIFY(setrlimit(RLIMIT_FSIZE, &limited) == 0);
        store.flush();
        store.wait_idle();
        QVERIFY(setrlimit(RLIMIT_FSIZE, &old) == 0);
        std::signal(SIGXFSZ, old_handler);

        QCOMPARE(failed.size(), 1);
        QVERIFY(!failed.front().front().toString().isEmpty());
        QCOMPARE(read_all(store.copy_path()), good);  // the previous copy, untouched
        QCOMPARE(files_in(dir.path(), "*.json.*").size(), 0);
        // The next write, with room again, goes through.
        store.flush();
        store.wait_idle();
        QVERIFY(parse_study_json(read_all(store.copy_path()).toStdString(), "copy.json") == doc.study());
        store.close_cleanly();
    }

    void a_running_instance_keeps_its_copy_and_a_dead_ones_is_claimed() {
        QTemporaryDir dir;
        StudyDocument doc;
        doc.reset(new_study("resnet18", "edge"), {});
        edit(doc, 4242);
        RecoveryStore live(dir.path(), 1ms);
        QVERIFY(live.start());
        live.watch(&doc);
        live.flush();
        live.wait_idle();
        QVERIFY(QFile::exists(live.copy_path()));

        // A copy whose lock names a process that no longer exists (a crash), and one without a lock.
        const QString dead = dir.filePath("mapscape-999999-1.json");
        QFile::copy(live.copy_path(), dead);
        write_all(dir.filePath("mapscape-999999-1.lock"), "999999999\nmapscape\n" + QSysInfo::machineHostName().toUtf8() + "\n");
        const QString unlocked = dir.filePath("mapscape-999998-1.json");
        QFile::copy(live.copy_path(), unlocked);
        // And a session that died before it needed a copy: its lock and a temporary, nothing else.
        const QString lone_lock = dir.filePath("mapscape-999997-1.lock");
        write_all(lone_lock, "999999997\nmapscape\n" + QSysInfo::machineHostName().toUtf8() + "\n");
        write_all(dir.filePath("mapscape-999997-1.json.AbCdEf"), "{\"half\": ");

        RecoveryStore next(dir.path(), 1ms);
        QVERIFY(next.start());
        RecoveryScan scan = next.claim_orphans();
        QCOMPARE(scan.refused.size(), std::size_t(0));
        QCOMPARE(scan.copies.size(), std::size_t(2));  // not the live instance's
        QVERIFY(!QFile::exists(lone_lock));  // swept, with its temporary
        QVERIFY(!QFile::exists(dir.filePath("mapscape-999997-1.json.AbCdEf")));
        QVERIFY(QFile::exists(QFileInfo(live.copy_path()).path() + "/" + QFileInfo(live.copy_path()).completeBaseName() + ".lock"));
        for (const RecoveryCopy& c : scan.copies) {
            QVERIFY(c.file == dead || c.file == unlocked);
            QCOMPARE(c.study.accelerator.l2_size_bytes, std::int64_t(4242));
            QCOMPARE(c.pid, QCoreApplication::applicationPid());  // what the copy says of its writer
        }
        // Claimed copies are not claimed twice (a third instance starting now sees none).
        RecoveryStore third(dir.path(), 1ms);
        QVERIFY(third.start());
        QCOMPARE(third.claim_orphans().copies.size(), std::size_t(0));

        // Later: released, offered again; discarded: set aside, never offered again.
        next.release(scan.copies[0]);
        next.discard(scan.copies[1]);
        QVERIFY(!QFile::exists(scan.copies[1].file));
        QVERIFY(QFile::exists(dir.filePath("discarded/" + QFileInfo(scan.copies[1].file).fileName())));
        RecoveryStore fourth(dir.path(), 1ms);
        QVERIFY(fourth.start());
        const RecoveryScan again = fourth.claim_orphans();
        QCOMPARE(again.copies.size(), std::size_t(1));
        QCOMPARE(again.copies[0].file, scan.copies[0].file);
        QVERIFY(QFile::exists(live.copy_path()));  // the live instance's copy was never touched
    }

    void a_restored_copy_is_deleted_only_once_its_work_is_copied_again() {
        QTemporaryDir dir;
        Study crashed = new_study("resnet18", "edge");
        crashed.accelerator.l2_size_bytes = 9999;
        crashed.runs.push_back(some_run(1, 3));
        {
            // A store destroyed without a clean close: a crash, as far as its copy is concerned.
            StudyDocument doc;
            doc.restore(crashed, "/studies/mine.json");
            RecoveryStore dying(dir.path(), 1ms);
            QVERIFY(dying.start());
            dying.watch(&doc);
            dying.flush();
            dying.wait_idle();
        }
        QCOMPARE(files_in(dir.path(), "*.json").size(), 1);
        QCOMPARE(files_in(dir.path(), "*.lock").size(), 0);

        StudyDocument doc;
        doc.reset(new_study("resnet18", "edge"), {});
        RecoveryStore store(dir.path(), 1ms);
        QVERIFY(store.start());
        store.watch(&doc);
        const RecoveryScan scan = store.claim_orphans();
        QCOMPARE(scan.copies.size(), std::size_t(1));
        const RecoveryCopy& copy = scan.copies.front();
        QCOMPARE(copy.study_path, QString("/studies/mine.json"));
        QVERIFY(copy.study == crashed);

        // This instance cannot write its own copy: the orphan must stay.
        store.set_write_function_for_tests([](const QString&, const QByteArray&) { return QString("No space left on device"); });
        doc.restore(copy.study, copy.study_path);
        QVERIFY(doc.is_modified());
        QCOMPARE(doc.file_path(), QString("/studies/mine.json"));
        store.adopt(copy);
        store.wait_idle();
        QCOMPARE(store.failures(), 1);
        QVERIFY(QFile::exists(copy.file));
        // Once it can, its copy replaces the orphan.
        store.set_write_function_for_tests([](const QString& path, const QByteArray& bytes) {
            QFile f(path);
            return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size() ? QString() : f.errorString();
        });
        store.flush();
        store.wait_idle();
        QVERIFY(!QFile::exists(copy.file));
        QVERIFY(parse_study_json(read_all(store.copy_path()).toStdString(), "copy.json") == crashed);
        store.close_cleanly();
        QVERIFY(files_in(dir.path()).isEmpty());
    }

    void damaged_copies_are_refused_with_the_reason_and_set_aside() {
        QTemporaryDir dir;
        Study s = new_study("resnet18", "edge");
        const QString truncated = dir.filePath("mapscape-11-1.json");
        write_all(truncated, QByteArray::fromStdString(study_to_json_text(s)).left(500));
        const QString not_ours = dir.filePath("mapscape-12-1.json");
        write_all(not_ours, QByteArray::fromStdString(study_to_json_text(s)));  // a study, but no "recovery" block
        const QString wrong_type = dir.filePath("mapscape-13-1.json");
        std::string text = study_to_json_text(s);
        text.insert(text.find('{') + 1, "\"recovery\": {\"format\": \"mapscape-recovery\", \"version\": 1},");
        text.replace(text.find("\"selected_layer\": 0"), 19, "\"selected_layer\": \"x\"");
        write_all(wrong_type, QByteArray::fromStdString(text));

        RecoveryStore store(dir.path(), 1ms);
        QVERIFY(store.start());
        const RecoveryScan scan = store.claim_orphans();
        QCOMPARE(scan.copies.size(), std::size_t(0));
        QCOMPARE(scan.refused.size(), std::size_t(3));
        for (const RefusedCopy& r : scan.refused) {
            QVERIFY(!r.newer_format);
            QVERIFY2(r.reason.startsWith(r.file + ":"), qPrintable(r.reason));  // FILE:LINE:COL: what
            QVERIFY(!QFile::exists(r.file));
            QVERIFY(QFile::exists(dir.filePath("discarded/" + QFileInfo(r.file).completeBaseName() + ".damaged.json")));
        }
        auto reason_of = [&](const QString& file) {
            for (const RefusedCopy& r : scan.refused)
                if (r.file == file) return r.reason;
            return QString();
        };
        QVERIFY2(reason_of(not_ours).contains("not a Mapscape recovery copy"), qPrintable(reason_of(not_ours)));
        QVERIFY2(reason_of(wrong_type).contains("selected_layer"), qPrintable(reason_of(wrong_type)));
        QCOMPARE(files_in(dir.path(), "*.lock").size(), 1);  // only this store's own
    }

    void newer_copies_are_refused_and_left_for_a_newer_build() {
        QTemporaryDir dir;
        std::string text = study_to_json_text(new_study("resnet18", "edge"));
        text.insert(text.find('{') + 1, "\"recovery\": {\"format\": \"mapscape-recovery\", \"version\": 7},");
        const QString newer = dir.filePath("mapscape-21-1.json");
        write_all(newer, QByteArray::fromStdString(text));
        RecoveryStore store(dir.path(), 1ms);
        QVERIFY(store.start());
        const RecoveryScan scan = store.claim_orphans();
        QCOMPARE(scan.refused.size(), std::size_t(1));
        QVERIFY(scan.refused[0].newer_format);
        QVERIFY2(scan.refused[0].reason.contains("recovery copy format version 7 is newer than this Mapscape understands"),
                 qPrintable(scan.refused[0].reason));
        QVERIFY(QFile::exists(newer));  // left where it is
    }
};

QTEST_MAIN(RecoveryStoreTest)
#include "test_recovery_store.moc"
