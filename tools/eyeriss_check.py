#!/usr/bin/env python3
"""AlexNet's CONV layers on the Eyeriss preset against the Eyeriss chip (Chen et al., JSSC 2017).

Searches each of AlexNet's five CONV layers at batch 4 (resources/examples/alexnet_eyeriss_batch4.json,
16-bit) on the eyeriss-like preset (168 PEs, 0.5 KB per PE, 108 KB global buffer, 200 MHz) with a
physical technology (65nm by default), and prints frames/s, DRAM accesses per MAC and average
power beside the chip's measured 34.7 frames/s, 0.0029 accesses per MAC and 278 mW. A layer that
no mapping fits in the preset's L1 under the analysis (MAESTRO's whole-filter rule: AlexNet's 11x11
CONV1) is searched again with the smallest L1 that maps it, doubling from the preset's, and the
table says so.

With --analysis faithful the layers are searched under the faithful analysis
(docs/faithful-analysis.md), where a filter may be split: a PE can hold one filter row, as the
chip's do.

Usage: tools/eyeriss_check.py --cli build/mapscape-cli [--tech 65nm] [--algo gamma] [--budget 4000] [--analysis faithful]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
MODEL = os.path.join(HERE, "..", "resources", "examples", "alexnet_eyeriss_batch4.json")
CHIP = {"fps": 34.7, "dram_per_mac": 0.0029, "power_mw": 278.0}
BATCH = 4


def search(cli, layer, platform, args, directory):
    out = os.path.join(directory, "search.json")
    subprocess.run([cli, "search", "--model", MODEL, "--layer", str(layer), "--platform", platform, "--tech", args.tech,
                    "--algo", args.algo, "--objective", args.objective, "--budget", str(args.budget), "--seed", str(args.seed),
                    "--analysis", args.analysis, "--json", out, "--quiet"], check=False, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    with open(out) as f:
        return json.load(f)["layers"][0]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", required=True)
    ap.add_argument("--tech", default="65nm")
    ap.add_argument("--algo", default="gamma")
    ap.add_argument("--objective", default="edp")
    ap.add_argument("--budget", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--analysis", default="maestro", choices=["maestro", "faithful"])
    args = ap.parse_args()
    with open(MODEL) as f:
        layers = json.load(f)["layers"]
    clock_mhz = 200.0
    total = {"cycles": 0, "macs": 0, "dram": 0, "energy_nj": 0.0}
    parts = {}
    print("| layer | runs | L1 per PE | cycles | MACs | DRAM accesses | energy (uJ) | note |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    with tempfile.TemporaryDirectory() as d:
        for i, layer in enumerate(layers, start=1):
            repeat = layer.get("repeat", 1)
            l1 = 512
            result = search(args.cli, i, "eyeriss-like", args, d)
            note = ""
            while result.get("cost") is None and l1 < 65536:
                l1 *= 2
                acc = os.path.join(d, "eyeriss_l1.json")
                with open(acc, "w") as f:
                    json.dump({"format": "mapscape-accelerator", "version": 1, "name": "eyeriss-like-l1-%d" % l1, "num_pes": 168,
                               "pe_hierarchy": [12, 14], "l1_size_bytes": l1, "l2_size_bytes": 110592, "word_size_bytes": 2,
                               "clock_mhz": clock_mhz, "offchip_bw_elements_per_cycle": 16,
                               "noc": {"bandwidth_elements_per_cycle": 64, "hops": 1, "hop_latency_cycles": 1}}, f)
                result = search(args.cli, i, acc, args, d)
                note = "no mapping fits 512 B under the analysis; searched with %d B" % l1
            c = result["cost"]
            energy = c["energy_nj"]
            for k in ("mac", "l1", "l2", "noc", "dram", "leakage"):
                parts[k] = parts.get(k, 0.0) + energy[k] * repeat
            total["cycles"] += c["runtime_cycles"] * repeat
            total["macs"] += c["macs"] * repeat
            total["dram"] += c["dram_accesses"] * repeat
            total["energy_nj"] += energy["total"] * repeat
            print("| %s | %d | %d B | %d | %d | %d | %.1f | %s |" % (layer["name"], repeat, l1, c["runtime_cycles"], c["macs"],
                                                                  c["dram_accesses"], energy["total"] / 1e3, note))
    seconds = total["cycles"] / (clock_mhz * 1e6)
    fps = BATCH / seconds
    dram_per_mac = total["dram"] / total["macs"]
    power_mw = total["energy_nj"] / seconds * 1e-6
    print()
    print("| figure | model (%s, %s, %s, %s analysis) | Eyeriss chip | ratio |" % (args.tech, args.algo, args.objective, args.analysis))
    print("|---|---:|---:|---:|")
    print("| frames/s (batch 4, 200 MHz) | %.1f | %.1f | %.2f |" % (fps, CHIP["fps"], fps / CHIP["fps"]))
    print("| DRAM accesses per MAC | %.4f | %.4f | %.2f |" % (dram_per_mac, CHIP["dram_per_mac"], dram_per_mac / CHIP["dram_per_mac"]))
    print("| power (mW) | %.0f | %.0f | %.2f |" % (power_mw, CHIP["power_mw"], power_mw / CHIP["power_mw"]))
    print()
    print("energy by part: " + ", ".join("%s %.1f%%" % (k, 100 * v / total["energy_nj"]) for k, v in parts.items()))


if __name__ == "__main__":
    sys.exit(main())
