// Runs the built mapscape-cli (MAPSCAPE_CLI_PATH) as a user would, for the suites that test it.
#pragma once

#include <QByteArray>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>

// The CLI the suites run: MAPSCAPE_CLI_PATH, or MAPSCAPE_TEST_CLI from the environment (the
// *_asan runs of the suites give build/asan/mapscape-cli, the CLI's code under AddressSanitizer).
inline QString cli_path() {
    const QByteArray other = qgetenv("MAPSCAPE_TEST_CLI");
    return other.isEmpty() ? QStringLiteral(MAPSCAPE_CLI_PATH) : QString::fromLocal8Bit(other);
}

struct CliRun {
    int exit_code = -1;  // -100 when it crashed
    QByteArray out, err;
};

// `program` is mapscape-cli unless given (mpirun, say); OpenMPI's settings for running as root
// and on more ranks than cores are in the environment, as CI needs them.
// `extra` adds to (or overrides) the environment.
// `input` is written to its standard input, which is then closed.
inline CliRun cli(const QStringList& args, const QString& program = cli_path(),
                  const QProcessEnvironment& extra = {}, const QByteArray& input = {}) {
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString& key : extra.keys()) env.insert(key, extra.value(key));
    env.insert("OMPI_ALLOW_RUN_AS_ROOT", "1");
    env.insert("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
    env.insert("OMPI_MCA_rmaps_base_oversubscribe", "1");
    p.setProcessEnvironment(env);
    p.start(program, args);
    if (p.waitForStarted(60000)) {
        p.write(input);
        p.closeWriteChannel();
    }
    p.waitForFinished(300000);
    CliRun r;
    r.exit_code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -100;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}
