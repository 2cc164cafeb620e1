#!/usr/bin/python3
"""Every bundled model on every chip-named preset: how many layers get a mapping.

Runs `mapscape-cli search --layer all --budget 2000 --seed 1` (GAMMA; the MAESTRO-exact analysis, or
with --analysis faithful the faithful one) for each bundled model on each preset and prints a
Markdown table: layers, layers GAMMA's samples
mapped, layers mapped by the least-footprint fallback (docs/mapping-search.md#when-no-sample-runs),
layers left without a mapping with the reason and the L1 the least-footprint mapping needs.

    tools/mappable_layers_table.py --cli build/mapscape-cli [--budget 2000] [--presets edge,cloud] [--analysis faithful]

docs/no-layer-left.md holds its output.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

PRESETS = ["edge", "cloud", "eyeriss-like", "nvdla-like", "nvdla256-like", "edgetpu-like", "shidiannao-like"]


def bundled_models(cli):
    out = subprocess.run([cli, "model", "list"], check=True, capture_output=True, text=True).stdout
    return [line.split()[0] for line in out.splitlines() if line and not line.startswith(" ")]


def search(cli, model, preset, budget, seed, analysis):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "r.json")
        run = subprocess.run([cli, "search", "--model", model, "--platform", preset, "--layer", "all", "--budget", str(budget),
                              "--seed", str(seed), "--analysis", analysis, "--json", path], capture_output=True, text=True)
        if run.returncode not in (0, 1) or not os.path.exists(path):
            sys.exit(f"{model} on {preset}: exit {run.returncode}: {run.stderr.strip()}")
        with open(path) as f:
            return json.load(f)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cli", required=True, help="path of mapscape-cli")
    ap.add_argument("--budget", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--presets", default=",".join(PRESETS))
    ap.add_argument("--models", default="", help="comma-separated; default: every bundled model")
    ap.add_argument("--analysis", default="maestro", choices=["maestro", "faithful"])
    args = ap.parse_args()
    models = args.models.split(",") if args.models else bundled_models(args.cli)
    presets = args.presets.split(",")
    print("| preset | layers | mapped by the samples | by the least-footprint fallback | without a mapping | examples and what they need |")
    print("|---|---:|---:|---:|---:|---|")
    for preset in presets:
        layers = sampled = fallback = none = 0
        examples = []
        for model in models:
            doc = search(args.cli, model, preset, args.budget, args.seed, args.analysis)
            for layer in doc["layers"]:
                layers += 1
                if layer["best_mapping"] is None:
                    none += 1
                    need = re.search(r"needs ([\d.,]+ k?)\s*elements of L1 per PE \(([^,]+)", layer["why_none"] or "")
                    if len(examples) < 3:
                        examples.append(f"{model} {layer['name']}" + (f" (L1 {need.group(2)})" if need else ""))
                elif layer.get("least_footprint_fallback"):
                    fallback += 1
                else:
                    sampled += 1
        print(f"| {preset} | {layers:,} | {sampled:,} | {fallback:,} | {none:,} | {', '.join(examples)} |", flush=True)


if __name__ == "__main__":
    main()
