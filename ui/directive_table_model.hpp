// The directives of a mapping as table rows, cluster levels separated by their Cluster rows:
// kind (TemporalMap, SpatialMap, Cluster), dimension, size, offset. Rows can be dragged to new
// places. Every edit produces a new mapping through the `edited` signal; the model itself is
// refreshed from the document.
#pragma once

#include <QAbstractTableModel>

#include "mapping/mapping.hpp"

namespace mapscape::ui {

class DirectiveTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { KindColumn, DimColumn, SizeColumn, OffsetColumn, ColumnCount };

    explicit DirectiveTableModel(QObject* parent = nullptr);
    void set_mapping(const Mapping& mapping, const std::vector<Dim>& dims);
    const Mapping& mapping() const { return mapping_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    Qt::DropActions supportedDropActions() const override;
    QStringList mimeTypes() const override;
    QMimeData* mimeData(const QModelIndexList& indexes) const override;
    bool dropMimeData(const QMimeData* data, Qt::DropAction action, int row, int column, const QModelIndex& parent) override;

    // Edits that become one new mapping each.
    void move_row(int from, int to);
    void toggle_spatial(int row);
    void insert_directive(int row, const Directive& d);
    void remove_row(int row);

    static QStringList kind_names();
    QStringList dim_names() const;

signals:
    void edited(const Mapping& mapping, const QString& what);

private:
    Mapping mapping_;
    std::vector<Dim> dims_;
};

}  // namespace mapscape::ui
