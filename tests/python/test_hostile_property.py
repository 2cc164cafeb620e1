# Property-based: every public function and class of the module, called with hostile values (NaN,
# infinities, huge and negative ints, wrong types, NumPy scalars, empty and odd arrays) in one to
# three of its parameters, the rest valid and small. Whatever happens, the interpreter survives,
# no call runs on (each is cancelled after a moment: mapscape.Cancellation), and an exception is
# one a user can act on: TypeError, ValueError (mapscape.InputError), FileNotFoundError,
# MemoryError or mapscape.Cancelled, whose message names the argument it is about.
#
# MAPSCAPE_HOSTILE_EXAMPLES sets the number of calls (CI: a short profile; the issue note reports a
# long one). Debian's python3-hypothesis.
import math
import os
import threading

import numpy
import pytest

# Not skipped when missing: a suite that silently does not run tests nothing (.ci/setup installs it).
from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

import mapscape  # noqa: E402
from mapscape import _arguments  # noqa: E402

EXAMPLES = int(os.environ.get("MAPSCAPE_HOSTILE_EXAMPLES", "400"))
CANCEL_AFTER_S = 0.3

HOSTILE = [
    float("nan"), float("inf"), float("-inf"), -1, 0, -2**31, 2**31, 2**63, -2**63 - 1, 2**70, 1.5, -0.0, 1e300, True, None, "", "x" * 300,
    "\x00", "ünï", b"bytes", [], [None], [1.5], [-1], {}, {"a": 1}, object(), numpy.int64(5), numpy.int64(-5), numpy.uint64(2**63),
    numpy.float64("nan"), numpy.float32(1.5), numpy.bool_(True), numpy.array([]), numpy.zeros((0, 3)), numpy.full((2, 2), numpy.nan),
    "resnet18", "edge", "nonexistent.json", "/dev/null", "S9", "all", "1-2", "0", "-1",
]


def _small_setup():
    model = mapscape.Model.load("resnet18")
    layer = model[1]
    edge = mapscape.Accelerator.preset("edge")
    mapping = mapscape.Mapping.random(layer, seed=1)
    encoding = mapscape.Encoding(layer, edge)
    return model, layer, edge, mapping, encoding


MODEL, LAYER, EDGE, MAPPING, ENCODING = _small_setup()

# Each target: a callable and the valid, small arguments it is called with before hostile values
# replace some of them.
TARGETS = {
    "search": (mapscape.search, dict(model="resnet18", accelerator="edge", layers=2, budget=20, threads=1, seed=1)),
    "compare": (mapscape.compare, dict(model="resnet18", layers=2, budget=20, algos="gamma,random", seeds="1", threads=1)),
    "codesign": (mapscape.codesign, dict(model="resnet18", layers=[2], budget=20, threads=1)),
    "schedule": (mapscape.schedule, dict(mix="vision", group=1, budget=20, threads=1)),
    "naas": (mapscape.naas, dict(resources="nvdla256", population=2, iterations=1, mapping_samples=10, baseline_samples=20, threads=1)),
    "evaluate": (mapscape.evaluate, dict(layer=LAYER, mapping=MAPPING, accelerator=EDGE)),
    "evaluate_batch": (mapscape.evaluate_batch, dict(layer=LAYER, mappings=[MAPPING], accelerator=EDGE, threads=1)),
    "evaluate_batch(encoding)": (mapscape.evaluate_batch,
                                 dict(layer=LAYER, mappings=numpy.full((3, ENCODING.size), 0.5), accelerator=EDGE, encoding=ENCODING)),
    "algorithms": (mapscape.algorithms, dict(kind="search")),
    "Layer": (mapscape.Layer, dict(type="CONV", K=8, C=3, R=3, S=3, Y=8, X=8, stride=1, repeat_count=1)),
    "Accelerator": (mapscape.Accelerator, dict(num_pes=16, l1_bytes=512, l2_bytes=4096, noc_bw=8, offchip_bw=8)),
    "Accelerator.preset": (mapscape.Accelerator.preset, dict(id="edge")),
    "Accelerator.load": (mapscape.Accelerator.load, dict(path="edge")),
    "Model.load": (mapscape.Model.load, dict(name_or_path="resnet18")),
    "Model": (mapscape.Model, dict(name="m", layers=[LAYER])),
    "Mapping.random": (mapscape.Mapping.random, dict(layer=LAYER, levels=2, num_pes=16, seed=1, count=2)),
    "Mapping.from_maestro": (mapscape.Mapping.from_maestro, dict(text="SpatialMap(1,1) K;", layer=LAYER)),
    "Encoding": (mapscape.Encoding, dict(layer=LAYER, accelerator=EDGE, system="S2", levels=2)),
    "Encoding.random": (ENCODING.random, dict(count=2, seed=1)),
    "Encoding.decode": (ENCODING.decode, dict(point=numpy.full(ENCODING.size, 0.5))),
    "Accelerator.set_noc": (EDGE.copy().set_noc, dict(bandwidth=8, hops=1, hop_latency=0)),
    "Accelerator.update": (EDGE.copy().update, dict(l2_bytes=4096)),
    "read_maestro": (mapscape.read_maestro, dict(path="nonexistent.m")),
    "evaluate_file": (mapscape.evaluate_file, dict(path="nonexistent.m", accelerator=EDGE)),
}

ACCEPTED = (TypeError, ValueError, FileNotFoundError, MemoryError, mapscape.Cancelled, IsADirectoryError, PermissionError)


def _call(function, kwargs):
    handle = mapscape.Cancellation()
    timer = threading.Timer(CANCEL_AFTER_S, handle.cancel)
    timer.start()
    try:
        with handle:
            return function(**kwargs)
    finally:
        timer.cancel()


# Values of the right type but hostile, so that calls get past the type checks into the engine.
BY_KIND = {
    "int": [-1, 0, 1, -2**31, 2**31 - 1, 2**31, 2**62, 2**63 - 1, 2**63, numpy.int64(-7), numpy.int32(0), numpy.int64(2**40), 3, 1024, 65536],
    "float": [float("nan"), float("inf"), -1.0, 0.0, 1e-300, 1e300, numpy.float64(0.5), numpy.float32(-0.0), 2.0**63, 7.5],
    "str": ["", " ", "\x00", "x" * 300, "ünï", "1-2", "all", "0", "-1", "S0", "edge", "resnet18", "nonexistent.json", "/", "a,b,,c"],
}


def _kinds(function):
    params = getattr(function, "__signature_params__", None) or _arguments.signature_of(function) or []
    return {p[0]: p[1].replace("Optional[", "").rstrip("]") for p in params}


@st.composite
def hostile_calls(draw):
    name = draw(st.sampled_from(sorted(TARGETS)))
    function, base = TARGETS[name]
    kinds = _kinds(function)
    kwargs = dict(base)
    keys = draw(st.lists(st.sampled_from(sorted(base)), min_size=1, max_size=min(3, len(base)), unique=True))
    for key in keys:
        typed = BY_KIND.get(kinds.get(key, ""))
        if typed and draw(st.integers(0, 9)) < 7:
            kwargs[key] = draw(st.sampled_from(typed))
        else:
            kwargs[key] = draw(st.sampled_from(HOSTILE))
    return name, function, kwargs, keys


def _names_an_argument(message, keys, kwargs):
    text = message.lower()
    for key in keys:
        # The keyword, or the same words spelled out ("hop latency" for hop_latency).
        if key.lower() in text or key.lower().replace("_", " ") in text:
            return True
    # Values that are themselves what is wrong (a model or file name, a preset's id) may be named
    # by their value instead of their keyword.
    for key in keys:
        value = kwargs[key]
        if isinstance(value, str) and value and value in message:
            return True
    return False


SEEN = {"calls": 0, "errors": 0, "by_type": {}, "failures": {}}


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(hostile_calls())
def test_hostile_calls_raise_errors_that_name_their_argument(call):
    name, function, kwargs, keys = call
    SEEN["calls"] += 1
    try:
        _call(function, kwargs)
    except ACCEPTED as error:
        SEEN["errors"] += 1
        SEEN["by_type"][type(error).__name__] = SEEN["by_type"].get(type(error).__name__, 0) + 1
        if isinstance(error, (mapscape.Cancelled, MemoryError, FileNotFoundError)):
            return
        if isinstance(error, mapscape.InputError) and getattr(error, "line", 0) > 0:
            return  # a mistake inside a text or file argument, named by its line and column
        message = str(error)
        # Collected, not asserted here: the report at the end lists every kind of failure at once.
        if "incompatible function arguments" in message or "Unable to cast" in message or not _names_an_argument(message, keys, kwargs):
            SEEN["failures"].setdefault((name, tuple(keys), type(error).__name__),
                                        f"{name}({', '.join(f'{k}={kwargs[k]!r}' for k in keys)}): {type(error).__name__}: {message}")
    except Exception as error:  # anything else is a failure too (a RuntimeError from deep inside, say)
        SEEN["failures"].setdefault((name, tuple(keys), type(error).__name__),
                                    f"{name}({', '.join(f'{k}={kwargs[k]!r}' for k in keys)}): unexpected {type(error).__name__}: {error}")


def test_zz_report():
    print(f"\nhostile calls: {SEEN['calls']}; raised {SEEN['errors']} ({SEEN['by_type']}); failures {len(SEEN['failures'])}")
    assert SEEN["calls"] >= min(EXAMPLES, 100)
    assert not SEEN["failures"], "\n".join(sorted(SEEN["failures"].values()))
