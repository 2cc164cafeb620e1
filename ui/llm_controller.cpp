#include "llm_controller.hpp"

#include <algorithm>
#include <memory>
#include <mutex>

#include "util/diagnostic.hpp"

namespace mapscape::ui {

namespace {

struct LlmMailbox {
    std::mutex mutex;  // guards everything below
    LlmSweepSnapshot pending;
    bool changed = false;
};

}  // namespace

LlmController::LlmController(QObject* parent) : QObject(parent) {
    qRegisterMetaType<LlmSweepSnapshot>();
    connect(&runs_, &RunController::run_over, this, &LlmController::run_over);
}

int LlmController::start(const LlmSweepSettings& settings) {
    settings_ = settings;
    const int id = next_id_++;
    auto mailbox = std::make_shared<LlmMailbox>();
    mailbox->pending.run = id;
    auto work = [mailbox, settings](const RunContext& context) {
        auto post = [&](auto&& change) {
            std::lock_guard lock(mailbox->mutex);
            change(mailbox->pending);
            mailbox->changed = true;
        };
        try {
            // The bound is cheap: the chart has its roofline before the first search ends.
            const std::int64_t knee = sweep_knee_batch(settings);
            const std::vector<std::int64_t> batches = sweep_batches(knee, settings.request.batch);
            std::vector<LlmBoundPoint> bounds;
            for (std::int64_t b : batches) bounds.push_back(sweep_bound_point(settings, b));
            post([&](LlmSweepSnapshot& s) {
                s.knee_batch = knee;
                s.batches = batches;
                s.bounds = std::move(bounds);
            });
            // The readout's batch first, then the chart's from the left.
            std::vector<std::int64_t> order{settings.request.batch};
            for (std::int64_t b : batches)
                if (b != settings.request.batch) order.push_back(b);
            for (std::int64_t b : order) {
                if (context.stop.stop_requested()) break;
                LlmSearchedPoint point = sweep_searched_point(settings, b, context.stop);
                if (context.stop.stop_requested()) break;
                post([&](LlmSweepSnapshot& s) { s.searched.push_back(std::move(point)); });
            }
        } catch (const InputError& e) {
            const std::string what = e.diagnostic().to_string();
            post([&](LlmSweepSnapshot& s) { s.error = what; });
        }
        const bool stopped = context.stop.stop_requested();
        post([&](LlmSweepSnapshot& s) {
            s.finished = true;
            s.stopped = stopped;
        });
    };
    auto deliver = [this, mailbox](int, bool) {
        LlmSweepSnapshot snapshot;
        {
            // Never wait for the worker here (run_controller.hpp): try again next tick.
            std::unique_lock lock(mailbox->mutex, std::try_to_lock);
            if (!lock.owns_lock()) return false;
            if (!mailbox->changed) return true;
            mailbox->changed = false;
            snapshot = mailbox->pending;  // whole: a dozen points at most
        }
        emit updated(snapshot);
        return true;
    };
    runs_.start(id, std::move(work), std::move(deliver));
    return id;
}

}  // namespace mapscape::ui
