// SPDX-License-Identifier: MIT
#include "support/fixtures.h"
#include "support/window_fixture.h"
#include "ui/common/app_paths.h"
#include "ui/dialogs/compare_dialog.h"
#include "ui/dialogs/profile_editor.h"
#include "ui/document/session_document.h"
#include "ui/panels/hardware_panel.h"
#include "ui/plot/point_cloud.h"
#include "ui/plot/roofline_renderer.h"
#include "ui/window/file_actions.h"
#include "ui/window/main_window.h"
#include "ui/window/roofline_plot_widget.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QScrollArea>
#include <QScrollBar>
#include <QTemporaryDir>
#include <qcustomplot.h>

#include <cmath>

#include <gtest/gtest.h>

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTableWidget>
#include <QTest>
#include <QTimer>
#include <QToolButton>

using namespace roofline;
using namespace roofline::ui;

namespace {

class MainWindowTest : public test::WindowTest {
protected:
    MainWindowTest()
        : WindowTest(QSize(1200, 800))
    { }

    double ridgeMarkerX() const
    {
        auto* guide = plot()->findChild<QCPItemLine*>(plotnames::kRidgeGuide);
        EXPECT_NE(guide, nullptr);
        return guide ? guide->start->coords().x() : 0.0;
    }

    QString ridgeLabel() const
    {
        auto* label = plot()->findChild<QCPItemText*>(plotnames::kRidgeLabel);
        return label ? label->text() : QString();
    }

    void chooseHardware(const char* id)
    {
        QComboBox* combo = window->hardwarePanel()->hardwareCombo();
        const int index = combo->findData(QString::fromLatin1(id), Qt::UserRole);
        ASSERT_GE(index, 0) << id;
        combo->setCurrentIndex(index);
    }
};

} // namespace

TEST_F(MainWindowTest, OpensOnH100Bf16WithTheRidgeMarked)
{
    EXPECT_EQ(window->document()->session().hardwareId, "h100-sxm5");
    EXPECT_EQ(window->document()->precision(), Precision::BF16);
    EXPECT_NEAR(ridgeMarkerX(), 295.34, 0.01);
    EXPECT_EQ(ridgeLabel(), QStringLiteral("ridge 295 FLOP/byte"));
    EXPECT_TRUE(plot()->xAxis->scaleType() == QCPAxis::stLogarithmic);
    EXPECT_TRUE(plot()->yAxis->scaleType() == QCPAxis::stLogarithmic);
    EXPECT_TRUE(window->windowTitle().contains(QStringLiteral("H100")));
}

TEST_F(MainWindowTest, AnEmptySessionsPlotFillsItsWidgetAfterFileNew)
{
    // An empty session's legend has no entries (its roof and ridge are named on the plot): the
    // empty legend under the plot squeezed the plot into a corner of the widget.
    window->files()->newSession();
    window->resize(1366, 768);
    QTest::qWait(50);
    QCoreApplication::processEvents();
    plot()->replot(QCustomPlot::rpImmediateRefresh);
    const QRect area = plot()->axisRect()->rect();
    EXPECT_GT(area.width(), plot()->width() * 7 / 10) << area.width() << " of " << plot()->width();
    EXPECT_GT(area.height(), plot()->height() * 6 / 10) << area.height() << " of " << plot()->height();
    EXPECT_FALSE(plot()->legend->visible()) << "no entries: no legend";
}

TEST_F(MainWindowTest, TheFirstStartExamplesTitleFollowsThePartAndPrecision)
{
    // Its title said "...FP8 on an H100 SXM5" whatever the view: it now names what is shown.
    ASSERT_TRUE(window->document()
                    ->load(QStringLiteral(ROOFLINE_SOURCE_DIR "/resources/examples/lesson-h100.roofline.yaml"))
                    .isEmpty());
    doc()->setHardware(QStringLiteral("h200-sxm"));
    doc()->setPrecision(Precision::BF16);
    QString title;
    for (QCPLayoutElement* e : plot()->plotLayout()->elements(true))
        if (auto* t = qobject_cast<QCPTextElement*>(e); t && t->objectName() == QLatin1String(plotnames::kTitle))
            title = t->text();
    EXPECT_TRUE(title.contains(QStringLiteral("H200"))) << title.toStdString();
    EXPECT_TRUE(title.contains(QStringLiteral("BF16"))) << title.toStdString();
    EXPECT_FALSE(title.contains(QStringLiteral("H100"))) << title.toStdString();
}

TEST_F(MainWindowTest, TogglingPrecisionMovesTheRidgeAndKeepsTheAxes)
{
    const QCPRange x = plot()->xAxis->range();
    const QCPRange y = plot()->yAxis->range();
    window->hardwarePanel()->precisionButton(Precision::FP8)->click();
    EXPECT_EQ(window->document()->precision(), Precision::FP8);
    EXPECT_NEAR(ridgeMarkerX(), 590.7, 0.05);
    EXPECT_EQ(ridgeLabel(), QStringLiteral("ridge 591 FLOP/byte"));
    EXPECT_EQ(plot()->xAxis->range(), x);
    EXPECT_EQ(plot()->yAxis->range(), y);
    EXPECT_TRUE(window->hardwarePanel()->precisionButton(Precision::FP8)->isChecked());
    EXPECT_FALSE(window->hardwarePanel()->precisionButton(Precision::BF16)->isChecked());
}

TEST_F(MainWindowTest, KeyboardShortcutFlipsBf16AndFp8)
{
    EXPECT_EQ(window->toggleAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_T));
    window->toggleAction()->trigger();
    EXPECT_EQ(window->document()->precision(), Precision::FP8);
    window->toggleAction()->trigger();
    EXPECT_EQ(window->document()->precision(), Precision::BF16);
    EXPECT_NEAR(ridgeMarkerX(), 295.34, 0.01);
}

TEST_F(MainWindowTest, SelectingAnAcceleratorMovesTheRidgeToItsValue)
{
    chooseHardware("b200");
    EXPECT_EQ(window->document()->session().hardwareId, "b200");
    EXPECT_NEAR(ridgeMarkerX(), 281.25, 1e-6);
    window->toggleAction()->trigger();
    EXPECT_NEAR(ridgeMarkerX(), 562.5, 1e-6);
    chooseHardware("tpu-v5e"); // no FP8: falls back to the part's default precision
    EXPECT_EQ(window->document()->precision(), Precision::BF16);
    EXPECT_NEAR(ridgeMarkerX(), 240.5, 0.1);
    EXPECT_FALSE(window->hardwarePanel()->precisionButton(Precision::FP8)->isEnabled());
    EXPECT_FALSE(window->document()->toggleBf16Fp8());
    chooseHardware("a100-sxm4-80gb");
    EXPECT_NEAR(ridgeMarkerX(), 153.0, 0.1);
}

TEST_F(MainWindowTest, SelectionChangesAreUndoable)
{
    chooseHardware("b200");
    window->hardwarePanel()->precisionButton(Precision::FP4)->click();
    EXPECT_EQ(window->document()->precision(), Precision::FP4);
    QUndoStack* undo = window->document()->undoStack();
    EXPECT_EQ(undo->count(), 2);
    undo->undo();
    EXPECT_EQ(window->document()->precision(), Precision::BF16);
    EXPECT_TRUE(window->hardwarePanel()->precisionButton(Precision::BF16)->isChecked());
    undo->undo();
    EXPECT_EQ(window->document()->session().hardwareId, "h100-sxm5");
    EXPECT_NEAR(ridgeMarkerX(), 295.34, 0.01);
    undo->redo();
    EXPECT_EQ(window->document()->session().hardwareId, "b200");
}

TEST_F(MainWindowTest, TheHardwarePanelShowsTheSelectedRoofsFigures)
{
    auto value = [&](int row) {
        auto* label = window->hardwarePanel()->findChild<QLabel*>(QStringLiteral("hardwareInfo-%1").arg(row));
        return label ? label->text().toStdString() : "(no label " + std::to_string(row) + ")";
    };
    EXPECT_EQ(value(0), "989.4 TFLOP/s");
    EXPECT_EQ(value(1), "3.35 TB/s");
    EXPECT_EQ(value(2), "295 FLOP/byte");
    window->toggleAction()->trigger();
    EXPECT_EQ(value(0), "1.979 PFLOP/s");
    EXPECT_EQ(value(1), "3.35 TB/s");
    EXPECT_EQ(value(2), "591 FLOP/byte");
    chooseHardware("tpu-v5e");
    EXPECT_EQ(value(0), "197 TFLOP/s");
    EXPECT_EQ(value(1), "819 GB/s");
}

TEST_F(MainWindowTest, TheHardwarePanelsFiguresFitTheirFixedLabels)
{
    // The figures' labels have a fixed size (a new text lays nothing out again on a toggle):
    // every part's every figure fits in it.
    HardwarePanel* panel = window->hardwarePanel();
    for (const auto& hw : test::shippedCatalog().profiles())
        for (Precision p : hw.precisions()) {
            panel->showSelection(hw, p);
            for (int row = 0; row < 4; ++row) {
                auto* label = panel->findChild<QLabel*>(QStringLiteral("hardwareInfo-%1").arg(row));
                ASSERT_NE(label, nullptr);
                EXPECT_EQ(label->minimumSize(), label->maximumSize()) << "row " << row;
                EXPECT_LE(label->fontMetrics().horizontalAdvance(label->text()), label->width())
                    << hw.id << " " << precisionName(p) << ": '" << label->text().toStdString() << "'";
            }
        }
}

TEST_F(MainWindowTest, TheHardwarePanelShowsWhereSourcesDisagreeAndTheAccumulate)
{
    HardwarePanel* panel = window->hardwarePanel();
    chooseHardware("tpu7x");
    const QString remarks = panel->remarksLabel()->text(), whole = panel->remarksLabel()->toolTip();
    EXPECT_TRUE(remarks.startsWith(QStringLiteral("HBM3E: sources say"))) << remarks.toStdString();
    EXPECT_TRUE(whole.contains(QStringLiteral("HBM3E: sources say 7.2 TB/s to 7.37 TB/s"))) << whole.toStdString();
    EXPECT_TRUE(whole.contains(QStringLiteral("7.37 TB/s (used)")));
    chooseHardware("rtx-5090");
    EXPECT_TRUE(panel->remarksLabel()->toolTip().contains(QStringLiteral("FP32 accumulate")))
        << panel->remarksLabel()->toolTip().toStdString();
    chooseHardware("h100-sxm5"); // nothing disputed, but the vendor's sparse figure is not the roof
    EXPECT_TRUE(panel->remarksLabel()->toolTip().contains(QStringLiteral("(not a roof)")));
    // Every part's remarks fit the label's fixed two lines, each within the dock's width.
    for (const auto& hw : test::shippedCatalog().profiles())
        for (Precision p : hw.precisions()) {
            panel->showSelection(hw, p);
            QLabel* label = panel->remarksLabel();
            const QStringList lines = label->text().split(QLatin1Char('\n'));
            EXPECT_LE(lines.size(), 2) << hw.id << " " << precisionName(p);
            for (const QString& line : lines)
                EXPECT_LE(label->fontMetrics().horizontalAdvance(line), std::max(240, label->width()))
                    << hw.id << " " << precisionName(p);
        }
}

TEST_F(MainWindowTest, TheAcceleratorFilterNarrowsTheListAndEnterPicksTheFirstMatch)
{
    HardwarePanel* panel = window->hardwarePanel();
    auto* view = qobject_cast<QListView*>(panel->hardwareCombo()->view());
    ASSERT_NE(view, nullptr);
    panel->filterEdit()->setText(QStringLiteral("trainium"));
    int shown = 0;
    for (int row = 0; row < panel->hardwareCombo()->count(); ++row)
        if (!view->isRowHidden(row)) {
            ++shown;
            const QString id = panel->hardwareCombo()->itemData(row, Qt::UserRole).toString();
            EXPECT_TRUE(id.isEmpty() || id.startsWith(QStringLiteral("trainium"))) << id.toStdString();
        }
    EXPECT_EQ(shown, 3) << "the AWS heading and two parts";
    QTest::keyClick(panel->filterEdit(), Qt::Key_Return);
    EXPECT_EQ(window->document()->session().hardwareId, "trainium2");
    panel->filterEdit()->clear();
    EXPECT_FALSE(view->isRowHidden(1));
}

TEST_F(MainWindowTest, TheSelectionIsWrittenToTheSettingsWhenTheWindowCloses)
{
    // A toggle does not write the settings file (each write syncs it to disk); closing does.
    const QString file = QSettings().fileName();
    QSettings().sync();
    auto onDisk = [&] {
        QFile f(file);
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    };
    window->toggleAction()->trigger();
    chooseHardware("b200");
    QCoreApplication::processEvents();
    QSettings().sync();
    EXPECT_FALSE(onDisk().contains(QStringLiteral("b200"))) << qPrintable(onDisk());
    window.reset();
    QSettings().sync();
    EXPECT_TRUE(onDisk().contains(QStringLiteral("hardware=b200"))) << qPrintable(onDisk());
    EXPECT_TRUE(onDisk().contains(QStringLiteral("precision=fp8"))) << qPrintable(onDisk());
    // The next window opens on it.
    window = std::make_unique<MainWindow>(test::shippedCatalog(), std::vector<Error> {});
    EXPECT_EQ(window->document()->session().hardwareId, "b200");
    EXPECT_EQ(window->document()->precision(), Precision::FP8);
}

TEST_F(MainWindowTest, TheHoverTracerIsRedrawnAloneOnItsOwnLayer)
{
    // Following the cursor redraws the tracer's buffered layer, not the plot (22 ms at 10^5
    // kernels), and what it draws reaches the screen.
    window->resize(1200, 800);
    plot()->replot();
    auto* tracer = plot()->findChild<QCPItemTracer*>(QStringLiteral("hover-tracer"));
    ASSERT_NE(tracer, nullptr);
    ASSERT_NE(tracer->layer(), nullptr);
    EXPECT_EQ(tracer->layer()->name(), QStringLiteral("overlay"));
    EXPECT_EQ(tracer->layer()->mode(), QCPLayer::lmBuffered);
    const QImage before = plot()->grab().toImage();
    int fullReplots = 0;
    QObject::connect(plot(), &QCustomPlot::beforeReplot, [&]() { ++fullReplots; });
    const QPoint at(int(plot()->xAxis->coordToPixel(2.0)), int(plot()->yAxis->coordToPixel(1e13)));
    QMouseEvent move(
        QEvent::MouseMove, QPointF(at), plot()->mapToGlobal(QPointF(at)), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
    QCoreApplication::sendEvent(plot(), &move);
    QCoreApplication::processEvents();
    EXPECT_EQ(fullReplots, 0);
    EXPECT_TRUE(tracer->visible());
    const QImage after = plot()->grab().toImage();
    // The tracer sits on the roof at I = 2; its label above it: some pixels there changed.
    const QPoint onRoof(int(plot()->xAxis->coordToPixel(2.0)), int(plot()->yAxis->coordToPixel(6.7e12)));
    int changed = 0;
    for (int dy = -40; dy <= 6; ++dy)
        for (int dx = -40; dx <= 40; ++dx) {
            const QPoint p = onRoof + QPoint(dx, dy);
            if (before.rect().contains(p) && before.pixel(p) != after.pixel(p))
                ++changed;
        }
    EXPECT_GT(changed, 50) << "the tracer and its label are on screen";
}

TEST_F(MainWindowTest, HoverReportsTheRoofUnderTheCursor)
{
    QString info;
    QObject::connect(window->plotWidget(), &RooflinePlotWidget::cursorInfo, [&](const QString& s) { info = s; });
    plot()->replot();
    const QPoint at(int(plot()->xAxis->coordToPixel(2.0)), int(plot()->yAxis->coordToPixel(1e13)));
    QMouseEvent move(
        QEvent::MouseMove, QPointF(at), plot()->mapToGlobal(QPointF(at)), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
    QCoreApplication::sendEvent(plot(), &move);
    EXPECT_TRUE(info.contains(QStringLiteral("roof here 6."))) << info.toStdString();
    EXPECT_TRUE(info.contains(QStringLiteral("memory-bound"))) << info.toStdString();
}

TEST_F(MainWindowTest, MidAnimationAKernelSaysTheRegimeOfItsSideOfTheRidgeDrawn)
{
    // A kernel at 400 FLOP/byte: compute-bound under BF16 (ridge 295), memory-bound under FP8
    // (591). While the ridge slides, its label follows the ridge drawn, not the end state.
    doc()->addKernels({test::makeKernel("sliding", 400e9, 1e9, 1e-3)}, QStringLiteral("Add"));
    QSettings().setValue(QStringLiteral("view/animate"), true);
    window->hardwarePanel()->precisionButton(Precision::FP8)->click();
    int frames = 0;
    QElapsedTimer waited;
    waited.start();
    while (window->plotWidget()->isAnimating() && waited.elapsed() < 3000) {
        QTest::qWait(5);
        const double ridge = ridgeMarkerX();
        for (int i = 0; i < plot()->itemCount(); ++i)
            if (auto* t = qobject_cast<QCPItemText*>(plot()->item(i)); t && t->text().startsWith("sliding")) {
                const bool saysCompute = t->text().contains(QStringLiteral("compute-bound"));
                EXPECT_EQ(saysCompute, ridge < 400.0) << "ridge " << ridge << ": " << t->text().toStdString();
                ++frames;
            }
    }
    EXPECT_GT(frames, 0);
    QSettings().setValue(QStringLiteral("view/animate"), false);
}

TEST_F(MainWindowTest, ResetViewRestoresTheDerivedRanges)
{
    plot()->xAxis->setRange(1, 10);
    window->plotWidget()->resetView();
    EXPECT_DOUBLE_EQ(plot()->xAxis->range().lower, 0.1);
    EXPECT_DOUBLE_EQ(plot()->xAxis->range().upper, 1e4);
}

TEST_F(MainWindowTest, TheNextStartReopensTheSessionOpenAtCloseUnlessTurnedOff)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("mine.roofline.yaml"));
    chooseHardware("b200");
    ASSERT_EQ(window->saveTo(path), QString());
    ASSERT_TRUE(window->close());
    window = std::make_unique<MainWindow>(test::shippedCatalog(), std::vector<Error> {});
    ASSERT_EQ(window->reopenLastSession(), QString());
    EXPECT_EQ(window->document()->filePath(), path);
    EXPECT_EQ(window->document()->session().hardwareId, "b200");

    // Turned off (File > Reopen Last Session at Start), the next start has an untitled session.
    auto* reopen = window->findChild<QAction*>(QStringLiteral("reopenLastSession"));
    ASSERT_NE(reopen, nullptr);
    EXPECT_TRUE(reopen->isChecked()) << "on by default";
    reopen->trigger();
    ASSERT_TRUE(window->close());
    window = std::make_unique<MainWindow>(test::shippedCatalog(), std::vector<Error> {});
    EXPECT_EQ(window->reopenLastSession(), QString());
    EXPECT_TRUE(window->document()->filePath().isEmpty());

    // On again, with the file gone: the status bar says so and nothing else happens.
    window->findChild<QAction*>(QStringLiteral("reopenLastSession"))->trigger();
    ASSERT_TRUE(QFile::remove(path));
    EXPECT_EQ(window->reopenLastSession(), QString());
    EXPECT_TRUE(window->document()->filePath().isEmpty());
    EXPECT_TRUE(window->statusBar()->currentMessage().contains(QStringLiteral("no longer there")));
}

TEST_F(MainWindowTest, AStatusMessageWiderThanTheWindowIsCutAndWholeInItsTooltip)
{
    window->resize(1000, 700);
    QCoreApplication::processEvents();
    const QString full = QStringLiteral("Imported 9 kernel(s) from h200_ncu_raw.csv; recorded on NVIDIA H200: switched "
                                        "from NVIDIA H100 SXM5 80GB to NVIDIA H200 SXM 141GB (Edit > Undo puts it back "
                                        "and removes the import); shown at BF16, the precision of most of the time");
    emit window->findChild<ui::FileActions*>()->message(full, 10000);
    const QString shown = window->statusBar()->currentMessage();
    EXPECT_TRUE(shown.endsWith(QChar(0x2026))) << shown.toStdString();
    EXPECT_LE(window->statusBar()->fontMetrics().horizontalAdvance(shown), window->statusBar()->width());
    EXPECT_EQ(window->statusBar()->toolTip(), full);
    emit window->findChild<ui::FileActions*>()->message(QStringLiteral("Saved"), 1000);
    EXPECT_EQ(window->statusBar()->currentMessage(), QStringLiteral("Saved"));
    EXPECT_TRUE(window->statusBar()->toolTip().isEmpty());
}

TEST_F(MainWindowTest, TogglingThePrecisionKeepsThePlotsHeightWhenTheKeyComesAndGoes)
{
    // The lesson on the H100: at FP8 one kernel is named in the key under the plot, at BF16
    // none. The plot area kept its height across the toggles (it swung 384 / 410 px before).
    ASSERT_EQ(
        window->openFile(QStringLiteral(ROOFLINE_SOURCE_DIR "/resources/examples/lesson-h100.roofline.yaml"), false),
        QString());
    QCoreApplication::processEvents();
    window->toggleAction()->trigger();
    QCoreApplication::processEvents();
    const int height = plot()->axisRect()->height();
    for (int i = 0; i < 4; ++i) {
        window->toggleAction()->trigger();
        QCoreApplication::processEvents();
        EXPECT_EQ(plot()->axisRect()->height(), height) << "toggle " << i;
    }
}

TEST_F(MainWindowTest, AfterAZoomTheKeySaysHowManyKernelsAreOutOfViewNotThatTheyAreUnnamed)
{
    // Twenty named kernels; zoomed in twice, 9 then 19 lie outside the view. The note under the
    // plot said "3 / 16 more kernels not named here: the figure names those that take the most
    // time", about kernels it did not draw, and names were drawn for points out of view.
    ASSERT_EQ(
        window->openFile(QStringLiteral(ROOFLINE_SOURCE_DIR "/resources/examples/twenty-kernels.roofline.yaml"), false),
        QString());
    auto note = [&] {
        for (QCPLayoutElement* e : plot()->plotLayout()->elements(true))
            if (auto* t = qobject_cast<QCPTextElement*>(e); t && t->text().contains(QStringLiteral("the table lists")))
                return t->text().simplified();
        return QString();
    };
    for (int zoom = 0; zoom < 3; ++zoom) {
        QTest::qWait(250); // the names follow a moment after the view settles
        int inView = 0, names = 0;
        for (const auto& p : window->plotWidget()->currentSpec().points)
            inView += plot()->xAxis->range().contains(p.at.x) && plot()->yAxis->range().contains(p.at.y);
        for (int i = 0; i < plot()->itemCount(); ++i)
            if (auto* t = qobject_cast<QCPItemText*>(plot()->item(i));
                t && t->layer() && t->layer()->name() == QLatin1String("point-labels") && !t->text().isEmpty())
                ++names;
        EXPECT_EQ(names, inView) << "zoom " << zoom << ": every kernel in view named, none out of it";
        if (inView == 20)
            EXPECT_TRUE(note().isEmpty()) << note().toStdString();
        else
            EXPECT_EQ(note(),
                QStringLiteral("%1 kernel(s) outside the axes' ranges, not drawn; the table lists every one.")
                    .arg(20 - inView));
        window->plotWidget()->zoom(2.0);
    }
}

TEST_F(MainWindowTest, ZoomInAndOutFromTheViewMenuKeepTheCentreAndComeBack)
{
    auto* zoomIn = window->findChild<QAction*>(QStringLiteral("zoomIn"));
    auto* zoomOut = window->findChild<QAction*>(QStringLiteral("zoomOut"));
    ASSERT_NE(zoomIn, nullptr);
    ASSERT_NE(zoomOut, nullptr);
    EXPECT_EQ(zoomIn->shortcut(), QKeySequence(QKeySequence::ZoomIn));
    zoomIn->trigger(); // 0.1 .. 1e4 is 5 decades about 10^1.5; in: 5 / 1.5 decades about it
    const QCPRange x = plot()->xAxis->range();
    EXPECT_NEAR(std::log10(x.upper / x.lower), 5.0 / 1.5, 1e-9);
    EXPECT_NEAR(std::sqrt(x.lower * x.upper), std::sqrt(0.1 * 1e4), 1e-9);
    zoomOut->trigger();
    EXPECT_NEAR(plot()->xAxis->range().lower, 0.1, 1e-12);
    EXPECT_NEAR(plot()->xAxis->range().upper, 1e4, 1e-8);
}

TEST_F(MainWindowTest, CopyFigurePutsThePlotOnTheClipboard)
{
    QGuiApplication::clipboard()->clear();
    auto* copy = window->findChild<QAction*>(QStringLiteral("copyFigure"));
    ASSERT_NE(copy, nullptr);
    EXPECT_EQ(copy->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    copy->trigger();
    const QImage image = QGuiApplication::clipboard()->image();
    ASSERT_FALSE(image.isNull());
    EXPECT_EQ(image.size() / image.devicePixelRatio(), plot()->size());
}

TEST_F(MainWindowTest, TheAnimatedToggleEndsWhereTheInstantOneDoes)
{
    QSettings().setValue(QStringLiteral("view/animate"), true);
    window->hardwarePanel()->precisionButton(Precision::FP8)->click();
    EXPECT_TRUE(window->plotWidget()->isAnimating());
    // The frames in between move the ridge through the values between the two precisions'.
    bool sawBetween = false;
    QElapsedTimer waited;
    waited.start();
    while (window->plotWidget()->isAnimating() && !sawBetween && waited.elapsed() < 3000) {
        QTest::qWait(5);
        const double x = ridgeMarkerX();
        sawBetween = x > 296.0 && x < 590.0;
    }
    EXPECT_TRUE(sawBetween) << "an animation frame draws the figure between the two";
    QTRY_VERIFY_WITH_TIMEOUT(!window->plotWidget()->isAnimating(), 3000);
    const double animatedRidge = ridgeMarkerX();
    QCPGraph* roof = plot()->findChild<QCPGraph*>(plotnames::kRoof);
    ASSERT_NE(roof, nullptr);
    std::vector<std::pair<double, double>> animated;
    for (auto it = roof->data()->begin(); it != roof->data()->end(); ++it)
        animated.emplace_back(it->key, it->value);

    // The same toggle without animation.
    QSettings().setValue(QStringLiteral("view/animate"), false);
    window->document()->undoStack()->undo();
    window->hardwarePanel()->precisionButton(Precision::FP8)->click();
    EXPECT_FALSE(window->plotWidget()->isAnimating());
    EXPECT_DOUBLE_EQ(ridgeMarkerX(), animatedRidge);
    roof = plot()->findChild<QCPGraph*>(plotnames::kRoof);
    std::vector<std::pair<double, double>> instant;
    for (auto it = roof->data()->begin(); it != roof->data()->end(); ++it)
        instant.emplace_back(it->key, it->value);
    EXPECT_EQ(animated, instant);
    EXPECT_NEAR(animatedRidge, 590.7, 0.05);
}

TEST_F(MainWindowTest, KernelsWhoseRegimeFlipsAreRingedAndCounted)
{
    window->document()->addKernels({test::makeKernel("between ridges", 400e9, 1e9)}, "add"); // I = 400
    window->hardwarePanel()->precisionButton(Precision::FP8)->click();
    EXPECT_EQ(window->statusBar()->currentMessage(), QStringLiteral("1 kernel became memory-bound under FP8"));
    auto* ring = plot()->findChild<PointCloud*>(QStringLiteral("flip-highlight"));
    ASSERT_NE(ring, nullptr);
    EXPECT_EQ(ring->pointCount(), 1);
}

TEST_F(MainWindowTest, ThousandsOfFlipsAreRingedWhereTheyAreDrawn)
{
    // 4,500 kernels, every third between the BF16 and FP8 ridges (they flip), the others far
    // left: a crowded figure, which may thin some of them out.
    std::vector<Kernel> kernels;
    for (int i = 0; i < 4500; ++i) {
        const double intensity = i % 3 == 0 ? 300.0 + (i % 280) : 1.0 + (i % 50);
        kernels.push_back(test::makeKernel("k" + std::to_string(i), intensity * 1e9, 1e9, 1e-3 * (1 + i % 7)));
    }
    window->document()->addKernels(std::move(kernels), "add");
    window->hardwarePanel()->precisionButton(Precision::FP8)->click();
    auto* ring = plot()->findChild<PointCloud*>(QStringLiteral("flip-highlight"));
    ASSERT_NE(ring, nullptr);
    // By a walk through the figure: every flipped kernel drawn is ringed (the kernels that
    // flipped went from compute-bound or the ridge to memory-bound; the rest of the band, near
    // the FP8 ridge, is now at the ridge and is not ringed).
    const PlotSpec shown = window->plotWidget()->currentSpec();
    int drawnFlips = 0;
    for (const PlotPoint& p : shown.points)
        drawnFlips += p.kind == PlotPoint::Kind::Kernel && p.index % 3 == 0 && p.regime == Regime::MemoryBound;
    int flips = 0;
    for (size_t i = 0; i < window->document()->placements().size(); i += 3)
        flips += window->document()->placements()[i].regime == Regime::MemoryBound;
    EXPECT_GT(drawnFlips, 200);
    EXPECT_LT(drawnFlips, flips) << "some are thinned out of the figure";
    EXPECT_EQ(ring->pointCount(), drawnFlips);
    EXPECT_EQ(
        window->statusBar()->currentMessage(), QStringLiteral("%1 kernels became memory-bound under FP8").arg(flips));
    EXPECT_EQ(ring->name(), QStringLiteral("Regime just changed (%1 of %2 ringed)").arg(drawnFlips).arg(flips));
}

TEST(ProfileEditorTest, ValidatesAsTypedAndSavesAProfileThatReadsBack)
{
    const HardwareProfile& h100 = *test::shippedCatalog().find("h100-sxm5");
    ProfileEditor editor(h100);
    ASSERT_TRUE(editor.profile().has_value());
    EXPECT_EQ(*editor.profile(), h100) << "an unchanged profile comes back equal";
    QString error;
    editor.peaksTable()->item(3, 1)->setText(QStringLiteral("989.4 TFLIPS")); // BF16 row
    EXPECT_FALSE(editor.profile(&error).has_value());
    EXPECT_EQ(error, QStringLiteral("Peak BF16: unknown unit 'TFLIPS' for a compute rate; write e.g. '989.4 TFLOP/s'"));
    EXPECT_TRUE(editor.messageLabel()->text().contains(QStringLiteral("TFLIPS")));
    editor.peaksTable()->item(3, 1)->setText(QStringLiteral("700 TFLOP/s"));
    editor.memoryTable()->item(0, 1)->setText(QStringLiteral("0 TB/s"));
    EXPECT_FALSE(editor.profile(&error).has_value());
    EXPECT_EQ(error, QStringLiteral("Bandwidth of HBM3: bandwidth must be greater than zero (got '0 TB/s')"));
    editor.memoryTable()->item(0, 1)->setText(QStringLiteral("2.9 TB/s"));
    editor.idEdit()->setText(QStringLiteral("My H100"));
    EXPECT_FALSE(editor.profile(&error).has_value());
    EXPECT_EQ(error, QStringLiteral("id 'My H100' must be lower-case kebab: letters, digits and single '-'"));
    editor.idEdit()->setText(QStringLiteral("my-h100"));
    const auto p = editor.profile(&error);
    ASSERT_TRUE(p.has_value()) << error.toStdString();
    EXPECT_EQ(p->id, "my-h100");
    EXPECT_DOUBLE_EQ(*p->peak(Precision::BF16), 700e12);
    EXPECT_NEAR(*p->ridge(Precision::BF16), 700.0 / 2.9, 1e-9);
}

TEST_F(MainWindowTest, ATitleWithPlaceholdersFollowsTheViewAndADoubleClickAsksForOne)
{
    auto title = [this]() {
        auto* t = plot()->findChild<QCPTextElement*>(plotnames::kTitle);
        return t ? t->text() : QString();
    };
    EXPECT_EQ(title(), QStringLiteral("NVIDIA H100 SXM5 80GB \u00B7 BF16 (dense)"));
    ViewSettings view = doc()->session().view;
    view.title = "Our kernels in {precision}";
    doc()->setView(view, QStringLiteral("Set Title"));
    EXPECT_EQ(title(), QStringLiteral("Our kernels in BF16"));
    doc()->setPrecision(Precision::FP8);
    EXPECT_EQ(title(), QStringLiteral("Our kernels in FP8"));

    QSignalSpy asked(window->plotWidget(), &ui::RooflinePlotWidget::titleEditRequested);
    plot()->replot();
    auto* t = plot()->findChild<QCPTextElement*>(plotnames::kTitle);
    ASSERT_NE(t, nullptr);
    // The window asks for the title; answered, it is set (one undo step).
    QTimer::singleShot(0, [] {
        auto* dialog = qobject_cast<QInputDialog*>(QApplication::activeModalWidget());
        ASSERT_NE(dialog, nullptr);
        dialog->setTextValue(QStringLiteral("{hardware}"));
        dialog->accept();
    });
    QTest::mouseDClick(plot(), Qt::LeftButton, Qt::NoModifier, t->outerRect().center());
    EXPECT_EQ(asked.count(), 1);
    EXPECT_EQ(title(), QStringLiteral("NVIDIA H100 SXM5 80GB"));
    EXPECT_EQ(doc()->undoStack()->undoText(), QStringLiteral("Set Title"));
    QTest::mouseDClick(plot(), Qt::LeftButton, Qt::NoModifier, plot()->axisRect()->rect().center());
    EXPECT_EQ(asked.count(), 1) << "not the plot itself";
}

TEST_F(MainWindowTest, FitsALaptopScreenWithEveryPanelShown)
{
    for (const char* dock : {"detailsDock", "llmDock", "ceilingsDock"}) {
        auto* d = window->findChild<QDockWidget*>(QString::fromLatin1(dock));
        ASSERT_NE(d, nullptr) << dock;
        d->raise();
        QCoreApplication::processEvents();
        const QSize min = window->minimumSizeHint().expandedTo(window->minimumSize());
        EXPECT_LE(min.height(), 700) << dock << " raised: a 1366 x 768 screen holds the window";
        EXPECT_LE(min.width(), 1366) << dock;
    }
}

TEST_F(MainWindowTest, OnALaptopTheHardwareFiguresAreAboveTheFold)
{
    // A first start on a 1366 x 768 laptop: the peak, bandwidth and ridge show without scrolling
    // the Hardware dock (the Details dock below it gives up the room).
    window = std::make_unique<MainWindow>(test::shippedCatalog(), std::vector<Error> {});
    window->resize(1366, 730);
    window->show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(window.get()));
    auto* scroll = window->findChild<QScrollArea*>(QStringLiteral("hardwareDockScroll"));
    ASSERT_NE(scroll, nullptr);
    for (int row = 0; row < 3; ++row) {
        auto* label = window->hardwarePanel()->findChild<QLabel*>(QStringLiteral("hardwareInfo-%1").arg(row));
        ASSERT_NE(label, nullptr);
        const QRect shown(label->mapTo(scroll->viewport(), QPoint(0, 0)), label->size());
        EXPECT_TRUE(scroll->viewport()->rect().contains(shown))
            << "row " << row << " at y " << shown.top() << ".." << shown.bottom() << " of "
            << scroll->viewport()->height();
    }
    auto* details = window->findChild<QDockWidget*>(QStringLiteral("detailsDock"));
    EXPECT_GE(details->height(), 120) << "the details still read a few lines";

    // The LLM form raised gets the room (the hardware panel scrolls), and never scrolls sideways.
    auto* llm = window->findChild<QDockWidget*>(QStringLiteral("llmDock"));
    auto* form = window->findChild<QScrollArea*>(QStringLiteral("llmDockScroll"));
    const int hidden = form->widget()->height() - form->viewport()->height();
    llm->raise();
    QCoreApplication::processEvents();
    EXPECT_FALSE(form->horizontalScrollBar()->isVisible());
    EXPECT_LT(form->widget()->height() - form->viewport()->height(), std::max(40, hidden / 3))
        << "of the form's " << form->widget()->height() << " px, " << form->viewport()->height() << " shown";
    details->raise();
    QCoreApplication::processEvents();
    auto* ridge = window->hardwarePanel()->findChild<QLabel*>(QStringLiteral("hardwareInfo-2"));
    EXPECT_TRUE(
        scroll->viewport()->rect().contains(QRect(ridge->mapTo(scroll->viewport(), QPoint(0, 0)), ridge->size())))
        << "details raised again: the ridge is back above the fold";
}

TEST_F(MainWindowTest, CompareWithPairsABaselineRunWithThisSessionAndDrawsTheArrows)
{
    // This session is the after run; the example's before run is the baseline.
    const QString examples = QStringLiteral(ROOFLINE_SOURCE_DIR "/resources/examples/");
    ASSERT_TRUE(window->document()->load(examples + QStringLiteral("run-after.roofline.yaml")).isEmpty());
    const QString error = window->files()->compareWith(examples + QStringLiteral("run-before.roofline.yaml"), false);
    ASSERT_TRUE(error.isEmpty()) << error.toStdString();
    CompareDialog* dialog = window->files()->lastComparison();
    ASSERT_NE(dialog, nullptr);
    const QString report = dialog->reportText();
    EXPECT_TRUE(report.contains(QStringLiteral("rmsnorm"))) << report.toStdString();
    EXPECT_TRUE(report.contains(QStringLiteral("only before (2): attention_v1 old_copy"))) << report.toStdString();
    int arrows = 0, dashed = 0;
    for (int i = 0; i < dialog->plot()->itemCount(); ++i)
        if (auto* line = qobject_cast<QCPItemLine*>(dialog->plot()->item(i));
            line && line->objectName() == QLatin1String("move")) {
            ++arrows;
            dashed += line->pen().style() == Qt::DashLine; // slower: dashed, not only red
        }
    EXPECT_EQ(arrows, 3) << "gemm_qkv, rmsnorm and softmax are in both runs";
    EXPECT_GE(dashed, 1) << "a slower kernel's arrow is dashed";
    // Each move starts at a hollow ring where the kernel was; the legend says what the lines mean.
    int before = -1;
    QStringList legend;
    for (int i = 0; i < dialog->plot()->graphCount(); ++i) {
        QCPGraph* g = dialog->plot()->graph(i);
        if (g->objectName() == QLatin1String("before-points"))
            before = g->dataCount();
        if (dialog->plot()->legend->hasItemWithPlottable(g))
            legend << g->name();
    }
    EXPECT_EQ(before, 3);
    EXPECT_TRUE(legend.contains(QStringLiteral("Slower"))) << legend.join('|').toStdString();
    // It fits the screen it opens on (it ran off a 768-pixel laptop screen).
    const QSize screen = dialog->screen()->availableGeometry().size();
    EXPECT_LE(dialog->height(), screen.height()) << screen.height();
    EXPECT_LE(dialog->width(), screen.width());
    if (qEnvironmentVariableIsSet("RS_FIGDIR")) // to look at it
        dialog->grab().save(qEnvironmentVariable("RS_FIGDIR") + QStringLiteral("/compare-dialog.png"));
    // Export Report: the two runs as the HTML page `roofline report BEFORE AFTER` writes.
    EXPECT_NE(dialog->findChild<QPushButton*>(QStringLiteral("exportCompareReport")), nullptr);
    QTemporaryDir dir;
    const QString page = dir.filePath(QStringLiteral("before-after.html"));
    ASSERT_EQ(dialog->exportReportTo(page), QString());
    QFile html(page);
    ASSERT_TRUE(html.open(QIODevice::ReadOnly));
    const QByteArray text = html.readAll();
    EXPECT_TRUE(text.contains("<th scope=\"col\">SPEEDUP</th>"));
    EXPECT_TRUE(text.contains(">rmsnorm</td>"));
    EXPECT_TRUE(text.contains("attention_v1 (gone)"));
    EXPECT_TRUE(text.contains("run-before.roofline.yaml ("));
    // A file with no kernel in common says so.
    const QString none = window->files()->compareWith(examples + QStringLiteral("lesson-h100.roofline.yaml"), false);
    EXPECT_TRUE(none.contains(QStringLiteral("no kernel name in common"))) << none.toStdString();
}

TEST_F(MainWindowTest, MeasureThisMachineSavesAndSelectsTheMeasuredProfile)
{
    // Tools > Measure This Machine, in a one-second run (the menu's takes about 20 s): the
    // profile is saved to the user's folder, joins the catalog and is selected.
    ASSERT_NE(window->findChild<QAction*>(QStringLiteral("measureMachine")), nullptr);
    window->files()->measureMachine(1.0);
    EXPECT_EQ(window->document()->session().hardwareId, "measured-this-machine");
    const HardwareProfile* hw = window->document()->hardware();
    ASSERT_NE(hw, nullptr);
    EXPECT_EQ(hw->vendor, "Measured");
    EXPECT_TRUE(hw->peak(Precision::FP64).has_value());
    EXPECT_EQ(hw->memory.size(), 4u);
    const QString file = userProfilesDirectory() + QStringLiteral("/measured-this-machine.yaml");
    EXPECT_TRUE(QFileInfo::exists(file));
    EXPECT_TRUE(window->statusBar()->currentMessage().startsWith(QStringLiteral("Measured ")))
        << window->statusBar()->currentMessage().toStdString();
    QFile::remove(file);
}
