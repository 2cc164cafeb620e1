#include "technology_panel.hpp"

#include <algorithm>

#include <QComboBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>
#include <QVBoxLayout>

#include "study_document.hpp"
#include "tech/technology.hpp"
#include "tech/technology_library.hpp"
#include "user_prompts.hpp"
#include "util/diagnostic.hpp"

namespace mapscape::ui {

namespace {

// Item data of the technology box's entries that are not a technology's name or path.
const QString kOtherFile = QStringLiteral("\x01other-file");
const QString kCustomMaestro = QStringLiteral("\x01maestro-custom");

// The formats the Precision box offers (int32 is an accumulator's, not an operand's).
constexpr NumberFormat kOfferedFormats[] = {NumberFormat::Int4, NumberFormat::Int8, NumberFormat::Int16,
                                            NumberFormat::Fp16, NumberFormat::Bf16, NumberFormat::Fp32};

QString qs(const std::string& s) { return QString::fromStdString(s); }

// What MAESTRO's model is, for titles' tooltips (the name alone reads as a process node).
QString maestro_meaning() { return QObject::tr("maestro (MAESTRO's relative energies)"); }

}  // namespace

TechnologyPanel::TechnologyPanel(StudyDocument* doc, QWidget* parent) : QGroupBox(tr("Technology"), parent), doc_(doc) {
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    layout->addLayout(form);
    technology_ = new QComboBox;
    technology_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    technology_->setMinimumContentsLength(12);
    form->addRow(tr("Technology:"), technology_);
    precision_ = new QComboBox;
    form->addRow(tr("Precision:"), precision_);
    dram_ = new QComboBox;
    dram_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    dram_->setMinimumContentsLength(12);
    form->addRow(tr("DRAM:"), dram_);
    l2_banks_ = new QSpinBox;
    l2_banks_->setRange(1, 1024);  // what the CLI's --l2-banks accepts
    l2_banks_->setKeyboardTracking(false);
    l2_banks_->setToolTip(tr("Banks of the global buffer: each access reads one bank of L2 / banks, every bank leaks and takes "
                             "area (physical technologies only; --l2-banks)"));
    form->addRow(tr("L2 banks:"), l2_banks_);
    analysis_ = new QComboBox;
    analysis_->addItem(tr("MAESTRO-exact"), QStringLiteral("maestro"));
    analysis_->setItemData(0, tr("MAESTRO's model, figure for figure (what MAESTRO files and the papers' reproductions use)"),
                           Qt::ToolTipRole);
    analysis_->addItem(tr("Faithful"), QStringLiteral("faithful"));
    analysis_->setItemData(1, tr("What the dataflow does: partial tiles counted exactly, filters may be split, a mapping "
                                 "that skips MACs refused (docs/faithful-analysis.md)"),
                           Qt::ToolTipRole);
    analysis_->setToolTip(tr("Which analysis prices every mapping, search and chart (--analysis)"));
    form->addRow(tr("Analysis:"), analysis_);
    description_ = new QLabel;
    description_->setWordWrap(true);
    layout->addWidget(description_);
    problem_ = new QLabel;
    problem_->setWordWrap(true);
    problem_->setStyleSheet("color: #b00020;");
    layout->addWidget(problem_);

    connect(technology_, &QComboBox::activated, this, &TechnologyPanel::technology_activated);
    connect(precision_, &QComboBox::activated, this, [this](int index) {
        if (syncing_) return;
        TensorPrecision p;  // "(word size)": unspecified
        if (const QString text = precision_->itemData(index).toString(); !text.isEmpty()) parse_precision(text.toStdString(), p);
        doc_->set_default_precision(p, tr("Set the precision to %1").arg(precision_->itemText(index)));
        sync_from_document();  // the box names what the layers have, even when nothing changed
    });
    connect(dram_, &QComboBox::activated, this, [this](int index) {
        const Accelerator& current = doc_->study().accelerator;
        if (syncing_ || !current.physical_technology) return;
        const std::string type = dram_->itemData(index).toString().toStdString();
        Accelerator a = current;
        // The technology's default is stored as none, so that another technology's default follows it.
        a.dram_type = type == a.physical_technology->default_dram ? std::string() : type;
        doc_->set_accelerator(a, doc_->study().accelerator_preset, tr("Use %1 DRAM").arg(qs(type)));
    });
    connect(l2_banks_, &QSpinBox::valueChanged, this, [this](int banks) {
        if (syncing_) return;
        Accelerator a = doc_->study().accelerator;
        a.l2_banks = banks;
        doc_->set_accelerator(a, doc_->study().accelerator_preset, tr("Edit L2 banks"));
    });
    connect(analysis_, &QComboBox::activated, this, [this](int index) {
        if (syncing_) return;
        Accelerator a = doc_->study().accelerator;
        AnalysisMode mode = a.analysis;
        parse_analysis_mode(analysis_->itemData(index).toString().toStdString(), mode);
        if (mode == a.analysis) return;
        a.analysis = mode;
        doc_->set_accelerator(a, doc_->study().accelerator_preset, tr("Use the %1 analysis").arg(analysis_->itemText(index)));
    });
    connect(doc, &StudyDocument::study_replaced, this, &TechnologyPanel::sync_from_document);
    connect(doc, &StudyDocument::accelerator_changed, this, &TechnologyPanel::sync_from_document);
    connect(doc, &StudyDocument::model_changed, this, &TechnologyPanel::sync_from_document);
    sync_from_document();
}

void TechnologyPanel::technology_activated(int index) {
    if (syncing_) return;
    const QString entry = technology_->itemData(index).toString();
    if (entry == kCustomMaestro) {
        // MAESTRO's model with the multipliers this accelerator already carries (a preset's).
        Accelerator a = doc_->study().accelerator;
        a.physical_technology.reset();
        doc_->set_accelerator(a, doc_->study().accelerator_preset, tr("Use the maestro (custom) technology"));
        sync_from_document();
        return;
    }
    QString chosen = entry;
    if (entry == kOtherFile) {
        chosen = open_file_name(this, tr("Open a technology file"), tr("Technology files (*.json);;All files (*)"));
        if (chosen.isEmpty()) {  // cancelled: the box names the technology in use again
            sync_from_document();
            return;
        }
    }
    choose_technology(chosen);
}

bool TechnologyPanel::choose_technology(const QString& name_or_path) {
    std::shared_ptr<const Technology> tech;
    QString why;
    try {
        tech = load_technology(name_or_path.toStdString());
    } catch (const InputError& e) {
        why = qs(e.diagnostic().to_string());
    } catch (const std::exception& e) {
        why = QString::fromLocal8Bit(e.what());
    }
    if (!tech) {
        problem_->setText(tr("Not applied: %1").arg(why));
        warn(this, tr("Technology"), tr("Cannot use %1:\n%2").arg(name_or_path, why));
        sync_from_document();
        return false;
    }
    Accelerator a = doc_->study().accelerator;
    apply_technology(a, tech);
    problem_->clear();
    // The preset stays: it names the hardware (PEs, buffers), which the technology prices.
    doc_->set_accelerator(a, doc_->study().accelerator_preset, tr("Use the %1 technology").arg(qs(technology_label(a))));
    sync_from_document();
    return true;
}

const std::vector<TechnologyPanel::BundledTechnology>& TechnologyPanel::bundled() {
    if (bundled_read_) return bundled_;
    bundled_read_ = true;
    for (const std::string& name : bundled_technology_names()) {
        QString tip;
        try {
            tip = qs(load_technology(name)->description);
        } catch (const InputError& e) {
            tip = qs(e.diagnostic().to_string());
        }
        if (name == "maestro") tip = maestro_meaning() + ": " + tip;
        bundled_.push_back({qs(name), tip});
    }
    return bundled_;
}

void TechnologyPanel::sync_from_document() {
    syncing_ = true;
    const Accelerator& a = doc_->study().accelerator;
    const Technology* physical = a.physical_technology.get();

    // Technology: the bundled ones, the file in use or MAESTRO's model with its own multipliers, then "Other file…".
    technology_->clear();
    for (const BundledTechnology& t : bundled()) {
        technology_->addItem(t.name, t.name);
        technology_->setItemData(technology_->count() - 1, t.tip, Qt::ToolTipRole);
    }
    if (!(a.technology == TechnologyTable{})) {
        technology_->addItem(tr("maestro (custom)"), kCustomMaestro);
        technology_->setItemData(technology_->count() - 1,
                                 tr("MAESTRO's relative energies with this accelerator's own multipliers (its preset's or file's)"),
                                 Qt::ToolTipRole);
    }
    int current = -1;
    if (physical) {
        const QString reference = qs(technology_reference(*physical));
        current = technology_->findData(reference);
        if (current < 0) {  // a file of the user's
            technology_->addItem(tr("%1 (%2)").arg(qs(physical->name), QFileInfo(reference).fileName()), reference);
            current = technology_->count() - 1;
            technology_->setItemData(current, reference + "\n" + qs(physical->description), Qt::ToolTipRole);
        }
    } else {
        current = technology_->findData(a.technology == TechnologyTable{} ? QStringLiteral("maestro") : kCustomMaestro);
        if (current < 0) {  // no bundled maestro.json: still MAESTRO's model
            technology_->insertItem(0, QStringLiteral("maestro"), QStringLiteral("maestro"));
            current = 0;
        }
    }
    technology_->addItem(tr("Other file…"), kOtherFile);
    technology_->setItemData(technology_->count() - 1, tr("A technology file (.json; docs/technology.md describes it)"), Qt::ToolTipRole);
    technology_->setCurrentIndex(current);
    const QString name = qs(technology_label(a));
    const QString meaning = physical ? qs(physical->description) : maestro_meaning();
    technology_->setToolTip(physical ? tr("%1: %2").arg(name, meaning) : meaning);

    // Precision: what the layers without their own have.
    precision_->clear();
    const NumberFormat word = format_of_word(a.word_size_bytes);
    precision_->addItem(tr("(word size)"), QString());
    precision_->setItemData(0,
                            word == NumberFormat::Unspecified
                                ? tr("Each tensor as wide as the accelerator's word (%1 B)").arg(a.word_size_bytes)
                                : tr("Each tensor as wide as the accelerator's word (%1 B: %2)").arg(a.word_size_bytes).arg(qs(std::string(format_name(word)))),
                            Qt::ToolTipRole);
    for (NumberFormat f : kOfferedFormats) precision_->addItem(qs(std::string(format_name(f))), qs(std::string(format_name(f))));
    const TensorPrecision shown = doc_->default_precision();
    const QString shown_text = qs(precision_text(shown));
    int precision_index = precision_->findData(shown_text);
    if (precision_index < 0) {  // a mixed precision from a file, or int32: shown, not offered
        precision_->addItem(shown_text, shown_text);
        precision_index = precision_->count() - 1;
    }
    precision_->setCurrentIndex(precision_index);
    int own = 0;
    const auto& layers = doc_->study().model.layers;
    for (const Layer& l : layers) own += l.precision.specified() && !(l.precision == shown);
    QString tip = tr("The number format of the layers that have none of their own (--precision): it sets what buffers hold, "
                     "links move and a MAC costs");
    if (own > 0) tip += tr("\n%1 of the %2 layers have a precision of their own and keep it").arg(own).arg(layers.size());
    if (!physical) tip += tr("\nMAESTRO's model counts every tensor at the word size: choose a physical technology for it to count");
    precision_->setToolTip(tip);

    // DRAM and banks: a physical technology's.
    dram_->clear();
    if (physical && !physical->drams.empty()) {
        for (const DramFigures& d : physical->drams) {
            const bool is_default = d.type == physical->default_dram;
            dram_->addItem(is_default ? tr("%1 (default)").arg(qs(d.type)) : qs(d.type), qs(d.type));
            dram_->setItemData(dram_->count() - 1,
                               tr("%1 pJ/bit, %2 GB/s (%3)").arg(d.energy_pj_per_bit).arg(d.bandwidth_gb_per_s).arg(qs(d.source)),
                               Qt::ToolTipRole);
        }
        const DramFigures* in_use = a.dram_type.empty() ? physical->dram(physical->default_dram) : physical->dram(a.dram_type);
        dram_->setCurrentIndex(in_use ? dram_->findData(qs(in_use->type)) : 0);
        dram_->setToolTip(tr("The off-chip memory: its energy per bit prices every DRAM access (--dram)"));
    } else {
        dram_->addItem(tr("— (one DRAM energy)"));
        dram_->setToolTip(tr("MAESTRO's model prices every DRAM access alike (200 MACs): choose a physical technology for DRAM types"));
    }
    dram_->setEnabled(physical != nullptr && !physical->drams.empty());
    l2_banks_->setValue(static_cast<int>(std::clamp<std::int64_t>(a.l2_banks, 1, 1024)));
    l2_banks_->setEnabled(physical != nullptr);
    analysis_->setCurrentIndex(a.analysis == AnalysisMode::Faithful ? 1 : 0);

    if (physical) {
        description_->setText(tr("%1: every access priced by its buffer's size and width and each tensor's format; "
                                 "NoC energy and leakage included.")
                                  .arg(physical->process_node_nm > 0 ? tr("%1 nm at %2 V").arg(physical->process_node_nm).arg(physical->supply_voltage_v)
                                                                     : name));
        description_->setToolTip(physical->file.empty() ? meaning : qs(physical->file) + "\n" + meaning);
    } else {
        description_->setText(tr("MAESTRO's relative energies: an access costs the same for any buffer size and word width; "
                                 "no NoC energy, no leakage. Precision, DRAM and L2 banks count under a physical technology."));
        description_->setToolTip(maestro_meaning());
    }
    syncing_ = false;
    emit technology_named(name, meaning);
}

}  // namespace mapscape::ui
