// A results database of made-up runs, for benchmarking and testing the app's results view at
// sizes a real sweep on this machine would take days to reach (100,000 runs). The runs are
// real combinations of bundled models, presets and algorithms with plausible figures (a noisy
// multiple of each model's compute bound), one layer row each, no mappings; the file says it is
// synthetic (meta key "synthetic" = 1).
#pragma once

#include <cstdint>
#include <string>

namespace mapscape {

// Creates `path` (which must not exist) with `runs` runs.
void write_synthetic_results(const std::string& path, std::int64_t runs, std::uint64_t seed = 1);

}  // namespace mapscape
