#!/usr/bin/python3
"""The Python module's speed against mapscape-cli's, measured in one run on one machine, with
the ratios issue 26 sets targets for:

  * batch evaluation from Python (evaluate_batch, one thread) against `mapscape-cli bench`'s
    cost_model_single_thread (target: at least 80%), on the same workload: ResNet-18's layers,
    random two-level GAMMA-style mappings, bench's 256-PE accelerator, objectives detail;
  * the overhead of one evaluate() call: its time from Python minus the engine's time for the same
    evaluation (evaluate_batch of the same mapping, per mapping) (target: under 5 us);
  * a search from Python against the CLI's (target: within 5%): GAMMA on ResNet-18, Edge,
    one thread, the engine's wall_s of both and the whole call or process;
  * `import mapscape` (target: under 100 ms, without libtorch) and Ctrl-C (target: 100 ms);
  * the progress callback's cadence during a search (target: at most every 100 ms, on the calling
    thread), and batch evaluation on 1 and 2 threads (the GIL released, the work spread);
  * reading the committed ONNX graph (tests/data/onnx) from Python against `mapscape-cli model show`.

Runs alternate between the CLI and Python and the medians are reported. Nothing is built here.

  PYTHONPATH=build/python /usr/bin/python3 tools/python_bench.py --cli build/mapscape-cli [--seconds 2] [--repeats 3]
      [--budget 10000]
"""
import argparse
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time


def cpu_name():
    for line in open("/proc/cpuinfo"):
        if line.startswith("model name"):
            return line.split(":", 1)[1].strip()
    return "unknown CPU"


def cli_bench_rate(cli, seconds):
    out = subprocess.run([cli, "bench", "--no-search", "--threads", "1", "--seconds", str(seconds)], capture_output=True, text=True,
                         check=True).stdout
    return float(re.search(r"cost_model_single_thread: (\d+) evaluations/s", out).group(1))


def bench_workload(mapscape, count=2000, seed=1):
    """bench's cases: random two-level mappings of ResNet-18's layers on a 256-PE accelerator."""
    model = mapscape.Model.load("resnet18")
    acc = mapscape.Accelerator(name="bench-256", num_pes=256, l1_bytes=1 << 20, l2_bytes=1 << 26, noc_bw=64, noc_hops=1,
                               noc_hop_latency=1, offchip_bw=64)
    per_layer = count // len(model)
    cases = [(layer, mapscape.Mapping.random(layer, levels=2, num_pes=256, seed=seed + i, count=per_layer))
             for i, layer in enumerate(model)]
    return acc, cases


def python_batch_rate(mapscape, acc, cases, seconds):
    for layer, mappings in cases:  # warm up
        mapscape.evaluate_batch(layer, mappings, acc, threads=1)
    evaluations, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for layer, mappings in cases:
            mapscape.evaluate_batch(layer, mappings, acc, threads=1)
            evaluations += len(mappings)
    return evaluations / (time.perf_counter() - start)


def python_encoded_rate(mapscape, acc, cases, seconds):
    """The same layers from encoded float64 arrays (decoding included)."""
    encoded = []
    for layer, mappings in cases:
        encoding = mapscape.Encoding(layer, acc, levels=2)
        encoded.append((layer, encoding, encoding.random(len(mappings), seed=1)))
    evaluations, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for layer, encoding, points in encoded:
            mapscape.evaluate_batch(layer, points, acc, encoding=encoding, threads=1)
            evaluations += len(points)
    return evaluations / (time.perf_counter() - start)


def evaluate_overhead_us(mapscape, acc, cases, detail, calls=20000):
    """Per call: evaluate() from Python minus the engine's own time for the same evaluation."""
    layer, mappings = cases[3]
    mapping = mappings[0]
    same = [mapping] * calls
    mapscape.evaluate_batch(layer, same, acc, threads=1, detail=detail)
    best_engine, best_python = float("inf"), float("inf")
    evaluate = mapscape.evaluate
    for _ in range(5):
        start = time.perf_counter()
        mapscape.evaluate_batch(layer, same, acc, threads=1, detail=detail)
        best_engine = min(best_engine, (time.perf_counter() - start) / calls)
        start = time.perf_counter()
        for _ in range(calls):
            evaluate(layer, mapping, acc, detail)
        best_python = min(best_python, (time.perf_counter() - start) / calls)
    return best_python * 1e6, best_engine * 1e6


def cli_search(cli, budget):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "search.json")
        start = time.perf_counter()
        subprocess.run([cli, "search", "--model", "resnet18", "--platform", "edge", "--budget", str(budget), "--seed", "1", "--threads", "1",
                        "--quiet", "--json", out], capture_output=True, check=True)
        process = time.perf_counter() - start
        doc = json.load(open(out))
    return doc["totals"]["wall_s"], process, doc["totals"]["runtime_cycles"]


def python_search(mapscape, budget):
    start = time.perf_counter()
    result = mapscape.search("resnet18", "edge", algo="gamma", budget=budget, seed=1, threads=1)
    call = time.perf_counter() - start
    return result.wall_s, call, result.total_runtime_cycles


def import_ms():
    code = "import time; s = time.perf_counter(); import mapscape; print((time.perf_counter() - s) * 1e3, 'libtorch' in open('/proc/self/maps').read())"
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split() for _ in range(7)]
    return min(float(r[0]) for r in runs), any(r[1] == "True" for r in runs)


def interrupt_ms(repeats=3):
    code = """
import sys, time, mapscape
print("go", flush=True)
try:
    mapscape.search("resnet50", budget=10 ** 7, threads=1)
except KeyboardInterrupt:
    print("stopped", flush=True)
"""
    times = []
    for _ in range(repeats):
        child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
        child.stdout.readline()
        time.sleep(1.0)
        sent = time.perf_counter()
        child.send_signal(signal.SIGINT)
        child.stdout.readline()
        times.append((time.perf_counter() - sent) * 1e3)
        child.wait()
    return statistics.median(times)


def progress_gaps_ms(mapscape, budget):
    """The gaps between progress calls during a search, and whether all came on the calling thread."""
    import threading
    calls = []
    mapscape.search("resnet18", "edge", budget=budget, seed=1, threads=1,
                    progress=lambda p: calls.append((time.perf_counter(), threading.get_ident())))
    gaps = [(b[0] - a[0]) * 1e3 for a, b in zip(calls, calls[1:])]
    return len(calls), min(gaps), statistics.median(gaps), all(c[1] == threading.get_ident() for c in calls)


def batch_thread_rates(mapscape, seconds):
    """evaluate_batch of one large encoded array on 1 and 2 threads."""
    layer = mapscape.Model.load("resnet18")[3]
    edge = mapscape.Accelerator.preset("edge")
    encoding = mapscape.Encoding(layer, edge)
    points = encoding.random(100000, seed=1)
    rates = {}
    for threads in (1, 2):
        evaluations, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            mapscape.evaluate_batch(layer, points, edge, encoding=encoding, threads=threads)
            evaluations += len(points)
        rates[threads] = evaluations / (time.perf_counter() - start)
    return rates


def onnx_load_ms(mapscape, cli, repeats=5):
    """Model.load of the committed ResNet-18 graph (plugin loaded once before) against the whole
    `mapscape-cli model show` process (which loads the plugin every time)."""
    graph = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "data", "onnx", "resnet18_torchvision_weightless.onnx")
    first = time.perf_counter()
    model = mapscape.Model.load(graph)
    first_ms = (time.perf_counter() - first) * 1e3
    python, process = [], []
    for _ in range(repeats):
        start = time.perf_counter()
        mapscape.Model.load(graph)
        python.append((time.perf_counter() - start) * 1e3)
        start = time.perf_counter()
        subprocess.run([cli, "model", "show", graph], capture_output=True, check=True)
        process.append((time.perf_counter() - start) * 1e3)
    return len(model), model.macs, first_ms, statistics.median(python), statistics.median(process)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cli", default="build/mapscape-cli")
    parser.add_argument("--seconds", type=float, default=2.0, help="per throughput measurement")
    parser.add_argument("--repeats", type=int, default=3, help="alternating CLI / Python rounds")
    parser.add_argument("--budget", type=int, default=10000, help="GAMMA samples per layer of the search")
    args = parser.parse_args()
    import mapscape

    print(f"machine: {cpu_name()}, {os.cpu_count()} hardware threads; mapscape {mapscape.__version__} from {mapscape.__file__}")
    acc, cases = bench_workload(mapscape)
    cli_rates, py_rates, enc_rates = [], [], []
    for _ in range(args.repeats):
        cli_rates.append(cli_bench_rate(args.cli, args.seconds))
        py_rates.append(python_batch_rate(mapscape, acc, cases, args.seconds))
        enc_rates.append(python_encoded_rate(mapscape, acc, cases, args.seconds))
    cli_rate, py_rate, enc_rate = map(statistics.median, (cli_rates, py_rates, enc_rates))
    print(f"cost model, one thread: mapscape-cli bench {cli_rate:,.0f} evaluations/s; evaluate_batch (Mapping lists) "
          f"{py_rate:,.0f} evaluations/s = {py_rate / cli_rate:.1%} of the CLI (target >= 80%); "
          f"evaluate_batch (encoded arrays, decoding included) {enc_rate:,.0f} evaluations/s = {enc_rate / cli_rate:.1%}")

    for detail in ("objectives", "full"):
        python_us, engine_us = evaluate_overhead_us(mapscape, acc, cases, detail)
        print(f"evaluate() one call, detail {detail}: {python_us:.2f} us from Python, {engine_us:.2f} us in the engine: "
              f"overhead {python_us - engine_us:.2f} us (target < 5 us)")

    cli_walls, cli_processes, py_walls, py_calls = [], [], [], []
    for _ in range(args.repeats):
        wall, process, cli_total = cli_search(args.cli, args.budget)
        cli_walls.append(wall)
        cli_processes.append(process)
        wall, call, py_total = python_search(mapscape, args.budget)
        py_walls.append(wall)
        py_calls.append(call)
        assert cli_total == py_total, (cli_total, py_total)
    cw, cp, pw, pc = map(statistics.median, (cli_walls, cli_processes, py_walls, py_calls))
    print(f"search (GAMMA, ResNet-18, Edge, {args.budget} samples per layer, one thread; same total {py_total} cycles): "
          f"engine wall_s CLI {cw:.3f} s, Python {pw:.3f} s = {pw / cw:.3f}x; whole CLI process {cp:.3f} s, "
          f"whole Python call {pc:.3f} s = {pc / cp:.3f}x (target within 5%); best of {args.repeats}: CLI {min(cli_walls):.3f} s, "
          f"Python {min(py_walls):.3f} s = {min(py_walls) / min(cli_walls):.3f}x")

    ms, torch_loaded = import_ms()
    print(f"import mapscape: {ms:.1f} ms (best of 7; target < 100 ms), libtorch loaded: {torch_loaded}")
    print(f"Ctrl-C during a search: KeyboardInterrupt after {interrupt_ms():.0f} ms (median of 3; target 100 ms)")
    calls, shortest, median, same_thread = progress_gaps_ms(mapscape, args.budget)
    print(f"progress during the search: {calls} calls, gaps {shortest:.1f} ms shortest, {median:.1f} ms median "
          f"(target: at least 100 ms apart), all on the calling thread: {same_thread}")
    rates = batch_thread_rates(mapscape, args.seconds)
    print(f"evaluate_batch of 100,000 encoded points: 1 thread {rates[1]:,.0f} evaluations/s, 2 threads {rates[2]:,.0f} "
          f"evaluations/s = {rates[2] / rates[1]:.2f}x")
    layers, macs, first_ms, python_ms, process_ms = onnx_load_ms(mapscape, args.cli)
    print(f"ONNX: Model.load of the committed ResNet-18 graph ({layers} layers, {macs} MACs): first {first_ms:.1f} ms "
          f"(the plugin loaded), then {python_ms:.1f} ms; `mapscape-cli model show` {process_ms:.1f} ms per process (medians of 5)")


if __name__ == "__main__":
    main()
