// mapscape.surrogate: the Mind Mappings surrogate's train, evaluate, bench and compare, with the
// options of `mapscape-cli surrogate ...`. The surrogate and libtorch live in the plugin
// mapscape-torch.so (plugin/surrogate_plugin.hpp), opened on the first call, so that
// `import mapscape` never loads libtorch; search(algo="mindmappings") opens it the same way.
#include <cmath>
#include <filesystem>

#include "common.hpp"
#include "json_convert.hpp"
#include "long_call.hpp"
#include "plugin/surrogate_plugin.hpp"
#include "python_types.hpp"
#include "util/data_paths.hpp"
#include "util/diagnostic.hpp"

namespace mapscape::python {

namespace {

const SurrogatePluginApi& plugin_api() {
    if (std::string why = load_surrogate_plugin(); !why.empty()) throw std::runtime_error(why);
    const SurrogatePluginApi* api = surrogate_plugin_api();
    if (!api) throw std::runtime_error("the surrogate plugin is from another version of Mapscape (it has no function table this module knows)");
    return *api;
}

struct PySurrogateComparison {
    nlohmann::ordered_json document;
};

std::string optional_path(const py::object& path, const char* keyword) { return path.is_none() ? std::string() : path_argument(path, keyword); }

std::string comma_separated(const std::vector<std::string>& names) {
    std::string text;
    for (const std::string& n : names) text += (text.empty() ? "" : ",") + n;
    return text;
}

}  // namespace

void bind_surrogate(py::module_& m) {
    register_deferred_surrogate_algorithms();  // opened where module.cpp says the plugins are

    py::module_ s = m.def_submodule("surrogate", R"doc(
The Mind Mappings surrogate (ASPLOS'21): a neural network that imitates the cost model, and the
gradient search over it. Its functions load libtorch on first use (about 0.4 s), never on import.
search(..., algo="mindmappings") and algo="gamma-guided" use it too.
)doc");

    // The requests' own defaults, which the CLI's surrogate commands read too.
    const SurrogateTrainRequest train_defaults;
    const SurrogateEvalRequest eval_defaults;
    const SurrogateCompareRequest compare_defaults;
    s.def("is_loaded", &surrogate_plugin_loaded, "whether the libtorch plugin (the surrogate and the RL baselines) is loaded in this process");

    s.def(
        "train",
        [](const std::string& platform, const std::vector<int>& hidden, std::int64_t shapes, std::int64_t mappings_per_shape, int epochs,
           std::uint64_t seed, int threads, const py::object& out, const py::object& progress) {
            SurrogateTrainRequest r;
            r.platform = platform;
            r.hidden = hidden;
            r.shapes = shapes;
            r.mappings_per_shape = mappings_per_shape;
            r.epochs = epochs;
            r.seed = seed;
            r.threads = threads;
            r.out = optional_path(out, "out");
            if (r.out.empty()) throw InputError({"--out", 0, 0}, "give the file to write (the shipped surrogate is not overwritten from Python)");
            const SurrogatePluginApi& api = plugin_api();
            return json_to_python(run_long_call(
                [&](std::stop_token stop, ProgressBoard& board) {
                    board.update([&](Progress& p) { p.unit = "epochs"; });
                    return api.train(
                        r,
                        [&board](const SurrogateTrainingEvent& e) {
                            if (e.stage != "training") return;
                            board.update([&](Progress& p) {
                                p.done = e.epoch;
                                p.best = e.heldout_loss;
                            });
                        },
                        stop);
                },
                progress));
        },
        py::kw_only(), py::arg("platform") = train_defaults.platform, py::arg("hidden") = train_defaults.hidden,
        py::arg("shapes") = train_defaults.shapes, py::arg("mappings_per_shape") = train_defaults.mappings_per_shape,
        py::arg("epochs") = train_defaults.epochs, py::arg("seed") = train_defaults.seed, py::arg("threads") = train_defaults.threads, py::arg("out"),
        py::arg("progress") = py::none(), R"doc(
Labels a data set with the cost model and trains a surrogate, as `mapscape-cli surrogate train`
does (0: the defaults, 2000 shapes x 500 mappings, 24 epochs, which reproduce the shipped one).
Writes the model to `out` and returns its report (the training records, held-out accuracy).
progress counts epochs; its best is the held-out loss.
)doc");

    s.def(
        "evaluate",
        [](const py::object& model, std::int64_t shapes, std::int64_t mappings_per_shape, std::uint64_t seed, int threads) {
            SurrogateEvalRequest r;
            r.model_path = optional_path(model, "model");
            r.shapes = shapes;
            r.mappings_per_shape = mappings_per_shape;
            r.seed = seed;
            r.threads = threads;
            const SurrogatePluginApi& api = plugin_api();
            return json_to_python(run_long_call([&](std::stop_token stop, ProgressBoard&) { return api.evaluate(r, stop); }, py::none()));
        },
        py::kw_only(), py::arg("model") = py::none(), py::arg("shapes") = eval_defaults.shapes,
        py::arg("mappings_per_shape") = eval_defaults.mappings_per_shape, py::arg("seed") = eval_defaults.seed,
        py::arg("threads") = eval_defaults.threads, R"doc(
Held-out accuracy of a surrogate (model: a file; None: the shipped one) on unseen random layer
shapes and on the paper's Table 1 layers, as `mapscape-cli surrogate eval` prints it: a dict.
)doc");

    s.def(
        "bench",
        [](const py::object& model, double seconds) {
            const std::string path = optional_path(model, "model");
            const SurrogatePluginApi& api = plugin_api();
            return json_to_python(run_long_call([&](std::stop_token, ProgressBoard&) { return api.bench(path, seconds); }, py::none()));
        },
        py::kw_only(), py::arg("model") = py::none(), py::arg("seconds") = 0.3, "Times a surrogate step against a cost-model query (`surrogate bench`): a dict of rows.");

    py::class_<PySurrogateComparison>(s, "Comparison", "The paper's iso-iteration and iso-time comparisons (surrogate.compare).")
        .def("to_dict", [](const PySurrogateComparison& c) { return json_to_python(c.document); }, "the document of `surrogate compare --json`")
        .def("to_dataframe", [](const PySurrogateComparison& c) {
            py::dict columns;
            for (const char* key : {"comparison", "layer", "method", "edp_over_minimum", "found_runs", "queries", "wall_s"}) {
                py::list column;
                for (const auto& row : c.document["rows"]) column.append(json_to_python(row[key]));
                columns[key] = column;
            }
            return make_dataframe(columns);
        }, "a pandas.DataFrame with a row per (comparison, layer, method)");

    s.def(
        "compare",
        [](const py::object& model, int runs, std::int64_t budget, double iso_time, const py::object& methods, std::uint64_t seed, int threads,
           const py::object& progress) {
            SurrogateCompareRequest r;
            r.model_path = optional_path(model, "model");
            r.runs = runs;
            r.budget = budget;
            r.iso_time = iso_time;
            r.methods.clear();
            const std::string text = list_argument(methods, "methods");
            std::size_t start = 0;
            for (;;) {
                const std::size_t comma = text.find(',', start);
                const std::string part = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
                if (!part.empty()) r.methods.push_back(part);
                if (comma == std::string::npos) break;
                start = comma + 1;
            }
            r.seed = seed;
            r.threads = threads;
            const SurrogatePluginApi& api = plugin_api();
            return PySurrogateComparison{run_long_call(
                [&](std::stop_token stop, ProgressBoard& board) {
                    board.update([](Progress& p) { p.unit = "lines"; });
                    return api.compare(r, [&board](const std::string&) { board.update([](Progress& p) { ++p.done; }); }, stop);
                },
                progress)};
        },
        py::kw_only(), py::arg("model") = py::none(), py::arg("runs") = compare_defaults.runs, py::arg("budget") = compare_defaults.budget,
        py::arg("iso_time") = compare_defaults.iso_time, py::arg("methods") = comma_separated(compare_defaults.methods),
        py::arg("seed") = compare_defaults.seed, py::arg("threads") = compare_defaults.threads,
        py::arg("progress") = py::none(), R"doc(
The Mind Mappings paper's iso-iteration and iso-time comparisons on its Table 1 layers, as
`mapscape-cli surrogate compare` runs them: EDP over the algorithmic minimum per layer and method.
)doc");
}

}  // namespace mapscape::python
