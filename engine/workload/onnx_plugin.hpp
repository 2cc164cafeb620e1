// Opening the ONNX reader plugin once, on first use (see workload/onnx_import.hpp for why it is one).
#pragma once

#include <string>

#include "workload/onnx_graph.hpp"

namespace mapscape {

// The plugin's reader, or nullptr with why_not set.
onnx_graph::ReaderEntryPoint onnx_reader(std::string& why_not);

}  // namespace mapscape
