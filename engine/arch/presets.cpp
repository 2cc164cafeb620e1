#include "arch/presets.hpp"

#include "arch/accelerator_json.hpp"
#include "util/diagnostic.hpp"
#include "util/closest_name.hpp"

namespace mapscape {

namespace {

Accelerator make(const char* name, std::int64_t rows, std::int64_t cols, std::int64_t l1_bytes,
                 std::int64_t l2_bytes, std::int64_t noc_bw, std::int64_t offchip_bw,
                 std::int64_t word_bytes, double clock_mhz) {
    Accelerator a;
    a.name = name;
    a.pe_hierarchy = {rows, cols};
    a.num_pes = rows * cols;
    a.l1_size_bytes = l1_bytes;
    a.l2_size_bytes = l2_bytes;
    set_uniform_noc(a, noc_bw, 1, 1);
    a.offchip_bw_elements_per_cycle = offchip_bw;
    a.word_size_bytes = word_bytes;
    a.clock_mhz = clock_mhz;
    return a;
}

std::vector<AcceleratorPreset> build() {
    std::vector<AcceleratorPreset> p;
    // GAMMA's platforms (ICCAD'20, Table 2) with GAMMA's MAESTRO settings: a NoC of 81,920,000
    // elements/cycle (effectively unconstrained), 1-cycle hops, MAESTRO's default off-chip
    // bandwidth. Sizes count elements, as GAMMA's do (so one-byte words here).
    p.push_back({"edge",
                 "GAMMA's Edge platform: 168 PEs (12 x 14, Eyeriss-sized), 512 B L1 per PE, 108 KB L2",
                 make("edge", 12, 14, 512, 108000, 81920000, 70000, 1, 200)});
    // Table 2 gives the Cloud platform "4MiB" in the same "SL size" column where the Edge
    // platform's 512B is per PE (Eyeriss's 0.5 KB scratchpads), GAMMA's code compares MAESTRO's
    // per-PE L1 requirement with that figure, and the paper calls Cloud the platform with more
    // resources, where every method finds valid mappings. So it is read per PE, as the paper
    // ran it, even though 65,536 PEs x 4 MiB is not a buildable chip. "cloud-shared-l1" reads
    // it as the total instead (64 B per PE), which makes 7x7-filter layers unmappable under
    // MAESTRO's whole-filter rule.
    p.push_back({"cloud",
                 "GAMMA's Cloud platform as the paper ran it: 65,536 PEs (256 x 256, TPU-sized), 4 MiB L1 "
                 "per PE, 24 MiB L2",
                 make("cloud", 256, 256, 4 * 1024 * 1024, 24 * 1024 * 1024, 81920000, 70000, 1, 700)});
    p.push_back({"cloud-shared-l1",
                 "GAMMA's Cloud platform with its 4 MiB L1 read as the total: 65,536 PEs, 64 B L1 per PE, "
                 "24 MiB L2",
                 make("cloud-shared-l1", 256, 256, 64, 24 * 1024 * 1024, 81920000, 70000, 1, 700)});
    {
        Accelerator a = make("maestro-example", 16, 16, 100, 3000, 1000, 50, 1, 1000);
        a.pe_hierarchy.clear();
        p.push_back({"maestro-example",
                     "MAESTRO's data/hw/accelerator_1.m: 256 PEs, L1 100, L2 3000, NoC 1000, off-chip 50",
                     a});
    }
    {
        // Mind Mappings' accelerator (ASPLOS'21, Sec. 5.1.2 and its Timeloop template): 256 PEs,
        // 512 KB shared buffer, 64 KB private buffer per PE, 16-bit words, 1 GHz, a NoC that
        // parallelises any dimension; three L2 buffers of 16 words/cycle each (48 elements/cycle);
        // no off-chip limit (Timeloop's DRAM has none there); its access energies per word in MACs
        // (DRAM 200, L2 2.2, L1 1.12), as its algorithmic minimum uses them.
        Accelerator a = make("mindmappings", 16, 16, 65536, 524288, 48, 70000, 2, 1000);
        a.technology.l1_access_in_macs = 1.12;
        a.technology.l2_access_in_macs = 2.2;
        a.technology.dram_access_in_macs = 200.0;
        p.push_back({"mindmappings",
                     "Mind Mappings' 256-PE accelerator (16 x 16): 64 KB L1 per PE, 512 KB L2, 16-bit words, "
                     "NoC 48 elements/cycle, the paper's access energies",
                     a});
    }
    p.push_back({"eyeriss-like",
                 "Eyeriss (Chen et al., JSSC 2017, Table IV and Sec. V-C): 168 PEs (12 x 14), 108 KB global "
                 "buffer, 16-bit words, 200 MHz core clock as measured. Departures: the chip's three scratchpads per "
                 "PE (filter 224, input 12, partial sums 24 words: 520 B) are one 512 B L1, as MAESTRO's model has one "
                 "buffer per PE; the NoC (64 words/cycle) and off-chip (16 words/cycle) bandwidths are this preset's, "
                 "not the chip's",
                 make("eyeriss-like", 12, 14, 512, 110592, 64, 16, 2, 200)});
    p.push_back({"nvdla-like",
                 "NVDLA with 1,024 MACs (64 input x 16 output channels) and a 512 KB convolution buffer, 8-bit "
                 "words, 1 GHz: NAAS's NVDLA-1024 configuration (Lin et al., NAAS). Departure: NVDLA's MACs take their "
                 "operands from the convolution buffer through registers; the 64 B L1 per PE stands for those "
                 "registers (this preset's figure, not NVDLA's)",
                 make("nvdla-like", 16, 64, 64, 524288, 256, 64, 1, 1000)});
    p.push_back({"nvdla256-like",
                 "NVDLA with 256 MACs (16 input x 16 output channels) and a 128 KB convolution buffer (the size of "
                 "NVDLA's small configuration), 8-bit words, 1 GHz: NAAS's NVDLA-256 configuration. Departure: the "
                 "64 B L1 per PE stands for the MACs' operand registers (this preset's figure)",
                 make("nvdla256-like", 16, 16, 64, 131072, 64, 32, 1, 1000)});
    p.push_back({"shidiannao-like",
                 "ShiDianNao (Du et al., ISCA 2015): 64 PEs (8 x 8), 256 KB of on-chip buffers (NBin, NBout, SB) "
                 "as the L2, 16-bit words, 1 GHz. Departure: its PEs hold a few registers and FIFOs that pass inputs "
                 "to neighbours, not a scratchpad; the 64 B L1 per PE is this preset's, and MAESTRO's model, which "
                 "holds a filter window in a PE, maps most 3x3 layers only through the least-footprint mapping",
                 make("shidiannao-like", 8, 8, 64, 262144, 64, 8, 2, 1000)});
    p.push_back({"edgetpu-like",
                 "Edge TPU-sized: 4 TOPS of 8-bit arithmetic (Coral's figure) as 4,096 MACs (64 x 64) at 500 MHz, "
                 "8 MB of on-chip memory as commonly reported. Departure: Google has not published the array, clock "
                 "or buffers; the array and clock are what 4 TOPS implies, the 64 B L1 per PE is this preset's",
                 make("edgetpu-like", 64, 64, 64, 8 * 1024 * 1024, 512, 64, 1, 500)});
    return p;
}

}  // namespace

const std::vector<AcceleratorPreset>& accelerator_presets() {
    static const std::vector<AcceleratorPreset> presets = build();
    return presets;
}

Accelerator accelerator_preset(const std::string& id) {
    for (const auto& p : accelerator_presets())
        if (p.id == id) return p.accelerator;
    std::string known;
    std::vector<std::string> ids;
    for (const auto& p : accelerator_presets()) {
        known += (known.empty() ? "" : ", ") + p.id;
        ids.push_back(p.id);
    }
    throw InputError({id, 0, 0}, "no accelerator preset called \"" + id + "\"" + did_you_mean(id, ids) + " (known: " + known +
                                     ", or an accelerator file: .json or a MAESTRO HW .m)");
}

Accelerator load_platform(const std::string& id_or_path) {
    for (const auto& p : accelerator_presets())
        if (p.id == id_or_path) return p.accelerator;
    if (id_or_path.find('/') == std::string::npos && id_or_path.find('.') == std::string::npos)
        return accelerator_preset(id_or_path);  // reports the known ids
    return load_accelerator_file(id_or_path, accelerator_preset("edge"));
}

}  // namespace mapscape
