# Model.load of ONNX graphs through the reader plugin (mapscape-onnx.so), found beside the module
# without MAPSCAPE_PLUGIN_DIR; dims= and unique= as the CLI's --dim and --unique; the same layers
# as `mapscape-cli model convert`, and a search of an imported graph equal to the CLI's.
import os

import pytest

from conftest import SOURCE_DIR, cli_json, run_cli, run_python, without_timing
from onnx_bytes import conv_graph

RESNET18_ONNX = SOURCE_DIR / "tests" / "data" / "onnx" / "resnet18_torchvision_weightless.onnx"


def test_the_committed_graph_loads_as_the_cli_converts_it(mapscape, tmp_path):
    model = mapscape.Model.load(RESNET18_ONNX)
    assert len(model) == 21 and model.macs == 1814073344
    assert {op["op_type"] for op in model.unmapped} >= {"MaxPool"} and all(op["count"] > 0 for op in model.unmapped)
    run_cli("model", "convert", RESNET18_ONNX, tmp_path / "cli.json")
    assert model == mapscape.Model.load(tmp_path / "cli.json")
    # unique: fewer layers with repeat counts, the same MACs (the CLI's --unique).
    unique = mapscape.Model.load(RESNET18_ONNX, unique=True)
    assert len(unique) < len(model) and unique.macs == model.macs and max(layer.repeat_count for layer in unique) > 1
    run_cli("model", "convert", RESNET18_ONNX, tmp_path / "cli_unique.json", "--unique")
    assert unique == mapscape.Model.load(tmp_path / "cli_unique.json")
    # unique applies to any model.
    bundled = mapscape.Model.load("resnet18", unique=True)
    assert bundled.macs == mapscape.Model.load("resnet18").macs


def test_the_plugin_is_found_beside_the_module_without_an_environment_variable(tmp_path):
    """A fresh interpreter, no MAPSCAPE_PLUGIN_DIR, started elsewhere: the module finds its plugin."""
    env = {k: v for k, v in os.environ.items() if k != "MAPSCAPE_PLUGIN_DIR"}
    code = f"""
import mapscape
m = mapscape.Model.load({str(RESNET18_ONNX)!r})
maps = open('/proc/self/maps').read()
print(len(m), m.macs, 'mapscape-onnx.so' in maps, 'libtorch' in maps)
"""
    import subprocess
    import sys
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, env=env, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["21", "1814073344", "True", "False"]
    # Importing alone does not load the ONNX reader (nor libprotobuf).
    quiet = run_python("import mapscape; maps = open('/proc/self/maps').read(); print('mapscape-onnx' in maps, 'libprotobuf' in maps)")
    assert quiet.returncode == 0, quiet.stderr
    assert quiet.stdout.split() == ["False", "False"]


def test_symbolic_dimensions(mapscape, tmp_path):
    path = tmp_path / "symbolic.onnx"
    path.write_bytes(conv_graph(["batch", 3, 32, 32], out_channels=16, kernel=[3, 3]))
    with pytest.raises(mapscape.InputError) as open_dimension:
        mapscape.Model.load(path)
    message = str(open_dimension.value)
    assert message.startswith(f"{path}: node /first/Conv (Conv): ") and 'symbolic dimension "batch"' in message
    assert 'give it with dims={"batch": VALUE}' in message and "--dim" not in message
    model = mapscape.Model.load(path, dims={"batch": 4})
    layer = model[0]
    assert layer.type == "CONV" and layer.sizes["N"] == 4 and layer.sizes["K"] == 16 and layer.sizes["C"] == 3
    assert "--dim batch=4" in model.source
    # As the CLI reads it.
    cli = run_cli("model", "show", path, "--dim", "batch=4")
    assert cli.returncode == 0 and f"{model.macs} MACs" in cli.stdout
    with pytest.raises(mapscape.InputError, match='no symbolic dimension called "seq"'):
        mapscape.Model.load(path, dims={"seq": 2})
    with pytest.raises(ValueError, match="^dims: .*must be a whole number from 1"):
        mapscape.Model.load(path, dims={"batch": 0})
    with pytest.raises(TypeError, match="dims"):
        mapscape.Model.load(path, dims={"batch": "four"})
    with pytest.raises(TypeError, match="dims"):
        mapscape.Model.load(path, dims=[("batch", 4)])
    with pytest.raises(ValueError, match="^dims: .*ONNX"):
        mapscape.Model.load("resnet18", dims={"batch": 4})


def test_malformed_and_missing_graphs(mapscape, tmp_path):
    with pytest.raises(FileNotFoundError):
        mapscape.Model.load(tmp_path / "absent.onnx")
    broken = tmp_path / "broken.onnx"
    broken.write_bytes(RESNET18_ONNX.read_bytes()[:500])
    with pytest.raises(mapscape.InputError) as error:
        mapscape.Model.load(broken)
    assert str(error.value).startswith(str(broken))


def test_search_of_an_imported_graph_matches_the_cli(mapscape, tmp_path):
    result = mapscape.search(str(RESNET18_ONNX), "edge", layers="2-3", budget=300, seed=2)
    cli = cli_json(tmp_path, "search", "--model", RESNET18_ONNX, "--platform", "edge", "--layer", "2-3", "--budget", 300, "--seed", 2,
                   "--quiet")
    assert without_timing(result.to_dict()) == without_timing(cli)
    # A loaded Model with unique=True searches its merged layers (each counted as often as it runs).
    merged = mapscape.Model.load(RESNET18_ONNX, unique=True)
    searched = mapscape.search(merged, "edge", layers="1-2", budget=200, seed=1)
    assert searched.total_runtime_cycles > 0
