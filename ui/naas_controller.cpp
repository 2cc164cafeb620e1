#include "naas_controller.hpp"

#include <chrono>
#include <cmath>
#include <mutex>

#include "util/diagnostic.hpp"

namespace mapscape::ui {

namespace {

struct NaasMailbox {
    std::mutex mutex;  // guards everything below
    NaasSnapshot pending;
    bool changed = false;
};

class MailboxSink : public NaasSink {
public:
    explicit MailboxSink(std::shared_ptr<NaasMailbox> mailbox) : mailbox_(std::move(mailbox)) {}
    void baseline(const NaasDesign& d) override {
        std::lock_guard lock(mailbox_->mutex);
        mailbox_->pending.baseline = d;
        mailbox_->pending.has_baseline = true;
        mailbox_->changed = true;
    }
    void iteration(const NaasIteration& it, const NaasDesign& best) override {
        std::lock_guard lock(mailbox_->mutex);
        mailbox_->pending.iterations.push_back(it);
        if (std::isfinite(best.geomean_edp)) {
            mailbox_->pending.best = best;
            mailbox_->pending.has_best = true;
        }
        mailbox_->pending.elapsed_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
        mailbox_->changed = true;
    }

private:
    std::shared_ptr<NaasMailbox> mailbox_;
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace

NaasController::NaasController(QObject* parent) : QObject(parent) {
    connect(&runs_, &RunController::run_over, this, &NaasController::run_over);
}

NaasProblem NaasController::make_problem(const NaasSettings& s, const Model& model) {
    NaasProblem p;
    p.resources = naas_resources(s.resources);
    if (s.accuracy_floor > 0) {
        p.network = NaasNetworkLevel{load_network_family("mobilenet_v2"), s.accuracy_floor};
    } else {
        if (model.layers.empty()) throw InputError({model.name, 0, 0}, "the model has no layers to design for");
        p.benchmarks.push_back({model.name, model.layers});
    }
    p.mapping_search = s.mapping_search == "gamma" ? NaasMappingSearch::Gamma : NaasMappingSearch::Naas;
    p.population = std::max(2, s.population);
    p.iterations = std::max(1, s.iterations);
    p.seed = s.seed;
    p.threads = std::max(1, s.threads);
    return p;
}

int NaasController::start(const NaasSettings& settings, const Model& model) {
    NaasProblem problem = make_problem(settings, model);
    problem_ = problem;
    const int id = next_id_++;
    auto mailbox = std::make_shared<NaasMailbox>();
    mailbox->pending.run = id;
    auto work = [mailbox, problem = std::move(problem)](const RunContext& context) {
        MailboxSink sink(mailbox);
        NaasResult r;
        std::string error;
        try {
            r = run_naas(problem, &sink, context.stop);
        } catch (const std::exception& e) {
            error = e.what();
        }
        std::lock_guard lock(mailbox->mutex);
        NaasSnapshot& s = mailbox->pending;
        s.baseline = r.baseline;
        s.has_baseline = error.empty();
        s.has_best = r.found;
        if (r.found) s.best = r.best;
        s.explored = r.explored;
        s.front = r.front;
        s.bound_geomean_edp = r.bound_geomean_edp;
        s.elapsed_seconds = r.wall_seconds;
        s.finished = true;
        s.stopped = r.stopped;
        s.error = error;
        mailbox->changed = true;
    };
    auto deliver = [this, mailbox](int, bool) {
        NaasSnapshot snapshot;
        {
            // Never wait for the search thread here (run_controller.hpp): try again next tick.
            std::unique_lock lock(mailbox->mutex, std::try_to_lock);
            if (!lock.owns_lock()) return false;
            if (!mailbox->changed) return true;
            mailbox->changed = false;
            snapshot = mailbox->pending;
        }
        emit updated(snapshot);
        return true;
    };
    runs_.start(id, std::move(work), std::move(deliver));
    return id;
}

}  // namespace mapscape::ui
