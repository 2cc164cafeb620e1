#include "whatif_controller.hpp"

#include <memory>
#include <mutex>

#include "util/diagnostic.hpp"

namespace mapscape::ui {

namespace {

struct WhatifMailbox {
    std::mutex mutex;  // guards everything below
    WhatifSnapshot pending;
    bool changed = false;
};

}  // namespace

WhatifController::WhatifController(QObject* parent) : QObject(parent) {
    qRegisterMetaType<WhatifSnapshot>();
    connect(&runs_, &RunController::run_over, this, &WhatifController::run_over);
}

int WhatifController::start(const SensitivityRequest& request) {
    request_ = request;
    const int id = next_id_++;
    auto mailbox = std::make_shared<WhatifMailbox>();
    mailbox->pending.run = id;
    auto work = [mailbox, request](const RunContext& context) {
        WhatifSnapshot result;
        try {
            result.table = sensitivity(request, context.stop);
        } catch (const InputError& e) {
            result.error = e.diagnostic().to_string();
        }
        result.stopped = context.stop.stop_requested();
        result.finished = true;
        std::lock_guard lock(mailbox->mutex);
        result.run = mailbox->pending.run;
        mailbox->pending = std::move(result);
        mailbox->changed = true;
    };
    auto deliver = [this, mailbox](int, bool) {
        WhatifSnapshot snapshot;
        {
            // Never wait for the worker here (run_controller.hpp): try again next tick.
            std::unique_lock lock(mailbox->mutex, std::try_to_lock);
            if (!lock.owns_lock()) return false;
            if (!mailbox->changed) return true;
            mailbox->changed = false;
            snapshot = mailbox->pending;  // a few dozen rows
        }
        emit updated(snapshot);
        return true;
    };
    runs_.start(id, std::move(work), std::move(deliver));
    return id;
}

}  // namespace mapscape::ui
