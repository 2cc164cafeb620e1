// Runs a NAAS search through the run controller: the worker posts the baseline, then every
// iteration (its population's EDPs, the best so far) and at the end the refined best design and
// the accuracy-EDP front; the window receives them at most every 40 ms as one snapshot.
#pragma once

#include <QObject>

#include <string>
#include <vector>

#include "naas/naas_search.hpp"
#include "run_controller.hpp"
#include "workload/model.hpp"

namespace mapscape::ui {

struct NaasSettings {
    std::string resources = "eyeriss";
    int population = 20, iterations = 30;
    double accuracy_floor = 0;  // > 0: the network level (MobileNetV2 variants) instead of the study's model
    std::string mapping_search = "naas";
    std::uint64_t seed = 1;
    int threads = 1;
};

struct NaasSnapshot {
    int run = 0;
    bool has_baseline = false;
    NaasDesign baseline;
    std::vector<NaasIteration> iterations;  // all so far
    bool has_best = false;
    NaasDesign best;
    std::vector<NaasFrontPoint> explored, front;  // at the end, with the network level
    double bound_geomean_edp = 0;
    double elapsed_seconds = 0;
    bool finished = false, stopped = false;
    std::string error;  // why the run could not start its search
};

class NaasController : public QObject {
    Q_OBJECT
public:
    explicit NaasController(QObject* parent = nullptr);

    // The problem for the study's model (or the network level); throws InputError.
    static NaasProblem make_problem(const NaasSettings& settings, const Model& model);
    int start(const NaasSettings& settings, const Model& model);
    void stop() { runs_.stop(); }
    bool running() const { return runs_.running(); }
    void wait() { runs_.wait(); }
    const NaasProblem& problem() const { return problem_; }

signals:
    void updated(const NaasSnapshot& snapshot);
    void run_over(int run);

private:
    RunController runs_;
    NaasProblem problem_;
    int next_id_ = 1;
};

}  // namespace mapscape::ui

Q_DECLARE_METATYPE(mapscape::ui::NaasSnapshot)
