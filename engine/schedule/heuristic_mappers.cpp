#include "schedule/heuristic_mappers.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace mapscape {

namespace {

struct HeuristicName {
    Heuristic h;
    std::string_view name;
};
constexpr HeuristicName kHeuristicNames[] = {{Heuristic::Herald, "herald"}, {Heuristic::AiMt, "aimt"},      {Heuristic::Fcfs, "fcfs"},
                            {Heuristic::Sjf, "sjf"},       {Heuristic::RoundRobin, "rr"}, {Heuristic::Greedy, "greedy"}};

constexpr double kInf = std::numeric_limits<double>::infinity();

double best_latency(const JobTable& t, int j) {
    double best = kInf;
    for (int c = 0; c < t.cores(); ++c) best = std::min(best, t.latency(j, c));
    return best;
}

// Appends jobs in `order`, each to the runnable core that minimises score(job, core, load).
template <class Score>
CoreQueues list_schedule(const JobTable& t, const std::vector<int>& order, Score score) {
    CoreQueues q(static_cast<std::size_t>(t.cores()));
    std::vector<double> load(static_cast<std::size_t>(t.cores()), 0.0);
    for (int j : order) {
        int chosen = -1;
        double best = kInf;
        for (int c = 0; c < t.cores(); ++c) {
            if (!t.runs_on(j, c)) continue;
            const double s = score(j, c, load[static_cast<std::size_t>(c)]);
            if (s < best) {
                best = s;
                chosen = c;
            }
        }
        q[static_cast<std::size_t>(chosen)].push_back(j);
        load[static_cast<std::size_t>(chosen)] += t.latency(j, chosen);
    }
    return q;
}

std::vector<int> arrival_order(const JobTable& t) {
    std::vector<int> order(static_cast<std::size_t>(t.jobs()));
    std::iota(order.begin(), order.end(), 0);
    return order;
}

CoreQueues herald(const JobTable& t) {
    std::vector<int> order = arrival_order(t);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return best_latency(t, a) > best_latency(t, b); });
    CoreQueues q = list_schedule(t, order, [&](int j, int c, double load) {
        return t.latency(j, c) <= 1.25 * best_latency(t, j) ? load + t.latency(j, c) : kInf;
    });
    // Load balancing: move a job off the most-loaded core while that lowers the largest load.
    auto load_of = [&](std::size_t c) {
        double s = 0;
        for (int j : q[c]) s += t.latency(j, static_cast<int>(c));
        return s;
    };
    for (int round = 0; round < 10 * t.jobs(); ++round) {
        std::size_t worst = 0;
        for (std::size_t c = 1; c < q.size(); ++c)
            if (load_of(c) > load_of(worst)) worst = c;
        const double top = load_of(worst);
        double best_gain = 0;
        std::size_t move_index = 0, move_to = 0;
        for (std::size_t k = 0; k < q[worst].size(); ++k) {
            const int j = q[worst][k];
            for (std::size_t c = 0; c < q.size(); ++c) {
                if (c == worst || !t.runs_on(j, static_cast<int>(c))) continue;
                const double after = std::max(top - t.latency(j, static_cast<int>(worst)),
                                              load_of(c) + t.latency(j, static_cast<int>(c)));
                if (top - after > best_gain) {
                    best_gain = top - after;
                    move_index = k;
                    move_to = c;
                }
            }
        }
        if (best_gain <= 0) break;
        q[move_to].push_back(q[worst][move_index]);
        q[worst].erase(q[worst].begin() + static_cast<std::ptrdiff_t>(move_index));
    }
    for (auto& queue : q) std::sort(queue.begin(), queue.end());  // arrival order on each core
    return q;
}

CoreQueues ai_mt(const JobTable& t, double system_bw) {
    // Every core assumed to be like core 0 (a job core 0 cannot run uses its own best).
    auto estimate = [&](int j) { return t.runs_on(j, 0) ? t.latency(j, 0) : best_latency(t, j); };
    CoreQueues q = list_schedule(t, arrival_order(t), [&](int j, int, double load) { return load + estimate(j); });
    const double fair_share = system_bw / static_cast<double>(t.cores());
    for (std::size_t c = 0; c < q.size(); ++c) {
        std::vector<int> memory, compute;
        for (int j : q[c]) (t.bandwidth(j, 0) > fair_share ? memory : compute).push_back(j);
        std::vector<int> mixed;
        bool memory_turn = c % 2 == 1;
        std::size_t m = 0, k = 0;
        while (m < memory.size() || k < compute.size()) {
            if ((memory_turn && m < memory.size()) || k >= compute.size())
                mixed.push_back(memory[m++]);
            else
                mixed.push_back(compute[k++]);
            memory_turn = !memory_turn;
        }
        q[c] = std::move(mixed);
    }
    return q;
}

}  // namespace

std::string_view heuristic_name(Heuristic h) {
    for (const HeuristicName& n : kHeuristicNames)
        if (n.h == h) return n.name;
    return "herald";
}

std::optional<Heuristic> parse_heuristic(std::string_view name) {
    for (const HeuristicName& n : kHeuristicNames)
        if (n.name == name) return n.h;
    return std::nullopt;
}

const std::vector<Heuristic>& all_heuristics() {
    static const std::vector<Heuristic> all = [] {
        std::vector<Heuristic> v;
        for (const HeuristicName& n : kHeuristicNames) v.push_back(n.h);
        return v;
    }();
    return all;
}

Assignment heuristic_assignment(Heuristic h, const JobTable& t, double system_bw) {
    CoreQueues q;
    switch (h) {
        case Heuristic::Herald: q = herald(t); break;
        case Heuristic::AiMt: q = ai_mt(t, system_bw); break;
        case Heuristic::Fcfs:
            q = list_schedule(t, arrival_order(t), [](int, int, double load) { return load; });
            break;
        case Heuristic::Sjf: {
            std::vector<int> order = arrival_order(t);
            std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return best_latency(t, a) < best_latency(t, b); });
            q = list_schedule(t, order, [](int, int, double load) { return load; });
            break;
        }
        case Heuristic::RoundRobin: {
            q.resize(static_cast<std::size_t>(t.cores()));
            int next = 0;
            for (int j = 0; j < t.jobs(); ++j) {
                int c = next;
                while (!t.runs_on(j, c)) c = (c + 1) % t.cores();
                q[static_cast<std::size_t>(c)].push_back(j);
                next = (c + 1) % t.cores();
            }
            break;
        }
        case Heuristic::Greedy:
            q = list_schedule(t, arrival_order(t), [&](int j, int c, double load) { return load + t.latency(j, c); });
            break;
    }
    return assignment_of(q, t.jobs());
}

}  // namespace mapscape
