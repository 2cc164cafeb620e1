#include "screenshots.hpp"

#include <QDir>
#include <QDockWidget>
#include <QSlider>
#include <QSpinBox>
#include <QComboBox>
#include <QPushButton>
#include <QTabWidget>
#include <QTimer>

#include <memory>

#include "chart_view.hpp"
#include "codesign_view.hpp"
#include "llm_view.hpp"
#include "whatif_view.hpp"
#include "naas_panel.hpp"
#include "main_window.hpp"
#include "accelerator_editor.hpp"
#include "technology_panel.hpp"
#include "schedule_view.hpp"
#include "search_panel.hpp"
#include "study_document.hpp"
#include "teaching_view.hpp"
#include "pe_array_widget.hpp"
#include "results_view.hpp"
#include "results_table_model.hpp"
#ifdef MAPSCAPE_TORCH_PLUGIN
#include "surrogate/mapping_vector.hpp"
#include "surrogate_view.hpp"
#endif

namespace mapscape::ui {

void take_screenshots(MainWindow& w, const QString& directory, std::function<void(int)> done) {
    QDir().mkpath(directory);
    auto save = [&w, directory](const QString& name) {
        for (ChartView* chart : w.findChildren<ChartView*>()) chart->settle();  // the data as it is, laid out
        return w.grab().save(QDir(directory).filePath(name + ".png"));
    };
    // Each step runs once the event loop has settled; steps wait for searches to finish.
    auto steps = std::make_shared<std::vector<std::function<bool()>>>();
    steps->push_back([&w] {
        w.document()->select_layer(1);
        w.tabs()->setCurrentIndex(0);
        return true;
    });
    steps->push_back([save] { return save("dataflow"); });
    steps->push_back([&w] {
        w.tabs()->setCurrentIndex(1);
        w.teaching()->step_slider()->setValue(w.teaching()->step_slider()->maximum() / 3);
        emit w.teaching()->pe_array()->pe_selected(16);
        return true;
    });
    steps->push_back([save] { return save("teaching"); });
    steps->push_back([&w] {
        w.search()->budget()->setValue(10000);
        w.search()->run();
        return true;
    });
    steps->push_back([&w] { return !w.search()->controller()->running(); });  // wait
    steps->push_back([save] { return save("search"); });
    steps->push_back([&w] {
        for (QDockWidget* d : w.findChildren<QDockWidget*>())
            if (d->objectName() == "accelerator") d->raise();
        w.tabs()->setCurrentIndex(0);
        return true;
    });
    steps->push_back([save] { return save("accelerator"); });
    steps->push_back([&w] {  // the same layer and mapping priced on 45 nm (undone after the picture)
        return w.accelerator()->technology()->choose_technology(QStringLiteral("45nm"));
    });
    steps->push_back([save] { return save("accelerator_45nm"); });
    steps->push_back([&w] {
        w.document()->undo_stack()->undo();
        return true;
    });
    steps->push_back([&w] {
        for (QDockWidget* d : w.findChildren<QDockWidget*>())
            if (d->objectName() == "workload") d->raise();
        w.tabs()->setCurrentIndex(3);
        w.schedule()->run();
        return true;
    });
    steps->push_back([&w] { return !w.schedule()->controller()->running(); });  // wait
    steps->push_back([save] { return save("schedule"); });
    steps->push_back([&w] {  // a DiGamma co-search of the study's model on Edge
        w.tabs()->setCurrentWidget(w.codesign());
        w.codesign()->run();
        return true;
    });
    steps->push_back([&w] { return !w.codesign()->controller()->running() && w.codesign()->export_button()->isEnabled(); });  // wait
    steps->push_back([save] { return save("codesign"); });
    steps->push_back([&w] {  // NAAS within Eyeriss's resources, the study's model
        w.codesign()->method()->setCurrentText(QStringLiteral("naas"));
        w.codesign()->naas()->iterations()->setValue(12);
        w.codesign()->run();
        return true;
    });
    steps->push_back([&w] { return !w.codesign()->naas()->running(); });  // wait
    steps->push_back([save] { return save("naas"); });
    steps->push_back([&w] {
        w.codesign()->method()->setCurrentText(QStringLiteral("digamma"));
        return true;
    });
    steps->push_back([&w] {  // Llama-3-8B's decode on the example LLM accelerator (undone after the picture)
        w.tabs()->setCurrentWidget(w.llm());
        w.llm()->choose_config(QStringLiteral("llama-3-8b"));
        w.llm()->batch_box()->setValue(16);
        return w.llm()->use_example_accelerator();
    });
    steps->push_back([&w] { return w.llm()->idle(); });  // wait
    steps->push_back([save] { return save("llm"); });
    steps->push_back([&w] {
        w.document()->undo_stack()->undo();
        return true;
    });
    steps->push_back([&w] {  // the example study's resnet18 on edge, the default 1,500 samples
        w.tabs()->setCurrentWidget(w.whatif());
        return true;
    });
    steps->push_back([&w] { return w.whatif()->idle(); });  // wait
    steps->push_back([&w] {  // an edit, so that the live answer has a previous design to compare with
        Accelerator acc = w.document()->study().accelerator;
        acc.l2_size_bytes /= 2;
        w.document()->set_accelerator(acc, "", "screenshot: half the L2");
        return true;
    });
    steps->push_back([&w] { return w.whatif()->idle(); });  // wait
    steps->push_back([save] { return save("whatif"); });
#ifdef MAPSCAPE_TORCH_PLUGIN
    steps->push_back([&w] {  // a two-level mapping of the kind the surrogate reads, then its view
        w.document()->select_layer(1);
        SearchProblem problem;
        problem.layer = w.document()->layer(1);
        problem.accelerator = w.document()->study().accelerator;
        const SurrogateSpace space = make_surrogate_space(problem);
        Rng rng(3);
        w.document()->set_mapping(1, decode(random_surrogate_genome(space, rng), space.genome), "screenshot mapping");
        w.tabs()->setCurrentWidget(w.findChild<SurrogateView*>());
        return true;
    });
    steps->push_back([&w] { return w.findChild<SurrogateView*>()->opened(); });  // wait: libtorch loads on a worker
    steps->push_back([save] { return save("surrogate"); });
#endif
    if (!w.results()->path().isEmpty()) {  // `--db FILE`: the results database view too
        steps->push_back([&w] {
            w.tabs()->setCurrentWidget(w.results());
            return !w.results()->loading();
        });
        steps->push_back([save] { return save("results"); });
        // A co-design study: the designs' area against their latency, the question it asks.
        auto codesign = std::make_shared<bool>(false);
        steps->push_back([&w, codesign] {
            const RunTable* table = w.results()->model()->table();
            const int kind = table ? table->column_index("kind") : -1;
            *codesign = kind >= 0 && table->rows() > 0 && table->text(0, static_cast<std::size_t>(kind)) == "codesign";
            if (*codesign) w.results()->set_scatter_axes("area_um2", "runtime_cycles", "algorithm");
            return true;
        });
        steps->push_back([save, codesign] { return !*codesign || save("results_codesign"); });
    }
    auto index = std::make_shared<std::size_t>(0);
    auto timer = new QTimer(&w);
    timer->setInterval(150);
    QObject::connect(timer, &QTimer::timeout, &w, [steps, index, timer, done] {
        if (*index >= steps->size()) {
            timer->stop();
            done(0);
            return;
        }
        if ((*steps)[*index]()) ++*index;
    });
    timer->start();
}

}  // namespace mapscape::ui
