#!/usr/bin/env python3
"""Write the memory curves of a technology file from CACTI's printed tables.

The SRAM (L2) and register-file (L1) curves of resources/technologies/45nm.json and 65nm.json are
CACTI's outputs for a plain scratchpad (resources/technologies/cacti/: the CSVs and how they were
made), with Horowitz's ISSCC 2014 64-bit reads (10 pJ at 8 KB, 20 pJ at 32 KB, 100 pJ at 1 MB)
in place of CACTI's where --anchors horowitz is given. Points up to --register-file-max bytes
form the register-file curve, points from --sram-min bytes the SRAM curve. Nothing is fetched or
built; the rest of the technology file is kept as it is.

Usage:
  tools/make_technology_curves.py --cacti resources/technologies/cacti/cacti-45nm.csv \\
      --technology resources/technologies/45nm.json --anchors horowitz
"""
import argparse
import csv
import json
from collections import OrderedDict

HOROWITZ_64BIT_READ_PJ = {8192: 10.0, 32768: 20.0, 1048576: 100.0}
HOROWITZ = "Horowitz, ISSCC 2014, Fig. 1.1.9: 64-bit SRAM read at 45 nm (write, leakage and area: CACTI's)"


def points(rows, keep, anchors, cacti_source):
    out = []
    for r in rows:
        cap, width = int(r["capacity_bytes"]), int(r["width_bits"])
        if not keep(cap):
            continue
        p = OrderedDict(capacity_bytes=cap, width_bits=width, read_pj=float(r["read_pj"]), write_pj=float(r["write_pj"]),
                        leakage_mw=float(r["leakage_mw"]), area_um2=round(float(r["area_mm2"]) * 1e6, 3))
        if anchors and width == 64 and cap in anchors:
            p["read_pj"] = anchors[cap]
            p["source"] = HOROWITZ
        out.append(p)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cacti", required=True, help="CACTI table (CSV: capacity_bytes,width_bits,read_pj,write_pj,leakage_mw,area_mm2,...)")
    ap.add_argument("--technology", required=True, help="technology file to update in place")
    ap.add_argument("--anchors", choices=["none", "horowitz"], default="none")
    ap.add_argument("--register-file-max", type=int, default=4096)
    ap.add_argument("--sram-min", type=int, default=4096)
    a = ap.parse_args()
    with open(a.cacti) as f:
        rows = [r for r in csv.DictReader(line for line in f if not line.startswith("#"))]
    with open(a.technology) as f:
        tech = json.load(f, object_pairs_hook=OrderedDict)
    anchors = HOROWITZ_64BIT_READ_PJ if a.anchors == "horowitz" else {}
    source = ("CACTI 7.0.3 (HewlettPackard/cacti, commit 1ffd8df), a plain one-port scratchpad at %s, LSTP cells and periphery, "
              "normal access, ED^2 (resources/technologies/cacti/README.md)") % (tech.get("name", "?"))
    tech["sram"] = OrderedDict(source=source + ("; the 64-bit reads at 8 KB, 32 KB and 1 MB are Horowitz's" if anchors else ""),
                               points=points(rows, lambda c: c >= a.sram_min, anchors, source))
    tech["register_file"] = OrderedDict(source=source + "; CACTI's smallest arrays stand in for a register file",
                                        points=points(rows, lambda c: c <= a.register_file_max, {}, source))
    text = json.dumps(tech, indent=2)
    # One point per line: a curve reads as a table.
    for key in ("sram", "register_file"):
        for p in tech[key]["points"]:
            pretty = json.dumps(p, indent=2)
            text = text.replace("\n".join("      " + l if i else l for i, l in enumerate(pretty.split("\n"))), json.dumps(p), 1)
    with open(a.technology, "w") as f:
        f.write(text + "\n")


if __name__ == "__main__":
    main()
