// mapscape.search and mapscape.compare: mapping searches over a model's layers with the options
// of `mapscape-cli search` and `compare` (search/search_setup.hpp builds both), results with the
// CLI's JSON (to_dict), tables (to_dataframe) and convergence traces as NumPy arrays.
#include <cmath>
#include <optional>

#include "arrays.hpp"
#include "common.hpp"
#include "cost/bounds.hpp"
#include "cost_types.hpp"
#include "json_convert.hpp"
#include "mapping/dataflow_text.hpp"
#include "long_call.hpp"
#include "python_types.hpp"
#include "search/least_footprint.hpp"
#include "search/algorithm_comparison.hpp"
#include "search/maestro_export.hpp"
#include "search/search_json.hpp"
#include "search/sensitivity.hpp"
#include "search/llm_search_metrics.hpp"
#include "search/search_setup.hpp"

namespace mapscape::python {

namespace {

constexpr double kNoNumber = std::numeric_limits<double>::quiet_NaN();

// Sums the layers' progress (samples, best objective) of a model search, its stages counted
// apart: a layer's second sink (two-stage search) is its second stage. `best` and `bound` cover
// the layers (of the latest stage that started) that have a valid mapping so far, each counted as
// often as it runs: figures from the first layer on, the model's totals at the end.
class ModelProgress {
public:
    ModelProgress(ProgressBoard& board, const std::vector<Layer>& layers, int stages, std::int64_t budget_per_layer,
                  std::vector<double> layer_bounds)
        : board_(board), layers_(layers.size()), samples_(layers.size() * static_cast<std::size_t>(stages), 0), best_(samples_.size(), kNoNumber),
          bounds_(std::move(layer_bounds)), opened_(layers.size(), 0) {
        for (const Layer& l : layers) repeats_.push_back(static_cast<double>(l.repeat_count));
        sinks_.reserve(samples_.size());
        for (std::size_t i = 0; i < samples_.size(); ++i) sinks_.push_back(LayerSink(this, i));
        board_.update([&](Progress& p) { p.total = budget_per_layer * static_cast<std::int64_t>(samples_.size()); });
    }

    ModelSearchObserver observer() {
        ModelSearchObserver o;
        o.sink_for = [this](int layer) -> SearchSink* {
            std::lock_guard lock(mutex_);
            const std::size_t stage = std::min<std::size_t>(opened_[static_cast<std::size_t>(layer)]++, samples_.size() / layers_ - 1);
            return &sinks_[stage * layers_ + static_cast<std::size_t>(layer)];
        };
        return o;
    }

private:
    struct LayerSink : SearchSink {
        LayerSink(ModelProgress* owner, std::size_t index) : owner_(owner), index_(index) {}
        void progress(const SearchProgress& p) override { owner_->update(index_, p); }
        ModelProgress* owner_;
        std::size_t index_;
    };

    void update(std::size_t index, const SearchProgress& s) {
        board_.update([&](Progress& p) {
            samples_[index] = s.samples;
            best_[index] = std::isfinite(s.best_objective) ? s.best_objective : kNoNumber;
            p.done = 0;
            for (std::int64_t n : samples_) p.done += n;
            const std::size_t stage = index / layers_;
            double best = 0, bound = 0;
            bool any = false;
            for (std::size_t l = 0; l < layers_; ++l) {
                const double b = best_[stage * layers_ + l];
                if (std::isnan(b)) continue;
                any = true;
                best += repeats_[l] * b;
                bound += repeats_[l] * bounds_[l];
            }
            p.best = any ? best : kNoNumber;
            p.bound = any ? bound : kNoNumber;
            p.elapsed_s = std::max(p.elapsed_s, s.elapsed_seconds);
        });
    }

    ProgressBoard& board_;
    std::size_t layers_;
    std::vector<std::int64_t> samples_;
    std::vector<double> best_;
    std::vector<double> bounds_;   // each layer's lower bound of the objective
    std::vector<double> repeats_;  // each layer's repeat count, its weight in the model's sum
    std::vector<LayerSink> sinks_;
    std::mutex mutex_;
    std::vector<std::size_t> opened_;
};

struct PyLayerResult {
    LayerSearchOutcome outcome;
    Layer layer;
    Accelerator accelerator;
    Objective objective;
};

struct PySearchResult {
    SearchRunInfo info;
    ModelSearchRequest request;
    ModelSearchOutcome outcome;
    std::optional<TwoStageOutcome> two;
    std::string model_name;
    SearchSetup setup;  // for an LLM phase's figures
};

std::optional<LlmPhaseMetrics> llm_phase_of(const PySearchResult& r) { return llm_metrics_of_search(r.setup, r.outcome); }

nlohmann::ordered_json search_json(const PySearchResult& r) {
    nlohmann::ordered_json doc =
        r.two ? two_stage_search_to_json(r.info, r.request, *r.two) : model_search_to_json(r.info, r.request, r.outcome);
    if (const auto phase = llm_phase_of(r)) doc["llm_phase"] = llm_metrics_to_json(r.setup.model, *phase);
    return doc;
}

std::vector<PyLayerResult> layer_results(const PySearchResult& r) {
    std::vector<PyLayerResult> out;
    for (std::size_t i = 0; i < r.outcome.layers.size(); ++i)
        out.push_back({r.outcome.layers[i], r.request.layers[i], r.request.base.accelerator, r.info.objective});
    return out;
}

py::object search_dataframe(const PySearchResult& r) {
    py::list layer, name, repeat, objective, bound, above, runtime, energy, samples, valid, wall, mapping;
    for (std::size_t i = 0; i < r.outcome.layers.size(); ++i) {
        const LayerSearchOutcome& o = r.outcome.layers[i];
        const SearchResult& s = o.result;
        const double floor = objective_bound(r.info.objective, layer_bound(r.request.layers[i], r.request.base.accelerator));
        layer.append(o.layer_number);
        name.append(o.name);
        repeat.append(r.request.layers[i].repeat_count);
        objective.append(s.found ? number_or_none(s.best_objective) : py::none());
        bound.append(floor);
        above.append(s.found && floor > 0 ? number_or_none(s.best_objective / floor - 1) : py::none());
        runtime.append(s.found ? py::object(py::int_(s.best_report.runtime_cycles)) : py::none());
        energy.append(s.found ? number_or_none(s.best_report.energy.total_nj) : py::none());
        samples.append(s.samples);
        valid.append(s.valid_samples);
        wall.append(s.wall_seconds);
        mapping.append(s.found ? py::object(py::str(dataflow_text(s.best_mapping))) : py::none());
    }
    py::dict columns;
    columns["layer"] = layer;
    columns["name"] = name;
    columns["repeat_count"] = repeat;
    columns["objective_value"] = objective;
    columns["bound"] = bound;
    columns["above_bound"] = above;
    columns["runtime_cycles"] = runtime;
    columns["energy_nj"] = energy;
    columns["samples"] = samples;
    columns["valid_samples"] = valid;
    columns["wall_s"] = wall;
    columns["mapping"] = mapping;
    return make_dataframe(columns);
}

py::array_t<double> model_trace_array(const ModelSearchOutcome& outcome, const std::vector<Layer>& layers) {
    std::vector<const Trace*> traces;
    for (const LayerSearchOutcome& l : outcome.layers) traces.push_back(&l.result.trace);
    return trace_array(model_trace(traces, layers));
}

// technology=, precision=, dram=, l2_banks=, analysis= as the CLI's --tech, --precision, --dram, --l2-banks, --analysis
// (None keeps the accelerator's, and each layer's precision); make_search_setup applies them.
struct TechnologyArguments {
    py::object technology;
    std::optional<std::string> precision;
    std::optional<std::string> dram;
    py::object l2_banks;
    std::optional<std::string> analysis;

    TechnologyChoice choice() const {
        TechnologyChoice c;
        if (!technology.is_none()) c.technology = path_argument(technology, "technology");
        c.precision = precision.value_or("");
        c.dram = dram.value_or("");
        if (!l2_banks.is_none()) c.l2_banks = int_argument(l2_banks, "l2_banks", 1, 1024);
        c.analysis = analysis.value_or("");
        return c;
    }
};

// The search setup from the keyword arguments `search` and `compare` share (the CLI's
// search_setup options: --layer, --system, --levels, --objective, --budget, --time-limit, ...).
SearchSetup search_setup_from_arguments(const py::object& model, const py::object& accelerator, const py::object& layers,
                                        const std::string& system, const std::optional<std::string>& levels, const std::string& objective,
                                        std::int64_t budget, double time_limit, std::int64_t max_latency, bool maestro_as_is,
                                        const TechnologyArguments& technology, int threads) {
    SearchSetupOptions o;
    o.layers = layer_selection_argument(layers);
    o.system = system;
    o.levels = levels.value_or("");
    o.objective = objective;
    o.budget = budget;
    o.seconds = time_limit;
    o.max_latency = max_latency;
    o.threads = threads;
    o.maestro_as_is = maestro_as_is;
    o.technology = technology.choice();
    auto [acc, platform] = platform_argument(accelerator);
    return make_search_setup(model_argument(model), std::move(acc), std::move(platform), o);
}

PySearchResult run_model_search(const py::object& model, const py::object& accelerator, const std::string& algo, const py::object& layers,
                                const std::string& system, const std::optional<std::string>& levels, const std::string& objective,
                                std::int64_t budget, double time_limit, std::int64_t max_latency, bool maestro_as_is,
                                const py::object& technology, const std::optional<std::string>& precision,
                                const std::optional<std::string>& dram, const py::object& l2_banks, const std::optional<std::string>& analysis, int threads, std::uint64_t seed,
                                bool two_stage, int population, int generations, const py::object& progress) {
    const SearchSetup setup = search_setup_from_arguments(model, accelerator, layers, system, levels, objective, budget, time_limit, max_latency,
                                                          maestro_as_is, {technology, precision, dram, l2_banks, analysis}, threads);
    const Algorithm algorithm = search_algorithm(algo, population, generations);
    PySearchResult r;
    r.request = make_search_request(setup, algorithm, seed);
    r.info = {algorithm.name(), setup.base.objective, seed, setup.platform_name, setup.base.system, setup.base.budget.samples};
    r.model_name = setup.model.name;
    r.setup = setup;
    std::vector<double> layer_bounds;
    for (const Layer& l : r.request.layers) layer_bounds.push_back(objective_bound(setup.base.objective, layer_bound(l, setup.base.accelerator)));
    const bool report = !progress.is_none();
    run_long_call(
        [&](std::stop_token stop, ProgressBoard& board) {
            // Sinks only when someone listens: they cost the driver a copy of every point.
            std::optional<ModelProgress> listener;
            ModelSearchObserver observer;
            if (report) {
                listener.emplace(board, r.request.layers, two_stage ? 2 : 1, r.request.base.budget.samples, layer_bounds);
                observer = listener->observer();
            }
            if (two_stage) {
                r.two = two_stage_search(r.request, observer, stop);
                r.outcome = r.two->second_stage;
            } else {
                r.outcome = search_model(r.request, observer, stop);
            }
            return 0;
        },
        progress);
    return r;
}

}  // namespace

void bind_search(py::module_& m) {
    using L = PyLayerResult;
    py::class_<L>(m, "LayerSearchResult", "One layer's search: its best mapping and cost, samples and convergence trace.")
        .def_property_readonly("layer", [](const L& l) { return l.outcome.layer_number; }, "its 1-based number in the model")
        .def_property_readonly("name", [](const L& l) { return l.outcome.name; })
        .def_property_readonly("found", [](const L& l) { return l.outcome.result.found; }, "whether a valid mapping was found")
        .def_property_readonly("objective_value", [](const L& l) { return l.outcome.result.found ? number_or_none(l.outcome.result.best_objective) : py::none(); })
        .def_property_readonly("bound", [](const L& l) { return objective_bound(l.objective, layer_bound(l.layer, l.accelerator)); },
                               "what no mapping of the layer can beat, in the objective's units")
        .def_property_readonly("mapping", [](const L& l) { return l.outcome.result.found ? py::cast(l.outcome.result.best_mapping) : py::none(); })
        .def_property_readonly("cost", [](const L& l) {
            const SearchResult& s = l.outcome.result;
            return s.found ? py::cast(make_cost_report(s.best_report, l.layer, l.accelerator, s.best_mapping)) : py::none();
        }, "the best mapping's CostReport (None without one)")
        .def_property_readonly("samples", [](const L& l) { return l.outcome.result.samples; })
        .def_property_readonly("valid_samples", [](const L& l) { return l.outcome.result.valid_samples; })
        .def_property_readonly("wall_s", [](const L& l) { return l.outcome.result.wall_seconds; })
        .def_property_readonly("stopped", [](const L& l) { return l.outcome.result.stopped; })
        .def_property_readonly("why_none", [](const L& l) { return l.outcome.result.found ? py::none() : py::cast(why_no_mapping(l.outcome.result)); },
                               "without a mapping: the rule the samples broke, with counts, and the L1 and L2 the "
                               "least-footprint mapping needs (None with one)")
        .def_property_readonly("least_footprint_fallback", [](const L& l) { return l.outcome.result.least_footprint_fallback; },
                               "whether the mapping is the least-footprint one the search fell back to (no sample ran)")
        .def_property_readonly("trace", [](const L& l) { return trace_array(l.outcome.result.trace); },
                               "float64 array (n, 2): samples, best objective so far, at each improvement")
        .def("__repr__", [](const L& l) {
            return "<LayerSearchResult " + std::to_string(l.outcome.layer_number) + " " + l.outcome.name + ": " +
                   (l.outcome.result.found ? std::to_string(l.outcome.result.best_objective) : std::string("no valid mapping")) + ">";
        });

    using R = PySearchResult;
    py::class_<R>(m, "SearchResult", R"doc(
A model search: every selected layer's best mapping. to_dict() is the document of
`mapscape-cli search ... --json`; to_dataframe() a row per layer (needs pandas).
)doc")
        .def("to_dict", [](const R& r) { return json_to_python(search_json(r)); }, "the CLI's --json document")
        .def("to_dataframe", &search_dataframe, "a pandas.DataFrame with a row per layer")
        .def_property_readonly("layers", &layer_results)
        .def_property_readonly("model", [](const R& r) { return r.model_name; })
        .def_property_readonly("algo", [](const R& r) { return r.info.algorithm; })
        .def_property_readonly("objective", [](const R& r) { return r.info.objective.name(); })
        .def_property_readonly("seed", [](const R& r) { return r.info.seed; })
        .def_property_readonly("platform", [](const R& r) { return r.info.platform; })
        .def_property_readonly("accelerator", [](const R& r) { return r.request.base.accelerator; })
        .def_property_readonly("total_runtime_cycles", [](const R& r) { return r.outcome.total_runtime_cycles; }, "summed over the layers with a mapping")
        .def_property_readonly("total_energy_nj", [](const R& r) { return r.outcome.total_energy_nj; })
        .def_property_readonly("objective_value", [](const R& r) -> py::object {
            if (r.outcome.layers_without_mapping > 0 || r.outcome.layers.empty()) return py::none();
            return number_or_none(total_over_runs<double>(r.request.layers, [&](std::size_t i) { return r.outcome.layers[i].result.best_objective; }));
        }, "the sum of the layers' objectives, each counted as often as the network runs it (None unless every layer has a mapping)")
        .def_property_readonly("bound", [](const R& r) { return objective_bound_sum(r.info.objective, r.request.layers, r.request.base.accelerator); })
        .def_property_readonly("layers_without_mapping", [](const R& r) { return r.outcome.layers_without_mapping; })
        .def_property_readonly("llm_phase", [](const R& r) -> py::object {
            const auto phase = llm_phase_of(r);
            return phase ? json_to_python(llm_metrics_to_json(r.setup.model, *phase)) : py::none();
        }, "a language model's phase (Model.llm): ms_per_token, tokens_per_second, energy_per_token_nj, bound_seconds,\n"
           "limited_by ... as the CLI's \"llm_phase\"; None for other models or a search of some layers only")
        .def_property_readonly("wall_s", [](const R& r) { return r.outcome.wall_seconds; })
        .def_property_readonly("stopped", [](const R& r) {
            for (const auto& l : r.outcome.layers)
                if (l.result.stopped) return true;
            return false;
        })
        .def_property_readonly("trace", [](const R& r) { return model_trace_array(r.outcome, r.request.layers); },
                               "float64 array (n, 2): model samples, sum of the layers' bests, each counted as often as the network\n"
                               "runs the layer (the model's convergence)")
        .def_property_readonly("latency_stage", [](const R& r) -> py::object {
            if (!r.two) return py::none();
            R stage = r;
            stage.two.reset();
            stage.outcome = r.two->latency_stage;
            stage.info.objective = Objective::of(Metric::Latency);
            return py::cast(std::move(stage));
        }, "two-stage searches: the first stage (latency) as a SearchResult")
        .def_property_readonly("pipeline_latency_cycles", [](const R& r) { return r.two ? py::cast(r.two->pipeline_latency_cycles) : py::none(); })
        .def_property_readonly("bottleneck_layer", [](const R& r) { return r.two ? py::cast(r.two->bottleneck_layer) : py::none(); })
        .def("export_maestro", [](const R& r, const py::object& directory) {
            return export_maestro_files(path_argument(directory, "directory"), r.model_name, r.request, r.outcome).paths;
        }, py::arg("directory"), "writes MAESTRO files of the best mappings (as --export-maestro); returns their paths")
        .def("__repr__", [](const R& r) {
            return "<SearchResult " + r.model_name + " " + r.info.algorithm + ": " + std::to_string(r.outcome.layers.size()) + " layers, " +
                   std::to_string(r.outcome.total_runtime_cycles) + " cycles>";
        });

    const SearchSetupOptions d;
    const SearchDefaults defaults;
    m.def("search", &run_model_search, py::arg("model"), py::arg("accelerator") = defaults.platform, py::kw_only(), py::arg("algo") = defaults.algo,
          py::arg("layers") = d.layers, py::arg("system") = d.system, py::arg("levels") = py::none(), py::arg("objective") = d.objective,
          py::arg("budget") = d.budget, py::arg("time_limit") = d.seconds, py::arg("max_latency") = d.max_latency,
          py::arg("maestro_as_is") = d.maestro_as_is, py::arg("technology") = py::none(), py::arg("precision") = py::none(),
          py::arg("dram") = py::none(), py::arg("l2_banks") = py::none(), py::arg("analysis") = py::none(), py::arg("threads") = d.threads, py::arg("seed") = defaults.seed,
          py::arg("two_stage") = false,
          py::arg("population") = defaults.population, py::arg("generations") = defaults.generations, py::arg("progress") = py::none(), R"doc(
Searches the best mapping of each selected layer of a model, as `mapscape-cli search` does, with its
options and defaults (--time-limit is time_limit, --layer is layers); the same seed gives the CLI's
result, whatever the threads.

model: a Model, a bundled model's name or a model file. accelerator: an Accelerator, a preset id
(edge, cloud, ...) or an accelerator file (the CLI's --platform). algo: any name of
mapscape.algorithms("search"): gamma, random, stdga, de, es11, cmaes, tbpsa, pso, portfolio, sa,
xnes, fixed-DATAFLOW, mindmappings, gamma-guided, ddpg, and those a library registers later.
layers: "all", 3, "2-5", [1, 4, 9] (1-based). system: S1, S2 or S3. objective: latency, energy,
power, edp, area, lap or a product such as "latency*energy^2". budget: samples per layer.
technology: maestro, 45nm, ... (mapscape.technologies()) or a technology file; precision: the
number format of layers that give none ("int8", "input=int8,weight=int4,output=int32"); dram: the
technology's DRAM type; l2_banks: the global buffer's banks; analysis: "maestro" (MAESTRO's model
figure for figure) or "faithful" (what the dataflow does: docs/faithful-analysis.md) (None keeps
the accelerator's, as the CLI's --tech, --precision, --dram, --l2-banks and --analysis).
threads: 0 = one per core. progress: called with a Progress at most every 100 ms.
Ctrl-C stops the search within 100 ms and raises KeyboardInterrupt.
)doc");

    m.def(
        "sensitivity",
        [](const py::object& model, const py::object& accelerator, const py::object& vary, const std::string& objective, std::int64_t budget,
           const std::string& algo, std::uint64_t seed, const py::object& technology, const std::optional<std::string>& precision,
           const std::optional<std::string>& dram, const py::object& l2_banks, const std::optional<std::string>& analysis, int threads, const py::object& progress) {
            SensitivityRequest request;
            request.model = model_argument(model);
            auto [acc, platform] = platform_argument(accelerator);
            request.accelerator = std::move(acc);
            request.platform_name = std::move(platform);
            request.options.objective = objective;
            request.options.budget = budget;
            request.options.threads = threads;
            request.options.technology = TechnologyArguments{technology, precision, dram, l2_banks, analysis}.choice();
            request.algo = algo;
            request.seed = seed;
            // One knob ("l2=x0.5,x2") or a list of them: each holds its own commas.
            if (py::isinstance<py::str>(vary)) {
                request.knobs.push_back(parse_sensitivity_knob(vary.cast<std::string>()));
            } else if (!vary.is_none()) {
                if (!py::isinstance<py::sequence>(vary)) throw py::type_error("vary: a knob such as \"l2=x0.5,x2\", or a list of them");
                for (const py::handle& v : vary) {
                    if (!py::isinstance<py::str>(v)) throw py::type_error("vary: each knob is a string such as \"l2=x0.5,x2\"");
                    request.knobs.push_back(parse_sensitivity_knob(v.cast<std::string>()));
                }
            }
            const SensitivityTable table = run_long_call([&](std::stop_token stop, ProgressBoard&) { return sensitivity(request, stop); }, progress);
            // Columns of equal length (pandas.DataFrame(result["rows"]) makes the table), the
            // current design first: the CLI's --json document otherwise.
            return json_to_python(sensitivity_to_json(request, table));
        },
        py::arg("model"), py::arg("accelerator") = defaults.platform, py::kw_only(), py::arg("vary") = py::none(),
        py::arg("objective") = d.objective, py::arg("budget") = 1500, py::arg("algo") = defaults.algo, py::arg("seed") = defaults.seed,
        py::arg("technology") = py::none(), py::arg("precision") = py::none(), py::arg("dram") = py::none(), py::arg("l2_banks") = py::none(), py::arg("analysis") = py::none(),
        py::arg("threads") = d.threads, py::arg("progress") = py::none(), R"doc(
The network's best latency and energy with each accelerator knob at x0.5 and x2 (the CLI's
`whatif`): every unique layer shape searched again on each variant, at `budget` samples per layer.
vary: None (pe_rows, pe_columns, l1, l2, noc_bw, offchip_bw, clock; precision and node under a
physical technology) or knobs such as ["l2=x0.5,x2", "clock=x2"]. Returns the CLI's --json
document: {"current": {...}, "rows": [{"knob", "factor", "setting", "applies", "latency_ms",
"latency_change", "energy_nj", "energy_change", ...}]}; pandas.DataFrame(result["rows"]) is the table.
)doc");

    m.def(
        "compare",
        [](const py::object& model, const py::object& accelerator, const py::object& algos, const py::object& seeds, const py::object& layers,
           const std::string& system, const std::optional<std::string>& levels, const std::string& objective, std::int64_t budget,
           double time_limit, std::int64_t max_latency, bool maestro_as_is, const py::object& technology,
           const std::optional<std::string>& precision, const std::optional<std::string>& dram, const py::object& l2_banks, const std::optional<std::string>& analysis, int threads,
           const py::object& progress) {
            const SearchSetup setup = search_setup_from_arguments(model, accelerator, layers, system, levels, objective, budget, time_limit,
                                                                  max_latency, maestro_as_is, {technology, precision, dram, l2_banks, analysis}, threads);
            const std::vector<Algorithm> algorithms = parse_algorithm_list(list_argument(algos, "algos"));
            const std::vector<std::uint64_t> seed_list = seed_list_argument(seeds);
            const auto runs = static_cast<std::int64_t>(algorithms.size() * seed_list.size());
            return run_long_call(
                [&](std::stop_token stop, ProgressBoard& board) {
                    board.update([&](Progress& p) {
                        p.unit = "runs";
                        p.total = runs;
                    });
                    return compare_algorithms(
                        setup, algorithms, seed_list,
                        [&](std::size_t, std::size_t, const ModelSearchOutcome&) { board.update([](Progress& p) { ++p.done; }); }, {}, stop);
                },
                progress);
        },
        py::arg("model"), py::arg("accelerator") = defaults.platform, py::kw_only(),
        py::arg("algos") = defaults.compare_algos,
        py::arg("seeds") = defaults.compare_seeds, py::arg("layers") = "all", py::arg("system") = d.system, py::arg("levels") = py::none(),
        py::arg("objective") = d.objective, py::arg("budget") = d.budget, py::arg("time_limit") = d.seconds, py::arg("max_latency") = d.max_latency,
        py::arg("maestro_as_is") = d.maestro_as_is, py::arg("technology") = py::none(), py::arg("precision") = py::none(),
        py::arg("dram") = py::none(), py::arg("l2_banks") = py::none(), py::arg("analysis") = py::none(), py::arg("threads") = d.threads, py::arg("progress") = py::none(), R"doc(
Runs several search algorithms on the same layers and seeds, as `mapscape-cli compare` does (the
first algorithm is the reference). algos and seeds are lists or the CLI's comma-separated text;
algos are names of mapscape.algorithms("search"). technology, precision, dram, l2_banks, analysis: as
for search (the CLI's --tech, --precision, --dram, --l2-banks, --analysis; None keeps the accelerator's).
Returns a Comparison: to_markdown() is the CLI's table, to_dict() its --json document.
)doc");

    using C = AlgorithmComparison;
    py::class_<C>(m, "Comparison", "Several algorithms on the same layers and seeds (compare).")
        .def("to_dict", [](const C& c) { return json_to_python(comparison_to_json(c)); }, "the document of `mapscape-cli compare --json`")
        .def("to_markdown", &comparison_markdown, "the CLI's Markdown table")
        .def("to_csv", &comparison_csv, "the normalised table as CSV (--csv)")
        .def("to_raw_csv", &comparison_raw_csv, "every (layer, algorithm, seed) result as CSV (--raw-csv)")
        .def("to_dataframe", [](const C& c) {
            py::list layer, algo, seed, objective, runtime, energy, samples, valid, wall, fallback;
            for (std::size_t a = 0; a < c.runs.size(); ++a)
                for (std::size_t s = 0; s < c.seeds.size(); ++s)
                    for (std::size_t l = 0; l < c.layers.size(); ++l) {
                        if (s >= c.runs[a][l].size()) continue;
                        const ComparedRun& r = c.runs[a][l][s];
                        layer.append(c.layers[l]);
                        algo.append(c.algorithms[a]);
                        seed.append(c.seeds[s]);
                        objective.append(r.found ? number_or_none(r.objective_value) : py::none());
                        runtime.append(r.found ? py::object(py::int_(r.runtime_cycles)) : py::none());
                        energy.append(r.found ? number_or_none(r.energy_nj) : py::none());
                        samples.append(r.samples);
                        valid.append(r.valid_samples);
                        wall.append(r.wall_seconds);
                        fallback.append(r.least_footprint_fallback);
                    }
            py::dict columns;
            columns["layer"] = layer;
            columns["algo"] = algo;
            columns["seed"] = seed;
            columns["objective_value"] = objective;
            columns["runtime_cycles"] = runtime;
            columns["energy_nj"] = energy;
            columns["samples"] = samples;
            columns["valid_samples"] = valid;
            columns["wall_s"] = wall;
            columns["least_footprint_fallback"] = fallback;
            return make_dataframe(columns);
        }, "a pandas.DataFrame with a row per (layer, algorithm, seed)")
        .def_property_readonly("algos", [](const C& c) { return c.algorithms; })
        .def_property_readonly("layers", [](const C& c) { return c.layers; })
        .def_property_readonly("seeds", [](const C& c) { return c.seeds; })
        .def_property_readonly("normalized", [](const C& c) {
            py::dict out;
            const auto table = normalized_table(c);
            for (std::size_t a = 0; a < table.size(); ++a) {
                py::list row;
                for (double v : table[a]) row.append(number_or_none(v));
                out[py::str(c.algorithms[a])] = row;
            }
            return out;
        }, "per algorithm, per layer: its geometric mean over the seeds over the best algorithm's (None where none found)")
        .def_property_readonly("stopped", [](const C& c) { return c.stopped; })
        .def("__repr__", [](const C& c) {
            return "<Comparison " + std::to_string(c.algorithms.size()) + " algorithms x " + std::to_string(c.layers.size()) + " layers x " +
                   std::to_string(c.seeds.size()) + " seeds>";
        });
}

}  // namespace mapscape::python
