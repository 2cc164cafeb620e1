// The main window's tab bar with a little less room around each title: ten views' titles in one
// row of a 1280-pixel window beside its two docks (the style's default, 24 pixels a tab, left the
// tenth tab without room). Everything else is the application's style.
#pragma once

#include <QProxyStyle>

namespace mapscape::ui {

class CompactTabStyle : public QProxyStyle {
  public:
    using QProxyStyle::QProxyStyle;
    int pixelMetric(PixelMetric metric, const QStyleOption* option = nullptr, const QWidget* widget = nullptr) const override;
};

}  // namespace mapscape::ui
