// Exports searched mappings as files MAESTRO runs: one network file per layer, one for the
// whole model (layers in model order), and the accelerator as a MAESTRO HW file.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "search/model_search.hpp"

namespace mapscape {

struct ExportedFiles {
    std::vector<std::string> paths;  // written files, the model file last but one, HW file last
    std::vector<std::string> skipped_layers;  // layers without a valid mapping (not exported)
};

struct ExportLayer {
    Layer layer;                     // its name is written inside the files as it is
    std::optional<Mapping> mapping;  // none: the search found no valid mapping
};

// Creates `directory` if needed. File names: <model>_<layer>.m, <model>.m, <model>_hw.m, each
// name made a safe, unique file-name stem (util/file_names.hpp): nothing is written outside
// `directory`, whatever the names hold.
ExportedFiles export_maestro_files(const std::string& directory, const std::string& model_name,
                                   const std::vector<ExportLayer>& layers, const Accelerator& accelerator);

// The layers of a model search, named as the outcome names them.
ExportedFiles export_maestro_files(const std::string& directory, const std::string& model_name,
                                   const ModelSearchRequest& request, const ModelSearchOutcome& outcome);

}  // namespace mapscape
