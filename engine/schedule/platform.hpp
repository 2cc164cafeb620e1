// Multi-core accelerator platforms (MAGMA, HPCA'22, Sec. II-B and Table III): sub-accelerators
// ("cores"), each a PE array of rows x 64 with a dataflow style and a global buffer, sharing one
// system bandwidth to DRAM/host. HB is the high-bandwidth, NVDLA-like style (output channels
// across the rows, input channels across the 64 columns); LB the low-bandwidth, Eyeriss-like
// style (output rows across the PEs, row-stationary). Clock 200 MHz and 1-byte words, so a
// system bandwidth of G GB/s is 5 G bytes per cycle; MAGMA's code takes its `--dram_bw` as bytes
// per cycle as given (BandwidthUnit::BytesPerCycle: its 16 is 3.2 GB/s).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "arch/accelerator.hpp"
#include <memory>
#include "search/fixed_dataflow.hpp"

namespace mapscape {

struct JsonObjectSchema;

enum class CoreStyle { HB, LB };
std::string_view core_style_name(CoreStyle s);  // "HB", "LB"
std::optional<CoreStyle> parse_core_style(std::string_view text);
FixedDataflow core_dataflow(CoreStyle s);       // Nvdla for HB, Eyeriss for LB

// How a system bandwidth figure is read: GB/s (the paper's text), or bytes per cycle (the code's
// `--dram_bw`, in the unit of its bandwidth asks).
enum class BandwidthUnit { Gbps, BytesPerCycle };
std::string_view bandwidth_unit_name(BandwidthUnit u);  // "gbps", "bytes-per-cycle"
std::optional<BandwidthUnit> parse_bandwidth_unit(std::string_view text);

struct SubAccelerator {
    std::int64_t rows = 32;
    std::int64_t cols = 64;
    CoreStyle style = CoreStyle::HB;
    std::int64_t buffer_bytes = 146 * 1024;  // global buffer (SG)

    std::int64_t num_pes() const { return rows * cols; }
    std::string describe() const;  // "32x64 HB, 146 KB"
    // The accelerator the cost model analyses jobs on: unconstrained NoC and off-chip bandwidth
    // (no-stall analysis), buffers as large as needed.
    Accelerator accelerator(double clock_mhz, int word_bytes) const;
};

struct Platform {
    std::string name;
    std::string description;
    std::vector<SubAccelerator> cores;
    double clock_mhz = 200;
    int word_bytes = 1;
    // PE arrays whose shape can be configured (the paper's Sec. VI-F): the magma-code job
    // analysis then tries the code's find_best_alignment cluster sizes on HB cores. Our own
    // analysis keeps the fixed arrays.
    bool flexible = false;
    // A physical technology (`schedule --tech 45nm`): each job's energy on a core priced at the
    // core's built buffer; null: MAESTRO's model. Not part of a platform file.
    std::shared_ptr<const Technology> technology;

    // System bandwidth in bytes per cycle for a figure in GB/s.
    double bytes_per_cycle(double gbps) const { return gbps * 1e3 / clock_mhz; }
    // ... or for a figure in the given unit.
    double bytes_per_cycle(double value, BandwidthUnit unit) const {
        return unit == BandwidthUnit::Gbps ? bytes_per_cycle(value) : value;
    }
    // The figure in GB/s of a bandwidth in bytes per cycle.
    double gbps(double bytes_per_cycle_value) const { return bytes_per_cycle_value * clock_mhz / 1e3; }
};

// The paper's settings S1-S6.
Platform platform_setting(int index);  // 1..6
std::vector<std::string> platform_setting_names();  // "S1".."S6"
// "S1".."S6", "S1-flex".."S6-flex" (the same cores, flexible), or a platform file:
// {"format": "mapscape-platform", "version": 1, "name", "clock_mhz": 200, "word_bytes": 1,
// "flexible": false, "cores": [{"rows": 32, "cols": 64, "style": "HB", "buffer_kb": 146,
// "count": 3}, ...]}. Throws InputError.
Platform load_platform_setting(const std::string& name_or_path);
Platform parse_platform_json(std::string_view text, const std::string& file_name);
// The fields of the file's objects (for the format page's check).
std::vector<const JsonObjectSchema*> platform_schemas();
// The document parse_platform_json reads (each core on its own, buffers in whole KB).
nlohmann::ordered_json platform_to_json(const Platform& platform);

}  // namespace mapscape
