// What a search minimises: latency, energy, power, EDP, area, latency x area, or a weighted
// product of these (e.g. "latency*energy^2").
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cost/cost_report.hpp"
#include "util/units.hpp"

namespace mapscape {

enum class Metric { Latency, Energy, Power, Edp, Area, LatencyArea };

std::string_view metric_name(Metric m);  // "latency", "energy", "power", "edp", "area", "lap"
std::string_view metric_unit(Metric m);  // "cycles", "nJ", "mW", "nJ*cycles", "um^2", "cycles*um^2"
double metric_value(Metric m, const CostReport& report);
Quantity metric_quantity(Metric m);  // how its values are written for people

struct ObjectiveTerm {
    Metric metric;
    double weight = 1.0;  // exponent
    bool operator==(const ObjectiveTerm&) const = default;
};

struct Objective {
    std::vector<ObjectiveTerm> terms{{Metric::Latency, 1.0}};

    static Objective of(Metric m) { return Objective{{{m, 1.0}}}; }
    std::string name() const;  // "latency", "latency*energy^2"
    // Product of metric^weight; the report must be valid.
    double value(const CostReport& report) const;
    // The metric's quantity for a single metric, else Plain.
    Quantity quantity() const;
    bool operator==(const Objective&) const = default;
};

// "latency", "edp", "latency*area", "latency^2*energy" ... nullopt if not understood.
std::optional<Objective> parse_objective(std::string_view text);

}  // namespace mapscape
