#include "search/model_search.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <chrono>
#include <thread>

#include "util/turn_gate.hpp"

namespace mapscape {

std::uint64_t layer_seed(std::uint64_t model_seed, int layer_number) {
    std::uint64_t z = model_seed * 0x100000001b3ULL + static_cast<std::uint64_t>(layer_number) * 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

Trace model_trace(const std::vector<const Trace*>& layers, const std::vector<Layer>& model_layers) {
    Trace out;
    if (layers.empty()) return out;
    std::vector<std::int64_t> steps;
    for (const Trace* t : layers)
        for (const auto& [samples, best] : *t) steps.push_back(samples);
    std::sort(steps.begin(), steps.end());
    steps.erase(std::unique(steps.begin(), steps.end()), steps.end());
    std::vector<std::size_t> at(layers.size(), 0);  // per layer: entries with samples <= s
    for (std::int64_t s : steps) {
        double sum = 0;
        for (std::size_t l = 0; l < layers.size(); ++l) {
            const Trace& t = *layers[l];
            while (at[l] < t.size() && t[at[l]].first <= s) ++at[l];
            const double best = at[l] == 0 ? std::numeric_limits<double>::infinity() : t[at[l] - 1].second;
            sum += l < model_layers.size() ? over_runs(model_layers[l], best) : best;
        }
        if (!std::isfinite(sum)) continue;
        const std::int64_t x = s * static_cast<std::int64_t>(layers.size());
        if (out.size() >= 2 && out.back().second == sum && out[out.size() - 2].second == sum)
            out.back().first = x;  // a plateau only grows longer
        else
            out.emplace_back(x, sum);
    }
    return out;
}

namespace {

ModelSearchOutcome run_layers(const ModelSearchRequest& request, const ModelSearchObserver& observer,
                              const std::stop_token& stop, const LayerSetup& setup) {
    const auto start = std::chrono::steady_clock::now();
    const std::size_t n = request.layers.size();
    ModelSearchOutcome out;
    out.layers.resize(n);
    const int threads = std::max(1, request.base.threads);
    const bool interleave = request.interleave_layers && n > 1;
    const bool parallel_layers = n > 1 && (threads > 1 || interleave);
    TurnGate turns(threads);

    auto run_layer = [&](std::size_t i) {
        SearchProblem p = request.base;
        p.layer = request.layers[i];
        const int number = i < request.layer_numbers.size() ? request.layer_numbers[i] : static_cast<int>(i) + 1;
        p.seed = layer_seed(request.base.seed, number);
        p.threads = parallel_layers ? 1 : threads;
        if (interleave) p.turns = &turns;
        Algorithm algorithm = request.algorithm;
        if (setup) setup(i, p, algorithm);
        SearchSink* sink = observer.sink_for ? observer.sink_for(static_cast<int>(i)) : nullptr;
        LayerSearchOutcome& o = out.layers[i];
        o.layer_number = number;
        o.name = p.layer.name.empty() ? "layer" + std::to_string(number) : p.layer.name;
        if (stop.stop_requested()) {  // layers not begun when the user stopped stay empty
            o.result.stopped = true;
            return;
        }
        o.result = run_search(p, algorithm, sink, stop);
        if (observer.layer_done) observer.layer_done(static_cast<int>(i), o);
    };
    if (interleave) {
        // A thread per layer; their first turns go in layer order, decided before any starts.
        std::vector<std::uint64_t> tickets(n);
        for (std::uint64_t& t : tickets) t = turns.take_ticket();
        std::vector<std::jthread> pool;
        for (std::size_t i = 0; i < n; ++i)
            pool.emplace_back([&, i] {
                turns.wait_for(tickets[i]);
                run_layer(i);
                turns.release();
            });
    } else if (parallel_layers) {
        std::atomic<std::size_t> next{0};
        auto worker = [&] {
            for (std::size_t i = next++; i < n; i = next++) run_layer(i);
        };
        std::vector<std::jthread> pool;
        for (int t = 0; t < std::min<int>(threads, static_cast<int>(n)); ++t) pool.emplace_back(worker);
    } else {
        for (std::size_t i = 0; i < n; ++i) run_layer(i);
    }
    for (const LayerSearchOutcome& o : out.layers) out.layers_without_mapping += o.result.found ? 0 : 1;
    out.total_runtime_cycles = total_over_runs<std::int64_t>(request.layers, [&](std::size_t i) {
        return out.layers[i].result.found ? out.layers[i].result.best_report.runtime_cycles : 0;
    });
    out.total_energy_nj = total_over_runs<double>(request.layers, [&](std::size_t i) {
        return out.layers[i].result.found ? out.layers[i].result.best_report.energy.total_nj : 0.0;
    });
    out.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return out;
}

}  // namespace

ModelSearchOutcome search_model(const ModelSearchRequest& request, const ModelSearchObserver& observer,
                                std::stop_token stop) {
    return run_layers(request, observer, stop, {});
}

ModelSearchOutcome search_model(const ModelSearchRequest& request, const LayerSetup& setup, const ModelSearchObserver& observer,
                                std::stop_token stop) {
    return run_layers(request, observer, stop, setup);
}

TwoStageOutcome two_stage_search(const ModelSearchRequest& request, const ModelSearchObserver& observer,
                                 std::stop_token stop) {
    TwoStageOutcome out;
    ModelSearchRequest first = request;
    first.base.objective = Objective::of(Metric::Latency);
    out.latency_stage = run_layers(first, observer, stop, {});
    for (const LayerSearchOutcome& o : out.latency_stage.layers)
        if (o.result.found && o.result.best_report.runtime_cycles > out.pipeline_latency_cycles) {
            out.pipeline_latency_cycles = o.result.best_report.runtime_cycles;
            out.bottleneck_layer = o.layer_number;
        }
    if (stop.stop_requested()) return out;

    const std::int64_t cap = out.pipeline_latency_cycles;
    out.second_stage = run_layers(request, observer, stop, [&](std::size_t i, SearchProblem& p, Algorithm& a) {
        if (cap > 0) p.constraints.max_latency_cycles = cap;
        p.seed = layer_seed(p.seed, 2);  // a different stream from stage one
        const SearchResult& before = out.latency_stage.layers[i].result;
        if (a.kind == Algorithm::Kind::Gamma && before.found)
            if (auto g = genome_of(before.best_mapping, make_genome_space(p))) a.gamma.seeds = {*g};
    });
    return out;
}

}  // namespace mapscape
