// mapscape.codesign and mapscape.naas: the accelerator searched with the mappings, with the
// options of `mapscape-cli codesign` (codesign/codesign_request.hpp) and `naas`
// (naas/naas_request.hpp), results with the CLI's JSON.
#include <cmath>

#include "arrays.hpp"
#include "codesign/codesign_algorithm.hpp"
#include "codesign/codesign_bound.hpp"
#include "codesign/codesign_json.hpp"
#include "codesign/codesign_request.hpp"
#include "common.hpp"
#include "cost_types.hpp"
#include "json_convert.hpp"
#include "long_call.hpp"
#include "mapping/dataflow_text.hpp"
#include "naas/naas_json.hpp"
#include "naas/naas_request.hpp"
#include "python_types.hpp"
#include "search/maestro_export.hpp"
#include "util/diagnostic.hpp"
#include "workload/layer_selection.hpp"

namespace mapscape::python {

namespace {

CodesignAlgorithm codesign_algorithm(const std::string& name) {
    const auto a = parse_codesign_algorithm(name);
    if (!a) {
        std::string known;
        for (const auto& n : codesign_algorithm_names()) known += (known.empty() ? "" : ", ") + n;
        throw InputError({"--algo", 0, 0}, "unknown co-design method \"" + name + "\" (known: " + known + ")");
    }
    return *a;
}

struct PyCodesignResult {
    CodesignRunInfo info;
    CodesignProblem problem;
    CodesignResult result;
    CodesignBound bound;
    std::string model_name;
};

class CodesignProgressSink : public CodesignSink {
public:
    CodesignProgressSink(ProgressBoard& board, double bound) : board_(board) {
        board_.update([&](Progress& p) {
            p.unit = "designs";
            p.bound = bound;
        });
    }
    void progress(const CodesignProgress& c) override {
        board_.update([&](Progress& p) {
            p.done = c.samples;
            p.total = c.budget_samples;
            p.best = std::isfinite(c.best_objective) ? c.best_objective : std::nan("");
            p.elapsed_s = c.elapsed_seconds;
        });
    }

private:
    ProgressBoard& board_;
};

struct PyNaasResult {
    NaasProblem problem;
    NaasResult result;
};

class NaasProgressSink : public NaasSink {
public:
    NaasProgressSink(ProgressBoard& board, int iterations) : board_(board), start_(std::chrono::steady_clock::now()) {
        board_.update([&](Progress& p) {
            p.unit = "iterations";
            p.total = iterations;
        });
    }
    void iteration(const NaasIteration& it, const NaasDesign&) override {
        board_.update([&](Progress& p) {
            p.done = it.iteration;
            p.best = std::isfinite(it.best_so_far) ? it.best_so_far : std::nan("");
            p.elapsed_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
        });
    }

private:
    ProgressBoard& board_;
    std::chrono::steady_clock::time_point start_;
};

// "vgg16,mobilenet_v2" as the CLI writes it.
void add_benchmark_names(const std::string& text, std::vector<std::string>& names) {
    std::size_t start = 0;
    for (;;) {
        const std::size_t comma = text.find(',', start);
        const std::string part = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (!part.empty()) names.push_back(part);
        if (comma == std::string::npos) return;
        start = comma + 1;
    }
}

}  // namespace

void bind_codesign(py::module_& m) {
    using R = PyCodesignResult;
    py::class_<R>(m, "CodesignResult", R"doc(
A co-designed accelerator and a mapping per layer. to_dict() is the document of
`mapscape-cli codesign ... --json`; to_dataframe() a row per layer (needs pandas).
)doc")
        .def("to_dict", [](const R& r) { return json_to_python(codesign_to_json(r.info, r.problem, r.result, r.bound)); })
        .def_property_readonly("found", [](const R& r) { return r.result.found; }, "whether a design within the budget was found")
        .def_property_readonly("accelerator", [](const R& r) { return r.result.found ? py::cast(r.result.best.accelerator) : py::none(); })
        .def_property_readonly("mappings", [](const R& r) { return r.result.best.mappings; }, "a mapping per layer")
        .def_property_readonly("reports", [](const R& r) {
            std::vector<PyCostReport> out;
            if (r.result.found)
                for (std::size_t l = 0; l < r.problem.layers.size(); ++l)
                    out.push_back(make_cost_report(r.result.reports[l], r.problem.layers[l], r.result.best.accelerator, r.result.best.mappings[l]));
            return out;
        }, "each layer's CostReport on the design")
        .def_property_readonly("runtime_cycles", [](const R& r) { return r.result.found ? py::cast(r.result.best.runtime_cycles) : py::none(); })
        .def_property_readonly("energy_nj", [](const R& r) { return r.result.found ? number_or_none(r.result.best.energy_nj) : py::none(); })
        .def_property_readonly("area_um2", [](const R& r) { return r.result.found ? number_or_none(r.result.best.area.total_um2()) : py::none(); })
        .def_property_readonly("objective_value", [](const R& r) { return r.result.found ? number_or_none(r.result.best.objective) : py::none(); })
        .def_property_readonly("bound", [](const R& r) { return r.bound.objective; }, "what no design within the limits can beat")
        .def_property_readonly("area_budget_um2", [](const R& r) { return r.problem.area_budget_um2; })
        .def_property_readonly("samples", [](const R& r) { return r.result.samples; })
        .def_property_readonly("valid_samples", [](const R& r) { return r.result.valid_samples; })
        .def_property_readonly("wall_s", [](const R& r) { return r.result.wall_seconds; })
        .def_property_readonly("stopped", [](const R& r) { return r.result.stopped; })
        .def_property_readonly("trace", [](const R& r) { return trace_array(r.result.trace); }, "float64 array (n, 2): samples, best objective so far")
        .def("to_dataframe", [](const R& r) {
            py::list layer, name, runtime, energy, l1, l2, mapping;
            for (std::size_t l = 0; l < r.problem.layers.size() && r.result.found; ++l) {
                layer.append(r.problem.layer_numbers[l]);
                name.append(r.problem.layers[l].name);
                runtime.append(r.result.reports[l].runtime_cycles);
                energy.append(r.result.reports[l].energy.total_nj);
                l1.append(r.result.reports[l].l1_required_bytes);
                l2.append(r.result.reports[l].l2_required_bytes);
                mapping.append(dataflow_text(r.result.best.mappings[l]));
            }
            py::dict columns;
            columns["layer"] = layer;
            columns["name"] = name;
            columns["runtime_cycles"] = runtime;
            columns["energy_nj"] = energy;
            columns["l1_required_bytes"] = l1;
            columns["l2_required_bytes"] = l2;
            columns["mapping"] = mapping;
            return make_dataframe(columns);
        }, "a pandas.DataFrame with a row per layer of the design")
        .def("export_maestro", [](const R& r, const py::object& directory) {
            if (!r.result.found) throw InputError({"export_maestro", 0, 0}, "no design was found");
            std::vector<ExportLayer> layers;
            for (std::size_t l = 0; l < r.problem.layers.size(); ++l) layers.push_back({r.problem.layers[l], r.result.best.mappings[l]});
            return export_maestro_files(path_argument(directory, "directory"), r.model_name, layers, r.result.best.accelerator).paths;
        }, py::arg("directory"), "writes the design as MAESTRO files (as --export-maestro); returns their paths")
        .def("__repr__", [](const R& r) {
            if (!r.result.found) return std::string("<CodesignResult: no design within the budget>");
            return "<CodesignResult " + r.info.algorithm + ": " + std::to_string(r.result.best.accelerator.num_pes) + " PEs, " +
                   std::to_string(r.result.best.runtime_cycles) + " cycles>";
        });

    const CodesignRequest d;
    m.def(
        "codesign",
        [](const py::object& model, const std::string& platform, const py::object& layers, const std::string& algo, double area_budget,
           const std::string& area_model, const std::string& objective, std::int64_t budget, double time_limit, std::int64_t max_pes,
           const std::string& buffers, const std::string& levels, const std::string& map_space, int threads, bool maestro_as_is,
           std::uint64_t seed, const py::object& progress) {
            const CodesignAlgorithm algorithm = codesign_algorithm(algo);
            // The area budget, the sample budget and the time limit are checked where the CLI's are (make_codesign_problem).
            if (max_pes < 0) throw InputError({"--max-pes", 0, 0}, "the PE limit must not be negative (0: what the budget allows)");
            const Model mdl = model_argument(model);
            CodesignRequest request;
            request.platform = platform;
            request.area_budget_mm2 = area_budget;
            request.area_model = area_model;
            request.objective = objective;
            request.budget = budget;
            request.seconds = time_limit;
            request.max_pes = max_pes;
            request.buffers = buffers;
            request.levels = levels;
            request.map_space = map_space;
            request.threads = threads;
            request.maestro_as_is = maestro_as_is;
            PyCodesignResult r;
            r.problem = make_codesign_problem(request, mdl, parse_layer_selection(layer_selection_argument(layers), mdl.layers.size(), {"--layer", 0, 0}), seed);
            r.info = {algorithm.name(), platform};
            r.model_name = mdl.name;
            const bool report = !progress.is_none();
            r.result = run_long_call(
                [&](std::stop_token stop, ProgressBoard& board) {
                    r.bound = codesign_bound(r.problem);  // on the worker: the GIL is free, Ctrl-C answered
                    std::optional<CodesignProgressSink> sink;
                    if (report) sink.emplace(board, r.bound.objective);
                    return run_codesign(r.problem, algorithm, sink ? &*sink : nullptr, stop);
                },
                progress);
            return r;
        },
        py::arg("model"), py::kw_only(), py::arg("platform") = d.platform, py::arg("layers") = "all", py::arg("algo") = d.algo,
        py::arg("area_budget") = d.area_budget_mm2, py::arg("area_model") = d.area_model, py::arg("objective") = d.objective,
        py::arg("budget") = d.budget, py::arg("time_limit") = d.seconds, py::arg("max_pes") = d.max_pes, py::arg("buffers") = d.buffers,
        py::arg("levels") = d.levels, py::arg("map_space") = d.map_space, py::arg("threads") = d.threads,
        py::arg("maestro_as_is") = d.maestro_as_is, py::arg("seed") = d.seed, py::arg("progress") = py::none(), R"doc(
Co-designs an accelerator (PE array, buffers) and a mapping per layer under an area budget, as
`mapscape-cli codesign` does, with its options and defaults. platform: edge (0.2 mm^2) or cloud
(7.0 mm^2); area_budget: mm^2 (0: the platform's); algo: digamma, a black-box baseline,
hw-opt-nvdla|eyeriss|shidiannao, map-opt-buffer|compute|medium; objective: latency, energy, edp or
lap; budget: design points; buffers: need or searched; levels: 1, 2, 3 or a range such as "1-2";
map_space: flexible, nvdla, eyeriss or shidiannao. The same seed gives the CLI's design.
)doc");

    using N = PyNaasResult;
    py::class_<N>(m, "NaasResult", R"doc(
A NAAS accelerator search within a known accelerator's resources. to_dict() is the document of
`mapscape-cli naas ... --json`; to_dataframe() a row per benchmark network (needs pandas).
)doc")
        .def("to_dict", [](const N& n) { return json_to_python(naas_to_json(n.problem, n.result)); })
        .def_property_readonly("found", [](const N& n) { return n.result.found; })
        .def_property_readonly("accelerator", [](const N& n) { return n.result.found ? py::cast(n.result.best.accelerator) : py::none(); })
        .def_property_readonly("design", [](const N& n) { return n.result.found ? py::cast(n.result.best.hardware.describe()) : py::none(); },
                               "the design in words: array, parallel dimensions, buffers")
        .def_property_readonly("baseline_accelerator", [](const N& n) { return n.result.baseline.accelerator; })
        .def_property_readonly("geomean_edp", [](const N& n) { return n.result.found ? number_or_none(n.result.best.geomean_edp) : py::none(); })
        .def_property_readonly("baseline_geomean_edp", [](const N& n) { return number_or_none(n.result.baseline.geomean_edp); })
        .def_property_readonly("bound_geomean_edp", [](const N& n) { return number_or_none(n.result.bound_geomean_edp); })
        .def_property_readonly("wall_s", [](const N& n) { return n.result.wall_seconds; })
        .def_property_readonly("stopped", [](const N& n) { return n.result.stopped; })
        .def_property_readonly("trace", [](const N& n) {
            std::vector<double> flat;
            for (const NaasIteration& it : n.result.trace)
                for (double v : {static_cast<double>(it.iteration), it.best_so_far, it.best, it.mean})
                    flat.push_back(std::isfinite(v) ? v : std::nan(""));
            const auto rows = static_cast<py::ssize_t>(n.result.trace.size());
            return take_as_array(std::move(flat), {rows, 4});
        }, "float64 array (iterations, 4): iteration, best so far, the iteration's best, its mean (geomean EDP)")
        .def("to_dataframe", [](const N& n) {
            py::list name, edp, runtime, energy, base_edp, base_runtime, base_energy, bound_edp;
            const NaasResult& r = n.result;
            for (std::size_t b = 0; b < r.baseline.benchmarks.size(); ++b) {
                const NaasBenchmarkResult* found = r.found ? &r.best.benchmarks[b] : nullptr;
                const NaasBenchmarkResult& base = r.baseline.benchmarks[b];
                name.append(found ? found->name : base.name);
                edp.append(found ? number_or_none(found->edp) : py::none());
                runtime.append(found ? py::object(py::int_(found->runtime_cycles)) : py::none());
                energy.append(found ? number_or_none(found->energy_nj) : py::none());
                base_edp.append(number_or_none(base.edp));
                base_runtime.append(base.runtime_cycles);
                base_energy.append(base.energy_nj);
                bound_edp.append(b < r.bounds.size() ? number_or_none(r.bounds[b].edp()) : py::none());
            }
            py::dict columns;
            columns["benchmark"] = name;
            columns["edp"] = edp;
            columns["runtime_cycles"] = runtime;
            columns["energy_nj"] = energy;
            columns["baseline_edp"] = base_edp;
            columns["baseline_runtime_cycles"] = base_runtime;
            columns["baseline_energy_nj"] = base_energy;
            columns["bound_edp"] = bound_edp;
            return make_dataframe(columns);
        }, "a pandas.DataFrame with a row per benchmark network")
        .def("__repr__", [](const N& n) {
            return "<NaasResult " + n.problem.resources.id + ": " + (n.result.found ? n.result.best.hardware.describe() : std::string("none found")) + ">";
        });

    const NaasRequest nd;
    m.def(
        "naas",
        [](const std::string& resources, const py::object& benchmarks, const std::optional<std::string>& network,
           const std::optional<double>& accuracy_floor, const std::string& encoding, bool sizing_only, const std::string& mapping_search,
           int population, int iterations, std::int64_t mapping_samples, std::int64_t baseline_samples, int threads, bool no_baseline_start,
           std::uint64_t seed, const py::object& progress) {
            NaasRequest request;
            request.resources = resources;
            if (!benchmarks.is_none()) {
                const bool one = py::isinstance<py::str>(benchmarks) || py::isinstance<Model>(benchmarks);
                for (const py::handle& b : one ? py::list(py::make_tuple(benchmarks)) : py::list(benchmarks)) {
                    if (py::isinstance<Model>(b))
                        request.benchmark_models.push_back(py::cast<Model>(b));
                    else if (py::isinstance<py::str>(b) || py::hasattr(b, "__fspath__"))
                        add_benchmark_names(path_argument(b, "benchmarks"), request.benchmarks);
                    else
                        throw py::type_error("benchmarks: expected names, model files or mapscape.Model objects");
                }
            }
            request.network = network.value_or("");
            if (accuracy_floor && (*accuracy_floor < 0 || *accuracy_floor > 100))
                throw InputError({"--accuracy-floor", 0, 0}, "the accuracy floor is a top-1 percentage (0-100)");
            request.accuracy_floor = accuracy_floor.value_or(-1);
            request.encoding = encoding;
            request.sizing_only = sizing_only;
            request.mapping_search = mapping_search;
            request.population = population;
            request.iterations = iterations;
            request.mapping_samples = mapping_samples;
            request.baseline_samples = baseline_samples;
            request.threads = threads;
            request.no_baseline_start = no_baseline_start;
            PyNaasResult n;
            n.problem = make_naas_problem(request, seed);
            const bool report = !progress.is_none();
            n.result = run_long_call(
                [&](std::stop_token stop, ProgressBoard& board) {
                    std::optional<NaasProgressSink> sink;
                    if (report) sink.emplace(board, n.problem.iterations);
                    return run_naas(n.problem, sink ? &*sink : nullptr, stop);
                },
                progress);
            return n;
        },
        py::arg("resources"), py::kw_only(), py::arg("benchmarks") = py::none(), py::arg("network") = py::none(),
        py::arg("accuracy_floor") = py::none(), py::arg("encoding") = nd.encoding, py::arg("sizing_only") = nd.sizing_only,
        py::arg("mapping_search") = nd.mapping_search, py::arg("population") = nd.population, py::arg("iterations") = nd.iterations,
        py::arg("mapping_samples") = nd.mapping_samples, py::arg("baseline_samples") = nd.baseline_samples, py::arg("threads") = nd.threads,
        py::arg("no_baseline_start") = nd.no_baseline_start, py::arg("seed") = 1, py::arg("progress") = py::none(), R"doc(
NAAS: searches an accelerator's array, connectivity and buffers with the mappings, within a known
accelerator's resources (edgetpu, nvdla1024, nvdla256, eyeriss, shidiannao, or a file), as
`mapscape-cli naas` does, with its options and defaults. benchmarks: names, files or Models
(default: the paper's set for the resources); network / accuracy_floor: co-search a network
variant of a family (mobilenet_v2). progress counts iterations.
)doc");
}

}  // namespace mapscape::python
