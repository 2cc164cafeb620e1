#include "naas/naas_encoding.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>


namespace mapscape {

namespace {

bool filter_role(DimRole r) { return r == DimRole::FilterRow || r == DimRole::FilterCol; }

double clip(double v) { return std::isfinite(v) ? std::clamp(v, 0.0, 1.0) : 0.0; }

std::int64_t on_stride(double value, std::int64_t stride) {
    return std::max<std::int64_t>(stride, static_cast<std::int64_t>(std::llround(value / static_cast<double>(stride))) * stride);
}

// The divisor of n nearest to `target` in log terms.
std::int64_t divisor_near(std::int64_t n, double target) {
    std::int64_t best = 1;
    double best_gap = std::numeric_limits<double>::infinity();
    for (std::int64_t d = 1; d * d <= n; ++d) {
        if (n % d) continue;
        for (const std::int64_t c : {d, n / d}) {
            const double gap = std::abs(std::log(static_cast<double>(c)) - std::log(std::max(1.0, target)));
            if (gap < best_gap) best = c, best_gap = gap;
        }
    }
    return best;
}

// Splits the PE count into `levels` exact factors, outermost first, near the genes' shares of
// log n: the outer dimension takes share0, the middle share1 of the rest (three levels).
std::array<std::int64_t, kNaasMaxLevels> array_shape(std::int64_t n, int levels, double share0, double share1) {
    std::array<std::int64_t, kNaasMaxLevels> dims{n, 1, 1};
    const double log_n = std::log(static_cast<double>(n));
    if (levels == 2) {
        dims[1] = divisor_near(n, std::exp((1.0 - share0) * log_n));
        dims[0] = n / dims[1];
    } else if (levels == 3) {
        dims[2] = divisor_near(n, std::exp((1.0 - share0) * (1.0 - share1) * log_n));
        dims[1] = divisor_near(n / dims[2], std::exp((1.0 - share0) * share1 * log_n));
        dims[0] = n / dims[2] / dims[1];
    }
    return dims;
}

}  // namespace

std::string_view encoding_name(NaasEncoding e) { return e == NaasEncoding::Importance ? "importance" : "index"; }

std::optional<NaasEncoding> parse_encoding(std::string_view text) {
    if (text == "importance") return NaasEncoding::Importance;
    if (text == "index") return NaasEncoding::Index;
    return std::nullopt;
}

std::string NaasHardware::describe() const {
    std::string s;
    for (int k = 0; k < levels; ++k) s += (k ? " x " : "") + std::to_string(dims[static_cast<std::size_t>(k)]);
    s += " (";
    for (int k = 0; k < levels; ++k) s += (k ? " | " : "") + std::string(role_name(parallel[static_cast<std::size_t>(k)]));
    return s + "), L1 " + std::to_string(l1_bytes) + " B, L2 " + std::to_string(l2_bytes) + " B";
}

const std::vector<std::array<DimRole, kNaasMaxLevels>>& connectivity_choices(int levels) {
    static const auto lists = [] {
        std::array<std::vector<std::array<DimRole, kNaasMaxLevels>>, kNaasMaxLevels + 1> all;
        for (int k = 1; k <= kNaasMaxLevels; ++k) {
            std::array<int, kNaasMaxLevels> pick{};
            // Every ordered k-tuple of distinct roles whose outermost is not a filter role.
            const auto recurse = [&](auto&& self, int level) -> void {
                if (level == k) {
                    std::array<DimRole, kNaasMaxLevels> c{DimRole::Out, DimRole::In, DimRole::Row};
                    for (int i = 0; i < k; ++i) c[static_cast<std::size_t>(i)] = kNaasRoles[static_cast<std::size_t>(pick[static_cast<std::size_t>(i)])];
                    all[static_cast<std::size_t>(k)].push_back(c);
                    return;
                }
                for (int r = 0; r < 6; ++r) {
                    if (level == 0 && filter_role(kNaasRoles[static_cast<std::size_t>(r)])) continue;
                    if (std::find(pick.begin(), pick.begin() + level, r) != pick.begin() + level) continue;
                    pick[static_cast<std::size_t>(level)] = r;
                    self(self, level + 1);
                }
            };
            recurse(recurse, 0);
        }
        return all;
    }();
    return lists[static_cast<std::size_t>(std::clamp(levels, 1, kNaasMaxLevels))];
}

std::int64_t naas_pe_stride(const NaasResources& resources) { return resources.max_pes >= 8 ? 8 : 1; }

std::vector<std::int64_t> naas_pe_counts(const NaasResources& resources) {
    const std::int64_t stride = naas_pe_stride(resources);
    std::vector<std::int64_t> counts;
    for (std::int64_t n = stride; n <= resources.max_pes; n += stride) counts.push_back(n);
    if (counts.empty() || counts.back() != resources.max_pes) counts.push_back(std::max<std::int64_t>(1, resources.max_pes));
    return counts;
}

std::optional<NaasHardware> decode_hardware(const std::vector<double>& genes, const NaasResources& resources,
                                            const NaasDecodeOptions& options, std::int64_t least_l1_bytes) {
    std::array<double, kNaasHardwareGenes> g{};
    for (std::size_t i = 0; i < g.size() && i < genes.size(); ++i) g[i] = clip(genes[i]);
    NaasHardware hw;
    const MapSpace& native = resources.baseline.map_space;
    const std::int64_t pes = std::min(resources.max_pes, on_stride(g[0] * static_cast<double>(resources.max_pes), naas_pe_stride(resources)));
    if (options.sizing_only && !native.flexible()) {
        hw.levels = static_cast<int>(std::min<std::size_t>(native.levels.size(), kNaasMaxLevels));
    } else {
        hw.levels = std::min(kNaasMaxLevels, 1 + static_cast<int>(g[1] * kNaasMaxLevels));
    }
    hw.dims = array_shape(pes, hw.levels, g[2], g[3]);
    // Buffers on a 16-byte stride: L1 a share of what the memory allows per PE, L2 a share of it all.
    const double per_pe = static_cast<double>(resources.max_sram_bytes) / static_cast<double>(hw.num_pes());
    hw.l1_bytes = on_stride(g[4] * per_pe, 16);
    hw.l2_bytes = on_stride(g[5] * static_cast<double>(resources.max_sram_bytes), 16);

    if (options.sizing_only && !native.flexible()) {
        for (int k = 0; k < hw.levels; ++k) {
            const auto& allowed = native.levels[static_cast<std::size_t>(k)].parallel;
            hw.parallel[static_cast<std::size_t>(k)] = allowed.empty() ? kNaasRoles[static_cast<std::size_t>(k)] : allowed.front();
        }
    } else if (options.encoding == NaasEncoding::Index) {
        const auto& choices = connectivity_choices(hw.levels);
        const auto at = std::min(choices.size() - 1, static_cast<std::size_t>(g[6] * static_cast<double>(choices.size())));
        hw.parallel = choices[at];
    } else {
        std::array<int, 6> order{};
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
            return g[static_cast<std::size_t>(6 + a)] > g[static_cast<std::size_t>(6 + b)];
        });
        // The outermost level takes the most important dimension that is not a filter's.
        const auto outer = std::find_if(order.begin(), order.end(), [](int r) { return !filter_role(kNaasRoles[static_cast<std::size_t>(r)]); });
        std::rotate(order.begin(), outer, outer + 1);
        for (int k = 0; k < hw.levels; ++k) hw.parallel[static_cast<std::size_t>(k)] = kNaasRoles[static_cast<std::size_t>(order[static_cast<std::size_t>(k)])];
    }
    if (hw.num_pes() > resources.max_pes || hw.sram_bytes() > resources.max_sram_bytes || hw.l1_bytes < least_l1_bytes)
        return std::nullopt;
    return hw;
}

std::vector<double> encode_hardware(const NaasHardware& hw, const NaasResources& resources, const NaasDecodeOptions& options) {
    std::vector<double> g(kNaasHardwareGenes, 0.5);
    const auto n = static_cast<double>(hw.num_pes());
    g[0] = n / static_cast<double>(std::max<std::int64_t>(1, resources.max_pes));
    g[1] = (static_cast<double>(hw.levels) - 0.5) / kNaasMaxLevels;
    // The shape genes are shares of log n (array_shape): the inner dimensions' logs over it.
    const double log_n = std::log(std::max(2.0, n));
    const double log1 = std::log(static_cast<double>(hw.dims[1])), log2 = std::log(static_cast<double>(hw.dims[2]));
    if (hw.levels == 2) {
        g[2] = 1.0 - log1 / log_n;
    } else if (hw.levels == 3) {
        g[2] = 1.0 - (log1 + log2) / log_n;
        g[3] = log1 + log2 > 0 ? log1 / (log1 + log2) : 0.5;
    }
    const double per_pe = static_cast<double>(resources.max_sram_bytes) / std::max(1.0, n);
    g[4] = static_cast<double>(hw.l1_bytes) / per_pe;
    g[5] = static_cast<double>(hw.l2_bytes) / static_cast<double>(std::max<std::int64_t>(1, resources.max_sram_bytes));
    if (options.encoding == NaasEncoding::Index) {
        const auto& choices = connectivity_choices(hw.levels);
        const auto at = std::find(choices.begin(), choices.end(), hw.parallel);
        g[6] = (static_cast<double>(at - choices.begin()) + 0.5) / static_cast<double>(choices.size());
    } else {
        // The parallel dimensions most important, outermost first; the others least.
        for (std::size_t r = 0; r < kNaasRoles.size(); ++r) g[6 + r] = 0.1;
        for (int k = 0; k < hw.levels; ++k) {
            const auto r = std::find(kNaasRoles.begin(), kNaasRoles.end(), hw.parallel[static_cast<std::size_t>(k)]) - kNaasRoles.begin();
            g[6 + static_cast<std::size_t>(r)] = 0.9 - 0.1 * k;
        }
    }
    for (double& v : g) v = clip(v);
    return g;
}

Accelerator naas_accelerator(const NaasHardware& hw, const NaasResources& resources) {
    Accelerator a = resources.baseline;
    a.name = "naas";
    a.num_pes = hw.num_pes();
    a.pe_hierarchy.assign(hw.dims.begin(), hw.dims.begin() + hw.levels);
    a.l1_size_bytes = hw.l1_bytes;
    a.l2_size_bytes = hw.l2_bytes;
    a.map_space.style = "custom";
    a.map_space.levels.assign(static_cast<std::size_t>(hw.levels), LevelFlexibility{});
    for (int k = 0; k < hw.levels; ++k) {
        LevelFlexibility& level = a.map_space.levels[static_cast<std::size_t>(k)];
        level.parallel = {hw.parallel[static_cast<std::size_t>(k)]};
        if (k > 0) level.cluster_size = hw.dims[static_cast<std::size_t>(k)];
    }
    return a;
}

}  // namespace mapscape
