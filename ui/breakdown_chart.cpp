#include "breakdown_chart.hpp"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QGraphicsLayout>
#include <QGraphicsSimpleTextItem>
#include <QHorizontalStackedBarSeries>
#include <QCategoryAxis>

#include <algorithm>
#include <cmath>

#include "bar_chart_frame.hpp"
#include "chart_palette.hpp"
#include "cost_readout.hpp"

namespace mapscape::ui {

namespace {

// The unit the largest value reads in ("µJ", "mm²") and what one of it is in the base unit: the
// axis then counts in the unit the bars' labels use.
std::pair<double, QString> display_unit(double largest, Quantity quantity) {
    if (largest <= 0) return {1.0, QString::fromStdString(base_unit(quantity))};
    const QString text = quantity_text(largest, quantity);
    const qsizetype space = text.indexOf(' ');
    const double mantissa = text.left(space).toDouble();
    if (space < 0 || mantissa <= 0) return {1.0, QString::fromStdString(base_unit(quantity))};
    return {std::pow(10.0, std::round(std::log10(largest / mantissa))), text.mid(space + 1)};
}

// About three round steps (1, 2 or 5 times a power of ten) from zero past `largest`.
double tick_step(double largest) {
    const double raw = largest / 3;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    const double norm = raw / magnitude;
    return (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 5 ? 5 : 10) * magnitude;
}

}  // namespace

BreakdownChart::BreakdownChart(const QString& title, const QStringList& parts, const std::vector<int>& colors, Quantity quantity,
                               QWidget* parent)
    : QChartView(parent), parts_(parts), quantity_(quantity), values_(static_cast<std::size_t>(parts.size()), 0.0) {
    // Stacked, with each part's set zero but at its own category: one bar per category in its
    // own colour (a plain bar series colours by set, so its bars would share one colour).
    auto* series = new QHorizontalStackedBarSeries;
    series->setBarWidth(0.7);
    const qsizetype n = parts.size();
    for (qsizetype i = 0; i < n; ++i) {
        auto* set = new QBarSet(parts[i]);
        const QColor color = series_color(i < static_cast<qsizetype>(colors.size()) ? colors[static_cast<std::size_t>(i)] : static_cast<int>(i));
        set->setColor(color);
        set->setBorderColor(color.darker(115));
        for (qsizetype k = 0; k < n; ++k) set->append(0.0);
        series->append(set);
        sets_.push_back(set);
    }
    // The last tick's label, with its unit, centred on the plot's edge: room on the right.
    const BarChartFrame frame = make_bar_chart_frame(this, series, QMargins(8, 2, 30, 2), true);
    categories_ = frame.categories;
    values_axis_ = frame.values;
    message_ = frame.message;
    QChart* c = chart();
    c->setTitle(title);
    c->legend()->hide();  // each bar's category label names it
    setMinimumSize(240, 30 + 20 * static_cast<int>(parts.size()));
    connect(c, &QChart::plotAreaChanged, this, &BreakdownChart::place_message);
    set_values(values_, title);
}

void BreakdownChart::set_values(const std::vector<double>& values, const QString& title, const QStringList& notes) {
    const std::size_t n = sets_.size();
    values_.assign(n, 0.0);
    for (std::size_t i = 0; i < n && i < values.size(); ++i) values_[i] = std::isfinite(values[i]) ? std::max(0.0, values[i]) : 0.0;
    const double largest = *std::max_element(values_.begin(), values_.end());
    const auto [scale, unit] = display_unit(largest, quantity_);
    // Qt draws the first category at the bottom: the parts are listed in reverse, so that they
    // read top to bottom in the order given.
    QStringList labels;
    for (std::size_t k = 0; k < n; ++k) {
        const std::size_t part = n - 1 - k;
        const QString note = notes.value(static_cast<qsizetype>(part));
        labels << QStringLiteral("%1  %2").arg(parts_[static_cast<qsizetype>(part)], note.isEmpty() ? quantity_text(values_[part], quantity_, 3) : note);
        for (std::size_t i = 0; i < n; ++i) sets_[i]->replace(static_cast<qsizetype>(k), i == part ? values_[part] / scale : 0.0);
    }
    categories_->setCategories(labels);
    // The unit on the last tick ("0, 100, 200 µJ") rather than in an axis title: a row of height
    // saved for the bars.
    for (const QString& label : values_axis_->categoriesLabels()) values_axis_->remove(label);
    const double top = largest > 0 ? largest / scale : 1.0;
    const double step = tick_step(top);
    const int steps = static_cast<int>(std::ceil(top / step - 1e-9));
    for (int k = 0; k <= steps; ++k) {
        const QString number = QString::number(k * step, 'g', 4);
        values_axis_->append(k == steps ? number + " " + unit : number, k * step);
    }
    values_axis_->setStartValue(0);
    values_axis_->setRange(0, steps * step);
    chart()->setTitle(title);
    message_->hide();
}

void BreakdownChart::set_unavailable(const QString& title, const QString& why) {
    set_values({}, title);
    QStringList labels;
    for (qsizetype k = parts_.size() - 1; k >= 0; --k) labels << parts_[k];
    categories_->setCategories(labels);
    message_->setText(why);
    message_->show();
    place_message();
}

QString BreakdownChart::part_label(int part) const {
    const QStringList labels = categories_->categories();
    return labels.value(labels.size() - 1 - part);
}

QString BreakdownChart::empty_message() const { return message_->isVisible() ? message_->text() : QString(); }

QString BreakdownChart::title() const { return chart()->title(); }

void BreakdownChart::resizeEvent(QResizeEvent* event) {
    QChartView::resizeEvent(event);
    place_message();
}

void BreakdownChart::place_message() {
    if (!message_->isVisible()) return;
    message_->setFont(font());
    const QRectF plot = chart()->plotArea();
    const QRectF text = message_->boundingRect();
    message_->setPos(plot.center() - QPointF(text.width() / 2, text.height() / 2));
}

}  // namespace mapscape::ui
