#include "cli/sweep_mpi.hpp"

#include <dlfcn.h>

#include <cstdlib>

#include "util/diagnostic.hpp"
#include "util/plugin_loader.hpp"

namespace mapscape::cli {

namespace {

int env_int(const char* name) {
    const char* v = std::getenv(name);
    return v ? std::atoi(v) : 0;
}

}  // namespace

bool launched_by_mpi() {
    return env_int("OMPI_COMM_WORLD_SIZE") > 1 || env_int("PMI_SIZE") > 1 || env_int("PMIX_SIZE") > 1 ||
           env_int("MPI_LOCALNRANKS") > 1;
}

int local_rank_count() {
    for (const char* name : {"OMPI_COMM_WORLD_LOCAL_SIZE", "MPI_LOCALNRANKS", "PMI_LOCAL_SIZE"})
        if (const int n = env_int(name); n > 0) return n;
    return 1;
}

bool built_with_mpi() {
#ifdef MAPSCAPE_MPI_PLUGIN
    return true;
#else
    return false;
#endif
}

std::unique_ptr<MpiSession> start_mpi_session() {
#ifdef MAPSCAPE_MPI_PLUGIN
    // RTLD_GLOBAL: OpenMPI opens its own components (mca_*.so), which expect libmpi's symbols
    // in the global scope.
    const OpenedPlugin plugin = open_plugin("mapscape-mpi.so", RTLD_NOW | RTLD_GLOBAL, "mapscape_mpi_plugin_start_session", "MPI (mpirun)");
    if (!plugin.error.empty()) throw InputError({"mpirun", 0, 0}, plugin.error);
    using Start = MpiSession* (*)();
    return std::unique_ptr<MpiSession>(reinterpret_cast<Start>(plugin.entry)());
#else
    throw InputError({"mpirun", 0, 0}, "this mapscape-cli was built without MPI, so its ranks would each run the whole sweep; "
                                       "run it without mpirun, or install libopenmpi-dev and rebuild");
#endif
}

}  // namespace mapscape::cli
