#include "study_document.hpp"

#include <QUndoCommand>

#include "default_precision.hpp"

namespace mapscape::ui {

namespace {

// Merges consecutive edits of the same field (e.g. spin-box steps) into one undo step.
constexpr int kAcceleratorCommand = 1;
constexpr int kMappingCommand = 2;

class SetModelCommand : public QUndoCommand {
public:
    SetModelCommand(StudyDocument* doc, Model model, std::string source)
        : QUndoCommand(QObject::tr("Change workload to %1").arg(QString::fromStdString(model.name))), doc_(doc),
          new_model_(std::move(model)), new_source_(std::move(source)), old_model_(doc->study().model),
          old_source_(doc->study().workload_source), old_mappings_(doc->study().mappings),
          old_selected_(doc->study().selected_layer), old_runs_(doc->study().runs) {}
    // The runs were searches of the old workload: they go with it and come back on undo.
    void redo() override { doc_->apply_model(new_model_, new_source_, {}, 0, {}); }
    void undo() override { doc_->apply_model(old_model_, old_source_, old_mappings_, old_selected_, old_runs_); }

private:
    StudyDocument* doc_;
    Model new_model_;
    std::string new_source_;
    Model old_model_;
    std::string old_source_;
    std::map<int, Mapping> old_mappings_;
    int old_selected_;
    std::vector<SearchRun> old_runs_;
};

class SetAcceleratorCommand : public QUndoCommand {
public:
    SetAcceleratorCommand(StudyDocument* doc, Accelerator acc, std::string preset, const QString& what)
        : QUndoCommand(what), doc_(doc), new_(std::move(acc)), new_preset_(std::move(preset)),
          old_(doc->study().accelerator), old_preset_(doc->study().accelerator_preset) {}
    void redo() override { doc_->apply_accelerator(new_, new_preset_); }
    void undo() override { doc_->apply_accelerator(old_, old_preset_); }
    int id() const override { return kAcceleratorCommand; }
    bool mergeWith(const QUndoCommand* other) override {
        if (other->text() != text()) return false;
        const auto* o = static_cast<const SetAcceleratorCommand*>(other);
        new_ = o->new_;
        new_preset_ = o->new_preset_;
        return true;
    }

private:
    StudyDocument* doc_;
    Accelerator new_;
    std::string new_preset_;
    Accelerator old_;
    std::string old_preset_;
};

class SetMappingCommand : public QUndoCommand {
public:
    SetMappingCommand(StudyDocument* doc, int layer, Mapping mapping, const QString& what)
        : QUndoCommand(what), doc_(doc), layer_(layer), new_(std::move(mapping)) {
        if (auto it = doc->study().mappings.find(layer); it != doc->study().mappings.end()) old_ = it->second;
    }
    void redo() override { doc_->apply_mapping(layer_, new_); }
    void undo() override { doc_->apply_mapping(layer_, old_); }
    int id() const override { return kMappingCommand; }
    bool mergeWith(const QUndoCommand* other) override {
        const auto* o = static_cast<const SetMappingCommand*>(other);
        if (o->layer_ != layer_ || other->text() != text()) return false;
        new_ = o->new_;
        return true;
    }

private:
    StudyDocument* doc_;
    int layer_;
    Mapping new_;
    std::optional<Mapping> old_;
};

// The layers' precisions only: the shapes, hence the mappings and the runs, stay.
class SetLayerPrecisionCommand : public QUndoCommand {
public:
    SetLayerPrecisionCommand(StudyDocument* doc, Model model, TensorPrecision applied,
                             std::optional<TensorPrecision> old_applied, const QString& what)
        : QUndoCommand(what), doc_(doc), new_(std::move(model)), new_applied_(applied), old_(doc->study().model),
          old_applied_(old_applied) {}
    void redo() override { doc_->apply_layer_precisions(new_, new_applied_); }
    void undo() override { doc_->apply_layer_precisions(old_, old_applied_); }

private:
    StudyDocument* doc_;
    Model new_;
    TensorPrecision new_applied_;
    Model old_;
    std::optional<TensorPrecision> old_applied_;
};

}  // namespace

StudyDocument::StudyDocument(QObject* parent) : QObject(parent) {
    connect(&undo_, &QUndoStack::cleanChanged, this, [this] { emit modified_changed(is_modified()); });
}

// The undo stack goes after the path (members die in reverse), and its destructor clears it:
// with unsaved edits that says "clean" again, and modified_changed would reach the window's
// title with this document half gone (a freed path read: heap corruption at close).
StudyDocument::~StudyDocument() { undo_.blockSignals(true); }

void StudyDocument::reset(const Study& study, const QString& path) {
    study_ = study;
    default_precision_.reset();
    undo_.clear();
    undo_.setClean();
    runs_modified_ = false;
    path_ = path;
    emit study_replaced();
    emit file_path_changed(path_);
    emit modified_changed(false);
}

void StudyDocument::restore(const Study& study, const QString& path) {
    reset(study, path);
    runs_modified_ = true;  // not the file's contents (nor, if it had none, on disk at all)
    emit modified_changed(true);
}

void StudyDocument::load(const QString& path) { reset(load_study(path.toStdString()), path); }

void StudyDocument::save(const QString& path) {
    save_study(study_, path.toStdString());
    path_ = path;
    undo_.setClean();
    runs_modified_ = false;
    emit file_path_changed(path_);
    emit modified_changed(false);
}

void StudyDocument::set_model(const Model& model, const std::string& source) {
    const std::size_t runs = study_.runs.size();
    undo_.push(new SetModelCommand(this, model, source));
    // The runs were searches of the old model: they go with it, which the user should not miss.
    if (runs > 0)
        emit notice(tr("The %1 search run(s) of the previous model were set aside with it (Edit > Undo brings them back)").arg(runs));
}

void StudyDocument::set_accelerator(const Accelerator& acc, const std::string& preset, const QString& what) {
    if (acc == study_.accelerator && preset == study_.accelerator_preset) return;
    undo_.push(new SetAcceleratorCommand(this, acc, preset, what));
}

void StudyDocument::set_mapping(int layer, const Mapping& mapping, const QString& what) {
    if (auto it = study_.mappings.find(layer); it != study_.mappings.end() && it->second == mapping) return;
    undo_.push(new SetMappingCommand(this, layer, mapping, what));
}

void StudyDocument::set_default_precision(const TensorPrecision& precision, const QString& what) {
    const TensorPrecision current = default_precision();
    const Model model = with_default_precision(study_.model, current, precision);
    if (model == study_.model) return;  // no layer takes it (or it is the one they have)
    undo_.push(new SetLayerPrecisionCommand(this, model, precision, default_precision_, what));
}

TensorPrecision StudyDocument::default_precision() const { return shown_default_precision(study_.model, default_precision_); }

void StudyDocument::set_design(const Accelerator& acc, const std::string& preset, const std::map<int, Mapping>& mappings,
                               const QString& what) {
    undo_.beginMacro(what);
    set_accelerator(acc, preset, what);
    for (const auto& [layer, mapping] : mappings) set_mapping(layer, mapping, what);
    undo_.endMacro();
}

void StudyDocument::select_layer(int index) {
    if (index < 0 || index >= static_cast<int>(study_.model.layers.size()) || index == study_.selected_layer) return;
    study_.selected_layer = index;
    emit selected_layer_changed(index);
}

void StudyDocument::set_search_settings(const SearchSettings& settings) {
    if (settings == study_.search) return;
    study_.search = settings;
    emit settings_changed();
}

void StudyDocument::set_schedule_settings(const ScheduleSettings& settings) {
    if (settings == study_.schedule) return;
    study_.schedule = settings;
    emit settings_changed();
}

void StudyDocument::set_codesign_result(const CodesignRecord& record) {
    study_.codesign = record;
    runs_modified_ = true;
    emit results_changed();
    emit modified_changed(true);
}

void StudyDocument::set_naas_result(const NaasRecord& record) {
    study_.naas = record;
    runs_modified_ = true;
    emit results_changed();
    emit modified_changed(true);
}

void StudyDocument::set_schedule_result(const ScheduleRecord& record) {
    study_.schedule_result = record;
    runs_modified_ = true;
    emit results_changed();
    emit modified_changed(true);
}

void StudyDocument::add_run(const SearchRun& run) {
    study_.runs.push_back(run);
    runs_modified_ = true;
    emit runs_changed();
    emit modified_changed(true);
}

void StudyDocument::remove_run(int id) {
    std::erase_if(study_.runs, [id](const SearchRun& r) { return r.id == id; });
    runs_modified_ = true;
    emit runs_changed();
    emit modified_changed(true);
}

int StudyDocument::next_run_id() const {
    int id = 0;
    for (const SearchRun& r : study_.runs) id = std::max(id, r.id);
    return id + 1;
}

void StudyDocument::apply_model(const Model& model, const std::string& source, const std::map<int, Mapping>& mappings,
                                int selected, const std::vector<SearchRun>& runs) {
    study_.model = model;
    study_.workload_source = source;
    default_precision_.reset();  // another workload: its layers say
    study_.mappings = mappings;
    study_.selected_layer = std::clamp(selected, 0, std::max(0, static_cast<int>(model.layers.size()) - 1));
    study_.runs = runs;
    emit model_changed();
    emit runs_changed();
    emit selected_layer_changed(study_.selected_layer);
}

void StudyDocument::apply_accelerator(const Accelerator& acc, const std::string& preset) {
    study_.accelerator = acc;
    study_.accelerator_preset = preset;
    emit accelerator_changed();
}

void StudyDocument::apply_layer_precisions(const Model& model, const std::optional<TensorPrecision>& default_precision) {
    study_.model = model;
    default_precision_ = default_precision;
    emit model_changed();
}

void StudyDocument::apply_mapping(int layer, const std::optional<Mapping>& mapping) {
    if (mapping)
        study_.mappings[layer] = *mapping;
    else
        study_.mappings.erase(layer);
    emit mapping_changed(layer);
}

}  // namespace mapscape::ui
