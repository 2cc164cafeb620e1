// The documentation cannot drift from the programs: the README's tour runs command by command,
// docs/cli-reference.md is what the programs' --help prints, and every link between the pages
// leads somewhere.
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_runner.hpp"

namespace {

QString source_path(const QString& relative) { return QStringLiteral(MAPSCAPE_SOURCE_TREE "/") + relative; }

QString read_all(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QString::fromUtf8(f.readAll());
}

// The commands of the ```sh blocks in the README's section `heading`, one per line.
QStringList tour_commands(const QString& readme, const QString& heading) {
    const qsizetype start = readme.indexOf("\n" + heading + "\n");
    if (start < 0) return {};
    const qsizetype end = readme.indexOf(QRegularExpression("\n## "), start + heading.size() + 1);
    const QString section = readme.mid(start, end < 0 ? -1 : end - start);
    QStringList commands;
    bool in_block = false;
    for (const QString& line : section.split('\n')) {
        if (line.startsWith("```")) {
            in_block = !in_block && line.trimmed() == "```sh";
            continue;
        }
        if (in_block && !line.trimmed().isEmpty() && !line.trimmed().startsWith('#')) commands << line.trimmed();
    }
    return commands;
}

// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
QString anchor_of(QString heading) {
    heading = heading.toLower();
    QString out;
    for (const QChar c : heading) {
        if (c.isLetterOrNumber() || c == '-' || c == '_') out += c;
        else if (c == ' ') out += '-';
    }
    return out;
}

QSet<QString> anchors_of(const QString& markdown) {
    QSet<QString> anchors;
    bool in_code = false;
    for (const QString& line : markdown.split('\n')) {
        if (line.startsWith("```")) in_code = !in_code;
        if (in_code) continue;
        static const QRegularExpression heading("^#{1,6} (.*)$");
        if (const auto m = heading.match(line); m.hasMatch()) anchors.insert(anchor_of(m.captured(1)));
    }
    return anchors;
}

}  // namespace

class DocsTest : public QObject {
    Q_OBJECT

private slots:
    // Every command of the README's short tour, run as a newcomer pastes it: from a directory
    // where build/ is the build tree and resources/ the sources' resources. Each must succeed,
    // print something, and say what its step promises.
    void readme_tour_runs() {
        const QString readme = read_all(source_path("README.md"));
        QVERIFY(!readme.isEmpty());
        const QStringList commands = tour_commands(readme, "## A short tour");
        QVERIFY2(commands.size() >= 6, qPrintable(commands.join('\n')));

        QTemporaryDir dir;
        QVERIFY(QFile::link(QFileInfo(MAPSCAPE_CLI_PATH).absolutePath(), dir.filePath("build")));
        QVERIFY(QFile::link(source_path("resources"), dir.filePath("resources")));
        QVERIFY(QFile::link(source_path("models"), dir.filePath("models")));

        // What a command containing the first text must print: the second (the figures the
        // README quotes with them, and what each kind of step shows).
        const QList<QPair<QString, QString>> expected = {
            {"model list", "resnet18"},
            {"model show resnet18", "CONV K64 C3 R7 S7 Y224 X224"},
            {"eval resources/examples/resnet18_kcp_ws.m", "74796528"},
            {"eval my_dataflow.m", "72806520"},
            {"search --model resnet18 --layer 1-4 --budget 10000", "+3.2%"},
            {"search ", "TOTAL"},
            {"codesign ", "bound 5.96579e+06 (+0.3%;"},
            {"schedule ", "GFLOP/s"},
            {"eval resnet18_maestro/", "4725442"},
        };
        QSet<QString> steps_seen;
        for (const QString& command : commands) {
            QVERIFY2(command.startsWith("build/mapscape-cli ") || command.startsWith("sed ") || command.startsWith("ls "),
                     qPrintable("a tour command the suite does not know how to run: " + command));
            QProcess sh;
            sh.setWorkingDirectory(dir.path());
            QElapsedTimer timer;
            timer.start();
            sh.start("/bin/bash", {"-o", "pipefail", "-c", command});
            QVERIFY(sh.waitForFinished(600000));
            const QByteArray out = sh.readAllStandardOutput(), err = sh.readAllStandardError();
            QVERIFY2(sh.exitStatus() == QProcess::NormalExit && sh.exitCode() == 0,
                     qPrintable(command + "\n" + QString::fromUtf8(err)));
            qInfo("%s: %.2f s", qPrintable(command), timer.elapsed() / 1000.0);
            if (!command.startsWith("build/mapscape-cli ")) continue;
            QVERIFY2(!out.isEmpty(), qPrintable(command));
            for (const auto& [step, text] : expected)
                if ((command + " ").contains(step)) {
                    QVERIFY2(out.contains(text.toUtf8()), qPrintable(command + " does not print " + text + ":\n" + out));
                    steps_seen.insert(step);
                }
        }
        // The tour covers what the README promises: a model, a dataflow, a search, a co-design,
        // a schedule (and the MAESTRO export, which the second eval reads back).
        for (const auto& [step, text] : expected) QVERIFY2(steps_seen.contains(step), qPrintable("no tour step runs " + step));
        QVERIFY(QFileInfo::exists(dir.filePath("resnet18_maestro/resnet18.m")));
    }

    // docs/cli-reference.md is what tools/make_cli_reference.sh prints from --help.
    void cli_reference_matches_help() {
#ifndef MAPSCAPE_CLI_HAS_SURROGATE_PLUGIN
        QSKIP("this build has no surrogate plugin, so its --help lacks the surrogate command the reference lists");
#endif
        QStringList args{source_path("tools/make_cli_reference.sh"), MAPSCAPE_CLI_PATH};
#ifdef MAPSCAPE_GUI_PATH
        args << MAPSCAPE_GUI_PATH;
#endif
        QProcess gen;
        gen.start("/bin/bash", args);
        QVERIFY(gen.waitForFinished(300000));
        QVERIFY2(gen.exitCode() == 0, gen.readAllStandardError().constData());
        const QString generated = QString::fromUtf8(gen.readAllStandardOutput());
        QString committed = read_all(source_path("docs/cli-reference.md"));
#ifndef MAPSCAPE_GUI_PATH
        // Without the desktop app in this build, compare everything before its section.
        committed = committed.left(committed.indexOf("\n## mapscape (the desktop app)"));
        committed.replace("; the desktop app: [`mapscape`](#mapscape-the-desktop-app)", "");
        if (!committed.endsWith('\n')) committed += '\n';
#endif
        if (generated != committed) {
            const QStringList a = generated.split('\n'), b = committed.split('\n');
            qsizetype i = 0;
            while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
            QFAIL(qPrintable(QString("docs/cli-reference.md differs from --help from line %1:\n  --help: %2\n  docs:   %3\n"
                                     "Rerun: tools/make_cli_reference.sh build/mapscape-cli build/mapscape > docs/cli-reference.md")
                                 .arg(i + 1)
                                 .arg(i < a.size() ? a[i] : "(end)")
                                 .arg(i < b.size() ? b[i] : "(end)")));
        }
    }

    // Every relative link of the README and docs/ leads to a file that exists and, where it
    // names a heading, to that heading.
    void links_between_pages_resolve() {
        QStringList pages{source_path("README.md")};
        QDirIterator it(source_path("docs"), {"*.md"}, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) pages << it.next();
        QVERIFY(pages.size() > 20);
        static const QRegularExpression link(R"(\]\(([^)\s]+)\))");
        QStringList broken;
        for (const QString& page : pages) {
            const QString text = read_all(page);
            const QDir here = QFileInfo(page).dir();
            for (auto m = link.globalMatch(text); m.hasNext();) {
                const QString target = m.next().captured(1);
                if (target.startsWith("http://") || target.startsWith("https://") || target.startsWith("mailto:")) continue;
                const QString file = target.section('#', 0, 0), anchor = target.section('#', 1);
                const QString path = file.isEmpty() ? page : QDir::cleanPath(here.filePath(file));
                if (!QFileInfo::exists(path)) {
                    broken << page.mid(source_path("").size()) + ": " + target;
                    continue;
                }
                if (!anchor.isEmpty() && path.endsWith(".md") && !anchors_of(read_all(path)).contains(anchor))
                    broken << page.mid(source_path("").size()) + ": " + target + " (no such heading)";
            }
        }
        QVERIFY2(broken.isEmpty(), qPrintable(broken.join('\n')));
    }
};

QTEST_GUILESS_MAIN(DocsTest)
#include "test_docs.moc"
