#include "tornado_chart.hpp"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QCursor>
#include <QGraphicsLayout>
#include <QGraphicsSimpleTextItem>
#include <QHorizontalBarSeries>
#include <QLineSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

#include "bar_chart_frame.hpp"
#include "chart_palette.hpp"
#include "chart_ticks.hpp"

namespace mapscape::ui {

namespace {

const QColor kTornadoNotComparable(200, 200, 200);

// A stub long enough to hover and see, short enough not to read as a figure.
constexpr double kTornadoStubShare = 0.04;

QString tornado_percent_label(double v) {
    if (v == 0) return QStringLiteral("0 %");
    return QStringLiteral("%1%2 %").arg(v > 0 ? "+" : "").arg(v, 0, 'g', 3);
}

}  // namespace

TornadoChart::TornadoChart(QWidget* parent) : QChartView(parent) {
    series_ = new QHorizontalBarSeries;
    series_->setBarWidth(0.8);
    low_ = new QBarSet(tr("x0.5"));
    high_ = new QBarSet(tr("x2"));
    int k = 0;
    for (QBarSet* set : {low_, high_}) {
        const QColor color = series_color(k++);
        set->setColor(color);
        set->setBorderColor(color.darker(115));
        set->setLabelColor(text_color_on(color));
        // A bar that cannot be compared is "selected": grey, whatever its set's colour.
        set->setSelectedColor(kTornadoNotComparable);
        series_->append(set);
    }
    const BarChartFrame frame = make_bar_chart_frame(this, series_, QMargins(8, 2, 20, 2), true);
    QChart* c = chart();
    categories_ = frame.categories;
    values_axis_ = frame.values;
    message_ = frame.message;
    // The current design: a line at 0 % from the bottom of the plot to its top, on an axis of
    // its own that is never shown.
    centre_ = new QLineSeries;
    centre_->setName(tr("current design"));
    centre_->setPen(QPen(QColor(40, 40, 40), 2));
    centre_->append(0, 0);
    centre_->append(0, 1);
    c->addSeries(centre_);
    auto* span = new QValueAxis;
    span->setRange(0, 1);
    span->setVisible(false);
    c->addAxis(span, Qt::AlignRight);
    centre_->attachAxis(values_axis_);
    centre_->attachAxis(span);
    c->legend()->setAlignment(Qt::AlignBottom);
    c->legend()->setFont(font());
    setMinimumSize(280, 200);
    connect(series_, &QHorizontalBarSeries::hovered, this, &TornadoChart::hovered);
    connect(series_, &QHorizontalBarSeries::clicked, this, &TornadoChart::clicked);
    connect(c, &QChart::plotAreaChanged, this, [this](const QRectF& area) {
        message_->setPos(area.center() - message_->boundingRect().center());
    });
    set_message(QString(), QString());
}

void TornadoChart::set_rows(const std::vector<TornadoRow>& rows, const QString& title, const QString& axis_title) {
    rows_ = rows;
    double widest = 0;
    for (const TornadoRow& r : rows_)
        for (const TornadoBar* b : {&r.low, &r.high})
            if (b->comparable) widest = std::max(widest, std::abs(b->change_percent));
    const double reach = std::max(1.0, widest * 1.08);
    const double stub = kTornadoStubShare * reach;
    QStringList labels;
    low_->remove(0, low_->count());
    high_->remove(0, high_->count());
    // Qt draws the first category at the bottom: the rows go in reverse.
    for (auto it = rows_.rbegin(); it != rows_.rend(); ++it) {
        // Each variant's figure beside its knob: a change too small to see as a bar still reads.
        auto figure = [](const TornadoBar& b) {
            return b.comparable ? QStringLiteral("%1%2").arg(b.change_percent >= 0 ? "+" : "\u2212").arg(std::abs(b.change_percent), 0, 'f', 1)
                                : QStringLiteral("\u2014");
        };
        labels << QStringLiteral("%1%2  %3 / %4 %").arg(it->knob, it->marked ? QStringLiteral(" *") : QString(), figure(it->low), figure(it->high));
        for (auto [bar, set] : {std::pair{&it->low, low_}, std::pair{&it->high, high_}}) {
            // A stub on the side its factor leans to: x0.5 left, x2 right.
            set->append(bar->comparable ? bar->change_percent : (bar->factor < 1 ? -stub : stub));
            const int index = static_cast<int>(set->count()) - 1;
            if (bar->comparable)
                set->deselectBar(index);
            else
                set->selectBar(index);
        }
    }
    categories_->setCategories(labels);
    for (const QString& label : values_axis_->categoriesLabels()) values_axis_->remove(label);
    const ChartAxis axis{axis_title, Quantity::Plain, AxisScale::Linear};
    std::vector<double> ticks = axis_ticks(-reach, reach, axis);
    double lo = -reach, hi = reach;
    for (double t : ticks) {
        values_axis_->append(tornado_percent_label(t), t);
        lo = std::min(lo, t);
        hi = std::max(hi, t);
    }
    values_axis_->setStartValue(lo);
    values_axis_->setRange(lo, hi);
    values_axis_->setTitleText(axis_title);
    chart()->setTitle(title);
    message_->setVisible(rows_.empty());
}

void TornadoChart::set_message(const QString& title, const QString& why) {
    set_rows({}, title, QString());
    message_->setText(why);
    message_->setVisible(!why.isEmpty());
    message_->setPos(chart()->plotArea().center() - message_->boundingRect().center());
}

double TornadoChart::bar_value(int row, bool high) const {
    const int index = static_cast<int>(rows_.size()) - 1 - row;
    return (high ? high_ : low_)->at(index);
}

QString TornadoChart::message() const {
    return message_->isVisible() ? message_->text() : QString();
}

QString TornadoChart::title() const {
    return chart()->title();
}

void TornadoChart::hovered(bool status, int index, QBarSet* set) {
    const int row = row_of(index);
    if (!status || row < 0 || row >= static_cast<int>(rows_.size())) {
        QToolTip::hideText();
        return;
    }
    const TornadoRow& r = rows_[static_cast<std::size_t>(row)];
    QToolTip::showText(QCursor::pos(), (set == high_ ? r.high : r.low).tooltip, this);
}

void TornadoChart::clicked(int index, QBarSet* set) {
    const int row = row_of(index);
    if (row < 0 || row >= static_cast<int>(rows_.size())) return;
    const TornadoRow& r = rows_[static_cast<std::size_t>(row)];
    const TornadoBar& b = set == high_ ? r.high : r.low;
    if (b.comparable) emit bar_clicked(r.key, b.factor);
}

}  // namespace mapscape::ui
