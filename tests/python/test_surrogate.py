# The surrogate from Python: libtorch only when used (its plugin opened on the first call), the
# same searches and comparisons as the CLI's.
import json
import os
import pathlib

import pytest

from conftest import cli_json, cli_path, run_python, without_timing

# Skipped only in a build configured without the surrogate (CMake says so in the environment): a
# build that should have the plugin and lacks it fails here.
pytestmark = pytest.mark.skipif(os.environ.get("MAPSCAPE_WITH_SURROGATE") == "OFF",
                                reason="built without the surrogate (MAPSCAPE_WITH_SURROGATE=OFF)")


def test_the_plugin_is_built():
    assert (pathlib.Path(cli_path()).parent / "mapscape-torch.so").exists(), "the build was configured with the surrogate: mapscape-torch.so is missing"


def test_mindmappings_search_loads_the_plugin_and_matches_the_cli(tmp_path):
    code = """
import json, mapscape
before = mapscape.surrogate.is_loaded(), 'libtorch' in open('/proc/self/maps').read()
result = mapscape.search("resnet18", layers="2", algo="mindmappings", budget=100, seed=1, threads=1)
after = mapscape.surrogate.is_loaded(), 'libtorch' in open('/proc/self/maps').read()
print(json.dumps([before, after, result.to_dict()]))
"""
    run = run_python(code)
    assert run.returncode == 0, run.stderr
    before, after, document = json.loads(run.stdout)
    assert before == [False, False] and after == [True, True]
    cli = cli_json(tmp_path, "search", "--model", "resnet18", "--layer", 2, "--algo", "mindmappings", "--budget", 100, "--seed", 1,
                   "--threads", 1, "--quiet")
    assert without_timing(document) == without_timing(cli)


def test_rl_baselines_are_listed_without_libtorch_and_run_from_the_plugin(tmp_path):
    # a2c, ppo2 (schedulers) and ddpg (a mapping search) live in the same plugin as the surrogate.
    code = """
import json, mapscape
listed = "ddpg" in mapscape.algorithms("search"), {"a2c", "ppo2"} <= set(mapscape.algorithms("schedule"))
before = mapscape.surrogate.is_loaded(), 'libtorch' in open('/proc/self/maps').read()
a2c = mapscape.schedule("vision", algo="a2c", group=1, group_size=5, budget=30, seed=1)
after = mapscape.surrogate.is_loaded(), 'libtorch' in open('/proc/self/maps').read()
ppo2 = mapscape.schedule("vision", algo="ppo2", group=1, group_size=5, budget=30, seed=1)
ddpg = mapscape.search("resnet18", layers="2", algo="ddpg", budget=50, seed=1, threads=1)
print(json.dumps([listed, before, after, a2c.makespan_cycles, ppo2.makespan_cycles, ddpg.layers[0].samples]))
"""
    run = run_python(code)
    assert run.returncode == 0, run.stderr
    listed, before, after, a2c_cycles, ppo2_cycles, ddpg_samples = json.loads(run.stdout)
    assert listed == [True, True] and before == [False, False] and after == [True, True]
    assert a2c_cycles > 0 and ppo2_cycles > 0 and ddpg_samples > 0


def test_comparison_matches_the_cli(mapscape, tmp_path):
    options = dict(runs=1, budget=40, methods=["mindmappings", "sa"], seed=2, threads=1)
    result = mapscape.surrogate.compare(**options)
    cli = cli_json(tmp_path, "surrogate", "compare", "--runs", 1, "--budget", 40, "--methods", "mindmappings,sa", "--seed", 2,
                   "--threads", 1)

    def iso_iteration(document):  # iso-time rows depend on the machine's speed
        document = without_timing(document)
        document["rows"] = [row for row in document["rows"] if row["comparison"] == "iso-iteration"]
        return document

    assert iso_iteration(result.to_dict()) == iso_iteration(cli)
    assert mapscape.surrogate.is_loaded()


def test_surrogate_errors(mapscape, tmp_path):
    with pytest.raises(ValueError):
        mapscape.surrogate.compare(runs=0)
    with pytest.raises(FileNotFoundError):
        mapscape.surrogate.evaluate(model=tmp_path / "absent.bin")
