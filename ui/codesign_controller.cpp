#include "codesign_controller.hpp"

#include <algorithm>
#include <mutex>

#include "codesign/codesign_algorithm.hpp"
#include "codesign/codesign_request.hpp"
#include "util/diagnostic.hpp"

namespace mapscape::ui {

namespace {

// The scatter shows every valid design and a sample of the invalid ones (over budget, or a layer
// that cannot run): enough to see where the budget cuts, without drawing all of them.
constexpr int kInvalidStride = 8;

struct CodesignMailbox {
    std::mutex mutex;  // guards everything below
    CodesignSnapshot pending;  // new dots accumulate until delivered
    bool changed = false;
};

class MailboxSink : public CodesignSink {
public:
    explicit MailboxSink(std::shared_ptr<CodesignMailbox> mailbox) : mailbox_(std::move(mailbox)) {}

    void designs(const std::vector<DesignSummary>& batch) override {
        dots_.clear();
        for (const DesignSummary& d : batch) {
            if (!d.valid && (invalid_seen_++ % kInvalidStride) != 0) continue;
            if (d.area_um2 <= 0 || d.runtime_cycles <= 0) continue;
            dots_.push_back({d.area_um2, static_cast<double>(d.runtime_cycles), d.energy_nj, d.valid});
        }
        std::lock_guard lock(mailbox_->mutex);
        auto& out = mailbox_->pending.new_dots;
        out.insert(out.end(), dots_.begin(), dots_.end());
        mailbox_->changed = true;
    }
    void best(const DesignPoint& design) override {
        std::lock_guard lock(mailbox_->mutex);
        mailbox_->pending.best = design;
        mailbox_->pending.has_best = true;
        mailbox_->pending.trace.emplace_back(mailbox_->pending.samples, design.objective);
        mailbox_->changed = true;
    }
    void progress(const CodesignProgress& p) override {
        std::lock_guard lock(mailbox_->mutex);
        mailbox_->pending.samples = p.samples;
        mailbox_->pending.valid_samples = p.valid_samples;
        mailbox_->pending.budget = p.budget_samples;
        mailbox_->pending.elapsed_seconds = p.elapsed_seconds;
        mailbox_->changed = true;
    }

private:
    std::shared_ptr<CodesignMailbox> mailbox_;
    std::vector<DesignDot> dots_;
    std::int64_t invalid_seen_ = 0;
};

}  // namespace

CodesignController::CodesignController(QObject* parent) : QObject(parent) {
    connect(&runs_, &RunController::run_over, this, &CodesignController::run_over);
}

CodesignProblem CodesignController::make_problem(const CodesignSettings& s, const Model& model) {
    if (model.layers.empty()) throw InputError({model.name, 0, 0}, "the model has no layers to design for");
    if (!(s.area_budget_mm2 > 0)) throw InputError({"area budget", 0, 0}, "the area budget must be positive");
    CodesignRequest request;
    request.platform = s.platform;
    request.area_budget_mm2 = s.area_budget_mm2;
    request.area_model = s.area_model;
    request.objective = s.objective;
    request.map_space = s.map_space;
    request.budget = std::max<std::int64_t>(1, s.budget_samples);
    request.threads = std::max(1, s.threads);
    std::vector<int> all(model.layers.size());
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = static_cast<int>(i + 1);
    return make_codesign_problem(request, model, all, s.seed);
}

int CodesignController::start(const CodesignSettings& settings, const Model& model) {
    const auto algorithm = parse_codesign_algorithm(settings.algorithm);
    if (!algorithm) throw InputError({settings.algorithm, 0, 0}, "unknown co-design method \"" + settings.algorithm + "\"");
    CodesignProblem problem = make_problem(settings, model);
    bound_ = codesign_bound(problem);
    problem_ = problem;
    const int id = next_id_++;
    auto mailbox = std::make_shared<CodesignMailbox>();
    mailbox->pending.run = id;
    mailbox->pending.budget = problem.budget_samples;
    const CodesignAlgorithm algo = *algorithm;
    auto work = [mailbox, problem = std::move(problem), algo](const RunContext& context) {
        MailboxSink sink(mailbox);
        CodesignResult r = run_codesign(problem, algo, &sink, context.stop);
        std::lock_guard lock(mailbox->mutex);
        CodesignSnapshot& s = mailbox->pending;
        s.samples = r.samples;
        s.valid_samples = r.valid_samples;
        s.elapsed_seconds = r.wall_seconds;
        s.trace = r.trace;
        if (!s.trace.empty() && s.trace.back().first < r.samples) s.trace.emplace_back(r.samples, s.trace.back().second);
        if (r.found) {
            s.best = r.best;
            s.has_best = true;
        }
        s.finished = true;
        s.stopped = r.stopped;
        mailbox->changed = true;
    };
    auto deliver = [this, mailbox](int, bool) {
        CodesignSnapshot snapshot;
        {
            // Never wait for the search thread here (run_controller.hpp): try again next tick.
            std::unique_lock lock(mailbox->mutex, std::try_to_lock);
            if (!lock.owns_lock()) return false;
            if (!mailbox->changed) return true;
            mailbox->changed = false;
            snapshot = mailbox->pending;  // the trace and best are whole; the dots are what is new
            mailbox->pending.new_dots.clear();
        }
        emit updated(snapshot);
        return true;
    };
    runs_.start(id, std::move(work), std::move(deliver));
    return id;
}

}  // namespace mapscape::ui
