#include "reference/simulation_study.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <thread>

#include "cost/evaluate.hpp"
#include "util/seed_mixing.hpp"

namespace mapscape {

std::string_view study_figure_name(StudyFigure f) {
    switch (f) {
        case StudyFigure::Runtime: return "runtime (cycles)";
        case StudyFigure::Macs: return "MACs";
        case StudyFigure::InputL2Reads: return "input L2 reads";
        case StudyFigure::WeightL2Reads: return "weight L2 reads";
        case StudyFigure::OutputL2Writes: return "output L2 writes";
        case StudyFigure::InputDramFills: return "input L2 writes (DRAM fills)";
        case StudyFigure::WeightDramFills: return "weight L2 writes (DRAM fills)";
        case StudyFigure::L1Reads: return "L1 reads per operand";
        case StudyFigure::InputL1Writes: return "input L1 writes (MAESTRO: = L2 reads)";
        case StudyFigure::WeightL1Writes: return "weight L1 writes (MAESTRO: = L2 reads)";
        case StudyFigure::Count: break;
    }
    return "?";
}

std::array<std::int64_t, kStudyFigures> study_figures(const CostReport& r) {
    return {r.runtime_cycles, r.macs, r.tensors[0].l2_read, r.tensors[1].l2_read, r.tensors[2].l2_write,
            r.tensors[0].l2_write, r.tensors[1].l2_write, r.tensors[0].l1_read, r.tensors[0].l1_write, r.tensors[1].l1_write};
}

std::array<std::int64_t, kStudyFigures> study_figures(const SimulationResult& s) {
    return {s.runtime_cycles, s.macs, s.tensors[0].l2_read, s.tensors[1].l2_read, s.tensors[2].l2_write,
            s.tensors[0].l2_write, s.tensors[1].l2_write, s.tensors[0].l1_read, s.tensors[0].l1_write, s.tensors[1].l1_write};
}

double StudySample::relative_error(StudyFigure f) const {
    const auto i = static_cast<std::size_t>(f);
    const double m = static_cast<double>(model[i]), s = static_cast<double>(simulated[i]);
    if (s == 0) return m == 0 ? 0.0 : (m > 0 ? 1e9 : -1e9);
    return (m - s) / s;
}

bool StudySample::exact() const {
    return std::equal(model.begin(), model.begin() + kComparableFigures, simulated.begin());
}

namespace {

std::int64_t uniform(std::mt19937_64& rng, std::int64_t lo, std::int64_t hi) {
    return std::uniform_int_distribution<std::int64_t>(lo, std::max(lo, hi))(rng);
}

std::int64_t random_divisor(std::mt19937_64& rng, std::int64_t n) {
    std::vector<std::int64_t> divisors;
    for (std::int64_t d = 1; d <= n; ++d)
        if (n % d == 0) divisors.push_back(d);
    return divisors[static_cast<std::size_t>(uniform(rng, 0, static_cast<std::int64_t>(divisors.size()) - 1))];
}

Layer random_small_layer(std::mt19937_64& rng, bool unit_stride, std::int64_t index) {
    const bool depthwise = uniform(rng, 0, 4) == 0;
    const std::int64_t r = uniform(rng, 1, 3), s = uniform(rng, 1, 3);
    const std::int64_t stride = unit_stride ? 1 : uniform(rng, 1, 2);
    const std::int64_t y = uniform(rng, r, 16), x = uniform(rng, s, 16);
    const std::int64_t c = uniform(rng, 1, 32);
    Layer l = depthwise ? Layer::depthwise("dw" + std::to_string(index), c, r, s, y, x, stride)
                        : Layer::conv("conv" + std::to_string(index), uniform(rng, 1, 32), c, r, s, y, x, stride);
    return l;
}

// A GAMMA-style mapping: per level one SpatialMap and every dimension once, in random order,
// R and S whole (MAESTRO's rule). With `perfect`, every tile divides the one above and every
// SpatialMap's positions are a multiple of its sub-clusters. The PE count follows (at most 256).
Mapping random_study_mapping(const Layer& layer, int levels, bool perfect, bool split_filters, std::mt19937_64& rng,
                             std::int64_t& num_pes) {
    const bool depthwise = layer.type == LayerType::DepthwiseConv;
    std::vector<Dim> dims;
    if (!depthwise) dims.push_back(Dim::K);
    for (Dim d : {Dim::C, Dim::Yo, Dim::Xo, Dim::R, Dim::S}) dims.push_back(d);
    std::array<std::int64_t, kNumDims> extent{};
    auto ext = [&](Dim d) -> std::int64_t& { return extent[static_cast<std::size_t>(index_of(d))]; };
    ext(Dim::K) = layer.size(Dim::K);
    ext(Dim::C) = layer.size(Dim::C);
    ext(Dim::Yo) = layer.size(Dim::Y) - layer.size(Dim::R) + 1;
    ext(Dim::Xo) = layer.size(Dim::X) - layer.size(Dim::S) + 1;
    ext(Dim::R) = layer.size(Dim::R);
    ext(Dim::S) = layer.size(Dim::S);
    Mapping m;
    num_pes = 1;
    for (int li = 0; li < levels; ++li) {
        std::vector<Dim> parallel;
        for (Dim d : dims)
            if (d != Dim::R && d != Dim::S) parallel.push_back(d);
        const Dim spatial = parallel[static_cast<std::size_t>(uniform(rng, 0, static_cast<std::int64_t>(parallel.size()) - 1))];
        std::shuffle(dims.begin(), dims.end(), rng);
        std::vector<Directive> level;
        std::int64_t sub_clusters = 1;
        const std::int64_t most = 256 / num_pes;
        for (Dim d : dims) {
            std::int64_t& e = ext(d);
            std::int64_t tile = e;
            if ((d != Dim::R && d != Dim::S) || split_filters) tile = perfect ? random_divisor(rng, e) : uniform(rng, 1, e);
            if (d == spatial) {
                const std::int64_t spots = (e + tile - 1) / tile;
                if (perfect) {
                    do sub_clusters = random_divisor(rng, spots);
                    while (sub_clusters > most);
                } else {
                    sub_clusters = uniform(rng, 1, std::min<std::int64_t>({16, spots + 2, most}));
                }
                level.push_back(Directive::spatial(d, tile, tile));
            } else {
                level.push_back(Directive::temporal(d, tile, tile));
            }
            e = tile;
        }
        if (li > 0) m.directives.push_back(Directive::cluster(sub_clusters));
        m.directives.insert(m.directives.end(), level.begin(), level.end());
        num_pes *= sub_clusters;
    }
    return m;
}

Accelerator random_study_accelerator(std::mt19937_64& rng, std::int64_t num_pes) {
    Accelerator acc = maestro_cli_defaults();
    acc.name = "study";
    acc.num_pes = num_pes;
    static constexpr std::int64_t kBandwidths[] = {1, 2, 4, 8, 16, 64, 2147483647};
    const std::int64_t bw = kBandwidths[uniform(rng, 0, 6)];
    set_uniform_noc(acc, bw, 1, uniform(rng, 0, 2));
    acc.simd_lanes = std::int64_t{1} << uniform(rng, 0, 2);
    static constexpr std::int64_t kOffchip[] = {4, 16, 64};
    acc.offchip_bw_elements_per_cycle = uniform(rng, 0, 3) == 0 ? kOffchip[uniform(rng, 0, 2)] : 70000;
    return acc;
}

}  // namespace

bool draw_study_sample(std::uint64_t seed, std::int64_t index, bool perfect, StudySample& sample, bool split_filters) {
    std::mt19937_64 rng(mix_seed(seed, static_cast<std::uint64_t>(index)));
    sample = StudySample{};
    sample.layer = random_small_layer(rng, perfect, index);
    const int levels = static_cast<int>(uniform(rng, 1, 3));
    std::int64_t pes = 1;
    sample.mapping = random_study_mapping(sample.layer, levels, perfect, split_filters, rng, pes);
    sample.accelerator = random_study_accelerator(rng, pes);
    return true;
}

namespace {

// Analyses one drawn sample with both; false when either refuses it.
enum class Outcome { Kept, ModelRefused, SimulatorRefused };

Outcome analyse(StudySample& s, const StudyModel& model, bool perfect) {
    const CostReport report = model ? model(s.layer, s.accelerator, s.mapping) : evaluate(s.layer, s.accelerator, s.mapping);
    const bool kept = report.valid() || report.invalid.kind == Invalidity::MacsUndercounted ||
                      report.invalid.kind == Invalidity::BelowComputeBound;
    if (!kept) return Outcome::ModelRefused;
    const SimulationResult sim = simulate(s.layer, s.accelerator, s.mapping);
    if (!sim.ok()) return Outcome::SimulatorRefused;
    if (perfect && (sim.features.partial_tiles || sim.features.idle_sub_clusters)) return Outcome::SimulatorRefused;
    s.model = study_figures(report);
    s.simulated = study_figures(sim);
    s.model_flag = report.invalid.kind;
    s.features = sim.features;
    s.covers_layer = sim.macs == sim.layer_macs && sim.distinct_macs == sim.layer_macs;
    s.layer_macs = sim.layer_macs;
    return Outcome::Kept;
}

}  // namespace

StudyResult run_simulation_study(const StudyOptions& options, const StudyModel& model,
                                 const std::function<void(std::int64_t)>& progress) {
    const auto start = std::chrono::steady_clock::now();
    StudyResult result;
    // Draw in blocks; a sample's stream depends on its draw index only, so the kept set is the
    // same whatever the thread count.
    const std::int64_t block = 256;
    std::int64_t next_index = 0;
    while (static_cast<std::int64_t>(result.samples.size()) < options.mappings) {
        std::vector<StudySample> drawn(static_cast<std::size_t>(block));
        std::vector<Outcome> outcome(static_cast<std::size_t>(block));
        std::atomic<std::int64_t> cursor{0};
        auto worker = [&] {
            for (std::int64_t i; (i = cursor.fetch_add(1)) < block;) {
                auto& s = drawn[static_cast<std::size_t>(i)];
                draw_study_sample(options.seed, next_index + i, options.perfect_tiling_only, s, options.split_filters);
                s.accelerator.analysis = options.analysis;
                outcome[static_cast<std::size_t>(i)] = analyse(s, model, options.perfect_tiling_only);
            }
        };
        std::vector<std::thread> threads;
        for (int t = 1; t < std::max(1, options.threads); ++t) threads.emplace_back(worker);
        worker();
        for (auto& t : threads) t.join();
        for (std::int64_t i = 0; i < block && static_cast<std::int64_t>(result.samples.size()) < options.mappings; ++i) {
            ++result.drawn;
            switch (outcome[static_cast<std::size_t>(i)]) {
                case Outcome::Kept: result.samples.push_back(std::move(drawn[static_cast<std::size_t>(i)])); break;
                case Outcome::ModelRefused: ++result.rejected_by_model; break;
                case Outcome::SimulatorRefused: ++result.rejected_by_simulator; break;
            }
        }
        next_index += block;
        if (progress) progress(static_cast<std::int64_t>(result.samples.size()));
        if (next_index > options.mappings * 50 + 10000) break;  // a model that refuses nearly everything
    }
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

namespace {

std::string percent(std::int64_t part, std::int64_t whole) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%%", whole > 0 ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0);
    return buf;
}

std::string error_text(double e) {
    char buf[32];
    if (std::fabs(e) >= 1e8) return "model > 0, simulated 0";
    std::snprintf(buf, sizeof buf, "%.2f%%", 100.0 * e);
    return buf;
}

double quantile(std::vector<double> v, double q) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const auto at = static_cast<std::size_t>(std::min<double>(static_cast<double>(v.size() - 1), std::floor(q * static_cast<double>(v.size()))));
    return v[at];
}

std::string mapping_text(const Mapping& m) {
    std::string s;
    for (const Directive& d : m.directives) {
        if (!s.empty()) s += " ";
        s += to_maestro_text(d);
    }
    return s;
}

struct FeatureRow {
    const char* name;
    std::function<bool(const StudySample&)> has;
};

}  // namespace

std::string study_markdown(const StudyResult& r, const StudyOptions& o, std::string_view cpu) {
    std::string md;
    char buf[512];
    const auto n = static_cast<std::int64_t>(r.samples.size());
    std::snprintf(buf, sizeof buf,
                  "%s analysis; %lld mappings (seed %llu%s), %lld drawn: %lld refused by the model, %lld by the simulator; %.1f s on %s.\n\n",
                  o.analysis == AnalysisMode::Faithful ? "Faithful" : "MAESTRO-exact", static_cast<long long>(n),
                  static_cast<unsigned long long>(o.seed),
                  o.perfect_tiling_only ? ", perfect tiling only" : (o.split_filters ? ", filters split too" : ""), static_cast<long long>(r.drawn),
                  static_cast<long long>(r.rejected_by_model), static_cast<long long>(r.rejected_by_simulator), r.seconds,
                  std::string(cpu).c_str());
    md += buf;
    {
        std::int64_t all_within = 0, macs_below = 0;
        for (const StudySample& s : r.samples) {
            bool within = true;
            for (int f = 0; f < kComparableFigures; ++f) within = within && std::fabs(s.relative_error(static_cast<StudyFigure>(f))) <= 0.01;
            all_within += within;
            macs_below += s.model[1] < s.layer_macs;
        }
        std::snprintf(buf, sizeof buf,
                      "Every comparable figure within 1%% of the simulator's: %lld of %lld (%s); the model counts fewer MACs than the "
                      "layer has on %lld.\n\n",
                      static_cast<long long>(all_within), static_cast<long long>(n), percent(all_within, n).c_str(),
                      static_cast<long long>(macs_below));
        md += buf;
    }
    md += "| figure | equal | within 1% | within 10% | model lower | model higher | median abs. error | p99 abs. error | max abs. error |\n";
    md += "|---|---:|---:|---:|---:|---:|---:|---:|---:|\n";
    for (int f = 0; f < kStudyFigures; ++f) {
        const auto fig = static_cast<StudyFigure>(f);
        std::int64_t equal = 0, within1 = 0, within10 = 0, lower = 0, higher = 0;
        std::vector<double> abs_errors;
        double worst = 0;
        for (const StudySample& s : r.samples) {
            const double e = s.relative_error(fig);
            equal += s.model[static_cast<std::size_t>(f)] == s.simulated[static_cast<std::size_t>(f)];
            within1 += std::fabs(e) <= 0.01;
            within10 += std::fabs(e) <= 0.10;
            lower += e < 0;
            higher += e > 0;
            abs_errors.push_back(std::fabs(e));
            if (std::fabs(e) > std::fabs(worst)) worst = e;
        }
        md += "| " + std::string(study_figure_name(fig)) + " | " + percent(equal, n) + " | " + percent(within1, n) + " | " +
              percent(within10, n) + " | " + percent(lower, n) + " | " + percent(higher, n) + " | " +
              error_text(quantile(abs_errors, 0.5)) + " | " + error_text(quantile(abs_errors, 0.99)) + " | " + error_text(worst) + " |\n";
    }
    const std::vector<FeatureRow> features = {
        {"none of the features below", [](const StudySample& s) {
             return !s.features.any() && s.accelerator.offchip_bw_elements_per_cycle >= 1000;
         }},
        {"partial tiles (a tile does not divide the one above)", [](const StudySample& s) { return s.features.partial_tiles; }},
        {"idle sub-clusters at a spatial edge", [](const StudySample& s) { return s.features.idle_sub_clusters; }},
        {"stride 2", [](const StudySample& s) { return s.features.strided_windows; }},
        {"overlapping input rows across sub-clusters", [](const StudySample& s) { return s.features.spatial_window_overlap; }},
        {"a sub-cluster's spatial window overlaps its last one", [](const StudySample& s) { return s.features.spatial_self_overlap; }},
        {"refetch after an inner loop", [](const StudySample& s) { return s.features.refetch_after_inner_loop; }},
        {"window overlap kept across an inner loop", [](const StudySample& s) { return s.features.window_reuse_across_wrap; }},
        {"small off-chip bandwidth (4 to 64 elements/cycle)", [](const StudySample& s) { return s.accelerator.offchip_bw_elements_per_cycle < 1000; }},
        {"the model counts fewer MACs than the layer", [](const StudySample& s) { return s.model[1] < s.layer_macs; }},
        {"the model counts more MACs than the layer", [](const StudySample& s) { return s.model[1] > s.layer_macs; }},
        {"the mapping does not do every MAC once", [](const StudySample& s) { return !s.covers_layer; }},
    };
    md += "\n| mapping feature | mappings | every figure equal | runtime equal | runtime within 1% | median abs. runtime error | max abs. runtime error | MACs equal | input L2 reads equal | with no other feature | of which runtime equal |\n";
    md += "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
    // Feature rows 1 to 8 describe the mapping; "only" counts a mapping with that one of them.
    auto feature_count = [&](const StudySample& s) {
        int c = 0;
        for (std::size_t k = 1; k <= 8; ++k) c += features[k].has(s);
        return c;
    };
    for (std::size_t row_index = 0; row_index < features.size(); ++row_index) {
        const FeatureRow& row = features[row_index];
        std::int64_t count = 0, all_equal = 0, runtime_equal = 0, runtime_1 = 0, macs_equal = 0, input_equal = 0;
        std::int64_t alone = 0, alone_equal = 0;
        std::vector<double> errors;
        for (const StudySample& s : r.samples) {
            if (!row.has(s)) continue;
            if (row_index >= 1 && row_index <= 8 && feature_count(s) == 1) {
                ++alone;
                alone_equal += s.relative_error(StudyFigure::Runtime) == 0;
            }
            ++count;
            all_equal += s.exact();
            const double e = s.relative_error(StudyFigure::Runtime);
            runtime_equal += e == 0;
            runtime_1 += std::fabs(e) <= 0.01;
            macs_equal += s.relative_error(StudyFigure::Macs) == 0;
            input_equal += s.relative_error(StudyFigure::InputL2Reads) == 0;
            errors.push_back(std::fabs(e));
        }
        md += "| " + std::string(row.name) + " | " + std::to_string(count) + " | " + percent(all_equal, count) + " | " +
              percent(runtime_equal, count) + " | " + percent(runtime_1, count) + " | " + error_text(quantile(errors, 0.5)) +
              " | " + error_text(errors.empty() ? 0 : *std::max_element(errors.begin(), errors.end())) + " | " +
              percent(macs_equal, count) + " | " + percent(input_equal, count) + " | " +
              (row_index >= 1 && row_index <= 8 ? std::to_string(alone) + " | " + percent(alone_equal, alone) : std::string("| ")) +
              " |\n";
    }
    // The worst cases by runtime error.
    std::vector<std::size_t> order(r.samples.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return std::fabs(r.samples[a].relative_error(StudyFigure::Runtime)) > std::fabs(r.samples[b].relative_error(StudyFigure::Runtime));
    });
    md += "\nWorst runtime errors:\n\n| layer | PEs | mapping | model cycles | simulated cycles | error |\n|---|---:|---|---:|---:|---:|\n";
    for (std::size_t i = 0; i < std::min<std::size_t>(8, order.size()); ++i) {
        const StudySample& s = r.samples[order[i]];
        md += "| " + shape_summary(s.layer) + " | " + std::to_string(s.accelerator.num_pes) + " | `" + mapping_text(s.mapping) + "` | " +
              std::to_string(s.model[0]) + " | " + std::to_string(s.simulated[0]) + " | " +
              error_text(s.relative_error(StudyFigure::Runtime)) + " |\n";
    }
    return md;
}

}  // namespace mapscape
