// Finding and opening the ONNX reader plugin, mapscape-onnx.so (see workload/onnx_import.hpp).
#include "workload/onnx_plugin.hpp"

#include <dlfcn.h>

#include <mutex>

#include "util/plugin_loader.hpp"

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

void open_reader(PluginState& s) {
    const OpenedPlugin plugin = open_plugin(onnx_graph::kPluginFile, RTLD_NOW | RTLD_LOCAL, onnx_graph::kReaderEntryPoint, "reading ONNX files");
    s.read = reinterpret_cast<onnx_graph::ReaderEntryPoint>(plugin.entry);
    s.status = plugin.error.empty() ? plugin.path : plugin.error;
}

}  // namespace

onnx_graph::ReaderEntryPoint onnx_reader(std::string& why_not) {
    PluginState& s = state();
    std::call_once(s.once, [&s] { open_reader(s); });
    if (!s.read) why_not = s.status;
    return s.read;
}

std::string onnx_plugin_status() {
    std::string why;
    onnx_reader(why);
    return state().status;
}

}  // namespace mapscape
