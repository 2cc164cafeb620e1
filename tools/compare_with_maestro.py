#!/usr/bin/env python3
"""Evaluate MAESTRO files with MAESTRO itself and with mapscape-cli, and compare layer by layer.

For files exported from the app (File > Export > "A run's best mappings...", the Co-design tab's
"Export MAESTRO files...") or written by `mapscape-cli search --export-maestro`: every layer's
runtime, energy and buffer requirements as MAESTRO prints them against `mapscape-cli eval --json`.
Nothing is fetched or built: pass the programs' paths (build MAESTRO beside the project).

Usage:
  tools/compare_with_maestro.py --maestro /work/ext/maestro/maestro --cli build/mapscape-cli \\
      EXPORT_DIR [EXPORT_DIR ...]
  tools/compare_with_maestro.py --maestro ... --cli ... --mapping NET.m --hw HW.m

In an export directory the network file is the .m file whose name has a matching "_hw.m" beside
it. Exit 0 when every layer agrees within --tolerance (relative; default 1e-5: MAESTRO's CSV prints
six significant digits), 1 otherwise.
"""
import argparse
import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile

# (our JSON field, MAESTRO's CSV column)
QUANTITIES = [
    ("runtime_cycles", "Runtime (Cycles)"),
    ("maestro_energy_nj", "Activity count-based Energy (nJ)"),
    ("l1_req_bytes", "L1 SRAM Size Req (Bytes)"),
    ("l2_req_bytes", "L2 SRAM Size Req (Bytes)"),
    ("macs", "Num MACs"),
]


def pairs_in(directory):
    for name in sorted(os.listdir(directory)):
        if name.endswith(".m") and not name.endswith("_hw.m"):
            hw = os.path.join(directory, name[:-2] + "_hw.m")
            if os.path.exists(hw):
                yield os.path.join(directory, name), hw


def run_maestro(maestro, mapping, hw):
    # MAESTRO names its CSV after the mapping file's path with its first two directories cut off
    # and everything from the first dot on ("data/mapping/net.m" -> "net.csv", relative to the
    # working directory): the files go into a scratch data/mapping/ under safe names.
    with tempfile.TemporaryDirectory() as scratch:
        os.makedirs(os.path.join(scratch, "data", "mapping"))
        shutil.copyfile(mapping, os.path.join(scratch, "data", "mapping", "network.m"))
        shutil.copyfile(hw, os.path.join(scratch, "data", "mapping", "hw.m"))
        result = subprocess.run([os.path.abspath(maestro), "--HW_file=data/mapping/hw.m",
                                 "--Mapping_file=data/mapping/network.m", "--print_res=false",
                                 "--print_res_csv_file=true", "--print_log_file=false"],
                                cwd=scratch, capture_output=True, text=True)
        csvs = [f for f in os.listdir(scratch) if f.endswith(".csv")]
        if result.returncode != 0 or not csvs:
            raise RuntimeError(f"MAESTRO on {mapping}: exit {result.returncode}, no CSV\n{result.stdout[-2000:]}{result.stderr[-2000:]}")
        with open(os.path.join(scratch, csvs[0]), newline="") as f:
            rows = list(csv.reader(f))
    header = [h.strip() for h in rows[0]]
    return [{h: c.strip() for h, c in zip(header, row)} for row in rows[1:] if row]


def run_cli(cli, mapping, hw):
    result = subprocess.run([cli, "eval", mapping, "--hw", hw, "--json"], capture_output=True, text=True)
    if result.returncode not in (0, 1):
        raise RuntimeError(f"mapscape-cli eval {mapping}: exit {result.returncode}\n{result.stderr}")
    return json.loads(result.stdout)["layers"]


def compare(maestro, cli, mapping, hw, tolerance):
    theirs = run_maestro(maestro, mapping, hw)
    ours = run_cli(cli, mapping, hw)
    print(f"{mapping} on {hw}: {len(ours)} layer(s), MAESTRO {len(theirs)}")
    if len(theirs) != len(ours):
        print("  the layer counts differ")
        return False
    worst, agree, previous_l1_bug = 0.0, True, 0

    def check(k, what, a, b):
        nonlocal worst, agree
        error = abs(a - b) / max(abs(b), 1e-12)
        worst = max(worst, error)
        if error > tolerance:
            print(f"  layer {k + 1} {what}: mapscape {a:.10g}, MAESTRO {b:.10g} ({error:.3g} apart)")
            agree = False

    def l1_part(layer):
        return sum(layer["tensors"][t][f] for t in ("input", "filter", "output") for f in ("l1_read", "l1_write"))

    for k, (o, t) in enumerate(zip(ours, theirs)):
        if not o.get("valid", False):
            print(f"  layer {k + 1}: mapscape says it cannot run: {o.get('reason')}")
            agree = False
        for field, column in QUANTITIES:
            if field in o and column in t and field != "maestro_energy_nj":
                check(k, field, float(o[field]), float(t[column]))
        # Every tensor's L1 and L2 reads and writes, as MAESTRO's CSV counts them.
        for tensor, counts in o.get("tensors", {}).items():
            for field, value in counts.items():
                column = f"{tensor} {field.replace('_', ' ')}"
                if column in t:
                    check(k, f"{tensor} {field}", float(value), float(t[column]))
        # MAESTRO's CSV energy takes, for a layer with a Cluster, the previous layer's L1 counts
        # (shared/reference MAESTRO_NOTES 5.6; 0 for the file's first layer): either reading agrees.
        column = "Activity count-based Energy (nJ)"
        if "maestro_energy_nj" in o and column in t:
            theirs_energy, own = float(t[column]), float(o["maestro_energy_nj"])
            l2_only = own - 0.00023 * 1.68 * l1_part(o)
            with_previous = l2_only + (0.00023 * 1.68 * l1_part(ours[k - 1]) if k > 0 else 0.0)
            if abs(with_previous - theirs_energy) <= tolerance * max(theirs_energy, 1e-12) + 0.5 and \
                    abs(own - theirs_energy) > tolerance * max(theirs_energy, 1e-12) + 0.5:
                previous_l1_bug += 1
                own = with_previous
            check(k, "energy (MAESTRO's CSV formula)", own, theirs_energy)
    quantities = ", ".join(f for f, _ in QUANTITIES if f != "maestro_energy_nj") + ", every tensor's L1/L2 reads and writes, energy"
    print(f"  largest relative difference over {quantities}: {worst:.3g}" + ("" if agree else " (DIFFERS)"))
    if previous_l1_bug:
        print(f"  ({previous_l1_bug} layer(s)' CSV energy took the previous layer's L1 counts, as MAESTRO's CSV does for a layer with a Cluster)")
    return agree


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("directories", nargs="*", help="export directories (NAME.m beside NAME_hw.m)")
    parser.add_argument("--maestro", required=True, help="the MAESTRO binary")
    parser.add_argument("--cli", required=True, help="mapscape-cli")
    parser.add_argument("--mapping", help="one network file (with --hw)")
    parser.add_argument("--hw", help="its HW file")
    parser.add_argument("--tolerance", type=float, default=1e-5)
    args = parser.parse_args()
    jobs = [(args.mapping, args.hw)] if args.mapping else []
    for d in args.directories:
        found = list(pairs_in(d))
        if not found:
            print(f"{d}: no NAME.m with NAME_hw.m beside it", file=sys.stderr)
            return 2
        jobs += found
    if not jobs:
        parser.error("give export directories or --mapping and --hw")
    ok = all([compare(args.maestro, args.cli, m, h, args.tolerance) for m, h in jobs])
    print("every layer agrees" if ok else "some layers differ")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
