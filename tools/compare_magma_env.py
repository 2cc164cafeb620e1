#!/usr/bin/python3
"""Checks Mapscape's multi-core bandwidth allocator against MAGMA's own environment.

Feeds the same job tables and the same random schedules (MAGMA's encoding: a core and a
priority per job) to the public MAGMA code (maestro-project/magma, src/scheuler_GA.py:
SchedulerGA.evaluate) and to `mapscape-cli schedule-eval`, and compares the makespans.

Nothing is fetched or built here: pass the paths of a MAGMA checkout and of mapscape-cli.
Run it with Debian's /usr/bin/python3 (MAGMA needs numpy; its gym and tensorboardX imports,
unused on this path, are stubbed when missing).

  /usr/bin/python3 tools/compare_magma_env.py --magma PATH/TO/magma --cli build/mapscape-cli \\
      [--magma-table PATH/TO/magma/run/traffic_table_v3/Inst-batch1-insts1_S-2.plt ...] \\
      [--magma-analysis 7:batch_mix/insts1 ...] [--random-tables 20] [--schedules 1000] \\
      [--bw 1,4,16,64] [--seed 1] [--out DIR]

Tables: MAGMA's cached job analyses (--magma-table, the pickle its GA writes: per job and core
the no-stall latency and the bandwidth it asks), job analyses MAGMA makes here with its own
MaestroEnvironment and the MAESTRO binary its checkout links (--magma-analysis SETTING:DIR/FILE,
its setting.get_setting_v3 cores and a traffic_insts file), and random heterogeneous tables (--random-tables:
2-8 cores, 10-120 jobs, latencies and bandwidths spread over four decades). Each table is
checked at every system bandwidth of --bw (MAGMA's --dram_bw, in the table's bandwidth unit).
Prints a Markdown summary; --out also writes every makespan pair as CSV.
"""
import argparse
import csv
import json
import os
import pickle
import subprocess
import sys
import tempfile
import types

import numpy as np


def import_magma(magma_dir):
    for name in ("gym", "gym.spaces", "tensorboardX"):
        if name in sys.modules:
            continue
        try:
            __import__(name)
        except ImportError:
            module = types.ModuleType(name)
            if name == "gym":
                module.spaces = types.ModuleType("gym.spaces")
                sys.modules["gym.spaces"] = module.spaces
            if name == "tensorboardX":
                module.SummaryWriter = object
            sys.modules[name] = module
    for path in (magma_dir, os.path.join(magma_dir, "src")):
        if path not in sys.path:
            sys.path.insert(0, path)
    import scheuler_GA
    return scheuler_GA


def magma_makespans(magma, table, system_bw, genomes, workdir):
    """MAGMA's evaluation of each genome (2 x jobs: core ids, priorities) on `table` (jobs x 2 x cores)."""
    table_file = os.path.join(workdir, "table.plt")
    with open(table_file, "wb") as f:  # the cache its GA reads instead of running MAESTRO
        pickle.dump({"tb": table}, f)
    jobs, cores = table.shape[0], table.shape[2]
    scheduler = magma.SchedulerGA(cores, [0] * cores, ["dla"] * cores, None, jobs=[[0, j, np.zeros(7)] for j in range(jobs)],
                                  chkpt_file=os.path.join(workdir, "chkpt.plt"), insts_table_file=table_file,
                                  dram_bw=system_bw)
    # Its constructor sorts the jobs by their latencies; the genomes index the table as given.
    scheduler.job_table = table.copy()
    scheduler.pops = list(genomes)
    n = len(genomes)
    scheduler.fitness = np.ones((n,))
    scheduler.latencys = np.ones((n,))
    scheduler.utils = np.ones((n,))
    scheduler.timeTracks = np.zeros((n, cores))
    scheduler.evaluate()
    return [float(x) for x in scheduler.latencys]


def mapscape_makespans(cli, table, system_bw, genomes, workdir):
    path = os.path.join(workdir, "table.json")
    doc = {"format": "mapscape-job-table", "version": 1, "cores": int(table.shape[2]),
           "system_bytes_per_cycle": float(system_bw),
           "jobs": [{"latency": [float(x) for x in table[j][0]], "bandwidth": [float(x) for x in table[j][1]]}
                    for j in range(table.shape[0])],
           "schedules": [{"core": [int(c) for c in g[0]], "priority": [float(p) for p in g[1]]} for g in genomes]}
    with open(path, "w") as f:
        json.dump(doc, f)
    out = os.path.join(workdir, "result.json")
    run = subprocess.run([cli, "schedule-eval", path, "--json", out, "--quiet"], capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"mapscape-cli schedule-eval failed ({run.returncode}): {run.stderr}")
    with open(out) as f:
        result = json.load(f)
    return [r["makespan_cycles"] for r in result["results"]], result["lower_bound_cycles"]


def magma_analysis(magma_dir, spec):
    """The job table MAGMA's own environment makes (MAESTRO on every job and core)."""
    setting_text, insts = spec.split(":", 1)
    import setting
    from cost_model_env import MaestroEnvironment
    cores, _, pes, clusters, styles = setting.get_setting_v3(int(setting_text))
    if setting.is_flexible(int(setting_text))[0]:
        sys.exit(f"{spec}: MAGMA's flexible settings (9 and up) fail in its own code; pick another")
    with open(os.path.join(magma_dir, "traffic_insts", insts + ".csv")) as f:
        layers = [[int(float(x)) for x in line.split(",")[2:9]] for line in f if line.strip()]
    here = os.getcwd()
    os.chdir(os.path.join(magma_dir, "src"))  # its paths are relative: ../cost_model/maestro, ../m_files
    env = None
    try:
        env = MaestroEnvironment(cores, pes, clusters, styles, fitness=["latency", "req_dram_bw"])
        table = np.zeros((len(layers), 2, cores))
        for j, dims in enumerate(layers):
            for c in range(cores):
                r = env.observe_maestro_normal(np.array(dims), c)
                if r is None:
                    sys.exit(f"{spec}: MAESTRO failed on job {j} {dims}, core {c}")
                table[j][0][c], table[j][1][c] = r
    finally:
        if env is not None:  # it copies the binary and leaves its scratch files behind
            for f in (env._executable, env.random_file_name + ".m", env.random_file_name + ".csv"):
                if os.path.exists(f):
                    os.remove(f)
        os.chdir(here)
    return table


def random_table(rng):
    cores = int(rng.integers(2, 9))
    jobs = int(rng.integers(10, 121))
    # A job's speed differs between cores (heterogeneous styles and sizes); bandwidth asks span
    # compute-bound to memory-bound jobs. MAGMA cannot take a zero ask (its loop never ends).
    base = 10 ** rng.uniform(3, 7, size=(jobs, 1))
    latency = np.round(base * 10 ** rng.uniform(-0.5, 0.5, size=(jobs, cores)))
    bandwidth = 10 ** rng.uniform(-2, 2, size=(jobs, cores))
    return np.stack([latency, bandwidth], axis=1)


def random_genomes(rng, jobs, cores, count):
    return [np.stack([rng.integers(0, cores, size=jobs).astype(float), rng.random(jobs)]) for _ in range(count)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--magma", required=True, help="a checkout of maestro-project/magma (its src/ is imported)")
    ap.add_argument("--cli", required=True, help="mapscape-cli")
    ap.add_argument("--magma-table", action="append", default=[], help="a job-analysis pickle MAGMA wrote (repeatable)")
    ap.add_argument("--magma-analysis", action="append", default=[],
                    help="SETTING:DIR/FILE: a table MAGMA's environment makes with MAESTRO (repeatable)")
    ap.add_argument("--random-tables", type=int, default=0, help="this many random tables as well")
    ap.add_argument("--schedules", type=int, default=1000, help="random schedules per table and bandwidth")
    ap.add_argument("--bw", default="1,4,16,64", help="system bandwidths (MAGMA's --dram_bw), comma-separated")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", help="directory for makespans.csv")
    args = ap.parse_args()
    if not os.path.exists(os.path.join(args.magma, "src", "scheuler_GA.py")):
        sys.exit(f"{args.magma}: not a MAGMA checkout (no src/scheuler_GA.py)")
    magma = import_magma(os.path.abspath(args.magma))
    rng = np.random.default_rng(args.seed)
    tables = []
    for path in args.magma_table:
        with open(path, "rb") as f:
            tables.append((os.path.basename(path), np.asarray(pickle.load(f)["tb"], dtype=float)))
    for spec in args.magma_analysis:
        tables.append((f"MAGMA S{spec}", magma_analysis(os.path.abspath(args.magma), spec)))
    for i in range(args.random_tables):
        tables.append((f"random-{i + 1}", random_table(rng)))
    if not tables:
        sys.exit("no tables: give --magma-table or --random-tables")
    bandwidths = [float(b) for b in args.bw.split(",")]
    rows = []
    print("| table | cores | jobs | system bw | schedules | max difference | over 1% | MAGMA's makespans / the bound |")
    print("|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory(prefix="compare_magma_env_") as workdir:
        for name, table in tables:
            jobs, cores = table.shape[0], table.shape[2]
            for bw in bandwidths:
                genomes = random_genomes(rng, jobs, cores, args.schedules)
                theirs = magma_makespans(magma, table, bw, genomes, workdir)
                ours, bound = mapscape_makespans(args.cli, table, bw, genomes, workdir)
                diffs = [abs(o - t) / t for o, t in zip(ours, theirs)]
                over = sum(d > 0.01 for d in diffs)
                ratios = [t / bound for t in theirs]
                print(f"| {name} | {cores} | {jobs} | {bw:g} | {len(genomes)} | {max(diffs):.2e} | {over} | "
                      f"{min(ratios):.3g}-{max(ratios):.3g} |", flush=True)
                for i, (o, t) in enumerate(zip(ours, theirs)):
                    rows.append([name, cores, jobs, bw, i, repr(t), repr(o), repr(abs(o - t) / t), repr(bound)])
    total = len(rows)
    worst = max(float(r[7]) for r in rows)
    print(f"\n{total} schedules: largest relative difference {worst:.2e}; "
          f"{sum(float(r[7]) > 0.01 for r in rows)} differ by more than 1%.")
    if args.out:
        os.makedirs(args.out, exist_ok=True)
        with open(os.path.join(args.out, "makespans.csv"), "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["table", "cores", "jobs", "system_bw", "schedule", "magma_makespan", "mapscape_makespan",
                        "relative_difference", "lower_bound"])
            w.writerows(rows)
    return 0 if all(float(r[7]) <= 0.01 for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
