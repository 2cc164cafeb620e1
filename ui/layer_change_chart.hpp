// Before and after, layer by layer: for each unique layer shape of the network, its figure (all
// its runs) on the previous design and on the current one, as two bars side by side, the layers
// in the model's order. The What-if tab's live answer draws it after every edit; hovering a
// layer's bars tells its name, shape, both figures and its lower bound.
#pragma once

#include <QChartView>
#include <QString>

#include <vector>

class QBarSeries;
class QBarSet;
class QBarCategoryAxis;
class QCategoryAxis;
class QGraphicsSimpleTextItem;

namespace mapscape::ui {

struct LayerChange {
    QString label;     // what the category axis shows ("3")
    QString tooltip;   // the layer's name, shape and figures
    double before = 0; // previous design (0: none)
    double after = 0;  // current design (0: no mapping)
};

class LayerChangeChart : public QChartView {
    Q_OBJECT
  public:
    explicit LayerChangeChart(QWidget* parent = nullptr);

    // The values are in the unit the axis title names ("latency of all runs, ms").
    void set_layers(const std::vector<LayerChange>& layers, const QString& title, const QString& axis_title, bool have_before);
    void set_message(const QString& title, const QString& why);

    // What is drawn (tests).
    const std::vector<LayerChange>& layers() const { return layers_; }
    QBarSet* before_set() const { return before_; }
    QBarSet* after_set() const { return after_; }
    QString message() const;

  private:
    void hovered(bool status, int index, QBarSet* set);

    std::vector<LayerChange> layers_;
    QBarSeries* series_;
    QBarSet *before_, *after_;
    QBarCategoryAxis* categories_;
    QCategoryAxis* values_axis_;
    QGraphicsSimpleTextItem* message_;
};

}  // namespace mapscape::ui
