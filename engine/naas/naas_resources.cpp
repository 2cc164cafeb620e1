#include "naas/naas_resources.hpp"

#include "arch/presets.hpp"
#include "mapping/map_space.hpp"
#include "util/diagnostic.hpp"
#include "util/closest_name.hpp"

namespace mapscape {

namespace {

NaasResources from_accelerator(std::string id, std::string description, Accelerator acc, FixedDataflow native,
                               std::vector<std::string> benchmarks, bool fixed_array) {
    // A systolic or fixed MAC array keeps its clusters' sizes for every layer (the Edge TPU's
    // 64 x 64 array runs a three-channel layer on 3 of its 64 rows, as NAAS's designs do);
    // Eyeriss's NoC regroups its PEs into logical PE sets per layer, so its mappings choose them.
    if (fixed_array && !acc.map_space.flexible() && acc.map_space.levels.size() == acc.pe_hierarchy.size())
        for (std::size_t k = 1; k < acc.map_space.levels.size(); ++k)
            if (acc.map_space.levels[k].cluster_size == 0) acc.map_space.levels[k].cluster_size = acc.pe_hierarchy[k];
    NaasResources r;
    r.id = std::move(id);
    r.description = std::move(description);
    r.native_dataflow = native;
    r.max_pes = acc.num_pes;
    r.max_sram_bytes = acc.l1_size_bytes * acc.num_pes + acc.l2_size_bytes;
    r.benchmarks = std::move(benchmarks);
    r.baseline = std::move(acc);
    return r;
}

// The paper's two benchmark sets: large networks on the large accelerators, mobile ones on the small.
const std::vector<std::string> kLarge = {"vgg16", "resnet50", "unet"};
const std::vector<std::string> kLight = {"mobilenet_v2", "squeezenet", "mnasnet"};

}  // namespace

const std::vector<std::string>& naas_resource_ids() {
    static const std::vector<std::string> ids = {"edgetpu", "nvdla1024", "nvdla256", "eyeriss", "shidiannao"};
    return ids;
}

NaasResources naas_resources(const std::string& id) {
    const auto preset = [](const char* name, const char* style) {
        Accelerator a = accelerator_preset(name);
        a.map_space = map_space_preset(style);
        return a;
    };
    if (id == "edgetpu")  // a weight-stationary systolic array: input channels down, output channels across
        return from_accelerator(id, "Edge TPU's resources (preset edgetpu-like) with its systolic weight-stationary dataflow (K x C)",
                                preset("edgetpu-like", "nvdla"), FixedDataflow::Nvdla, kLarge, true);
    if (id == "nvdla1024")
        return from_accelerator(id, "NVDLA with 1,024 MACs (preset nvdla-like) and its K x C dataflow", preset("nvdla-like", "nvdla"),
                                FixedDataflow::Nvdla, kLarge, true);
    if (id == "nvdla256")
        return from_accelerator(id, "NVDLA with 256 MACs (preset nvdla256-like) and its K x C dataflow", preset("nvdla256-like", "nvdla"),
                                FixedDataflow::Nvdla, kLight, true);
    if (id == "eyeriss")
        return from_accelerator(id, "Eyeriss's resources (preset eyeriss-like) with its row-stationary dataflow",
                                preset("eyeriss-like", "eyeriss"), FixedDataflow::Eyeriss, kLight, false);
    if (id == "shidiannao")
        return from_accelerator(id, "ShiDianNao's resources (preset shidiannao-like) with its output-stationary dataflow (Y x X)",
                                preset("shidiannao-like", "shidiannao"), FixedDataflow::ShiDianNao, kLight, true);
    const bool file = id.find('/') != std::string::npos || id.find('.') != std::string::npos;
    if (!file) {
        std::string known;
        for (const std::string& k : naas_resource_ids()) known += (known.empty() ? "" : ", ") + k;
        throw InputError({id, 0, 0}, "unknown resources \"" + id + "\"" + did_you_mean(id, naas_resource_ids()) + " (known: " + known + ", or an accelerator file)");
    }
    Accelerator acc = load_platform(id);
    FixedDataflow native = FixedDataflow::Nvdla;
    if (acc.map_space.style == "eyeriss") native = FixedDataflow::Eyeriss;
    if (acc.map_space.style == "shidiannao") native = FixedDataflow::ShiDianNao;
    // A file's map space says itself which cluster sizes are fixed.
    return from_accelerator(id, "the resources of " + id, std::move(acc), native, {}, false);
}

}  // namespace mapscape
