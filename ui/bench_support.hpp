// What `mapscape --bench-ui`'s sections share: the stall meter (gaps between the ticks of a 5 ms
// timer on the GUI thread), percentiles, and running the event loop for a while.
#pragma once

#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

#include <algorithm>
#include <vector>

namespace mapscape::ui {

inline constexpr int kStallTickMs = 5;

// Gaps between the ticks of a 5 ms timer: what the user feels as the window's responsiveness.
class StallMeter {
public:
    StallMeter() {
        tick_.setTimerType(Qt::PreciseTimer);
        tick_.setInterval(kStallTickMs);
        QObject::connect(&tick_, &QTimer::timeout, [this] {
            const qint64 now = clock_.nsecsElapsed();
            gaps_ms_.push_back(static_cast<double>(now - last_) / 1e6);
            last_ = now;
        });
    }
    void start() {
        gaps_ms_.clear();
        clock_.start();
        last_ = 0;
        tick_.start();
    }
    void stop() { tick_.stop(); }
    const std::vector<double>& gaps_ms() const { return gaps_ms_; }

private:
    QTimer tick_;
    QElapsedTimer clock_;
    qint64 last_ = 0;
    std::vector<double> gaps_ms_;
};

inline double percentile(std::vector<double> v, double q) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const auto i = static_cast<std::size_t>(std::clamp(q * static_cast<double>(v.size() - 1), 0.0, static_cast<double>(v.size() - 1)));
    return v[i];
}

// Runs the event loop for `ms` milliseconds, as a user's session would.
inline void wait_ms(int ms) {
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

}  // namespace mapscape::ui
