#include "surrogate/surrogate_accuracy.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace mapscape {

namespace {

torch::Tensor as_tensor(const std::vector<float>& v, std::int64_t rows, int columns) {
    return torch::from_blob(const_cast<float*>(v.data()), {rows, columns}, torch::kFloat32).clone();
}

std::vector<double> ranks(const std::vector<double>& v) {
    std::vector<std::size_t> order(v.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&v](std::size_t a, std::size_t b) { return v[a] < v[b]; });
    std::vector<double> r(v.size());
    for (std::size_t i = 0; i < order.size();) {
        std::size_t j = i;
        while (j + 1 < order.size() && v[order[j + 1]] == v[order[i]]) ++j;
        const double average = 0.5 * static_cast<double>(i + j);
        for (std::size_t k = i; k <= j; ++k) r[order[k]] = average;
        i = j + 1;
    }
    return r;
}

constexpr std::int64_t kBatch = 4096;

}  // namespace

torch::Tensor problems_tensor(const Dataset& d) { return as_tensor(d.problems, d.size, kProblemFeatures); }
torch::Tensor mappings_tensor(const Dataset& d) { return as_tensor(d.mappings, d.size, kMappingFeatures); }
torch::Tensor labels_tensor(const Dataset& d) { return as_tensor(d.labels, d.size, kNumLabels); }

double spearman(const std::vector<double>& a, const std::vector<double>& b) {
    if (a.size() != b.size() || a.size() < 2) return 0;
    const std::vector<double> ra = ranks(a), rb = ranks(b);
    const double n = static_cast<double>(a.size());
    const double mean = (n - 1) / 2;
    double cov = 0, va = 0, vb = 0;
    for (std::size_t i = 0; i < ra.size(); ++i) {
        cov += (ra[i] - mean) * (rb[i] - mean);
        va += (ra[i] - mean) * (ra[i] - mean);
        vb += (rb[i] - mean) * (rb[i] - mean);
    }
    return va > 0 && vb > 0 ? cov / std::sqrt(va * vb) : 0;
}

EdpPairs predict_edp(const Surrogate& s, const Dataset& d) {
    EdpPairs out;
    torch::NoGradGuard no_grad;
    const torch::Tensor p = problems_tensor(d), m = s.normalise_mappings(mappings_tensor(d));
    for (std::int64_t first = 0; first < d.size; first += kBatch) {
        const std::int64_t n = std::min(kBatch, d.size - first);
        const torch::Tensor y = s.denormalise_labels(s.forward(p.narrow(0, first, n), m.narrow(0, first, n))).to(torch::kFloat64);
        const torch::Tensor log_edp = (y.select(1, kEnergyLabel) + y.select(1, kCyclesLabel)).contiguous();
        const double* v = log_edp.data_ptr<double>();
        for (std::int64_t i = 0; i < n; ++i) {
            out.predicted.push_back(std::exp(v[i]));
            const auto row = static_cast<std::size_t>((first + i) * kNumLabels);
            out.actual.push_back(std::exp(static_cast<double>(d.labels[row + kEnergyLabel]) + d.labels[row + kCyclesLabel]));
        }
    }
    return out;
}

SurrogateAccuracy measure_accuracy(const Surrogate& s, const Dataset& d) {
    SurrogateAccuracy a;
    a.samples = d.size;
    if (d.size == 0) return a;
    const EdpPairs pairs = predict_edp(s, d);
    // Absolute EDP: the ratio times each shape's minimum.
    std::vector<double> predicted(pairs.predicted.size()), actual(pairs.actual.size()), errors;
    std::vector<std::vector<std::size_t>> by_shape(d.shapes.size());
    for (std::size_t i = 0; i < actual.size(); ++i) {
        const auto shape = static_cast<std::size_t>(d.shape_of[i]);
        const double minimum = algorithmic_minimum(d.shapes[shape], s.accelerator()).edp();
        predicted[i] = pairs.predicted[i] * minimum;
        actual[i] = pairs.actual[i] * minimum;
        errors.push_back(std::abs(pairs.predicted[i] - pairs.actual[i]) / pairs.actual[i]);
        by_shape[shape].push_back(i);
    }
    a.spearman_edp = spearman(predicted, actual);
    double sum = 0;
    for (const auto& rows : by_shape) {
        if (rows.size() < 2) continue;
        std::vector<double> p, t;
        for (std::size_t i : rows) p.push_back(predicted[i]), t.push_back(actual[i]);
        sum += spearman(p, t);
        ++a.shapes;
    }
    a.spearman_edp_within_shape = a.shapes ? sum / static_cast<double>(a.shapes) : 0;
    a.mean_relative_error_edp = std::accumulate(errors.begin(), errors.end(), 0.0) / static_cast<double>(errors.size());
    std::nth_element(errors.begin(), errors.begin() + static_cast<std::ptrdiff_t>(errors.size() / 2), errors.end());
    a.median_relative_error_edp = errors[errors.size() / 2];
    torch::NoGradGuard no_grad;
    const torch::Tensor labels = (labels_tensor(d) - torch::tensor(s.normalisation().label_mean).unsqueeze(0)) /
                                 torch::tensor(s.normalisation().label_std).unsqueeze(0);
    double loss = 0;
    const torch::Tensor p = problems_tensor(d), m = s.normalise_mappings(mappings_tensor(d));
    for (std::int64_t first = 0; first < d.size; first += kBatch) {
        const std::int64_t n = std::min(kBatch, d.size - first);
        loss += torch::smooth_l1_loss(s.forward(p.narrow(0, first, n), m.narrow(0, first, n)).to(torch::kFloat32),
                                      labels.narrow(0, first, n), torch::Reduction::Sum)
                    .item<double>();
    }
    a.huber_loss = loss / static_cast<double>(d.size * kNumLabels);
    return a;
}

}  // namespace mapscape
