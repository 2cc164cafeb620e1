// --tech, --precision, --dram and --l2-banks: the technology options of every command that
// evaluates or searches (engine/tech/technology_choice.hpp applies them).
#pragma once

#include <CLI/CLI.hpp>

#include "tech/technology_choice.hpp"

namespace mapscape::cli {

void add_technology_options(CLI::App& command, TechnologyChoice& choice);

}  // namespace mapscape::cli
