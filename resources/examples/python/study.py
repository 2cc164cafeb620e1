#!/usr/bin/env python3
"""A design-space study in a script: ResNet-18 on two accelerators, each searched for latency, EDP
and energy, an accelerator co-designed for it within the Edge platform's area budget, and the
latency-energy Pareto plot of all of them (matplotlib, saved as PNG). The figures behind the plot
go to a JSON file beside it.

    python3 study.py [OUTPUT_DIR]        (PYTHONPATH=build/python in a build tree)
"""
import json
import pathlib
import sys

import matplotlib

matplotlib.use("Agg")  # files only, no window
import matplotlib.pyplot as plt  # noqa: E402

import mapscape  # noqa: E402

out = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
out.mkdir(parents=True, exist_ok=True)

model = mapscape.Model.load("resnet18")
accelerators = {
    "edge": mapscape.Accelerator.preset("edge"),  # GAMMA's Edge: 168 PEs, 512 B L1, 108 KB L2
    "eyeriss-like": mapscape.Accelerator.preset("eyeriss-like"),
}
print(f"{model.name}: {len(model)} layers, {model.macs / 1e9:.2f} GMACs")

# Each accelerator searched for latency, EDP and energy (GAMMA, 3,000 samples per layer).
points = []
for name, acc in accelerators.items():
    for objective in ("latency", "edp", "energy"):
        result = mapscape.search(model, acc, algo="gamma", objective=objective, budget=3000, seed=1)
        totals = result.to_dict()["totals"]
        points.append({"label": f"{name}, {objective}", "accelerator": name, "objective": objective,
                       "runtime_cycles": totals["runtime_cycles"], "energy_nj": totals["energy_nj"],
                       "area_um2": acc.area_um2(), "above_bound": totals["above_bound"]})
        print(f"  {name:13s} {objective:8s} {totals['runtime_cycles']:>12,} cycles {totals['energy_nj']:>14,.0f} nJ "
              f"({result.wall_s:.1f} s)")

# An accelerator co-designed for the model within the Edge platform's 0.2 mm^2 (DiGamma, EDP,
# 40,000 design points: the CLI's default).
design = mapscape.codesign(model, platform="edge", objective="edp", seed=1)
if design.found:
    acc = design.accelerator
    points.append({"label": f"co-designed: {acc.num_pes} PEs", "accelerator": "co-designed", "objective": "edp (co-design)",
                   "runtime_cycles": design.runtime_cycles, "energy_nj": design.energy_nj, "area_um2": design.area_um2,
                   "above_bound": design.to_dict()["above_bound"]})
    print(f"  co-designed: {acc.num_pes} PEs {acc.pe_hierarchy}, L1 {acc.l1_bytes} B, L2 {acc.l2_bytes} B, "
          f"{design.area_um2 / 1e6:.3f} mm^2: {design.runtime_cycles:,} cycles, {design.energy_nj:,.0f} nJ")

# The Pareto front: the points no other beats on both latency and energy.
for p in points:
    p["pareto"] = not any(q["runtime_cycles"] <= p["runtime_cycles"] and q["energy_nj"] <= p["energy_nj"] and
                          (q["runtime_cycles"], q["energy_nj"]) != (p["runtime_cycles"], p["energy_nj"]) for q in points)

fig, ax = plt.subplots(figsize=(7.5, 4.8), dpi=110)
colors = {"edge": "tab:blue", "eyeriss-like": "tab:orange", "co-designed": "tab:green"}
for accelerator, color in colors.items():
    mine = [p for p in points if p["accelerator"] == accelerator]
    if not mine:
        continue
    area = mine[0]["area_um2"] / 1e6
    ax.scatter([p["runtime_cycles"] for p in mine], [p["energy_nj"] for p in mine], s=[70 if p["pareto"] else 35 for p in mine],
               color=color, edgecolors=["black" if p["pareto"] else color for p in mine], zorder=3,
               label=f"{accelerator} ({area:.3f} mm²)")
    for p in mine:
        ax.annotate(p["objective"], (p["runtime_cycles"], p["energy_nj"]), textcoords="offset points", xytext=(6, 4), fontsize=8)
front = sorted((p for p in points if p["pareto"]), key=lambda p: p["runtime_cycles"])
ax.step([p["runtime_cycles"] for p in front], [p["energy_nj"] for p in front], "--", where="post", color="gray", zorder=2,
        label="Pareto front (outlined)")
ax.set_xscale("log")
ax.set_xlabel("latency (cycles, summed over the layers; log scale)")
ax.set_ylabel("energy (nJ)")
ax.set_title(f"{model.name}: mappings searched for latency, EDP and energy, and a co-designed accelerator", fontsize=9)
ax.grid(True, which="both", alpha=0.3)
ax.legend(loc="center right", fontsize=8)
fig.tight_layout()
fig.savefig(out / "study_pareto.png")
(out / "study_points.json").write_text(json.dumps(points, indent=1) + "\n")
print(f"wrote {out / 'study_pareto.png'} and {out / 'study_points.json'}")
