// MAESTRO's hardware files: "num_pes: 256", "l1_size_cstr: 100", ... one key and value a line.
#pragma once

#include <string>
#include <string_view>

#include "arch/accelerator.hpp"

namespace mapscape {

// Reads a HW file the way MAESTRO applies it: it replaces PEs, L1, L2, NoC bandwidth and
// latency and off-chip bandwidth; keys it leaves out take MAESTRO's HW-file defaults (1 PE,
// unbounded sizes and bandwidths, 1 hop), not the values in `base`. Other fields (SIMD lanes,
// word size, clock, technology) are kept from `base`. Throws InputError with line and column.
Accelerator read_maestro_hw_file(const std::string& path, const Accelerator& base);
Accelerator parse_maestro_hw_text(std::string_view text, const std::string& file_name,
                                  const Accelerator& base);

std::string write_maestro_hw_text(const Accelerator& acc);

}  // namespace mapscape
