// The open study and its edit history. Every change goes through an undoable command; views
// listen to the signals and never edit the study directly.
#pragma once

#include <optional>

#include <QObject>
#include <QString>
#include <QUndoStack>

#include "study/study.hpp"
#include "workload/precision.hpp"

namespace mapscape::ui {

class StudyDocument : public QObject {
    Q_OBJECT

public:
    explicit StudyDocument(QObject* parent = nullptr);
    ~StudyDocument() override;

    const Study& study() const { return study_; }
    QUndoStack* undo_stack() { return &undo_; }
    const QString& file_path() const { return path_; }
    bool is_modified() const { return !undo_.isClean() || runs_modified_; }

    // Replaces the whole study (open, new); clears the history.
    void reset(const Study& study, const QString& path);
    // Replaces the whole study with unsaved work brought back from a recovery copy: as reset,
    // but marked modified (saving writes to `path`, its original file, if it had one).
    void restore(const Study& study, const QString& path);
    // Throws InputError; the document is unchanged on failure.
    void load(const QString& path);
    void save(const QString& path);

    int selected_layer() const { return study_.selected_layer; }
    const Layer& layer(int index) const { return study_.model.layers.at(static_cast<std::size_t>(index)); }
    Mapping current_mapping() const { return study_.mapping_for(study_.selected_layer); }

    // Undoable edits.
    void set_model(const Model& model, const std::string& source);
    void set_accelerator(const Accelerator& acc, const std::string& preset, const QString& what);
    void set_mapping(int layer, const Mapping& mapping, const QString& what);
    // The precision of the layers that have none of their own (default_precision.hpp): the
    // layers change, their mappings and the runs stay.
    void set_default_precision(const TensorPrecision& precision, const QString& what);
    TensorPrecision default_precision() const;
    // The accelerator and a mapping per layer together (a co-designed design): one undo step.
    void set_design(const Accelerator& acc, const std::string& preset, const std::map<int, Mapping>& mappings, const QString& what);
    // Not undoable: view state and results.
    void select_layer(int index);
    void set_search_settings(const SearchSettings& settings);
    void set_schedule_settings(const ScheduleSettings& settings);
    void add_run(const SearchRun& run);
    // The last finished co-design, NAAS search and schedule (kept by the study, format version 2).
    void set_codesign_result(const CodesignRecord& record);
    void set_naas_result(const NaasRecord& record);
    void set_schedule_result(const ScheduleRecord& record);
    void remove_run(int id);
    int next_run_id() const;

    // Used by the undo commands.
    void apply_model(const Model& model, const std::string& source, const std::map<int, Mapping>& mappings, int selected,
                     const std::vector<SearchRun>& runs);
    void apply_accelerator(const Accelerator& acc, const std::string& preset);
    void apply_mapping(int layer, const std::optional<Mapping>& mapping);
    void apply_layer_precisions(const Model& model, const std::optional<TensorPrecision>& default_precision);

signals:
    void study_replaced();
    void model_changed();
    void accelerator_changed();
    void mapping_changed(int layer);
    void selected_layer_changed(int layer);
    void runs_changed();
    void results_changed();   // a co-design, NAAS or schedule result was stored
    void settings_changed();  // search or schedule settings (not undoable, not a modification)
    void modified_changed(bool modified);
    void file_path_changed(const QString& path);
    // Something the user should know about an edit (the status bar shows it).
    void notice(const QString& text);

private:
    Study study_;
    QUndoStack undo_;
    QString path_;
    bool runs_modified_ = false;
    // What the Precision box last gave the layers in this session (a file does not say).
    std::optional<TensorPrecision> default_precision_;
};

}  // namespace mapscape::ui
