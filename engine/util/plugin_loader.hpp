// Finds and opens a plugin: a shared module that holds a library only some uses need (libtorch,
// OpenMPI, pagmo, libonnx), so that no program start pays for loading it. One place for every plugin.
#pragma once

#include <string>

namespace mapscape {

struct OpenedPlugin {
    void* handle = nullptr;  // dlopen's handle; null when the plugin could not be opened
    void* entry = nullptr;   // the entry point asked for; null whenever error is set
    std::string path;        // where the plugin was found ("" when nowhere)
    std::string error;       // why it cannot be used, for the user; empty when it can
};

// Opens `file_name` (e.g. "mapscape-mpi.so") with dlopen's `dlopen_flags` from the first of
// $MAPSCAPE_PLUGIN_DIR, the front end's own directories (util/data_paths.hpp's
// plugin_directories(): the Python module's), the program's directory (a build tree), the install's plugin directory
// relative to the program (lib/mapscape), the directory above the program's (a build tree's test
// programs), and looks up `entry_symbol` in it. `what` says what needs it, in messages
// ("the pagmo2 baselines"). Every call opens again: callers keep the result (std::call_once).
OpenedPlugin open_plugin(const std::string& file_name, int dlopen_flags, const char* entry_symbol, const std::string& what);

}  // namespace mapscape
