#include "teaching_view.hpp"

#include <QComboBox>
#include <QHBoxLayout>
#include <QMouseEvent>
#include <QStyleOptionSlider>
#include <QLabel>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include "pe_array_widget.hpp"
#include "study_document.hpp"

namespace mapscape::ui {

namespace {
// The slider moves in at most this many positions; long nests are sampled evenly.
constexpr int kSliderPositions = 10000;
// Play's speeds, in slider positions per second; ticks come at most every 20 ms (50 a second),
// faster speeds advance several positions a tick.
constexpr int kSpeeds[] = {1, 3, 10, 30, 100, 300, 1000};
constexpr int kDefaultSpeed = 10;
constexpr int kShortestTickMs = 20;

// A click on the slider's groove moves the handle to the click, not a page towards it: with
// thousands of steps a page is a few pixels, so a click seemed to do nothing. The handle is then
// under the pointer, so a drag goes on from there.
class JumpSlider : public QSlider {
public:
    using QSlider::QSlider;

protected:
    void mousePressEvent(QMouseEvent* event) override {
        if (event->button() == Qt::LeftButton && maximum() > minimum()) {
            QStyleOptionSlider option;
            initStyleOption(&option);
            const QRect handle = style()->subControlRect(QStyle::CC_Slider, &option, QStyle::SC_SliderHandle, this);
            const QPoint at = event->position().toPoint();
            if (!handle.contains(at)) {
                const QRect groove = style()->subControlRect(QStyle::CC_Slider, &option, QStyle::SC_SliderGroove, this);
                const int span = std::max(1, groove.width() - handle.width());
                setValue(QStyle::sliderValueFromPosition(minimum(), maximum(), at.x() - groove.x() - handle.width() / 2, span, option.upsideDown));
            }
        }
        QSlider::mousePressEvent(event);
    }
};
}

TeachingView::TeachingView(StudyDocument* doc, QWidget* parent) : QWidget(parent), doc_(doc) {
    auto* layout = new QHBoxLayout(this);
    auto* split = new QSplitter(Qt::Horizontal);
    splitter_ = split;
    nest_text_ = new QPlainTextEdit;
    nest_text_->setReadOnly(true);
    QFont mono("DejaVu Sans Mono");
    mono.setStyleHint(QFont::Monospace);
    nest_text_->setFont(mono);
    nest_text_->setLineWrapMode(QPlainTextEdit::NoWrap);
    split->addWidget(nest_text_);

    auto* right = new QWidget;
    auto* right_layout = new QVBoxLayout(right);
    // The step readout and the buttons on one row, the slider on its own row across the pane.
    auto* controls = new QHBoxLayout;
    step_box_ = new QSpinBox;
    step_box_->setKeyboardTracking(false);
    step_box_->setAccelerated(true);
    steps_label_ = new QLabel;
    auto* back = new QToolButton;
    back->setArrowType(Qt::LeftArrow);
    back->setToolTip(tr("One step back"));
    auto* forward = new QToolButton;
    forward->setArrowType(Qt::RightArrow);
    forward->setToolTip(tr("One step forward"));
    play_ = new QPushButton(tr("Play"));
    play_->setCheckable(true);
    speed_ = new QComboBox;
    for (int speed : kSpeeds) speed_->addItem(tr("%1 steps/s").arg(speed), speed);
    speed_->setCurrentIndex(speed_->findData(kDefaultSpeed));
    speed_->setToolTip(tr("How fast Play moves along the slider (sampled positions of a long nest)"));
    // Two short rows rather than one long one: the array's pane then needs little width, and
    // the loop nest beside it can have the room its lines need.
    controls->addWidget(new QLabel(tr("Time step:")));
    controls->addWidget(step_box_);
    controls->addWidget(steps_label_);
    controls->addStretch(1);
    auto* playing = new QHBoxLayout;
    playing->addWidget(back);
    playing->addWidget(play_);
    playing->addWidget(forward);
    playing->addStretch(1);
    playing->addWidget(new QLabel(tr("Speed:")));
    playing->addWidget(speed_);
    right_layout->addLayout(controls);
    right_layout->addLayout(playing);
    slider_ = new JumpSlider(Qt::Horizontal);
    slider_->setMinimumWidth(240);
    slider_->setTickPosition(QSlider::TicksBelow);
    right_layout->addWidget(slider_);
    array_ = new PeArrayWidget;
    right_layout->addWidget(array_, 1);
    detail_ = new QLabel(tr("Click a PE to see what it holds."));
    detail_->setWordWrap(true);
    detail_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    right_layout->addWidget(detail_);
    split->addWidget(right);
    split->setStretchFactor(1, 2);
    split->setSizes({420, 640});
    connect(split, &QSplitter::splitterMoved, this, [this] { user_sized_ = true; });
    layout->addWidget(split);

    play_timer_ = new QTimer(this);
    connect(play_timer_, &QTimer::timeout, this, [this] {
        const int next = slider_->value() + positions_per_tick_;
        slider_->setValue(slider_->value() >= slider_->maximum() ? 0 : std::min(next, slider_->maximum()));
    });
    connect(play_, &QPushButton::toggled, this, [this](bool on) {
        play_->setText(on ? tr("Pause") : tr("Play"));
        if (on) play_timer_->start(); else play_timer_->stop();
    });
    connect(speed_, &QComboBox::currentIndexChanged, this, &TeachingView::apply_speed);
    apply_speed();
    connect(back, &QToolButton::clicked, this, [this] { slider_->setValue(slider_->value() - 1); });
    connect(forward, &QToolButton::clicked, this, [this] { slider_->setValue(slider_->value() + 1); });
    connect(slider_, &QSlider::valueChanged, this, [this](int v) { show_step(v); });
    connect(step_box_, &QSpinBox::valueChanged, this, [this](int v) {
        if (slider_->value() != v) slider_->setValue(v);
    });
    connect(array_, &PeArrayWidget::pe_selected, this, &TeachingView::show_pe);
    connect(doc, &StudyDocument::study_replaced, this, &TeachingView::rebuild);
    connect(doc, &StudyDocument::model_changed, this, &TeachingView::rebuild);
    connect(doc, &StudyDocument::accelerator_changed, this, &TeachingView::rebuild);
    connect(doc, &StudyDocument::selected_layer_changed, this, &TeachingView::rebuild);
    connect(doc, &StudyDocument::mapping_changed, this, [this](int layer) {
        if (layer == doc_->selected_layer()) rebuild();
    });
    rebuild();
}

void TeachingView::rebuild() {
    if (doc_->study().model.layers.empty()) return;
    const Layer& layer = doc_->layer(doc_->selected_layer());
    const LoopNest nest = build_loop_nest(layer, doc_->study().accelerator, doc_->current_mapping());
    const QString text = QString::fromStdString(loop_nest_text(nest));
    nest_text_->setPlainText(text);
    // The nest's pane as wide as its widest line, up to 55% of the view: the array scales to
    // what is left, a cut-off comment cannot be read.
    const QFontMetrics fm(nest_text_->font());
    int widest = 0;
    for (const QString& line : text.split('\n')) widest = std::max(widest, fm.horizontalAdvance(line));
    nest_width_ = widest + nest_text_->frameWidth() * 2 + 2 * static_cast<int>(nest_text_->document()->documentMargin()) +
                  nest_text_->verticalScrollBar()->sizeHint().width() + 4;
    fit_nest_pane();
    const int positions = static_cast<int>(std::min<std::int64_t>(nest.time_steps, kSliderPositions));
    slider_->blockSignals(true);
    step_box_->blockSignals(true);
    slider_->setRange(0, std::max(0, positions - 1));
    step_box_->setRange(0, std::max(0, positions - 1));
    slider_->setValue(std::min(slider_->value(), slider_->maximum()));
    slider_->setPageStep(std::max(1, positions / 20));
    slider_->setTickInterval(std::max(1, positions / 10));
    slider_->blockSignals(false);
    step_box_->blockSignals(false);
    steps_label_->setText(nest.time_steps > kSliderPositions ? tr("of %1 (sampled)").arg(nest.time_steps) : tr("of %1").arg(nest.time_steps));
    show_step(slider_->value());
}

void TeachingView::fit_nest_pane() {
    if (user_sized_) return;  // the panes stay where the user put them
    const int total = splitter_->width() > 100 ? splitter_->width() : 1060;
    const int left = std::clamp(nest_width_, 240, total * 55 / 100);
    splitter_->setSizes({left, total - left});
}

void TeachingView::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    fit_nest_pane();  // the splitter has its real width now
    if (pe_states_stale_) show_step(slider_->value());
}

void TeachingView::update_hidden_pe_states() {
    if (!pe_states_stale_ || doc_->study().model.layers.empty()) return;
    const Layer& layer = doc_->layer(doc_->selected_layer());
    draw_pe_states(layer, build_loop_nest(layer, doc_->study().accelerator, doc_->current_mapping()));
}

void TeachingView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    fit_nest_pane();  // until the user drags the splitter, the nest keeps its fit
}

void TeachingView::apply_speed() {
    const int per_second = speed_->currentData().toInt();
    const int interval_ms = std::max(kShortestTickMs, 1000 / std::max(1, per_second));
    play_timer_->setInterval(interval_ms);
    positions_per_tick_ = std::max(1, per_second * interval_ms / 1000);
}

void TeachingView::show_step(qint64 position) {
    if (doc_->study().model.layers.empty()) return;
    step_box_->blockSignals(true);
    step_box_->setValue(static_cast<int>(position));
    step_box_->blockSignals(false);
    const Layer& layer = doc_->layer(doc_->selected_layer());
    const LoopNest nest = build_loop_nest(layer, doc_->study().accelerator, doc_->current_mapping());
    const std::int64_t positions = std::min<std::int64_t>(nest.time_steps, kSliderPositions);
    step_ = positions > 1 ? position * (nest.time_steps - 1) / (positions - 1) : 0;
    if (!isVisible()) {  // computed when shown (showEvent)
        pe_states_stale_ = true;
        return;
    }
    draw_pe_states(layer, nest);
}

void TeachingView::draw_pe_states(const Layer& layer, const LoopNest& nest) {
    pe_states_stale_ = false;
    if (nest.pe_count > kMostDrawnPes) {  // too many to draw one by one
        array_->set_state(layer, nest, {});
        detail_->setText(tr("%1 PEs: too many to draw.").arg(nest.pe_count));
        return;
    }
    array_->set_state(layer, nest, pes_at_step(layer, nest, step_));
    if (array_->selected_pe() >= 0) show_pe(array_->selected_pe());
}

void TeachingView::show_pe(int pe) {
    const Layer& layer = doc_->layer(doc_->selected_layer());
    const LoopNest nest = build_loop_nest(layer, doc_->study().accelerator, doc_->current_mapping());
    const std::vector<PeView> pes = pes_at_step(layer, nest, step_);
    if (pe < 0 || pe >= static_cast<int>(pes.size())) return;
    const PeView& v = pes[static_cast<std::size_t>(pe)];
    if (!v.active) {
        detail_->setText(tr("<b>PE %1</b> at step %2: idle.").arg(pe).arg(step_));
        return;
    }
    const TensorSlices t = tensor_slices(layer, v.ranges);
    detail_->setText(tr("<b>PE %1</b> at step %2: %3<br>%4<br>%5<br>%6")
                         .arg(pe)
                         .arg(step_)
                         .arg(QString::fromStdString(describe_ranges(v.ranges)).toHtmlEscaped())
                         .arg(QString::fromStdString(t.output).toHtmlEscaped())
                         .arg(QString::fromStdString(t.weight).toHtmlEscaped())
                         .arg(QString::fromStdString(t.input).toHtmlEscaped()));
}

}  // namespace mapscape::ui
