# The examples of resources/examples/python run as a user runs them, and what they write is
# checked: the plot is a readable PNG, its points are the CLI's figures, the custom search's best
# mapping is what it claims.
import json
import subprocess
import sys

import pytest

from conftest import SOURCE_DIR, cli_json

EXAMPLES = SOURCE_DIR / "resources" / "examples" / "python"


def run_example(name, tmp_path):
    result = subprocess.run([sys.executable, str(EXAMPLES / name), str(tmp_path)], capture_output=True, text=True, timeout=1200)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_study(mapscape, tmp_path):
    import matplotlib.image as image  # not skipped: the example draws with it, .ci/setup installs it
    output = run_example("study.py", tmp_path)
    assert "wrote" in output
    png = tmp_path / "study_pareto.png"
    pixels = image.imread(png)
    assert pixels.shape[0] > 300 and pixels.shape[1] > 500
    points = json.loads((tmp_path / "study_points.json").read_text())
    assert len(points) == 7 and [p["accelerator"] for p in points][-1] == "co-designed"
    # A point of the plot is the CLI's total for the same search.
    cli = cli_json(tmp_path, "search", "--model", "resnet18", "--platform", "eyeriss-like", "--objective", "energy", "--budget", 3000,
                   "--seed", 1, "--quiet")
    energy = next(p for p in points if p["label"] == "eyeriss-like, energy")
    assert (energy["runtime_cycles"], energy["energy_nj"]) == (cli["totals"]["runtime_cycles"], cli["totals"]["energy_nj"])
    design = cli_json(tmp_path, "codesign", "--model", "resnet18", "--platform", "edge", "--objective", "edp", "--seed", 1, "--quiet")
    assert points[-1]["runtime_cycles"] == design["totals"]["runtime_cycles"]
    # The front: no point beats a front point on both axes, and every other point is beaten.
    for p in points:
        dominated = any(q["runtime_cycles"] <= p["runtime_cycles"] and q["energy_nj"] <= p["energy_nj"] and q is not p and
                        (q["runtime_cycles"], q["energy_nj"]) != (p["runtime_cycles"], p["energy_nj"]) for q in points)
        assert p["pareto"] == (not dominated)
    assert any(p["pareto"] for p in points)


def test_custom_search(mapscape, tmp_path):
    run_example("custom_search.py", tmp_path)
    found = json.loads((tmp_path / "custom_search.json").read_text())
    layer = mapscape.Model.load("resnet18")[5]
    mapping = mapscape.Mapping.from_maestro(found["best_mapping"], layer)
    report = mapscape.evaluate(layer, mapping, mapscape.Accelerator.preset("edge"))
    assert report.valid and not report.below_compute_bound
    assert report.runtime_cycles == found["best_runtime_cycles"] == found["evaluated_runtime_cycles"]
    assert found["best_runtime_cycles"] >= found["bound_cycles"]
    best = [b for _, b in found["trace"] if b is not None]
    assert best == sorted(best, reverse=True)  # the best only improves
    cli = cli_json(tmp_path, "search", "--model", "resnet18", "--layer", 6, "--budget", found["budget_samples"], "--seed", 1,
                   "--threads", 1, "--quiet")
    assert found["gamma_runtime_cycles"] == cli["totals"]["runtime_cycles"]
