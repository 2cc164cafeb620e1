#include "teaching_view.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>

#include "pe_array_widget.hpp"
#include "study_document.hpp"

namespace mapscape::ui {

namespace {
// The slider moves in at most this many positions; long nests are sampled evenly.
constexpr int kSliderPositions = 10000;
}

TeachingView::TeachingView(StudyDocument* doc, QWidget* parent) : QWidget(parent), doc_(doc) {
    auto* layout = new QHBoxLayout(this);
    auto* split = new QSplitter(Qt::Horizontal);
    nest_text_ = new QPlainTextEdit;
    nest_text_->setReadOnly(true);
    QFont mono("DejaVu Sans Mono");
    mono.setStyleHint(QFont::Monospace);
    nest_text_->setFont(mono);
    nest_text_->setLineWrapMode(QPlainTextEdit::NoWrap);
    split->addWidget(nest_text_);

    auto* right = new QWidget;
    auto* right_layout = new QVBoxLayout(right);
    auto* controls = new QHBoxLayout;
    auto* play = new QPushButton(tr("Play"));
    play->setCheckable(true);
    slider_ = new QSlider(Qt::Horizontal);
    step_box_ = new QSpinBox;
    step_box_->setKeyboardTracking(false);
    steps_label_ = new QLabel;
    controls->addWidget(new QLabel(tr("Time step:")));
    controls->addWidget(slider_, 1);
    controls->addWidget(step_box_);
    controls->addWidget(steps_label_);
    controls->addWidget(play);
    right_layout->addLayout(controls);
    array_ = new PeArrayWidget;
    right_layout->addWidget(array_, 1);
    detail_ = new QLabel(tr("Click a PE to see what it holds."));
    detail_->setWordWrap(true);
    detail_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    right_layout->addWidget(detail_);
    split->addWidget(right);
    split->setStretchFactor(1, 2);
    split->setSizes({420, 640});
    layout->addWidget(split);

    play_timer_ = new QTimer(this);
    play_timer_->setInterval(300);
    connect(play_timer_, &QTimer::timeout, this, [this] {
        slider_->setValue(slider_->value() >= slider_->maximum() ? 0 : slider_->value() + 1);
    });
    connect(play, &QPushButton::toggled, this, [this, play](bool on) {
        play->setText(on ? tr("Pause") : tr("Play"));
        if (on) play_timer_->start(); else play_timer_->stop();
    });
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
    nest_text_->setPlainText(QString::fromStdString(loop_nest_text(nest)));
    const int positions = static_cast<int>(std::min<std::int64_t>(nest.time_steps, kSliderPositions));
    slider_->blockSignals(true);
    step_box_->blockSignals(true);
    slider_->setRange(0, std::max(0, positions - 1));
    step_box_->setRange(0, std::max(0, positions - 1));
    slider_->setValue(std::min(slider_->value(), slider_->maximum()));
    slider_->blockSignals(false);
    step_box_->blockSignals(false);
    steps_label_->setText(nest.time_steps > kSliderPositions ? tr("of %1 (sampled)").arg(nest.time_steps) : tr("of %1").arg(nest.time_steps));
    show_step(slider_->value());
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
    if (nest.pe_count > 65536) {  // too many to draw one by one
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
