// Where Mapscape's data files live (models/: workloads and task mixes; examples/; the
// technology tables), found relative to the running program so that an installed or moved
// Mapscape finds its own: the first of
//   1. $MAPSCAPE_DATA_DIR (for models alone, $MAPSCAPE_MODELS_DIR wins);
//   2. when the engine is in a shared library (the Python module), share/mapscape beside its
//      directory or up to four levels above it (lib/python3/dist-packages/mapscape ->
//      share/mapscape; build/python/mapscape -> build/share/mapscape);
//   3. share/mapscape beside the program's directory or one or two levels above it (an install:
//      bin/mapscape -> share/mapscape; a build tree: build/mapscape -> build/share/mapscape,
//      which the build links to the sources' data).
#pragma once

#include <string>
#include <vector>

namespace mapscape {

// The data directory, or throws InputError saying where it looked and how to point at it.
std::string data_directory();
// The directory of the running executable ("" when it cannot be told).
std::string executable_directory();
// The directory of the shared library that holds the engine, "" when the engine is linked into
// the program itself.
std::string engine_library_directory();

// Directories where a front end expects the plugins (mapscape-onnx.so, mapscape-surrogate.so)
// besides those relative to the program: the Python module adds its own. Thread-safe.
void add_plugin_directory(const std::string& directory);
std::vector<std::string> plugin_directories();

}  // namespace mapscape
