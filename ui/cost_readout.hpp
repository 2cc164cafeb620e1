// The figures of the edited mapping, refreshed on every edit: validity (and why not), latency,
// throughput, PE utilisation, the energy breakdown, L1 and L2 required against available (red
// when over), NoC and off-chip bandwidth needs.
#pragma once

#include <QWidget>

#include "cost/cost_report.hpp"
#include "util/units.hpp"

class QLabel;
class QProgressBar;

namespace mapscape::ui {

class CostReadout : public QWidget {
    Q_OBJECT
public:
    explicit CostReadout(QWidget* parent = nullptr);
    void show_report(const Layer& layer, const Accelerator& acc, const Mapping& mapping, const CostReport& report);
    // No figures: what is displayed is not a mapping the model can evaluate (a syntax error in
    // the MAESTRO text, say). Figures of another mapping are never left standing.
    void show_unavailable(const QString& why);

    QLabel* status() const { return status_; }
    QLabel* latency() const { return latency_; }
    QLabel* energy() const { return energy_; }
    QProgressBar* l1_bar() const { return l1_; }
    QProgressBar* l2_bar() const { return l2_; }

private:
    QLabel *status_, *latency_, *throughput_, *utilization_, *energy_, *breakdown_, *l1_text_, *l2_text_, *bandwidth_;
    QProgressBar *l1_, *l2_;
};

// Whether the NoC's bandwidth means "no limit" (GAMMA's presets set 81,920,000 elements/cycle
// for it): its figures, MAESTRO's NoC area among them, then describe no NoC anyone would build.
bool unbounded_noc(const Accelerator& acc);

// A figure as people read it ("224.5 µJ", "1.23 M cycles"; util/units.hpp), for labels,
// tooltips and tables.
QString quantity_text(double value, Quantity quantity, int significant_digits = 4, bool unit = true);

}  // namespace mapscape::ui
