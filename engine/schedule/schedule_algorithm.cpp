#include "schedule/schedule_algorithm.hpp"

#include <cmath>
#include <map>
#include <mutex>

#include "search/black_box.hpp"
#include "util/seed_mixing.hpp"

namespace mapscape {

namespace {

// MAGMA's encoding as a point of [0,1)^(2 x jobs): the first half picks each job's core among
// those that can run it, the second half is the priorities. Fitness: the objective's logarithm.
class ScheduleVectorObjective : public BlackBoxObjective {
public:
    explicit ScheduleVectorObjective(ScheduleEvaluator& eval) : eval_(&eval) {
        const JobTable& t = eval.table();
        for (int j = 0; j < t.jobs(); ++j) {
            allowed_.emplace_back();
            for (int c = 0; c < t.cores(); ++c)
                if (t.runs_on(j, c)) allowed_.back().push_back(c);
        }
        a_.core.resize(allowed_.size());
        a_.priority.resize(allowed_.size());
    }
    std::size_t size() const override { return 2 * allowed_.size(); }
    bool exhausted() override { return eval_->done(); }
    std::int64_t remaining() const override { return eval_->remaining(); }
    double evaluate(const double* x) override {
        if (exhausted()) throw BudgetExhausted{};
        const std::size_t n = allowed_.size();
        for (std::size_t j = 0; j < n; ++j) {
            const double u = std::clamp(x[j], 0.0, std::nextafter(1.0, 0.0));
            a_.core[j] = allowed_[j][static_cast<std::size_t>(u * static_cast<double>(allowed_[j].size()))];
            a_.priority[j] = std::clamp(x[n + j], 0.0, 1.0);
        }
        const double objective = eval_->evaluate(a_);
        return std::isfinite(objective) ? std::log(std::max(objective, 1e-300)) : kInvalidFitness;
    }

private:
    ScheduleEvaluator* eval_;
    std::vector<std::vector<int>> allowed_;
    Assignment a_;
};

struct ExternalSchedulers {
    std::mutex mutex;
    std::map<std::string, ExternalScheduler, std::less<>> run;
    std::map<std::string, ExternalScheduleCheck, std::less<>> check;
};

ExternalSchedulers& external_schedulers() {
    static ExternalSchedulers registry;
    return registry;
}

ExternalScheduler find_external_scheduler(std::string_view name) {
    ExternalSchedulers& r = external_schedulers();
    std::lock_guard lock(r.mutex);
    const auto it = r.run.find(name);
    return it == r.run.end() ? ExternalScheduler{} : it->second;
}

}  // namespace

bool register_schedule_algorithm(const std::string& name, ExternalScheduler run, ExternalScheduleCheck check) {
    if (name.empty() || !run) return false;
    if (const auto existing = parse_schedule_algorithm(name); existing && existing->kind != ScheduleAlgorithm::Kind::External) return false;
    ExternalSchedulers& r = external_schedulers();
    std::lock_guard lock(r.mutex);
    r.run[name] = std::move(run);
    r.check[name] = std::move(check);
    return true;
}

std::string schedule_algorithm_problem(const ScheduleAlgorithm& algorithm) {
    if (algorithm.kind != ScheduleAlgorithm::Kind::External) return {};
    ExternalScheduleCheck check;
    {
        ExternalSchedulers& r = external_schedulers();
        std::lock_guard lock(r.mutex);
        if (const auto it = r.check.find(algorithm.external_name); it != r.check.end()) check = it->second;
    }
    return check ? check() : std::string{};
}

std::string ScheduleAlgorithm::name() const {
    switch (kind) {
        case Kind::Magma: return "magma";
        case Kind::Baseline: return std::string(baseline_name(baseline));
        case Kind::Heuristic: return std::string(heuristic_name(heuristic));
        case Kind::External: return external_name;
    }
    return "magma";
}

std::optional<ScheduleAlgorithm> parse_schedule_algorithm(std::string_view name) {
    ScheduleAlgorithm a;
    if (name == "magma") return a;
    if (auto b = parse_baseline(name)) {
        a.kind = ScheduleAlgorithm::Kind::Baseline;
        a.baseline = *b;
        return a;
    }
    if (auto h = parse_heuristic(name)) {
        a.kind = ScheduleAlgorithm::Kind::Heuristic;
        a.heuristic = *h;
        return a;
    }
    if (find_external_scheduler(name)) {
        a.kind = ScheduleAlgorithm::Kind::External;
        a.external_name = std::string(name);
        return a;
    }
    return std::nullopt;
}

std::vector<std::string> schedule_algorithm_names() {
    std::vector<std::string> names{"magma"};
    for (Baseline b : all_baselines()) names.emplace_back(baseline_name(b));
    for (Heuristic h : all_heuristics()) names.emplace_back(heuristic_name(h));
    ExternalSchedulers& r = external_schedulers();
    std::lock_guard lock(r.mutex);
    for (const auto& [name, run] : r.run) names.push_back(name);
    return names;
}

ScheduleResult run_schedule_search(const ScheduleProblem& problem, const ScheduleAlgorithm& algorithm,
                                   ScheduleSink* sink, std::stop_token stop) {
    switch (algorithm.kind) {
        case ScheduleAlgorithm::Kind::Magma: return run_magma(problem, algorithm.magma, sink, std::move(stop));
        case ScheduleAlgorithm::Kind::Baseline: {
            ScheduleEvaluator eval(problem, sink, std::move(stop));
            ScheduleVectorObjective f(eval);
            run_black_box(f, algorithm.baseline, mix_seed(problem.seed, 7), algorithm.black_box);
            return eval.finish();
        }
        case ScheduleAlgorithm::Kind::Heuristic: {
            ScheduleProblem one = problem;
            one.budget = 1;
            ScheduleEvaluator eval(one, sink, std::move(stop));
            eval.evaluate(heuristic_assignment(algorithm.heuristic, *problem.table, problem.system_bytes_per_cycle));
            return eval.finish();
        }
        case ScheduleAlgorithm::Kind::External:
            if (const ExternalScheduler run = find_external_scheduler(algorithm.external_name)) return run(problem, sink, std::move(stop));
            return {};
    }
    return {};
}

}  // namespace mapscape
