// Runs a co-design search (DiGamma or a baseline) through the run controller: the worker posts
// the design points it evaluated (area, latency, energy; batched), the best design so far and the
// convergence trace; the window receives them at most every 40 ms as one snapshot of what is new.
#pragma once

#include <QObject>

#include <string>
#include <vector>

#include "codesign/codesign_bound.hpp"
#include "codesign/codesign_problem.hpp"
#include "run_controller.hpp"
#include "workload/model.hpp"

namespace mapscape::ui {

// What the co-design view asks for: the study's model on a platform's base accelerator.
struct CodesignSettings {
    std::string platform = "edge";  // edge or cloud: the base accelerator and the default budget
    double area_budget_mm2 = 0.2;
    std::string area_model;         // "": the default
    std::string objective = "latency";
    std::string algorithm = "digamma";
    std::string map_space = "flexible";
    std::int64_t budget_samples = 40000;
    std::uint64_t seed = 1;
    int threads = 1;
};

// One evaluated design point, as the scatter draws it.
struct DesignDot {
    double area_um2 = 0;
    double runtime_cycles = 0;
    double energy_nj = 0;
    bool valid = false;
};

struct CodesignSnapshot {
    int run = 0;
    std::vector<DesignDot> new_dots;  // since the previous snapshot (valid and invalid)
    bool has_best = false;
    DesignPoint best;
    std::vector<std::pair<std::int64_t, double>> trace;  // whole trace so far
    std::int64_t samples = 0, valid_samples = 0, budget = 0;
    double elapsed_seconds = 0;
    bool finished = false, stopped = false;
};

class CodesignController : public QObject {
    Q_OBJECT
public:
    explicit CodesignController(QObject* parent = nullptr);

    // Builds the problem from the settings and the model's layers; throws InputError.
    static CodesignProblem make_problem(const CodesignSettings& settings, const Model& model);

    // Starts a run; returns its id. Throws InputError for bad settings.
    int start(const CodesignSettings& settings, const Model& model);
    void stop() { runs_.stop(); }
    bool running() const { return runs_.running(); }
    void wait() { runs_.wait(); }
    const CodesignProblem& problem() const { return problem_; }
    const CodesignBound& bound() const { return bound_; }

signals:
    void updated(const CodesignSnapshot& snapshot);
    void run_over(int run);  // after its last snapshot: running() is false from here

private:
    RunController runs_;
    CodesignProblem problem_;  // the current run's (the worker has its own copy)
    CodesignBound bound_;
    int next_id_ = 1;
};

}  // namespace mapscape::ui

Q_DECLARE_METATYPE(mapscape::ui::CodesignSnapshot)
