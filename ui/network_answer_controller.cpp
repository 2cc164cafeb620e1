#include "network_answer_controller.hpp"

#include "one_result_run.hpp"
#include "util/diagnostic.hpp"

namespace mapscape::ui {

NetworkAnswerController::NetworkAnswerController(QObject* parent) : QObject(parent) {
    qRegisterMetaType<NetworkAnswerSnapshot>();
    runs_.set_deliver_interval(10);  // the user waits for this answer: take it within 10 ms of its end
}

int NetworkAnswerController::start(const NetworkAnswerRequest& request, std::shared_ptr<const NetworkAnswer> previous) {
    request_ = request;
    const int id = next_id_++;
    auto work = [id, request, previous](const RunContext& context) {
        NetworkAnswerSnapshot result;
        result.run = id;
        try {
            result.answer = answer_network(request, previous.get(), context.stop);
        } catch (const InputError& e) {
            result.error = e.diagnostic().to_string();
        }
        result.stopped = context.stop.stop_requested() || result.answer.stopped;
        result.finished = true;
        return result;
    };
    start_one_result_run<NetworkAnswerSnapshot>(runs_, id, std::move(work), [this](NetworkAnswerSnapshot&& s) { emit updated(s); });
    return id;
}

}  // namespace mapscape::ui
