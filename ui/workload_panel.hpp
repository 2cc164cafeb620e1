// The workload panel: pick a bundled model or open a model file (JSON, MAESTRO network, GAMMA
// CSV); a table of its layers (type, shape, MACs, share of the total). Selecting a layer selects
// it in the whole study.
#pragma once

#include <QAbstractTableModel>
#include <QWidget>

class QComboBox;
class QLabel;
class QTableView;

namespace mapscape::ui {

class StudyDocument;

class LayerTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit LayerTableModel(StudyDocument* doc, QObject* parent = nullptr);
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    void refresh();

private:
    StudyDocument* doc_;
    std::int64_t total_macs_ = 0;
};

class WorkloadPanel : public QWidget {
    Q_OBJECT
public:
    explicit WorkloadPanel(StudyDocument* doc, QWidget* parent = nullptr);
    QTableView* table() const { return table_; }
    // Loads a model file or bundled name into the study (undoable); reports errors in a dialog.
    bool open_model(const QString& name_or_path);

private:
    void sync_from_document();
    void sync_selection();

    StudyDocument* doc_;
    QComboBox* models_;
    QLabel* summary_;
    QTableView* table_;
    LayerTableModel* layers_;
    bool syncing_ = false;
};

}  // namespace mapscape::ui
