#include "results_table_model.hpp"

#include <algorithm>

namespace mapscape::ui {

ResultsTableModel::ResultsTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void ResultsTableModel::set_table(std::shared_ptr<const RunTable> table, const RunFilter& filter) {
    table_ = std::move(table);
    filter_ = filter;
    refresh();
}

void ResultsTableModel::set_filter(const RunFilter& filter) {
    filter_ = filter;
    refresh();
}

void ResultsTableModel::refresh() {
    beginResetModel();
    rows_.clear();
    if (table_) {
        rows_ = filter_runs(*table_, filter_);
        if (sort_column_ >= 0) sort_runs(*table_, rows_, sort_column_, sort_order_ == Qt::DescendingOrder);
    }
    endResetModel();
    emit rows_changed(true);
}

void ResultsTableModel::sort(int column, Qt::SortOrder order) {
    if (!table_ || column < 0 || column >= columnCount()) return;
    sort_column_ = column;
    sort_order_ = order;
    beginResetModel();
    // From table order, so that equal values keep a fixed order whatever was sorted before.
    std::sort(rows_.begin(), rows_.end());
    sort_runs(*table_, rows_, column, order == Qt::DescendingOrder);
    endResetModel();
    emit rows_changed(false);
}

int ResultsTableModel::shown_row_of(std::uint32_t table_row) const {
    const auto it = std::find(rows_.begin(), rows_.end(), table_row);
    return it == rows_.end() ? -1 : static_cast<int>(it - rows_.begin());
}

int ResultsTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int ResultsTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() || !table_ ? 0 : static_cast<int>(table_->columns().size());
}

QVariant ResultsTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !table_) return {};
    const std::uint32_t row = rows_[static_cast<std::size_t>(index.row())];
    const auto column = static_cast<std::size_t>(index.column());
    const RunColumn& c = table_->column(column);
    switch (role) {
        case Qt::DisplayRole: return QString::fromStdString(table_->text(row, column));
        case Qt::TextAlignmentRole:
            return c.type == RunColumn::Type::Number ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
        case Qt::UserRole: return c.type == RunColumn::Type::Number ? QVariant(table_->number(row, column)) : QVariant();
        default: return {};
    }
}

QVariant ResultsTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (!table_ || orientation != Qt::Horizontal || section < 0 || section >= columnCount()) return {};
    const RunColumn& c = table_->column(static_cast<std::size_t>(section));
    if (role == Qt::DisplayRole) return QString::fromStdString(c.title);
    if (role == Qt::ToolTipRole)
        return QString::fromStdString(c.name) + (c.timing ? tr(" (timing: differs between executions of the same run)") : QString());
    return {};
}

}  // namespace mapscape::ui
