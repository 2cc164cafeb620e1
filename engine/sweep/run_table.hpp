// The runs of a results database held in memory column by column, for the app's table, filters,
// sorting and scatter: 100,000 runs filter and sort in milliseconds, without a query per
// keystroke. Text columns are stored as codes into their sorted distinct values, so that sorting
// and filtering by category compare integers.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <stop_token>
#include <vector>

namespace mapscape {

class ResultsDatabase;

struct RunColumn {
    enum class Type { Text, Number };
    std::string name;   // the database column
    std::string title;  // for headers: "runtime (cycles)"
    Type type = Type::Number;
    bool timing = false;                 // differs between executions of the same run
    std::vector<double> numbers;         // Number: NaN for NULL
    std::vector<std::uint32_t> codes;    // Text: index into `values`
    std::vector<std::string> values;     // Text: distinct values, sorted ("" for NULL)
};

class RunTable {
public:
    std::size_t rows() const { return rows_; }
    const std::vector<RunColumn>& columns() const { return columns_; }
    const RunColumn& column(std::size_t i) const { return columns_[i]; }
    // -1 when there is no such column.
    int column_index(const std::string& name) const;
    std::string text(std::size_t row, std::size_t column) const;  // numbers formatted
    double number(std::size_t row, std::size_t column) const;     // NaN for text or NULL

private:
    friend RunTable load_run_table(ResultsDatabase& db, std::stop_token stop);
    std::vector<RunColumn> columns_;
    std::size_t rows_ = 0;
};

// Reads every run (one query). Throws InputError naming the file when reading fails. Stops
// early, with the rows read so far, once `stop` is requested (a reader superseded or closed:
// its caller drops the table).
RunTable load_run_table(ResultsDatabase& db, std::stop_token stop = {});

struct NumberRange {
    int column = -1;
    double min = -std::numeric_limits<double>::infinity();
    double max = std::numeric_limits<double>::infinity();
};

struct RunFilter {
    // Per text column, the values (codes) to keep; a column not listed keeps every value.
    std::vector<std::pair<int, std::vector<std::uint32_t>>> allowed_values;
    std::vector<NumberRange> ranges;  // NULL fails a range
    std::string text;                 // kept rows contain it (case-insensitive) in some text column
    bool complete_only = false;       // only runs with a mapping for every layer
};

// The rows that pass, in table order.
std::vector<std::uint32_t> filter_runs(const RunTable& table, const RunFilter& filter);
// Sorts rows by a column (NULLs last either way); stable, so equal values keep their order.
void sort_runs(const RunTable& table, std::vector<std::uint32_t>& rows, int column, bool descending);
// The rows as CSV (RFC 4180; a header of column names), in the order given.
std::string run_table_csv(const RunTable& table, const std::vector<std::uint32_t>& rows);

}  // namespace mapscape
