#!/usr/bin/python3
"""Start-up and small-call cost of mapscape-cli and mapscape, against MAESTRO's when given.

Runs each command RUNS times, round robin (one of each in turn, so that a change in the load of
a busy machine hits all of them alike), every run a fresh process started with posix_spawn and
reaped with wait4, which returns that child's CPU time (getrusage of the child: user + system).
Prints, per command, the mean and median CPU time and the median and minimum wall time, and, when
a MAESTRO binary is given, the ratio of the one-layer `eval` CPU time to MAESTRO's on the same
file, the same hardware file and the same machine, measured in this one run. Lists the shared
libraries that `mapscape-cli --version` loads (glibc's LD_DEBUG=files), so that a library loaded
by every call shows up here (and, with --gui, how many `mapscape --version` loads, libtorch's named).

Nothing is fetched or built: pass the programs' paths. Build MAESTRO beside the project (its
SConstruct), not inside it.

  /usr/bin/python3 tools/bench_startup.py --cli build/mapscape-cli [--gui build/mapscape]
      [--maestro /work/ext/maestro/maestro [--maestro OTHER/maestro ...]] [--runs 50]

Commands (the MAESTRO files are the project's test copies of MAESTRO's own examples):
  version      mapscape-cli --version
  eval-1       mapscape-cli eval --hw accelerator_1.m example.m           (one CONV layer)
  maestro-1    maestro --HW_file=accelerator_1.m --Mapping_file=example.m (the same layer; CSV),
               once per --maestro given (named after the binary's directory when more than one)
  eval-990     mapscape-cli eval --hw accelerator_1.m resnet50x15.m       (990 layers: ResNet-50's
               66 layers of Resnet50_kcp_ws.m, 15 times, written to a temporary directory)
  gui-version  mapscape --version (offscreen)
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAESTRO_DATA = os.path.join(ROOT, "tests", "data", "maestro_reference")
HW_FILE = os.path.join(MAESTRO_DATA, "hw", "accelerator_1.m")
ONE_LAYER = os.path.join(MAESTRO_DATA, "mappings", "example.m")
RESNET50 = os.path.join(MAESTRO_DATA, "mappings", "Resnet50_kcp_ws.m")


def write_repeated_network(source, copies, path):
    """The network of `source` with its layers `copies` times (renamed NAME_rI), as one file."""
    with open(source) as f:
        text = f.read()
    body = text[text.index("{") + 1:text.rindex("}")]
    parts = ["Network Resnet50x%d {" % copies]
    for i in range(copies):
        parts.append(re.sub(r"Layer (\S+)", lambda m, i=i: "Layer %s_r%d" % (m.group(1), i), body))
    parts.append("}\n")
    with open(path, "w") as f:
        f.write("\n".join(parts))
    return len(re.findall(r"\bLayer\b", body)) * copies


def run_once(argv, cwd, env):
    """Wall seconds and CPU seconds (user + system) of one process; its output is discarded."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    actions = [(os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)]
    old = os.getcwd()
    os.chdir(cwd)  # posix_spawn has no cwd argument
    try:
        start = time.perf_counter()
        pid = os.posix_spawn(argv[0], argv, env, file_actions=actions)
        _, status, usage = os.wait4(pid, 0)
        wall = time.perf_counter() - start
    finally:
        os.chdir(old)
        os.close(devnull)
    code = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_utime + usage.ru_stime, code


def loaded_libraries(argv, env):
    """The shared objects the dynamic loader opens for `argv` (LD_DEBUG=files)."""
    debug_env = dict(env, LD_DEBUG="files")
    p = subprocess.run(argv, env=debug_env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    names = []
    for line in p.stderr.splitlines():
        m = re.search(r"file=(\S+) \[0\];\s+needed by", line) or re.search(r"file=(\S+) \[0\];\s+dynamically loaded", line)
        if m and m.group(1) not in names:
            names.append(m.group(1))
    return names


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cli", required=True, help="mapscape-cli")
    ap.add_argument("--gui", help="mapscape (the desktop app), for its --version")
    ap.add_argument("--maestro", action="append", default=[],
                    help="a MAESTRO binary, for the one-layer comparison (may be given more than once, e.g. as built by its SConstruct and with -O2)")
    ap.add_argument("--runs", type=int, default=50)
    args = ap.parse_args()

    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    cli = os.path.abspath(args.cli)
    scratch = tempfile.mkdtemp(prefix="mapscape-bench-")
    big = os.path.join(scratch, "resnet50x15.m")
    layers = write_repeated_network(RESNET50, 15, big)

    commands = [("version", [cli, "--version"]),
                ("eval-1", [cli, "eval", "--hw", HW_FILE, ONE_LAYER])]
    maestro_names = []
    for path in args.maestro:
        name = "maestro-1" if len(args.maestro) == 1 else "maestro-1 (%s)" % os.path.basename(os.path.dirname(os.path.abspath(path)))
        maestro_names.append(name)
        commands.append((name, [os.path.abspath(path), "--HW_file=" + HW_FILE, "--Mapping_file=" + ONE_LAYER,
                                "--print_res=false", "--print_res_csv_file=true", "--print_log_file=false"]))
    commands.append(("eval-%d" % layers, [cli, "eval", "--hw", HW_FILE, big]))
    if args.gui:
        commands.append(("gui-version", [os.path.abspath(args.gui), "--version"]))

    # One untimed run each: page cache, and a check that every command works.
    for name, argv in commands:
        _, _, code = run_once(argv, scratch, env)
        # eval exits 1 when a layer cannot run on the HW file (example.m needs more L2 than
        # accelerator_1.m has, as in MAESTRO): evaluated all the same, which is what is timed.
        if code != 0 and not (name.startswith("eval") and code == 1):
            sys.exit("%s exits with %d: %s" % (name, code, " ".join(argv)))
    samples = {name: [] for name, _ in commands}
    for _ in range(args.runs):
        for name, argv in commands:
            wall, cpu, _ = run_once(argv, scratch, env)
            samples[name].append((wall, cpu))

    cpu_name = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            cpu_name = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    print("%s, %d cores, load average %.1f; %d runs of each, round robin" % (cpu_name, os.cpu_count(), os.getloadavg()[0], args.runs))
    print("%-22s %10s %10s %11s %10s" % ("command", "CPU mean", "CPU median", "wall median", "wall min"))
    means = {}
    for name, _ in commands:
        walls = [w for w, _ in samples[name]]
        cpus = [c for _, c in samples[name]]
        means[name] = statistics.mean(cpus)
        print("%-22s %7.2f ms %7.2f ms %8.2f ms %7.2f ms" % (name, 1e3 * means[name], 1e3 * statistics.median(cpus),
                                                          1e3 * statistics.median(walls), 1e3 * min(walls)))
    for name in maestro_names:
        print("eval-1 / %s CPU time: %.2f (means over %d runs each)" % (name, means["eval-1"] / means[name], args.runs))
    libraries = loaded_libraries([cli, "--version"], env)
    print("mapscape-cli --version loads %d shared libraries: %s" % (len(libraries), " ".join(os.path.basename(l) for l in libraries)))
    if args.gui:
        gui_libraries = loaded_libraries([os.path.abspath(args.gui), "--version"], env)
        torch = [os.path.basename(l) for l in gui_libraries if "torch" in os.path.basename(l).lower()]
        print("mapscape --version loads %d shared libraries; libtorch's: %s" % (len(gui_libraries), " ".join(torch) if torch else "none"))
    for name in os.listdir(scratch):
        os.remove(os.path.join(scratch, name))
    os.rmdir(scratch)


if __name__ == "__main__":
    main()
