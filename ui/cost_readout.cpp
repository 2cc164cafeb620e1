#include "cost_readout.hpp"

#include <QLocale>
#include <QGridLayout>
#include <QLabel>
#include <QProgressBar>

#include <cmath>

#include "chart_palette.hpp"
#include "cost/bounds.hpp"
#include "cost/compute_bound.hpp"
#include "util/units.hpp"

namespace mapscape::ui {

QString quantity_text(double value, Quantity quantity, int significant_digits, bool unit) {
    return QString::fromStdString(format_quantity(value, quantity, {significant_digits, unit}));
}

bool unbounded_noc(const Accelerator& acc) { return static_cast<double>(acc.noc[0].bandwidth_elements_per_cycle) >= 1e7; }

namespace {

void set_bar(QProgressBar* bar, std::int64_t needed, std::int64_t available) {
    const double share = available > 0 ? static_cast<double>(needed) / static_cast<double>(available) : 0;
    bar->setRange(0, 1000);
    bar->setValue(static_cast<int>(std::min(1.0, share) * 1000));
    bar->setFormat(QString::number(share * 100, 'f', 1) + " %");
    const bool over = needed > available;
    // The figure is drawn across the bar, over the chunk and the groove: white on the full red
    // bar of a requirement over the limit (red on red could not be read), dark on a light green.
    const QColor chunk = over ? QColor(0xc6, 0x28, 0x28) : QColor(0x81, 0xc7, 0x84);
    bar->setStyleSheet(QStringLiteral("QProgressBar::chunk { background: %1; } QProgressBar { color: %2; %3}")
                           .arg(chunk.name(), text_color_on(chunk).name(), over ? QStringLiteral("font-weight: bold; ") : QString()));
    bar->setProperty("over", over);
}

}  // namespace

CostReadout::CostReadout(QWidget* parent) : QWidget(parent) {
    // A grid rather than a QFormLayout: the form measured its wrapped figures at a narrower
    // width than it gave them, so that beside the breakdown charts its rows stood apart and its
    // last row was cut off.
    auto* form = new QGridLayout(this);
    form->setColumnStretch(1, 1);
    int row = 0;
    auto add_row = [&](const QString& label, QWidget* field) {
        if (!label.isEmpty()) form->addWidget(new QLabel(label), row, 0, Qt::AlignLeft | Qt::AlignTop);
        form->addWidget(field, row++, 1);
    };
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
    for (QLabel* l : {latency_, throughput_, utilization_, energy_, breakdown_, l1_text_, l2_text_, bandwidth_}) {
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
        l->setWordWrap(true);  // a long figure wraps rather than widening the window
    }
    add_row(tr("Status:"), status_);
    add_row(tr("Latency:"), latency_);
    add_row(tr("Throughput:"), throughput_);
    add_row(tr("PE utilization:"), utilization_);
    add_row(tr("Energy:"), energy_);
    add_row(QString(), breakdown_);
    add_row(tr("L1 per PE:"), l1_);
    add_row(QString(), l1_text_);
    add_row(tr("L2:"), l2_);
    add_row(QString(), l2_text_);
    add_row(tr("Bandwidth:"), bandwidth_);
    form->setRowStretch(row, 1);  // any height beyond the figures' goes below them
}

void CostReadout::show_report(const Layer& layer, const Accelerator& acc, const Mapping& mapping, const CostReport& r) {
    if (!r.valid()) {
        status_->setText(tr("<span style='color:#b00020'><b>Cannot run:</b> %1</span>")
                             .arg(QString::fromStdString(describe(r.invalid, layer, acc)).toHtmlEscaped()));
    } else {
        const ComputeBound busiest(layer, acc);
        switch (model_artefact(r, busiest, mapping)) {
            case Invalidity::BelowComputeBound:
                status_->setText(tr("<span style='color:#a15c00'><b>Runs</b>, but the modelled latency is below what its busiest "
                                    "PE must compute (%1 cycles): MAESTRO's model undercounts partial tiles here, and "
                                    "searches do not accept it.</span>")
                                     .arg(busiest.cycles(mapping)));
                break;
            case Invalidity::MacsUndercounted:
                status_->setText(tr("<span style='color:#a15c00'><b>Runs</b>, but the model counts %1 of the layer's %2 MACs "
                                    "(MAESTRO undercounts partial tiles here), so its energy and latency are too low; "
                                    "searches do not accept it.</span>")
                                     .arg(r.macs)
                                     .arg(r.layer_macs));
                break;
            default:
                status_->setText(tr("<span style='color:#2e7d32'><b>Runs</b></span>"));
        }
    }
    const double seconds = static_cast<double>(r.runtime_cycles) / (acc.clock_mhz * 1e6);
    const LayerBound bound = layer_bound(layer, acc);
    // How far the mapping is from what no mapping can beat: the figure that tells whether
    // searching longer can pay.
    auto above = [](double value, double floor) {
        return floor > 0 ? tr("%1% above the bound of %2").arg((value / floor - 1) * 100, 0, 'f', 1) : QString();
    };
    latency_->setText(tr("%1 (%2 at %3 MHz)%4")
                          .arg(quantity_text(static_cast<double>(r.runtime_cycles), Quantity::Cycles))
                          .arg(quantity_text(seconds, Quantity::Seconds))
                          .arg(acc.clock_mhz)
                          .arg(r.valid() ? tr("; %1").arg(above(static_cast<double>(r.runtime_cycles), static_cast<double>(bound.runtime_cycles))
                                                              .arg(quantity_text(static_cast<double>(bound.runtime_cycles), Quantity::Cycles)))
                                         : QString()));
    latency_->setToolTip(tr("%1 cycles; the bound is the layer's MACs over %2 PEs x %3 SIMD lanes")
                             .arg(QLocale().toString(static_cast<qlonglong>(r.runtime_cycles)))
                             .arg(acc.num_pes)
                             .arg(acc.simd_lanes));
    throughput_->setText(tr("%1 MACs/cycle of %2 peak").arg(r.throughput_macs_per_cycle(), 0, 'f', 1).arg(acc.num_pes * acc.simd_lanes));
    utilization_->setText(tr("%1 of %2 PEs on average").arg(r.avg_utilized_pes, 0, 'f', 1).arg(acc.num_pes));
    auto energy = [](double nj) { return quantity_text(nj, Quantity::EnergyNj); };
    energy_->setText(tr("%1%2").arg(energy(r.energy.total_nj))
                         .arg(r.valid() ? tr("; %1").arg(above(r.energy.total_nj, bound.energy_nj).arg(energy(bound.energy_nj))) : QString()));
    energy_->setToolTip(tr("The bound: every MAC once, the L1 traffic the model charges per MAC, and every tensor element "
                           "through DRAM and L2 once"));
    QString parts = tr("MAC %1, L1 %2, L2 %3, DRAM %4")
                        .arg(energy(r.energy.mac_nj))
                        .arg(energy(r.energy.l1_nj))
                        .arg(energy(r.energy.l2_nj))
                        .arg(energy(r.energy.dram_nj));
    // The physical technologies' own parts (MAESTRO's model has neither).
    if (acc.physical_technology) parts += tr(", NoC %1, leakage %2").arg(energy(r.energy.noc_nj), energy(r.energy.leakage_nj));
    breakdown_->setText(parts);
    set_bar(l1_, r.l1_required_bytes, acc.l1_size_bytes);
    set_bar(l2_, r.l2_required_bytes, acc.l2_size_bytes);
    auto bytes = [](std::int64_t b) { return quantity_text(static_cast<double>(b), Quantity::Bytes); };
    l1_text_->setText(tr("%1 required of %2").arg(bytes(r.l1_required_bytes), bytes(acc.l1_size_bytes)));
    l2_text_->setText(tr("%1 required of %2").arg(bytes(r.l2_required_bytes), bytes(acc.l2_size_bytes)));
    auto plain = [](double v) { return quantity_text(v, Quantity::Plain); };
    // A need above what the accelerator offers is shown in red with how far above: the mapping
    // then runs at the bandwidth's pace, not its compute's.
    auto need = [&plain](double required, double available) {
        const QString text = tr("%1 elements/cycle").arg(plain(required));
        if (available <= 0 || required <= available) return text;
        return tr("<span style='color:#b00020'><b>%1, %2% above</b></span>").arg(text).arg((required / available - 1) * 100, 0, 'f', 0);
    };
    const double noc_available = static_cast<double>(acc.noc[0].bandwidth_elements_per_cycle);
    // GAMMA's presets set 81,920,000 elements/cycle to mean "no NoC limit": say so.
    const bool noc_unbounded = unbounded_noc(acc);
    bandwidth_->setText(tr("NoC %1 peak (%2); off-chip %3 (%4 available); DRAM traffic %5 elements")
                            .arg(need(static_cast<double>(r.noc_bw_required), noc_unbounded ? 0 : noc_available))
                            .arg(noc_unbounded ? tr("%1 available: effectively no limit").arg(plain(noc_available))
                                               : tr("%1 available").arg(plain(noc_available)))
                            .arg(need(static_cast<double>(r.offchip_bw_required), static_cast<double>(acc.offchip_bw_elements_per_cycle)))
                            .arg(plain(static_cast<double>(acc.offchip_bw_elements_per_cycle)))
                            .arg(plain(static_cast<double>(r.dram_accesses))));
    if (!r.valid()) {  // no figures for a mapping that cannot run (they would read as zero cost)
        for (QLabel* l : {latency_, throughput_, utilization_, energy_, breakdown_}) {
            l->setText(tr("— (cannot run)"));
            l->setToolTip(QString());
        }
    }
}

void CostReadout::show_unavailable(const QString& why) {
    status_->setText(tr("<span style='color:#b00020'><b>Not evaluated:</b> %1</span>").arg(why.toHtmlEscaped()));
    for (QLabel* l : {latency_, throughput_, utilization_, energy_, breakdown_, l1_text_, l2_text_, bandwidth_}) {
        l->setText(QStringLiteral("—"));
        l->setToolTip(QString());
    }
    l1_->setValue(0);
    l2_->setValue(0);
}

}  // namespace mapscape::ui
