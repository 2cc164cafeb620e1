// A picture of the PE array at one time step: a cell per PE (top-level sub-clusters as rows,
// the PEs inside them as columns), coloured by the first index of the dimension the mapping
// spreads over them, grey when idle. Hover for a PE's tiles; click to select it.
#pragma once

#include <QWidget>

#include "mapping/loop_nest.hpp"

namespace mapscape::ui {

class PeArrayWidget : public QWidget {
    Q_OBJECT
public:
    explicit PeArrayWidget(QWidget* parent = nullptr);
    void set_state(const Layer& layer, const LoopNest& nest, std::vector<PeView> pes);
    int selected_pe() const { return selected_; }
    // PEs whose state is drawn (0 before the first state, or when too many to draw).
    int drawn_pes() const { return static_cast<int>(pes_.size()); }
    // The PE drawn under a point of the widget, or -1.
    int pe_at(QPoint p) const;
    QSize sizeHint() const override { return {560, 320}; }

signals:
    void pe_selected(int pe);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;

private:
    QRectF cell(int pe) const;
    int grid_rows() const;
    int grid_columns() const;

    Layer layer_;
    LoopNest nest_;
    std::vector<PeView> pes_;
    Dim colour_dim_ = Dim::K;
    int selected_ = -1;
};

}  // namespace mapscape::ui
