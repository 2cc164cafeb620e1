// MPI scale-out of `mapscape-cli sweep`: rank 0 coordinates and writes the database (and runs
// tasks on a thread of its own); every other rank asks rank 0 for a run, executes it and sends
// the result back, until rank 0 says stop. MPI itself lives in the plugin mapscape-mpi.so
// (sweep_mpi_plugin.cpp), which the CLI opens only when mpirun started it: loading OpenMPI
// (libmpi, open-rte, open-pal, hwloc, libevent, udev) cost every other call of the CLI about
// 0.6 ms of its start-up.
#pragma once

#include <memory>

#include "sweep/sweep_runner.hpp"

namespace mapscape::cli {

// True when the environment says an MPI launcher started this process with more than one rank
// (OpenMPI's OMPI_COMM_WORLD_SIZE, or PMI_SIZE / PMIX rank variables).
bool launched_by_mpi();
// Ranks on this node according to the launcher (1 when unknown), to share the cores.
int local_rank_count();
// Whether the MPI plugin was built beside this program.
bool built_with_mpi();

struct WorkerStats {
    int runs = 0;
    double running_seconds = 0;  // executing runs
    double waiting_seconds = 0;  // from sending a result to having the next task (rank 0's service, MPI, polling)
    double messages_seconds = 0; // reading tasks and writing results as JSON
};

// This process's part of an MPI job: MPI_Init_thread when made, MPI_Finalize when destroyed.
class MpiSession {
public:
    virtual ~MpiSession() = default;
    virtual int rank() const = 0;
    virtual int size() const = 0;
    // Rank 0 tells every rank whether to go on (0) or to exit with this code.
    virtual int broadcast_status(int status) = 0;
    [[noreturn]] virtual void abort(int code) = 0;
    // Rank 0's view of ranks 1..size-1.
    virtual std::unique_ptr<WorkerTransport> make_transport() = 0;
    // A worker rank's loop: ready, task, result, ... until stop.
    virtual WorkerStats serve_sweep_worker(int threads) = 0;
};

// Loads the MPI plugin and starts MPI (funneled: only the main thread calls MPI). Throws
// InputError saying why when the plugin is missing or does not load.
std::unique_ptr<MpiSession> start_mpi_session();

}  // namespace mapscape::cli
