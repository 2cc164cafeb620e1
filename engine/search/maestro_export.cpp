#include "search/maestro_export.hpp"

#include <filesystem>

#include "arch/maestro_hw_file.hpp"
#include "mapping/maestro_file.hpp"
#include "util/diagnostic.hpp"
#include "util/text_file.hpp"

namespace mapscape {

ExportedFiles export_maestro_files(const std::string& directory, const std::string& model_name,
                                   const ModelSearchRequest& request, const ModelSearchOutcome& outcome) {
    std::error_code ec;
    std::filesystem::create_directories(directory, ec);
    if (ec) throw InputError({directory, 0, 0}, "cannot create the directory: " + ec.message());
    const std::string model = maestro_safe_name(model_name.empty() ? "model" : model_name);
    ExportedFiles out;
    std::vector<std::pair<Layer, Mapping>> all;
    for (std::size_t i = 0; i < outcome.layers.size(); ++i) {
        const LayerSearchOutcome& o = outcome.layers[i];
        if (!o.result.found) {
            out.skipped_layers.push_back(o.name);
            continue;
        }
        Layer layer = request.layers[i];
        layer.name = o.name;
        all.emplace_back(layer, o.result.best_mapping);
        const std::string path = (std::filesystem::path(directory) / (model + "_" + maestro_safe_name(o.name) + ".m")).string();
        write_text_file_atomically(path, write_maestro_text(model + "_" + maestro_safe_name(o.name), {all.back()}));
        out.paths.push_back(path);
    }
    const std::string model_path = (std::filesystem::path(directory) / (model + ".m")).string();
    write_text_file_atomically(model_path, write_maestro_text(model, all));
    out.paths.push_back(model_path);
    const std::string hw_path = (std::filesystem::path(directory) / (model + "_hw.m")).string();
    write_text_file_atomically(hw_path, write_maestro_hw_text(request.base.accelerator));
    out.paths.push_back(hw_path);
    return out;
}

}  // namespace mapscape
