// The resource budgets NAAS searches within (NAAS, DAC'21, Sec. III): a known accelerator's
// number of PEs, its total on-chip memory (every PE's L1 and the shared L2) and its NoC
// bandwidth. Each comes with that accelerator running its native dataflow, which NAAS's designs
// are compared with, and the paper's benchmark set for it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "arch/accelerator.hpp"
#include "search/fixed_dataflow.hpp"

namespace mapscape {

struct NaasResources {
    std::string id;           // "eyeriss", or the file's path
    std::string description;  // where the figures come from
    Accelerator baseline;     // the accelerator itself, with its native map space and array shape
                              // (the cluster sizes of a fixed array are the array's: all but Eyeriss)
    FixedDataflow native_dataflow = FixedDataflow::Nvdla;  // its dataflow as a fixed mapping rule
    std::int64_t max_pes = 0;
    std::int64_t max_sram_bytes = 0;      // L1 x PEs + L2
    std::vector<std::string> benchmarks;  // the paper's networks for these resources
};

// "edgetpu", "nvdla1024", "nvdla256", "eyeriss", "shidiannao".
const std::vector<std::string>& naas_resource_ids();
// One of those, or an accelerator file (.json, or a MAESTRO HW .m): its PEs, memory and NoC, its
// map space as its native dataflow. Throws InputError naming the known ids for anything else.
NaasResources naas_resources(const std::string& id_or_file);

}  // namespace mapscape
