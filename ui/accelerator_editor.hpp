// The accelerator editor: presets, the PE array (arrays x rows x columns), SIMD lanes, L1 per
// PE, L2, NoC bandwidth and latency, off-chip bandwidth, word size and clock. An edit that makes
// the accelerator invalid is refused with the reason; every accepted edit is undoable.
#pragma once

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QSpinBox;

namespace mapscape::ui {

class StudyDocument;

class AcceleratorEditor : public QWidget {
    Q_OBJECT
public:
    explicit AcceleratorEditor(StudyDocument* doc, QWidget* parent = nullptr);

    QSpinBox* rows() const { return rows_; }
    QSpinBox* columns() const { return columns_; }
    QSpinBox* l1_bytes() const { return l1_; }
    QSpinBox* l2_bytes() const { return l2_; }
    QComboBox* presets() const { return presets_; }
    QLabel* problem_label() const { return problem_; }

private:
    void sync_from_document();
    void commit(const QString& what);
    QSpinBox* add_spin(const QString& label, int min, int max, const QString& suffix, const QString& tip);

    StudyDocument* doc_;
    QComboBox* presets_;
    QSpinBox *arrays_, *rows_, *columns_, *lanes_, *l1_, *l2_, *noc_bw_, *noc_hops_, *noc_latency_, *offchip_, *word_;
    QDoubleSpinBox* clock_;
    QLabel *summary_, *problem_;
    QFormLayout* form_;
    bool syncing_ = false;
};

}  // namespace mapscape::ui
