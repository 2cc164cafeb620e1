// The teaching view of the selected mapping: the loop nest it stands for (spatial loops marked),
// and the PE array at a chosen time step, with a slider across the pane (a click jumps there),
// single steps back and forth, and Play at a chosen speed.
#pragma once

#include <QWidget>

#include <cstdint>

#include "mapping/loop_nest.hpp"

class QComboBox;
class QLabel;
class QPushButton;
class QPlainTextEdit;
class QSlider;
class QSpinBox;
class QSplitter;
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
    QSpinBox* step_box() const { return step_box_; }
    QPushButton* play_button() const { return play_; }
    QComboBox* speed() const { return speed_; }
    // Timer ticks of Play and the positions each advances: together, the chosen steps per second.
    QTimer* play_timer() const { return play_timer_; }
    int positions_per_tick() const { return positions_per_tick_; }
    PeArrayWidget* pe_array() const { return array_; }
    // The PE states are computed when the view is shown (up to 65,536 PEs: too slow to redo on
    // every accelerator edit made elsewhere); an export of the hidden array computes them first.
    void update_hidden_pe_states();
    QLabel* pe_detail() const { return detail_; }

protected:
    void showEvent(QShowEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void rebuild();
    void fit_nest_pane();
    void show_step(qint64 step);
    // The array's PE states at step_ and the selected PE's detail (or why none are drawn).
    void draw_pe_states(const Layer& layer, const LoopNest& nest);
    void show_pe(int pe);
    void apply_speed();

    StudyDocument* doc_;
    QSplitter* splitter_;
    QPlainTextEdit* nest_text_;
    QSlider* slider_;
    QSpinBox* step_box_;
    QLabel* steps_label_;
    QLabel* detail_;
    PeArrayWidget* array_;
    QPushButton* play_;
    QComboBox* speed_;
    QTimer* play_timer_;
    int positions_per_tick_ = 1;
    bool user_sized_ = false;  // the user dragged the splitter: the panes stay as they put them
    int nest_width_ = 420;  // the loop nest's widest line, in pixels, with the pane's margins
    qint64 step_ = 0;
    bool pe_states_stale_ = true;  // never drawn, or hidden while the step or the design changed
    static constexpr std::int64_t kMostDrawnPes = 65536;
};

}  // namespace mapscape::ui
