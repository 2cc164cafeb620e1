#!/usr/bin/python3
"""Mapscape's GAMMA against the public GAMMA, layer by layer, both scored by MAESTRO.

For each layer and seed it runs the public GAMMA (maestro-project/gamma, src/GAMMA, V2) with its
own main.py, seeded (it has no seed option: this script seeds Python's and numpy's generators
before handing over), and `mapscape-cli search` with GAMMA at the same budget; writes both best
mappings as MAESTRO files (theirs with their own writer, ours with --export-maestro) and runs the
MAESTRO binary given on both with the same hardware file. Nothing is fetched or built here: pass
the paths of a GAMMA checkout, a MAESTRO binary and mapscape-cli. Run it with Debian's
/usr/bin/python3 (numpy, pandas).

  /usr/bin/python3 tools/compare_gamma.py --gamma PATH/TO/gamma --maestro PATH/TO/maestro \\
      --cli build/mapscape-cli --model resnet18 [--layers 1-20] [--seeds 1,2,3] \\
      [--population 100 --generations 100] [--levels 2-2] [--our-levels MIN-MAX]
      [--sanity-filter | --strict-filter] [--public-results CSV] [--out DIR]

Platform: Edge (168 PEs, L1 512, L2 108,000, NoC 81,920,000). Their model tables are
data/model/NAME.csv; ours are the bundled models of the same name (`--our-model` otherwise).
Budget: theirs is population x generations (P = G = 100 evaluates about 10,200 mappings: the
first population, then each generation's elites and new individuals); ours --budget, 10,000 by
default. --levels sets their slevel range: their 1-2 keeps one level under their default
map-space constraint, so 2-2 is the default here; ours searches the same range on S2
(`search --levels`; --our-levels 1-2 gives ours S2's whole range).
--public-results takes their figures from the compare_gamma.csv of an earlier run with the same
layers, seeds, budget, levels and filter instead of running their search again (about an hour
per model and seed), to measure ours again after a change.
--strict-filter holds their search to our rule: every mapping they score is also checked by one
`mapscape-cli eval --batch` process, and one below its busiest PE's compute bound (MAESTRO's
partial-tile undercount) or with a wrong MAC count counts as invalid in their search; the check's
time is kept out of their wall time. Without it, their best is usually such a mapping.
--sanity-filter makes their search treat as invalid what MAESTRO undercounts grossly (a MAC count
other than the layer's, or a runtime below MACs / PEs). Their best mapping is then checked with
`mapscape-cli eval`: "undercount" in the table marks a runtime MAESTRO reports below what the
mapping's busiest PE must compute (its partial-tile undercount) or a wrong MAC count. Ours runs
twice: rejecting such mappings (its default) and keeping them (--maestro-as-is), as MAESTRO scores
them and as the public GAMMA does.

Prints a Markdown table per layer and seed (both latencies as MAESTRO reports them, their ratio,
both wall times, the compute bound) and writes it with a CSV to --out.
"""
import argparse
import csv
import json
import math
import os
import pickle
import runpy
import shutil
import subprocess
import sys
import tempfile
import time

EDGE = {"num_pe": 168, "l1_size": 512, "l2_size": 108000, "NocBW": 81920000}


# ---- the child: one public GAMMA run, seeded, in its own directory ----------------------------

def public_gamma_child(spec):
    import random
    import numpy as np
    gdir = os.path.join(spec["gamma"], "src", "GAMMA")
    os.chdir(gdir)  # their paths are relative to it: ../../cost_model/maestro, ../../data/model
    sys.path.insert(0, gdir)
    sys.path.insert(1, os.path.dirname(gdir))
    random.seed(spec["seed"])
    np.random.seed(spec["seed"])
    import importlib
    modules = [__import__("gamma"), importlib.import_module("GAMMA.gamma")]
    found = {}
    for mod in modules:
        mod.cpu_count = lambda: spec["workers"]
        original_init, original_run, original_judge = mod.GAMMA.__init__, mod.GAMMA.run, mod.GAMMA.judge

        def init(self, *a, _orig=original_init, **k):
            _orig(self, *a, **k)
            self._executable = spec["maestro"]
        mod.GAMMA.__init__ = init

        def run(self, *a, _orig=original_run, **k):
            chkpt, pops = _orig(self, *a, **k)
            found["genome"] = chkpt["best_sol"]
            self.write_maestro(chkpt["best_sol"], m_file=spec["mapping_stem"])  # writes STEM.m
            return chkpt, pops
        mod.GAMMA.run = run

        if spec.get("strict_filter"):
            # Their search held to our validity rule: each mapping MAESTRO scores is also given to
            # one `mapscape-cli eval --batch` process, and what it finds below the compute bound
            # of its busiest PE (MAESTRO's partial-tile undercount) or with a wrong MAC count is
            # treated as invalid, as their own invalid mappings are. Its time is kept apart.
            # Their mappings are scored in a Pool's worker processes: each starts its own checker,
            # and the counters live in shared memory made before the Pool forks.
            import multiprocessing
            counters = found.setdefault("counters", {"filter_s": multiprocessing.Value("d", 0.0),
                                                     "checked": multiprocessing.Value("l", 0),
                                                     "rejected": multiprocessing.Value("l", 0)})
            checkers = {}
            original_observe = mod.GAMMA.oberserve_maestro

            def observe(self, indv, *a, _orig=original_observe, **k):
                reward, activity = _orig(self, indv, *a, **k)
                if reward is None:
                    return reward, activity
                started = time.time()
                checker = checkers.get(os.getpid())
                if checker is None:
                    checker = checkers[os.getpid()] = subprocess.Popen(
                        [spec["strict_filter"]["cli"], "eval", "--batch", "--hw", spec["strict_filter"]["hw"]],
                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
                stem = f"strict_{os.getpid()}"
                self.write_maestro(indv, m_file=stem)
                checker.stdin.write(os.path.abspath(stem + ".m") + "\n")
                checker.stdin.flush()
                answer = json.loads(checker.stdout.readline())
                os.remove(stem + ".m")
                artefact = "error" in answer or undercounted(answer)
                with counters["filter_s"].get_lock():
                    counters["filter_s"].value += time.time() - started
                    counters["checked"].value += 1
                    counters["rejected"].value += bool(artefact)
                return (None, None) if artefact else (reward, activity)
            mod.GAMMA.oberserve_maestro = observe
        if spec["sanity_filter"]:
            def judge(self, _orig=original_judge):
                result = _orig(self)
                obs = self.observation
                runtime, macs, pes = float(obs[0]), float(obs[6]), float(obs[8])
                dim = list(self.dimension)
                k, c, y, x, r, s = [int(v) for v in self.get_CONVtypeShape(dim, int(dim[6]))[:6]]
                true_macs = (1 if int(dim[6]) == 2 else k) * c * (y - r + 1) * (x - s + 1) * r * s
                return None if int(macs) != true_macs or runtime * pes < macs else result
            mod.GAMMA.judge = judge
    sys.argv = ["main.py"] + spec["args"]
    start = time.time()
    runpy.run_path(os.path.join(gdir, "main.py"), run_name="__main__")
    print("PUBLIC_GAMMA_RESULT " + json.dumps({"wall_s": time.time() - start, "found": "genome" in found,
                                              **{k: v.value for k, v in found.get("counters", {}).items()}}), flush=True)


# ---- the parent ------------------------------------------------------------------------------

def maestro_score(maestro, hw_file, mapping_file, workdir):
    """Runtime and MAC count MAESTRO reports for a one-layer mapping file."""
    stem = os.path.splitext(os.path.basename(mapping_file))[0]
    local = os.path.join(workdir, stem + ".m")
    if os.path.abspath(mapping_file) != os.path.abspath(local):
        shutil.copy(mapping_file, local)
    out_csv = os.path.join(workdir, stem + ".csv")
    if os.path.exists(out_csv):
        os.remove(out_csv)  # MAESTRO appends
    # A relative name: MAESTRO names its CSV after the mapping file's path up to the first dot.
    run = subprocess.run([maestro, f"--HW_file={os.path.abspath(hw_file)}", f"--Mapping_file={stem}.m", "--print_res=false"],
                         cwd=workdir, capture_output=True, text=True)
    if run.returncode != 0 or not os.path.exists(out_csv):
        return None
    with open(out_csv) as f:
        rows = list(csv.reader(f))
    header = [h.strip() for h in rows[0]]
    values = rows[1]
    runtime = float(values[header.index("Runtime (Cycles)")])
    macs = float(values[header.index("Num MACs")]) if "Num MACs" in header else float("nan")
    return runtime, macs


def undercounted(evaluation):
    """Whether `mapscape-cli eval --json` found a one-layer mapping's MAESTRO runtime below what its
    busiest PE must compute, or its MAC count wrong."""
    layer = (evaluation.get("layers") or [{}])[0]
    return bool(layer.get("below_compute_bound")) or layer.get("macs") != layer.get("layer_macs")


def model_artefact(cli, mapping_file, hw_file):
    """Whether MAESTRO undercounts the mapping (mapscape-cli eval's check), or eval refuses it."""
    run = subprocess.run([cli, "eval", mapping_file, "--hw", hw_file, "--json"], capture_output=True, text=True)
    return run.returncode != 0 or undercounted(json.loads(run.stdout))


def layer_rows(gamma_dir, model):
    # By position, as their reader takes them: GEMM tables (BERT_m.csv) head their columns
    # M,N,K,0,0,0,T but hold the same seven numbers.
    with open(os.path.join(gamma_dir, "data", "model", model + ".csv")) as f:
        rows = list(csv.reader(f))[1:]
    return [dict(zip(("K", "C", "Y", "X", "R", "S", "T"), (int(v) for v in r))) for r in rows if r]


def true_macs(row):
    k, c, y, x, r, s, t = (row[n] for n in ("K", "C", "Y", "X", "R", "S", "T"))
    if t in (0, 3):  # fully connected / GEMM rows as their reader takes them
        return k * c * y * x * r * s if t == 3 else k * c
    return (1 if t == 2 else k) * c * (y - r + 1) * (x - s + 1) * r * s


def parse_range(text, count):
    out = []
    for part in text.split(","):
        if part == "all":
            out.extend(range(1, count + 1))
        elif "-" in part:
            a, b = part.split("-")
            out.extend(range(int(a), int(b) + 1))
        else:
            out.append(int(part))
    return out


def run_public(args, gamma_dir, maestro, cli, hw_file, work, layer, seed, macs, level_min, level_max):
    """Their main.py on one layer, seeded; their best scored by MAESTRO. Returns their runtime,
    MAC count, the undercount note, their search's wall time (the filter's excluded), the filter's
    time and how many mappings the filter checked and rejected."""
    stem = os.path.join(work, f"theirs_{layer}_{seed}")
    spec = {"gamma": gamma_dir, "maestro": maestro, "seed": seed, "workers": args.workers, "mapping_stem": stem,
            "sanity_filter": args.sanity_filter,
            "strict_filter": {"cli": cli, "hw": os.path.abspath(hw_file)} if args.strict_filter else None,
            "args": ["--fitness1", "latency", "--fitness2", "power", "--num_pe", str(EDGE["num_pe"]), "--l1_size",
                     str(EDGE["l1_size"]), "--l2_size", str(EDGE["l2_size"]), "--NocBW", str(EDGE["NocBW"]),
                     "--slevel_min", level_min, "--slevel_max", level_max, "--num_pop", str(args.population),
                     "--epochs", str(args.generations), "--model", args.model, "--singlelayer", str(layer),
                     "--outdir", os.path.join(work, "public_out")]}
    env = dict(os.environ, PYTHONHASHSEED=str(seed), MPLBACKEND="Agg")
    started = time.time()
    child = subprocess.run([sys.executable, os.path.abspath(__file__), "--public-gamma-child", json.dumps(spec)],
                           capture_output=True, text=True, env=env)
    theirs_wall = time.time() - started
    child_result = next((json.loads(line.split(" ", 1)[1]) for line in child.stdout.splitlines()
                         if line.startswith("PUBLIC_GAMMA_RESULT ")), {})
    filter_s = child_result.get("filter_s", 0.0)
    theirs_wall -= filter_s  # their search's time, not our checker's
    theirs = maestro_score(maestro, hw_file, stem + ".m", work) if os.path.exists(stem + ".m") else None
    if theirs is None and child.returncode != 0:
        print(f"public GAMMA failed on layer {layer} seed {seed}: {child.stderr[-2000:]}", file=sys.stderr)
    note = ""
    if theirs and (not math.isnan(theirs[1]) and int(theirs[1]) != macs or model_artefact(cli, stem + ".m", hw_file)):
        note = " (undercount)"
    return (theirs[0] if theirs else float("nan"), theirs[1] if theirs else float("nan"), note, theirs_wall, filter_s,
            child_result.get("checked", 0), child_result.get("rejected", 0))


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--public-gamma-child":
        public_gamma_child(json.loads(sys.argv[2]))
        return 0
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--gamma", required=True, help="a checkout of maestro-project/gamma")
    ap.add_argument("--maestro", required=True, help="the MAESTRO binary that scores both (and that their search runs)")
    ap.add_argument("--cli", required=True, help="mapscape-cli")
    ap.add_argument("--model", default="resnet18", help="their data/model table name")
    ap.add_argument("--our-model", help="our model of the same layers (default: --model)")
    ap.add_argument("--layers", default="all")
    ap.add_argument("--seeds", default="1,2,3")
    ap.add_argument("--population", type=int, default=100)
    ap.add_argument("--generations", type=int, default=100)
    ap.add_argument("--budget", type=int, default=10000, help="our samples per layer")
    ap.add_argument("--levels", default="2-2", help="their slevel range, MIN-MAX")
    ap.add_argument("--our-levels", help="our level range, MIN-MAX (default: --levels)")
    ap.add_argument("--public-results", help="an earlier run's compare_gamma.csv: their figures from it, their search not run")
    ap.add_argument("--sanity-filter", action="store_true")
    ap.add_argument("--strict-filter", action="store_true",
                    help="hold their search to our validity rule (mapscape-cli eval --batch on every mapping they score)")
    ap.add_argument("--workers", type=int, default=1, help="their MAESTRO worker processes")
    ap.add_argument("--out", help="directory for compare_gamma.md and .csv")
    args = ap.parse_args()
    for path, what in ((os.path.join(args.gamma, "src", "GAMMA", "main.py"), "--gamma"), (args.maestro, "--maestro"), (args.cli, "--cli")):
        if not os.path.exists(path):
            sys.exit(f"{what}: {path} does not exist")
    gamma_dir, maestro, cli = (os.path.abspath(p) for p in (args.gamma, args.maestro, args.cli))
    rows = layer_rows(gamma_dir, args.model)
    layers = parse_range(args.layers, len(rows))
    seeds = [int(s) for s in args.seeds.split(",")]
    level_min, level_max = args.levels.split("-")
    our_levels = args.our_levels or args.levels
    earlier = {}
    if args.public_results:
        with open(args.public_results, newline="") as f:
            earlier = {(int(r["layer"]), int(r["seed"])): r for r in csv.DictReader(f)}
    results = []
    header = ("| layer | seed | bound | public GAMMA (MAESTRO) | ours (MAESTRO) | public / ours | ours, undercounts kept | "
              "public / that | public wall s | ours wall s |\n|---|---|---|---|---|---|---|---|---|---|")
    print(header, flush=True)
    with tempfile.TemporaryDirectory(prefix="compare_gamma_") as work:
        hw_file = None
        for layer in layers:
            row = rows[layer - 1]
            macs = true_macs(row)
            bound = math.ceil(macs / EDGE["num_pe"])
            for seed in seeds:
                # Ours, twice: rejecting what MAESTRO undercounts (our default) and keeping it (as
                # MAESTRO scores it, as the public GAMMA does); each exported and scored by MAESTRO.
                ours = {}
                for mode in ("strict", "as-is"):
                    ours_dir = os.path.join(work, f"ours_{mode}_{layer}_{seed}")
                    started = time.time()
                    run = subprocess.run([cli, "search", "--model", args.our_model or args.model, "--layer", str(layer), "--platform",
                                          "edge", "--system", "S2", "--levels", our_levels, "--budget", str(args.budget), "--seed", str(seed), "--threads", "1",
                                          "--export-maestro", ours_dir, "--quiet"] + (["--maestro-as-is"] if mode == "as-is" else []),
                                         capture_output=True, text=True)
                    wall = time.time() - started
                    if run.returncode != 0:
                        sys.exit(f"mapscape-cli search failed on layer {layer}: {run.stderr}")
                    hw_file = hw_file or next(os.path.join(ours_dir, f) for f in os.listdir(ours_dir) if f.endswith("_hw.m"))
                    mapping = next(os.path.join(ours_dir, f) for f in os.listdir(ours_dir) if f.endswith(f"_layer{layer}.m"))
                    score = maestro_score(maestro, hw_file, mapping, work)
                    ours[mode] = (score[0] if score else float("nan"), wall)
                if earlier:
                    r = earlier.get((layer, seed))
                    if r is None:
                        sys.exit(f"--public-results has no row for layer {layer} seed {seed}")
                    their_runtime, their_macs = float(r["public_cycles"]), float(r["public_macs"])
                    note = " (undercount)" if r["public_undercount"] == "True" else ""
                    theirs_wall, filter_s = float(r["public_wall_s"]), float(r["public_filter_s"])
                    checked, rejected = int(r["public_checked"]), int(r["public_rejected"])
                else:
                    their_runtime, their_macs, note, theirs_wall, filter_s, checked, rejected = run_public(
                        args, gamma_dir, maestro, cli, hw_file, work, layer, seed, macs, level_min, level_max)
                strict, as_is = ours["strict"][0], ours["as-is"][0]
                results.append({"layer": layer, "seed": seed, "macs": macs, "bound_cycles": bound,
                                "public_cycles": their_runtime, "public_macs": their_macs,
                                "public_undercount": bool(note), "ours_cycles": strict, "ours_as_is_cycles": as_is,
                                "public_over_ours": their_runtime / strict, "public_over_ours_as_is": their_runtime / as_is,
                                "public_wall_s": theirs_wall, "public_filter_s": filter_s,
                                "public_checked": checked, "public_rejected": rejected, "ours_wall_s": ours["strict"][1], "ours_as_is_wall_s": ours["as-is"][1]})
                print(f"| {layer} | {seed} | {bound} | {their_runtime:.0f}{note} | {strict:.0f} | {their_runtime / strict:.4f} | "
                      f"{as_is:.0f} | {their_runtime / as_is:.4f} | {theirs_wall:.1f} | {ours['strict'][1]:.2f} |", flush=True)
    def summary(rows, key):
        rows = [r for r in rows if r[key] == r[key]]
        if not rows:
            return "none"
        geo = math.exp(sum(math.log(r[key]) for r in rows) / len(rows))
        return f"{len(rows)} runs, geomean {geo:.4f}, worst {min(r[key] for r in rows):.4f}"
    wall = sum(r["public_wall_s"] for r in results) / max(1e-9, sum(r["ours_wall_s"] for r in results))
    print(f"\npublic / ours, undercounts kept on both sides: {summary(results, 'public_over_ours_as_is')}")
    print(f"public / ours, ours rejecting undercounts: {summary(results, 'public_over_ours')}; "
          f"where MAESTRO counts their best mapping right: {summary([r for r in results if not r['public_undercount']], 'public_over_ours')}")
    print(f"wall time public / ours: {wall:.0f}x")
    if args.out:
        os.makedirs(args.out, exist_ok=True)
        with open(os.path.join(args.out, "compare_gamma.csv"), "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(results[0].keys()))
            w.writeheader()
            w.writerows(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
