#!/usr/bin/env python3
"""Searches real-shaped networks under both analyses and prints what the faithful one changes.

For each network and platform: a GAMMA search of every layer (`mapscape-cli search --layer all`)
under the MAESTRO-exact analysis and under the faithful one (--analysis faithful), same budget and
seed. Per analysis it prints the network's latency and energy at the searches' best mappings, the
lower bounds each analysis proves (docs/faithful-analysis.md says how), the distance to them, the
share of sampled mappings each analysis accepts (the map space a search sees), the samples refused
because MAESTRO's model undercounts them (MACs or runtime below what is possible) and the layers
left without a mapping. Used for the table in docs/faithful-analysis.md:

    tools/faithful_search_table.py --cli build/mapscape-cli [--budget 2000] [--seed 1]
        [--platform edge] [--models resnet50_torchvision,mobilenet_v3_large_torchvision,efficientnet_b0_torchvision]
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

UNDERCOUNT = ("fewer MACs than the layer (MAESTRO's undercount)", "below the compute bound (MAESTRO's undercount)")


def search(cli, model, platform, budget, seed, analysis):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "search.json")
        start = time.monotonic()
        subprocess.run([cli, "search", "--model", model, "--platform", platform, "--layer", "all", "--budget", str(budget),
                        "--seed", str(seed), "--analysis", analysis, "--json", out],
                       check=True, stdout=subprocess.DEVNULL)
        wall = time.monotonic() - start
        with open(out) as f:
            doc = json.load(f)
    layers = doc["layers"]
    samples = sum(l["samples"] for l in layers)
    valid = sum(l["valid_samples"] for l in layers)
    undercount = sum(n for l in layers for why, n in l.get("refused", {}).items() if why in UNDERCOUNT)
    t = doc["totals"]
    return {
        "latency": t["runtime_cycles"], "energy": t["energy_nj"], "bound_latency": t["bound"]["runtime_cycles"],
        "bound_energy": t["bound"]["energy_nj"], "valid": valid / samples if samples else 0.0, "undercount": undercount / samples if samples else 0.0,
        "none": t["layers_without_mapping"], "layers": len(layers), "wall": wall,
    }


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--cli", required=True, help="the mapscape-cli to run")
    p.add_argument("--budget", type=int, default=2000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--platform", default="edge")
    p.add_argument("--models", default="resnet50_torchvision,mobilenet_v3_large_torchvision,efficientnet_b0_torchvision")
    a = p.parse_args()
    print(f"GAMMA, {a.budget} samples per layer, seed {a.seed}, platform {a.platform}, objective latency\n")
    print("| network | analysis | latency (cycles) | above its bound | energy (uJ) | above its bound | energy bound (uJ) | "
          "samples accepted | refused as MAESTRO undercounts | layers without a mapping | wall (s) |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for model in a.models.split(","):
        for analysis in ("maestro", "faithful"):
            r = search(a.cli, model, a.platform, a.budget, a.seed, analysis)
            print(f"| {model} ({r['layers']} layers) | {analysis} | {r['latency']:,} | {100 * (r['latency'] / r['bound_latency'] - 1):+.1f}% | "
                  f"{r['energy'] / 1000:,.1f} | {100 * (r['energy'] / r['bound_energy'] - 1):+.1f}% | {r['bound_energy'] / 1000:,.1f} | "
                  f"{100 * r['valid']:.1f}% | {100 * r['undercount']:.1f}% | {r['none']} | {r['wall']:.1f} |")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
