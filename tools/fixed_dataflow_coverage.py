#!/usr/bin/python3
"""Every fixed dataflow on every chip-named preset: layers mapped by the style's own tiles, by the
least-footprint fallback, and misses (a layer the least-footprint builder proves mappable that
the dataflow left without a mapping; the target is 0).

For each bundled model and preset it runs GAMMA (`search --layer all --budget 2000 --seed 1`:
its mapping, sampled or the fallback, is the proof a mapping exists) and then each fixed
dataflow (`--algo fixed-NAME`), and compares layer by layer.

    tools/fixed_dataflow_coverage.py --cli build/mapscape-cli [--presets edge,cloud] [--models alexnet]
        [--dataflows nvdla,eyeriss] [--analysis maestro|faithful]

docs/no-layer-left.md holds its output.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

PRESETS = ["edge", "cloud", "eyeriss-like", "nvdla-like", "nvdla256-like", "edgetpu-like", "shidiannao-like"]
DATAFLOWS = ["nvdla", "eyeriss", "shidiannao", "kcp_ws", "xp_ws", "yxp_os", "rs", "nlr"]


def bundled_models(cli):
    out = subprocess.run([cli, "model", "list"], check=True, capture_output=True, text=True).stdout
    return [line.split()[0] for line in out.splitlines() if line and not line.startswith(" ")]


def search(cli, model, preset, algo, budget, seed, analysis):
    """Per layer: "sampled", "fallback" or "none"."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "r.json")
        run = subprocess.run([cli, "search", "--model", model, "--platform", preset, "--layer", "all", "--algo", algo,
                              "--budget", str(budget), "--seed", str(seed), "--analysis", analysis, "--json", path],
                             capture_output=True, text=True)
        if run.returncode not in (0, 1) or not os.path.exists(path):
            sys.exit(f"{model} on {preset} with {algo}: exit {run.returncode}: {run.stderr.strip()}")
        with open(path) as f:
            doc = json.load(f)
    return [("none" if layer["best_mapping"] is None else "fallback" if layer.get("least_footprint_fallback") else "sampled",
             layer["name"]) for layer in doc["layers"]]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cli", required=True, help="path of mapscape-cli")
    ap.add_argument("--budget", type=int, default=2000, help="GAMMA's samples per layer")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--presets", default=",".join(PRESETS))
    ap.add_argument("--models", default="", help="comma-separated; default: every bundled model")
    ap.add_argument("--dataflows", default=",".join(DATAFLOWS))
    ap.add_argument("--analysis", default="maestro", choices=["maestro", "faithful"])
    args = ap.parse_args()
    models = args.models.split(",") if args.models else bundled_models(args.cli)
    dataflows = args.dataflows.split(",")
    start = time.monotonic()
    print("Each cell: layers mapped by the dataflow's own tiles + by the least-footprint fallback.\n")
    print("| preset | layers | " + " | ".join(dataflows) + " | without a mapping (proven) | misses |")
    print("|---|---:|" + "---:|" * len(dataflows) + "---:|---:|")
    total_misses = 0
    miss_examples = []
    for preset in args.presets.split(","):
        provable = {model: search(args.cli, model, preset, "gamma", args.budget, args.seed, args.analysis) for model in models}
        layers = sum(len(rows) for rows in provable.values())
        proven_none = sum(kind == "none" for rows in provable.values() for kind, _ in rows)
        cells = []
        misses = 0
        for dataflow in dataflows:
            counts = {"sampled": 0, "fallback": 0, "none": 0}
            for model in models:
                rows = search(args.cli, model, preset, "fixed-" + dataflow, args.budget, args.seed, args.analysis)
                for (kind, name), (gamma_kind, _) in zip(rows, provable[model]):
                    counts[kind] += 1
                    if kind == "none" and gamma_kind != "none":
                        misses += 1
                        miss_examples.append(f"{preset} fixed-{dataflow} {model} {name}")
            cells.append(f"{counts['sampled']:,} + {counts['fallback']:,}")
        total_misses += misses
        print(f"| {preset} | {layers:,} | " + " | ".join(cells) + f" | {proven_none:,} | {misses} |", flush=True)
    print(f"\nmisses: {total_misses}" + (" (" + ", ".join(miss_examples[:10]) + ")" if miss_examples else "") +
          f"; {time.monotonic() - start:.1f} s")
    return 1 if total_misses else 0


if __name__ == "__main__":
    sys.exit(main())
