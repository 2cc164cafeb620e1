// Finds and opens a plugin of mapscape-cli (a shared module beside the program in a build tree,
// or under lib/mapscape where the install puts it), for libraries only some commands need.
#pragma once

#include <string>

namespace mapscape::cli {

struct OpenedPlugin {
    void* handle = nullptr;  // dlopen's handle; null when the plugin could not be opened
    std::string error;       // why not, for the user
};

// Opens `file_name` (e.g. "mapscape-mpi.so") from $MAPSCAPE_PLUGIN_DIR, the program's directory or
// the install's plugin directory, with dlopen's `flags`. `what` names the plugin in messages.
OpenedPlugin open_cli_plugin(const std::string& file_name, int flags, const std::string& what);

}  // namespace mapscape::cli
