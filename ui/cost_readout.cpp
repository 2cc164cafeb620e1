#include "cost_readout.hpp"

#include <QLocale>
#include <QFormLayout>
#include <QLabel>
#include <QProgressBar>

#include <cmath>

#include "cost/compute_bound.hpp"

namespace mapscape::ui {

QString engineering(double v, int digits) {
    if (!std::isfinite(v)) return "-";
    const char* suffix[] = {"", " k", " M", " G", " T", " P"};
    int i = 0;
    double x = std::abs(v);
    while (x >= 1000 && i < 5) {
        x /= 1000;
        ++i;
    }
    return QString::number(std::copysign(x, v), 'g', digits) + suffix[i];
}

namespace {

void set_bar(QProgressBar* bar, std::int64_t needed, std::int64_t available) {
    const double share = available > 0 ? static_cast<double>(needed) / static_cast<double>(available) : 0;
    bar->setRange(0, 1000);
    bar->setValue(static_cast<int>(std::min(1.0, share) * 1000));
    bar->setFormat(QString::number(share * 100, 'f', 1) + " %");
    const bool over = needed > available;
    bar->setStyleSheet(over ? "QProgressBar::chunk { background: #c62828; } QProgressBar { color: #b00020; font-weight: bold; }"
                            : "QProgressBar::chunk { background: #2e7d32; }");
    bar->setProperty("over", over);
}

}  // namespace

CostReadout::CostReadout(QWidget* parent) : QWidget(parent) {
    auto* form = new QFormLayout(this);
    status_ = new QLabel;
    status_->setWordWrap(true);
    latency_ = new QLabel;
    throughput_ = new QLabel;
    utilization_ = new QLabel;
    energy_ = new QLabel;
    breakdown_ = new QLabel;
    l1_ = new QProgressBar;
    l2_ = new QProgressBar;
    l1_text_ = new QLabel;
    l2_text_ = new QLabel;
    bandwidth_ = new QLabel;
    bandwidth_->setWordWrap(true);
    for (QLabel* l : {latency_, throughput_, utilization_, energy_, breakdown_, l1_text_, l2_text_, bandwidth_})
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form->addRow(tr("Status:"), status_);
    form->addRow(tr("Latency:"), latency_);
    form->addRow(tr("Throughput:"), throughput_);
    form->addRow(tr("PE utilization:"), utilization_);
    form->addRow(tr("Energy:"), energy_);
    form->addRow(QString(), breakdown_);
    form->addRow(tr("L1 per PE:"), l1_);
    form->addRow(QString(), l1_text_);
    form->addRow(tr("L2:"), l2_);
    form->addRow(QString(), l2_text_);
    form->addRow(tr("Bandwidth:"), bandwidth_);
}

void CostReadout::show_report(const Layer& layer, const Accelerator& acc, const Mapping& mapping, const CostReport& r) {
    if (!r.valid()) {
        status_->setText(tr("<span style='color:#b00020'><b>Cannot run:</b> %1</span>")
                             .arg(QString::fromStdString(describe(r.invalid, layer, acc)).toHtmlEscaped()));
    } else {
        const std::int64_t bound = ComputeBound(layer, acc).cycles(mapping);
        status_->setText(r.runtime_cycles < bound
                             ? tr("<span style='color:#a15c00'><b>Runs</b>, but the modelled latency is below what its busiest "
                                  "PE must compute (%1 cycles): MAESTRO's model undercounts partial tiles here.</span>")
                                   .arg(bound)
                             : tr("<span style='color:#2e7d32'><b>Runs</b></span>"));
    }
    const double seconds = static_cast<double>(r.runtime_cycles) / (acc.clock_mhz * 1e6);
    latency_->setText(tr("%1 cycles (%2 s at %3 MHz)")
                          .arg(QLocale().toString(static_cast<qlonglong>(r.runtime_cycles)))
                          .arg(engineering(seconds))
                          .arg(acc.clock_mhz));
    throughput_->setText(tr("%1 MACs/cycle of %2 peak").arg(r.throughput_macs_per_cycle(), 0, 'f', 1).arg(acc.num_pes * acc.simd_lanes));
    utilization_->setText(tr("%1 of %2 PEs on average").arg(r.avg_utilized_pes, 0, 'f', 1).arg(acc.num_pes));
    energy_->setText(tr("%1 nJ").arg(engineering(r.energy.total_nj, 4)));
    breakdown_->setText(tr("MAC %1, L1 %2, L2 %3, DRAM %4 nJ")
                            .arg(engineering(r.energy.mac_nj))
                            .arg(engineering(r.energy.l1_nj))
                            .arg(engineering(r.energy.l2_nj))
                            .arg(engineering(r.energy.dram_nj)));
    set_bar(l1_, r.l1_required_bytes, acc.l1_size_bytes);
    set_bar(l2_, r.l2_required_bytes, acc.l2_size_bytes);
    l1_text_->setText(tr("%1 B required of %2 B").arg(r.l1_required_bytes).arg(acc.l1_size_bytes));
    l2_text_->setText(tr("%1 B required of %2 B").arg(r.l2_required_bytes).arg(acc.l2_size_bytes));
    bandwidth_->setText(tr("NoC %1 elements/cycle peak (%2 available); off-chip %3 elements/cycle (%4 available); DRAM traffic %5 elements")
                            .arg(r.noc_bw_required)
                            .arg(acc.noc[0].bandwidth_elements_per_cycle)
                            .arg(r.offchip_bw_required)
                            .arg(acc.offchip_bw_elements_per_cycle)
                            .arg(engineering(static_cast<double>(r.dram_accesses))));
}

}  // namespace mapscape::ui
