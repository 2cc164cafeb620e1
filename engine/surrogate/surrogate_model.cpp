#include "surrogate/surrogate_model.hpp"

#include <bit>
#include <cmath>
#include <cstring>
#include <cerrno>
#include <fstream>
#include <sstream>

#include "arch/accelerator_json.hpp"
#include "util/diagnostic.hpp"
#include "util/json_document.hpp"

namespace mapscape {

namespace {

constexpr std::string_view kMagic = "mapscape-surrogate 1\n";

torch::Tensor row(const std::vector<float>& v) { return torch::from_blob(const_cast<float*>(v.data()), {1, static_cast<long>(v.size())}, torch::kFloat32).clone(); }

[[noreturn]] void damaged(const std::string& path, const std::string& what) {
    throw InputError({path, 0, 0}, "not a usable Mapscape surrogate file: " + what);
}

}  // namespace

double SurrogatePrediction::edp_over_minimum() const { return std::exp(static_cast<double>(labels[kEnergyLabel]) + labels[kCyclesLabel]); }

Surrogate::Surrogate(std::vector<int> hidden, SurrogateNormalisation normalisation, Accelerator accelerator)
    : hidden_(std::move(hidden)), norm_(std::move(normalisation)), accelerator_(std::move(accelerator)) {
    net_ = torch::nn::Sequential();
    int previous = kInputFeatures;
    for (int width : hidden_) {
        net_->push_back(torch::nn::Linear(previous, width));
        net_->push_back(torch::nn::ReLU());
        previous = width;
    }
    net_->push_back(torch::nn::Linear(previous, kNumLabels));
    make_tensors();
}

void Surrogate::make_tensors() {
    in_mean_ = row(norm_.input_mean).to(dtype_);
    in_std_ = row(norm_.input_std).to(dtype_);
    label_mean_ = row(norm_.label_mean).to(dtype_);
    label_std_ = row(norm_.label_std).to(dtype_);
}

std::int64_t Surrogate::parameter_count() const {
    std::int64_t n = 0;
    for (const auto& p : parameters()) n += p.numel();
    return n;
}

std::vector<torch::Tensor> Surrogate::parameters() const { return net_ ? net_->parameters() : std::vector<torch::Tensor>{}; }

void Surrogate::to_double() {
    dtype_ = torch::kFloat64;
    net_->to(torch::kFloat64);
    make_tensors();
}

void Surrogate::set_training(bool training) {
    net_->train(training);
    for (auto& p : net_->parameters()) p.set_requires_grad(training);
}

torch::Tensor Surrogate::normalise_mappings(const torch::Tensor& raw) const {
    return (raw - in_mean_.narrow(1, kProblemFeatures, kMappingFeatures)) / in_std_.narrow(1, kProblemFeatures, kMappingFeatures);
}

torch::Tensor Surrogate::denormalise_mappings(const torch::Tensor& normalised) const {
    return normalised * in_std_.narrow(1, kProblemFeatures, kMappingFeatures) + in_mean_.narrow(1, kProblemFeatures, kMappingFeatures);
}

torch::Tensor Surrogate::denormalise_labels(const torch::Tensor& normalised) const { return normalised * label_std_ + label_mean_; }

torch::Tensor buffer_use_features(const torch::Tensor& p, const torch::Tensor& m) {
    // Slots N K C Y' X' R S; p holds log2 sizes and log2 stride, m log2 tiles at each level's
    // offset. Per level, in log2 elements: input N + C + log2((Y' - 1) x stride + R) +
    // log2((X' - 1) x stride + S), weight K + C + R + S, output N + K + Y' + X'. The sums are one
    // matrix product (few operations: a search calls this for every step).
    static const auto linear = [] {
        auto tiles = torch::zeros({2 * kTileSlots, kDerivedFeatures});
        auto problem = torch::zeros({kProblemFeatures, kDerivedFeatures});
        auto windows = torch::zeros({4, kDerivedFeatures});
        for (int k = 0; k < 2; ++k) {
            const int t = k * kTileSlots, d = 3 * k;
            tiles[t + 0][d] = 1, tiles[t + 2][d] = 1;                          // input: N + C
            tiles[t + 1][d + 1] = 1, tiles[t + 2][d + 1] = 1;                  // weight: K + C
            problem[5][d + 1] = 1, problem[6][d + 1] = 1;                      //   + R + S
            for (int i : {0, 1, 3, 4}) tiles[t + i][d + 2] = 1;                // output: N + K + Y' + X'
            windows[2 * k][d] = 1, windows[2 * k + 1][d] = 1;                  // input windows
        }
        return std::array<torch::Tensor, 3>{tiles, problem, windows};
    }();
    const auto dtype = m.scalar_type();
    const torch::Tensor tiles = torch::cat({m.narrow(1, kTileOffset, kTileSlots), m.narrow(1, kLevelFeatures + kTileOffset, kTileSlots)}, 1);
    // Output rows and columns of both levels (Y'0 X'0 Y'1 X'1) and the filter extents they slide over.
    const torch::Tensor rows_cols = tiles.index_select(1, torch::tensor({3, 4, 8, 9}, torch::kLong));
    const torch::Tensor filters = torch::exp2(p.index_select(1, torch::tensor({5, 6, 5, 6}, torch::kLong)));
    const torch::Tensor window = torch::log2((torch::exp2(rows_cols) - 1).clamp_min(0) * torch::exp2(p.narrow(1, 7, 1)) + filters);
    return tiles.matmul(linear[0].to(dtype)) + p.matmul(linear[1].to(dtype)) + window.matmul(linear[2].to(dtype));
}

torch::Tensor Surrogate::forward(const torch::Tensor& problems_raw, const torch::Tensor& mappings_normalised) const {
    const torch::Tensor p = problems_raw.to(dtype_);
    const torch::Tensor m_raw = denormalise_mappings(mappings_normalised);
    const torch::Tensor d = buffer_use_features(p, m_raw);
    const torch::Tensor p_n = (p - in_mean_.narrow(1, 0, kProblemFeatures)) / in_std_.narrow(1, 0, kProblemFeatures);
    const int d_at = kProblemFeatures + kMappingFeatures;
    const torch::Tensor d_n = (d - in_mean_.narrow(1, d_at, kDerivedFeatures)) / in_std_.narrow(1, d_at, kDerivedFeatures);
    return net_->forward(torch::cat({p_n, mappings_normalised, d_n}, 1));
}

torch::Tensor Surrogate::log_objective_ratio(const torch::Tensor& labels_normalised, const Objective& objective) const {
    const torch::Tensor y = denormalise_labels(labels_normalised);
    double cycles_weight = 0, energy_weight = 0;
    for (const ObjectiveTerm& t : objective.terms) {
        if (t.metric == Metric::Latency) cycles_weight += t.weight;
        if (t.metric == Metric::Energy) energy_weight += t.weight;
        if (t.metric == Metric::Edp) cycles_weight += t.weight, energy_weight += t.weight;
    }
    if (cycles_weight == 0 && energy_weight == 0) cycles_weight = energy_weight = 1;  // guided by EDP
    return y.select(1, kCyclesLabel) * cycles_weight + y.select(1, kEnergyLabel) * energy_weight;
}

void Surrogate::save(const std::string& path) const {
    nlohmann::ordered_json meta;
    meta["format"] = "mapscape-surrogate";
    meta["version"] = 1;
    meta["hidden"] = hidden_;
    meta["input_features"] = kInputFeatures;
    meta["labels"] = kNumLabels;
    meta["input_mean"] = norm_.input_mean;
    meta["input_std"] = norm_.input_std;
    meta["label_mean"] = norm_.label_mean;
    meta["label_std"] = norm_.label_std;
    meta["accelerator"] = accelerator_to_json(accelerator_);
    meta["info"] = info_;
    const std::string header = meta.dump(1);
    std::string bytes(kMagic);
    bytes += std::to_string(header.size()) + "\n" + header + "\n";
    static_assert(std::endian::native == std::endian::little, "weights are stored little-endian");
    for (const auto& p : parameters()) {
        const torch::Tensor f = p.detach().to(torch::kFloat32).contiguous();
        bytes.append(reinterpret_cast<const char*>(f.data_ptr<float>()), static_cast<std::size_t>(f.numel()) * sizeof(float));
    }
    const std::string temporary = path + ".tmp";
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        if (!out) throw InputError({path, 0, 0}, "cannot write the surrogate file");
    }
    if (std::rename(temporary.c_str(), path.c_str()) != 0) throw InputError({path, 0, 0}, "cannot write the surrogate file");
}

Surrogate Surrogate::load(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        if (errno == ENOENT) throw MissingFileError({path, 0, 0}, "cannot open the surrogate file: no such file");
        throw InputError({path, 0, 0}, "cannot open the surrogate file");
    }
    std::stringstream buffer;
    buffer << in.rdbuf();
    const std::string bytes = buffer.str();
    if (bytes.compare(0, kMagic.size(), kMagic) != 0) damaged(path, "it does not start with \"mapscape-surrogate 1\"");
    const std::size_t newline = bytes.find('\n', kMagic.size());
    if (newline == std::string::npos) damaged(path, "the header length is missing");
    std::size_t header_size = 0;
    try {
        header_size = std::stoull(bytes.substr(kMagic.size(), newline - kMagic.size()));
    } catch (const std::exception&) {
        damaged(path, "the header length is not a number");
    }
    if (newline + 1 + header_size + 1 > bytes.size()) damaged(path, "it ends inside its header");
    // Two blank lines stand for the magic and length lines, so diagnostics give file lines.
    const JsonDocument doc = JsonDocument::parse("\n\n" + bytes.substr(newline + 1, header_size), path);
    const nlohmann::json& meta = doc.root();
    static const JsonObjectSchema kHeaderFields{"surrogate",
                                                {"format", "version", "hidden", "input_features", "labels", "input_mean", "input_std",
                                                 "label_mean", "label_std", "accelerator", "info"}};
    doc.check_fields(meta, "", kHeaderFields);
    doc.check_format("mapscape-surrogate", 1, "surrogate");
    if (doc.integer(meta, "", "input_features", 0, 1 << 20) != kInputFeatures || doc.integer(meta, "", "labels", 0, 1 << 20) != kNumLabels)
        doc.fail("/input_features", "the surrogate was made for other feature vectors than this version's");
    Surrogate s;
    try {
        SurrogateNormalisation n;
        n.input_mean = meta.at("input_mean").get<std::vector<float>>();
        n.input_std = meta.at("input_std").get<std::vector<float>>();
        n.label_mean = meta.at("label_mean").get<std::vector<float>>();
        n.label_std = meta.at("label_std").get<std::vector<float>>();
        if (n.input_mean.size() != kInputFeatures || n.input_std.size() != kInputFeatures || n.label_mean.size() != kNumLabels ||
            n.label_std.size() != kNumLabels)
            doc.fail("/input_mean", "normalisation vectors of the wrong length");
        std::vector<int> hidden = meta.at("hidden").get<std::vector<int>>();
        for (int w : hidden)
            if (w < 1 || w > 65536) doc.fail("/hidden", "a hidden layer width outside 1-65536");
        s = Surrogate(std::move(hidden), std::move(n), accelerator_from_json(doc, meta.at("accelerator"), "/accelerator"));
        // Parsed again in order, so that a model saved after loading is the same file.
        if (meta.contains("info")) s.info_ = nlohmann::ordered_json::parse(bytes.substr(newline + 1, header_size)).at("info");
    } catch (const nlohmann::json::exception& e) {
        damaged(path, e.what());
    }
    std::size_t at = newline + 1 + header_size + 1;
    torch::NoGradGuard no_grad;
    for (auto& p : s.net_->parameters()) {
        const auto count = static_cast<std::size_t>(p.numel());
        if (at + count * sizeof(float) > bytes.size()) damaged(path, "it ends inside its weights");
        std::memcpy(p.data_ptr<float>(), bytes.data() + at, count * sizeof(float));
        at += count * sizeof(float);
    }
    if (at != bytes.size()) damaged(path, "it has bytes after its weights");
    s.set_training(false);
    return s;
}

}  // namespace mapscape
