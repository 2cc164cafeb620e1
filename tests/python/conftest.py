# Shared fixtures of the Python module's tests: the CLI to compare with, and helpers that run it.
# CTest sets PYTHONPATH to build/python and MAPSCAPE_CLI to build/mapscape-cli (tests/CMakeLists.txt).
import json
import os
import pathlib
import subprocess
import sys

import pytest

SOURCE_DIR = pathlib.Path(__file__).resolve().parents[2]


def cli_path():
    path = os.environ.get("MAPSCAPE_CLI")
    if path:
        return path
    return str(SOURCE_DIR / "build" / "mapscape-cli")


def run_cli(*args, check=True, timeout=600):
    result = subprocess.run([cli_path(), *map(str, args)], capture_output=True, text=True, timeout=timeout)
    if check and result.returncode not in (0, 1):
        raise AssertionError(f"mapscape-cli {' '.join(map(str, args))} failed ({result.returncode}):\n{result.stderr}")
    return result


def cli_json(tmp_path, *args, option="--json"):
    """Runs the CLI with `option FILE` and returns the document it wrote."""
    out = tmp_path / f"cli_{len(list(tmp_path.iterdir()))}.json"
    run_cli(*args, option, out)
    return json.loads(out.read_text())


TIMING_KEYS = {"wall_s", "elapsed_s", "sampling_s"}


def without_timing(document):
    """The document without its wall-clock figures (which differ from run to run)."""
    if isinstance(document, dict):
        return {k: without_timing(v) for k, v in document.items() if k not in TIMING_KEYS}
    if isinstance(document, list):
        return [without_timing(v) for v in document]
    return document


def run_python(code, *, timeout=300, env=None, **kwargs):
    """Runs code in a fresh interpreter (Debian's python3, this PYTHONPATH)."""
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, **(env or {})}, **kwargs)


@pytest.fixture(scope="session")
def mapscape():
    import mapscape as module
    return module
