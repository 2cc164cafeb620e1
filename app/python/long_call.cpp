// The registry of running long calls, the Cancellation handle and the exit hook (long_call.hpp).
#include "long_call.hpp"

#include <algorithm>

namespace mapscape::python {

namespace {

struct Registry {
    std::mutex mutex;
    std::condition_variable changed;
    std::vector<std::stop_source*> running;
    bool exiting = false;
};

Registry& registry() {
    static Registry* r = new Registry;  // leaked on purpose: used until the process ends
    return *r;
}

thread_local std::vector<Cancellation*> t_cancellations;

}  // namespace

void Cancellation::cancel() {
    cancelled_ = true;
    std::lock_guard lock(mutex_);
    for (std::stop_source* call : calls_) call->request_stop();
}

void Cancellation::attach(std::stop_source* call) {
    std::lock_guard lock(mutex_);
    calls_.push_back(call);
    if (cancelled_) call->request_stop();
}

void Cancellation::detach(std::stop_source* call) {
    std::lock_guard lock(mutex_);
    calls_.erase(std::remove(calls_.begin(), calls_.end(), call), calls_.end());
}

Cancellation* current_cancellation() { return t_cancellations.empty() ? nullptr : t_cancellations.back(); }
void push_cancellation(Cancellation* c) { t_cancellations.push_back(c); }
void pop_cancellation() {
    if (!t_cancellations.empty()) t_cancellations.pop_back();
}

LongCallRegistration::LongCallRegistration(std::stop_source& stop) : stop_(&stop), cancellation_(current_cancellation()) {
    Registry& r = registry();
    {
        std::lock_guard lock(r.mutex);
        if (r.exiting) throw std::runtime_error("the interpreter is exiting: mapscape starts no new computation");
        r.running.push_back(stop_);
    }
    if (cancellation_) cancellation_->attach(stop_);
}

LongCallRegistration::~LongCallRegistration() {
    if (cancellation_) cancellation_->detach(stop_);
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    r.running.erase(std::remove(r.running.begin(), r.running.end(), stop_), r.running.end());
    r.changed.notify_all();
}

void stop_all_long_calls(double seconds) {
    Registry& r = registry();
    std::unique_lock lock(r.mutex);
    r.exiting = true;
    for (std::stop_source* call : r.running) call->request_stop();
    // The calls' own threads need the GIL to return to Python: wait without it.
    py::gil_scoped_release release;
    r.changed.wait_for(lock, std::chrono::duration<double>(seconds), [&] { return r.running.empty(); });
}

void throw_cancelled() {
    static py::handle cancelled = py::module_::import("mapscape._mapscape").attr("Cancelled");
    PyErr_SetString(cancelled.ptr(), "the call was cancelled (mapscape.Cancellation.cancel())");
    throw py::error_already_set();
}

}  // namespace mapscape::python
