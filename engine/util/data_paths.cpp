#include "util/data_paths.hpp"
#include "util/file_names.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <mutex>

#include "util/diagnostic.hpp"

namespace mapscape {

namespace fs = std::filesystem;

std::string executable_directory() {
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    return ec ? std::string() : exe.parent_path().string();
}

namespace {

std::string locate_engine_library() {
    Dl_info info{};
    if (!dladdr(reinterpret_cast<void*>(&engine_library_directory), &info) || !info.dli_fname || !*info.dli_fname) return {};
    std::error_code ec;
    const fs::path library = fs::canonical(info.dli_fname, ec);
    if (ec) return {};
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec && fs::equivalent(library, exe, ec)) return {};  // the engine is the program's own
    return library.parent_path().string();
}

}  // namespace

// Looked up once: dladdr takes the dynamic loader's lock, and a low-priority worker holding it
// (in its own dladdr, say) kept the GUI thread waiting for over a second on a busy machine.
std::string engine_library_directory() {
    static const std::string directory = locate_engine_library();
    return directory;
}

namespace {

struct PluginDirectories {
    std::mutex mutex;
    std::vector<std::string> directories;
};

PluginDirectories& registered_plugin_directories() {
    static PluginDirectories d;
    return d;
}

}  // namespace

void add_plugin_directory(const std::string& directory) {
    PluginDirectories& d = registered_plugin_directories();
    std::lock_guard lock(d.mutex);
    d.directories.push_back(directory);
}

std::vector<std::string> plugin_directories() {
    PluginDirectories& d = registered_plugin_directories();
    std::lock_guard lock(d.mutex);
    return d.directories;
}

std::string data_directory() {
    if (const char* env = std::getenv("MAPSCAPE_DATA_DIR"); env && *env) {
        if (is_directory_path(fs::path(env) / "models")) return env;
        throw InputError({env, 0, 0}, "MAPSCAPE_DATA_DIR has no models/ directory");
    }
    std::string looked;
    auto search_up = [&looked](const std::string& start, int levels) -> std::string {
        if (start.empty()) return {};
        fs::path base = start;
        for (int up = 0; up < levels; ++up, base = base.parent_path()) {
            const fs::path candidate = base / "share" / "mapscape";
            if (is_directory_path(candidate / "models")) return candidate.string();
            looked += (looked.empty() ? "" : ", ") + candidate.string();
        }
        return {};
    };
    // A library that holds the engine (the Python module: lib/python3/dist-packages/mapscape, or
    // build/python/mapscape) finds the data relative to itself first: the interpreter's own
    // directory says nothing about which Mapscape it loaded.
    if (std::string found = search_up(engine_library_directory(), 5); !found.empty()) return found;
    if (std::string found = search_up(executable_directory(), 3); !found.empty()) return found;
    throw InputError({"mapscape", 0, 0}, "cannot find Mapscape's data files (looked in " + (looked.empty() ? std::string("nothing: the program's location is unknown") : looked) +
                                            "); set MAPSCAPE_DATA_DIR to the directory that holds models/");
}

}  // namespace mapscape
