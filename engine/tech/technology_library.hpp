// The technologies a user can name: the bundled files (data_directory()/technologies/NAME.json)
// by name, or any technology file by path. Each is loaded once and shared (accelerators hold a
// pointer to it, so that evaluating stays free of lookups), and read again when the file, or a
// base it scales, has changed on disk since. Thread-safe.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "arch/accelerator.hpp"
#include "tech/technology.hpp"

namespace mapscape {

// A bundled name ("45nm", "maestro") or a path (anything with '/' or ending in .json); relative
// paths are taken from `relative_to` when it is given (the directory of the file naming it).
// Throws InputError naming the known technologies (with a "did you mean") or the file's problem.
std::shared_ptr<const Technology> load_technology(const std::string& name_or_path, const std::string& relative_to = "");

// The bundled technologies' names, "maestro" first then by process node, largest first.
std::vector<std::string> bundled_technology_names();

// Puts a technology on an accelerator: a physical one prices every access by the configured
// sizes and widths; a MAESTRO-model one (the bundled `maestro`, or a file with "model":
// "maestro") sets its multipliers and clears the physical one.
void apply_technology(Accelerator& acc, const std::shared_ptr<const Technology>& tech);

// How the accelerator's technology is named in files and titles: the physical technology's name
// when it is bundled (its path otherwise); "maestro" for MAESTRO's model with its own multipliers,
// "maestro (custom)" when a preset or file changed them.
std::string technology_label(const Accelerator& acc);
// What accelerator files write for it: the bundled name, else the file's path.
std::string technology_reference(const Technology& tech);

}  // namespace mapscape
