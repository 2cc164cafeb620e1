#include "search/fixed_dataflow.hpp"

#include <algorithm>
#include <cmath>

#include "cost/evaluate.hpp"
#include "mapping/random_mapping.hpp"

namespace mapscape {

namespace {

struct DataflowName {
    FixedDataflow dataflow;
    std::string_view name;
};

constexpr DataflowName kDataflowNames[] = {
    {FixedDataflow::Nvdla, "nvdla"},   {FixedDataflow::Eyeriss, "eyeriss"}, {FixedDataflow::ShiDianNao, "shidiannao"},
    {FixedDataflow::KcpWs, "kcp_ws"},  {FixedDataflow::XpWs, "xp_ws"},      {FixedDataflow::YxpOs, "yxp_os"},
    {FixedDataflow::Rs, "rs"},         {FixedDataflow::Nlr, "nlr"},
};

// The roles a style's directives are written in; see the header for how layers fill them.
enum class Role { Out, In, Row, Col, FilterRow, FilterCol };
enum class Knob { OutTile, InTile, RowTile, ColTile };

struct Roles {
    std::optional<Dim> dim[6];
    std::int64_t full[6] = {1, 1, 1, 1, 1, 1};  // outputs' extent for Row/Col
    bool window = false;                         // rows/cols are input-centric sliding windows
    std::int64_t filter[2] = {1, 1};             // R, S

    std::optional<Dim> of(Role r) const { return dim[static_cast<int>(r)]; }
    std::int64_t extent(Role r) const { return full[static_cast<int>(r)]; }
};

Roles roles_of(const Layer& layer) {
    const Layer l = analysed_form(layer);
    Roles r;
    auto set = [&](Role role, Dim d, std::int64_t extent) {
        r.dim[static_cast<int>(role)] = d;
        r.full[static_cast<int>(role)] = std::max<std::int64_t>(1, extent);
    };
    if (l.type == LayerType::Gemm) {
        set(Role::Out, Dim::N, l.size(Dim::N));
        set(Role::In, Dim::K, l.size(Dim::K));
        set(Role::Row, Dim::M, l.size(Dim::M));
        return r;
    }
    if (l.type != LayerType::DepthwiseConv) set(Role::Out, Dim::K, l.size(Dim::K));
    set(Role::In, Dim::C, l.size(Dim::C));
    r.window = l.has(Dim::Y) && l.has(Dim::X);
    set(Role::Row, r.window ? Dim::Y : Dim::Yo, mappable_size(l, Dim::Yo));
    set(Role::Col, r.window ? Dim::X : Dim::Xo, mappable_size(l, Dim::Xo));
    set(Role::FilterRow, Dim::R, l.size(Dim::R));
    set(Role::FilterCol, Dim::S, l.size(Dim::S));
    r.filter[0] = std::max<std::int64_t>(1, l.size(Dim::R));
    r.filter[1] = std::max<std::int64_t>(1, l.size(Dim::S));
    return r;
}

// Writes a style's directives, skipping roles the layer does not have.
class Builder {
public:
    explicit Builder(const Layer& layer) : roles_(roles_of(layer)) {
        const Layer l = analysed_form(layer);
        for (Dim d : {Dim::G, Dim::N})  // one group, one sample at a time
            if (l.has(d) && !(l.type == LayerType::Gemm && d == Dim::N)) m_.directives.push_back(Directive::temporal(d, 1, 1));
    }

    // size = offset = t (whole extent at most).
    Builder& tile(Role r, DirectiveKind k, std::int64_t t) {
        const auto d = roles_.of(r);
        if (!d) return *this;
        if (r == Role::Row || r == Role::Col) return window(r, k, t);
        t = std::clamp<std::int64_t>(t, 1, roles_.extent(r));
        m_.directives.push_back({k, *d, t, t, ClusterKind::Physical});
        return *this;
    }
    Builder& temporal(Role r, std::int64_t t) { return tile(r, DirectiveKind::TemporalMap, t); }
    Builder& spatial(Role r, std::int64_t t) { return tile(r, DirectiveKind::SpatialMap, t); }
    Builder& whole(Role r) { return temporal(r, roles_.extent(r)); }
    // The row-stationary diagonal: each sub-cluster takes one row (column) of the window beside
    // one filter row (column). MAESTRO's files write the line as one output's window ("SpatialMap
    // (Sz(R),1) Y"), which its model reads as intended; the faithful analysis reads that as the
    // whole window for every sub-cluster (each would skip or repeat outputs), so there the map is
    // one input line.
    Builder& line_beside_filter(Role line, Role filter, AnalysisMode analysis) {
        const auto d = roles_.of(line);
        if (!d || analysis != AnalysisMode::Faithful)
            spatial(line, 1);
        else
            m_.directives.push_back({DirectiveKind::SpatialMap, *d, 1, 1, ClusterKind::Physical});
        return spatial(filter, 1);
    }
    Builder& cluster(std::int64_t n) {
        m_.directives.push_back(Directive::cluster(std::max<std::int64_t>(1, n)));
        return *this;
    }
    Mapping done() { return std::move(m_); }

private:
    // t output rows (columns) per step; input-centric maps cover the filter window as MAESTRO's
    // example files write them (size R + t - 1, offset t; MAESTRO applies the stride).
    Builder& window(Role r, DirectiveKind k, std::int64_t t) {
        const Dim d = *roles_.of(r);
        t = std::clamp<std::int64_t>(t, 1, roles_.extent(r));
        const std::int64_t size = roles_.window ? t + roles_.filter[r == Role::Row ? 0 : 1] - 1 : t;
        m_.directives.push_back({k, d, size, t, ClusterKind::Physical});
        return *this;
    }

    Roles roles_;
    Mapping m_;
};

std::vector<Knob> knobs_of(FixedDataflow f, const Layer& layer) {
    if (analysed_form(layer).type == LayerType::DepthwiseConv) return {Knob::RowTile, Knob::ColTile};
    switch (f) {
        case FixedDataflow::Nvdla:
        case FixedDataflow::KcpWs: return {Knob::RowTile, Knob::ColTile};
        case FixedDataflow::Eyeriss: return {Knob::OutTile, Knob::InTile, Knob::ColTile};
        case FixedDataflow::ShiDianNao:
        case FixedDataflow::YxpOs:
        case FixedDataflow::Rs: return {Knob::OutTile, Knob::InTile};
        case FixedDataflow::XpWs: return {Knob::OutTile, Knob::InTile, Knob::RowTile};
        case FixedDataflow::Nlr: return {Knob::OutTile, Knob::RowTile, Knob::ColTile};
    }
    return {};
}

Role role_of(Knob k) {
    switch (k) {
        case Knob::OutTile: return Role::Out;
        case Knob::InTile: return Role::In;
        case Knob::RowTile: return Role::Row;
        case Knob::ColTile: return Role::Col;
    }
    return Role::Out;
}

std::int64_t row_length(const Accelerator& acc) { return std::min(acc.num_pes, fixed_row_length(acc)); }

}  // namespace

std::string_view dataflow_name(FixedDataflow f) {
    for (const DataflowName& n : kDataflowNames)
        if (n.dataflow == f) return n.name;
    return "nvdla";
}

std::optional<FixedDataflow> parse_dataflow(std::string_view name) {
    for (const DataflowName& n : kDataflowNames)
        if (n.name == name) return n.dataflow;
    return std::nullopt;
}

const std::vector<FixedDataflow>& all_dataflows() {
    static const std::vector<FixedDataflow> all = [] {
        std::vector<FixedDataflow> v;
        for (const DataflowName& n : kDataflowNames) v.push_back(n.dataflow);
        return v;
    }();
    return all;
}

std::vector<std::vector<std::int64_t>> fixed_dataflow_knobs(FixedDataflow f, const Layer& layer) {
    const Roles roles = roles_of(layer);
    std::vector<std::vector<std::int64_t>> out;
    for (Knob k : knobs_of(f, layer)) {
        const std::int64_t full = roles.of(role_of(k)) ? roles.extent(role_of(k)) : 1;
        std::vector<std::int64_t> values;
        for (std::int64_t v = 1; v < full; v *= 2) values.push_back(v);
        values.push_back(full);
        out.push_back(std::move(values));
    }
    return out;
}

Mapping fixed_dataflow_mapping(FixedDataflow f, const Layer& layer, const Accelerator& acc,
                               const std::vector<std::int64_t>& knobs) {
    auto knob = [&](std::size_t i) { return i < knobs.size() ? knobs[i] : 1; };
    Builder b(layer);
    const std::int64_t row = row_length(acc);
    if (analysed_form(layer).type == LayerType::DepthwiseConv) {
        // MAGMA's depthwise file: channels across the PEs, whole filters, output tiles.
        return b.spatial(Role::In, 1).temporal(Role::Row, knob(0)).temporal(Role::Col, knob(1))
            .whole(Role::FilterRow).whole(Role::FilterCol).done();
    }
    switch (f) {
        case FixedDataflow::Nvdla:  // K across the clusters, C across a cluster's PEs (MAGMA dla_f)
        case FixedDataflow::KcpWs: {  // the same structure in MAESTRO's kcp_ws example, clusters of 64
            const std::int64_t cl = f == FixedDataflow::Nvdla ? row : std::min<std::int64_t>(64, acc.num_pes);
            return b.spatial(Role::Out, 1).temporal(Role::In, cl).whole(Role::FilterRow).whole(Role::FilterCol)
                .temporal(Role::Row, knob(0)).temporal(Role::Col, knob(1))
                .cluster(cl)
                .spatial(Role::In, 1).temporal(Role::Row, knob(0)).temporal(Role::Col, knob(1))
                .whole(Role::FilterRow).whole(Role::FilterCol).done();
        }
        case FixedDataflow::Eyeriss: {
            // Row stationary: one output row per cluster, a cluster's PEs take one filter row
            // each (Y and R in parallel, MAGMA eye_2_f).
            const Roles roles = roles_of(layer);
            const std::int64_t r = roles.of(Role::FilterRow) ? roles.extent(Role::FilterRow) : 1;
            return b.temporal(Role::In, knob(1)).temporal(Role::Out, knob(0)).spatial(Role::Row, 1)
                .temporal(Role::Col, knob(2)).whole(Role::FilterRow).whole(Role::FilterCol)
                .cluster(r)
                .line_beside_filter(Role::Row, Role::FilterRow, acc.analysis).done();
        }
        case FixedDataflow::ShiDianNao:  // output rows across clusters, output columns across a cluster
        case FixedDataflow::YxpOs: {     // MAESTRO's yxp_os example, clusters of 8
            const std::int64_t cl = f == FixedDataflow::ShiDianNao ? row : std::min<std::int64_t>(8, acc.num_pes);
            return b.temporal(Role::Out, knob(0)).temporal(Role::In, knob(1)).spatial(Role::Row, 1)
                .temporal(Role::Col, cl)
                .cluster(cl)
                .spatial(Role::Col, 1).whole(Role::FilterRow).whole(Role::FilterCol).done();
        }
        case FixedDataflow::XpWs:  // output columns across all PEs, one level
            return b.temporal(Role::Out, knob(0)).temporal(Role::In, knob(1)).temporal(Role::Row, knob(2))
                .spatial(Role::Col, 1).whole(Role::FilterRow).whole(Role::FilterCol).done();
        case FixedDataflow::Rs: {
            // MAESTRO's rs example: rows across clusters of S PEs, each PE one input column and
            // one filter column.
            const Roles roles = roles_of(layer);
            const std::int64_t s = roles.of(Role::FilterCol) ? roles.extent(Role::FilterCol) : 1;
            return b.temporal(Role::Out, knob(0)).temporal(Role::In, knob(1)).whole(Role::FilterRow)
                .spatial(Role::Row, 1).temporal(Role::Col, 1)
                .cluster(s)
                .line_beside_filter(Role::Col, Role::FilterCol, acc.analysis).done();
        }
        case FixedDataflow::Nlr:  // no local reuse: input channels across all PEs
            return b.temporal(Role::Out, knob(0)).temporal(Role::Row, knob(1)).temporal(Role::Col, knob(2))
                .whole(Role::FilterRow).whole(Role::FilterCol).spatial(Role::In, 1).done();
    }
    return b.done();
}

std::vector<std::vector<std::int64_t>> fixed_dataflow_combinations(FixedDataflow f, const Layer& layer) {
    const auto candidates = fixed_dataflow_knobs(f, layer);
    std::int64_t combinations = 1;
    for (const auto& c : candidates) combinations *= static_cast<std::int64_t>(c.size());
    std::vector<std::vector<std::int64_t>> out;
    out.reserve(static_cast<std::size_t>(combinations));
    std::vector<std::size_t> index(candidates.size(), 0);
    for (std::int64_t n = 0; n < combinations; ++n) {
        std::vector<std::int64_t> values(candidates.size());
        for (std::size_t i = 0; i < candidates.size(); ++i) values[i] = candidates[i][index[i]];
        out.push_back(std::move(values));
        for (std::size_t i = candidates.size(); i-- > 0;) {  // odometer, last knob fastest
            if (++index[i] < candidates[i].size()) break;
            index[i] = 0;
        }
    }
    return out;
}

bool larger_tiles(const std::vector<std::int64_t>& a, const std::vector<std::int64_t>& b) {
    auto volume = [](const std::vector<std::int64_t>& knobs) {
        double v = 0;
        for (std::int64_t k : knobs) v += std::log(static_cast<double>(k));
        return v;
    };
    const double va = volume(a), vb = volume(b);
    return va > vb + 1e-9 || (std::abs(va - vb) <= 1e-9 && a > b);
}

SearchResult run_fixed_dataflow(const SearchProblem& problem, FixedDataflow f, SearchSink* sink, std::stop_token stop) {
    const std::vector<std::vector<std::int64_t>> knob_values = fixed_dataflow_combinations(f, problem.layer);
    SearchProblem all = problem;
    all.budget.samples = static_cast<std::int64_t>(knob_values.size());
    all.budget.seconds = 0;
    SearchDriver driver(all, sink, std::move(stop));

    std::vector<Mapping> batch;
    batch.reserve(knob_values.size());
    for (const auto& values : knob_values) batch.push_back(fixed_dataflow_mapping(f, problem.layer, problem.accelerator, values));
    std::vector<double> objectives;
    driver.evaluate(batch, objectives);

    // The largest fitting tiles.
    std::optional<std::size_t> chosen;
    for (std::size_t i = 0; i < batch.size(); ++i) {
        if (!std::isfinite(objectives[i])) continue;
        if (!chosen || larger_tiles(knob_values[i], knob_values[*chosen])) chosen = i;
    }
    SearchResult r = driver.finish();
    r.found = chosen.has_value();
    r.trace.clear();
    if (chosen) {
        r.best_mapping = batch[*chosen];
        r.best_objective = objectives[*chosen];
        r.best_report = evaluate(problem.layer, problem.accelerator, r.best_mapping, ReportDetail::Full);
    } else {
        r.best_mapping = {};
        r.best_report = {};
        r.best_objective = std::numeric_limits<double>::infinity();
    }
    r.trace.emplace_back(r.samples, r.best_objective);
    return r;
}

}  // namespace mapscape
