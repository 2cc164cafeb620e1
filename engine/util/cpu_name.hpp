// The CPU's model name (/proc/cpuinfo), which every measured figure is reported with.
#pragma once

#include <string>

namespace mapscape {

std::string cpu_model_name();  // "unknown CPU" where /proc/cpuinfo does not say

}  // namespace mapscape
