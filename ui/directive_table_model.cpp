#include "directive_table_model.hpp"

#include <QBrush>
#include <QFont>
#include <QMimeData>

namespace mapscape::ui {

namespace {
const char* kMime = "application/x-mapscape-directive-row";
}

DirectiveTableModel::DirectiveTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void DirectiveTableModel::set_mapping(const Mapping& mapping, const std::vector<Dim>& dims) {
    beginResetModel();
    mapping_ = mapping;
    dims_ = dims;
    endResetModel();
}

QStringList DirectiveTableModel::kind_names() { return {"TemporalMap", "SpatialMap", "Cluster"}; }

QStringList DirectiveTableModel::dim_names() const {
    QStringList names;
    for (Dim d : dims_) names << QString::fromStdString(std::string(dim_name(d)));
    return names;
}

int DirectiveTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(mapping_.directives.size());
}
int DirectiveTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant DirectiveTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid()) return {};
    const Directive& d = mapping_.directives[static_cast<std::size_t>(index.row())];
    const bool cluster = d.kind == DirectiveKind::Cluster;
    if (role == Qt::DisplayRole || role == Qt::EditRole) {
        switch (index.column()) {
            case KindColumn: return kind_names()[static_cast<int>(d.kind)];
            case DimColumn: return cluster ? QVariant() : QString::fromStdString(std::string(dim_name(d.dim)));
            case SizeColumn: return static_cast<int>(std::min<std::int64_t>(d.size, 2147483647));
            case OffsetColumn: return cluster ? QVariant() : QVariant(static_cast<int>(std::min<std::int64_t>(d.offset, 2147483647)));
        }
    }
    if (role == Qt::FontRole && (cluster || d.kind == DirectiveKind::SpatialMap)) {
        QFont f;
        f.setBold(true);
        return f;
    }
    if (role == Qt::BackgroundRole && cluster) return QBrush(QColor(225, 232, 245));
    if (role == Qt::ForegroundRole && d.kind == DirectiveKind::SpatialMap) return QBrush(QColor(0, 110, 70));
    if (role == Qt::ToolTipRole) {
        if (cluster) return tr("Cluster(%1): the levels below run on groups of %1 sub-units").arg(d.size);
        return d.kind == DirectiveKind::SpatialMap ? tr("Tiles of %1 spread over the sub-units, %2 apart").arg(d.size).arg(d.offset)
                                                   : tr("Tiles of %1 one after another, %2 apart").arg(d.size).arg(d.offset);
    }
    return {};
}

bool DirectiveTableModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (!index.isValid() || role != Qt::EditRole) return false;
    Mapping m = mapping_;
    Directive& d = m.directives[static_cast<std::size_t>(index.row())];
    QString what;
    switch (index.column()) {
        case KindColumn: {
            const int kind = kind_names().indexOf(value.toString());
            if (kind < 0) return false;
            d.kind = static_cast<DirectiveKind>(kind);
            if (d.kind == DirectiveKind::Cluster) d.offset = 1;
            what = tr("Change a directive's kind");
            break;
        }
        case DimColumn: {
            const auto dim = parse_dim(value.toString().toStdString());
            if (!dim) return false;
            d.dim = *dim;
            what = tr("Change a directive's dimension");
            break;
        }
        case SizeColumn:
            if (value.toLongLong() < 1) return false;
            if (d.kind != DirectiveKind::Cluster && d.offset == d.size) d.offset = value.toLongLong();  // a tile stays a tile
            d.size = value.toLongLong();
            what = d.kind == DirectiveKind::Cluster ? tr("Change a cluster size") : tr("Change a tile size");
            break;
        case OffsetColumn:
            if (value.toLongLong() < 1) return false;
            d.offset = value.toLongLong();
            what = tr("Change a tile offset");
            break;
    }
    if (m == mapping_) return false;
    emit edited(m, what);
    return true;
}

QVariant DirectiveTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole) return {};
    if (orientation == Qt::Vertical) return section + 1;
    static const char* names[] = {"Directive", "Dim", "Size", "Offset"};
    return tr(names[section]);
}

Qt::ItemFlags DirectiveTableModel::flags(const QModelIndex& index) const {
    Qt::ItemFlags f = Qt::ItemIsDropEnabled;
    if (!index.isValid()) return f;
    f |= Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsDragEnabled;
    const bool cluster = mapping_.directives[static_cast<std::size_t>(index.row())].kind == DirectiveKind::Cluster;
    if (!(cluster && (index.column() == DimColumn || index.column() == OffsetColumn))) f |= Qt::ItemIsEditable;
    return f;
}

Qt::DropActions DirectiveTableModel::supportedDropActions() const { return Qt::MoveAction; }
QStringList DirectiveTableModel::mimeTypes() const { return {kMime}; }

QMimeData* DirectiveTableModel::mimeData(const QModelIndexList& indexes) const {
    if (indexes.isEmpty()) return nullptr;
    auto* data = new QMimeData;
    data->setData(kMime, QByteArray::number(indexes.front().row()));
    return data;
}

bool DirectiveTableModel::dropMimeData(const QMimeData* data, Qt::DropAction action, int row, int, const QModelIndex& parent) {
    if (action != Qt::MoveAction || !data->hasFormat(kMime)) return false;
    const int from = data->data(kMime).toInt();
    int to = row >= 0 ? row : (parent.isValid() ? parent.row() : rowCount());
    if (to > from) --to;  // the row leaves its old place first
    move_row(from, to);
    return false;  // the document refreshes the model; Qt must not remove the source row
}

void DirectiveTableModel::move_row(int from, int to) {
    const int n = rowCount();
    if (from < 0 || from >= n) return;
    to = std::clamp(to, 0, n - 1);
    if (from == to) return;
    Mapping m = mapping_;
    const Directive d = m.directives[static_cast<std::size_t>(from)];
    m.directives.erase(m.directives.begin() + from);
    m.directives.insert(m.directives.begin() + to, d);
    emit edited(m, tr("Reorder directives"));
}

void DirectiveTableModel::toggle_spatial(int row) {
    if (row < 0 || row >= rowCount()) return;
    Mapping m = mapping_;
    Directive& d = m.directives[static_cast<std::size_t>(row)];
    if (d.kind == DirectiveKind::Cluster) return;
    d.kind = d.kind == DirectiveKind::SpatialMap ? DirectiveKind::TemporalMap : DirectiveKind::SpatialMap;
    emit edited(m, tr("Toggle spatial/temporal"));
}

void DirectiveTableModel::insert_directive(int row, const Directive& d) {
    Mapping m = mapping_;
    row = std::clamp(row, 0, rowCount());
    m.directives.insert(m.directives.begin() + row, d);
    emit edited(m, d.kind == DirectiveKind::Cluster ? tr("Add a cluster level") : tr("Add a directive"));
}

void DirectiveTableModel::remove_row(int row) {
    if (row < 0 || row >= rowCount()) return;
    Mapping m = mapping_;
    m.directives.erase(m.directives.begin() + row);
    emit edited(m, tr("Remove a directive"));
}

}  // namespace mapscape::ui
