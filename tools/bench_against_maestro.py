#!/usr/bin/env python3
"""Time MAESTRO's analysis and Mapscape's cost model on the same layers, in one run.

MAESTRO analyses a network file layer by layer in one process. Its time per layer is measured
as the difference between a file holding every layer REPEATS+1 times and one holding each once
(best of --trials runs of each), divided by the extra layers: process start-up and the HW file
cancel out, and what remains is MAESTRO's in-process work per layer (reading the layer's text and
analysing it; MAESTRO is told to print nothing, which makes it about 12% faster than with its CSV,
so the ratio is the conservative one). Mapscape's figure is `mapscape-cli bench --mapping FILE --hw
HW` on the same file: microseconds per layer evaluation, the full report (what MAESTRO computes)
and a search's objectives. Nothing is fetched or built: pass MAESTRO's program (built beside the
project, e.g. with g++ -O2) and mapscape-cli.

Usage:
  tools/bench_against_maestro.py --maestro /work/ext/maestro_o2/maestro --cli build/mapscape-cli \\
      --mapping FILE.m --hw HW.m [--repeats 20] [--trials 3]
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time


def layers_of(text):
    """The network's name and each Layer block's text (balanced braces)."""
    m = re.search(r"Network\s+(\w+)\s*\{", text)
    if not m:
        raise SystemExit("no 'Network NAME {' in the mapping file")
    blocks = []
    i = m.end()
    while True:
        lm = re.compile(r"Layer\s+(\S+)\s*\{").search(text, i)
        if not lm:
            break
        depth, j = 1, lm.end()
        while depth and j < len(text):
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            j += 1
        blocks.append((lm.group(1), text[lm.start():j]))
        i = j
    return m.group(1), blocks


def network_text(name, blocks, copies):
    out = [f"Network {name} {{"]
    for c in range(copies):
        for layer, block in blocks:
            out.append(block.replace(f"Layer {layer}", f"Layer {layer}_copy{c}", 1))
    out.append("}")
    return "\n".join(out) + "\n"


def time_maestro(maestro, hw, text, trials):
    best = float("inf")
    with tempfile.TemporaryDirectory() as scratch:
        os.makedirs(os.path.join(scratch, "data", "mapping"))
        with open(os.path.join(scratch, "data", "mapping", "net.m"), "w") as f:
            f.write(text)
        shutil.copyfile(hw, os.path.join(scratch, "data", "mapping", "hw.m"))
        for _ in range(trials):
            t0 = time.perf_counter()
            r = subprocess.run([maestro, "--HW_file=data/mapping/hw.m", "--Mapping_file=data/mapping/net.m",
                                "--print_res=false", "--print_res_csv_file=false", "--print_log_file=false"],
                               cwd=scratch, capture_output=True, text=True)
            elapsed = time.perf_counter() - t0
            if r.returncode != 0:
                raise SystemExit(f"MAESTRO failed (exit {r.returncode}):\n{r.stdout[-1500:]}{r.stderr[-1500:]}")
            best = min(best, elapsed)
    return best


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--maestro", required=True, help="MAESTRO's program")
    ap.add_argument("--cli", required=True, help="mapscape-cli")
    ap.add_argument("--mapping", required=True, help="a MAESTRO network file whose layers have dataflows")
    ap.add_argument("--hw", required=True, help="its MAESTRO HW file")
    ap.add_argument("--repeats", type=int, default=20, help="extra copies of every layer (default 20)")
    ap.add_argument("--trials", type=int, default=3, help="runs of MAESTRO per file, the fastest kept (default 3)")
    ap.add_argument("--seconds", type=float, default=2.0, help="mapscape-cli bench's time (default 2)")
    a = ap.parse_args()
    with open(a.mapping) as f:
        name, blocks = layers_of(f.read())
    if not blocks:
        raise SystemExit(f"{a.mapping}: no layers")
    maestro = os.path.abspath(a.maestro)
    once = time_maestro(maestro, a.hw, network_text(name, blocks, 1), a.trials)
    many = time_maestro(maestro, a.hw, network_text(name, blocks, 1 + a.repeats), a.trials)
    # MAESTRO analyses only the layers with a dataflow, as `bench --mapping` times only those.
    analysed = sum(1 for _, block in blocks if "Dataflow" in block)
    if analysed == 0:
        raise SystemExit(f"{a.mapping}: no layer has a Dataflow block")
    maestro_us = (many - once) / (a.repeats * analysed) * 1e6
    bench = subprocess.run([a.cli, "bench", "--mapping", a.mapping, "--hw", a.hw, "--seconds", str(a.seconds)],
                           capture_output=True, text=True)
    if bench.returncode != 0:
        raise SystemExit(f"mapscape-cli bench failed:\n{bench.stderr}")
    figures = dict(re.findall(r"^(file_\w+): .*\(([\d.]+) us per layer\)", bench.stdout, re.M))
    threaded = [k for k in figures if re.match(r"file_full_report_\d+_threads", k)]
    machine = re.search(r"^machine: (.*)$", bench.stdout, re.M)
    print(f"machine: {machine.group(1) if machine else '?'}")
    print(f"file: {a.mapping} ({analysed} layers with a dataflow), HW {a.hw}")
    print(f"MAESTRO: {once:.3f} s for the file once, {many:.3f} s with {a.repeats} more copies of every layer "
          f"(fastest of {a.trials}): {maestro_us:.1f} us per layer")
    for key, label in (("file_full_report_single_thread", "full report"), ("file_search_objectives_single_thread", "search objectives")):
        us = float(figures[key])
        print(f"Mapscape, {label}, one thread: {us:.3f} us per layer: {maestro_us / us:.0f}x MAESTRO")
    for key in threaded:
        us = float(figures[key])
        n = key.split("_")[-2]
        print(f"Mapscape, full report, {n} threads (MAESTRO runs on one): {us:.3f} us per layer: {maestro_us / us:.0f}x MAESTRO")
    return 0


if __name__ == "__main__":
    sys.exit(main())
