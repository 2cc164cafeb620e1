#!/usr/bin/python3
"""Tabulates MAGMA's Figures 8, 9 and 12 from `mapscape-cli schedule-compare --csv` files.

Each CSV row is one (setting, mix, bandwidth, algorithm, seed) run. Per (setting, mix,
bandwidth) this prints: the throughput bound (the MACs at the makespan's lower bound), MAGMA's
throughput (geometric mean over the seeds) beside the paper's, MAGMA's share of the bound, MAGMA
over Herald-like, AI-MT-like and the best black-box method, and the bound over Herald-like and
AI-MT-like (the largest lead any schedule could have there), and MAGMA's geometric-mean lead over
all the other algorithms. A geomean row per figure, and the paper's leads beside ours.

  /usr/bin/python3 tools/magma_figures.py --title "Figure 8: ..." --paper fig8 RUNS.csv [...]

With --versus ALGO (e.g. cmaes) a second table follows: per row the bound, ALGO's throughput,
its share of the bound, MAGMA's, and MAGMA over ALGO, on the seeds both ran.

When the runs hold the RL baselines (a2c, ppo2), a table of them follows: per row the bound,
MAGMA's share of it, the throughputs (geometric means over the seeds), MAGMA over each RL agent
seed by seed and their geometric mean, the best black-box method and MAGMA over it, and where
the better RL agent ranks among all the baselines (RL is not counted as black-box here).

Nothing is run here; the CSVs come from schedule-compare (see docs/magma-regimes.md).
"""
import argparse
import csv
import math
import sys
from collections import OrderedDict, defaultdict

# MAGMA's absolute throughputs in the paper (GFLOP/s), by figure and task; Figure 12 gives none.
PAPER_GFLOPS = {
    ("fig8", "vision"): 249, ("fig8", "language"): 397, ("fig8", "recommendation"): 194, ("fig8", "mix"): 329,
    ("fig9-s2", "vision"): 254, ("fig9-s2", "mix"): 271, ("fig9-s4", "vision"): 254, ("fig9-s4", "mix"): 383,
}
PAPER_LEADS = {
    "fig8": "paper: MAGMA 1.4x Herald-like, 1.41x AI-MT-like, 1.6x the optimisation methods (geomean over the four tasks)",
    "fig9": "paper: MAGMA 2.3x Herald-like and 39.5x AI-MT-like on S2, 1.7x and 52x on S4 (geomean over Vision and Mix)",
    "fig12": "paper: MAGMA 1.2x the others (geomean) at 16 GB/s and 1.6x at 1 GB/s on S2; similar on S4",
}
HEURISTICS = {"magma", "herald", "aimt", "fcfs", "sjf", "rr", "greedy"}
RL = {"a2c", "ppo2"}


def task_of(mix):
    return mix[len("magma-"):] if mix.startswith("magma-") else mix


def paper_key(figure, setting, mix):
    if figure == "fig9":
        return ("fig9-" + setting.lower()[:2], task_of(mix))
    return (figure, task_of(mix))


def geomean(xs):
    xs = [x for x in xs if x > 0 and math.isfinite(x)]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def cell(x, digits=3, suffix=""):
    if x is None or not math.isfinite(x):
        return "-"
    return ("%.*g" % (digits, x)) + suffix


def ratio(x):
    """A lead: 1.013x, 4.07x, 39.5x."""
    if x is None or not math.isfinite(x):
        return "-"
    return ("%.3fx" if x < 2 else "%.2fx" if x < 10 else "%.1fx") % x


def gflops(x):
    if x is None or not math.isfinite(x):
        return "-"
    return "{:,.1f}".format(x) if x < 10000 else "{:,.0f}".format(x)


def throughput(by_algo, algo):
    """An algorithm's throughput in a row: the geometric mean over its seeds (NaN if it has none)."""
    values = [float(r["throughput_gflops"]) for r in by_algo.get(algo, [])]
    return geomean(values) if values and all(v > 0 for v in values) else float("nan")


def bound_gflops(rows):
    """The row's throughput bound: the MACs at the makespan's lower bound, from any of its runs
    (the same jobs for every run: equal up to rounding)."""
    bounds = [float(r["throughput_gflops"]) * float(r["makespan_cycles"]) / float(r["lower_bound_cycles"])
              for r in rows if float(r["lower_bound_cycles"]) > 0 and float(r["throughput_gflops"]) > 0]
    return min(bounds) if bounds else float("nan")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("csv", nargs="+")
    ap.add_argument("--title", default="")
    ap.add_argument("--paper", choices=["fig8", "fig9", "fig12"], required=True)
    ap.add_argument("--versus", default="", help="also tabulate MAGMA against this algorithm, row by row")
    opt = ap.parse_args()

    runs = OrderedDict()  # (setting, mix, bw, units) -> algo -> [rows]
    for path in opt.csv:
        with open(path) as f:
            for r in csv.DictReader(f):
                key = (r["setting"], r["mix"], float(r["bw"]), r["bw_units"])
                runs.setdefault(key, defaultdict(list))[r["algo"]].append(r)
    if opt.title:
        print("**%s**\n" % opt.title)
    print("| setting, task @ bandwidth | bound (GFLOP/s) | MAGMA (GFLOP/s) | paper's MAGMA | MAGMA / paper | MAGMA / bound | "
          "MAGMA / Herald-like | MAGMA / AI-MT-like | MAGMA / best black-box | MAGMA / the others | bound / Herald-like | bound / AI-MT-like |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    ratios = defaultdict(list)
    by_setting = defaultdict(lambda: defaultdict(list))
    all_algos = sorted({a for by_algo in runs.values() for a in by_algo})
    versus_rows = versus_table(runs, opt.versus) if opt.versus else []
    rl_rows = rl_table(runs)
    incomplete = []  # rows lacking an algorithm, or some of its seeds: it is left out of those rows
    for (setting, mix, bw, units), by_algo in runs.items():
        seeds = {r["seed"] for r in by_algo.get("magma", [])}
        unit = "GB/s" if units == "gbps" else "B/cycle"
        missing = []
        for a in all_algos:
            have = {r["seed"] for r in by_algo.get(a, [])}
            if have != seeds:
                missing.append(a if not have else "%s (seeds %s of %s)" % (a, ",".join(sorted(have)), ",".join(sorted(seeds))))
                by_algo.pop(a, None)
        if missing:
            incomplete.append("%s, %s @ %g %s: %s" % (setting, mix, bw, unit, ", ".join(missing)))
        thr = lambda algo: throughput(by_algo, algo)
        bound = bound_gflops(r for rows in by_algo.values() for r in rows)
        magma, herald, aimt = thr("magma"), thr("herald"), thr("aimt")
        blackbox = {a: thr(a) for a in by_algo if a not in HEURISTICS and a not in RL}
        best_name = max(blackbox, key=lambda a: blackbox[a]) if blackbox else None
        best = blackbox[best_name] if best_name else float("nan")
        paper = PAPER_GFLOPS.get(paper_key(opt.paper, setting, mix))
        row = {"herald": magma / herald, "aimt": magma / aimt, "best": magma / best, "bound_herald": bound / herald,
               "bound_aimt": bound / aimt, "others": geomean([magma / thr(a) for a in by_algo if a != "magma"])}
        for k, v in row.items():
            ratios[k].append(v)
            by_setting[setting][k].append(v)
        print("| %s, %s @ %g %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            setting, mix, bw, unit, gflops(bound), gflops(magma), str(paper) if paper else "-",
            ratio(magma / paper if paper else float("nan")), "%.1f%%" % (100 * magma / bound), ratio(row["herald"]),
            ratio(row["aimt"]), ratio(row["best"]) + (" (%s)" % best_name if best_name else ""), ratio(row["others"]),
            ratio(row["bound_herald"]), ratio(row["bound_aimt"])))
    groups = [("**geomean, %s**" % name, r) for name, r in by_setting.items()] if len(by_setting) > 1 else []
    for label, r in groups + [("**geomean**", ratios)]:
        print("| %s | | | | | | %s | %s | %s | %s | %s | %s |" % (
            label, ratio(geomean(r["herald"])), ratio(geomean(r["aimt"])), ratio(geomean(r["best"])), ratio(geomean(r["others"])),
            ratio(geomean(r["bound_herald"])), ratio(geomean(r["bound_aimt"]))))
    print("\nAlgorithms: %s; \"the others\" is MAGMA's geometric-mean lead over all of them. %s." % (", ".join(all_algos),
                                                                                                   PAPER_LEADS[opt.paper][0].upper() + PAPER_LEADS[opt.paper][1:]))
    if incomplete:
        print("\nNot in these rows (not run, or not on every seed; left out of their columns): %s." % "; ".join(incomplete))
    if versus_rows:
        print("\n" + "\n".join(versus_rows))
    if rl_rows:
        print("\n" + "\n".join(rl_rows))


def rl_table(runs):
    """MAGMA against A2C and PPO2, seed by seed, beside the best black-box method and the bound."""
    lines = ["| setting, task @ bandwidth | bound (GFLOP/s) | MAGMA / bound | MAGMA (GFLOP/s) | A2C | PPO2 | "
             "MAGMA / A2C, by seed | geomean | MAGMA / PPO2, by seed | geomean | best black-box (GFLOP/s) | MAGMA / best black-box | "
             "better RL's rank among the baselines |",
             "|---|---:|---:|---:|---:|---:|---|---:|---|---:|---:|---:|---:|"]
    leads = defaultdict(list)
    for (setting, mix, bw, units), by_algo in runs.items():
        mine = {r["seed"]: float(r["throughput_gflops"]) for r in by_algo.get("magma", [])}
        if not mine or not any(a in by_algo for a in RL):
            continue
        thr = lambda algo: throughput(by_algo, algo)
        bound = bound_gflops(r for rows in by_algo.values() for r in rows)
        magma = geomean(list(mine.values()))
        cells = []
        for agent in ("a2c", "ppo2"):
            theirs = {r["seed"]: float(r["throughput_gflops"]) for r in by_algo.get(agent, [])}
            seeds = sorted(set(mine) & set(theirs), key=int)
            by_seed = [mine[x] / theirs[x] for x in seeds]
            leads[agent] += by_seed
            cells.append((", ".join("%.3f" % x for x in by_seed) or "-", ratio(geomean(by_seed)) if by_seed else "-"))
        blackbox = {a: thr(a) for a in by_algo if a not in HEURISTICS and a not in RL}
        best_name = max(blackbox, key=lambda a: blackbox[a]) if blackbox else None
        best = blackbox[best_name] if best_name else float("nan")
        leads["best"].append(magma / best)
        baselines = sorted((thr(a) for a in by_algo if a != "magma" and a not in RL), reverse=True)
        better_rl = max(thr("a2c"), thr("ppo2"))
        rank = 1 + sum(1 for v in baselines if v > better_rl)
        unit = "GB/s" if units == "gbps" else "B/cycle"
        lines.append("| %s, %s @ %g %s | %s | %.1f%% | %s | %s | %s | %s | %s | %s | %s | %s (%s) | %s | %d of %d |" % (
            setting, mix, bw, unit, gflops(bound), 100 * magma / bound, gflops(magma), gflops(thr("a2c")), gflops(thr("ppo2")),
            cells[0][0], cells[0][1], cells[1][0], cells[1][1], gflops(best), best_name, ratio(magma / best),
            rank, len(baselines) + 1))
    if len(lines) == 2:
        return []
    lines.append("| **geomean** (every row and seed) | | | | | | | %s | | %s | | %s | |" % (
        ratio(geomean(leads["a2c"])), ratio(geomean(leads["ppo2"])), ratio(geomean(leads["best"]))))
    lines.append("\nThe paper: MAGMA 1.01-1.3x ahead of RL, the strongest baseline on heterogeneous platforms. "
                 "The rank counts the heuristic mappers and black-box methods (not MAGMA): 1 = RL ahead of all of them.")
    return lines


def versus_table(runs, other):
    """MAGMA against `other` in every row where both ran, on the seeds both ran (geometric means)."""
    lines = ["| setting, task @ bandwidth | seeds | bound (GFLOP/s) | %s (GFLOP/s) | %s / bound | MAGMA (GFLOP/s) | MAGMA / %s |" % (other, other, other),
             "|---|---|---:|---:|---:|---:|---:|"]
    leads = []
    for (setting, mix, bw, units), by_algo in runs.items():
        mine = {r["seed"]: r for r in by_algo.get("magma", [])}
        theirs = {r["seed"]: r for r in by_algo.get(other, [])}
        seeds = sorted(set(mine) & set(theirs), key=int)
        if not seeds:
            continue
        rows = [mine[x] for x in seeds] + [theirs[x] for x in seeds]
        bound = bound_gflops(rows)
        m = geomean([float(mine[x]["throughput_gflops"]) for x in seeds])
        o = geomean([float(theirs[x]["throughput_gflops"]) for x in seeds])
        leads.append(m / o)
        unit = "GB/s" if units == "gbps" else "B/cycle"
        lines.append("| %s, %s @ %g %s | %s | %s | %s | %.1f%% | %s | %s |" % (
            setting, mix, bw, unit, ", ".join(seeds), gflops(bound), gflops(o), 100 * o / bound, gflops(m), ratio(m / o)))
    if not leads:
        return []
    lines.append("| **geomean** | | | | | | %s |" % ratio(geomean(leads)))
    return lines


if __name__ == "__main__":
    sys.exit(main())
