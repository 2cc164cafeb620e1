#include "search_controller.hpp"

#include <chrono>
#include <cmath>

#include "search/model_search.hpp"
#include "worker_priority.hpp"

namespace mapscape::ui {

struct SearchController::Run {
    int id = 0;
    SearchSettings settings;
    std::vector<int> layers;
    std::stop_source stop;
    std::atomic<bool> finished{false};
    std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();

    std::shared_ptr<SharedPointStore> points;  // filled by the search threads (own lock)
    std::atomic<bool> dropped{false};          // superseded: its points are no longer wanted

    std::mutex mutex;  // guards everything below
    std::vector<std::int64_t> layer_samples, layer_valid;
    double first_best = std::numeric_limits<double>::infinity();
    SearchRun result;
    bool result_ready = false;

    std::jthread thread;  // last: joined first on destruction
};

namespace {

constexpr int kProgressPollMs = 40;  // progress reaches the window at most this often
constexpr int kStoppingPollMs = 5;   // while a stopped run winds down

// Receives one layer's events on the worker thread.
class BufferSink : public SearchSink {
public:
    BufferSink(std::size_t slot, int layer) : slot_(slot), layer_(layer) {}

    std::function<void(std::size_t slot, int layer, const std::vector<EvaluatedPoint>&)> on_points;
    std::function<void(std::size_t slot, const SearchProgress&)> on_progress;

    void points(const std::vector<EvaluatedPoint>& batch) override { on_points(slot_, layer_, batch); }
    void progress(const SearchProgress& p) override { on_progress(slot_, p); }

private:
    std::size_t slot_;
    int layer_;
};

}  // namespace

SearchController::SearchController(QObject* parent) : QObject(parent) {
    qRegisterMetaType<RunProgress>();
    timer_.setInterval(kProgressPollMs);
    connect(&timer_, &QTimer::timeout, this, &SearchController::drain);
}

SearchController::~SearchController() {
    if (current_) current_->stop.request_stop();
    for (auto& r : retired_) r->stop.request_stop();
}

int SearchController::start(const Study& study, const SearchSettings& settings, const std::vector<int>& layers, int id) {
    if (current_) {  // superseded: stop it and drop what it still sends
        current_->dropped = true;
        current_->stop.request_stop();
        retired_.push_back(current_);
    }
    auto run = std::make_shared<Run>();
    run->id = id;
    run->settings = settings;
    run->layers = layers;
    run->layer_samples.assign(layers.size(), 0);
    run->layer_valid.assign(layers.size(), 0);
    run->points = points_;

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
    const auto algorithm = parse_algorithm(settings.algorithm);
    request.algorithm = algorithm ? *algorithm : Algorithm{};

    Run* raw = run.get();
    auto sinks = std::make_shared<std::vector<std::unique_ptr<BufferSink>>>();
    for (std::size_t i = 0; i < layers.size(); ++i) {
        auto sink = std::make_unique<BufferSink>(i, layers[i]);
        sink->on_points = [raw](std::size_t, int layer, const std::vector<EvaluatedPoint>& batch) {
            if (!raw->points || raw->dropped.load()) return;
            std::lock_guard lock(raw->points->mutex);
            for (const EvaluatedPoint& p : batch)
                raw->points->store.add({static_cast<double>(p.runtime_cycles), p.energy_nj, p.valid, raw->id, layer, p.sample, {}},
                                       &p.mapping);
        };
        sink->on_progress = [raw](std::size_t slot, const SearchProgress& p) {
            std::lock_guard lock(raw->mutex);
            raw->layer_samples[slot] = p.samples;
            raw->layer_valid[slot] = p.valid_samples;
            if (slot == 0) raw->first_best = p.best_objective;
        };
        sinks->push_back(std::move(sink));
    }
    run->thread = std::jthread([raw, request, sinks, settings, layers](std::stop_token) {
        lower_this_thread_priority();
        ModelSearchObserver observer;
        observer.sink_for = [sinks](int index) -> SearchSink* { return (*sinks)[static_cast<std::size_t>(index)].get(); };
        const ModelSearchOutcome out = search_model(request, observer, raw->stop.get_token());
        SearchRun result;
        result.id = raw->id;
        result.settings = settings;
        result.label = settings.algorithm + ", " + settings.objective.name() + ", seed " + std::to_string(settings.seed);
        result.wall_seconds = out.wall_seconds;
        result.stopped = raw->stop.stop_requested();
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
            result.layers.push_back(std::move(l));
        }
        std::lock_guard lock(raw->mutex);
        raw->result = std::move(result);
        raw->result_ready = true;
        raw->finished = true;
    });
    current_ = run;
    timer_.setInterval(kProgressPollMs);
    if (!timer_.isActive()) timer_.start();
    return run->id;
}

// Until its result has been delivered, not merely until the thread is done.
bool SearchController::running() const { return current_ != nullptr; }
int SearchController::current_run() const { return current_ ? current_->id : 0; }

void SearchController::stop() {
    if (!current_) return;
    current_->stop.request_stop();
    // Poll quickly until the stopped run has handed over its result, so the user sees the
    // stop take effect at once rather than at the next regular progress tick.
    timer_.setInterval(kStoppingPollMs);
    if (!timer_.isActive()) timer_.start();
}

void SearchController::wait() {
    if (!current_) return;
    if (current_->thread.joinable()) current_->thread.join();
    drain();
}

void SearchController::drain() {
    // Superseded runs: forget them once their threads are done.
    std::erase_if(retired_, [](const std::shared_ptr<Run>& r) {
        if (!r->finished.load()) return false;
        if (r->thread.joinable()) r->thread.join();
        return true;
    });
    if (!current_) {
        if (retired_.empty()) timer_.stop();
        return;
    }
    RunProgress progress;
    bool done = false;
    SearchRun result;
    {
        std::lock_guard lock(current_->mutex);
        progress.run = current_->id;
        for (std::int64_t s : current_->layer_samples) progress.samples += s;
        for (std::int64_t v : current_->layer_valid) progress.valid_samples += v;
        progress.best_objective = current_->first_best;
        if (current_->result_ready) {
            done = true;
            result = current_->result;
        }
    }
    progress.budget = current_->settings.budget * static_cast<std::int64_t>(current_->layers.size());
    progress.elapsed_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - current_->start).count();
    emit this->progress(progress);
    if (done) {
        if (current_->thread.joinable()) current_->thread.join();
        current_.reset();
        timer_.setInterval(kProgressPollMs);
        emit finished(result);
        if (retired_.empty()) timer_.stop();
    }
}

}  // namespace mapscape::ui
