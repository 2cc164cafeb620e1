// A tornado chart: one row per knob, its two variants' change of a figure (in % of the current
// design's) as two horizontal bars from a centre line at 0 % (the current design), the widest
// swing on top. A variant that cannot be compared (the knob does not apply, or some layers found
// no mapping) is a short grey stub with its reason in the tooltip. Clicking a comparable bar says
// which variant it was. Qt Charts bars, like BreakdownChart, rather than ChartView (points and
// lines); the palette's colours, the value axis's round ticks from chart_ticks.
#pragma once

#include <QChartView>
#include <QString>
#include <QStringList>

#include <vector>

class QBarCategoryAxis;
class QBarSet;
class QCategoryAxis;
class QHorizontalBarSeries;
class QLineSeries;

namespace mapscape::ui {

struct TornadoBar {
    double factor = 1;
    bool comparable = false;  // false: grey stub, `note` says why
    double change_percent = 0;
    QString tooltip;  // the setting, the figure and its change, or why there is none
};

struct TornadoRow {
    QString knob;   // the category label ("l2"); a '*' is added when a variant found no mapping
    QString key;    // the knob's name for bar_clicked ("l2")
    TornadoBar low, high;  // x0.5 and x2
    bool marked = false;   // a variant has layers without a mapping
};

class TornadoChart : public QChartView {
    Q_OBJECT
  public:
    explicit TornadoChart(QWidget* parent = nullptr);

    // Rows top to bottom; `axis_title` says what the % is of ("latency: current 1.23 ms").
    void set_rows(const std::vector<TornadoRow>& rows, const QString& title, const QString& axis_title);
    // No rows: `why` in the plot.
    void set_message(const QString& title, const QString& why);

    // What is drawn (tests).
    const std::vector<TornadoRow>& rows() const { return rows_; }
    QHorizontalBarSeries* series() const { return series_; }
    QBarSet* low_set() const { return low_; }
    QBarSet* high_set() const { return high_; }
    // The value a bar has in the chart: the change in %, or the stub's (not comparable).
    double bar_value(int row, bool high) const;
    QString message() const;
    QString title() const;

  signals:
    // A comparable bar was clicked: its knob's name and factor.
    void bar_clicked(const QString& knob, double factor);

  private:
    void hovered(bool status, int index, QBarSet* set);
    void clicked(int index, QBarSet* set);
    // The row a category index is (Qt draws the first category at the bottom).
    int row_of(int index) const { return static_cast<int>(rows_.size()) - 1 - index; }

    std::vector<TornadoRow> rows_;
    QHorizontalBarSeries* series_;
    QBarSet *low_, *high_;
    QBarCategoryAxis* categories_;
    QCategoryAxis* values_axis_;
    QLineSeries* centre_;
    class QGraphicsSimpleTextItem* message_;
};

}  // namespace mapscape::ui
