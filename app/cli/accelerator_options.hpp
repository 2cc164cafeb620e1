// MAESTRO-style hardware options shared by the commands that evaluate mappings.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "arch/accelerator.hpp"
#include "tech/technology_choice.hpp"

namespace mapscape::cli {

struct AcceleratorOptions {
    std::string hw_file;
    std::int64_t num_pes = 7;
    std::int64_t l1_size = 2147483647;
    std::int64_t l2_size = 2147483647;
    std::int64_t noc_bw = 2147483647;
    std::int64_t noc_hops = 1;
    std::int64_t noc_hop_latency = 0;
    std::int64_t offchip_bw = 70000;
    std::int64_t simd_lanes = 1;
    TechnologyChoice technology;
    // The options a HW file replaces (refused beside --hw).
    std::vector<const CLI::Option*> replaced_by_hw_file;

    void add_to(CLI::App& command);
    // MAESTRO's semantics: a HW file replaces PEs, buffers, NoC and off-chip values.
    Accelerator build() const;
};

}  // namespace mapscape::cli
