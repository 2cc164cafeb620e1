#include "codesign/codesign_algorithm.hpp"

namespace mapscape {

namespace {

constexpr std::pair<FixedDataflow, std::string_view> kStyles[] = {
    {FixedDataflow::Nvdla, "hw-opt-nvdla"}, {FixedDataflow::Eyeriss, "hw-opt-eyeriss"}, {FixedDataflow::ShiDianNao, "hw-opt-shidiannao"}};
constexpr std::pair<FixedHardware, std::string_view> kHardware[] = {
    {FixedHardware::BufferFocused, "map-opt-buffer"}, {FixedHardware::ComputeFocused, "map-opt-compute"}, {FixedHardware::Medium, "map-opt-medium"}};

}  // namespace

std::string CodesignAlgorithm::name() const {
    switch (kind) {
        case Kind::Digamma: return "digamma";
        case Kind::BlackBox: return std::string(baseline_name(baseline));
        case Kind::HwOpt:
            for (const auto& [s, n] : kStyles)
                if (s == style) return std::string(n);
            break;
        case Kind::MapOpt:
            for (const auto& [h, n] : kHardware)
                if (h == hardware) return std::string(n);
            break;
    }
    return "digamma";
}

std::optional<CodesignAlgorithm> parse_codesign_algorithm(std::string_view name) {
    CodesignAlgorithm a;
    if (name == "digamma") return a;
    if (const auto b = parse_baseline(name)) {
        a.kind = CodesignAlgorithm::Kind::BlackBox;
        a.baseline = *b;
        return a;
    }
    for (const auto& [s, n] : kStyles)
        if (n == name) {
            a.kind = CodesignAlgorithm::Kind::HwOpt;
            a.style = s;
            return a;
        }
    for (const auto& [h, n] : kHardware)
        if (n == name) {
            a.kind = CodesignAlgorithm::Kind::MapOpt;
            a.hardware = h;
            return a;
        }
    return std::nullopt;
}

std::vector<std::string> codesign_algorithm_names() {
    std::vector<std::string> names{"digamma"};
    for (Baseline b : all_baselines()) names.emplace_back(baseline_name(b));
    for (const auto& [s, n] : kStyles) names.emplace_back(n);
    for (const auto& [h, n] : kHardware) names.emplace_back(n);
    return names;
}

CodesignResult run_codesign(const CodesignProblem& problem, const CodesignAlgorithm& a, CodesignSink* sink, std::stop_token stop) {
    switch (a.kind) {
        case CodesignAlgorithm::Kind::Digamma: return run_digamma(problem, a.digamma, sink, std::move(stop));
        case CodesignAlgorithm::Kind::BlackBox: return run_codesign_black_box(problem, a.baseline, sink, std::move(stop));
        case CodesignAlgorithm::Kind::HwOpt: return run_hw_opt(problem, a.style, sink, std::move(stop));
        case CodesignAlgorithm::Kind::MapOpt: return run_map_opt(problem, a.hardware, sink, std::move(stop));
    }
    return {};
}

}  // namespace mapscape
