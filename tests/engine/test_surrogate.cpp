// The Mind Mappings surrogate: a tiny training run converges and ranks unseen shapes' mappings,
// a saved model reloads bit-identically, its gradients match finite differences, projection gives
// valid mappings, the gradient search and the guided GAMMA are reproducible for a seed and
// registered as algorithms, and the CLI refuses bad input with exit code 2.
// libtorch first: Qt's "slots" macro would break its headers.
#ifndef Q_MOC_RUN  // moc needs none of libtorch: without this it scans all its headers
#include "surrogate/surrogate_model.hpp"
#endif

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <sstream>

#include "arch/presets.hpp"
#include "util/diagnostic.hpp"
#include "cost/evaluate.hpp"
#include "search/algorithm.hpp"
#include "surrogate/gradient_search.hpp"
#include "surrogate/paper_comparison.hpp"
#include "surrogate/registration.hpp"
#ifndef Q_MOC_RUN
#include "surrogate/surrogate_accuracy.hpp"
#endif
#ifndef Q_MOC_RUN
#include "surrogate/surrogate_gradient.hpp"
#endif
#include "surrogate/surrogate_guide.hpp"
#include "surrogate/training.hpp"
#include "cli_runner.hpp"
#include "test_support.hpp"

using namespace mapscape;

namespace {

TrainingOptions tiny_options() {
    TrainingOptions o;
    o.hidden = {48, 48};
    o.data.shapes = 60;
    o.data.mappings_per_shape = 100;
    o.data.threads = 2;
    o.heldout_shapes = 20;
    o.heldout_mappings_per_shape = 60;
    o.epochs = 8;
    o.batch = 128;
    o.seed = 7;
    o.data.seed = 7;
    return o;
}

// One tiny model for the suite (training takes a few seconds).
const std::shared_ptr<const Surrogate>& tiny_model() {
    static const std::shared_ptr<const Surrogate> model =
        std::make_shared<const Surrogate>(train_surrogate(accelerator_preset("mindmappings"), tiny_options()));
    return model;
}

std::string file_bytes(const QString& path) {
    std::ifstream in(path.toStdString(), std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

using Run = CliRun;

SearchProblem table_problem(int index, std::int64_t budget, std::uint64_t seed) {
    SearchProblem p = surrogate_problem(mind_mappings_layers()[static_cast<std::size_t>(index)], accelerator_preset("mindmappings"));
    p.budget.samples = budget;
    p.seed = seed;
    return p;
}

}  // namespace

class SurrogateTest : public QObject {
    Q_OBJECT

private slots:
    void tiny_training_converges() {
        const Surrogate& s = *tiny_model();
        const auto& history = s.info()["training"]["history"];
        QCOMPARE(static_cast<int>(history.size()), tiny_options().epochs);
        const double first = history.front()["train_loss"].get<double>(), last = history.back()["train_loss"].get<double>();
        QVERIFY2(last < 0.6 * first, qPrintable(QString("train loss %1 -> %2").arg(first).arg(last)));
        QVERIFY(history.back()["heldout_loss"].get<double>() < history.front()["heldout_loss"].get<double>());
        // Unseen shapes: EDP spans orders of magnitude between shapes (easy to rank) and within one.
        const auto& heldout = s.info()["heldout"];
        QVERIFY2(heldout["spearman_edp"].get<double>() > 0.9, qPrintable(QString::number(heldout["spearman_edp"].get<double>())));
        QVERIFY2(heldout["spearman_edp_within_shape"].get<double>() > 0.5,
                 qPrintable(QString::number(heldout["spearman_edp_within_shape"].get<double>())));
    }

    void training_is_deterministic_for_a_seed() {
        TrainingOptions o = tiny_options();
        o.epochs = 2;
        o.data.shapes = 20;
        const Surrogate a = train_surrogate(accelerator_preset("mindmappings"), o);
        o.data.threads = 1;  // labelling threads do not matter
        const Surrogate b = train_surrogate(accelerator_preset("mindmappings"), o);
        QCOMPARE(a.parameters().size(), b.parameters().size());
        for (std::size_t i = 0; i < a.parameters().size(); ++i) QVERIFY(torch::equal(a.parameters()[i], b.parameters()[i]));
    }

    void saved_model_reloads_bit_identically() {
        QTemporaryDir dir;
        const QString first = dir.filePath("a.bin"), second = dir.filePath("b.bin");
        tiny_model()->save(first.toStdString());
        const Surrogate loaded = Surrogate::load(first.toStdString());
        QCOMPARE(loaded.hidden(), tiny_model()->hidden());
        QCOMPARE(loaded.accelerator(), tiny_model()->accelerator());
        for (std::size_t i = 0; i < loaded.parameters().size(); ++i)
            QVERIFY(torch::equal(loaded.parameters()[i], tiny_model()->parameters()[i]));
        // The same predictions, bit for bit, and the same file when saved again.
        DatasetOptions d;
        d.shapes = 5;
        d.mappings_per_shape = 20;
        const Dataset data = generate_dataset(loaded.accelerator(), d);
        const EdpPairs x = predict_edp(loaded, data), y = predict_edp(*tiny_model(), data);
        QVERIFY(x.predicted == y.predicted);
        loaded.save(second.toStdString());
        QVERIFY(file_bytes(first) == file_bytes(second));
    }

    void damaged_model_files_are_refused() {
        QTemporaryDir dir;
        const QString path = dir.filePath("m.bin");
        tiny_model()->save(path.toStdString());
        const std::string bytes = file_bytes(path);
        std::ofstream(path.toStdString(), std::ios::binary | std::ios::trunc) << bytes.substr(0, bytes.size() - 100);
        QVERIFY_THROWS_EXCEPTION(InputError, Surrogate::load(path.toStdString()));
        std::ofstream(path.toStdString(), std::ios::binary | std::ios::trunc) << "not a model";
        try {
            Surrogate::load(path.toStdString());
            QFAIL("a damaged file loaded");
        } catch (const InputError& e) {
            QVERIFY(e.diagnostic().to_string().find("m.bin") != std::string::npos);
        }
    }

    void gradients_match_finite_differences() {
        Surrogate s = Surrogate::load([] {
            static QTemporaryDir dir;
            const std::string path = dir.filePath("g.bin").toStdString();
            tiny_model()->save(path);
            return path;
        }());
        s.to_double();
        const SearchProblem problem = table_problem(0, 10, 1);
        const SurrogateSpace space = make_surrogate_space(problem);
        Rng rng(3);
        int checked = 0, mismatched = 0;
        for (int sample = 0; sample < 4; ++sample) {
            const MappingVector raw = mapping_vector(random_surrogate_genome(space, rng), space);
            std::vector<double> raw_d(raw.begin(), raw.end());
            const ProblemVector problem_raw = problem_vector(space);
            const torch::Tensor p = torch::tensor(std::vector<double>(problem_raw.begin(), problem_raw.end()), torch::kFloat64).unsqueeze(0);
            const torch::Tensor m0 = s.normalise_mappings(torch::tensor(raw_d, torch::kFloat64).unsqueeze(0)).detach();
            auto cost = [&](const torch::Tensor& m) { return s.log_objective_ratio(s.forward(p, m), Objective::of(Metric::Edp)).sum(); };
            torch::Tensor m = m0.clone().requires_grad_(true);
            const torch::Tensor g = torch::autograd::grad({cost(m)}, {m})[0];
            for (int i = 0; i < kMappingFeatures; ++i) {
                const double h = 1e-6;
                torch::Tensor plus = m0.clone(), minus = m0.clone();
                plus[0][i] += h;
                minus[0][i] -= h;
                torch::NoGradGuard no_grad;
                const double numeric = (cost(plus).item<double>() - cost(minus).item<double>()) / (2 * h);
                const double analytic = g[0][i].item<double>();
                ++checked;
                if (std::abs(numeric - analytic) > 1e-5 + 1e-4 * std::abs(analytic)) ++mismatched;  // a ReLU kink, rarely
            }
        }
        QVERIFY2(mismatched <= 2, qPrintable(QString("%1 of %2 partial derivatives differ").arg(mismatched).arg(checked)));
    }

    void projection_yields_valid_mappings() {
        const Accelerator acc = accelerator_preset("mindmappings");
        std::vector<Layer> layers = mind_mappings_layers();
        layers.push_back(Layer::conv("no batch", 64, 3, 7, 7, 230, 230, 2));
        layers.push_back(Layer::fully_connected("fc", 1000, 2048, 4));
        Rng rng(11);
        for (const Layer& layer : layers)
            for (TargetSystem system : {TargetSystem::S1, TargetSystem::S2, TargetSystem::S3}) {
                SearchProblem problem = surrogate_problem(layer, acc);
                problem.system = system;
                const SurrogateSpace space = make_surrogate_space(problem);
                QVERIFY(space.covered);
                for (int i = 0; i < 200; ++i) {
                    // Random genomes survive the round trip; arbitrary vectors project to valid ones.
                    const Genome g = random_surrogate_genome(space, rng);
                    QVERIFY(project_to_genome(mapping_vector(g, space), space) == g);
                    MappingVector raw{};
                    for (float& v : raw) v = static_cast<float>(std::uniform_real_distribution<double>(-3, 12)(rng));
                    const Genome projected = project_to_genome(raw, space);
                    QCOMPARE(projected.num_levels, 2);
                    if (system == TargetSystem::S1) MAPSCAPE_COMPARE_I64(projected.levels[1].units, space.genome.fixed_units);
                    QVERIFY(projected.levels[1].units <= acc.num_pes);
                    const CostReport r = evaluate(layer, acc, decode(projected, space.genome));
                    // Only capacity can be exceeded: the cost model knows the buffers, the projection not.
                    QVERIFY2(r.valid() || r.invalid.kind == Invalidity::L1Overflow || r.invalid.kind == Invalidity::L2Overflow,
                             qPrintable(QString::fromStdString(describe(r.invalid, layer, acc))));
                }
            }
        QVERIFY(!surrogate_covers(Layer::gemm("gemm", 64, 64, 64)));
    }

    void search_is_reproducible_for_a_seed() {
        SearchProblem p = table_problem(0, 400, 5);
        const SearchResult a = run_mindmappings(p, *tiny_model());
        p.threads = 2;
        const SearchResult b = run_mindmappings(p, *tiny_model());
        QVERIFY(a.found);
        MAPSCAPE_COMPARE_I64(a.samples, 400);
        QCOMPARE(a.best_objective, b.best_objective);
        QVERIFY(a.best_mapping == b.best_mapping);
        QVERIFY(a.trace == b.trace);
        // The result is a real query's: the cost model agrees with it.
        const CostReport r = evaluate(p.layer, p.accelerator, a.best_mapping);
        QCOMPARE(p.objective.value(r), a.best_objective);
        p.seed = 6;
        QVERIFY(run_mindmappings(p, *tiny_model()).trace != a.trace);
    }

    void guided_gamma_is_reproducible_and_moves_children() {
        const SearchProblem p = table_problem(5, 1500, 2);
        GammaOptions o;
        o.population = 50;
        o.guide = std::make_shared<SurrogateGuide>(tiny_model());
        const SearchResult a = run_gamma(p, o), b = run_gamma(p, o);
        QVERIFY(a.found);
        QCOMPARE(a.best_objective, b.best_objective);
        QVERIFY(a.trace == b.trace);
        // The guide moves a random genome to another valid one the surrogate predicts no worse.
        const SurrogateSpace space = make_surrogate_space(p);
        Rng rng(1);
        std::vector<Genome> genomes;
        for (int i = 0; i < 16; ++i) genomes.push_back(random_surrogate_genome(space, rng));
        std::vector<Genome> moved = genomes;
        SurrogateGuide(tiny_model()).improve(p, moved);
        const SurrogateGradient gradient(*tiny_model(), space, p.objective);
        const std::vector<double> before = gradient.predict(genomes, nullptr), after = gradient.predict(moved, nullptr);
        int changed = 0;
        double sum_before = 0, sum_after = 0;
        for (std::size_t i = 0; i < genomes.size(); ++i) {
            changed += !(moved[i] == genomes[i]);
            sum_before += before[i];
            sum_after += after[i];
        }
        QVERIFY(changed >= 8);
        QVERIFY2(sum_after < sum_before, qPrintable(QString("%1 -> %2").arg(sum_before).arg(sum_after)));
    }

    void algorithms_are_registered() {
        register_surrogate_algorithms();
        register_surrogate_algorithms();  // idempotent
        const auto names = algorithm_names();
        QVERIFY(std::find(names.begin(), names.end(), "mindmappings") != names.end());
        QVERIFY(std::find(names.begin(), names.end(), "gamma-guided") != names.end());
        const auto a = parse_algorithm("mindmappings");
        QVERIFY(a && a->kind == Algorithm::Kind::External);
        QCOMPARE(a->name(), std::string("mindmappings"));
        QVERIFY(!register_algorithm("gamma", [](const SearchProblem&, SearchSink*, std::stop_token) { return SearchResult{}; }));
        // Through the registry, with the shipped surrogate.
        const SearchResult r = run_search(table_problem(1, 200, 3), *a);
        QVERIFY(r.found);
        MAPSCAPE_COMPARE_I64(r.samples, 200);
    }

    void shipped_model_is_small_and_accurate() {
        const auto s = shipped_surrogate();
        QVERIFY(QFileInfo(QString::fromStdString(shipped_surrogate_path())).size() < 2 * 1024 * 1024);
        QCOMPARE(s->accelerator().name, std::string("mindmappings"));
        QVERIFY(s->info()["heldout"]["spearman_edp"].get<double>() >= 0.9);
    }

    // `surrogate bench` once printed its header and no row: it iterated a part of a destroyed
    // temporary. Every layer and chain count is a row.
    void cli_bench_prints_every_row() {
        const Run r = cli({"surrogate", "bench", "--seconds", "0.002"});
        QCOMPARE(r.exit_code, 0);
        const QStringList lines = QString::fromUtf8(r.out).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 1 + 4 * static_cast<qsizetype>(mind_mappings_layers().size()));
        QVERIFY(lines.front().startsWith("layer"));
        QCOMPARE(cli({"surrogate", "bench", "--seconds", "0"}).exit_code, 2);
    }

    // Training without --out never writes over the shipped model.
    void train_does_not_overwrite_the_shipped_model() {
        QVERIFY(trained_surrogate_path() != shipped_surrogate_path());
        QCOMPARE(QFileInfo(QString::fromStdString(trained_surrogate_path())).dir().absolutePath(),
                 QFileInfo(QString::fromStdString(shipped_surrogate_path())).dir().absolutePath());
    }

    void cli_refuses_bad_input() {
        QTemporaryDir dir;
        Run r = cli({"surrogate", "eval", "--model", dir.filePath("missing.bin")});
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(r.err.contains("missing.bin") && r.err.contains("cannot open"), r.err.constData());
        const QString damaged = dir.filePath("damaged.bin");
        const std::string header = "{\"format\": \"mapscape-surrogate\",\n \"hidden\" [4] }";  // a colon missing on line 2
        std::ofstream(damaged.toStdString()) << "mapscape-surrogate 1\n" << header.size() << "\n" << header << "\n";
        r = cli({"surrogate", "bench", "--model", damaged});
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(r.err.contains("damaged.bin:4:"), r.err.constData());  // the file's line 4
        r = cli({"surrogate", "train", "--hidden", "64,abc", "--out", dir.filePath("x.bin")});
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(r.err.contains("--hidden") && r.err.contains("abc"), r.err.constData());
        r = cli({"surrogate", "compare", "--methods", "mindmappings,nope", "--runs", "1"});
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(r.err.contains("nope"), r.err.constData());
        r = cli({"surrogate", "train", "--epochs", "0"});
        QCOMPARE(r.exit_code, 2);
        // A layer type the surrogate does not cover is refused before the search starts.
        r = cli({"search", "--model", "bert", "--layer", "1", "--algo", "mindmappings", "--budget", "10"});
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(r.err.contains("--algo: mindmappings: layer") && r.err.contains("covers CONV"), r.err.constData());
    }

    void cli_search_with_mindmappings() {
        QTemporaryDir dir;
        const QString json = dir.filePath("r.json");
        const Run r = cli({"search", "--model", "resnet18", "--layer", "2", "--platform", "mindmappings", "--objective", "edp", "--algo",
                           "mindmappings", "--budget", "300", "--json", json, "--quiet"});
        QCOMPARE(r.exit_code, 0);
        QVERIFY(r.out.contains("mindmappings"));
        QFile f(json);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll().contains("\"samples\": 300"));
    }
};

QTEST_GUILESS_MAIN(SurrogateTest)
#include "test_surrogate.moc"
