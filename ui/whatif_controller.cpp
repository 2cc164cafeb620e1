#include "whatif_controller.hpp"

#include "one_result_run.hpp"
#include "util/diagnostic.hpp"

namespace mapscape::ui {

WhatifController::WhatifController(QObject* parent) : QObject(parent) {
    qRegisterMetaType<WhatifSnapshot>();
    connect(&runs_, &RunController::run_over, this, &WhatifController::run_over);
}

int WhatifController::start(const SensitivityRequest& request) {
    request_ = request;
    const int id = next_id_++;
    auto work = [id, request](const RunContext& context) {
        WhatifSnapshot result;
        result.run = id;
        try {
            result.table = sensitivity(request, context.stop);
        } catch (const InputError& e) {
            result.error = e.diagnostic().to_string();
        }
        result.stopped = context.stop.stop_requested();
        result.finished = true;
        return result;
    };
    start_one_result_run<WhatifSnapshot>(runs_, id, std::move(work), [this](WhatifSnapshot&& s) { emit updated(s); });
    return id;
}

}  // namespace mapscape::ui
