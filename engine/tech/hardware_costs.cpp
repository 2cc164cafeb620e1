#include "tech/hardware_costs.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>

namespace mapscape {

namespace {

constexpr int kL2PortBits = 64;

int l1_port_bits(const Accelerator& acc) { return std::max(8, static_cast<int>(8 * acc.word_size_bytes)); }

struct CacheKey {
    // Held, not just compared: a technology freed while its costs are cached could have its
    // address reused by another (a technology file read again after an edit).
    std::shared_ptr<const Technology> tech;
    std::int64_t l1 = 0, l2 = 0, banks = 0, pes = 0, lanes = 0, word = 0, rows = 0;
    std::string dram;
    TensorPrecision precision;
    bool operator==(const CacheKey&) const = default;
};

struct CacheEntry {
    CacheKey key;
    HardwareCosts costs;
};

// The PE array's rows and columns: the hierarchy's first two levels when it has them, else as
// square as the PE count allows.
std::pair<double, double> array_shape(const Accelerator& acc) {
    if (acc.pe_hierarchy.size() >= 2) {
        double cols = 1;
        for (std::size_t i = 1; i < acc.pe_hierarchy.size(); ++i) cols *= static_cast<double>(acc.pe_hierarchy[i]);
        return {static_cast<double>(acc.pe_hierarchy[0]), cols};
    }
    const double side = std::sqrt(static_cast<double>(acc.num_pes));
    return {side, side};
}

HardwareCosts resolve(const Accelerator& acc, const TensorPrecision& p) {
    const Technology& t = *acc.physical_technology;
    HardwareCosts c;
    const NumberFormat formats[3] = {p.input, p.weight, p.output};
    for (int k = 0; k < 3; ++k) c.element_bits[static_cast<std::size_t>(k)] = element_bits(formats[k], acc);

    // The MAC: the wider operand's format (floating point over integer at equal width).
    NumberFormat operand = p.input;
    if (format_bits(p.weight) > format_bits(operand) ||
        (format_bits(p.weight) == format_bits(operand) && is_floating_point(p.weight)))
        operand = p.weight;
    if (operand == NumberFormat::Unspecified) operand = format_of_word(acc.word_size_bytes);
    const MacFigures* mac = t.mac_for(operand);
    if (!mac) throw std::logic_error("technology \"" + t.name + "\" lists no MAC");
    c.mac_format = mac->format;
    c.mac_nj = mac->energy_pj() / 1000.0;

    c.l1_port_bits = l1_port_bits(acc);
    c.l2_port_bits = kL2PortBits;
    c.l1_access = t.register_file.at(static_cast<double>(acc.l1_size_bytes), c.l1_port_bits);
    c.l2_access = t.sram.at(static_cast<double>(acc.l2_size_bytes), c.l2_port_bits, static_cast<int>(acc.l2_banks));

    const double pes = static_cast<double>(acc.num_pes);
    c.mac_area_um2 = mac->area_um2() * pes * static_cast<double>(acc.simd_lanes);
    c.l1_area_um2 = c.l1_access.area_um2 * pes;
    c.l2_area_um2 = c.l2_access.area_um2;
    c.l1_leakage_mw = c.l1_access.leakage_mw * pes;
    c.l2_leakage_mw = c.l2_access.leakage_mw;
    c.logic_leakage_mw = t.logic_leakage_mw_per_mm2 * c.mac_area_um2 * 1e-6;

    const double pe_pitch_mm = std::sqrt((c.mac_area_um2 + c.l1_area_um2) / pes) * 1e-3;
    const auto [rows, cols] = array_shape(acc);
    c.array_span_mm = (rows + cols) / 2.0 * pe_pitch_mm;

    c.dram = t.dram(acc.dram_type.empty() ? t.default_dram : acc.dram_type);
    if (!c.dram) c.dram = t.dram(t.default_dram);
    const double dram_pj_per_bit = c.dram ? c.dram->energy_pj_per_bit : 0.0;
    for (std::size_t k = 0; k < 3; ++k) {
        const double bits = c.element_bits[k];
        c.l1_read_nj[k] = c.l1_access.read_pj * bits / c.l1_port_bits / 1000.0;
        c.l1_write_nj[k] = c.l1_access.write_pj * bits / c.l1_port_bits / 1000.0;
        c.l2_read_nj[k] = c.l2_access.read_pj * bits / c.l2_port_bits / 1000.0;
        c.l2_write_nj[k] = c.l2_access.write_pj * bits / c.l2_port_bits / 1000.0;
        c.dram_nj[k] = dram_pj_per_bit * bits / 1000.0;
        c.noc_nj[k] = t.noc_pj_per_bit_mm * c.array_span_mm * bits / 1000.0;
    }
    return c;
}

}  // namespace

int element_bits(NumberFormat f, const Accelerator& acc) {
    const int bits = format_bits(f);
    return bits > 0 ? bits : static_cast<int>(8 * acc.word_size_bytes);
}

TensorPrecision effective_precision(const Layer& layer, const Accelerator& acc) {
    return with_defaults(layer.precision, uniform_precision(format_of_word(acc.word_size_bytes)));
}

AreaBreakdown technology_area(const Accelerator& acc, std::int64_t l1_bytes, std::int64_t l2_bytes) {
    const Technology& t = *acc.physical_technology;
    AreaBreakdown a;
    NumberFormat word = format_of_word(acc.word_size_bytes);
    if (word == NumberFormat::Unspecified) word = NumberFormat::Fp32;
    const MacFigures* mac = t.mac_for(word);
    const double pes = static_cast<double>(acc.num_pes);
    a.pes_um2 = mac ? mac->area_um2() * pes * static_cast<double>(acc.simd_lanes) : 0.0;
    a.l1_um2 = t.register_file.at(static_cast<double>(std::max<std::int64_t>(1, l1_bytes)), l1_port_bits(acc)).area_um2 * pes;
    a.l2_um2 = t.sram.at(static_cast<double>(std::max<std::int64_t>(1, l2_bytes)), kL2PortBits, static_cast<int>(acc.l2_banks)).area_um2;
    return a;
}

const HardwareCosts& hardware_costs(const Accelerator& acc, const TensorPrecision& precision) {
    thread_local std::array<CacheEntry, 8> entries;
    thread_local std::size_t next = 0;
    const std::int64_t rows = acc.pe_hierarchy.empty() ? 0 : acc.pe_hierarchy[0];
    // Compared field by field first (no string built) in the common case of a hit.
    for (auto& e : entries)
        if (e.key.tech == acc.physical_technology && e.key.l1 == acc.l1_size_bytes && e.key.l2 == acc.l2_size_bytes &&
            e.key.banks == acc.l2_banks && e.key.pes == acc.num_pes && e.key.lanes == acc.simd_lanes &&
            e.key.word == acc.word_size_bytes && e.key.rows == rows && e.key.precision == precision &&
            e.key.dram == acc.dram_type)
            return e.costs;
    CacheEntry& e = entries[next];
    next = (next + 1) % entries.size();
    e.key = {acc.physical_technology, acc.l1_size_bytes, acc.l2_size_bytes, acc.l2_banks, acc.num_pes, acc.simd_lanes,
             acc.word_size_bytes, rows, acc.dram_type, precision};
    e.costs = resolve(acc, precision);
    return e.costs;
}

}  // namespace mapscape
