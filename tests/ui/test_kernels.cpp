// SPDX-License-Identifier: MIT
// Kernels in the window: place by clicking, drag across the ridge, edit in the table, undo
// every kind of edit, sessions, imports.
#include "core/io/ceilings.h"
#include "core/io/session_yaml.h"
#include "support/fixtures.h"
#include "support/window_fixture.h"
#include "tests/ui/kernels_fixture.h"
#include "ui/document/autosave.h"
#include "ui/document/import_job.h"
#include "ui/document/session_document.h"
#include "ui/panels/details_panel.h"
#include "ui/panels/kernel_table_model.h"
#include "ui/panels/kernels_panel.h"
#include "ui/plot/roofline_renderer.h"
#include "ui/window/file_actions.h"
#include "ui/window/main_window.h"
#include "ui/window/roofline_plot_widget.h"

#include <qcustomplot.h>

#include <QAbstractButton>
#include <QApplication>
#include <QDialog>
#include <QMessageBox>
#include <gtest/gtest.h>

#include <QDir>

#include <csignal>
#include <sys/resource.h>

#include <QAbstractItemModelTester>
#include <QAction>
#include <QFile>
#include <QItemSelectionModel>
#include <QLabel>
#include <QProgressDialog>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace roofline;
using namespace roofline::ui;

TEST_F(KernelsTest, TableModelPassesTheItemModelTester)
{
    QAbstractItemModelTester tester(table(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    doc()->addKernels({test::makeKernel("a", 1e12, 1e10, 1e-3), test::makeKernel("b", 1e9, 1e9)}, "add");
    doc()->removeKernels({0});
    doc()->undoStack()->undo();
    EXPECT_EQ(table()->rowCount(), 2);
}

TEST_F(KernelsTest, DeletingScatteredKernelsUndoesAndRedoesInPlace)
{
    std::vector<Kernel> ks;
    for (int i = 0; i < 8; ++i)
        ks.push_back(test::makeKernel("k" + std::to_string(i), 1e12 * (i + 1), 1e10, 1e-3 * (i + 1)));
    doc()->addKernels(ks, "add");
    const quint64 added = doc()->kernelsRevision();
    doc()->removeKernels({6, 1, 3, 1}); // any order, duplicates ignored
    ASSERT_EQ(doc()->session().kernels.size(), 5u);
    EXPECT_NE(doc()->kernelsRevision(), added);
    std::vector<std::string> names;
    for (const Kernel& k : doc()->session().kernels)
        names.push_back(k.name);
    EXPECT_EQ(names, (std::vector<std::string> {"k0", "k2", "k4", "k5", "k7"}));
    EXPECT_EQ(doc()->placements().size(), 5u);

    doc()->undoStack()->undo();
    EXPECT_EQ(doc()->session().kernels, ks) << "every kernel back where it was, with its values";
    EXPECT_EQ(doc()->placements().size(), 8u);
    doc()->undoStack()->redo();
    EXPECT_EQ(doc()->session().kernels.size(), 5u);
    doc()->undoStack()->undo();
    doc()->undoStack()->undo(); // the add
    EXPECT_TRUE(doc()->session().kernels.empty());
    doc()->undoStack()->redo();
    EXPECT_EQ(doc()->session().kernels, ks) << "an undone add keeps its kernels for the redo";
}

TEST_F(KernelsTest, EditingAKernelInPlaceUpdatesItsRowWithoutResettingTheTable)
{
    doc()->addKernels({test::makeKernel("a", 1e12, 1e10, 1e-3), test::makeKernel("b", 2e12, 1e10, 1e-3),
                          test::makeKernel("c", 3e12, 1e10, 1e-3)},
        "add");
    window->kernelsPanel()->selectKernel(1);
    QSignalSpy resets(table(), &QAbstractItemModel::modelReset);
    QSignalSpy changes(table(), &QAbstractItemModel::dataChanged);
    Kernel moved = doc()->session().kernels[1];
    moved.bytes = 1e8; // far right of the ridge: a drag step does this
    moved.time = 1.0;
    doc()->editKernel(1, moved, "drag");
    EXPECT_EQ(resets.count(), 0) << "a drag step must not lay out 10^5 rows again";
    EXPECT_GE(changes.count(), 1);
    EXPECT_EQ(regimeCell(1), QStringLiteral("compute-bound"));
    EXPECT_EQ(window->kernelsPanel()->currentKernel(), 1);
    doc()->removeKernels({0});
    EXPECT_EQ(resets.count(), 1) << "rows that go are a reset";
    EXPECT_EQ(table()->rowCount(), 2);
}

TEST_F(KernelsTest, APrecisionToggleKeepsTheKernelsRevision)
{
    doc()->addKernels({test::makeKernel("a", 1e12, 1e10, 1e-3)}, "add");
    const quint64 revision = doc()->kernelsRevision();
    doc()->setPrecision(Precision::FP8);
    EXPECT_EQ(doc()->kernelsRevision(), revision) << "same kernels: the window can compare regimes";
    Kernel edited = doc()->session().kernels[0];
    edited.bytes *= 2;
    doc()->editKernel(0, edited, "edit");
    EXPECT_NE(doc()->kernelsRevision(), revision);
}

TEST_F(KernelsTest, ASortedTableIsSortedAgainAfterAToggle)
{
    // "compute" is 1.5x below its BF16 roof and 3x below its FP8 one; "memory" is 2x below its
    // roof under both (the bandwidth does not change).
    const double bf16Peak = 989.4e12, bandwidth = 3.35e12;
    doc()->addKernels({test::makeKernel("compute", 1e15, 1e9, 1e15 / (bf16Peak / 1.5)),
                          test::makeKernel("memory", 1e11, 1e9, 1e11 / (100 * bandwidth / 2))},
        "add");
    auto* view = window->findChild<QTableView*>(QStringLiteral("kernelsTable"));
    ASSERT_NE(view, nullptr);
    view->sortByColumn(KernelTableModel::Headroom, Qt::AscendingOrder);
    auto order = [&]() {
        QStringList names;
        for (int row = 0; row < view->model()->rowCount(); ++row)
            names << view->model()->index(row, KernelTableModel::Name).data().toString();
        return names;
    };
    EXPECT_EQ(order(), (QStringList {"compute", "memory"}));
    doc()->setPrecision(Precision::FP8);
    EXPECT_EQ(order(), (QStringList {"memory", "compute"})) << "the headroom of 'compute' doubled";
    doc()->undoStack()->undo();
    EXPECT_EQ(order(), (QStringList {"compute", "memory"}));
    // Unsorted, the table keeps the document's order.
    view->sortByColumn(-1, Qt::AscendingOrder);
    doc()->setPrecision(Precision::FP8);
    EXPECT_EQ(order(), (QStringList {"compute", "memory"}));
}

TEST_F(KernelsTest, TheTableSortsItselfAndTheSelectionFollowsItsKernel)
{
    QAbstractItemModelTester tester(table(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    // Intensities 2, 64, 1000 and 8 FLOP/byte; "b" and "d" share their FLOPs (a tie).
    doc()->addKernels({test::makeKernel("a", 2e9, 1e9, 1e-3), test::makeKernel("b", 64e9, 1e9, 1e-3),
                          test::makeKernel("c", 1000e9, 1e9, 1e-3), test::makeKernel("d", 64e9, 8e9, 1e-3)},
        "add");
    KernelsPanel* panel = window->kernelsPanel();
    QTableView* view = panel->view();
    EXPECT_EQ(view->model(), table()) << "the view shows the model itself: no proxy's row maps";
    auto names = [&]() {
        QStringList list;
        for (int row = 0; row < table()->rowCount(); ++row)
            list << table()->index(row, KernelTableModel::Name).data().toString();
        return list;
    };
    panel->selectKernel(3);
    view->sortByColumn(KernelTableModel::Intensity, Qt::DescendingOrder);
    EXPECT_EQ(names(), (QStringList {"c", "b", "d", "a"}));
    EXPECT_EQ(panel->currentKernel(), 3) << "the selection follows its kernel, not its row";
    EXPECT_EQ(view->selectionModel()->currentIndex().row(), 2);
    EXPECT_EQ(panel->selectedKernels(), (std::vector<int> {3}));
    // Ties keep the document's order, in either direction.
    view->sortByColumn(KernelTableModel::Flops, Qt::DescendingOrder);
    EXPECT_EQ(names(), (QStringList {"c", "b", "d", "a"}));
    view->sortByColumn(KernelTableModel::Flops, Qt::AscendingOrder);
    EXPECT_EQ(names(), (QStringList {"a", "b", "d", "c"}));
    view->sortByColumn(KernelTableModel::Name, Qt::DescendingOrder);
    EXPECT_EQ(names(), (QStringList {"d", "c", "b", "a"}));
    // Selecting a kernel selects the row that shows it; an edit in a sorted row edits its kernel.
    panel->selectKernel(1);
    EXPECT_EQ(view->selectionModel()->currentIndex().row(), 2);
    ASSERT_TRUE(table()->setData(table()->index(2, KernelTableModel::Name), QStringLiteral("e"), Qt::EditRole));
    EXPECT_EQ(doc()->session().kernels[1].name, "e");
    EXPECT_EQ(names(), (QStringList {"e", "d", "c", "a"})) << "sorted again after the edit";
    EXPECT_EQ(panel->currentKernel(), 1);
    // Deleting rows resets the table: it stays sorted.
    doc()->removeKernels({2});
    EXPECT_EQ(names(), (QStringList {"e", "d", "a"}));
    view->sortByColumn(-1, Qt::AscendingOrder);
    EXPECT_EQ(names(), (QStringList {"a", "e", "d"})) << "the document's order back";
    EXPECT_EQ(table()->kernelAt(1), 1);
    EXPECT_EQ(table()->rowOf(2), 2);
}

TEST_F(KernelsTest, ClickInPlaceModeAddsAKernelThereAndDragAcrossTheRidgeFlipsItsRegime)
{
    window->placeAction()->trigger();
    ASSERT_TRUE(window->plotWidget()->placeMode());
    const QPoint at = pixel(10.0, 10e12);
    mouse(QEvent::MouseButtonPress, at, Qt::LeftButton);
    mouse(QEvent::MouseButtonRelease, at, Qt::NoButton);
    ASSERT_EQ(doc()->session().kernels.size(), 1u);
    const Placement placed = doc()->placements().at(0); // a copy: the next edit replaces the analysis
    const double placedFlops = doc()->session().kernels.at(0).flops;
    EXPECT_NEAR(placed.intensity, 10.0, 10.0 * 0.05);
    EXPECT_NEAR(*placed.achieved, 10e12, 10e12 * 0.05);
    EXPECT_EQ(regimeCell(0), QStringLiteral("memory-bound"));
    EXPECT_EQ(window->kernelsPanel()->currentKernel(), 0);
    EXPECT_FALSE(window->plotWidget()->placeMode()) << "one placement ends place mode";
    EXPECT_FALSE(window->placeAction()->isChecked());
    window->placeAction()->trigger();
    ASSERT_TRUE(window->plotWidget()->placeMode());
    EXPECT_TRUE(window->statusBar()->currentMessage().contains(QStringLiteral("Esc")));
    QTest::keyClick(window.get(), Qt::Key_Escape);
    EXPECT_FALSE(window->plotWidget()->placeMode()) << "Esc ends place mode";
    const int stepsBefore = doc()->undoStack()->count();

    // Drag the point right, across the BF16 ridge (295), in several moves.
    const QPoint from = window->plotWidget()->pointPixel(0).toPoint();
    mouse(QEvent::MouseButtonPress, from, Qt::LeftButton);
    for (double i : {30.0, 100.0, 400.0, 2000.0})
        mouse(QEvent::MouseMove, pixel(i, 10e12), Qt::LeftButton);
    EXPECT_TRUE(window->statusBar()->currentMessage().startsWith(QStringLiteral("I = ")))
        << window->statusBar()->currentMessage().toStdString();
    EXPECT_TRUE(window->statusBar()->currentMessage().contains(QStringLiteral("compute-bound")))
        << "the readout follows the drag: " << window->statusBar()->currentMessage().toStdString();
    mouse(QEvent::MouseButtonRelease, pixel(2000.0, 10e12), Qt::NoButton);
    EXPECT_NEAR(doc()->placements().at(0).intensity, 2000.0, 2000.0 * 0.05);
    EXPECT_EQ(regimeCell(0), QStringLiteral("compute-bound"));
    EXPECT_EQ(doc()->undoStack()->count(), stepsBefore + 1) << "one drag is one undo step";
    EXPECT_DOUBLE_EQ(doc()->session().kernels[0].flops, placedFlops) << "a drag keeps the FLOPs";

    doc()->undoStack()->undo();
    EXPECT_EQ(regimeCell(0), QStringLiteral("memory-bound"));
}

TEST_F(KernelsTest, SelectingAPointSelectsItsRowAndTheReverse)
{
    doc()->addKernels({test::makeKernel("left", 2e9, 1e9, 1e-3), test::makeKernel("right", 4e12, 1e9, 20e-3)}, "add");
    window->kernelsPanel()->selectKernel(1);
    EXPECT_EQ(window->plotWidget()->selectedPoint(), 1);
    EXPECT_TRUE(window->detailsPanel()->text().contains(QStringLiteral("right")));
    EXPECT_TRUE(window->detailsPanel()->text().contains(QStringLiteral("compute-bound")));
    const QPoint at = window->plotWidget()->pointPixel(0).toPoint();
    mouse(QEvent::MouseButtonPress, at, Qt::LeftButton);
    mouse(QEvent::MouseButtonRelease, at, Qt::NoButton);
    EXPECT_EQ(window->kernelsPanel()->currentKernel(), 0);
    EXPECT_EQ(window->plotWidget()->selectedPoint(), 0);
    const QString details = window->detailsPanel()->text();
    for (const char* fact : {"intensity", "roof", "ridge", "regime", "headroom", "MFU", "time >=", "memory bus"})
        EXPECT_TRUE(details.contains(QLatin1String(fact))) << fact << "\n" << details.toStdString();
}

TEST_F(KernelsTest, CellsTakeUnitsAndRejectWhatTheyCannotRead)
{
    doc()->addKernels({test::makeKernel("k", 1e12, 1e10)}, "add");
    QString rejected;
    QObject::connect(table(), &KernelTableModel::editRejected, [&](const QString& m) { rejected = m; });
    EXPECT_FALSE(table()->setData(table()->index(0, KernelTableModel::Flops), QStringLiteral("lots"), Qt::EditRole));
    EXPECT_EQ(rejected, QStringLiteral("FLOPs: 'lots' is not a number; write e.g. '140 GFLOP'"));
    EXPECT_FALSE(table()->setData(table()->index(0, KernelTableModel::Bytes), QStringLiteral("0 GB"), Qt::EditRole));
    EXPECT_FALSE(
        table()->setData(table()->index(0, KernelTableModel::Precision), QStringLiteral("fp12"), Qt::EditRole));
    EXPECT_DOUBLE_EQ(doc()->session().kernels[0].flops, 1e12);

    EXPECT_TRUE(
        table()->setData(table()->index(0, KernelTableModel::Flops), QStringLiteral("140 GFLOP"), Qt::EditRole));
    EXPECT_TRUE(table()->setData(table()->index(0, KernelTableModel::Bytes), QStringLiteral("70 GB"), Qt::EditRole));
    EXPECT_TRUE(table()->setData(table()->index(0, KernelTableModel::Time), QStringLiteral("20.9 ms"), Qt::EditRole));
    EXPECT_TRUE(table()->setData(table()->index(0, KernelTableModel::Precision), QStringLiteral("FP8"), Qt::EditRole));
    const Kernel& k = doc()->session().kernels[0];
    EXPECT_DOUBLE_EQ(k.flops, 140e9);
    EXPECT_DOUBLE_EQ(k.bytes, 70e9);
    EXPECT_DOUBLE_EQ(*k.time, 20.9e-3);
    EXPECT_EQ(k.precision, Precision::FP8);
    EXPECT_EQ(table()->index(0, KernelTableModel::Intensity).data().toString(), QStringLiteral("2"));
    // An achieved rate sets the time from the FLOPs.
    EXPECT_TRUE(
        table()->setData(table()->index(0, KernelTableModel::Achieved), QStringLiteral("7 TFLOP/s"), Qt::EditRole));
    EXPECT_DOUBLE_EQ(*doc()->session().kernels[0].time, 140e9 / 7e12);
    EXPECT_EQ(
        table()->index(0, KernelTableModel::Regime).data().toString(), QStringLiteral("memory-bound (above roof!)"));
    EXPECT_EQ(doc()->undoStack()->count(), 1 + 5);
}

TEST_F(KernelsTest, AddedKernelsTakeNamesNoOtherKernelHas)
{
    doc()->addKernels({test::makeKernel("a", 1e12, 1e10), test::makeKernel("b", 1e12, 1e10)}, "add");
    // Against the session and against each other, in order: a renamed kernel's new name is
    // taken from then on.
    doc()->addKernels({test::makeKernel("a", 1e12, 1e10), test::makeKernel("a", 1e12, 1e10),
                          test::makeKernel("c", 1e12, 1e10), test::makeKernel("a 2", 1e12, 1e10)},
        "add more");
    std::vector<std::string> names;
    for (const Kernel& k : doc()->session().kernels)
        names.push_back(k.name);
    EXPECT_EQ(names, (std::vector<std::string> {"a", "b", "a 2", "a 3", "c", "a 2 2"}));
    doc()->undoStack()->undo();
    EXPECT_EQ(doc()->session().kernels.size(), 2U);
}

TEST_F(KernelsTest, EveryKindOfEditUndoesAndRedoes)
{
    const Session start = doc()->session();
    QUndoStack* undo = doc()->undoStack();
    doc()->addKernels({test::makeKernel("a", 1e12, 1e10, 2e-3)}, "add"); // add
    doc()->duplicateKernel(0); // duplicate
    EXPECT_EQ(doc()->session().kernels[1].name, "a (copy)");
    Kernel edited = doc()->session().kernels[0];
    edited.bytes = 5e9;
    doc()->editKernel(0, edited, "edit"); // edit
    doc()->moveKernel(1, 1000.0, 5e14, 7); // move
    doc()->moveKernel(1, 2000.0, 6e14, 7); // same drag: merged
    doc()->removeKernels({0}); // delete
    QTemporaryDir dir;
    const QString csv = dir.filePath(QStringLiteral("k.csv"));
    {
        QFile f(csv);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write("name,flops,bytes\nimported,1e9,1e9\nbad,0,1\n");
    }
    EXPECT_EQ(window->openFile(csv, false), QString()); // import (good rows only)
    doc()->setHardware(QStringLiteral("b200")); // hardware
    doc()->setPrecision(Precision::FP4); // precision
    ViewSettings v = doc()->session().view;
    v.sizeByTimeShare = true;
    doc()->setView(v, "size"); // view
    EXPECT_EQ(undo->count(), 9);
    const Session end = doc()->session();
    ASSERT_EQ(end.kernels.size(), 2u);
    EXPECT_EQ(end.kernels[1].name, "imported");

    while (undo->canUndo())
        undo->undo();
    EXPECT_EQ(doc()->session(), start);
    EXPECT_FALSE(doc()->isModified());
    while (undo->canRedo())
        undo->redo();
    EXPECT_EQ(doc()->session(), end);
    EXPECT_TRUE(doc()->isModified());
}

TEST_F(KernelsTest, SessionsSaveLoadAndTrackModification)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("a.roofline.yaml"));
    doc()->addKernels({test::makeKernel("decode", 140e9, 70e9, 25e-3)}, "add");
    doc()->setPrecision(Precision::FP8);
    EXPECT_TRUE(doc()->isModified());
    EXPECT_TRUE(window->isWindowModified());
    ASSERT_EQ(doc()->save(path), QString());
    EXPECT_FALSE(doc()->isModified());
    EXPECT_FALSE(window->isWindowModified());
    EXPECT_TRUE(window->windowTitle().contains(QStringLiteral("a.roofline.yaml")));
    const Session saved = doc()->session();
    doc()->removeKernels({0});
    EXPECT_TRUE(doc()->isModified());
    ASSERT_EQ(window->openFile(path), QString());
    EXPECT_EQ(doc()->session(), saved);
    EXPECT_FALSE(doc()->isModified());
    EXPECT_EQ(doc()->undoStack()->count(), 0);
}

TEST_F(KernelsTest, AFailedSaveKeepsThePreviousFile)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("keep.roofline.yaml"));
    ASSERT_EQ(doc()->save(path), QString());
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QByteArray before = f.readAll();
    f.close();
    doc()->addKernels({test::makeKernel("k", 1e9, 1e9)}, "add");
    // A path whose folder is a file cannot be written.
    const QString bad = path + QStringLiteral("/inside.roofline.yaml");
    const QString error = doc()->save(bad);
    EXPECT_TRUE(error.startsWith(bad + QStringLiteral(": cannot write"))) << error.toStdString();
    EXPECT_TRUE(doc()->isModified());
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    EXPECT_EQ(f.readAll(), before);
}

// A full disk, simulated with a file-size limit: the write fails part way, the previous file is
// untouched, the document stays modified and the message says why.
TEST_F(KernelsTest, ASaveOntoAFullDiskKeepsThePreviousFile)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("full.roofline.yaml"));
    ASSERT_EQ(doc()->save(path), QString());
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QByteArray before = f.readAll();
    f.close();
    std::vector<Kernel> many;
    for (int i = 0; i < 2000; ++i)
        many.push_back(test::makeKernel("kernel " + std::to_string(i), 1e9 + i, 1e9));
    doc()->addKernels(many, "add");

    struct rlimit old { };
    ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &old), 0);
    const auto oldHandler = std::signal(SIGXFSZ, SIG_IGN); // a write past the limit fails with EFBIG
    struct rlimit small = old;
    small.rlim_cur = 16 * 1024;
    ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
    const QString error = doc()->save(path);
    ::setrlimit(RLIMIT_FSIZE, &old);
    std::signal(SIGXFSZ, oldHandler);

    EXPECT_TRUE(error.startsWith(path + QStringLiteral(": cannot write"))) << error.toStdString();
    EXPECT_TRUE(doc()->isModified());
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    EXPECT_EQ(f.readAll(), before);
    f.close();
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files), QStringList {QStringLiteral("full.roofline.yaml")})
        << "no temporary file is left behind";
    EXPECT_EQ(doc()->save(path), QString()) << "with room again, the same save works";
}

TEST_F(KernelsTest, TheExampleSessionTellsTheLessonsStory)
{
    ASSERT_EQ(window->openExample(), QString());
    EXPECT_EQ(doc()->session().hardwareId, "h100-sxm5");
    EXPECT_EQ(doc()->precision(), Precision::FP8);
    ASSERT_EQ(doc()->placements().size(), 3u);
    EXPECT_EQ(doc()->placements()[0].regime, Regime::MemoryBound);
    EXPECT_DOUBLE_EQ(doc()->placements()[0].intensity, 2.0);
    EXPECT_DOUBLE_EQ(doc()->placements()[1].intensity, 64.0);
    EXPECT_EQ(doc()->placements()[2].regime, Regime::ComputeBound);
    EXPECT_FALSE(doc()->isModified());
    EXPECT_TRUE(doc()->filePath().isEmpty()) << "the example opens untitled";
}

TEST_F(KernelsTest, SortingByGainRanksWhereTheTimeWouldGo)
{
    ASSERT_EQ(window->openExample(), QString());
    QTableView* view = window->kernelsPanel()->view();
    view->sortByColumn(KernelTableModel::Gain, Qt::DescendingOrder);
    EXPECT_EQ(view->model()->index(0, KernelTableModel::Name).data().toString(), QStringLiteral("prefill, 2k tokens"));
}

TEST_F(KernelsTest, SavingKeepsTheZoomTheWindowShows)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("zoom.roofline.yaml"));
    ASSERT_EQ(window->saveTo(path), QString());
    auto plain = loadSessionFile(path.toStdString());
    ASSERT_TRUE(plain.ok());
    EXPECT_FALSE(plain->view.x) << "the derived ranges are not written";
    plot()->xAxis->setRange(1, 100);
    plot()->yAxis->setRange(1e12, 1e15);
    ASSERT_EQ(window->saveTo(path), QString());
    auto zoomed = loadSessionFile(path.toStdString());
    ASSERT_TRUE(zoomed.ok());
    ASSERT_TRUE(zoomed->view.x);
    EXPECT_NEAR(zoomed->view.x->lo, 1.0, 1e-9);
    EXPECT_NEAR(zoomed->view.x->hi, 100.0, 1e-9);
    EXPECT_NEAR(zoomed->view.y->hi, 1e15, 1e3);
    // Reopened, the window shows that zoom again.
    ASSERT_EQ(window->openFile(path), QString());
    EXPECT_NEAR(plot()->xAxis->range().lower, 1.0, 1e-9);
}

TEST_F(KernelsTest, UnsavedWorkIsAutosavedAndRecovered)
{
    QFile::remove(Autosave::path());
    EXPECT_FALSE(window->autosave()->save()) << "nothing unsaved, nothing written";
    QTemporaryDir dir;
    const QString original = dir.filePath(QStringLiteral("mine.roofline.yaml"));
    ASSERT_EQ(window->saveTo(original), QString());
    doc()->addKernels({test::makeKernel("unsaved \xE2\x9C\x93", 140e9, 70e9, 25e-3)}, "add");
    ASSERT_TRUE(window->autosave()->save());
    EXPECT_TRUE(QFile::exists(Autosave::path()));
    const Session before = doc()->session();

    // A new window (after a crash) recovers it: the same session, unsaved, under its file name.
    MainWindow after(test::shippedCatalog(), {});
    ASSERT_TRUE(after.autosave()->recover());
    EXPECT_EQ(after.document()->session(), before);
    EXPECT_TRUE(after.document()->isModified());
    EXPECT_EQ(after.document()->filePath(), original);
    {
        QFile file(original);
        ASSERT_TRUE(file.open(QIODevice::ReadOnly));
        EXPECT_FALSE(file.readAll().contains("unsaved")) << "the saved file itself is untouched";
    }
    // A second crash before the recovered session is saved loses nothing: the file stays.
    EXPECT_TRUE(QFile::exists(Autosave::path()));
    MainWindow again(test::shippedCatalog(), {});
    ASSERT_TRUE(again.autosave()->recover()) << "recovered again after a second crash";
    EXPECT_EQ(again.document()->session(), before);
    again.document()->undoStack()->setClean();
    // Saving the recovered session is the end of it.
    ASSERT_EQ(after.saveTo(original), QString());
    EXPECT_FALSE(QFile::exists(Autosave::path())) << "saved: nothing left to recover";
    EXPECT_FALSE(after.document()->isModified());
}

TEST_F(KernelsTest, TheRegimeColumnHoldsEveryRegimesNameWhateverTheRowsMeasured)
{
    std::vector<Kernel> kernels;
    for (int i = 0; i < 200; ++i) // memory-bound, more rows than the fit samples
        kernels.push_back(test::makeKernel("k" + std::to_string(i), 1e9, 1e9, 1e-3));
    kernels.push_back(test::makeKernel("gemm", 1e15, 1e11, 2.0)); // compute-bound, last
    doc()->addKernels(kernels, QStringLiteral("Add kernels"));
    QTableView* view = window->kernelsPanel()->view();
    const QFontMetrics fm(view->font());
    EXPECT_GE(
        view->columnWidth(ui::KernelTableModel::Regime), fm.horizontalAdvance(QStringLiteral("compute-bound")) + 8)
        << "\"compute-bound\", not \"compute-bou...\"";
}

TEST_F(KernelsTest, TheSummarySaysHowMuchTimeLatencyBoundKernelsHold)
{
    // A 6 ms GEMM and a 5 us bias add (within two 4 us launches on an H100): 5 / 6005 = 0.0833 %.
    doc()->addKernels({test::makeKernel("gemm", 4.4e12, 3e9, 6e-3), test::makeKernel("bias", 2e6, 8e6, 5e-6)}, "add");
    auto* summary = window->findChild<QLabel*>(QStringLiteral("kernelSummary"));
    ASSERT_NE(summary, nullptr);
    EXPECT_TRUE(summary->text().contains(QStringLiteral("1 latency-bound (0.0833% of the time")))
        << summary->text().toStdString();
}

TEST_F(KernelsTest, RegimeCellsAreNeverCutEvenAboveTheRoof)
{
    // "compute-boun…": the regime column is as wide as its longest text, the warning included.
    doc()->addKernels({test::makeKernel("fast_gemm", 1e15, 1e9, 1e-4)}, QStringLiteral("Add")); // above its roof
    auto* view = window->findChild<QTableView*>(QStringLiteral("kernelsTable"));
    ASSERT_NE(view, nullptr);
    QCoreApplication::processEvents();
    const QString text
        = view->model()->index(view->model()->rowCount() - 1, KernelTableModel::Regime).data().toString();
    ASSERT_TRUE(text.contains(QStringLiteral("above roof"))) << text.toStdString();
    EXPECT_GE(view->columnWidth(KernelTableModel::Regime), QFontMetrics(view->font()).horizontalAdvance(text) + 8);
}

TEST_F(KernelsTest, DraggingAKernelsNameKeepsItThereUndoablyAndInTheSavedSession)
{
    doc()->addKernels(
        {test::makeKernel("gemm", 1e12, 1e10, 2e-3), test::makeKernel("softmax", 2e10, 4e10, 2e-2)}, "add");
    const int stepsBefore = doc()->undoStack()->count();
    auto nameOf = [this](int kernel) -> QCPItemText* {
        plot()->replot();
        for (int i = 0; i < plot()->itemCount(); ++i)
            if (auto* t = qobject_cast<QCPItemText*>(plot()->item(i)); t && t->visible()
                && t->property(plotnames::kLabelKernel).toInt() == kernel
                && t->property(plotnames::kLabelKernel).isValid())
                return t;
        return nullptr;
    };
    auto centre = [](QCPItemText* t) {
        return ((t->topLeft->pixelPosition() + t->bottomRight->pixelPosition()) / 2.0).toPoint();
    };
    QCPItemText* gemm = nameOf(0);
    ASSERT_NE(gemm, nullptr) << "the name is drawn";
    const QPoint grab = centre(gemm);
    const QPoint to = pixel(3.0, 2e12);
    mouse(QEvent::MouseButtonPress, grab, Qt::LeftButton);
    mouse(QEvent::MouseMove, (grab + to) / 2, Qt::LeftButton);
    mouse(QEvent::MouseMove, to, Qt::LeftButton);
    mouse(QEvent::MouseButtonRelease, to, Qt::NoButton);

    ASSERT_EQ(doc()->session().view.labelAt.count("gemm"), 1u) << "the place is the session's";
    const PlotXY at = doc()->session().view.labelAt.at("gemm");
    EXPECT_NEAR(std::log10(at.x), std::log10(3.0), 0.05);
    EXPECT_NEAR(std::log10(at.y), std::log10(2e12), 0.05);
    EXPECT_EQ(doc()->undoStack()->count(), stepsBefore + 1) << "one drag is one undo step";
    EXPECT_EQ(doc()->undoStack()->undoText(), QStringLiteral("Move Label"));
    EXPECT_EQ(doc()->session().kernels[0].flops, 1e12) << "moving the name leaves the kernel";
    gemm = nameOf(0);
    ASSERT_NE(gemm, nullptr);
    EXPECT_LE((centre(gemm) - to).manhattanLength(), 4) << "drawn again where it was let go";
    doc()->setPrecision(Precision::FP8);
    doc()->setPrecision(Precision::BF16);
    gemm = nameOf(0);
    ASSERT_NE(gemm, nullptr);
    EXPECT_LE((centre(gemm) - to).manhattanLength(), 4) << "and stays there when the figure is laid out again";

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("moved.roofline.yaml"));
    ASSERT_EQ(window->saveTo(path), QString());
    QFile saved(path);
    ASSERT_TRUE(saved.open(QIODevice::ReadOnly));
    EXPECT_TRUE(saved.readAll().contains("labels_at:")) << "the session file keeps the place";

    auto* reset = window->findChild<QAction*>(QStringLiteral("resetLabels"));
    ASSERT_NE(reset, nullptr);
    reset->trigger();
    EXPECT_TRUE(doc()->session().view.labelAt.empty()) << "Reset Label Positions lets the layout place it";
    doc()->undoStack()->undo();
    EXPECT_EQ(doc()->session().view.labelAt.count("gemm"), 1u);
    while (doc()->undoStack()->index() > stepsBefore)
        doc()->undoStack()->undo();
    EXPECT_TRUE(doc()->session().view.labelAt.empty()) << "undo puts the name back to the layout's place";
}

TEST_F(KernelsTest, ASessionOnHardwareNotLoadedIsRefusedNeverShownOnAnotherPart)
{
    // Opened, it was drawn on the first profile (an EPYC 9654: "ABOVE ROOF 34x", MFU 3401 %) and
    // Ctrl+S wrote `hardware: epyc-9654` into the user's file; its autosave recovered silently.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("theirs.roofline.yaml"));
    const QByteArray text = "roofline_session: 1\nhardware: our-lab-gpu\nprecision: bf16\nkernels:\n"
                            "  - {name: gemm, flops: 1 TFLOP, bytes: 1 GB, time: 1 ms}\n";
    {
        QFile f(path);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(text);
    }
    doc()->addKernels({test::makeKernel("mine", 1e12, 1e10, 1e-3)}, "add");
    const Session mine = doc()->session();
    const QString error = window->openFile(path);
    EXPECT_TRUE(error.contains(QStringLiteral("its hardware 'our-lab-gpu' is not loaded"))) << error.toStdString();
    EXPECT_TRUE(error.contains(QStringLiteral("Import its profile"))) << error.toStdString();
    EXPECT_EQ(doc()->session(), mine) << "the window keeps what it showed";
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    EXPECT_EQ(f.readAll(), text) << "the file is left as it is";

    // Its autosave is not recovered onto another part; it is moved aside, and said where.
    QFile::remove(Autosave::path());
    QDir().mkpath(QFileInfo(Autosave::path()).absolutePath());
    {
        QFile a(Autosave::path());
        ASSERT_TRUE(a.open(QIODevice::WriteOnly));
        a.write(text);
    }
    MainWindow after(test::shippedCatalog(), {});
    EXPECT_FALSE(after.autosave()->recover());
    const QString why = after.autosave()->recoverError();
    EXPECT_TRUE(why.contains(QStringLiteral("'our-lab-gpu' is not loaded"))) << why.toStdString();
    const QString kept = why.section(QStringLiteral("It is kept as "), 1).section(QStringLiteral(": open it"), 0, 0);
    ASSERT_FALSE(kept.isEmpty()) << why.toStdString();
    QFile k(kept);
    ASSERT_TRUE(k.open(QIODevice::ReadOnly)) << kept.toStdString();
    EXPECT_EQ(k.readAll(), text);
    k.remove();
    EXPECT_FALSE(Autosave::pending());
}
