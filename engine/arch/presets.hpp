// Named accelerators: GAMMA's Edge and Cloud platforms, MAESTRO's example, and resource
// budgets in the style of well-known accelerators (Eyeriss, NVDLA, ShiDianNao, Edge TPU).
#pragma once

#include <string>
#include <vector>

#include "arch/accelerator.hpp"

namespace mapscape {

struct AcceleratorPreset {
    std::string id;           // "edge", "cloud", ...
    std::string description;  // one line, with where the numbers come from
    Accelerator accelerator;
};

const std::vector<AcceleratorPreset>& accelerator_presets();
// Throws InputError listing the known ids when `id` is unknown.
Accelerator accelerator_preset(const std::string& id);
// A preset id, or else an accelerator file (.json, or a MAESTRO HW .m over the Edge preset).
Accelerator load_platform(const std::string& id_or_path);

}  // namespace mapscape
