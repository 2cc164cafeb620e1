#include "cost/maestro_results.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <stdexcept>

#include "util/diagnostic.hpp"
#include "util/text_file.hpp"

namespace mapscape {

namespace {

std::string trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return std::string(s);
}

std::vector<std::string> split_commas(std::string_view line) {
    std::vector<std::string> out;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= line.size(); ++i)
        if (i == line.size() || line[i] == ',') {
            out.push_back(trim(line.substr(start, i - start)));
            start = i + 1;
        }
    // MAESTRO ends rows with ", " before the newline: drop the empty last field.
    if (!out.empty() && out.back().empty()) out.pop_back();
    return out;
}

}  // namespace

double MaestroResultRow::value(const std::string& column) const {
    auto it = values.find(column);
    if (it == values.end()) throw std::out_of_range("no MAESTRO column \"" + column + "\"");
    return it->second;
}

std::vector<MaestroResultRow> parse_maestro_results(std::string_view text, const std::string& file) {
    std::vector<MaestroResultRow> rows;
    std::vector<std::string> header;
    int line_no = 0;
    std::size_t pos = 0;
    while (pos < text.size()) {
        const std::size_t end = std::min(text.find('\n', pos), text.size());
        const std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        ++line_no;
        if (trim(line).empty()) continue;
        auto fields = split_commas(line);
        if (header.empty()) {
            header = std::move(fields);
            if (header.size() < 3 || header[0] != "Neural Network Name")
                throw InputError({file, line_no, 1}, "not a MAESTRO result CSV (expected a header starting with \"Neural Network Name\")");
            continue;
        }
        if (fields.size() != header.size())
            throw InputError({file, line_no, 1}, "expected " + std::to_string(header.size()) +
                                                     " fields as in the header, found " + std::to_string(fields.size()));
        MaestroResultRow row;
        row.network = fields[0];
        row.layer = fields[1];
        for (std::size_t i = 2; i < fields.size(); ++i) {
            char* endp = nullptr;
            const double v = std::strtod(fields[i].c_str(), &endp);
            if (endp == fields[i].c_str()) {
                if (fields[i] == "-nan" || fields[i] == "nan" || fields[i] == "inf" || fields[i] == "-inf") {
                    row.values[header[i]] = std::nan("");
                    continue;
                }
                throw InputError({file, line_no, 0}, "field \"" + header[i] + "\" is not a number: '" + fields[i] + "'");
            }
            row.values[header[i]] = v;
        }
        rows.push_back(std::move(row));
    }
    if (header.empty()) throw InputError({file, 0, 0}, "empty MAESTRO result file");
    return rows;
}

std::vector<MaestroResultRow> read_maestro_results(const std::string& path) {
    return parse_maestro_results(read_text_file(path), path);
}

const std::vector<FidelityQuantity>& fidelity_quantities() {
    static const std::vector<FidelityQuantity> q = {
        {"runtime", "Runtime (Cycles)", [](const CostReport& r) { return double(r.runtime_cycles); }},
        {"L1 requirement", "L1 SRAM Size Req (Bytes)", [](const CostReport& r) { return double(r.l1_required_elements); }},
        {"L2 requirement", "L2 SRAM Size Req (Bytes)", [](const CostReport& r) { return double(r.l2_required_elements); }},
        {"input L2 read", "input l2 read", [](const CostReport& r) { return double(r.tensor(TensorRole::Input).l2_read); }},
        {"filter L2 read", "filter l2 read", [](const CostReport& r) { return double(r.tensor(TensorRole::Weight).l2_read); }},
        {"output L2 write", "output l2 write", [](const CostReport& r) { return double(r.tensor(TensorRole::Output).l2_write); }},
        {"input L1 read", "input l1 read", [](const CostReport& r) { return double(r.tensor(TensorRole::Input).l1_read); }},
        {"filter L1 read", "filter l1 read", [](const CostReport& r) { return double(r.tensor(TensorRole::Weight).l1_read); }},
        {"output L1 read", "output l1 read", [](const CostReport& r) { return double(r.tensor(TensorRole::Output).l1_read); }},
        {"MACs", "Num MACs", [](const CostReport& r) { return double(r.macs); }},
        {"peak NoC BW", "Peak BW Req", [](const CostReport& r) { return double(r.noc_bw_required); }},
        {"avg NoC BW", "Avg BW Req", [](const CostReport& r) { return r.avg_noc_bw_required; }},
        {"off-chip BW", "Offchip BW Req (Elements/cycle)", [](const CostReport& r) { return double(r.offchip_bw_required); }},
        {"utilized PEs", "Avg number of utilized PEs", [](const CostReport& r) { return r.avg_utilized_pes; }},
        {"area", "Area", [](const CostReport& r) { return r.area_um2; }},
        {"power", "Power", [](const CostReport& r) { return r.power_mw; }},
    };
    return q;
}

double relative_error(double ours, double theirs) {
    if (theirs == 0) return ours == 0 ? 0.0 : 1.0;
    return std::abs(ours - theirs) / std::abs(theirs);
}

void FidelityTally::add(const CostReport& ours, const MaestroResultRow& maestro) {
    ++layers_;
    for (const auto& q : fidelity_quantities()) {
        auto it = maestro.values.find(q.maestro_column);
        if (it == maestro.values.end() || std::isnan(it->second)) continue;
        errors_[q.name].push_back(relative_error(q.ours(ours), it->second));
    }
}

std::vector<FidelityTally::Summary> FidelityTally::summarize() const {
    std::vector<Summary> out;
    for (const auto& q : fidelity_quantities()) {
        auto it = errors_.find(q.name);
        if (it == errors_.end() || it->second.empty()) continue;
        std::vector<double> e = it->second;
        std::sort(e.begin(), e.end());
        Summary s;
        s.quantity = q.name;
        s.layers = e.size();
        s.median = e[e.size() / 2];
        s.worst = e.back();
        auto share = [&](double limit) {
            return static_cast<double>(std::count_if(e.begin(), e.end(), [&](double x) { return x <= limit; })) /
                   static_cast<double>(e.size());
        };
        s.within_5_percent = share(0.05);
        s.within_20_percent = share(0.20);
        s.exact = share(1e-6);
        out.push_back(s);
    }
    return out;
}

std::string FidelityTally::table() const {
    std::ostringstream os;
    os << "| quantity | layers | exact (1e-6) | within 5% | median rel. error | worst rel. error |\n";
    os << "|---|---|---|---|---|---|\n";
    char buf[256];
    for (const auto& s : summarize()) {
        std::snprintf(buf, sizeof buf, "| %s | %zu | %.1f%% | %.1f%% | %.2g | %.2g |\n", s.quantity.c_str(), s.layers,
                      100 * s.exact, 100 * s.within_5_percent, s.median, s.worst);
        os << buf;
    }
    return os.str();
}

}  // namespace mapscape
