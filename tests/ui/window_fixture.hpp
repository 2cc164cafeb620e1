// What the GUI suites share: the main window opened on the example study, not interactive (no
// dialogs), shown offscreen; and a probe of the event loop's longest stall.
#pragma once

#include <QElapsedTimer>
#include <QTimer>

#include <algorithm>
#include <memory>

#include "main_window.hpp"

namespace mapscape::ui::testing {

inline std::unique_ptr<MainWindow> open_window() {
    auto w = std::make_unique<MainWindow>();
    w->set_interactive(false);
    w->open_example();
    w->show();
    return w;
}

// The longest gap between ticks of a short timer, from start() to longest_ms(): how long the
// event loop could not answer.
class StallProbe {
public:
    explicit StallProbe(int interval_ms = 5) {
        timer_.setInterval(interval_ms);
        QObject::connect(&timer_, &QTimer::timeout, [this] {
            const qint64 now = clock_.elapsed();
            longest_ = std::max(longest_, now - last_);
            last_ = now;
        });
    }
    void start() {
        clock_.start();
        last_ = 0;
        timer_.start();
    }
    qint64 stop() {
        timer_.stop();
        return longest_;
    }
    qint64 longest_ms() const { return longest_; }

private:
    QTimer timer_;
    QElapsedTimer clock_;
    qint64 last_ = 0, longest_ = 0;
};

}  // namespace mapscape::ui::testing
