# The Python call with the CLI's options and seed gives the CLI's figures: every command's
# to_dict() against the CLI's --json document (timings aside), on small budgets.
import json
import sqlite3

import pytest

from conftest import cli_json, run_cli, run_python, without_timing


def test_the_issue_example_prints_the_cli_total(tmp_path):
    """The README's example, as written, prints the total of the CLI line it names."""
    example = """
import mapscape
model = mapscape.Model.load("resnet18")
edge = mapscape.Accelerator.preset("edge")
result = mapscape.search(model, edge, algo="gamma", budget=2000, seed=1, threads=1)
print(result.to_dict()["totals"]["runtime_cycles"])
"""
    result = run_python(example)
    assert result.returncode == 0, result.stderr
    cli = cli_json(tmp_path, "search", "--model", "resnet18", "--platform", "edge", "--budget", 2000, "--seed", 1, "--threads", 1)
    assert int(result.stdout.strip()) == cli["totals"]["runtime_cycles"]


@pytest.mark.parametrize("options", [
    dict(algo="gamma", layers="2-4", budget=600, seed=7, threads=2),
    dict(algo="cmaes", layers=[3, 5], budget=400, seed=2, objective="edp", system="S1"),
    dict(algo="fixed-eyeriss", layers="all", budget=50, objective="energy"),
    dict(algo="gamma", layers="2", budget=500, seed=3, system="S3", levels="2-3", population=50, max_latency=10 ** 9),
    dict(algo="gamma", layers="1-3", budget=400, seed=1, two_stage=True, objective="energy"),
    dict(algo="gamma", layers="2", budget=500, seed=3, objective="energy", technology="45nm", precision="int8"),
])
def test_search_matches_cli(mapscape, tmp_path, options):
    result = mapscape.search("resnet18", "edge", **options)
    args = ["search", "--model", "resnet18", "--platform", "edge"]
    for key, value in options.items():
        if key == "layers":
            args += ["--layer", ",".join(map(str, value)) if isinstance(value, list) else value]
        elif key == "technology":
            args += ["--tech", value]
        elif value is True:
            args.append("--" + key.replace("_", "-"))
        else:
            args += ["--" + key.replace("_", "-"), value]
    cli = cli_json(tmp_path, *args, "--quiet")
    assert without_timing(result.to_dict()) == without_timing(cli)


def test_search_on_an_accelerator_object_and_a_model_object(mapscape, tmp_path):
    model = mapscape.Model.load("mobilenet_v2")
    acc = mapscape.Accelerator.preset("eyeriss-like")
    result = mapscape.search(model, acc, layers="1-3", budget=300, seed=5)
    cli = cli_json(tmp_path, "search", "--model", "mobilenet_v2", "--platform", "eyeriss-like", "--layer", "1-3", "--budget", 300,
                   "--seed", 5, "--quiet")
    assert without_timing(result.to_dict()) == without_timing(cli)
    # The same through the result's attributes.
    assert result.total_runtime_cycles == cli["totals"]["runtime_cycles"]
    for layer, expected in zip(result.layers, cli["layers"]):
        assert layer.objective_value == expected["objective_value"]
        assert layer.cost.runtime_cycles == expected["cost"]["runtime_cycles"]
        assert layer.trace[:, 0].tolist() == [point[0] for point in expected["trace"]]


def test_compare_matches_cli(mapscape, tmp_path):
    options = dict(algos="gamma,random,fixed-nvdla", seeds=[1, 2], layers="2-3", budget=300)
    result = mapscape.compare("resnet18", "edge", **options)
    markdown = tmp_path / "table.md"
    cli = cli_json(tmp_path, "compare", "--model", "resnet18", "--platform", "edge", "--algos", "gamma,random,fixed-nvdla", "--seeds",
                   "1,2", "--layer", "2-3", "--budget", 300, "--markdown", markdown)
    assert without_timing(result.to_dict()) == without_timing(cli)
    assert result.to_markdown() == markdown.read_text()


def test_codesign_matches_cli(mapscape, tmp_path):
    result = mapscape.codesign("resnet18", layers="1-3", budget=200, seed=4, threads=2)
    cli = cli_json(tmp_path, "codesign", "--model", "resnet18", "--layer", "1-3", "--budget", 200, "--seed", 4, "--threads", 2, "--quiet")
    assert without_timing(result.to_dict()) == without_timing(cli)
    assert result.found == cli["found"]


def test_naas_matches_cli(mapscape, tmp_path):
    small = mapscape.Model("two_layers", mapscape.Model.load("resnet18").layers[1:3])
    path = tmp_path / "two_layers.json"
    small.save(path)
    options = dict(population=4, iterations=2, mapping_samples=20, baseline_samples=20, seed=3)
    result = mapscape.naas("eyeriss", benchmarks=[str(path)], **options)
    cli = cli_json(tmp_path, "naas", "--resources", "eyeriss", "--benchmarks", path, "--population", 4, "--iterations", 2,
                   "--mapping-samples", 20, "--baseline-samples", 20, "--seed", 3, "--quiet")
    assert without_timing(result.to_dict()) == without_timing(cli)
    # A Model object gives the same as its file.
    assert without_timing(mapscape.naas("eyeriss", benchmarks=small, **options).to_dict()) == without_timing(cli)


def test_schedule_matches_cli(mapscape, tmp_path):
    result = mapscape.schedule("vision", setting="S2", bw=8, group=1, group_size=20, budget=300, seed=2)
    cli = cli_json(tmp_path, "schedule", "--mix", "vision", "--setting", "S2", "--bw", 8, "--group", 1, "--group-size", 20, "--budget",
                   300, "--seed", 2)
    assert without_timing(result.to_dict()) == without_timing(cli)
    assert result.makespan_cycles == cli["makespan_cycles"]


def test_schedule_in_the_magma_codes_regime_matches_cli(mapscape, tmp_path):
    """The public MAGMA code's job analysis and bandwidth in bytes per cycle, on a flexible platform."""
    options = dict(setting="S1-flex", bw=16, bw_units="bytes-per-cycle", job_analysis="magma-code", group=1, group_size=10, budget=200,
                   seed=3)
    result = mapscape.schedule("vision", **options)
    cli = cli_json(tmp_path, "schedule", "--mix", "vision", "--setting", "S1-flex", "--bw", 16, "--bw-units", "bytes-per-cycle",
                   "--job-analysis", "magma-code", "--group", 1, "--group-size", 10, "--budget", 200, "--seed", 3)
    assert without_timing(result.to_dict()) == without_timing(cli)
    assert cli["bw_units"] == "bytes-per-cycle" and cli["job_analysis"] == "magma-code" and cli["system_bytes_per_cycle"] == 16
    with pytest.raises(ValueError, match="^bw_units: "):
        mapscape.schedule("vision", bw_units="furlongs")
    with pytest.raises(ValueError, match="^job_analysis: "):
        mapscape.schedule("vision", job_analysis="guess")


SPEC = {
    "format": "mapscape-sweep", "version": 1, "name": "tiny",
    "models": [{"model": "resnet18", "layers": "2-3"}], "accelerators": ["edge"], "systems": ["S2"],
    "algorithms": ["gamma", "fixed-nvdla"], "objectives": ["latency"], "budgets": [200], "seeds": [1, 2],
}
TIMING_COLUMNS = {"wall_seconds", "worker_rank", "finished_at", "invocation_id"}


def database_rows(path):
    with sqlite3.connect(path) as db:
        db.row_factory = sqlite3.Row
        runs = [{k: row[k] for k in row.keys() if k not in TIMING_COLUMNS} for row in db.execute("SELECT * FROM runs ORDER BY run_id")]
        layers = [{k: row[k] for k in row.keys() if k not in TIMING_COLUMNS}
                  for row in db.execute("SELECT * FROM layer_results ORDER BY run_id, layer_number")]
    return runs, layers


def test_sweep_matches_cli(mapscape, tmp_path):
    spec = tmp_path / "spec.json"
    spec.write_text(json.dumps(SPEC))
    run_cli("sweep", spec, "--db", tmp_path / "cli.sqlite", "--threads", 2, "--quiet")
    result = mapscape.sweep(spec, tmp_path / "python.sqlite", threads=2)
    assert result.written == 4 and result.failed == 0 and not result.stopped
    assert database_rows(tmp_path / "python.sqlite") == database_rows(tmp_path / "cli.sqlite")
    # Resumed: nothing left to run.
    again = mapscape.sweep(spec, tmp_path / "python.sqlite", threads=2).to_dict()
    assert again["already_done"] == 4 and again["written"] == 0
    estimate = mapscape.sweep(spec, tmp_path / "other.sqlite", dry_run=True, samples=1).to_dict()
    assert estimate["planned"] == 4 and estimate["to_run"] == 4


def test_dataframes(mapscape):
    import pandas  # not skipped: .ci/setup installs python3-pandas
    result = mapscape.search("resnet18", layers="2-3", budget=200)
    frame = result.to_dataframe()
    assert isinstance(frame, pandas.DataFrame) and list(frame["layer"]) == [2, 3]
    assert frame["runtime_cycles"].sum() == result.total_runtime_cycles
    schedule = mapscape.schedule("vision", group=1, group_size=10, budget=100)
    assert len(schedule.to_dataframe()) > 0
