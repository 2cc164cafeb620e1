// The area of a design point (PEs, each PE's L1, the shared L2, optionally the NoC) under one of
// the area models of resources/technology/area_models.json, each with its source named. The
// co-design searches compare it with an area budget; the accelerator editor shows how it splits.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "arch/area_breakdown.hpp"
#include "arch/accelerator.hpp"

namespace mapscape {

struct JsonObjectSchema;

struct BufferAreaRule {
    std::int64_t granule_bytes = 1;  // capacity comes in banks of this many bytes
    double um2_per_granule = 0;
    double area_um2(std::int64_t bytes) const;  // of the banks holding `bytes` (at least one)
    bool operator==(const BufferAreaRule&) const = default;
};

struct AreaModel {
    std::string id;    // "gamma", "maestro", ...
    std::string name;
    std::string source;
    double mac_um2 = 0;  // per MAC (SIMD lane)
    BufferAreaRule l1, l2;
    bool noc = false;  // MAESTRO's bus and arbiter, sized by the PEs and the NoC bandwidth
    bool operator==(const AreaModel&) const = default;
};

// The area of `accelerator` with L1 and L2 of the given sizes (the configured sizes, or what
// the chosen mappings need when buffers are sized to need).
AreaBreakdown area_of(const AreaModel& model, const Accelerator& accelerator, std::int64_t l1_bytes_per_pe,
                      std::int64_t l2_bytes);
AreaBreakdown area_of(const AreaModel& model, const Accelerator& accelerator);  // configured sizes

// The models of the data file (data_directory()/technology/area_models.json), its default first;
// loaded once. Throws InputError (file:line:column) if the file is missing or malformed.
const std::vector<AreaModel>& area_models();
const AreaModel& default_area_model();
// Throws InputError listing the known ids when `id` is unknown.
const AreaModel& area_model(const std::string& id);
// Parses an area-models document (exposed for tests and other files).
// The fields of an area-models file's objects (for the format page's check).
std::vector<const JsonObjectSchema*> area_model_schemas();
std::vector<AreaModel> parse_area_models(std::string_view text, const std::string& file_name);

// The most PEs (with one MAC lane each and the smallest buffers, one granule of L1 each and one of
// L2) whose area fits `budget_um2`: no design within the budget has more.
std::int64_t max_pes_within(const AreaModel& model, const Accelerator& accelerator, double budget_um2);

}  // namespace mapscape
