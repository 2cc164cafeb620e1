// MAESTRO's result CSVs and how closely our reports match them: used by the fidelity tests and
// by tools/compare_with_maestro.py (through `mapscape-cli eval --json`), for anyone who wants to
// verify the cost model on their files.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "cost/cost_report.hpp"

namespace mapscape {

struct MaestroResultRow {
    std::string network;
    std::string layer;
    std::map<std::string, double> values;  // by MAESTRO's column name, spaces trimmed
    double value(const std::string& column) const;  // throws std::out_of_range if absent
};

// Reads MAESTRO's CSV output (header + one row per layer). Throws InputError on bad input.
std::vector<MaestroResultRow> parse_maestro_results(std::string_view text, const std::string& file_name);
std::vector<MaestroResultRow> read_maestro_results(const std::string& path);

// The quantities compared, as (our name, MAESTRO column).
struct FidelityQuantity {
    const char* name;
    const char* maestro_column;
    double (*ours)(const CostReport&);
};
const std::vector<FidelityQuantity>& fidelity_quantities();

// Relative errors per quantity over many layers, and their summary.
class FidelityTally {
public:
    void add(const CostReport& ours, const MaestroResultRow& maestro);

    struct Summary {
        std::string quantity;
        std::size_t layers = 0;
        double median = 0;
        double worst = 0;
        double within_5_percent = 0;  // share of layers, 0..1
        double within_20_percent = 0;
        double exact = 0;             // share matching to 1e-6 relative
    };
    std::vector<Summary> summarize() const;
    std::size_t layers() const { return layers_; }
    // A Markdown table of the summary.
    std::string table() const;

private:
    std::map<std::string, std::vector<double>> errors_;
    std::size_t layers_ = 0;
};

// |ours - theirs| / |theirs| (0 when both are 0; 1 when only theirs is 0).
double relative_error(double ours, double theirs);

}  // namespace mapscape
