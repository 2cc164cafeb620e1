// Crash recovery of the real app, as a user meets it: `mapscape` started as a child process with
// a scratch home (HOME, XDG_DATA_HOME, XDG_CONFIG_HOME in a temporary folder, so the user's own
// data is never touched), worked through its widgets (--test-drive: an accelerator edit, a
// search, a schedule, a co-design), killed with SIGKILL once its recovery copy is on disk, and
// started again: the restore brings back the edit and every result, marked modified. Also: a
// clean exit leaves no copy; a damaged copy is refused with the reason and the app starts
// normally; a newer-format copy is left alone; a running instance's copy is never offered to
// another; declining sets the copy aside.
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "study/study.hpp"
#include "util/json_document.hpp"

using namespace mapscape;

namespace {

constexpr int kStartMs = 60000;    // a busy 2-core machine builds beside the tests
constexpr int kDriveMs = 240000;   // the scripted search, schedule and co-design

QByteArray read_all(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

nlohmann::json json_of(const QByteArray& bytes) { return nlohmann::json::parse(bytes.toStdString(), nullptr, false); }

// A study as the app wrote it (a dump's "study", or a recovery copy without its "recovery" block).
Study study_of(const nlohmann::json& j) {
    nlohmann::json s = j;
    s.erase("recovery");
    return parse_study_json(s.dump(), "study.json");
}

class App {
public:
    explicit App(const QString& home) : home_(home) {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("HOME", home);
        env.insert("XDG_DATA_HOME", home + "/data");
        env.insert("XDG_CONFIG_HOME", home + "/config");
        env.insert("XDG_CACHE_HOME", home + "/cache");
        env.insert("XDG_RUNTIME_DIR", home + "/runtime");
        env.insert("QT_QPA_PLATFORM", "offscreen");
        env.remove("MAPSCAPE_RECOVERY_DIR");
        QDir().mkpath(home + "/runtime");
        QFile::setPermissions(home + "/runtime", QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        process_.setProcessEnvironment(env);
    }
    void start(const QStringList& args) {
        process_.start(MAPSCAPE_GUI_BINARY, args);
        QVERIFY2(process_.waitForStarted(kStartMs), qPrintable(process_.errorString()));
    }
    // Waits for a line of standard output that starts with `prefix`; returns its rest.
    QString wait_for_line(const QString& prefix, int timeout_ms) {
        QElapsedTimer clock;
        clock.start();
        while (clock.elapsed() < timeout_ms) {
            while (process_.canReadLine()) {
                const QString line = QString::fromUtf8(process_.readLine()).trimmed();
                out_ += line + "\n";
                if (line.startsWith(prefix)) return line.mid(prefix.size()).trimmed();
            }
            if (process_.state() == QProcess::NotRunning) break;
            process_.waitForReadyRead(200);
        }
        return {};
    }
    int finish(int timeout_ms = kStartMs) {
        if (!process_.waitForFinished(timeout_ms)) return -1000;
        err_ += QString::fromUtf8(process_.readAllStandardError());
        return process_.exitStatus() == QProcess::NormalExit ? process_.exitCode() : -1;
    }
    void kill_hard() {
        process_.kill();  // SIGKILL: no handler runs, nothing is cleaned up
        QVERIFY(process_.waitForFinished(kStartMs));
        QCOMPARE(process_.exitStatus(), QProcess::CrashExit);
    }
    QString stderr_text() {
        err_ += QString::fromUtf8(process_.readAllStandardError());
        return err_;
    }
    const QString& stdout_text() const { return out_; }
    QProcess& process() { return process_; }

private:
    QString home_, out_, err_;
    QProcess process_;
};

}  // namespace

class CrashRecoveryTest : public QObject {
    Q_OBJECT

    QTemporaryDir home_;
    QString recovery_dir() const { return home_.filePath("data/Mapscape/Mapscape/recovery"); }
    QStringList copies() const { return QDir(recovery_dir()).entryList({"*.json"}, QDir::Files); }
    QStringList locks() const { return QDir(recovery_dir()).entryList({"*.lock"}, QDir::Files); }
    void clear_recovery() { QDir(recovery_dir()).removeRecursively(); }

    // Starts the app, lets it answer the offer (or not), dumps its state and quits cleanly.
    nlohmann::json start_and_dump(const QStringList& extra, QString* err = nullptr) {
        const QString dump = home_.filePath("dump.json");
        QFile::remove(dump);
        App app(home_.path());
        app.start(QStringList{"--dump-study-json", dump} + extra);
        const int code = app.finish();
        if (err) *err = app.stderr_text();
        if (code != 0) qWarning("app exited with %d: %s", code, qPrintable(app.stderr_text()));
        [&] { QCOMPARE(code, 0); }();
        return json_of(read_all(dump));
    }

private slots:
    void initTestCase() { QVERIFY(home_.isValid()); }
    void init() { clear_recovery(); }

    void a_killed_session_is_restored_with_its_edit_and_results() {
        App first(home_.path());
        first.start({"--test-drive", "edit,search,schedule,codesign,wait-copy"});
        const QString copy = first.wait_for_line("test-drive: recovery copy", kDriveMs);
        QVERIFY2(!copy.isEmpty(), qPrintable(first.stdout_text() + first.stderr_text()));
        QVERIFY2(copy.startsWith(recovery_dir()), qPrintable(copy));  // in the application data folder
        // What the copy holds at the moment of the kill.
        const nlohmann::json on_disk = json_of(read_all(copy));
        QVERIFY(on_disk.is_object());
        const Study copied = study_of(on_disk);
        QVERIFY(!copied.runs.empty());
        QVERIFY(copied.codesign && copied.codesign->found);
        QVERIFY(copied.schedule_result && !copied.schedule_result->timeline.segments.empty());
        QCOMPARE(locks().size(), 1);
        first.kill_hard();
        QVERIFY(QFile::exists(copy));  // nobody removed it

        // Started again: the copy is offered, and restored.
        const nlohmann::json state = start_and_dump({"--recovery-answer", "restore"});
        QVERIFY(state.is_object());
        QCOMPARE(state["modified"].get<bool>(), true);
        QCOMPARE(QString::fromStdString(state["file"].get<std::string>()), QString());  // it was never saved
        QVERIFY(QString::fromStdString(state["title"].get<std::string>()).contains("[*]"));
        const Study restored = study_of(state["study"]);
        QVERIFY(restored == copied);
        // The edit: the example's accelerator with its L2 doubled.
        const Study example = parse_study_json(read_all(MAPSCAPE_SOURCE_DIR "/resources/examples/example_study.json").toStdString(), "example");
        QCOMPARE(restored.accelerator.l2_size_bytes, 2 * example.accelerator.l2_size_bytes);
        // The search: one run of the selected layer with a mapping found, its convergence trace.
        QCOMPARE(restored.runs.size(), example.runs.size() + 1);
        const SearchRun& run = restored.runs.back();
        QCOMPARE(run.settings.budget, std::int64_t(300));
        QCOMPARE(run.layers.size(), std::size_t(1));
        QVERIFY(run.layers[0].found);
        QVERIFY(run.layers[0].samples > 0 && !run.layers[0].trace.empty());
        // The co-design and the schedule.
        QVERIFY(restored.codesign && restored.codesign->found && restored.codesign->budget_samples == 300);
        QCOMPARE(restored.codesign->best.mappings.size(), restored.model.layers.size());
        QVERIFY(restored.schedule_result && restored.schedule_result->budget == 200);
        QVERIFY(restored.schedule_result->timeline.makespan > 0);
        // That run quit cleanly: neither the orphan nor its own copy is left, nor any lock.
        QCOMPARE(copies(), QStringList());
        QCOMPARE(locks(), QStringList());
    }

    void a_clean_exit_leaves_no_copy() {
        const QString dump = home_.filePath("dump.json");
        App app(home_.path());
        app.start({"--test-drive", "edit,wait-copy", "--dump-study-json", dump});
        const QString copy = app.wait_for_line("test-drive: recovery copy", kDriveMs);
        QVERIFY2(!copy.isEmpty(), qPrintable(app.stderr_text()));
        QCOMPARE(app.finish(), 0);
        QVERIFY(json_of(read_all(dump))["modified"].get<bool>());  // it quit with unsaved changes, as told
        QVERIFY(!QFile::exists(copy));
        QCOMPARE(copies(), QStringList());
        QCOMPARE(locks(), QStringList());
        // And nothing is offered at the next start.
        const nlohmann::json state = start_and_dump({});
        QCOMPARE(state["recovery"]["offers"].size(), std::size_t(0));
        QCOMPARE(state["modified"].get<bool>(), false);
    }

    void a_damaged_copy_is_refused_with_the_reason_and_the_app_starts() {
        QDir().mkpath(recovery_dir());
        const QString damaged = QDir(recovery_dir()).filePath("mapscape-4242-1.json");
        {
            QFile f(damaged);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("{\n \"format\": \"mapscape-study\",\n \"version\": 2,\n \"recovery\": {\"format\": \"mapscape-recovery\",");
        }
        QString err;
        const nlohmann::json state = start_and_dump({}, &err);
        QVERIFY(state.is_object());  // it started, and quit when told
        QCOMPARE(QString::fromStdString(state["study"]["name"].get<std::string>()), QString("ResNet-18 on GAMMA's Edge platform"));
        QCOMPARE(state["modified"].get<bool>(), false);
        QCOMPARE(state["recovery"]["notices"].size(), std::size_t(1));
        const QString notice = QString::fromStdString(state["recovery"]["notices"][0].get<std::string>());
        QVERIFY2(notice.contains("damaged recovery copy was refused") && notice.contains(damaged + ":4:"), qPrintable(notice));
        QVERIFY2(err.contains(damaged + ":4:"), qPrintable(err));  // and said on standard error
        QVERIFY(!QFile::exists(damaged));
        QVERIFY(QFile::exists(QDir(recovery_dir()).filePath("discarded/mapscape-4242-1.damaged.json")));
        // Refused once: the next start is quiet.
        QCOMPARE(start_and_dump({})["recovery"]["notices"].size(), std::size_t(0));
    }

    void a_newer_copy_is_left_for_a_newer_build() {
        QDir().mkpath(recovery_dir());
        const QString newer = QDir(recovery_dir()).filePath("mapscape-4343-1.json");
        std::string text = study_to_json_text(new_study("resnet18", "edge"));
        text.replace(text.find("\"version\": 1"), 12, "\"version\": 99");
        text.insert(text.find('{') + 1, "\"recovery\": {\"format\": \"mapscape-recovery\", \"version\": 1},");
        {
            QFile f(newer);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray::fromStdString(text));
        }
        const nlohmann::json state = start_and_dump({"--recovery-answer", "restore"});
        QCOMPARE(state["modified"].get<bool>(), false);  // nothing was restored
        QCOMPARE(state["recovery"]["notices"].size(), std::size_t(1));
        const QString notice = QString::fromStdString(state["recovery"]["notices"][0].get<std::string>());
        QVERIFY2(notice.contains("newer Mapscape") && notice.contains("study format version 99 is newer"), qPrintable(notice));
        QVERIFY(QFile::exists(newer));
    }

    void a_running_instance_keeps_its_copy_and_declining_sets_one_aside() {
        App running(home_.path());
        running.start({"--test-drive", "edit,wait-copy"});
        const QString copy = running.wait_for_line("test-drive: recovery copy", kDriveMs);
        QVERIFY2(!copy.isEmpty(), qPrintable(running.stderr_text()));
        // A second instance neither offers nor touches the first one's copy.
        const nlohmann::json state = start_and_dump({"--recovery-answer", "restore"});
        QCOMPARE(state["recovery"]["offers"].size(), std::size_t(0));
        QCOMPARE(state["modified"].get<bool>(), false);
        QVERIFY(QFile::exists(copy));
        running.kill_hard();
        // Now it is an orphan: "discard" sets it aside; it is not offered again.
        const nlohmann::json declined = start_and_dump({"--recovery-answer", "discard"});
        QCOMPARE(declined["modified"].get<bool>(), false);
        QVERIFY(!QFile::exists(copy));
        QVERIFY(QFile::exists(QDir(recovery_dir()).filePath("discarded/" + QFileInfo(copy).fileName())));
        QCOMPARE(start_and_dump({})["recovery"]["offers"].size(), std::size_t(0));
    }

    void later_keeps_the_offer_for_the_next_start() {
        App first(home_.path());
        first.start({"--test-drive", "edit,wait-copy"});
        QVERIFY(!first.wait_for_line("test-drive: recovery copy", kDriveMs).isEmpty());
        first.kill_hard();
        const nlohmann::json later = start_and_dump({"--recovery-answer", "later"});
        QCOMPARE(later["modified"].get<bool>(), false);
        const nlohmann::json offered = start_and_dump({});  // no answer: the banner shows the offer
        QCOMPARE(offered["recovery"]["offers"].size(), std::size_t(1));
        QVERIFY(QString::fromStdString(offered["recovery"]["offers"][0].get<std::string>()).contains("never saved"));
        QCOMPARE(copies().size(), 1);  // still there for the next start
    }
};

QTEST_GUILESS_MAIN(CrashRecoveryTest)
#include "test_crash_recovery.moc"
