#include "cli/plugin_loader.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <vector>

#include "util/data_paths.hpp"

namespace mapscape::cli {

namespace {

std::vector<std::filesystem::path> plugin_candidates(const std::string& file_name) {
    std::vector<std::filesystem::path> candidates;
    if (const char* env = std::getenv("MAPSCAPE_PLUGIN_DIR"); env && *env) candidates.emplace_back(std::filesystem::path(env) / file_name);
    const std::string exe = executable_directory();
    if (!exe.empty()) {
        candidates.emplace_back(std::filesystem::path(exe) / file_name);
        candidates.emplace_back(std::filesystem::path(exe) / MAPSCAPE_PLUGIN_DIR_FROM_BIN / file_name);
    }
    return candidates;
}

}  // namespace

OpenedPlugin open_cli_plugin(const std::string& file_name, int flags, const std::string& what) {
    OpenedPlugin plugin;
    std::string looked;
    for (const std::filesystem::path& candidate : plugin_candidates(file_name)) {
        std::error_code ec;
        if (!std::filesystem::is_regular_file(candidate, ec)) {
            looked += (looked.empty() ? "" : ", ") + candidate.lexically_normal().string();
            continue;
        }
        plugin.handle = dlopen(candidate.c_str(), flags);
        if (!plugin.handle) {
            const char* why = dlerror();
            plugin.error = "cannot load the " + what + " plugin " + candidate.string() + ": " + (why ? why : "unknown error");
        }
        return plugin;
    }
    plugin.error = what + " needs its plugin " + file_name + " (looked in " +
                   (looked.empty() ? std::string("nothing: the program's location is unknown") : looked) +
                   "); set MAPSCAPE_PLUGIN_DIR to its directory";
    return plugin;
}

}  // namespace mapscape::cli
