#include "test_drive.hpp"

#include <QComboBox>
#include <QPushButton>
#include <QSpinBox>
#include <QTimer>

#include <cstdio>
#include <memory>
#include <vector>

#include "accelerator_editor.hpp"
#include "codesign_view.hpp"
#include "main_window.hpp"
#include "recovery_banner.hpp"
#include "recovery_store.hpp"
#include "schedule_view.hpp"
#include "search_panel.hpp"
#include "study_document.hpp"
#include "util/json_text.hpp"

namespace mapscape::ui {

bool test_drive_step_known(const QString& step) {
    return step == QLatin1String("edit") || step == QLatin1String("search") || step == QLatin1String("schedule") ||
           step == QLatin1String("codesign") || step == QLatin1String("wait-copy");
}

void run_test_drive(MainWindow& w, const QStringList& names, std::function<void()> done) {
    // Each step returns true when it is over; waiting steps are asked again at the next tick.
    auto steps = std::make_shared<std::vector<std::function<bool()>>>();
    for (const QString& name : names) {
        if (name == QLatin1String("edit")) {
            steps->push_back([&w] {
                QSpinBox* l2 = w.accelerator()->l2_bytes();
                l2->setValue(std::min(l2->maximum(), l2->value() * 2));
                return true;
            });
        } else if (name == QLatin1String("search")) {
            steps->push_back([&w] {
                w.search()->algorithm()->setCurrentText(QStringLiteral("gamma"));
                w.search()->budget()->setValue(300);
                w.search()->run_button()->click();
                return true;
            });
            steps->push_back([&w] { return !w.search()->controller()->running(); });
        } else if (name == QLatin1String("schedule")) {
            steps->push_back([&w] {
                w.schedule()->budget()->setValue(200);
                w.schedule()->run_button()->click();
                return true;
            });
            steps->push_back([&w] { return !w.schedule()->controller()->running(); });
        } else if (name == QLatin1String("codesign")) {
            steps->push_back([&w] {
                w.codesign()->method()->setCurrentText(QStringLiteral("digamma"));
                w.codesign()->samples()->setValue(300);
                w.codesign()->run_button()->click();
                return true;
            });
            steps->push_back([&w] { return !w.codesign()->controller()->running(); });
        } else if (name == QLatin1String("wait-copy")) {
            steps->push_back([&w] {
                if (!w.recovery() || w.recovery()->writes() == 0 || !w.recovery()->up_to_date()) return false;
                const RecoveryStore* r = w.recovery();
                std::printf("test-drive: recovery copy %s\n", qPrintable(r->copy_path()));
                std::printf("test-drive: %lld bytes; the GUI thread's snapshot took %lld us, the writer's JSON and write %lld us\n",
                            static_cast<long long>(r->last_write_bytes()), static_cast<long long>(r->last_snapshot_us()),
                            static_cast<long long>(r->last_write_us()));
                std::fflush(stdout);
                return true;
            });
        }
    }
    auto index = std::make_shared<std::size_t>(0);
    auto* timer = new QTimer(&w);
    timer->setInterval(50);
    QObject::connect(timer, &QTimer::timeout, &w, [steps, index, timer, done] {
        while (*index < steps->size() && (*steps)[*index]()) ++*index;
        if (*index < steps->size()) return;
        timer->stop();
        timer->deleteLater();
        done();
    });
    timer->start();
}

QByteArray window_state_json(const MainWindow& w) {
    nlohmann::ordered_json j;
    j["file"] = w.document()->file_path().toStdString();
    j["modified"] = w.document()->is_modified();
    j["title"] = w.windowTitle().toStdString();
    nlohmann::ordered_json offers = nlohmann::ordered_json::array(), notices = nlohmann::ordered_json::array();
    if (const RecoveryBanner* banner = w.recovery_banner()) {
        if (banner->current()) offers.push_back(banner->current()->summary().toStdString());
        j["offer_count"] = banner->offer_count();
        for (const QString& n : banner->notices()) notices.push_back(n.toStdString());
    }
    j["recovery"] = {{"offers", std::move(offers)}, {"notices", std::move(notices)}};
    j["study"] = study_to_json(w.document()->study());
    return QByteArray::fromStdString(json_text(j, 1) + "\n");
}

}  // namespace mapscape::ui
