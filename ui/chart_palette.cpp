#include "chart_palette.hpp"

#include <cmath>

namespace mapscape::ui {

QColor series_color(int index) {
    static const QColor tableau[20] = {
        QColor(31, 119, 180), QColor(255, 127, 14), QColor(44, 160, 44),   QColor(214, 39, 40),   QColor(148, 103, 189),
        QColor(140, 86, 75),  QColor(227, 119, 194), QColor(188, 189, 34),  QColor(23, 190, 207),  QColor(127, 127, 127),
        QColor(174, 199, 232), QColor(255, 187, 120), QColor(152, 223, 138), QColor(255, 152, 150), QColor(197, 176, 213),
        QColor(196, 156, 148), QColor(247, 182, 210), QColor(219, 219, 141), QColor(158, 218, 229), QColor(199, 199, 199)};
    if (index < 0) index = 0;
    if (index < 20) return tableau[index];
    const double hue = std::fmod(0.07 + 0.618033988749895 * (index - 20), 1.0);
    return QColor::fromHsvF(static_cast<float>(hue), 0.65f, (index % 2) ? 0.62f : 0.88f);
}

QColor text_color_on(const QColor& background) {
    auto linear = [](double c) { return c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); };
    const double luminance = 0.2126 * linear(background.redF()) + 0.7152 * linear(background.greenF()) + 0.0722 * linear(background.blueF());
    // Contrast with black (L + 0.05) / 0.05 against white 1.05 / (L + 0.05): equal at L = 0.179.
    return luminance > 0.179 ? QColor(20, 20, 20) : QColor(255, 255, 255);
}

DistinctLabels distinct_labels(const QStringList& labels) {
    DistinctLabels out;
    if (labels.isEmpty()) return out;
    std::vector<QStringList> parts;
    for (const QString& label : labels) parts.push_back(label.split(QStringLiteral(", ")));
    QStringList shared;
    if (labels.size() > 1)
        for (const QString& part : parts.front()) {
            bool everywhere = true;
            for (const QStringList& p : parts) everywhere = everywhere && p.contains(part);
            if (everywhere) shared << part;
        }
    out.shared = shared.join(QStringLiteral(", "));
    for (std::size_t i = 0; i < parts.size(); ++i) {
        QStringList own;
        for (const QString& part : parts[i])
            if (!shared.contains(part)) own << part;
        out.own << (own.isEmpty() ? labels[static_cast<qsizetype>(i)] : own.join(QStringLiteral(", ")));
    }
    return out;
}

}  // namespace mapscape::ui
