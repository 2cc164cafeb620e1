// The accelerator editor's technology group: the process technology the energies, areas and
// leakage come from (a bundled one, or a technology file), the precision of the layers that have
// none of their own, the DRAM type and the L2's banks (these two for physical technologies
// only). Each choice is one undoable edit of the study, as the editor's other fields are.
#pragma once

#include <QGroupBox>

#include <vector>

class QComboBox;
class QLabel;
class QSpinBox;

namespace mapscape::ui {

class StudyDocument;

class TechnologyPanel : public QGroupBox {
    Q_OBJECT
public:
    explicit TechnologyPanel(StudyDocument* doc, QWidget* parent = nullptr);

    QComboBox* technology() const { return technology_; }
    QComboBox* precision() const { return precision_; }
    QComboBox* dram() const { return dram_; }
    QSpinBox* l2_banks() const { return l2_banks_; }
    QComboBox* analysis() const { return analysis_; }
    QLabel* description() const { return description_; }
    QLabel* problem() const { return problem_; }

    // As picking it in the box does: a bundled name or a technology file. False, with the
    // reason shown (and warned about), when it cannot be loaded.
    bool choose_technology(const QString& name_or_path);

signals:
    // The accelerator's technology changed (or another study came): its name for titles, and
    // what that name means.
    void technology_named(const QString& name, const QString& meaning);

private:
    struct BundledTechnology {
        QString name, tip;
    };
    void sync_from_document();
    void technology_activated(int index);
    // The bundled technologies, read once: every accelerator edit re-syncs the panel, and the
    // GUI thread must not list and parse the data directory each time.
    const std::vector<BundledTechnology>& bundled();

    StudyDocument* doc_;
    QComboBox *technology_, *precision_, *dram_, *analysis_;
    QSpinBox* l2_banks_;
    QLabel *description_, *problem_;
    bool syncing_ = false;
    std::vector<BundledTechnology> bundled_;
    bool bundled_read_ = false;
};

}  // namespace mapscape::ui
