// MPI scale-out of `mapscape-cli sweep`: rank 0 coordinates and writes the database (and runs
// tasks on a thread of its own); every other rank asks rank 0 for a run, executes it and sends
// the result back, until rank 0 says stop. Built only when CMake finds MPI
// (MAPSCAPE_HAVE_MPI); launched_by_mpi() tells whether this process was started by mpirun.
#pragma once

#include <memory>

#include "sweep/sweep_runner.hpp"

namespace mapscape::cli {

// True when the environment says an MPI launcher started this process with more than one rank
// (OpenMPI's OMPI_COMM_WORLD_SIZE, or PMI_SIZE / PMIX rank variables).
bool launched_by_mpi();
// Ranks on this node according to the launcher (1 when unknown), to share the cores.
int local_rank_count();
bool built_with_mpi();

#ifdef MAPSCAPE_HAVE_MPI
class MpiSession {
public:
    MpiSession();  // MPI_Init_thread (funneled: only the main thread calls MPI)
    ~MpiSession();  // MPI_Finalize
    MpiSession(const MpiSession&) = delete;
    MpiSession& operator=(const MpiSession&) = delete;

    int rank() const { return rank_; }
    int size() const { return size_; }
    // Rank 0 tells every rank whether to go on (0) or to exit with this code.
    int broadcast_status(int status);
    [[noreturn]] void abort(int code);

private:
    int rank_ = 0, size_ = 1;
};

// Rank 0's view of ranks 1..size-1.
std::unique_ptr<WorkerTransport> make_mpi_transport(const MpiSession& session);
struct WorkerStats {
    int runs = 0;
    double running_seconds = 0;  // executing runs
    double waiting_seconds = 0;  // from sending a result to having the next task (rank 0's service, MPI, polling)
    double messages_seconds = 0; // reading tasks and writing results as JSON
};
// A worker rank's loop: ready, task, result, ... until stop.
WorkerStats serve_sweep_worker(const MpiSession& session, int threads);
#endif

}  // namespace mapscape::cli
