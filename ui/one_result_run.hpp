// A run that computes one result and hands it to the window once it is whole (the What-if tab's
// tornado table and live network answer): the work runs on the run controller's worker thread,
// puts its result into a mailbox, and the window takes it at the next tick without ever waiting
// for the worker's lock (run_controller.hpp says why).
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <optional>

#include "run_controller.hpp"

namespace mapscape::ui {

template <typename Result>
void start_one_result_run(RunController& runs, int id, std::function<Result(const RunContext&)> work,
                          std::function<void(Result&&)> deliver) {
    struct Mailbox {
        std::mutex mutex;  // guards result
        std::optional<Result> result;
    };
    auto mailbox = std::make_shared<Mailbox>();
    auto run = [mailbox, work = std::move(work)](const RunContext& context) {
        Result r = work(context);
        std::lock_guard lock(mailbox->mutex);
        mailbox->result = std::move(r);
    };
    auto take = [mailbox, deliver = std::move(deliver)](int, bool) {
        std::optional<Result> r;
        {
            std::unique_lock lock(mailbox->mutex, std::try_to_lock);
            if (!lock.owns_lock()) return false;  // try again next tick
            if (!mailbox->result) return true;
            r.swap(mailbox->result);
        }
        deliver(std::move(*r));
        return true;
    };
    runs.start(id, std::move(run), std::move(take));
}

}  // namespace mapscape::ui
