#include "compact_tab_style.hpp"

namespace mapscape::ui {

int CompactTabStyle::pixelMetric(PixelMetric metric, const QStyleOption* option, const QWidget* widget) const {
    const int value = QProxyStyle::pixelMetric(metric, option, widget);
    // Two thirds of the space beside a title: still clear of its neighbours' edges.
    if (metric == PM_TabBarTabHSpace) return value * 2 / 3;
    return value;
}

}  // namespace mapscape::ui
