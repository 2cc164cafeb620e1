// The window on a small screen (an offscreen 1280x720 display): it opens at a size that fits,
// every button's label stays whole in every view at 1280x720, and the layout (size, docks) is
// remembered from one session to the next.
#include <QAbstractButton>
#include <QApplication>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QTabBar>
#include <QTableView>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QtTest>

#include "main_window.hpp"
#include "workload_panel.hpp"
#include "recovery_banner.hpp"
#include "recovery_store.hpp"
#include "study_document.hpp"

using namespace mapscape::ui;

class ScreensTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QSettings().clear(); }

    void the_window_fits_a_1280x720_screen() {
        const QRect available = QApplication::primaryScreen()->availableGeometry();
        QCOMPARE(available.size(), QSize(1280, 720));
        MainWindow w;
        w.set_interactive(false);
        w.open_example();
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY2(available.contains(w.frameGeometry()), qPrintable(QString("%1x%2 at %3,%4").arg(w.frameGeometry().width()).arg(w.frameGeometry().height()).arg(w.frameGeometry().x()).arg(w.frameGeometry().y())));
        QVERIFY(w.minimumSizeHint().width() <= 1280);
    }

    // After a crash the recovery banner offers the lost work above the tabs: the window still fits
    // the screen, status bar and all (it once grew to 1189x727).
    void the_window_fits_with_the_recovery_banner() {
        const QRect available = QApplication::primaryScreen()->availableGeometry();
        MainWindow w;
        w.set_interactive(false);
        w.open_example();
        RecoveryCopy copy;
        copy.file = "/tmp/copy.json";
        copy.written = QDateTime::currentDateTimeUtc();
        copy.host = "here";
        copy.pid = 4242;
        copy.study = w.document()->study();
        w.recovery_banner()->add_offers({copy, copy});
        w.recovery_banner()->add_notice(tr_notice());
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTest::qWait(50);
        QVERIFY2(w.minimumSizeHint().height() <= available.height(), qPrintable(QString::number(w.minimumSizeHint().height())));
        QVERIFY(w.recovery_banner()->isVisible());
        QVERIFY2(available.contains(w.frameGeometry()), qPrintable(QString("%1x%2 at %3,%4").arg(w.frameGeometry().width()).arg(w.frameGeometry().height()).arg(w.frameGeometry().x()).arg(w.frameGeometry().y())));
        QVERIFY(w.statusBar()->isVisible());
        QVERIFY(w.statusBar()->geometry().bottom() <= w.height());
    }

    static QString tr_notice() { return QStringLiteral("A copy of an earlier session could not be read and was set aside: /tmp/x.json: malformed JSON"); }

    void no_button_is_cut_at_1280x720() {
        MainWindow w;
        w.set_interactive(false);
        w.open_example();
        w.show();
        w.resize(1280, 720);
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        for (int tab = 0; tab < w.tabs()->count(); ++tab) {
            w.tabs()->setCurrentIndex(tab);
            QTest::qWait(50);
            for (QAbstractButton* b : w.findChildren<QAbstractButton*>()) {
                if (!b->isVisible() || b->text().isEmpty()) continue;
                QVERIFY2(b->width() >= b->sizeHint().width() - 1,
                         qPrintable(QString("tab %1: \"%2\" is %3 px wide, needs %4").arg(tab).arg(b->text()).arg(b->width()).arg(b->sizeHint().width())));
            }
        }
    }

    // Every tab's labels whole at 1280x720 and at 1600x1000: the tab bar shows every tab without
    // scrolling, no label is squeezed below the width its text needs (a word-wrapped label may
    // take more lines instead), and no table header is cut.
    void no_label_is_cut_at_either_size() {
        QStringList cut;
        for (const QSize size : {QSize(1280, 720), QSize(1600, 1000)}) {
            QSettings().clear();
            MainWindow w;
            w.set_interactive(false);
            w.open_example();
            w.show();
            w.resize(size);
            w.size_docks(size.width());  // as a first start on a screen of this size lays them out
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            QTest::qWait(50);
            const QString at = QString("%1x%2").arg(size.width()).arg(size.height());
            if (size.width() >= 1600) {  // the layer table fits its dock: no column scrolled out of view
                QTableView* layers = w.workload()->table();
                if (layers->horizontalScrollBar()->maximum() > 0)
                    cut << at + QString(": the layer table scrolls by %1 px").arg(layers->horizontalScrollBar()->maximum());
            }
            QTabBar* bar = w.tabs()->tabBar();
            QVERIFY2(bar->tabRect(bar->count() - 1).right() <= bar->width(),
                     qPrintable(at + QString(": the tabs need %1 px, the bar is %2").arg(bar->tabRect(bar->count() - 1).right()).arg(bar->width())));
            for (int tab = 0; tab < w.tabs()->count(); ++tab) {
                w.tabs()->setCurrentIndex(tab);
                QTest::qWait(50);
                for (QLabel* l : w.findChildren<QLabel*>()) {
                    if (!l->isVisible() || l->text().isEmpty() || l->wordWrap() || l->textFormat() == Qt::RichText) continue;
                    if (qobject_cast<QAbstractScrollArea*>(l->parentWidget())) continue;
                    if (l->width() < l->sizeHint().width() - 1)
                        cut << at + QString(", tab %1: the label \"%2\" is %3 px wide, needs %4").arg(tab).arg(l->text()).arg(l->width()).arg(l->sizeHint().width());
                }
                for (QHeaderView* h : w.findChildren<QHeaderView*>()) {
                    if (!h->isVisible() || h->orientation() != Qt::Horizontal) continue;
                    const QFontMetrics fm(h->font());
                    for (int c = 0; c < h->count(); ++c) {
                        if (h->isSectionHidden(c)) continue;
                        const QString text = h->model()->headerData(c, Qt::Horizontal).toString();
                        if (h->sectionSize(c) < fm.horizontalAdvance(text) + 4)  // the text and a little room
                            cut << at + QString(", tab %1: the header \"%2\" is %3 px wide").arg(tab).arg(text).arg(h->sectionSize(c));
                    }
                }
            }
        }
        cut.removeDuplicates();
        QVERIFY2(cut.isEmpty(), qPrintable(cut.join('\n')));
    }

    void the_layout_is_remembered() {
        QSettings().clear();
        QSize size;
        {
            MainWindow w;
            w.set_interactive(false);
            w.open_example();
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            w.resize(1250, 700);
            for (QDockWidget* d : w.findChildren<QDockWidget*>())
                if (d->objectName() == "search") d->hide();
            QTest::qWait(50);
            size = w.size();
            QVERIFY(w.close());
        }
        MainWindow again;
        again.set_interactive(false);
        again.open_example();
        again.show();
        QVERIFY(QTest::qWaitForWindowExposed(&again));
        QCOMPARE(again.size(), size);
        for (QDockWidget* d : again.findChildren<QDockWidget*>())
            if (d->objectName() == "search") QVERIFY(!d->isVisible());
    }
};

int main(int argc, char** argv) {
    // A 1280x720 screen, whatever platform the environment names.
    qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" MAPSCAPE_TEST_DATA_DIR "/screens/1280x720.json");
    QApplication app(argc, argv);
    QApplication::setOrganizationName("MapscapeTests");
    QApplication::setApplicationName("test_screens");
    ScreensTest test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_screens.moc"
