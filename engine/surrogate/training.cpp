#include "surrogate/training.hpp"

#include <chrono>
#include <cmath>

#include "surrogate/surrogate_accuracy.hpp"
#include "util/diagnostic.hpp"
#include "util/seed_mixing.hpp"

namespace mapscape {

namespace {

void mean_std(const torch::Tensor& columns, std::vector<float>& mean, std::vector<float>& std_dev) {
    const torch::Tensor x = columns.to(torch::kFloat64);
    const torch::Tensor m = x.mean(0), s = x.std(0, /*unbiased=*/false);
    for (std::int64_t i = 0; i < x.size(1); ++i) {
        mean.push_back(static_cast<float>(m[i].item<double>()));
        // A constant feature (e.g. a one-hot never set) divides by 1, not by 0.
        std_dev.push_back(static_cast<float>(std::max(s[i].item<double>(), 1e-3)));
    }
}

}  // namespace

SurrogateNormalisation normalisation_of(const Dataset& d) {
    SurrogateNormalisation n;
    const torch::Tensor p = problems_tensor(d), m = mappings_tensor(d);
    mean_std(torch::cat({p, m, buffer_use_features(p, m)}, 1), n.input_mean, n.input_std);
    mean_std(labels_tensor(d), n.label_mean, n.label_std);
    return n;
}

Dataset heldout_dataset(const Accelerator& acc, const TrainingOptions& o) {
    DatasetOptions h = o.data;
    h.shapes = o.heldout_shapes;
    h.mappings_per_shape = o.heldout_mappings_per_shape;
    h.seed = mix_seed(o.data.seed, 0x4e1d07ULL);  // another stream: shapes not in the training set
    return generate_dataset(acc, h);
}

Surrogate train_surrogate(const Accelerator& acc, const TrainingOptions& o, const std::function<void(const TrainingProgress&)>& progress,
                          std::stop_token stop) {
    if (o.data.shapes < 1 || o.data.mappings_per_shape < 1) throw InputError({"--samples", 0, 0}, "the training set needs samples");
    if (o.epochs < 1 || o.batch < 1) throw InputError({"--epochs", 0, 0}, "training needs at least one epoch and a batch of one");
    for (int w : o.hidden)
        if (w < 1 || w > 65536) throw InputError({"--hidden", 0, 0}, "hidden layer widths must be in 1-65536");
    torch::set_num_threads(1);
    const auto start = std::chrono::steady_clock::now();
    auto report = [&](const TrainingProgress& p) {
        if (progress) progress(p);
    };
    const Dataset train = generate_dataset(acc, o.data, [&](double f) { report({"labelling", f}); }, stop);
    const Dataset heldout = heldout_dataset(acc, o);
    const double labelling_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (train.size == 0) throw InputError({"--samples", 0, 0}, "no valid mapping was found for the training shapes");

    torch::manual_seed(o.seed);
    Surrogate s(o.hidden, normalisation_of(train), acc);
    s.set_training(true);
    const torch::Tensor problems = problems_tensor(train);
    const torch::Tensor mappings = s.normalise_mappings(mappings_tensor(train));
    const torch::Tensor labels = (labels_tensor(train) - torch::tensor(s.normalisation().label_mean).unsqueeze(0)) /
                                 torch::tensor(s.normalisation().label_std).unsqueeze(0);
    torch::optim::Adam optimiser(s.net()->parameters(), torch::optim::AdamOptions(o.learning_rate));
    auto generator = at::detail::createCPUGenerator(mix_seed(o.seed, 1));
    nlohmann::ordered_json epochs = nlohmann::ordered_json::array();
    for (int epoch = 0; epoch < o.epochs && !stop.stop_requested(); ++epoch) {
        double rate = o.learning_rate;
        for (double at : {0.5, 0.75, 0.9})
            if (epoch >= static_cast<int>(std::lround(at * o.epochs))) rate *= 0.3;
        for (auto& group : optimiser.param_groups()) static_cast<torch::optim::AdamOptions&>(group.options()).lr(rate);
        s.set_training(true);
        const torch::Tensor order = torch::randperm(train.size, generator, torch::kLong);
        double loss_sum = 0;
        std::int64_t batches = 0;
        for (std::int64_t first = 0; first < train.size; first += o.batch) {
            const torch::Tensor index = order.narrow(0, first, std::min<std::int64_t>(o.batch, train.size - first));
            optimiser.zero_grad();
            const torch::Tensor loss = torch::smooth_l1_loss(s.forward(problems.index_select(0, index), mappings.index_select(0, index)),
                                                             labels.index_select(0, index));
            loss.backward();
            optimiser.step();
            loss_sum += loss.item<double>();
            ++batches;
            if (stop.stop_requested()) break;
        }
        s.set_training(false);
        const SurrogateAccuracy a = measure_accuracy(s, heldout);
        const double train_loss = loss_sum / static_cast<double>(std::max<std::int64_t>(1, batches));
        epochs.push_back({{"epoch", epoch + 1}, {"learning_rate", rate}, {"train_loss", train_loss}, {"heldout_loss", a.huber_loss},
                          {"heldout_spearman_within_shape", a.spearman_edp_within_shape}});
        report({"training", static_cast<double>(epoch + 1) / o.epochs, epoch + 1, train_loss, a.huber_loss});
    }
    s.set_training(false);
    const SurrogateAccuracy a = measure_accuracy(s, heldout);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    nlohmann::ordered_json& info = s.info();
    info["training"] = {{"seed", o.seed},
                        {"data_seed", o.data.seed},
                        {"shapes", o.data.shapes},
                        {"mappings_per_shape", o.data.mappings_per_shape},
                        {"samples", train.size},
                        {"mappings_drawn", train.draws},
                        {"heldout_shapes", o.heldout_shapes},
                        {"heldout_mappings_per_shape", o.heldout_mappings_per_shape},
                        {"epochs", o.epochs},
                        {"batch", o.batch},
                        {"optimiser", "Adam"},
                        {"learning_rate", o.learning_rate},
                        {"loss", "Huber (smooth L1, beta 1)"},
                        {"labelling_seconds", labelling_seconds},
                        {"seconds", seconds},
                        {"history", epochs}};
    info["heldout"] = {{"samples", a.samples},
                       {"shapes", a.shapes},
                       {"spearman_edp", a.spearman_edp},
                       {"spearman_edp_within_shape", a.spearman_edp_within_shape},
                       {"median_relative_error_edp", a.median_relative_error_edp},
                       {"mean_relative_error_edp", a.mean_relative_error_edp},
                       {"huber_loss", a.huber_loss}};
    return s;
}

}  // namespace mapscape
