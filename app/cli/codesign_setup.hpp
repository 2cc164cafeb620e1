// Options shared by `codesign` and `codesign-compare`: the platform and its area budget, the area
// model, the buffers, the array's dimensionality and flexibility, the objective, the budget and
// the threads.
#pragma once

#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

#include "codesign/codesign_request.hpp"

namespace mapscape::cli {

// The options of a co-design problem (codesign/codesign_request.hpp), bound to a command's flags.
struct CodesignSetupOptions : CodesignRequest {
    void add_to(CLI::App& command);
};

}  // namespace mapscape::cli
