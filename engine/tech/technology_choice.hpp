// What a user picks beside the accelerator, by name, as the CLI's options (--tech, --precision,
// --dram, --l2-banks), the Python module's keywords and the sweep specs' axes say it: applied to
// an accelerator and to the layers that have no precision of their own (a quantized ONNX graph
// keeps its own). One place, so that every front end accepts and refuses alike.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "arch/accelerator.hpp"
#include "workload/layer.hpp"

namespace mapscape {

struct TechnologyChoice {
    std::string technology;  // "" = keep the accelerator's; a bundled name or a file
    std::string precision;   // "" = keep each layer's; "int8" or "input=int8,weight=int4,output=int32"
    std::string dram;        // "" = the technology's default
    std::int64_t l2_banks = 0;  // 0 = keep
    std::string analysis;    // "" = keep the accelerator's; "maestro" or "faithful"

    bool empty() const { return technology.empty() && precision.empty() && dram.empty() && l2_banks == 0 && analysis.empty(); }
};

// Throws InputError naming the option ("--tech", "--precision", "--dram", "--l2-banks", "--analysis") and what
// is wrong, e.g. a DRAM type the technology does not list, or --dram under MAESTRO's model.
void apply_technology_choice(const TechnologyChoice& choice, Accelerator& accelerator);
// The precision for layers without their own; unspecified when the choice names none.
TensorPrecision chosen_precision(const TechnologyChoice& choice);
// Sets `precision` on every layer that has none.
void apply_default_precision(const TensorPrecision& precision, std::vector<Layer>& layers);

}  // namespace mapscape
