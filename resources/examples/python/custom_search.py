#!/usr/bin/env python3
"""A search of one's own, in NumPy, over Mapscape's batch evaluation: the cross-entropy method on
GAMMA's fixed-length mapping encoding (mapscape.Encoding), each generation of 500 candidate
mappings evaluated in one evaluate_batch call (C++ threads, the GIL released), against GAMMA's
own search at the same budget. The convergence goes to a JSON file.

    python3 custom_search.py [OUTPUT_DIR]    (PYTHONPATH=build/python in a build tree)
"""
import json
import pathlib
import sys

import numpy as np

import mapscape

out = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
out.mkdir(parents=True, exist_ok=True)

model = mapscape.Model.load("resnet18")
layer = model[5]  # a 3x3 convolution of the second stage
edge = mapscape.Accelerator.preset("edge")
encoding = mapscape.Encoding(layer, edge, system="S2", levels=2)
print(f"{layer.name}: {layer.macs:,} MACs on {edge.name}; the encoding has {encoding.size} coordinates")

rng = np.random.default_rng(1)
population, elite, generations = 500, 50, 20
mean, spread = np.full(encoding.size, 0.5), np.full(encoding.size, 0.3)
best_runtime, best_point, trace = np.inf, None, []
for generation in range(generations):
    points = np.clip(rng.normal(mean, spread, size=(population, encoding.size)), 0.0, 0.999999)
    batch = mapscape.evaluate_batch(layer, points, edge, encoding=encoding, threads=0, compute_bound=True)
    # What the engine's own searches accept: valid, and not below what the busiest PE must compute.
    ok = batch.valid & (batch.runtime_cycles >= batch.compute_bound_cycles)
    runtime = np.where(ok, batch.runtime_cycles, np.iinfo(np.int64).max)
    order = np.argsort(runtime, kind="stable")
    if ok[order[0]] and runtime[order[0]] < best_runtime:
        best_runtime, best_point = int(runtime[order[0]]), points[order[0]].copy()
    chosen = points[order[:elite]][ok[order[:elite]]]
    if len(chosen) >= 2:  # refit the sampling distribution to the elite
        mean = 0.7 * chosen.mean(axis=0) + 0.3 * mean
        spread = np.maximum(0.7 * chosen.std(axis=0) + 0.3 * spread, 0.02)
    trace.append([(generation + 1) * population, best_runtime if np.isfinite(best_runtime) else None])
    print(f"  generation {generation + 1:2d}: {int(ok.sum()):3d} valid, best {best_runtime:,} cycles")

budget = population * generations
gamma = mapscape.search(model, edge, layers=6, algo="gamma", budget=budget, seed=1, threads=1)
best_mapping = encoding.decode(best_point)
report = mapscape.evaluate(layer, best_mapping, edge)
print(f"cross-entropy method: {best_runtime:,} cycles; GAMMA at the same {budget} samples: "
      f"{gamma.total_runtime_cycles:,} cycles; the layer's bound: {gamma.layers[0].bound:,.0f} cycles")
print(best_mapping.to_maestro())
(out / "custom_search.json").write_text(json.dumps({
    "layer": layer.name, "budget_samples": budget, "best_runtime_cycles": best_runtime, "best_point": best_point.tolist(),
    "best_mapping": best_mapping.to_maestro(), "evaluated_runtime_cycles": report.runtime_cycles,
    "gamma_runtime_cycles": gamma.total_runtime_cycles, "bound_cycles": gamma.layers[0].bound, "trace": trace,
}, indent=1) + "\n")
print(f"wrote {out / 'custom_search.json'}")
