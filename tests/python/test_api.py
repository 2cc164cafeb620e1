# Workloads, accelerators, mappings and single evaluations: what a user builds by hand, and
# evaluate()/evaluate_file() giving the figures of `mapscape-cli eval --json`.
import json
import math

import pytest

from conftest import SOURCE_DIR, run_cli

EXAMPLES = SOURCE_DIR / "resources" / "examples"


def test_model_load_and_layers(mapscape, tmp_path):
    model = mapscape.Model.load("resnet18")
    assert model.name and len(model) == len(model.layers) > 10
    conv1 = model.layers[0]
    assert conv1.type == "CONV" and conv1.sizes["K"] == 64 and conv1.stride >= 1
    assert conv1.macs == conv1.sizes["K"] * conv1.sizes["C"] * conv1.sizes["R"] * conv1.sizes["S"] * conv1.output_rows * conv1.output_columns
    assert model.macs == sum(layer.macs for layer in model)
    assert "resnet18" in mapscape.Model.bundled()
    # A model file of each kind: our JSON (saved and read back), MAESTRO .m, GAMMA CSV.
    path = tmp_path / "copy.json"
    model.save(path)
    assert mapscape.Model.load(path) == model
    assert len(mapscape.Model.load(EXAMPLES / "resnet18_kcp_ws.m")) == len(model)
    csv = tmp_path / "two.csv"
    csv.write_text("K,C,Y,X,R,S,T\n64,3,224,224,7,7,1\n128,64,56,56,3,3,1\n")
    assert [layer.sizes["K"] for layer in mapscape.Model.load(csv)] == [64, 128]


def test_layer_built_by_hand(mapscape):
    layer = mapscape.Layer("CONV", name="c", K=64, C=3, R=7, S=7, Y=224, X=224, stride=2)
    assert layer.macs == 64 * 3 * 7 * 7 * 109 * 109 and layer["K"] == 64 and layer.strides == {"Y": 2, "X": 2}
    assert mapscape.Layer("GEMM", M=64, N=32, K=16).macs == 64 * 32 * 16
    model = mapscape.Model("mine", [layer], description="one layer")
    assert model[0] == layer and model[-1] == layer and model.to_dict()["layers"][0]["K"] == 64


def test_accelerators(mapscape):
    edge = mapscape.Accelerator.preset("edge")
    assert (edge.num_pes, edge.l1_bytes, edge.l2_bytes) == (168, 512, 108000)
    assert "edge" in mapscape.Accelerator.presets()
    acc = mapscape.Accelerator(num_pes=256, l1_bytes=1 << 20, l2_bytes=1 << 26, noc_bw=64, offchip_bw=64)
    assert acc.noc_bw == 64 and all(level["bandwidth"] == 64 for level in acc.noc)
    area = acc.area_um2()
    assert area > 0 and math.isclose(area, acc.area_breakdown()["total"])
    assert mapscape.Accelerator.area_models()[0] == "gamma"
    bigger = acc.copy()
    bigger.num_pes = 512
    assert bigger.area_um2() > area and acc.num_pes == 256
    assert mapscape.Accelerator.load(EXAMPLES / "edge_accelerator.m").num_pes > 0


def test_mapping_text_round_trip(mapscape):
    layer = mapscape.Model.load("resnet18")[1]
    text = "SpatialMap(1,1) K;\nTemporalMap(64,64) C;\nTemporalMap(Sz(R),Sz(R)) R;\nTemporalMap(Sz(S),Sz(S)) S;\n" \
           "TemporalMap(3,1) Y;\nTemporalMap(3,1) X;\nCluster(64,P);\nSpatialMap(1,1) C;\n"
    mapping = mapscape.Mapping.from_maestro(text, layer)
    assert mapping.num_levels == 2 and len(mapping) == 8
    assert mapscape.Mapping.from_maestro(mapping.to_maestro(), layer) == mapping
    assert mapping.directives[0] == "SpatialMap(1,1) K"
    randoms = mapscape.Mapping.random(layer, levels=2, num_pes=168, seed=3, count=5)
    assert len(randoms) == 5 and randoms == mapscape.Mapping.random(layer, levels=2, num_pes=168, seed=3, count=5)
    assert mapscape.Mapping.random(layer, seed=3) == randoms[0]


def test_evaluate_matches_cli_eval(mapscape):
    """evaluate() of every layer of a MAESTRO file gives the CLI's eval --json, field for field."""
    hw = EXAMPLES / "edge_accelerator.m"
    network = EXAMPLES / "resnet18_kcp_ws.m"
    cli = json.loads(run_cli("eval", network, "--hw", hw, "--json").stdout)
    # eval reads the HW file over MAESTRO's command-line defaults (Accelerator()'s).
    acc = mapscape.Accelerator.load(hw, base=mapscape.Accelerator())
    assert acc.num_pes == 256 and acc.offchip_bw == 32
    file_report = mapscape.evaluate_file(network, acc)
    assert file_report.to_dict() == cli
    assert file_report.total_runtime_cycles == cli["totals"]["runtime_cycles"]
    for (layer, mapping), expected in zip(mapscape.read_maestro(network), cli["layers"]):
        report = mapscape.evaluate(layer, mapping, acc)
        assert report.to_dict() == expected
        assert report.runtime_cycles == expected["runtime_cycles"] and report.valid == expected["valid"]


def test_invalid_mapping_is_a_report_not_an_error(mapscape):
    layer = mapscape.Model.load("resnet18")[1]
    tiny = mapscape.Accelerator(num_pes=4, l1_bytes=1, l2_bytes=1)
    report = mapscape.evaluate(layer, mapscape.Mapping.random(layer, levels=1, num_pes=4), tiny)
    assert not report.valid and report.reason
    assert report.to_dict()["reason"] == report.reason


def test_algorithm_names_come_from_the_engine(mapscape):
    """Every name the engine's registries list is accepted (a library that registers more, such as
    the RL baselines, needs no change in the module); the plugin's are listed without loading it."""
    search = mapscape.algorithms()
    assert search[0] == "gamma" and {"random", "cmaes", "fixed-nvdla", "mindmappings", "gamma-guided"} <= set(search)
    assert not mapscape.surrogate.is_loaded()
    for name in search:
        if name in ("mindmappings", "gamma-guided"):
            continue  # libtorch's (tests/python/test_surrogate.py)
        assert mapscape.search("resnet18", layers=2, algo=name, budget=20).layers[0].samples > 0, name
    schedule = mapscape.algorithms("schedule")
    assert schedule[0] == "magma" and "herald" in schedule
    for name in schedule:
        assert mapscape.schedule("vision", algo=name, group=1, group_size=5, budget=20).makespan_cycles > 0, name
    assert "digamma" in mapscape.algorithms("codesign")
    with pytest.raises(ValueError, match="kind"):
        mapscape.algorithms("sorting")
