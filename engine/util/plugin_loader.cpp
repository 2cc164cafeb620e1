#include "util/plugin_loader.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <vector>

#include "util/data_paths.hpp"

#ifndef MAPSCAPE_PLUGIN_DIR_FROM_BIN
#define MAPSCAPE_PLUGIN_DIR_FROM_BIN "../lib/mapscape"
#endif

namespace mapscape {

namespace {

std::vector<std::filesystem::path> plugin_candidates(const std::string& file_name) {
    namespace fs = std::filesystem;
    std::vector<fs::path> candidates;
    if (const char* env = std::getenv("MAPSCAPE_PLUGIN_DIR"); env && *env) candidates.push_back(fs::path(env) / file_name);
    for (const std::string& d : plugin_directories()) candidates.push_back(fs::path(d) / file_name);  // e.g. the Python module's
    const std::string exe = executable_directory();
    if (!exe.empty()) {
        candidates.push_back(fs::path(exe) / file_name);
        candidates.push_back((fs::path(exe) / MAPSCAPE_PLUGIN_DIR_FROM_BIN / file_name).lexically_normal());
        candidates.push_back((fs::path(exe) / ".." / file_name).lexically_normal());
    }
    return candidates;
}

}  // namespace

OpenedPlugin open_plugin(const std::string& file_name, int dlopen_flags, const char* entry_symbol, const std::string& what) {
    OpenedPlugin plugin;
    std::string looked;
    for (const std::filesystem::path& candidate : plugin_candidates(file_name)) {
        std::error_code ec;
        if (!std::filesystem::is_regular_file(candidate, ec)) {
            looked += (looked.empty() ? "" : ", ") + candidate.string();
            continue;
        }
        plugin.path = candidate.string();
        plugin.handle = dlopen(candidate.c_str(), dlopen_flags);
        if (!plugin.handle) {
            const char* why = dlerror();
            plugin.error = "cannot load the plugin " + plugin.path + " for " + what + ": " + (why ? why : "unknown error");
            return plugin;
        }
        plugin.entry = dlsym(plugin.handle, entry_symbol);
        if (!plugin.entry)
            plugin.error = plugin.path + " is not the plugin this program expects for " + what + " (it has no " + entry_symbol + ")";
        return plugin;
    }
    plugin.error = "cannot find the plugin " + file_name + " for " + what + " (looked in " +
                   (looked.empty() ? std::string("nothing: the program's location is unknown") : looked) +
                   "); set MAPSCAPE_PLUGIN_DIR to its directory";
    return plugin;
}

}  // namespace mapscape
