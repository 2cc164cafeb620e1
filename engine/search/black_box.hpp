// What the black-box optimizers (search/vector_optimizers.hpp) minimise: a function over
// [0,1)^n with a sample budget. Mapping searches and schedule searches both provide one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace mapscape {

// The fitness of a point that decodes to something invalid (the papers' death penalty).
inline constexpr double kInvalidFitness = 1e6;

// Thrown by an objective when its share of the budget is used (or the search must stop), to
// leave an optimizer's loop from inside its fitness call.
struct BudgetExhausted {};

class BlackBoxObjective {
public:
    virtual ~BlackBoxObjective() = default;
    virtual std::size_t size() const = 0;
    virtual bool exhausted() = 0;
    virtual std::int64_t remaining() const = 0;
    // The fitness of x (lower is better); throws BudgetExhausted when out of budget.
    virtual double evaluate(const double* x) = 0;

    double operator()(const double* x) { return evaluate(x); }
    double operator()(const std::vector<double>& x) { return evaluate(x.data()); }
};

}  // namespace mapscape
