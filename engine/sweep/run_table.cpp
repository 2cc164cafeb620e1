#include "sweep/run_table.hpp"

#include <algorithm>
#include <charconv>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <unordered_map>

#include "sweep/results_database.hpp"

namespace mapscape {

namespace {

struct ColumnSpec {
    const char* name;
    const char* title;
    RunColumn::Type type;
    bool timing;
};

using T = RunColumn::Type;
// The runs table's columns the app shows, in order.
constexpr ColumnSpec kColumns[] = {
    {"model", "model", T::Text, false},
    {"accelerator", "accelerator", T::Text, false},
    {"system", "system", T::Text, false},
    {"algorithm", "algorithm", T::Text, false},
    {"objective", "objective", T::Text, false},
    {"budget_samples", "budget (samples)", T::Number, false},
    {"seed", "seed", T::Number, false},
    {"objective_value", "objective value", T::Number, false},
    {"runtime_cycles", "runtime (cycles)", T::Number, false},
    {"energy_nj", "energy (nJ)", T::Number, false},
    {"edp", "EDP (nJ x cycles)", T::Number, false},
    {"area_um2", "area (um^2)", T::Number, false},
    {"power_mw", "power (mW)", T::Number, false},
    {"layers_without_mapping", "layers without mapping", T::Number, false},
    {"layer_count", "layers", T::Number, false},
    {"samples", "samples", T::Number, false},
    {"valid_samples", "valid samples", T::Number, false},
    {"status", "status", T::Text, false},
    {"kind", "kind", T::Text, false},
    {"layers", "layer selection", T::Text, false},
    {"wall_seconds", "wall (s)", T::Number, true},
    {"worker_rank", "rank", T::Number, true},
    {"finished_at", "finished (UTC)", T::Text, true},
    {"run_id", "run id", T::Text, false},
    {"error", "error", T::Text, false},
};

// Whether `haystack` contains `lower_needle` (lower case), ignoring case, without allocating.
bool contains_ignoring_case(std::string_view haystack, std::string_view lower_needle) {
    const auto it = std::search(haystack.begin(), haystack.end(), lower_needle.begin(), lower_needle.end(), [](char a, char b) {
        return std::tolower(static_cast<unsigned char>(a)) == b;
    });
    return it != haystack.end();
}

std::string format_number(double v) {
    if (std::isnan(v)) return "";
    char text[32];
    if (v == std::floor(v) && std::abs(v) < 1e15)
        std::snprintf(text, sizeof text, "%.0f", v);
    else
        std::snprintf(text, sizeof text, "%.6g", v);
    return text;
}

std::string csv_field(const std::string& s) {
    if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
    std::string out = "\"";
    for (char c : s) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + "\"";
}

}  // namespace

int RunTable::column_index(const std::string& name) const {
    for (std::size_t i = 0; i < columns_.size(); ++i)
        if (columns_[i].name == name) return static_cast<int>(i);
    return -1;
}

std::string RunTable::text(std::size_t row, std::size_t column) const {
    const RunColumn& c = columns_[column];
    return c.type == RunColumn::Type::Text ? c.values[c.codes[row]] : format_number(c.numbers[row]);
}

double RunTable::number(std::size_t row, std::size_t column) const {
    const RunColumn& c = columns_[column];
    return c.type == RunColumn::Type::Number ? c.numbers[row] : std::numeric_limits<double>::quiet_NaN();
}

RunTable load_run_table(ResultsDatabase& db, std::stop_token stop) {
    RunTable t;
    std::string select = "SELECT ";
    for (const ColumnSpec& spec : kColumns) {
        if (spec.name != kColumns[0].name) select += ", ";
        select += spec.name;
        RunColumn c;
        c.name = spec.name;
        c.title = spec.title;
        c.type = spec.type;
        c.timing = spec.timing;
        t.columns_.push_back(std::move(c));
    }
    select += " FROM runs ORDER BY run_index, run_id";
    const std::size_t n_columns = t.columns_.size();
    // Text columns are coded by first appearance while reading, then recoded in sorted order.
    std::vector<std::unordered_map<std::string, std::uint32_t>> seen(n_columns);
    try {
        const std::int64_t expected = db.run_count();
        for (RunColumn& c : t.columns_) (c.type == T::Text ? (void)c.codes.reserve(expected) : c.numbers.reserve(expected));
        auto s = db.connection().prepare(select);
        while (!stop.stop_requested() && s.step()) {
            for (std::size_t i = 0; i < n_columns; ++i) {
                RunColumn& c = t.columns_[i];
                const int k = static_cast<int>(i);
                if (c.type == T::Number) {
                    c.numbers.push_back(s.is_null(k) ? std::numeric_limits<double>::quiet_NaN() : s.real(k));
                    continue;
                }
                const std::string_view v = s.text_view(k);
                auto it = seen[i].find(std::string(v));
                if (it == seen[i].end()) {
                    it = seen[i].emplace(std::string(v), static_cast<std::uint32_t>(c.values.size())).first;
                    c.values.emplace_back(v);
                }
                c.codes.push_back(it->second);
            }
            ++t.rows_;
        }
    } catch (const sql::Error& e) {
        db.fail(e);
    }
    for (RunColumn& c : t.columns_) {
        if (c.type != T::Text) continue;
        std::vector<std::uint32_t> order(c.values.size());
        std::iota(order.begin(), order.end(), 0u);
        std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return c.values[a] < c.values[b]; });
        std::vector<std::uint32_t> recode(order.size());
        std::vector<std::string> sorted(order.size());
        for (std::size_t k = 0; k < order.size(); ++k) {
            recode[order[k]] = static_cast<std::uint32_t>(k);
            sorted[k] = std::move(c.values[order[k]]);
        }
        c.values = std::move(sorted);
        for (std::uint32_t& code : c.codes) code = recode[code];
    }
    return t;
}

std::vector<std::uint32_t> filter_runs(const RunTable& t, const RunFilter& f) {
    const std::size_t n = t.rows();
    std::vector<char> keep(n, 1);
    for (const auto& [column, allowed] : f.allowed_values) {
        const RunColumn& c = t.column(static_cast<std::size_t>(column));
        std::vector<char> ok(c.values.size(), 0);
        for (std::uint32_t code : allowed)
            if (code < ok.size()) ok[code] = 1;
        for (std::size_t r = 0; r < n; ++r) keep[r] &= ok[c.codes[r]];
    }
    for (const NumberRange& range : f.ranges) {
        const std::vector<double>& v = t.column(static_cast<std::size_t>(range.column)).numbers;
        for (std::size_t r = 0; r < n; ++r) keep[r] &= v[r] >= range.min && v[r] <= range.max;  // NaN fails
    }
    if (f.complete_only) {
        const int column = t.column_index("layers_without_mapping");
        const int status = t.column_index("status");
        const RunColumn& s = t.column(static_cast<std::size_t>(status));
        const std::vector<double>& v = t.column(static_cast<std::size_t>(column)).numbers;
        for (std::size_t r = 0; r < n; ++r) keep[r] &= v[r] == 0 && s.values[s.codes[r]] == "done";
    }
    if (!f.text.empty()) {
        // Match each distinct value once, then rows by code.
        std::string needle = f.text;
        for (char& c : needle) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        std::vector<std::vector<char>> hit;
        std::vector<const RunColumn*> text_columns;
        for (const RunColumn& c : t.columns()) {
            if (c.type != T::Text) continue;
            text_columns.push_back(&c);
            hit.emplace_back(c.values.size());
            for (std::size_t k = 0; k < c.values.size(); ++k) hit.back()[k] = contains_ignoring_case(c.values[k], needle);
        }
        for (std::size_t r = 0; r < n; ++r) {
            if (!keep[r]) continue;
            char any = 0;
            for (std::size_t k = 0; k < text_columns.size() && !any; ++k) any = hit[k][text_columns[k]->codes[r]];
            keep[r] = any;
        }
    }
    std::vector<std::uint32_t> rows;
    rows.reserve(n);
    for (std::size_t r = 0; r < n; ++r)
        if (keep[r]) rows.push_back(static_cast<std::uint32_t>(r));
    return rows;
}

void sort_runs(const RunTable& t, std::vector<std::uint32_t>& rows, int column, bool descending) {
    if (column < 0 || static_cast<std::size_t>(column) >= t.columns().size()) return;
    const RunColumn& c = t.column(static_cast<std::size_t>(column));
    if (c.type == T::Text) {
        std::stable_sort(rows.begin(), rows.end(), [&](std::uint32_t a, std::uint32_t b) {
            return descending ? c.codes[a] > c.codes[b] : c.codes[a] < c.codes[b];
        });
        return;
    }
    // NULLs (NaN) last whichever the direction.
    const auto nulls = std::stable_partition(rows.begin(), rows.end(), [&](std::uint32_t r) { return !std::isnan(c.numbers[r]); });
    std::stable_sort(rows.begin(), nulls, [&](std::uint32_t a, std::uint32_t b) {
        return descending ? c.numbers[a] > c.numbers[b] : c.numbers[a] < c.numbers[b];
    });
}

std::string run_table_csv(const RunTable& t, const std::vector<std::uint32_t>& rows) {
    std::string out;
    for (std::size_t i = 0; i < t.columns().size(); ++i) out += (i ? "," : "") + csv_field(t.column(i).name);
    out += "\n";
    for (std::uint32_t r : rows) {
        for (std::size_t i = 0; i < t.columns().size(); ++i) {
            if (i) out += ",";
            const RunColumn& c = t.column(i);
            if (c.type == T::Text)
                out += csv_field(c.values[c.codes[r]]);
            else if (!std::isnan(c.numbers[r])) {
                char text[32];  // the shortest text that reads back as the same number
                const auto end = std::to_chars(text, text + sizeof text, c.numbers[r]).ptr;
                out.append(text, end);
            }
        }
        out += "\n";
    }
    return out;
}

}  // namespace mapscape
