# The surrogate from Python: libtorch only when used (its plugin opened on the first call), the
# same searches and comparisons as the CLI's.
import json
import pathlib

import pytest

from conftest import cli_json, cli_path, run_python, without_timing

pytestmark = pytest.mark.skipif(not (pathlib.Path(cli_path()).parent / "mapscape-surrogate.so").exists(),
                                reason="built without the surrogate (MAPSCAPE_WITH_SURROGATE=OFF)")


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
