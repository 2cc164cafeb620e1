#include "util/data_paths.hpp"

#include <cstdlib>
#include <filesystem>

#include "util/diagnostic.hpp"

namespace mapscape {

namespace fs = std::filesystem;

std::string executable_directory() {
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    return ec ? std::string() : exe.parent_path().string();
}

std::string data_directory() {
    if (const char* env = std::getenv("MAPSCAPE_DATA_DIR"); env && *env) {
        if (fs::is_directory(fs::path(env) / "models")) return env;
        throw InputError({env, 0, 0}, "MAPSCAPE_DATA_DIR has no models/ directory");
    }
    std::string looked;
    const std::string exe = executable_directory();
    if (!exe.empty()) {
        fs::path base = exe;
        for (int up = 0; up < 3; ++up, base = base.parent_path()) {
            const fs::path candidate = base / "share" / "mapscape";
            if (fs::is_directory(candidate / "models")) return candidate.string();
            looked += (looked.empty() ? "" : ", ") + candidate.string();
        }
    }
    throw InputError({"mapscape", 0, 0}, "cannot find Mapscape's data files (looked in " + (looked.empty() ? std::string("nothing: the program's location is unknown") : looked) +
                                            "); set MAPSCAPE_DATA_DIR to the directory that holds models/");
}

}  // namespace mapscape
