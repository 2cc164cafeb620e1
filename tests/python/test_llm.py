# Language model workloads from Python: the same layers, parameter counts and phase figures as
# `mapscape-cli model llm` and `search --json` for the same settings and seed.
import json

import pytest

from conftest import SOURCE_DIR, cli_json, run_cli, without_timing

PLATFORM = SOURCE_DIR / "resources" / "examples" / "llm_accelerator.json"


def test_model_llm_matches_the_cli(mapscape, tmp_path):
    out = tmp_path / "qwen.json"
    run_cli("model", "llm", "qwen2-0.5b", "--phase", "prefill", "--batch", "2", "--prompt", "128", "--out", out)
    model = mapscape.Model.llm("qwen2-0.5b", phase="prefill", batch=2, prompt=128)
    assert model.to_dict() == json.loads(out.read_text())
    assert model.llm_workload["phase"] == "prefill"
    assert mapscape.Model.llm_parameters("qwen2-0.5b")["total"] == 494_032_768
    assert set(mapscape.Model.llm_configs()) >= {"gpt2", "llama-2-7b", "llama-3-8b", "mistral-7b", "qwen2-0.5b"}
    assert mapscape.Model.load("resnet18").llm_workload is None


def test_search_reports_the_phase_as_the_cli_does(mapscape, tmp_path):
    reference = "llm:gpt2,phase=decode,batch=4,context=256"
    cli = cli_json(tmp_path, "search", "--model", reference, "--platform", PLATFORM, "--budget", "300", "--seed", "3", "--quiet")
    result = mapscape.search(reference, mapscape.Accelerator.load(PLATFORM), budget=300, seed=3)
    assert result.llm_phase == cli["llm_phase"]
    assert without_timing(result.to_dict())["llm_phase"] == cli["llm_phase"]
    phase = result.llm_phase
    assert phase["seconds"] >= phase["bound_seconds"]
    assert phase["tokens_per_second"] == pytest.approx(4 / phase["seconds"])
    # A search of some layers only has no phase figures.
    assert mapscape.search(reference, budget=50, layers="1").llm_phase is None


def test_bad_requests_raise(mapscape):
    with pytest.raises(ValueError, match="prefill"):
        mapscape.Model.llm("gpt2", phase="encode")
    with pytest.raises(ValueError, match="give context="):
        mapscape.Model.llm("gpt2", phase="decode", prompt=5)
    with pytest.raises(ValueError, match="context: the context must be 1 to 1024"):
        mapscape.Model.llm("gpt2", context=4096)
    with pytest.raises(ValueError, match="did you mean"):
        mapscape.Model.llm("gtp2")
