// Finding and opening the ONNX reader plugin, mapscape-onnx.so (see workload/onnx_import.hpp).
#include "workload/onnx_plugin.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <vector>

#include "util/data_paths.hpp"

#ifndef MAPSCAPE_PLUGIN_DIR_FROM_BIN
#define MAPSCAPE_PLUGIN_DIR_FROM_BIN "../lib/mapscape"
#endif

namespace mapscape {

namespace {

struct PluginState {
    std::once_flag once;
    onnx_graph::ReaderEntryPoint read = nullptr;
    std::string status;  // where it was loaded from, or why it was not
};

PluginState& state() {
    static PluginState s;
    return s;
}

// $MAPSCAPE_PLUGIN_DIR; beside the program (a build tree's programs); where an install puts it
// relative to the program; one level up (a build tree's test programs live in tests/).
std::vector<std::filesystem::path> candidates() {
    namespace fs = std::filesystem;
    std::vector<fs::path> out;
    if (const char* env = std::getenv("MAPSCAPE_PLUGIN_DIR"); env && *env) out.push_back(fs::path(env) / onnx_graph::kPluginFile);
    const std::string exe = executable_directory();
    if (!exe.empty()) {
        out.push_back(fs::path(exe) / onnx_graph::kPluginFile);
        out.push_back((fs::path(exe) / MAPSCAPE_PLUGIN_DIR_FROM_BIN / onnx_graph::kPluginFile).lexically_normal());
        out.push_back((fs::path(exe) / ".." / onnx_graph::kPluginFile).lexically_normal());
    }
    return out;
}

void open_plugin(PluginState& s) {
    std::string looked;
    for (const std::filesystem::path& candidate : candidates()) {
        std::error_code ec;
        if (!std::filesystem::is_regular_file(candidate, ec)) {
            looked += (looked.empty() ? "" : ", ") + candidate.string();
            continue;
        }
        void* handle = dlopen(candidate.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            const char* why = dlerror();
            s.status = "cannot load the ONNX reader " + candidate.string() + ": " + (why ? why : "unknown error");
            return;
        }
        auto read = reinterpret_cast<onnx_graph::ReaderEntryPoint>(dlsym(handle, onnx_graph::kReaderEntryPoint));
        if (!read) {
            s.status = candidate.string() + " is not this version's ONNX reader (it has no " + onnx_graph::kReaderEntryPoint + ")";
            return;
        }
        s.read = read;
        s.status = candidate.string();
        return;
    }
    s.status = "reading ONNX files needs the plugin " + std::string(onnx_graph::kPluginFile) + " (looked in " +
               (looked.empty() ? std::string("nothing: the program's location is unknown") : looked) +
               "); set MAPSCAPE_PLUGIN_DIR to its directory";
}

}  // namespace

onnx_graph::ReaderEntryPoint onnx_reader(std::string& why_not) {
    PluginState& s = state();
    std::call_once(s.once, [&s] { open_plugin(s); });
    if (!s.read) why_not = s.status;
    return s.read;
}

std::string onnx_plugin_status() {
    std::string why;
    onnx_reader(why);
    return state().status;
}

}  // namespace mapscape
