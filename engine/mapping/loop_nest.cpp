#include "mapping/loop_nest.hpp"

#include <algorithm>

#include "mapping/random_mapping.hpp"

namespace mapscape {

namespace {

std::int64_t extent_of(const Layer& layer, Dim d) {
    if (d == Dim::Yo || d == Dim::Xo) return mappable_size(layer, d);
    return analysed_form(layer).size(d);
}

std::int64_t steps_of(std::int64_t extent, std::int64_t size, std::int64_t offset) {
    if (extent <= size) return 1;
    return (extent - size + offset - 1) / offset + 1;
}

}  // namespace

LoopNest build_loop_nest(const Layer& layer, const Accelerator& acc, const Mapping& m) {
    LoopNest nest;
    if (m.empty()) {
        nest.error = "the mapping has no directives";
        return nest;
    }
    std::int64_t clusters = 1;
    for (const Directive& d : m.directives)
        if (d.kind == DirectiveKind::Cluster) clusters *= std::max<std::int64_t>(1, d.size);
    nest.units_per_level.push_back(std::max<std::int64_t>(1, acc.num_pes / clusters));
    for (const Directive& d : m.directives)
        if (d.kind == DirectiveKind::Cluster) nest.units_per_level.push_back(std::max<std::int64_t>(1, d.size));

    std::vector<std::pair<Dim, std::int64_t>> extent;  // per dimension, the first tile at this level
    auto current = [&](Dim d) {
        for (const auto& [dim, e] : extent)
            if (dim == d) return e;
        return extent_of(layer, d);
    };
    std::vector<std::pair<Dim, std::int64_t>> next;
    int level = 0;
    for (const Directive& d : m.directives) {
        if (d.kind == DirectiveKind::Cluster) {
            for (const auto& [dim, e] : next) {
                auto it = std::find_if(extent.begin(), extent.end(), [&](const auto& p) { return p.first == dim; });
                if (it == extent.end()) extent.emplace_back(dim, e); else it->second = e;
            }
            next.clear();
            ++level;
            continue;
        }
        if (d.size < 1 || d.offset < 1) {
            nest.error = "a map has a size or offset below 1";
            return nest;
        }
        NestLoop loop;
        loop.level = level;
        loop.dim = d.dim;
        loop.spatial = d.kind == DirectiveKind::SpatialMap;
        loop.extent = current(d.dim);
        loop.size = d.size;
        loop.offset = d.offset;
        loop.steps = steps_of(loop.extent, d.size, d.offset);
        loop.units = loop.spatial ? nest.units_per_level[static_cast<std::size_t>(level)] : 1;
        loop.rounds = (loop.steps + loop.units - 1) / loop.units;
        nest.loops.push_back(loop);
        next.emplace_back(d.dim, std::min(loop.extent, d.size));
    }
    for (std::int64_t u : nest.units_per_level) nest.pe_count *= u;
    for (const NestLoop& l : nest.loops) {
        nest.time_steps *= l.rounds;
        if (nest.time_steps > (std::int64_t{1} << 40)) {
            nest.error = "more than 2^40 time steps";
            return nest;
        }
    }
    return nest;
}

std::string loop_nest_text(const LoopNest& nest) {
    if (!nest.error.empty()) return "// " + nest.error + "\n";
    std::string out;
    int depth = 0, level = -1;
    auto indent = [&] { return std::string(static_cast<std::size_t>(2 * depth), ' '); };
    for (const NestLoop& l : nest.loops) {
        if (l.level != level) {
            level = l.level;
            out += indent() + "// cluster level " + std::to_string(level) + ": " +
                   std::to_string(nest.units_per_level[static_cast<std::size_t>(level)]) + " sub-unit(s)\n";
        }
        const std::string name(dim_name(l.dim));
        const std::string var = name + std::to_string(l.level);
        // "tiles of 18" when the tiles follow each other, "tiles of 3, step 1" when they overlap
        // (a sliding window) or skip.
        const std::string tile = "tiles of " + std::to_string(l.size) + (l.offset != l.size ? ", step " + std::to_string(l.offset) : "");
        // Each loop's comment on the line above it, at its indent, and short: the lines fit the
        // teaching view's pane however deep the nest.
        if (l.spatial) {
            if (l.rounds > 1) {
                out += indent() + "// " + name + ": " + std::to_string(l.steps) + " tiles, " + std::to_string(l.units) + " units a round\n";
                out += indent() + "for " + var + "_round in 0.." + std::to_string(l.rounds - 1) + ":\n";
                ++depth;
            }
            // (The count is on the rounds' line above when there are rounds.)
            out += indent() + "// " + name + ": " + (l.rounds > 1 ? std::string() : std::to_string(l.steps) + " ") + tile + ", a unit each\n";
            out += indent() + "parallel for " + var + " in " + std::to_string(std::min(l.steps, l.units)) + " units:\n";
        } else {
            out += indent() + "// " + name + ": " + std::to_string(l.extent) + " in " + tile + "\n";
            out += indent() + "for " + var + " in 0.." + std::to_string(l.steps - 1) + ":\n";
        }
        ++depth;
    }
    out += indent() + "// a MAC per tile element\n";
    out += indent() + "mac()\n";
    return out;
}

std::vector<PeView> pes_at_step(const Layer& layer, const LoopNest& nest, std::int64_t step) {
    std::vector<PeView> pes(static_cast<std::size_t>(std::max<std::int64_t>(0, nest.pe_count)));
    if (!nest.error.empty() || nest.loops.empty()) return pes;
    // Mixed-radix digits of the step, innermost loop fastest.
    std::vector<std::int64_t> round(nest.loops.size());
    std::int64_t rest = std::clamp<std::int64_t>(step, 0, nest.time_steps - 1);
    for (std::size_t i = nest.loops.size(); i-- > 0;) {
        round[i] = rest % nest.loops[i].rounds;
        rest /= nest.loops[i].rounds;
    }
    const std::size_t levels = nest.units_per_level.size();
    std::vector<std::int64_t> unit(levels);
    for (std::int64_t pe = 0; pe < nest.pe_count; ++pe) {
        std::int64_t r = pe;
        for (std::size_t k = levels; k-- > 0;) {
            unit[k] = r % nest.units_per_level[k];
            r /= nest.units_per_level[k];
        }
        // Start and length of each dimension, narrowed level by level.
        std::vector<std::pair<Dim, std::pair<std::int64_t, std::int64_t>>> range;
        auto find = [&](Dim d) -> std::pair<std::int64_t, std::int64_t>& {
            for (auto& [dim, v] : range)
                if (dim == d) return v;
            range.push_back({d, {0, extent_of(layer, d)}});
            return range.back().second;
        };
        bool active = true;
        for (std::size_t i = 0; i < nest.loops.size(); ++i) {
            const NestLoop& l = nest.loops[i];
            auto& [first, count] = find(l.dim);
            const std::int64_t tile = l.spatial ? round[i] * l.units + unit[static_cast<std::size_t>(l.level)] : round[i];
            if (tile >= l.steps) {
                active = false;
                break;
            }
            const std::int64_t start = tile * l.offset;
            const std::int64_t length = std::min(l.size, count - start);
            if (length <= 0) {
                active = false;
                break;
            }
            first += start;
            count = length;
        }
        PeView& v = pes[static_cast<std::size_t>(pe)];
        v.active = active;
        if (active)
            for (const auto& [d, fc] : range) v.ranges.push_back({d, fc.first, fc.second});
    }
    return pes;
}

std::string describe_ranges(const std::vector<DimRange>& ranges) {
    std::string out;
    for (const DimRange& r : ranges) {
        if (!out.empty()) out += ", ";
        out += std::string(dim_name(r.dim)) + " " + std::to_string(r.first);
        if (r.count > 1) out += "-" + std::to_string(r.first + r.count - 1);
    }
    return out;
}

TensorSlices tensor_slices(const Layer& layer, const std::vector<DimRange>& ranges) {
    const Layer l = analysed_form(layer);
    auto get = [&](Dim d) -> DimRange {
        for (const DimRange& r : ranges)
            if (r.dim == d) return r;
        return {d, 0, d == Dim::Yo || d == Dim::Xo ? mappable_size(l, d) : l.size(d)};
    };
    auto text = [](const DimRange& r, const char* name) {
        std::string s = std::string("[") + name + " " + std::to_string(r.first);
        if (r.count > 1) s += "-" + std::to_string(r.first + r.count - 1);
        return s + "]";
    };
    auto has = [&](Dim d) {
        for (const DimRange& r : ranges)
            if (r.dim == d) return true;
        return false;
    };
    TensorSlices t;
    if (l.type == LayerType::Gemm) {
        t.output = "output" + text(get(Dim::M), "M") + text(get(Dim::N), "N");
        t.weight = "weight" + text(get(Dim::K), "K") + text(get(Dim::N), "N");
        t.input = "input" + text(get(Dim::M), "M") + text(get(Dim::K), "K");
        return t;
    }
    // Output rows and input rows, whichever way the mapping names them.
    auto rows = [&](Dim input, Dim output, Dim filter) -> std::pair<DimRange, DimRange> {
        const DimRange f = get(filter);
        if (has(input) && !has(output)) {
            const DimRange in = get(input);
            return {{output, in.first, std::max<std::int64_t>(1, in.count - f.count + 1)}, in};
        }
        const DimRange out = get(output);
        return {out, {input, out.first + f.first, out.count + f.count - 1}};
    };
    const auto [out_rows, in_rows] = rows(Dim::Y, Dim::Yo, Dim::R);
    const auto [out_cols, in_cols] = rows(Dim::X, Dim::Xo, Dim::S);
    const bool depthwise = l.type == LayerType::DepthwiseConv;
    t.output = "output" + (depthwise ? text(get(Dim::C), "C") : text(get(Dim::K), "K")) + text(out_rows, "Y'") + text(out_cols, "X'");
    t.weight = "weight" + (depthwise ? std::string() : text(get(Dim::K), "K")) + text(get(Dim::C), "C") + text(get(Dim::R), "R") +
               text(get(Dim::S), "S");
    t.input = "input" + text(get(Dim::C), "C") + text(in_rows, "Y") + text(in_cols, "X");
    return t;
}

}  // namespace mapscape
