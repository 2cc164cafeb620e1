# Importing the module: fast, without libtorch, with a version and the public names.
import time

from conftest import run_python


def test_import_is_fast_and_does_not_load_libtorch():
    code = """
import time
start = time.perf_counter()
import mapscape
elapsed = time.perf_counter() - start
maps = open('/proc/self/maps').read()
print(elapsed, 'libtorch' in maps, mapscape.surrogate.is_loaded())
"""
    # The best of three (the first may read the files from disk on a busy machine).
    runs = []
    for _ in range(3):
        result = run_python(code)
        assert result.returncode == 0, result.stderr
        elapsed, torch_loaded, plugin_loaded = result.stdout.split()
        assert torch_loaded == "False" and plugin_loaded == "False"
        runs.append(float(elapsed))
    # The target is 100 ms (tools/python_bench.py reports it); a busy test machine gets slack.
    assert min(runs) < 1.0, runs


def test_version_and_names(mapscape):
    assert mapscape.__version__.count(".") == 2
    for name in mapscape.__all__:
        assert hasattr(mapscape, name), name
    import mapscape.surrogate  # noqa: F401  (a module of the package)
