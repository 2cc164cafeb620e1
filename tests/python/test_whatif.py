# What-if from Python: mapscape.sensitivity() is the CLI's `whatif --json` for the same settings.
import pandas

from conftest import cli_json


def test_sensitivity_matches_the_cli(mapscape, tmp_path):
    cli = cli_json(tmp_path, "whatif", "--model", "resnet18", "--vary", "l2=x0.5,x2", "--vary", "pe_rows=x2", "--budget", "200",
                   "--seed", "5")
    result = mapscape.sensitivity("resnet18", "edge", vary=["l2=x0.5,x2", "pe_rows=x2"], budget=200, seed=5)
    assert result == cli
    table = pandas.DataFrame(result["rows"])
    assert list(table["knob"]) == ["l2", "l2", "pe_rows"]
    assert table["latency_change"].notna().all()
