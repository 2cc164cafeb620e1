// NAAS's network level (DAC'21, Sec. II-C) without a trained supernet: a family of network
// variants whose ImageNet top-1 accuracies are published (a data file under models/families/,
// every figure's source named), each variant's layers generated from its architecture. The
// co-search picks a variant at or above an accuracy floor together with the accelerator.
#pragma once

#include <string>
#include <vector>

#include "workload/layer.hpp"

namespace mapscape {

struct JsonObjectSchema;

struct NetworkVariant {
    double width = 1.0;         // width multiplier
    std::int64_t resolution = 224;
    double top1 = 0;            // ImageNet top-1 accuracy, percent (published)
    double published_mmacs = 0; // the publisher's MAC count, millions
    std::string name() const;   // "1.0_224", "0.35_96"
};

struct NetworkFamily {
    std::string name, architecture, description, source;
    NetworkVariant reference;   // the network the baseline runs
    std::vector<NetworkVariant> variants;  // sorted by MACs, fewest first
};

// A family file ("format": "mapscape-network-family"), or a bundled family's name
// (models/families/NAME.json). Throws InputError with file, line and column.
// The fields of a network family file's objects (for the format page's check).
std::vector<const JsonObjectSchema*> network_family_schemas();
NetworkFamily load_network_family(const std::string& name_or_path);

// The variant's layers: MobileNetV2 (the paper's Table 2: a 3x3 stem, 17 inverted-residual
// blocks, a 1x1 head of 1280 and the 1000-way classifier) at the variant's width multiplier
// (channels rounded to multiples of 8 as the reference code does) and input resolution, with
// same padding (each strided layer's input is (output - 1) x stride + filter).
std::vector<Layer> variant_layers(const NetworkFamily& family, const NetworkVariant& variant);

// The variants at or above `floor` (percent), fewest MACs first.
std::vector<NetworkVariant> variants_above(const NetworkFamily& family, double floor);

}  // namespace mapscape
