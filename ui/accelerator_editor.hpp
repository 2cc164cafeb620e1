// The accelerator editor: presets, the technology group (technology, precision, DRAM, L2
// banks: technology_panel.hpp), the PE array (arrays x rows x columns), SIMD lanes, L1 per
// PE, L2, NoC bandwidth and latency, off-chip bandwidth, word size, clock and the map space (how
// flexible the array is); below, the area and its split between PEs and buffers against an area
// budget the user sets (under one of the area models). An edit that makes
// the accelerator invalid is refused with the reason; every accepted edit is undoable.
#pragma once

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QSpinBox;

namespace mapscape::ui {

class AcceleratorSketch;
class StudyDocument;
class TechnologyPanel;

class AcceleratorEditor : public QWidget {
    Q_OBJECT
public:
    explicit AcceleratorEditor(StudyDocument* doc, QWidget* parent = nullptr);

    QSpinBox* rows() const { return rows_; }
    QSpinBox* columns() const { return columns_; }
    QSpinBox* l1_bytes() const { return l1_; }
    QSpinBox* l2_bytes() const { return l2_; }
    QSpinBox* offchip_bandwidth() const { return offchip_; }
    QComboBox* presets() const { return presets_; }
    QLabel* problem_label() const { return problem_; }
    QComboBox* map_space() const { return map_space_; }
    QDoubleSpinBox* area_budget() const { return budget_mm2_; }
    QComboBox* area_model() const { return area_model_; }
    AcceleratorSketch* sketch() const { return sketch_; }
    QLabel* area_label() const { return area_; }
    TechnologyPanel* technology() const { return technology_; }
    // "Accelerator — 45nm": what the dock's title says, and what its technology's name means.
    const QString& heading() const { return heading_; }
    const QString& heading_tip() const { return heading_tip_; }

signals:
    void heading_changed(const QString& heading, const QString& tip);

private:
    void sync_from_document();
    void commit(const QString& what);
    QSpinBox* add_spin(const QString& label, int min, int max, const QString& suffix, const QString& tip, QSpinBox* box = nullptr);

    StudyDocument* doc_;
    void show_area();

    QComboBox *presets_, *map_space_, *area_model_;
    QDoubleSpinBox* budget_mm2_;
    AcceleratorSketch* sketch_;
    TechnologyPanel* technology_;
    QString heading_, heading_tip_;
    QLabel* area_;
    QSpinBox *arrays_, *rows_, *columns_, *lanes_, *l1_, *l2_, *noc_bw_, *noc_hops_, *noc_latency_, *offchip_, *word_;
    QDoubleSpinBox* clock_;
    QLabel *summary_, *problem_;
    QFormLayout* form_;
    bool syncing_ = false;
};

}  // namespace mapscape::ui
