// A design drawn as the DiGamma paper's Figure 7 draws one: the PE array in its shape (rows of
// clusters; a 3D array as stacked planes), and below it one bar of the area budget split into
// PEs, L1, L2 (and NoC) with what is left free, labelled with the buffer sizes.
#pragma once

#include <QWidget>

#include <optional>

#include "arch/accelerator.hpp"
#include "arch/area_model.hpp"

namespace mapscape::ui {

class AcceleratorSketch : public QWidget {
    Q_OBJECT
public:
    explicit AcceleratorSketch(QWidget* parent = nullptr);

    // The design and its area; budget_um2 <= 0 draws the split without a budget.
    void set_design(const Accelerator& accelerator, const AreaBreakdown& area, double budget_um2);
    void clear();
    bool has_design() const { return accelerator_.has_value(); }
    // The caption under the array, e.g. "520 PEs as 26 x 20, L1 112 B per PE, L2 16 KiB".
    QString caption() const;
    // What each array dimension parallelises, for an array whose connectivity is fixed ("parallel:
    // K (19) × C (1) × X' (8)"); empty for a fully flexible one.
    QString connectivity() const;

    QSize sizeHint() const override { return {320, 220}; }
    QSize minimumSizeHint() const override { return {200, 140}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    std::optional<Accelerator> accelerator_;
    AreaBreakdown area_;
    double budget_um2_ = 0;
};

// A role's letter as the papers write loop dimensions: K, C, Y', X', R, S.
QString role_letter(DimRole role);

// The array's shape as drawn: the cluster sizes of its parallel levels, outermost first.
std::vector<std::int64_t> array_shape(const Accelerator& accelerator);

}  // namespace mapscape::ui
