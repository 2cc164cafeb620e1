// The window on a small screen (an offscreen 1280x720 display): it opens at a size that fits,
// every button's label stays whole in every view at 1280x720, and the layout (size, docks) is
// remembered from one session to the next.
#include <QAbstractButton>
#include <QApplication>
#include <QDockWidget>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QtTest>

#include "main_window.hpp"
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
