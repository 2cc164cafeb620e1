#include "schedule/magma.hpp"

#include <algorithm>
#include <cmath>
#include <random>

#include "schedule/heuristic_mappers.hpp"

namespace mapscape {

namespace {

using Rng = std::mt19937_64;

struct MagmaIndividual {
    Assignment genes;
    double fitness = std::numeric_limits<double>::infinity();
};

class Magma {
public:
    Magma(const ScheduleProblem& p, const MagmaOptions& o, ScheduleSink* sink, std::stop_token stop)
        : problem_(p), options_(o), eval_(p, sink, std::move(stop)), rng_(p.seed), jobs_(p.table->jobs()),
          cores_(p.table->cores()) {
        for (int j = 0; j < jobs_; ++j) {
            allowed_.emplace_back();
            for (int c = 0; c < cores_; ++c)
                if (p.table->runs_on(j, c)) allowed_.back().push_back(c);
        }
    }

    ScheduleResult run() {
        const int size = std::max(4, options_.population > 0 ? options_.population : jobs_);
        std::vector<MagmaIndividual> population;
        std::vector<Assignment> starts = options_.warm_start;  // the caller's first
        if (options_.start_from_mappers)
            for (Heuristic h : {Heuristic::Herald, Heuristic::AiMt})
                starts.push_back(heuristic_assignment(h, *problem_.table, problem_.system_bytes_per_cycle));
        for (const Assignment& w : starts)
            if (static_cast<int>(population.size()) < size) population.push_back({fit(w)});
        while (static_cast<int>(population.size()) < size) population.push_back({random_individual()});
        for (MagmaIndividual& i : population) i.fitness = eval_.evaluate(i.genes);

        while (!eval_.done()) {
            std::stable_sort(population.begin(), population.end(),
                             [](const MagmaIndividual& a, const MagmaIndividual& b) { return a.fitness < b.fitness; });
            const int elites = std::max(1, static_cast<int>(std::lround(size * options_.elite_ratio)));
            const int parents = std::clamp(static_cast<int>(std::lround(size * options_.parent_ratio)), 2, size);
            const std::vector<double> weights = parent_weights(population, parents);
            std::discrete_distribution<int> pick(weights.begin(), weights.end());

            std::vector<MagmaIndividual> next(population.begin(), population.begin() + elites);
            while (static_cast<int>(next.size()) < size) {
                const int a = pick(rng_);
                int b = pick(rng_);
                for (int tries = 0; b == a && tries < 8; ++tries) b = pick(rng_);
                MagmaIndividual x{population[static_cast<std::size_t>(a)].genes};
                MagmaIndividual y{population[static_cast<std::size_t>(b)].genes};
                if (chance(options_.crossover_gen_rate)) crossover_gen(x.genes, y.genes);
                if (chance(options_.crossover_rg_rate)) crossover_rg(x.genes, y.genes);
                if (chance(options_.crossover_accel_rate)) crossover_accel(x.genes, population[static_cast<std::size_t>(b)].genes);
                if (chance(options_.crossover_accel_rate)) crossover_accel(y.genes, population[static_cast<std::size_t>(a)].genes);
                for (MagmaIndividual* child : {&x, &y}) {
                    mutate(child->genes);
                    if (static_cast<int>(next.size()) < size) next.push_back(std::move(*child));
                }
            }
            for (std::size_t i = static_cast<std::size_t>(elites); i < next.size(); ++i)
                next[i].fitness = eval_.evaluate(next[i].genes);
            population = std::move(next);
        }
        return eval_.finish();
    }

private:
    bool chance(double p) { return std::uniform_real_distribution<double>(0, 1)(rng_) < p; }
    double unit() { return std::uniform_real_distribution<double>(0, 1)(rng_); }
    int random_core(int job) {
        const auto& a = allowed_[static_cast<std::size_t>(job)];
        return a[static_cast<std::size_t>(std::uniform_int_distribution<std::size_t>(0, a.size() - 1)(rng_))];
    }

    Assignment random_individual() {
        Assignment a;
        for (int j = 0; j < jobs_; ++j) {
            a.core.push_back(random_core(j));
            a.priority.push_back(unit());
        }
        return a;
    }

    // A warm-start individual of this group's size, on cores that can run each job.
    Assignment fit(const Assignment& w) {
        Assignment a = random_individual();
        for (int j = 0; j < jobs_ && static_cast<std::size_t>(j) < w.core.size(); ++j) {
            const int c = w.core[static_cast<std::size_t>(j)] % cores_;
            const auto& ok = allowed_[static_cast<std::size_t>(j)];
            if (std::find(ok.begin(), ok.end(), c) != ok.end()) a.core[static_cast<std::size_t>(j)] = c;
            if (static_cast<std::size_t>(j) < w.priority.size()) a.priority[static_cast<std::size_t>(j)] = w.priority[static_cast<std::size_t>(j)];
        }
        return a;
    }

    // The best `parents` individuals, the better more likely (weights fall linearly from the
    // best to the worst parent's objective).
    static std::vector<double> parent_weights(const std::vector<MagmaIndividual>& ranked, int parents) {
        std::vector<double> w(static_cast<std::size_t>(parents), 1.0);
        double worst = 0;
        for (int i = 0; i < parents; ++i)
            if (std::isfinite(ranked[static_cast<std::size_t>(i)].fitness))
                worst = std::max(worst, ranked[static_cast<std::size_t>(i)].fitness);
        if (worst <= 0) return w;
        for (int i = 0; i < parents; ++i) {
            const double f = ranked[static_cast<std::size_t>(i)].fitness;
            w[static_cast<std::size_t>(i)] = std::isfinite(f) ? 1.0 + (worst - f) / worst * static_cast<double>(parents) : 1e-3;
        }
        return w;
    }

    void crossover_gen(Assignment& a, Assignment& b) {
        if (jobs_ < 2) return;
        const auto pivot = static_cast<std::size_t>(std::uniform_int_distribution<int>(1, jobs_ - 1)(rng_));
        if (chance(0.5)) {
            std::swap_ranges(a.core.begin() + static_cast<std::ptrdiff_t>(pivot), a.core.end(),
                             b.core.begin() + static_cast<std::ptrdiff_t>(pivot));
        } else {
            std::swap_ranges(a.priority.begin() + static_cast<std::ptrdiff_t>(pivot), a.priority.end(),
                             b.priority.begin() + static_cast<std::ptrdiff_t>(pivot));
        }
    }

    void crossover_rg(Assignment& a, Assignment& b) {
        int lo = std::uniform_int_distribution<int>(0, jobs_ - 1)(rng_);
        int hi = std::uniform_int_distribution<int>(0, jobs_ - 1)(rng_);
        if (lo > hi) std::swap(lo, hi);
        for (int j = lo; j <= hi; ++j) {
            std::swap(a.core[static_cast<std::size_t>(j)], b.core[static_cast<std::size_t>(j)]);
            std::swap(a.priority[static_cast<std::size_t>(j)], b.priority[static_cast<std::size_t>(j)]);
        }
    }

    // The child takes `donor`'s jobs and their order on one core; the jobs it had there and the
    // donor does not move to random other cores.
    void crossover_accel(Assignment& child, const Assignment& donor) {
        const int k = std::uniform_int_distribution<int>(0, cores_ - 1)(rng_);
        for (int j = 0; j < jobs_; ++j) {
            const auto i = static_cast<std::size_t>(j);
            if (donor.core[i] == k) {
                child.core[i] = k;
                child.priority[i] = donor.priority[i];
            } else if (child.core[i] == k) {
                const auto& ok = allowed_[i];
                if (ok.size() > 1)
                    do child.core[i] = random_core(j);
                    while (child.core[i] == k);
            }
        }
    }

    void mutate(Assignment& a) {
        for (int j = 0; j < jobs_; ++j) {
            if (chance(options_.mutation_rate)) a.core[static_cast<std::size_t>(j)] = random_core(j);
            if (chance(options_.mutation_rate)) a.priority[static_cast<std::size_t>(j)] = unit();
        }
    }

    const ScheduleProblem& problem_;
    MagmaOptions options_;
    ScheduleEvaluator eval_;
    Rng rng_;
    int jobs_, cores_;
    std::vector<std::vector<int>> allowed_;  // cores that can run each job
};

}  // namespace

ScheduleResult run_magma(const ScheduleProblem& problem, const MagmaOptions& options, ScheduleSink* sink,
                         std::stop_token stop) {
    return Magma(problem, options, sink, std::move(stop)).run();
}

}  // namespace mapscape
