#include "search_controller.hpp"

#include <chrono>
#include <cmath>
#include <mutex>

#include "search/least_footprint.hpp"
#include "search/model_search.hpp"
#include "search/refusal_tally.hpp"
#include "worker_priority.hpp"

namespace mapscape::ui {

namespace {

// What the search threads post for the window.
struct SearchMailbox {
    std::mutex mutex;  // guards everything below
    std::vector<std::int64_t> samples, valid;
    std::vector<double> best;
    SearchRun result;
    bool result_ready = false;
};

// Receives one layer's events on a search thread.
class LayerSink : public SearchSink {
public:
    LayerSink(std::size_t slot, int layer, std::shared_ptr<SearchMailbox> mailbox, std::shared_ptr<SharedPointStore> points,
              const RunContext* context)
        : slot_(slot), layer_(layer), mailbox_(std::move(mailbox)), points_(std::move(points)), context_(context) {}

    void points(const std::vector<EvaluatedPoint>& batch) override {
        if (!points_ || context_->is_superseded()) return;
        std::lock_guard lock(points_->mutex);
        for (const EvaluatedPoint& p : batch)
            points_->store.add({static_cast<double>(p.runtime_cycles), p.energy_nj, p.valid, context_->id, layer_, p.sample, {}},
                               &p.mapping);
    }
    void progress(const SearchProgress& p) override {
        std::lock_guard lock(mailbox_->mutex);
        mailbox_->samples[slot_] = p.samples;
        mailbox_->valid[slot_] = p.valid_samples;
        mailbox_->best[slot_] = p.best_objective;
    }

private:
    std::size_t slot_;
    int layer_;
    std::shared_ptr<SearchMailbox> mailbox_;
    std::shared_ptr<SharedPointStore> points_;
    const RunContext* context_;
};

SearchRun result_of(int id, const SearchSettings& settings, const std::vector<int>& layers, const ModelSearchOutcome& out,
                    bool stopped) {
    SearchRun result;
    result.id = id;
    result.settings = settings;
    result.label = settings.algorithm + ", " + settings.objective.name() + ", seed " + std::to_string(settings.seed);
    result.wall_seconds = out.wall_seconds;
    result.stopped = stopped;
    for (std::size_t i = 0; i < out.layers.size(); ++i) {
        const SearchResult& r = out.layers[i].result;
        LayerRunResult l;
        l.layer = layers[i];
        l.found = r.found;
        l.best_mapping = r.best_mapping;
        l.objective_value = r.found ? r.best_objective : 0;
        l.runtime_cycles = r.best_report.runtime_cycles;
        l.energy_nj = r.best_report.energy.total_nj;
        l.samples = r.samples;
        l.valid_samples = r.valid_samples;
        l.trace = r.trace;
        if (!r.found) l.why_none = why_no_mapping(r);
        l.least_footprint_fallback = r.found && r.least_footprint_fallback;
        result.layers.push_back(std::move(l));
    }
    return result;
}

}  // namespace

SearchController::SearchController(QObject* parent) : QObject(parent) { qRegisterMetaType<RunProgress>(); }

int SearchController::start(const Study& study, const SearchSettings& settings, const std::vector<int>& layers, int id) {
    ModelSearchRequest request;
    for (int l : layers) {
        request.layers.push_back(study.model.layers[static_cast<std::size_t>(l)]);
        request.layer_numbers.push_back(l + 1);
    }
    request.base.accelerator = study.accelerator;
    request.base.system = settings.system;
    request.base.objective = settings.objective;
    request.base.budget.samples = settings.budget;
    request.base.seed = settings.seed;
    request.base.threads = background_threads();
    request.interleave_layers = layers.size() > 1;
    const auto algorithm = parse_algorithm(settings.algorithm);
    request.algorithm = algorithm ? *algorithm : Algorithm{};

    auto mailbox = std::make_shared<SearchMailbox>();
    mailbox->samples.assign(layers.size(), 0);
    mailbox->valid.assign(layers.size(), 0);
    mailbox->best.assign(layers.size(), std::numeric_limits<double>::infinity());
    const auto start = std::chrono::steady_clock::now();
    auto points = points_;

    auto work = [mailbox, points, request, settings, layers](const RunContext& context) {
        std::vector<std::unique_ptr<LayerSink>> sinks;
        for (std::size_t i = 0; i < layers.size(); ++i)
            sinks.push_back(std::make_unique<LayerSink>(i, layers[i], mailbox, points, &context));
        ModelSearchObserver observer;
        observer.sink_for = [&sinks](int index) -> SearchSink* { return sinks[static_cast<std::size_t>(index)].get(); };
        const ModelSearchOutcome out = search_model(request, observer, context.stop);
        SearchRun result = result_of(context.id, settings, layers, out, context.stop.stop_requested());
        result.accelerator = request.base.accelerator;
        std::lock_guard lock(mailbox->mutex);
        mailbox->result = std::move(result);
        mailbox->result_ready = true;
    };
    auto deliver = [this, mailbox, layers, settings, start](int run, bool work_done) {
        RunProgress progress;
        SearchRun result;
        bool done = false;
        {
            // Never wait for a search thread here (run_controller.hpp): try again next tick.
            std::unique_lock lock(mailbox->mutex, std::try_to_lock);
            if (!lock.owns_lock()) return false;
            progress.layer_best = mailbox->best;
            progress.layer_samples = mailbox->samples;
            for (std::int64_t v : mailbox->valid) progress.valid_samples += v;
            if (work_done && mailbox->result_ready) {
                done = true;
                result = std::move(mailbox->result);
            }
        }
        progress.run = run;
        progress.layers = layers;
        for (std::int64_t s : progress.layer_samples) progress.samples += s;
        progress.budget = settings.budget * static_cast<std::int64_t>(layers.size());
        progress.elapsed_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        double sum = 0;
        for (double b : progress.layer_best) sum += b;  // +inf while a layer has none
        progress.best_objective = sum;
        emit this->progress(progress);
        if (done) emit finished(result);
        return done || !work_done;
    };
    runs_.start(id, std::move(work), std::move(deliver));
    return id;
}

}  // namespace mapscape::ui
