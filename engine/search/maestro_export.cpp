#include "search/maestro_export.hpp"

#include <filesystem>

#include "arch/maestro_hw_file.hpp"
#include "mapping/maestro_file.hpp"
#include "util/diagnostic.hpp"
#include "util/file_names.hpp"
#include "util/text_file.hpp"

namespace mapscape {

ExportedFiles export_maestro_files(const std::string& directory, const std::string& model_name,
                                   const std::vector<ExportLayer>& layers, const Accelerator& accelerator) {
    std::error_code ec;
    std::filesystem::create_directories(directory, ec);
    if (ec) throw InputError({directory, 0, 0}, "cannot create the directory: " + ec.message());
    const std::string model = model_name.empty() ? "model" : model_name;
    UniqueFileStems stems;
    const std::string model_stem = stems.claim(model);
    const std::string hw_stem = stems.claim(model_stem + "_hw");
    ExportedFiles out;
    std::vector<std::pair<Layer, Mapping>> all;
    for (const ExportLayer& e : layers) {
        if (!e.mapping) {
            out.skipped_layers.push_back(e.layer.name);
            continue;
        }
        all.emplace_back(e.layer, *e.mapping);
        const std::string layer_stem = safe_file_stem(e.layer.name);
        const std::string stem = model_stem + (layer_stem.front() == '_' ? "" : "_") + layer_stem;
        const std::string path = file_in_directory(directory, stems.claim(stem), ".m").string();
        write_text_file_atomically(path, write_maestro_text(model + "_" + e.layer.name, {all.back()}));
        out.paths.push_back(path);
    }
    const std::string model_path = file_in_directory(directory, model_stem, ".m").string();
    write_text_file_atomically(model_path, write_maestro_text(model, all));
    out.paths.push_back(model_path);
    const std::string hw_path = file_in_directory(directory, hw_stem, ".m").string();
    write_text_file_atomically(hw_path, write_maestro_hw_text(accelerator));
    out.paths.push_back(hw_path);
    return out;
}

ExportedFiles export_maestro_files(const std::string& directory, const std::string& model_name,
                                   const ModelSearchRequest& request, const ModelSearchOutcome& outcome) {
    std::vector<ExportLayer> layers;
    for (std::size_t i = 0; i < outcome.layers.size(); ++i) {
        const LayerSearchOutcome& o = outcome.layers[i];
        ExportLayer e{request.layers[i], std::nullopt};
        e.layer.name = o.name;
        if (o.result.found) e.mapping = o.result.best_mapping;
        layers.push_back(std::move(e));
    }
    return export_maestro_files(directory, model_name, layers, request.base.accelerator);
}

}  // namespace mapscape
