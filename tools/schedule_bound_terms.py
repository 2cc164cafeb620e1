#!/usr/bin/python3
"""Says what limits a task's throughput: the terms of each group's makespan bound.

For every group of a task mix on a platform, this writes the group's job table with
`mapscape-cli schedule --group G --job-table` (a one-sample heuristic, so it is quick) and
prints the terms the bound (engine/schedule/job_analysis.hpp: makespan_lower_bound) is the
largest of: the longest job on its fastest core, the jobs' least work spread over every core,
their least traffic through the system bandwidth; then the whole bound, as cycles and as
GFLOP/s, and the jobs that take longest.

  /usr/bin/python3 tools/schedule_bound_terms.py --cli build/mapscape-cli --mix magma-vision --setting S1 \\
      [--job-analysis magma-code] [--bw 16] [--bw-units bytes-per-cycle] [--top 3]
"""
import argparse
import json
import math
import os
import subprocess
import sys
import tempfile


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode not in (0, 1):
        sys.exit("%s failed (%d): %s" % (" ".join(cmd), r.returncode, r.stderr))
    return r


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cli", required=True)
    ap.add_argument("--mix", required=True)
    ap.add_argument("--setting", required=True)
    ap.add_argument("--job-analysis", default="mapscape")
    ap.add_argument("--bw", default="16")
    ap.add_argument("--bw-units", default="gbps")
    ap.add_argument("--top", type=int, default=3, help="longest jobs listed per group")
    opt = ap.parse_args()
    base = [opt.cli, "schedule", "--mix", opt.mix, "--setting", opt.setting, "--job-analysis", opt.job_analysis, "--bw", opt.bw,
            "--bw-units", opt.bw_units, "--algo", "fcfs"]
    first = run(base + ["--json", os.devnull]).stdout
    groups = sum(1 for line in first.splitlines() if line.strip() and line.split()[0].isdigit())
    clock_mhz = 200.0
    totals = {"work": 0.0, "longest": 0.0, "traffic": 0.0, "bound": 0.0, "macs": 0}
    print("| group | jobs | work / cores (Mcycles) | longest job (Mcycles) | traffic / bandwidth (Mcycles) | bound (Mcycles) | binding | longest jobs (label: best latency) |")
    print("|---:|---:|---:|---:|---:|---:|---|---|")
    with tempfile.TemporaryDirectory() as work:
        for g in range(1, groups + 1):
            table_path, result_path = os.path.join(work, "t.json"), os.path.join(work, "r.json")
            run(base + ["--group", str(g), "--job-table", table_path, "--json", result_path])
            with open(table_path) as f:
                table = json.load(f)
            with open(result_path) as f:
                result = json.load(f)
            cores, bw = table["cores"], table["system_bytes_per_cycle"]
            best, traffic = [], 0.0
            for job in table["jobs"]:
                lat = [math.inf if x is None else x for x in job["latency"]]
                c = min(range(cores), key=lambda i: lat[i])
                best.append((lat[c], "%s (%s)" % (job.get("label", ""), job.get("shape", ""))))
                traffic += min(l * b for l, b in zip(lat, job["bandwidth"]) if math.isfinite(l))
            work_term = sum(b for b, _ in best) / cores
            longest = max(b for b, _ in best)
            traffic_term = traffic / bw
            bound = result["groups"][0]["lower_bound_cycles"]
            terms = {"work": work_term, "longest job": longest, "bandwidth": traffic_term}
            binding = max(terms, key=terms.get)
            if bound > 1.001 * terms[binding]:
                binding = "packing (jobs indivisible)"
            top = sorted(best, reverse=True)[:opt.top]
            print("| %d | %d | %.3f | %.3f | %.3f | %.3f | %s | %s |" % (
                g, len(best), work_term / 1e6, longest / 1e6, traffic_term / 1e6, bound / 1e6, binding,
                "; ".join("%s: %.3g" % (label, lat / 1e6) for lat, label in top)))
            totals["work"] += work_term
            totals["longest"] += longest
            totals["traffic"] += traffic_term
            totals["bound"] += bound
            macs = result["throughput_gflops"] * result["makespan_cycles"] * 1e3 / (2 * clock_mhz) if result["throughput_gflops"] else 0
            totals["macs"] += macs
    gflops = lambda cycles: 2 * totals["macs"] * clock_mhz / cycles / 1e3 if cycles else math.nan
    print("| **all** | | %.3f | %.3f | %.3f | %.3f | | |" % (totals["work"] / 1e6, totals["longest"] / 1e6, totals["traffic"] / 1e6,
                                                         totals["bound"] / 1e6))
    print("\nAs throughput (GFLOP/s, 2 FLOP per MAC at %g MHz): bound %.1f; if only the work counted %.1f, only the "
          "longest jobs %.1f, only the traffic %.1f." % (clock_mhz, gflops(totals["bound"]), gflops(totals["work"]),
                                                         gflops(totals["longest"]), gflops(totals["traffic"])))


if __name__ == "__main__":
    main()
