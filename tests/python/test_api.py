# Workloads, accelerators, mappings and single evaluations: what a user builds by hand, and
# evaluate()/evaluate_file() giving the figures of `mapscape-cli eval --json`.
import json
import math
import pickle

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
    assert search[0] == "gamma" and {"random", "cmaes", "fixed-nvdla", "mindmappings", "gamma-guided", "ddpg"} <= set(search)
    assert not mapscape.surrogate.is_loaded()
    for name in search:
        if name in ("mindmappings", "gamma-guided", "ddpg"):
            continue  # libtorch's (tests/python/test_surrogate.py)
        assert mapscape.search("resnet18", layers=2, algo=name, budget=20).layers[0].samples > 0, name
    schedule = mapscape.algorithms("schedule")
    assert schedule[0] == "magma" and {"herald", "a2c", "ppo2"} <= set(schedule)
    for name in schedule:
        if name in ("a2c", "ppo2"):
            continue  # libtorch's (tests/python/test_surrogate.py)
        assert mapscape.schedule("vision", algo=name, group=1, group_size=5, budget=20).makespan_cycles > 0, name
    assert "digamma" in mapscape.algorithms("codesign")
    with pytest.raises(ValueError, match="kind"):
        mapscape.algorithms("sorting")


def _valid_mapping(mapscape, layer, accelerator):
    """A mapping of `layer` that runs on `accelerator`: a short seeded search's best (few random
    mappings fit Edge's 512-byte L1)."""
    model = mapscape.Model("one", [layer])
    mapping = mapscape.search(model, accelerator, budget=200, seed=1, threads=1).layers[0].mapping
    assert mapping is not None and mapscape.evaluate(layer, mapping, accelerator).valid
    return mapping


def test_technology_prices_the_same_mapping(mapscape):
    """A physical technology prices accesses by the configured sizes: the same layer and mapping
    cost other energy under 45nm than under MAESTRO's model, and a larger L2 costs more per access
    under 45nm while MAESTRO's relative energies ignore the buffer's size."""
    assert mapscape.technologies()[0] == "maestro" and "45nm" in mapscape.technologies()
    layer = mapscape.Model.load("resnet18")[1]
    maestro = mapscape.Accelerator.preset("edge")
    assert maestro.technology == "maestro" and maestro.dram_type == "" and maestro.l2_banks == 1
    mapping = _valid_mapping(mapscape, layer, maestro)
    physical = maestro.copy()
    physical.technology = "45nm"
    assert physical.technology == "45nm" and maestro.technology == "maestro"
    assert physical.to_dict()["technology"] == "45nm" and "45nm" in repr(physical)
    assert physical != maestro and pickle.loads(pickle.dumps(physical)) == physical

    under_maestro = mapscape.evaluate(layer, mapping, maestro)
    under_45nm = mapscape.evaluate(layer, mapping, physical)
    assert under_maestro.valid and under_45nm.valid
    assert under_45nm.energy_nj != under_maestro.energy_nj
    assert under_45nm.runtime_cycles == under_maestro.runtime_cycles  # prices, not timing
    assert (under_maestro.technology, under_45nm.technology) == ("maestro", "45nm")
    assert under_45nm.precision == "int8"  # the edge preset's one-byte word
    # What the CLI's JSON shows, as attributes.
    report = under_45nm.to_dict()
    assert report["technology"] == "45nm" and report["precision"] == "int8"
    assert under_45nm.leakage_mw == report["leakage_mw"] > 0 and under_maestro.leakage_mw == 0
    breakdown = under_45nm.energy_breakdown_nj
    assert {k: breakdown[k] for k in report["energy_nj"]} == report["energy_nj"]
    assert breakdown["noc"] > 0 and breakdown["leakage"] > 0
    assert under_maestro.energy_breakdown_nj["noc"] == under_maestro.energy_breakdown_nj["leakage"] == 0
    assert under_45nm.area_breakdown_um2 == report["area_breakdown_um2"]
    assert math.isclose(sum(under_45nm.area_breakdown_um2.values()), under_45nm.area_um2, rel_tol=1e-9)

    def with_l2(acc, factor):
        bigger = acc.copy()
        bigger.l2_bytes = acc.l2_bytes * factor
        return mapscape.evaluate(layer, mapping, bigger).energy_nj

    assert with_l2(physical, 8) > under_45nm.energy_nj
    assert with_l2(maestro, 8) == under_maestro.energy_nj


def test_dram_type_and_l2_banks(mapscape):
    layer = mapscape.Model.load("resnet18")[1]
    acc = mapscape.Accelerator.preset("edge")
    with pytest.raises(ValueError, match="^dram_type: .*physical technology"):
        acc.dram_type = "hbm2"  # MAESTRO's model prices every DRAM access alike
    acc.technology = "45nm"
    mapping = _valid_mapping(mapscape, layer, acc)
    lpddr4 = mapscape.evaluate(layer, mapping, acc).energy_breakdown_nj["dram"]
    acc.dram_type = "HBM2"
    assert acc.dram_type == "hbm2" and acc.to_dict()["dram_type"] == "hbm2"
    assert mapscape.evaluate(layer, mapping, acc).energy_breakdown_nj["dram"] < lpddr4
    with pytest.raises(ValueError, match="^dram_type: .*no DRAM type \"hmb2\".*did you mean"):
        acc.dram_type = "hmb2"
    assert acc.dram_type == "hbm2"  # a refused value changes nothing
    acc.dram_type = ""
    assert acc.dram_type == ""
    acc.l2_banks = 16
    assert acc.l2_banks == 16 and acc.to_dict()["l2_banks"] == 16
    for bad in (0, 1025):
        with pytest.raises(ValueError, match="^l2_banks: "):
            acc.l2_banks = bad
    assert acc.l2_banks == 16
    acc.update(l2_banks=4)
    assert acc.l2_banks == 4
    # Back to MAESTRO's model by name.
    acc.technology = "maestro"
    assert acc.technology == "maestro" and "technology" not in acc.to_dict()


def test_bad_technology_names_are_refused(mapscape, tmp_path):
    acc = mapscape.Accelerator.preset("edge")
    with pytest.raises(ValueError, match="^technology: .*did you mean \"45nm\"") as error:
        acc.technology = "45mn"
    assert not isinstance(error.value, mapscape.InputError) or error.value.line == 0
    assert acc.technology == "maestro"
    with pytest.raises(FileNotFoundError):
        acc.technology = str(tmp_path / "absent.json")
    with pytest.raises(TypeError, match="^technology: "):
        acc.technology = 45
    with pytest.raises(ValueError, match="^technology: .*did you mean"):
        mapscape.search("resnet18", "edge", layers=2, budget=10, technology="45mn")
    with pytest.raises(ValueError, match="^precision: "):
        mapscape.search("resnet18", "edge", layers=2, budget=10, precision="int7")
    with pytest.raises(ValueError, match="^dram: "):
        mapscape.search("resnet18", "edge", layers=2, budget=10, technology="45nm", dram="sram")
    with pytest.raises(ValueError, match="^l2_banks: "):
        mapscape.search("resnet18", "edge", layers=2, budget=10, l2_banks=0)


def test_layer_precision(mapscape):
    layer = mapscape.Model.load("resnet18")[1]
    assert layer.precision == ""
    for text in ("int8", "fp16", "input=int8,weight=int4,output=int32", "weight=int4"):
        layer.precision = text
        assert layer.precision == text
        assert layer.to_dict()["precision"] == text
        assert pickle.loads(pickle.dumps(layer)) == layer
    layer.precision = " INT8 "
    assert layer.precision == "int8"
    layer.precision = ""
    assert layer.precision == "" and "precision" not in layer.to_dict()
    for bad in ("int7", "input=int8,bias=int8", "int8,int4"):
        with pytest.raises(ValueError, match="^precision: "):
            layer.precision = bad
        assert layer.precision == ""
    with pytest.raises(TypeError, match="^precision: "):
        layer.precision = 8


def test_layer_precision_prices_its_tensors(mapscape):
    """Under a physical technology a layer's own precision sets its elements' widths; a search's
    precision fills the layers that give none."""
    layer = mapscape.Model.load("resnet18")[1]
    acc = mapscape.Accelerator.preset("edge")
    acc.technology = "45nm"
    mapping = _valid_mapping(mapscape, layer, acc)
    int8 = mapscape.evaluate(layer, mapping, acc)
    layer.precision = "int4"
    int4 = mapscape.evaluate(layer, mapping, acc)
    assert int4.precision == "int4" and int4.energy_nj < int8.energy_nj
    found = mapscape.search("resnet18", acc, layers="2", objective="energy", precision="int4", budget=100, threads=1)
    assert found.layers[0].cost.precision == "int4"


def test_evaluate_file_with_a_technology_matches_cli_eval(mapscape):
    hw = EXAMPLES / "edge_accelerator.m"
    network = EXAMPLES / "resnet18_kcp_ws.m"
    cli = json.loads(run_cli("eval", network, "--hw", hw, "--tech", "45nm", "--precision", "int8", "--json").stdout)
    acc = mapscape.Accelerator.load(hw, base=mapscape.Accelerator())
    acc.technology = "45nm"
    report = mapscape.evaluate_file(network, acc, precision="int8")
    assert report.to_dict() == cli
    assert all(layer["technology"] == "45nm" and layer["precision"] == "int8" for layer in cli["layers"])
    with pytest.raises(ValueError, match="^precision: "):
        mapscape.evaluate_file(network, acc, precision="int7")


def test_schedule_with_a_technology_matches_cli(mapscape, tmp_path):
    """technology= prices each job's energy as the CLI's --tech; the JSON names it."""
    out = tmp_path / "s.json"
    run_cli("schedule", "--mix", "vision", "--group", 1, "--budget", 200, "--objective", "energy", "--tech", "45nm", "--json", out)
    cli = json.loads(out.read_text())
    result = mapscape.schedule("vision", group=1, budget=200, objective="energy", technology="45nm")
    ours = result.to_dict()
    assert ours["technology"] == cli["technology"] == "45nm"
    assert ours["energy_nj"] == cli["energy_nj"]
    assert mapscape.schedule("vision", group=1, budget=200, objective="energy").to_dict()["energy_nj"] != ours["energy_nj"]


def test_a_layer_without_sampled_mappings_falls_back_or_says_what_it_needs(mapscape):
    # AlexNet's 11x11 first layer: GAMMA's samples all hold the filter whole (726 elements of L1).
    # On Eyeriss-like the least-footprint mapping fits; on ShiDianNao-like nothing does, and the
    # result says what L1 would (docs/no-layer-left.md).
    fits = mapscape.search("alexnet", "eyeriss-like", layers=1, budget=300, seed=1).layers[0]
    assert fits.found and fits.least_footprint_fallback and fits.why_none is None
    none = mapscape.search("alexnet", "shidiannao-like", layers=1, budget=300, seed=1).layers[0]
    assert not none.found and not none.least_footprint_fallback
    assert "exceed L1" in none.why_none and "the layer maps with L1 >= 132 B" in none.why_none
