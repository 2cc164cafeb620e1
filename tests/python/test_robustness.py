# Bad arguments raise with a message (never a crash); Ctrl-C stops a search and a sweep within a
# short time, leaving the interpreter usable; searches run in Python threads with the GIL released;
# progress callbacks come on the calling thread at most every 100 ms.
import os
import signal
import subprocess
import sys
import threading
import time

import numpy
import pytest

from conftest import SOURCE_DIR


def test_bad_values_raise_value_errors(mapscape):
    with pytest.raises(ValueError, match="^K: a dimension size is from 1 to"):
        mapscape.Layer("CONV", K=-64, C=3, R=3, S=3, Y=8, X=8)
    with pytest.raises(ValueError, match="unknown layer type"):
        mapscape.Layer("POOL", K=1)
    with pytest.raises(ValueError, match="num_pes: must be from 1 to"):
        mapscape.Accelerator(num_pes=-4)
    with pytest.raises(ValueError, match=r'^algo: unknown algorithm "simulated-magic"'):
        mapscape.search("resnet18", algo="simulated-magic", budget=10)
    with pytest.raises(ValueError, match="^budget: "):
        mapscape.search("resnet18", budget=-5)
    with pytest.raises(ValueError, match="^layers: "):
        mapscape.search("resnet18", layers="40-50", budget=10)
    with pytest.raises(ValueError, match="^objective: "):
        mapscape.search("resnet18", objective="speed", budget=10)
    with pytest.raises(ValueError, match="^system: "):
        mapscape.search("resnet18", system="S9", budget=10)
    with pytest.raises(ValueError, match="no bundled model"):
        mapscape.Model.load("resnet-nineteen")
    with pytest.raises(ValueError):
        mapscape.Accelerator.preset("tpu-v9")
    with pytest.raises(ValueError, match="^algo: unknown co-design method"):
        mapscape.codesign("resnet18", algo="magic", budget=10)
    with pytest.raises(ValueError, match="^algo: unknown scheduling algorithm"):
        mapscape.schedule("vision", algo="magic")
    with pytest.raises(ValueError, match="^bw: "):
        mapscape.schedule("vision", bw=-1)
    with pytest.raises(ValueError, match="^mapping_search: "):
        mapscape.naas("eyeriss", mapping_search="magic")


def test_wrong_types_raise_type_errors(mapscape):
    with pytest.raises(TypeError):
        mapscape.search(42)
    with pytest.raises(TypeError):
        mapscape.search("resnet18", accelerator=3.5)
    with pytest.raises(TypeError):
        mapscape.search("resnet18", budget="many")
    with pytest.raises(TypeError):
        mapscape.search("resnet18", layers=[1.5])
    with pytest.raises(TypeError):
        mapscape.Layer("CONV", K="64")
    with pytest.raises(TypeError):
        mapscape.evaluate("conv1", None, None)


def test_missing_and_malformed_files(mapscape, tmp_path):
    with pytest.raises(FileNotFoundError) as missing:
        mapscape.Model.load(tmp_path / "absent.json")
    assert missing.value.filename == str(tmp_path / "absent.json")
    with pytest.raises(FileNotFoundError):
        mapscape.search(str(tmp_path / "absent.csv"))
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "mapscape-model", "version": 1,\n "name": "x", "layers": [ {"type": "CONV", "K": -1} ]}')
    with pytest.raises(mapscape.InputError) as malformed:
        mapscape.Model.load(bad)
    error = malformed.value
    assert isinstance(error, ValueError) and error.file == str(bad) and error.line == 2 and error.column > 0
    assert str(error).startswith(f"{bad}:2:{error.column}: ")
    with pytest.raises(mapscape.InputError) as directive:
        mapscape.Mapping.from_maestro("SpatialMap(1,1) K;\nTemporalMap(1) C;\n", mapscape.Model.load("resnet18")[1])
    assert directive.value.line == 2
    onnx = tmp_path / "net.onnx"
    onnx.write_bytes(b"\x08\x01")
    with pytest.raises(ValueError, match="ONNX|onnx"):
        mapscape.Model.load(onnx)


def test_wrong_arrays_raise(mapscape):
    layer = mapscape.Model.load("resnet18")[1]
    edge = mapscape.Accelerator.preset("edge")
    encoding = mapscape.Encoding(layer, edge)
    with pytest.raises(TypeError, match="float64"):
        mapscape.evaluate_batch(layer, numpy.zeros((4, encoding.size), dtype=numpy.float32), edge, encoding=encoding)
    with pytest.raises(ValueError, match="shape"):
        mapscape.evaluate_batch(layer, numpy.zeros((4, encoding.size + 1)), edge, encoding=encoding)
    with pytest.raises(ValueError, match="shape"):
        mapscape.evaluate_batch(layer, numpy.zeros(encoding.size), edge, encoding=encoding)
    with pytest.raises(TypeError):
        mapscape.evaluate_batch(layer, numpy.zeros((4, encoding.size)), edge)
    with pytest.raises(TypeError):
        mapscape.evaluate_batch(layer, [1, 2, 3], edge)
    with pytest.raises(ValueError, match="another layer"):
        mapscape.evaluate_batch(mapscape.Model.load("resnet18")[2], encoding.random(3), edge, encoding=encoding)
    with pytest.raises(ValueError, match="threads"):
        mapscape.evaluate_batch(layer, encoding.random(3), edge, encoding=encoding, threads=-1)


def test_search_in_a_thread_leaves_the_interpreter_running(mapscape):
    """The GIL is released while a search runs: the main thread keeps running Python."""
    results = []
    thread = threading.Thread(target=lambda: results.append(mapscape.search("resnet18", budget=3000, threads=1)))
    ticks = 0
    thread.start()
    while thread.is_alive():
        ticks += 1
        time.sleep(0.001)
    thread.join()
    assert len(results) == 1 and results[0].total_runtime_cycles > 0
    assert ticks > 20  # the main thread ran all along (a held GIL would give one or two)


def test_progress_comes_on_the_calling_thread_at_most_every_100_ms(mapscape):
    calls = []
    caller = threading.get_ident()

    def progress(p):
        calls.append((time.monotonic(), threading.get_ident(), p.done, p.total, p.best, p.bound, p.unit))

    result = mapscape.search("resnet18", budget=3000, threads=1, progress=progress)
    assert calls, "no progress during a search of several seconds"
    assert all(thread == caller for _, thread, *_ in calls)
    gaps = [b[0] - a[0] for a, b in zip(calls, calls[1:])]
    assert all(gap >= 0.099 for gap in gaps), gaps
    done = [c[2] for c in calls]
    assert done == sorted(done) and 0 < done[-1] <= calls[-1][3] and calls[-1][6] == "samples"
    bound = calls[-1][5]
    assert bound is not None and 0 < bound <= (result.objective_value or float("inf"))
    # A callback that raises stops the search and the error propagates.
    with pytest.raises(ZeroDivisionError):
        mapscape.search("resnet18", budget=100000, threads=1, progress=lambda p: 1 / 0)


INTERRUPTED = """
import sys, time, mapscape
args = sys.argv[1:]
print("started", flush=True)
start = None
try:
    if args[0] == "search":
        mapscape.search("resnet50", budget=10 ** 7, threads=2, progress=lambda p: None)
    else:
        mapscape.sweep(args[1], args[2], threads=2)
except KeyboardInterrupt:
    print("interrupted", flush=True)
# The interpreter is usable afterwards, the module too.
print(mapscape.evaluate(mapscape.Model.load("resnet18")[1], mapscape.Mapping.random(mapscape.Model.load("resnet18")[1], num_pes=168),
                        mapscape.Accelerator.preset("edge")).runtime_cycles > 0, flush=True)
"""


def interrupt_after_start(args, tmp_path):
    """Starts a long call in a child interpreter, sends SIGINT, and returns (seconds to exit, output)."""
    script = tmp_path / "interrupted.py"
    script.write_text(INTERRUPTED)
    child = subprocess.Popen([sys.executable, str(script), *map(str, args)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env=os.environ.copy())
    assert child.stdout.readline().strip() == "started"
    time.sleep(1.5)  # well into the call
    assert child.poll() is None, child.stderr.read()
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    interrupted = child.stdout.readline().strip()
    seconds = time.monotonic() - sent
    rest = child.stdout.read()  # (not communicate(): readline() may have buffered it already)
    errors = child.stderr.read()
    assert child.wait(timeout=120) == 0, errors
    return seconds, interrupted, rest.strip()


def test_ctrl_c_stops_a_search(tmp_path):
    seconds, interrupted, rest = interrupt_after_start(["search"], tmp_path)
    assert interrupted == "interrupted" and rest == "True"
    assert seconds < 2.0, seconds  # 100 ms on an idle machine (tools/python_bench.py measures it); slack for a busy one


def test_ctrl_c_stops_a_sweep(tmp_path):
    import json
    spec = tmp_path / "spec.json"
    spec.write_text(json.dumps({"format": "mapscape-sweep", "version": 1, "name": "long", "models": ["resnet50", "mobilenet_v2"],
                                "accelerators": ["edge"], "systems": ["S2"], "algorithms": ["gamma"], "objectives": ["latency"],
                                "budgets": [1000000], "seeds": [1, 2, 3]}))
    seconds, interrupted, rest = interrupt_after_start(["sweep", spec, tmp_path / "db.sqlite"], tmp_path)
    assert interrupted == "interrupted" and rest == "True"
    assert seconds < 2.0, seconds
