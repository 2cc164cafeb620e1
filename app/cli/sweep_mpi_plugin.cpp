// The MPI plugin of mapscape-cli (mapscape-mpi.so; see cli/sweep_mpi.hpp): OpenMPI and the
// messages of a sweep over ranks. The engine's functions it calls are the CLI's own, which the
// CLI exports.
#include <mpi.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <list>
#include <string>
#include <thread>

#include "cli/sweep_mpi.hpp"

namespace mapscape::cli {

namespace {

// Worker -> rank 0: "ready" (empty) or a run result. Rank 0 -> worker: a task, or stop.
constexpr int kTagResult = 1;
constexpr int kTagTask = 2;
constexpr int kTagStop = 3;

// OpenMPI's blocking receive spins a core; a run takes far longer than the sleeps here, and on
// a machine with as many ranks as cores a spinning waiter would slow the ranks that compute.
bool probe_with_backoff(int source, int tag, MPI_Status& status, std::chrono::microseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    auto pause = std::chrono::microseconds(20);
    while (true) {
        int flag = 0;
        MPI_Iprobe(source, tag, MPI_COMM_WORLD, &flag, &status);
        if (flag) return true;
        if (std::chrono::steady_clock::now() >= deadline) return false;
        std::this_thread::sleep_for(pause);
        pause = std::min(pause * 2, std::chrono::microseconds(500));
    }
}

std::string receive_text(const MPI_Status& probed) {
    int bytes = 0;
    MPI_Get_count(&probed, MPI_CHAR, &bytes);
    std::string text(static_cast<std::size_t>(bytes), '\0');
    MPI_Recv(text.data(), bytes, MPI_CHAR, probed.MPI_SOURCE, probed.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    return text;
}

void send_text(const std::string& text, int destination, int tag) {
    MPI_Send(text.data(), static_cast<int>(text.size()), MPI_CHAR, destination, tag, MPI_COMM_WORLD);
}

// Rank 0's sends do not wait for the worker: a task larger than MPI's eager limit (a few KB)
// would otherwise hold the coordinator until the worker next polls, and every other rank with it.
class MpiTransport : public WorkerTransport {
public:
    explicit MpiTransport(int size) : size_(size) {}
    ~MpiTransport() override {
        for (Pending& p : pending_) MPI_Wait(&p.request, MPI_STATUS_IGNORE);
    }
    int worker_count() const override { return size_ - 1; }

    std::optional<Message> receive(std::chrono::milliseconds timeout) override {
        complete_sends();
        MPI_Status status;
        if (!probe_with_backoff(MPI_ANY_SOURCE, kTagResult, status, timeout)) return std::nullopt;
        Message m;
        m.worker = status.MPI_SOURCE;
        std::string text = receive_text(status);
        if (!text.empty()) m.result_json = std::move(text);
        return m;
    }
    void send_task(int worker, const std::string& task_json) override { post(task_json, worker, kTagTask); }
    void send_stop(int worker) override { post("", worker, kTagStop); }

private:
    struct Pending {
        std::string buffer;  // must outlive the send
        MPI_Request request;
    };
    void post(const std::string& text, int destination, int tag) {
        pending_.push_back({text, MPI_REQUEST_NULL});
        Pending& p = pending_.back();
        MPI_Isend(p.buffer.data(), static_cast<int>(p.buffer.size()), MPI_CHAR, destination, tag, MPI_COMM_WORLD, &p.request);
    }
    void complete_sends() {
        for (auto it = pending_.begin(); it != pending_.end();) {
            int done = 0;
            MPI_Test(&it->request, &done, MPI_STATUS_IGNORE);
            it = done ? pending_.erase(it) : std::next(it);
        }
    }

    int size_;
    std::list<Pending> pending_;  // a list: buffers must not move while MPI reads them
};

class OpenMpiSession : public MpiSession {
public:
    OpenMpiSession() {
        int provided = 0;
        MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
        MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
        MPI_Comm_size(MPI_COMM_WORLD, &size_);
    }
    ~OpenMpiSession() override { MPI_Finalize(); }

    int rank() const override { return rank_; }
    int size() const override { return size_; }

    int broadcast_status(int status) override {
        MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
        return status;
    }

    [[noreturn]] void abort(int code) override {
        std::fflush(stdout);
        std::fflush(stderr);
        MPI_Abort(MPI_COMM_WORLD, code);
        std::exit(code);
    }

    std::unique_ptr<WorkerTransport> make_transport() override { return std::make_unique<MpiTransport>(size_); }

    WorkerStats serve_sweep_worker(int threads) override {
        using Clock = std::chrono::steady_clock;
        auto seconds = [](Clock::time_point from) { return std::chrono::duration<double>(Clock::now() - from).count(); };
        WorkerStats stats;
        send_text("", 0, kTagResult);  // ready
        while (true) {
            const auto wait_start = Clock::now();
            MPI_Status status;
            // Wait for rank 0 (a run or stop), without spinning.
            while (!probe_with_backoff(0, MPI_ANY_TAG, status, std::chrono::seconds(1))) {
            }
            const std::string text = receive_text(status);
            if (status.MPI_TAG == kTagStop) return stats;
            stats.waiting_seconds += seconds(wait_start);
            auto t = Clock::now();
            const RunTask task = run_task_from_json(text);
            stats.messages_seconds += seconds(t);
            t = Clock::now();
            RunResult result = execute_run(task, threads);
            stats.running_seconds += seconds(t);
            result.worker_rank = rank_;
            t = Clock::now();
            const std::string reply = run_result_to_json(result).dump();
            stats.messages_seconds += seconds(t);
            send_text(reply, 0, kTagResult);
            ++stats.runs;
        }
    }

private:
    int rank_ = 0, size_ = 1;
};

}  // namespace

}  // namespace mapscape::cli

extern "C" __attribute__((visibility("default"))) mapscape::cli::MpiSession* mapscape_mpi_plugin_start_session() {
    return new mapscape::cli::OpenMpiSession();
}
