# Batch evaluation: the same figures as one evaluate() per mapping, whatever the thread count,
# from Mapping lists and from encoded NumPy arrays (read in place).
import numpy

from conftest import run_python


def test_batch_of_mappings_equals_single_evaluations(mapscape):
    layer = mapscape.Model.load("resnet18")[4]
    edge = mapscape.Accelerator.preset("edge")
    mappings = mapscape.Mapping.random(layer, levels=2, num_pes=168, seed=11, count=600)
    batch = mapscape.evaluate_batch(layer, mappings, edge, threads=1, compute_bound=True)
    assert len(batch) == 600 and batch.valid.dtype == bool and batch.runtime_cycles.dtype == numpy.int64
    for i in range(0, 600, 37):
        single = mapscape.evaluate(layer, mappings[i], edge, detail="objectives")
        assert batch.valid[i] == single.valid
        assert batch.runtime_cycles[i] == single.runtime_cycles and batch.energy_nj[i] == single.energy_nj
        assert batch.l1_required_bytes[i] == single.l1_required_bytes and batch.l2_required_bytes[i] == single.l2_required_bytes
        assert batch.compute_bound_cycles[i] == single.compute_bound_cycles
        assert (batch.invalidity[i] == 0) == single.valid
    parallel = mapscape.evaluate_batch(layer, mappings, edge, threads=4, compute_bound=True)
    for name, values in batch.to_dict().items():
        assert numpy.array_equal(values, getattr(parallel, name)), name
    best = batch.best()
    assert best is not None and batch.valid[best] and batch.runtime_cycles[best] == batch.runtime_cycles[batch.valid].min()


def test_encoded_points(mapscape):
    layer = mapscape.Model.load("resnet18")[2]
    edge = mapscape.Accelerator.preset("edge")
    encoding = mapscape.Encoding(layer, edge, system="S2", levels=2)
    points = encoding.random(500, seed=2)
    assert points.shape == (500, encoding.size) and points.dtype == numpy.float64
    batch = mapscape.evaluate_batch(layer, points, edge, encoding=encoding, threads=3)
    decoded = [encoding.decode(points[i]) for i in range(0, 500, 50)]
    assert all(m.num_levels == 2 for m in decoded)
    for k, i in enumerate(range(0, 500, 50)):
        assert batch.runtime_cycles[i] == mapscape.evaluate(layer, decoded[k], edge).runtime_cycles
    # A strided view is read in place, and gives what its copy gives.
    view = numpy.zeros((500, encoding.size * 2))
    view[:, ::2] = points
    strided = mapscape.evaluate_batch(layer, view[:, ::2], edge, encoding=encoding)
    assert numpy.array_equal(strided.runtime_cycles, batch.runtime_cycles)
    assert batch.valid.sum() > 0


def test_batch_releases_the_gil_and_uses_threads():
    """The main thread keeps running Python during a batch in another thread, and threads=3 runs
    the batch on two more threads besides the calling one (counted in /proc/self/task)."""
    code = """
import os, threading, time, mapscape
layer = mapscape.Model.load("resnet18")[3]
edge = mapscape.Accelerator.preset("edge")
enc = mapscape.Encoding(layer, edge)
points = enc.random(200000, seed=1)
for threads in (1, 3):
    before = len(os.listdir("/proc/self/task"))
    ticks, most = 0, before
    t = threading.Thread(target=lambda: mapscape.evaluate_batch(layer, points, edge, encoding=enc, threads=threads))
    t.start()
    while t.is_alive():
        ticks += 1
        most = max(most, len(os.listdir("/proc/self/task")))
        time.sleep(0.001)
    t.join()
    time.sleep(0.3)  # (a finished Python thread can stay in /proc/self/task a moment: not counted in the next "before")
    print(ticks, most - before)
"""
    result = run_python(code)
    assert result.returncode == 0, result.stderr
    (ticks_one, extra_one), (ticks_three, extra_three) = [tuple(map(int, line.split())) for line in result.stdout.splitlines()]
    assert ticks_one > 20 and ticks_three > 5
    assert extra_one >= 1  # the Python thread
    assert extra_three - extra_one >= 2  # and two workers besides it
