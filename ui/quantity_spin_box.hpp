// Spin boxes that read and show units: a byte size ("256 KiB", "1 MB", "108 kB") and a rate in
// elements per cycle ("16", "64 B/cycle" with the word size, "81.92 M"). Each shows its value with
// the largest unit that keeps it exact (util/quantity_input.hpp), so what is shown reads back as
// the same number; arrows still step by one.
#pragma once

#include <functional>

#include <QSpinBox>

namespace mapscape::ui {

class ByteSizeSpinBox : public QSpinBox {
    Q_OBJECT
public:
    explicit ByteSizeSpinBox(QWidget* parent = nullptr);

protected:
    QString textFromValue(int value) const override;
    int valueFromText(const QString& text) const override;
    QValidator::State validate(QString& input, int& pos) const override;
};

class RateSpinBox : public QSpinBox {
    Q_OBJECT
public:
    // `word_size_bytes` converts "B/cycle" (the accelerator's word size when the text is read).
    explicit RateSpinBox(std::function<int()> word_size_bytes, QWidget* parent = nullptr);

protected:
    QString textFromValue(int value) const override;
    int valueFromText(const QString& text) const override;
    QValidator::State validate(QString& input, int& pos) const override;

private:
    std::function<int()> word_size_bytes_;
};

}  // namespace mapscape::ui
