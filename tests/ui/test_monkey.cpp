// A monkey at the window: thousands of random clicks, key presses, typed text, value changes, tab
// switches, menu actions (open and save included, their dialogs answered by a queued file or
// cancelled), runs started and stopped, on the app offscreen. Nothing may crash, no exception may
// escape into the event loop, and the event loop may not stall for a second. MAPSCAPE_MONKEY_ACTIONS
// sets the number of actions (CI: 2,000; the issue note reports 50,000), MAPSCAPE_MONKEY_SEED the seed.
// A slow action is reported with what it cost the GUI thread, and one past 500 ms with its stack.
#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QSlider>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QFile>
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

#include <random>

#include "main_window.hpp"
#include "slow_action_watch.hpp"
#include "user_prompts.hpp"
#include "window_fixture.hpp"

using namespace mapscape::ui;
using mapscape::ui::testing::SlowActionWatch;
using mapscape::ui::testing::StallProbe;

namespace {

int env_int(const char* name, int fallback) {
    const QByteArray v = qgetenv(name);
    return v.isEmpty() ? fallback : v.toInt();
}

// QTest types ASCII only: other text is inserted as an input method would.
void type_text(QWidget* w, const QString& text) {
    bool ascii = true;
    for (QChar c : text) ascii = ascii && c.unicode() < 128 && c.unicode() >= 32;
    if (ascii) {
        QTest::keyClicks(w, text);
        return;
    }
    if (auto* e = qobject_cast<QLineEdit*>(w)) e->insert(text);
    else if (auto* t = qobject_cast<QPlainTextEdit*>(w)) t->insertPlainText(text);
    else if (auto* s = qobject_cast<QAbstractSpinBox*>(w)) { if (auto* le = s->findChild<QLineEdit*>()) le->insert(text); }
}

template <typename T>
QList<T*> usable(QWidget* root) {
    QList<T*> out;
    for (T* w : root->findChildren<T*>())
        if (w->isVisible() && w->isEnabled()) out << w;
    return out;
}

// What a failure message calls a widget: its object name, else the view it sits in and the
// start of its tooltip (most spin boxes have no object name).
QString widget_name(const QWidget* w) {
    if (!w->objectName().isEmpty()) return w->objectName();
    QString where;
    for (const QWidget* p = w->parentWidget(); p && where.isEmpty(); p = p->parentWidget())
        if (QString(p->metaObject()->className()).startsWith("mapscape::")) where = p->metaObject()->className();
    return QString("%1 \"%2\"").arg(where, w->toolTip().left(40));
}

const QStringList kTexts = {"", "0", "-1", "1e308", "nan", "256 KiB", "SpatialMap(1,1) K;", "TemporalMap(", "\xc3\xbc", "99999999999",
                            "x", "Cluster(4, P);", "resnet18", "   ", "1-3", "edge"};

}  // namespace

class MonkeyTest : public QObject {
    Q_OBJECT

private slots:
    void random_actions_never_crash_or_stall() {
        const int actions = env_int("MAPSCAPE_MONKEY_ACTIONS", 2000);
        std::mt19937 rng(static_cast<unsigned>(env_int("MAPSCAPE_MONKEY_SEED", 1)));
        // From the same start every run: the window keeps its layout and recent studies in the
        // settings, and what the last run left changed which widgets this one picked from.
        QSettings().clear();
        auto pick = [&](int n) { return n <= 0 ? 0 : static_cast<int>(rng() % static_cast<unsigned>(n)); };
        QTemporaryDir dir;
        // Studies are opened from a copy: the monkey saves over whatever it opened.
        const QString example_copy = dir.filePath("example_study.json");
        QVERIFY(QFile::copy(MAPSCAPE_SOURCE_DIR "/resources/examples/example_study.json", example_copy));
        QFile(example_copy).setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        QByteArray bundled_before;
        {
            QFile bundled(MAPSCAPE_SOURCE_DIR "/resources/examples/example_study.json");
            QVERIFY(bundled.open(QIODevice::ReadOnly));
            bundled_before = bundled.readAll();
        }
        auto w = mapscape::ui::testing::open_window();
        w->resize(1280, 720);
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        QStringList menu_actions_used;
        StallProbe probe(10);
        probe.start();
        qint64 longest_action_ms = 0;
        QString longest_action;
        std::vector<std::pair<double, QString>> heaviest;  // the GUI thread's CPU ms per action, most first
        SlowActionWatch watch(std::chrono::milliseconds(env_int("MAPSCAPE_MONKEY_STACK_AFTER_MS", 500)));
        for (int i = 0; i < actions; ++i) {
            QElapsedTimer t;
            t.start();
            watch.begin();
            QString what;
            switch (pick(10)) {
                case 0: {  // a button
                    auto buttons = usable<QAbstractButton>(w.get());
                    if (buttons.isEmpty()) break;
                    QAbstractButton* b = buttons[pick(static_cast<int>(buttons.size()))];
                    what = "click " + b->text();
                    if (b->text().contains("Quit")) break;
                    QTest::mouseClick(b, Qt::LeftButton);
                    break;
                }
                case 1: {  // a spin box: a random value, or typed text
                    auto boxes = usable<QAbstractSpinBox>(w.get());
                    if (boxes.isEmpty()) break;
                    QAbstractSpinBox* s = boxes[pick(static_cast<int>(boxes.size()))];
                    what = "spin " + widget_name(s);
                    if (auto* sb = qobject_cast<QSpinBox*>(s)) sb->setValue(sb->minimum() + pick(std::max(1, std::min(sb->maximum() - sb->minimum(), 1 << 20))));
                    else if (auto* db = qobject_cast<QDoubleSpinBox*>(s)) db->setValue(db->minimum() + (db->maximum() - db->minimum()) * (pick(1000) / 1000.0));
                    else {
                        s->setFocus();
                        type_text(s, kTexts[pick(static_cast<int>(kTexts.size()))]);
                        QTest::keyClick(s, Qt::Key_Return);
                    }
                    break;
                }
                case 2: {  // a combo box
                    auto combos = usable<QComboBox>(w.get());
                    if (combos.isEmpty()) break;
                    QComboBox* c = combos[pick(static_cast<int>(combos.size()))];
                    what = "combo " + c->objectName();
                    if (c->count() > 0) c->setCurrentIndex(pick(c->count()));
                    if (c->isEditable()) c->setEditText(kTexts[pick(static_cast<int>(kTexts.size()))]);
                    break;
                }
                case 3: {  // typed text
                    auto edits = usable<QLineEdit>(w.get());
                    auto texts = usable<QPlainTextEdit>(w.get());
                    if (!texts.isEmpty() && pick(3) == 0) {
                        QPlainTextEdit* e = texts[pick(static_cast<int>(texts.size()))];
                        what = "text " + e->objectName();
                        e->setFocus();
                        type_text(e, kTexts[pick(static_cast<int>(kTexts.size()))]);
                    } else if (!edits.isEmpty()) {
                        QLineEdit* e = edits[pick(static_cast<int>(edits.size()))];
                        what = "edit " + e->objectName();
                        e->setFocus();
                        e->selectAll();
                        type_text(e, kTexts[pick(static_cast<int>(kTexts.size()))]);
                        QTest::keyClick(e, Qt::Key_Return);
                    }
                    break;
                }
                case 4: {  // a tab
                    auto tabs = usable<QTabWidget>(w.get());
                    if (tabs.isEmpty()) break;
                    QTabWidget* t2 = tabs[pick(static_cast<int>(tabs.size()))];
                    what = "tab";
                    t2->setCurrentIndex(pick(t2->count()));
                    break;
                }
                case 5: {  // a table cell clicked, or a row selected with the keyboard
                    auto tables = usable<QTableView>(w.get());
                    if (tables.isEmpty()) break;
                    QTableView* v = tables[pick(static_cast<int>(tables.size()))];
                    what = "table " + v->objectName();
                    if (v->model() && v->model()->rowCount() > 0) {
                        const QModelIndex index = v->model()->index(pick(v->model()->rowCount()), pick(std::max(1, v->model()->columnCount())));
                        const QRect r = v->visualRect(index);
                        if (r.isValid()) QTest::mouseClick(v->viewport(), Qt::LeftButton, {}, r.center());
                        QTest::keyClick(v, pick(2) ? Qt::Key_Down : Qt::Key_Up);
                    }
                    break;
                }
                case 6: {  // a key anywhere: undo, redo, escape, return, tab, delete
                    static const std::pair<Qt::Key, Qt::KeyboardModifiers> keys[] = {
                        {Qt::Key_Z, Qt::ControlModifier}, {Qt::Key_Y, Qt::ControlModifier}, {Qt::Key_Escape, {}}, {Qt::Key_Return, {}},
                        {Qt::Key_Tab, {}}, {Qt::Key_Delete, {}}, {Qt::Key_Space, {}}, {Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier}};
                    const auto& [key, modifiers] = keys[pick(static_cast<int>(std::size(keys)))];
                    QWidget* focus = QApplication::focusWidget() ? QApplication::focusWidget() : w.get();
                    what = "key " + QString::number(key);
                    QTest::keyClick(focus, key, modifiers);
                    break;
                }
                case 7: {  // a menu action; a file dialog gets a file in the scratch directory half the time
                    QList<QAction*> all;
                    for (QAction* a : w->menuBar()->actions())
                        if (a->menu())
                            for (QAction* sub : a->menu()->actions()) {
                                if (sub->menu()) all << sub->menu()->actions();
                                else all << sub;
                            }
                    QList<QAction*> safe;
                    for (QAction* a : all)
                        if (a->isEnabled() && !a->isSeparator() && !a->text().contains("Quit")) safe << a;
                    if (safe.isEmpty()) break;
                    QAction* a = safe[pick(static_cast<int>(safe.size()))];
                    what = "menu " + a->text();
                    menu_actions_used << a->text();
                    if (pick(2)) {
                        const QString suffix = a->text().contains("CSV") ? ".csv" : a->text().contains("PNG") ? ".png" : a->text().contains("MAESTRO") ? ".m" : ".json";
                        const QString answer = a->text().contains("Open") && !a->text().contains("example")
                                                   ? example_copy
                                                   : dir.filePath("monkey" + QString::number(i) + suffix);
                        queue_dialog_answer(answer);
                        queue_dialog_answer(answer);
                        queue_dialog_answer(dir.path());
                    }
                    a->trigger();
                    clear_dialog_answers();  // an answer left over must not reach a later export
                    break;
                }
                case 8: {  // a check box
                    auto boxes = usable<QCheckBox>(w.get());
                    if (boxes.isEmpty()) break;
                    QCheckBox* c = boxes[pick(static_cast<int>(boxes.size()))];
                    what = "check " + c->text();
                    c->click();
                    break;
                }
                default: {  // a slider, or let work come in
                    auto sliders = usable<QSlider>(w.get());
                    if (!sliders.isEmpty() && pick(2)) {
                        QSlider* s = sliders[pick(static_cast<int>(sliders.size()))];
                        what = "slider";
                        s->setValue(s->minimum() + pick(std::max(1, s->maximum() - s->minimum() + 1)));
                    } else {
                        what = "wait";
                        QTest::qWait(5);
                    }
                    break;
                }
            }
            QCoreApplication::processEvents();
            const auto cost = watch.end();
            heaviest.emplace_back(cost.cpu_ms, what);
            std::sort(heaviest.begin(), heaviest.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
            if (heaviest.size() > 5) heaviest.pop_back();
            if (t.elapsed() > 300)
                qInfo("slow action %d: %s took %lld ms: the GUI thread's CPU %.1f ms, %ld waits, %ld preemptions", i, qPrintable(what),
                      static_cast<long long>(t.elapsed()), cost.cpu_ms, cost.waits, cost.preemptions);
            if (t.elapsed() > longest_action_ms) {
                longest_action_ms = t.elapsed();
                longest_action = what + QString(" (the GUI thread's CPU %1 ms)").arg(cost.cpu_ms, 0, 'f', 1);
            }
            if (!w->isVisible()) {  // an action closed it (New study, say): open it again
                w->show();
                QVERIFY(QTest::qWaitForWindowExposed(w.get()));
            }
        }
        QTest::qWait(50);
        const qint64 stall = probe.stop();
        QFile bundled(MAPSCAPE_SOURCE_DIR "/resources/examples/example_study.json");
        QVERIFY(bundled.open(QIODevice::ReadOnly));
        QCOMPARE(bundled.readAll(), bundled_before);  // no action wrote over the bundled example
        qInfo("%d actions; longest event-loop stall %lld ms; longest action %lld ms (%s); %lld menu actions", actions,
              static_cast<long long>(stall), static_cast<long long>(longest_action_ms), qPrintable(longest_action),
              static_cast<long long>(menu_actions_used.size()));
        for (const auto& [ms, what] : heaviest) qInfo("the GUI thread's CPU %.1f ms: %s", ms, qPrintable(what));
        QVERIFY2(stall < 1000, qPrintable(QString("the event loop stalled %1 ms (longest action: %2)").arg(stall).arg(longest_action)));
    }
};

QTEST_MAIN(MonkeyTest)
#include "test_monkey.moc"
