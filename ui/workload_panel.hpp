// The workload panel: pick a bundled model or open a model file (JSON, ONNX graph, MAESTRO
// network, GAMMA CSV); a table of its layers (type, shape, runs, MACs, share of the total) and,
// for an imported graph, the operators that are not layers. Selecting a layer selects it in the
// whole study.
#pragma once

#include <QAbstractTableModel>
#include <QWidget>

class QComboBox;
class QLabel;
class QTableView;
class QTableWidget;
class QThread;

namespace mapscape {
struct Model;
}

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
    ~WorkloadPanel() override;
    QTableView* table() const { return table_; }
    QComboBox* models() const { return models_; }
    QLabel* unmapped_label() const { return unmapped_; }
    QTableWidget* unmapped_table() const { return unmapped_table_; }
    // Loads a model file or bundled name into the study (undoable); reports errors in a dialog.
    // An ONNX graph is imported on a worker thread: this returns when the import starts, and
    // onnx_imported() follows when the model is in the study.
    bool open_model(const QString& name_or_path);

signals:
    void onnx_imported();
    // The import finished after the user chose another model, which the study keeps.
    void onnx_import_dropped();

private:
    void sync_from_document();
    void sync_selection();
    bool import_onnx(const QString& path);
    void show_unmapped(const Model& model, std::int64_t mapped_macs);

    StudyDocument* doc_;
    QComboBox* models_;
    QLabel* summary_;
    QTableView* table_;
    QLabel* unmapped_;
    QTableWidget* unmapped_table_;
    LayerTableModel* layers_;
    QThread* import_thread_ = nullptr;  // from start until its finished slot has run
    bool import_superseded_ = false;
    bool syncing_ = false;
};

}  // namespace mapscape::ui
