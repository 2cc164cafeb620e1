#include "search/objective.hpp"

#include <charconv>
#include <cmath>

namespace mapscape {

namespace {
struct MetricName {
    Metric metric;
    std::string_view name, unit;
    Quantity quantity;
};
constexpr MetricName kMetrics[] = {{Metric::Latency, "latency", "cycles", Quantity::Cycles},
                                   {Metric::Energy, "energy", "nJ", Quantity::EnergyNj},
                                   {Metric::Power, "power", "mW", Quantity::PowerMw},
                                   {Metric::Edp, "edp", "nJ*cycles", Quantity::EdpNjCycles},
                                   {Metric::Area, "area", "um^2", Quantity::AreaUm2},
                                   {Metric::LatencyArea, "lap", "cycles*um^2", Quantity::LapCyclesUm2}};
}  // namespace

std::string_view metric_name(Metric m) {
    for (const auto& n : kMetrics)
        if (n.metric == m) return n.name;
    return "latency";
}

std::string_view metric_unit(Metric m) {
    for (const auto& n : kMetrics)
        if (n.metric == m) return n.unit;
    return "";
}

Quantity metric_quantity(Metric m) {
    for (const auto& n : kMetrics)
        if (n.metric == m) return n.quantity;
    return Quantity::Plain;
}

Quantity Objective::quantity() const {
    return terms.size() == 1 && terms[0].weight == 1.0 ? metric_quantity(terms[0].metric) : Quantity::Plain;
}

double metric_value(Metric m, const CostReport& r) {
    const auto cycles = static_cast<double>(r.runtime_cycles);
    switch (m) {
        case Metric::Latency: return cycles;
        case Metric::Energy: return r.energy.total_nj;
        case Metric::Power: return r.power_mw;
        case Metric::Edp: return r.energy.total_nj * cycles;
        case Metric::Area: return r.area_um2;
        case Metric::LatencyArea: return cycles * r.area_um2;
    }
    return cycles;
}

std::string Objective::name() const {
    std::string s;
    for (const auto& t : terms) {
        if (!s.empty()) s += '*';
        s += metric_name(t.metric);
        if (t.weight != 1.0) {
            char buf[32];
            std::snprintf(buf, sizeof buf, "^%g", t.weight);
            s += buf;
        }
    }
    return s;
}

double Objective::value(const CostReport& r) const {
    if (terms.size() == 1 && terms[0].weight == 1.0) return metric_value(terms[0].metric, r);
    double v = 1.0;
    for (const auto& t : terms) v *= std::pow(metric_value(t.metric, r), t.weight);
    return v;
}

std::optional<Objective> parse_objective(std::string_view text) {
    Objective o;
    o.terms.clear();
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = std::min(text.find('*', start), text.size());
        std::string_view term = text.substr(start, end - start);
        double weight = 1.0;
        if (const auto caret = term.find('^'); caret != std::string_view::npos) {
            const std::string_view w = term.substr(caret + 1);
            const std::string ws(w);
            char* e = nullptr;
            weight = std::strtod(ws.c_str(), &e);
            if (ws.empty() || *e != '\0' || !(weight > 0) || weight > 16) return std::nullopt;
            term = term.substr(0, caret);
        }
        std::optional<Metric> metric;
        for (const auto& n : kMetrics)
            if (n.name == term) metric = n.metric;
        if (term == "lat") metric = Metric::Latency;
        if (!metric) return std::nullopt;
        o.terms.push_back({*metric, weight});
        if (end == text.size()) break;
        start = end + 1;
    }
    if (o.terms.empty()) return std::nullopt;
    return o;
}

}  // namespace mapscape
