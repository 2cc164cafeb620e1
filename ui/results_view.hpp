// The results database view: a sweep's runs in a table with filters (by model, accelerator,
// system, algorithm, objective, status; text; complete runs only) and sorting by any column; a
// scatter of any two columns coloured by a third; the selected run's convergence; "open in study"
// (the run's model, accelerator and best mappings become the study's, as one undoable step);
// and CSV export of the filtered table. The database is read on a worker thread; a newer open
// makes an older one's result stale.
#pragma once

#include <QWidget>

#include <atomic>
#include <memory>
#include <thread>
#include <vector>

#include "sweep/run_table.hpp"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;

namespace mapscape {
class ResultsDatabase;
}

namespace mapscape::ui {

class ConvergenceChart;
class ResultsScatter;
class ResultsTableModel;
class StudyDocument;

class ResultsView : public QWidget {
    Q_OBJECT
public:
    explicit ResultsView(StudyDocument* doc, QWidget* parent = nullptr);
    ~ResultsView() override;

    // Starts reading the database; `loaded` or `load_failed` follows.
    void open_database(const QString& path);
    void reload();
    bool loading() const { return loading_; }
    const QString& path() const { return path_; }
    const QString& last_error() const { return last_error_; }

    // Filters by a text column's value ("" = every value).
    bool set_value_filter(const QString& column, const QString& value);
    void set_text_filter(const QString& text);
    void set_complete_only(bool on);
    void set_scatter_axes(const QString& x, const QString& y, const QString& colour);
    // Selects a shown row (in the table's current order); -1 clears.
    void select_row(int shown_row);
    int selected_table_row() const;
    bool export_csv(const QString& path);
    // The selected run's model, accelerator and best mappings into the study (undoable).
    bool open_selected_in_study();

    ResultsTableModel* model() const { return model_; }
    QTableView* table() const { return table_; }
    ResultsScatter* scatter() const { return scatter_; }
    ConvergenceChart* convergence() const { return convergence_; }
    QLabel* summary() const { return summary_; }

signals:
    void loaded();
    void load_failed(const QString& message);
    void opened_in_study();
    void error(const QString& title, const QString& message);

private:
    struct Loaded;
    void install(std::shared_ptr<Loaded> result);
    void rebuild_filter_boxes();
    void apply_filters();
    RunFilter current_filter() const;
    void refresh_scatter();
    void refresh_summary();
    void show_selected_run();
    void show_convergence();
    std::string selected_run_id() const;
    int shown_row_of_run(const std::string& run_id) const;

    StudyDocument* doc_;
    QString path_;
    QString last_error_;
    bool loading_ = false;
    std::uint64_t load_id_ = 0;
    // Loads still reading when a newer one started are told to stop; joined when done.
    struct Loader {
        std::jthread thread;
        std::shared_ptr<std::atomic<bool>> finished;
    };
    std::vector<Loader> loaders_;
    std::string remembered_run_;  // the selected run's id, kept across filters, orders and reloads
    std::shared_ptr<const RunTable> table_data_;
    std::unique_ptr<ResultsDatabase> db_;  // for one run's details; used on the GUI thread only
    bool synthetic_ = false;
    bool updating_boxes_ = false;

    ResultsTableModel* model_;
    QTableView* table_;
    ResultsScatter* scatter_;
    ConvergenceChart* convergence_;
    QLabel* summary_;
    QLineEdit* text_filter_;
    QCheckBox* complete_only_;
    std::vector<std::pair<QString, QComboBox*>> value_filters_;  // column name -> box
    QComboBox *x_, *y_, *colour_;
    QCheckBox *log_x_, *log_y_;
    QComboBox* convergence_layer_;
    QPushButton *open_in_study_, *export_, *reload_;
    std::vector<std::vector<std::pair<std::int64_t, double>>> selected_traces_;
    std::vector<QString> selected_layer_names_;
    bool whole_model_trace_ = false;  // the selected run is a co-design run: one trace, the model's
};

}  // namespace mapscape::ui
