// The surrogate's searches in the engine's algorithm registry (search/algorithm.hpp), so that
// `search`, `compare` and the GUI's Search dock offer them once the app links this library:
//   mindmappings  the Mind Mappings gradient search on the shipped surrogate;
//   gamma-guided  GAMMA with the surrogate's guided mutation.
#pragma once

#include <memory>
#include <string>


namespace mapscape {

struct Accelerator;  // arch/accelerator.hpp
class Surrogate;  // surrogate_model.hpp (kept out: it brings libtorch, whose headers Qt's macros break)

// Idempotent and thread-safe.
void register_surrogate_algorithms();

// The shipped surrogate's file: models/mindmappings_surrogate.bin (models_directory()).
std::string shipped_surrogate_path();
// Where `surrogate train` writes when not told: beside the shipped model, never over it.
std::string trained_surrogate_path();
// Loaded once and shared; throws InputError when missing or damaged.
std::shared_ptr<const Surrogate> shipped_surrogate();
// The surrogate in `path` (Surrogate::load), for callers that do not parse libtorch's headers.
std::shared_ptr<const Surrogate> load_surrogate(const std::string& path);
// The accelerator `surrogate` was trained for (Surrogate::accelerator), likewise.
const Accelerator& accelerator_of(const Surrogate& surrogate);

}  // namespace mapscape
