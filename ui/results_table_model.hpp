// The runs of a results database as a Qt table model: the rows that pass the filter, in the
// chosen order, over the in-memory column cache (sweep/run_table.hpp). Filtering or sorting
// 100,000 runs takes milliseconds, so both happen on the GUI thread.
#pragma once

#include <QAbstractTableModel>

#include <memory>

#include "sweep/run_table.hpp"

namespace mapscape::ui {

class ResultsTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit ResultsTableModel(QObject* parent = nullptr);

    void set_table(std::shared_ptr<const RunTable> table, const RunFilter& filter = {});
    const RunTable* table() const { return table_.get(); }
    void set_filter(const RunFilter& filter);
    const RunFilter& filter() const { return filter_; }
    // The shown rows' indices into the table, in the shown order.
    const std::vector<std::uint32_t>& shown_rows() const { return rows_; }
    std::uint32_t table_row(int shown_row) const { return rows_.at(static_cast<std::size_t>(shown_row)); }
    int shown_row_of(std::uint32_t table_row) const;  // -1 when filtered out
    int sort_column() const { return sort_column_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    void sort(int column, Qt::SortOrder order) override;

signals:
    // After a new table or filter (`which_changed`), or a new order of the same rows.
    void rows_changed(bool which_changed);

private:
    void refresh();

    std::shared_ptr<const RunTable> table_;
    RunFilter filter_;
    std::vector<std::uint32_t> rows_;
    int sort_column_ = -1;
    Qt::SortOrder sort_order_ = Qt::AscendingOrder;
};

}  // namespace mapscape::ui
