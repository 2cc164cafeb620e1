// `mapscape --bench-ui --whatif`: the What-if tab's live answer timed as an architect uses it.
// ResNet-50 (torchvision shapes, 24 unique) on the edge preset; 20 random edits of L2 (x0.5 to
// x2 of the preset's, seed 1), each made once the tab is idle; for each, the time from the edit to
// the network's figures on screen and to the tornado's 14 bars, the event loop's stalls all along,
// and afterwards how far each live answer's latency is from a fresh 10,000-samples-per-layer
// GAMMA search of the same design. Tight figures live here, not in tests.
#pragma once

#include <QJsonObject>
#include <QString>

namespace mapscape::ui {

class MainWindow;

// Runs the scenario in `window` and returns its lines of the benchmark's table; `json` gets the
// raw figures.
QString run_whatif_benchmark(MainWindow& window, int edits, QJsonObject* json);

}  // namespace mapscape::ui
