// The teaching view of the selected mapping: the loop nest it stands for (spatial loops marked),
// and the PE array at a chosen time step, with a slider and Play to step through time.
#pragma once

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QSlider;
class QSpinBox;
class QTimer;

namespace mapscape::ui {

class PeArrayWidget;
class StudyDocument;

class TeachingView : public QWidget {
    Q_OBJECT
public:
    explicit TeachingView(StudyDocument* doc, QWidget* parent = nullptr);
    QPlainTextEdit* loop_nest() const { return nest_text_; }
    QSlider* step_slider() const { return slider_; }
    PeArrayWidget* pe_array() const { return array_; }
    QLabel* pe_detail() const { return detail_; }

private:
    void rebuild();
    void show_step(qint64 step);
    void show_pe(int pe);

    StudyDocument* doc_;
    QPlainTextEdit* nest_text_;
    QSlider* slider_;
    QSpinBox* step_box_;
    QLabel* steps_label_;
    QLabel* detail_;
    PeArrayWidget* array_;
    QTimer* play_timer_;
    qint64 step_ = 0;
};

}  // namespace mapscape::ui
