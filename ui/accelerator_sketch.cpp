#include "accelerator_sketch.hpp"

#include <QPainter>
#include <QPaintEvent>

#include <algorithm>
#include <cmath>

#include "chart_palette.hpp"
#include "cost_readout.hpp"

namespace mapscape::ui {

namespace {

// Past this many cells a side, the array is drawn as a scaled block with its size written on it.
constexpr std::int64_t kMostCellsDrawn = 48;

const QColor kPeColor(66, 133, 244), kL1Color(251, 188, 5), kL2Color(52, 168, 83), kNocColor(154, 160, 166),
    kFreeColor(236, 236, 236);

}  // namespace

std::vector<std::int64_t> array_shape(const Accelerator& a) {
    std::vector<std::int64_t> shape;
    for (std::int64_t d : a.pe_hierarchy)
        if (d > 1 || shape.empty()) shape.push_back(std::max<std::int64_t>(1, d));
    if (shape.empty()) shape.push_back(std::max<std::int64_t>(1, a.num_pes));
    // pe_hierarchy's product may be short of num_pes (a 1D array given as its PE count)
    std::int64_t product = 1;
    for (std::int64_t d : shape) product *= d;
    if (product < a.num_pes && a.num_pes % product == 0) shape.insert(shape.begin(), a.num_pes / product);
    return shape;
}

AcceleratorSketch::AcceleratorSketch(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void AcceleratorSketch::set_design(const Accelerator& accelerator, const AreaBreakdown& area, double budget_um2) {
    accelerator_ = accelerator;
    area_ = area;
    budget_um2_ = budget_um2;
    setToolTip(connectivity().isEmpty() ? caption() : caption() + QStringLiteral("\n") + connectivity());
    update();
}

void AcceleratorSketch::clear() {
    accelerator_.reset();
    setToolTip({});
    update();
}

QString role_letter(DimRole r) {
    switch (r) {
        case DimRole::Out: return QStringLiteral("K");
        case DimRole::In: return QStringLiteral("C");
        case DimRole::Row: return QStringLiteral("Y'");
        case DimRole::Col: return QStringLiteral("X'");
        case DimRole::FilterRow: return QStringLiteral("R");
        case DimRole::FilterCol: return QStringLiteral("S");
    }
    return {};
}

QString AcceleratorSketch::connectivity() const {
    // An array whose connectivity is fixed (NAAS's designs, the fixed styles): what each of its
    // dimensions parallelises, outermost first, as the NAAS paper's Figure 7 names them.
    if (!accelerator_ || accelerator_->map_space.flexible()) return {};
    const MapSpace& space = accelerator_->map_space;
    QStringList parallel;
    for (std::size_t k = 0; k < space.levels.size(); ++k) {
        QStringList roles;
        for (DimRole r : space.levels[k].parallel) roles << role_letter(r);
        QString item = roles.isEmpty() ? QStringLiteral("any") : roles.join(QStringLiteral("/"));
        if (k < accelerator_->pe_hierarchy.size()) item += QStringLiteral(" (%1)").arg(accelerator_->pe_hierarchy[k]);
        parallel << item;
    }
    return tr("parallel: %1").arg(parallel.join(QStringLiteral(" × ")));
}

QString AcceleratorSketch::caption() const {
    if (!accelerator_) return tr("No design yet");
    const std::vector<std::int64_t> shape = array_shape(*accelerator_);
    QStringList dims;
    for (std::int64_t d : shape) dims << QString::number(d);
    QString text = tr("%1 PEs as %2, L1 %3 per PE, L2 %4")
                       .arg(accelerator_->num_pes)
                       .arg(dims.join(QStringLiteral(" × ")))
                       .arg(quantity_text(static_cast<double>(accelerator_->l1_size_bytes), Quantity::Bytes))
                       .arg(quantity_text(static_cast<double>(accelerator_->l2_size_bytes), Quantity::Bytes));
    return text;
}

void AcceleratorSketch::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), palette().base());
    const QFontMetrics fm(font());
    const int line = fm.height();
    if (!accelerator_) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, caption());
        return;
    }
    const QRectF whole = QRectF(rect()).adjusted(8, 6, -8, -6);
    p.setPen(palette().color(QPalette::Text));
    p.drawText(QRectF(whole.left(), whole.top(), whole.width(), line), Qt::AlignLeft | Qt::AlignVCenter,
               fm.elidedText(caption(), Qt::ElideRight, static_cast<int>(whole.width())));
    const QString parallel = connectivity();
    const double header = parallel.isEmpty() ? line : 2 * line;
    if (!parallel.isEmpty())
        p.drawText(QRectF(whole.left(), whole.top() + line, whole.width(), line), Qt::AlignLeft | Qt::AlignVCenter,
                   fm.elidedText(parallel, Qt::ElideRight, static_cast<int>(whole.width())));

    // The area bar's legend: each part's share, and the total. On one line when it fits, else
    // the total on a line of its own (a narrow sketch cut the shares to "L2 1...").
    const double scale_total = std::max(budget_um2_, area_.total_um2());
    struct Part {
        double um2;
        QColor color;
        QString name;
    };
    const Part parts[] = {{area_.pes_um2, kPeColor, tr("PEs")},
                          {area_.l1_um2, kL1Color, tr("L1")},
                          {area_.l2_um2, kL2Color, tr("L2")},
                          {area_.noc_um2, kNocColor, tr("NoC")},
                          {std::max(0.0, budget_um2_ - area_.total_um2()), kFreeColor, tr("free")}};
    QString legend_text;
    for (const Part& part : parts) {
        if (part.um2 <= 0 || scale_total <= 0) continue;
        if (!legend_text.isEmpty()) legend_text += QStringLiteral("   ");
        legend_text += QStringLiteral("%1 %2%").arg(part.name).arg(std::lround(100 * part.um2 / scale_total));
    }
    const QString total = quantity_text(area_.total_um2(), Quantity::AreaUm2) +
                          (budget_um2_ > 0 ? tr(" of %1").arg(quantity_text(budget_um2_, Quantity::AreaUm2)) : QString());
    const bool two_lines = fm.horizontalAdvance(legend_text) + fm.horizontalAdvance(total) + 12 > whole.width();

    // The area bar and its legend take the bottom lines; the array the rest.
    const double bar_h = line * 1.3;
    const QRectF legend(whole.left(), whole.bottom() - line * (two_lines ? 2 : 1), whole.width(), line * (two_lines ? 2 : 1));
    const QRectF bar(whole.left(), legend.top() - 4 - bar_h, whole.width(), bar_h);
    const QRectF array_box(whole.left(), whole.top() + header + 6, whole.width(), bar.top() - 10 - (whole.top() + header + 6));

    // The PE array: rows x columns of the two innermost dimensions; outer ones as stacked planes.
    const std::vector<std::int64_t> shape = array_shape(*accelerator_);
    const std::int64_t columns = shape.back();
    const std::int64_t rows = shape.size() >= 2 ? shape[shape.size() - 2] : 1;
    const std::int64_t planes = shape.size() >= 3 ? shape[0] : 1;
    const std::int64_t drawn_rows = std::min(rows, kMostCellsDrawn), drawn_cols = std::min(columns, kMostCellsDrawn);
    const int shown_planes = static_cast<int>(std::min<std::int64_t>(planes, 3));
    const double offset = 6;
    const double avail_w = array_box.width() - offset * (shown_planes - 1), avail_h = array_box.height() - offset * (shown_planes - 1);
    if (avail_w > 10 && avail_h > 10) {
        // Keep the array's aspect (of its true sizes, so a 260 x 2 array looks long and thin).
        const double aspect = static_cast<double>(columns) / static_cast<double>(rows);
        double w = avail_w, h = w / aspect;
        if (h > avail_h) {
            h = avail_h;
            w = h * aspect;
        }
        w = std::max(w, 6.0);
        h = std::max(h, 6.0);
        for (int plane = shown_planes - 1; plane >= 0; --plane) {
            const QRectF grid(array_box.left() + (array_box.width() - w) / 2 + offset * plane,
                              array_box.top() + offset * (shown_planes - 1 - plane), w, h);
            p.setPen(Qt::NoPen);
            p.setBrush(plane == 0 ? kPeColor : kPeColor.lighter(140));
            p.drawRect(grid);
            if (plane != 0) continue;
            const double cw = grid.width() / static_cast<double>(drawn_cols), ch = grid.height() / static_cast<double>(drawn_rows);
            if (cw >= 3 && ch >= 3) {  // cell borders, when cells are large enough to see
                p.setPen(QPen(palette().color(QPalette::Base), 1));
                for (std::int64_t c = 1; c < drawn_cols; ++c) p.drawLine(QPointF(grid.left() + cw * c, grid.top()), QPointF(grid.left() + cw * c, grid.bottom()));
                for (std::int64_t r = 1; r < drawn_rows; ++r) p.drawLine(QPointF(grid.left(), grid.top() + ch * r), QPointF(grid.right(), grid.top() + ch * r));
            }
            if (rows > kMostCellsDrawn || columns > kMostCellsDrawn || planes > 3) {
                p.setPen(text_color_on(kPeColor));  // the better contrast of black and white on the array's blue
                QString size = QString::number(rows) + QStringLiteral(" × ") + QString::number(columns);
                if (planes > 1) size = QString::number(planes) + QStringLiteral(" × ") + size;
                p.drawText(grid, Qt::AlignCenter, size);
            }
        }
    }

    // The area bar: PEs, L1, L2, NoC, and what the budget leaves.
    double x = bar.left();
    for (const Part& part : parts) {
        if (part.um2 <= 0 || scale_total <= 0) continue;
        const double w = bar.width() * part.um2 / scale_total;
        p.setPen(Qt::NoPen);
        p.setBrush(part.color);
        p.drawRect(QRectF(x, bar.top(), w, bar.height()));
        x += w;
    }
    if (budget_um2_ > 0) {  // the budget's edge; a design over it shows past the line
        const double bx = bar.left() + bar.width() * budget_um2_ / scale_total;
        p.setPen(QPen(QColor(200, 40, 40), 2));
        p.drawLine(QPointF(bx, bar.top() - 3), QPointF(bx, bar.bottom() + 3));
    }
    p.setPen(palette().color(QPalette::Text));
    if (two_lines) {
        const QRectF first(legend.left(), legend.top(), legend.width(), line), second(legend.left(), legend.top() + line, legend.width(), line);
        p.drawText(first, Qt::AlignLeft | Qt::AlignVCenter, fm.elidedText(legend_text, Qt::ElideRight, static_cast<int>(legend.width())));
        p.drawText(second, Qt::AlignRight | Qt::AlignVCenter, total);
    } else {
        p.drawText(legend, Qt::AlignRight | Qt::AlignVCenter, total);
        p.drawText(legend, Qt::AlignLeft | Qt::AlignVCenter, legend_text);
    }
}

}  // namespace mapscape::ui
