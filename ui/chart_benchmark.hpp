// `mapscape --bench-ui`'s chart section: every chart of the window holding 200,000 points, its
// repaint (the GUI thread's work from new data to painted pixels) and the event loop's stalls
// while data streams into it and the window is resized, per chart.
#pragma once

#include <QJsonObject>
#include <QString>

namespace mapscape::ui {

class MainWindow;

struct ChartBenchOptions {
    int points = 200000;       // points per chart
    int repaints = 15;         // timed repaints per chart
    double stream_seconds = 3;  // how long data streams into each chart while stalls are measured
    QString filter;            // only the charts whose name contains it
};

// Measures every chart of `w` (shown) and returns the figures as text (a table) and JSON.
QString run_chart_benchmark(MainWindow& w, const ChartBenchOptions& options, QJsonObject* json);

}  // namespace mapscape::ui
