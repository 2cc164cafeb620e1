// The Mind Mappings surrogate view: how well the shipped surrogate predicts the cost model
// (predicted against true EDP over the algorithmic minimum, for layer shapes it never saw), and,
// for the layer being edited, which single directive change the surrogate's gradient says helps
// the objective most ("what to try next"), with what the cost model says of each; a suggestion
// can be applied to the dataflow. The surrogate is the libtorch plugin's, opened when the view is
// first shown; when it cannot be opened, the view says why.
#pragma once

#include <QWidget>

#include <memory>

class QLabel;
class QTableWidget;
class QPushButton;

namespace mapscape::ui {

class ChartView;
class StudyDocument;

class SurrogateView : public QWidget {
    Q_OBJECT
public:
    explicit SurrogateView(StudyDocument* doc, QWidget* parent = nullptr);
    ~SurrogateView() override;

    QTableWidget* suggestions() const { return suggestions_; }
    QLabel* status() const { return status_; }
    QLabel* model_label() const { return model_label_; }
    int heldout_points() const;
    // The plugin and the model have been asked for and the answer is in (loaded or not).
    bool opened() const;
    // Predicted against true EDP on the held-out shapes, with the diagonal of exact predictions.
    ChartView* heldout_chart() const { return chart_; }
    // Recomputes the suggestions for the selected layer's mapping (and, the first time, the
    // held-out chart).
    void refresh();
    // Applies suggestion `row` of the table to the dataflow (undoable).
    bool apply(int row);

protected:
    void showEvent(QShowEvent* event) override;

private:
    struct State;
    // Opens the libtorch plugin and reads the shipped surrogate on a worker thread, the first time
    // (libtorch takes half a second to load, longer on a busy machine: the window must not wait);
    // refresh() runs again once it is there.
    void begin_open();
    void finish_open();
    void build_heldout_chart();

    StudyDocument* doc_;
    std::unique_ptr<State> state_;
    QLabel *model_label_, *status_;
    ChartView* chart_;
    QTableWidget* suggestions_;
    QPushButton* apply_;
};

}  // namespace mapscape::ui
