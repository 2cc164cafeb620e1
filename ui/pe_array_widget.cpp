#include "pe_array_widget.hpp"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <cmath>

namespace mapscape::ui {

PeArrayWidget::PeArrayWidget(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setMinimumSize(200, 120);
}

void PeArrayWidget::set_state(const Layer& layer, const LoopNest& nest, std::vector<PeView> pes) {
    layer_ = layer;
    nest_ = nest;
    pes_ = std::move(pes);
    // Colour by the innermost spatially mapped dimension: what tells neighbouring PEs apart.
    colour_dim_ = Dim::K;
    for (const NestLoop& l : nest_.loops)
        if (l.spatial) colour_dim_ = l.dim;
    if (selected_ >= static_cast<int>(pes_.size())) selected_ = -1;
    update();
}

int PeArrayWidget::grid_rows() const {
    if (nest_.units_per_level.size() >= 2) return static_cast<int>(nest_.units_per_level[0]);
    const auto n = static_cast<double>(std::max<std::size_t>(1, pes_.size()));
    return std::max(1, static_cast<int>(std::floor(std::sqrt(n * height() / std::max(1, width())))));
}

int PeArrayWidget::grid_columns() const {
    const int rows = std::max(1, grid_rows());
    return std::max(1, static_cast<int>((pes_.size() + static_cast<std::size_t>(rows) - 1) / static_cast<std::size_t>(rows)));
}

QRectF PeArrayWidget::cell(int pe) const {
    const int rows = grid_rows(), cols = grid_columns();
    const double w = (width() - 20.0) / cols, h = (height() - 30.0) / rows;
    const double side = std::max(2.0, std::min(w, h));
    return {10 + (pe % cols) * side, 20 + (pe / cols) * side, side - (side > 6 ? 1.5 : 0.0), side - (side > 6 ? 1.5 : 0.0)};
}

int PeArrayWidget::pe_at(QPoint p) const {
    for (int i = 0; i < static_cast<int>(pes_.size()); ++i)
        if (cell(i).contains(p)) return i;
    return -1;
}

void PeArrayWidget::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.fillRect(rect(), palette().base());
    if (pes_.empty()) {
        painter.drawText(rect(), Qt::AlignCenter, tr("No PEs to show"));
        return;
    }
    std::int64_t max_index = 1;
    for (const PeView& v : pes_)
        for (const DimRange& r : v.ranges)
            if (r.dim == colour_dim_) max_index = std::max(max_index, r.first + 1);
    int active = 0;
    for (int i = 0; i < static_cast<int>(pes_.size()); ++i) {
        const PeView& v = pes_[static_cast<std::size_t>(i)];
        QColor c(210, 210, 210);
        if (v.active) {
            ++active;
            std::int64_t first = 0;
            for (const DimRange& r : v.ranges)
                if (r.dim == colour_dim_) first = r.first;
            c = QColor::fromHsvF(0.66 * (1.0 - static_cast<double>(first) / static_cast<double>(max_index)), 0.55, 0.92);
        }
        painter.fillRect(cell(i), c);
        if (i == selected_) {
            painter.setPen(QPen(Qt::black, 2));
            painter.drawRect(cell(i));
        }
    }
    painter.setPen(palette().text().color());
    painter.drawText(QRect(10, 0, width() - 20, 18), Qt::AlignLeft | Qt::AlignVCenter,
                     tr("%1 of %2 PEs busy; colour: first %3 index").arg(active).arg(pes_.size()).arg(QString::fromStdString(std::string(dim_name(colour_dim_)))));
}

void PeArrayWidget::mousePressEvent(QMouseEvent* e) {
    const int pe = pe_at(e->position().toPoint());
    if (pe < 0) return;
    selected_ = pe;
    update();
    emit pe_selected(pe);
}

bool PeArrayWidget::event(QEvent* e) {
    if (e->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(e);
        const int pe = pe_at(help->pos());
        if (pe >= 0) {
            const PeView& v = pes_[static_cast<std::size_t>(pe)];
            QString text = tr("PE %1").arg(pe);
            if (!v.active) {
                text += tr(": idle");
            } else {
                const TensorSlices t = tensor_slices(layer_, v.ranges);
                text += "\n" + QString::fromStdString(describe_ranges(v.ranges)) + "\n" + QString::fromStdString(t.output) + "\n" +
                        QString::fromStdString(t.weight) + "\n" + QString::fromStdString(t.input);
            }
            QToolTip::showText(help->globalPos(), text, this);
        } else {
            QToolTip::hideText();
        }
        return true;
    }
    return QWidget::event(e);
}

}  // namespace mapscape::ui
