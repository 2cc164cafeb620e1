// A horizontal bar chart of a figure's parts (the energy of one layer by MAC, L1, L2, NoC, DRAM
// and leakage; its area by PEs, L1, L2 and NoC), one bar per part in the palette's colours, each
// labelled with its value in the units people read ("12.3 µJ", "0.42 mm²"). Qt Charts bars
// rather than ChartView, which draws points and lines. With no figures (a mapping that cannot
// run) it says why in its plot, as an empty ChartView does.
#pragma once

#include <QChartView>
#include <QStringList>

#include <vector>

#include "util/units.hpp"

class QBarCategoryAxis;
class QBarSet;
class QGraphicsSimpleTextItem;
class QCategoryAxis;

namespace mapscape::ui {

class BreakdownChart : public QChartView {
    Q_OBJECT
public:
    // `parts` top to bottom; `colors[i]` is part i's index in the palette (series_color).
    BreakdownChart(const QString& title, const QStringList& parts, const std::vector<int>& colors, Quantity quantity,
                   QWidget* parent = nullptr);

    // One value per part (in the quantity's base unit: nJ, µm²) and the title. A part with a note
    // shows the note instead of its value: "—" for what the model does not have (MAESTRO's NoC
    // energy), rather than a zero that reads as measured.
    void set_values(const std::vector<double>& values, const QString& title, const QStringList& notes = {});
    // No figures: every bar gone and `why` in the plot.
    void set_unavailable(const QString& title, const QString& why);

    // What is drawn (tests): a part's value in the base unit, its label, the message shown.
    double value(int part) const { return values_.at(static_cast<std::size_t>(part)); }
    QString part_label(int part) const;
    QString empty_message() const;
    QString title() const;

    // About 22 pixels a bar (Qt Charts drops category labels it cannot fit), so that the two
    // charts stand about as tall as the readout beside them.
    QSize sizeHint() const override { return {300, 40 + 22 * static_cast<int>(parts_.size())}; }

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void place_message();

    QStringList parts_;
    Quantity quantity_;
    std::vector<QBarSet*> sets_;  // one per part, its value at its own category only
    QBarCategoryAxis* categories_;
    QCategoryAxis* values_axis_;  // round ticks labelled by us: Qt's label format garbles "µ" and "²"
    QGraphicsSimpleTextItem* message_;
    std::vector<double> values_;
};

}  // namespace mapscape::ui
