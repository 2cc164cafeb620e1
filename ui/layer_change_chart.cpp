#include "layer_change_chart.hpp"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QCursor>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QToolTip>

#include <algorithm>

#include "bar_chart_frame.hpp"
#include "chart_palette.hpp"
#include "chart_ticks.hpp"

namespace mapscape::ui {

LayerChangeChart::LayerChangeChart(QWidget* parent) : QChartView(parent) {
    series_ = new QBarSeries;
    series_->setBarWidth(0.85);
    before_ = new QBarSet(tr("previous design"));
    after_ = new QBarSet(tr("this design"));
    const QColor before_color(170, 170, 170), after_color = series_color(0);
    for (auto [set, color] : {std::pair{before_, before_color}, std::pair{after_, after_color}}) {
        set->setColor(color);
        set->setBorderColor(color.darker(115));
        series_->append(set);
    }
    const BarChartFrame frame = make_bar_chart_frame(this, series_, QMargins(4, 2, 12, 2), false);
    categories_ = frame.categories;
    values_axis_ = frame.values;
    message_ = frame.message;
    chart()->legend()->setAlignment(Qt::AlignBottom);
    chart()->legend()->setFont(font());
    setMinimumSize(280, 150);
    connect(series_, &QBarSeries::hovered, this, &LayerChangeChart::hovered);
    connect(chart(), &QChart::plotAreaChanged, this, [this](const QRectF& area) {
        message_->setPos(area.center() - message_->boundingRect().center());
    });
    set_message(QString(), QString());
}

void LayerChangeChart::set_layers(const std::vector<LayerChange>& layers, const QString& title, const QString& axis_title,
                                  bool have_before) {
    layers_ = layers;
    before_->remove(0, before_->count());
    after_->remove(0, after_->count());
    QStringList labels;
    double top = 0;
    // A long model (a transformer's hundred shapes) keeps about 25 labels on the axis, the
    // others blank (each category needs a distinct text: spaces of growing length), so they do
    // not run into each other; the tooltip names every layer.
    const std::size_t label_every = std::max<std::size_t>(1, (layers_.size() + 24) / 25);
    for (std::size_t i = 0; i < layers_.size(); ++i) {
        const LayerChange& l = layers_[i];
        labels << (i % label_every == 0 ? l.label : QString(static_cast<qsizetype>(i % label_every), QLatin1Char(' ')) + QString(static_cast<qsizetype>(i / label_every), QChar(0x200B)));
        before_->append(have_before ? l.before : 0.0);
        after_->append(l.after);
        top = std::max({top, have_before ? l.before : 0.0, l.after});
    }
    categories_->setCategories(labels);
    for (const QString& label : values_axis_->categoriesLabels()) values_axis_->remove(label);
    const ChartAxis axis{axis_title, Quantity::Plain, AxisScale::Linear};
    double hi = top > 0 ? top * 1.05 : 1.0;
    for (double t : axis_ticks(0, hi, axis)) {
        values_axis_->append(QString::number(t, 'g', 4), t);
        hi = std::max(hi, t);
    }
    values_axis_->setStartValue(0);
    values_axis_->setRange(0, hi);
    values_axis_->setTitleText(axis_title);
    chart()->setTitle(title);
    message_->setVisible(layers_.empty());
}

void LayerChangeChart::set_message(const QString& title, const QString& why) {
    set_layers({}, title, QString(), false);
    message_->setText(why);
    message_->setVisible(!why.isEmpty());
    message_->setPos(chart()->plotArea().center() - message_->boundingRect().center());
}

QString LayerChangeChart::message() const {
    return message_->isVisible() ? message_->text() : QString();
}

void LayerChangeChart::hovered(bool status, int index, QBarSet*) {
    if (!status || index < 0 || index >= static_cast<int>(layers_.size())) {
        QToolTip::hideText();
        return;
    }
    QToolTip::showText(QCursor::pos(), layers_[static_cast<std::size_t>(index)].tooltip, this);
}

}  // namespace mapscape::ui
