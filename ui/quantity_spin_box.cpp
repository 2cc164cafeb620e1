#include "quantity_spin_box.hpp"

#include "util/quantity_input.hpp"

namespace mapscape::ui {

namespace {

// Acceptable when the text is a value in range; Intermediate while it may still become one
// (the user is typing "256 K"); Invalid for characters no value has.
template <typename Parse>
QValidator::State check(const QString& input, const QSpinBox& box, Parse parse) {
    const auto value = parse(input.toStdString());
    if (value && *value >= box.minimum() && *value <= box.maximum()) return QValidator::Acceptable;
    for (QChar c : input)
        if (!(c.isLetterOrNumber() || c.isSpace() || c == '.' || c == '/')) return QValidator::Invalid;
    return QValidator::Intermediate;
}

}  // namespace

ByteSizeSpinBox::ByteSizeSpinBox(QWidget* parent) : QSpinBox(parent) {
    setToolTip(tr("Bytes: type 512, 256 KiB, 1.5 MiB or 108 kB"));
}

QString ByteSizeSpinBox::textFromValue(int value) const { return QString::fromStdString(exact_byte_size_text(value)); }

int ByteSizeSpinBox::valueFromText(const QString& text) const {
    const auto v = parse_byte_size(text.toStdString());
    return v ? static_cast<int>(std::clamp<std::int64_t>(*v, minimum(), maximum())) : value();
}

QValidator::State ByteSizeSpinBox::validate(QString& input, int&) const {
    return check(input, *this, [](const std::string& t) { return parse_byte_size(t); });
}

RateSpinBox::RateSpinBox(std::function<int()> word_size_bytes, QWidget* parent)
    : QSpinBox(parent), word_size_bytes_(std::move(word_size_bytes)) {
    setToolTip(tr("Elements per cycle: type 16, 2k, or 64 B/cycle (divided by the word size)"));
}

QString RateSpinBox::textFromValue(int value) const {
    return tr("%1 elem/cycle").arg(QString::fromStdString(exact_count_text(value)));
}

int RateSpinBox::valueFromText(const QString& text) const {
    const auto v = parse_elements_per_cycle(text.toStdString(), word_size_bytes_());
    return v ? static_cast<int>(std::clamp<std::int64_t>(*v, minimum(), maximum())) : value();
}

QValidator::State RateSpinBox::validate(QString& input, int&) const {
    const int word = word_size_bytes_();
    return check(input, *this, [word](const std::string& t) { return parse_elements_per_cycle(t, word); });
}

}  // namespace mapscape::ui
