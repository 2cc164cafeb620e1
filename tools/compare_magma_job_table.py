#!/usr/bin/python3
"""Compares Mapscape's magma-code job analysis with a job table the public MAGMA code made.

MAGMA's GA caches its job analysis (every job's no-stall latency and bandwidth ask on every core,
from MAESTRO with its style files) as a pickle, `traffic_table_v3/Inst-<dir>-<file>_S-<setting>.plt`,
in the directory it runs from. This script reads such a table (the pickle, or the CSV export in
tests/data/magma_code), runs `mapscape-cli schedule --job-analysis magma-code --job-table` on the
same instance file, and reports how many entries agree, the largest differences, and each kind of
difference (by core style and layer type).

Nothing is fetched or built here: pass the table, MAGMA's instance file and mapscape-cli.

  /usr/bin/python3 tools/compare_magma_job_table.py --cli build/mapscape-cli \\
      --table PATH/TO/run/traffic_table_v3/Inst-batch1-insts1_S-2.plt \\
      --insts PATH/TO/magma/traffic_insts/batch1/insts1.csv --setting S1 [--flexible] [--out DIFF.csv]

--setting is Mapscape's platform for the code's setting (its 2 is S1: four 32x64 dla cores; its
3 is S2 with the LB core as shi_f.m; 8 is S3, 4 is S4).
"""
import argparse
import csv
import json
import math
import os
import pickle
import subprocess
import sys
import tempfile

TYPE_NAMES = {0: "FC", 1: "CONV", 2: "DSCONV", 3: "GEMM"}


def read_table(path):
    """[(latencies per core, bandwidths per core)] in the table's (the instance file's) order."""
    if path.endswith(".csv"):
        with open(path) as f:
            rows = list(csv.DictReader(f))
        cores = sum(1 for k in rows[0] if k.startswith("latency_core"))
        return [([float(r["latency_core%d" % c]) for c in range(cores)], [float(r["bandwidth_core%d" % c]) for c in range(cores)])
                for r in rows]
    with open(path, "rb") as f:
        table = pickle.load(f)["tb"]  # numpy array: jobs x 2 x cores
    return [([float(x) for x in job[0]], [float(x) for x in job[1]]) for job in table]


def read_instances(path):
    with open(path) as f:
        return [[int(float(x)) for x in line.split(",")] for line in f if line.strip()]


def mapscape_table(cli, rows, setting, flexible, workdir, analysis="magma-code"):
    """Our table for the instance rows, in their order (labels map the gene order back)."""
    layers = os.path.join(workdir, "jobs.csv")
    with open(layers, "w") as f:
        f.write("K,C,Y,X,R,S,T\n")
        for r in rows:
            f.write(",".join(str(x) for x in r[2:9]) + "\n")
    mix = os.path.join(workdir, "mix.json")
    with open(mix, "w") as f:
        json.dump({"format": "mapscape-mix", "version": 1, "name": "instances", "order": "sequential",
                   "models": [{"model": layers}]}, f)
    out = os.path.join(workdir, "table.json")
    cmd = [cli, "schedule", "--mix", mix, "--setting", setting + ("-flex" if flexible else ""), "--job-analysis", analysis,
           "--bw-units", "bytes-per-cycle", "--bw", "16", "--algo", "fcfs", "--group-size", str(len(rows)), "--group", "1",
           "--job-table", out]
    run = subprocess.run(cmd, capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit("mapscape-cli failed (%d): %s" % (run.returncode, run.stderr))
    with open(out) as f:
        doc = json.load(f)
    ours = [None] * len(rows)
    for job in doc["jobs"]:
        index = int(job["label"].rsplit("/layer", 1)[1]) - 1  # "jobs#1/layerN": row N of the file
        ours[index] = ([math.inf if x is None else float(x) for x in job["latency"]], [float(x) for x in job["bandwidth"]])
    return ours


def relative(a, b):
    if a == b:
        return 0.0
    if math.isinf(a) or math.isinf(b):
        return math.inf
    return abs(a - b) / max(abs(b), 1e-300)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cli", required=True, help="mapscape-cli")
    ap.add_argument("--table", required=True, help="MAGMA's cached job table (.plt pickle) or its CSV export")
    ap.add_argument("--insts", required=True, help="the instance file the table was made for (traffic_insts/DIR/FILE.csv)")
    ap.add_argument("--setting", required=True, help="Mapscape's platform for the code's setting (S1 for its 2, S2 for its 3, ...)")
    ap.add_argument("--flexible", action="store_true", help="the code's flexible settings (9 and up): try find_best_alignment")
    ap.add_argument("--job-analysis", default="magma-code",
                    help="magma-code (default), or mapscape to see how far our own analysis is from the code's")
    ap.add_argument("--tolerance", type=float, default=1e-12, help="relative difference counted as agreement (default 1e-12)")
    ap.add_argument("--out", help="write every entry (ours, the code's, relative difference) to this CSV")
    opt = ap.parse_args()

    theirs = read_table(opt.table)
    rows = read_instances(opt.insts)
    if len(rows) != len(theirs):
        sys.exit("%s has %d jobs, the table %d" % (opt.insts, len(rows), len(theirs)))
    with tempfile.TemporaryDirectory() as work:
        ours = mapscape_table(opt.cli, rows, opt.setting, opt.flexible, work, opt.job_analysis)
    cores = len(theirs[0][0])
    if len(ours[0][0]) != cores:
        sys.exit("the table has %d cores, %s has %d" % (cores, opt.setting, len(ours[0][0])))

    entries = []  # (job, core, quantity, ours, theirs, relative difference)
    for j in range(len(rows)):
        for c in range(cores):
            for q, k in (("latency", 0), ("bandwidth", 1)):
                entries.append((j, c, q, ours[j][k][c], theirs[j][k][c], relative(ours[j][k][c], theirs[j][k][c])))
    agree = [e for e in entries if e[5] <= opt.tolerance]
    exact = [e for e in entries if e[3] == e[4]]
    print("| quantity | entries | agree within %g | bit for bit | largest relative difference (job, core) |" % opt.tolerance)
    print("|---|---:|---:|---:|---|")
    for q in ("latency", "bandwidth"):
        es = [e for e in entries if e[2] == q]
        worst = max(es, key=lambda e: e[5])
        print("| %s | %d | %d | %d | %.3g (job %d, core %d: %.10g ours, %.10g the code's) |" % (
            q, len(es), sum(1 for e in es if e[5] <= opt.tolerance), sum(1 for e in es if e[3] == e[4]), worst[5], worst[0],
            worst[1], worst[3], worst[4]))
    print("\n%d of %d entries agree within %g (%d bit for bit)." % (len(agree), len(entries), opt.tolerance, len(exact)))
    kinds = {}
    for e in entries:
        if e[5] <= opt.tolerance:
            continue
        key = (TYPE_NAMES.get(rows[e[0]][8], "?"), e[2])
        kinds.setdefault(key, []).append(e)
    if kinds:
        print("\nDifferences by layer type and quantity (ours / the code's: geometric mean, range):")
        for (t, q), es in sorted(kinds.items()):
            ratios = [e[3] / e[4] for e in es if e[4] > 0 and math.isfinite(e[3]) and math.isfinite(e[4]) and e[3] > 0]
            mean = math.exp(sum(math.log(r) for r in ratios) / len(ratios)) if ratios else float("nan")
            print("- %s %s: %d entries, largest relative difference %.3g; ratio %.3g (%.3g to %.3g)" % (
                t, q, len(es), max(e[5] for e in es), mean, min(ratios, default=float("nan")), max(ratios, default=float("nan"))))
    if opt.out:
        with open(opt.out, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["job", "K", "C", "Y", "X", "R", "S", "T", "core", "quantity", "mapscape", "magma_code", "relative_difference"])
            for j, c, q, a, b, d in entries:
                w.writerow([j] + rows[j][2:9] + [c, q, repr(a), repr(b), d])


if __name__ == "__main__":
    main()
