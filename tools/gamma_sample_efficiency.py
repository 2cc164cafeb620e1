#!/usr/bin/env python3
"""How many samples GAMMA needs to come within 1% of its own long search, per layer.

For each model and seed, one `mapscape-cli search --budget LONG --json` run; from each layer's
convergence trace, the first sample count at which the best so far is within TOLERANCE of the
run's final best. Prints the per-model distribution (median layer, 90th percentile, worst) and
whether the median layer needs at most TARGET samples (issue 38: 1,500 of 10,000).

    tools/gamma_sample_efficiency.py --cli build/mapscape-cli [--models resnet18,resnet50,mobilenet_v2]
        [--seeds 1,2,3] [--budget 10000] [--platform edge] [--tolerance 0.01] [--target 1500] [--population N]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time


def samples_to_reach(trace, final, tolerance):
    for samples, best in trace:
        if best <= final * (1 + tolerance):
            return samples
    return trace[-1][0]


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--cli", required=True)
    p.add_argument("--models", default="resnet18,resnet50,mobilenet_v2")
    p.add_argument("--seeds", default="1,2,3")
    p.add_argument("--budget", type=int, default=10000)
    p.add_argument("--platform", default="edge")
    p.add_argument("--tolerance", type=float, default=0.01)
    p.add_argument("--target", type=int, default=1500)
    p.add_argument("--population", type=int, default=0, help="GAMMA's population (0: the CLI's default)")
    a = p.parse_args()
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        for model in a.models.split(","):
            needed = []
            started = time.time()
            for seed in a.seeds.split(","):
                out = os.path.join(tmp, f"{model}_{seed}.json")
                subprocess.run([a.cli, "search", "--model", model, "--platform", a.platform, "--budget", str(a.budget),
                                "--seed", seed, "--json", out, "--quiet"]
                               + (["--population", str(a.population)] if a.population else []), check=True, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
                for layer in json.load(open(out))["layers"]:
                    if layer.get("trace") and layer.get("objective_value") is not None:
                        needed.append(samples_to_reach(layer["trace"], layer["objective_value"], a.tolerance))
            needed.sort()
            median = statistics.median(needed)
            p90 = needed[int(0.9 * (len(needed) - 1))]
            met = median <= a.target
            ok = ok and met
            print(f"{model}: {len(needed)} (layer, seed) pairs; samples to within {100 * a.tolerance:g}% of the "
                  f"{a.budget}-sample best: median {median:g}, 90th percentile {p90}, worst {needed[-1]}; "
                  f"median <= {a.target}: {'yes' if met else 'no'} ({time.time() - started:.1f} s)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
