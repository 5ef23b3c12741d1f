// SPDX-License-Identifier: MIT
// Imports into the window: Nsight Compute files, FP64 files, a change of hardware, repeated
// launches, measured ceilings, and large files read on a worker with progress and Cancel.
#include "core/io/ceilings.h"
#include "core/io/session_yaml.h"
#include "support/fixtures.h"
#include "support/window_fixture.h"
#include "tests/ui/kernels_fixture.h"
#include "ui/dialogs/import_report_dialog.h"
#include "ui/document/autosave.h"
#include "ui/document/import_job.h"
#include "ui/document/session_document.h"
#include "ui/panels/details_panel.h"
#include "ui/panels/kernel_table_model.h"
#include "ui/panels/kernels_panel.h"
#include "ui/window/file_actions.h"
#include "ui/window/main_window.h"
#include "ui/window/roofline_plot_widget.h"
#include "ui/window/settings.h"

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
#include <QFileInfo>
#include <QItemSelectionModel>
#include <QLabel>
#include <QProgressDialog>
#include <QPushButton>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUrl>

using namespace roofline;
using namespace roofline::ui;

TEST_F(KernelsTest, NsightComputeImportPicksTheDeviceAndShowsEveryLevel)
{
    doc()->setHardware(QStringLiteral("b200"));
    const QString file = QString::fromStdString(std::string(ROOFLINE_TEST_DATA) + "/ncu/details-h100.csv");
    ASSERT_EQ(window->openFile(file, false), QString());
    EXPECT_EQ(doc()->session().hardwareId, "h100-sxm5") << "the file's device picks the profile";
    ASSERT_EQ(doc()->session().kernels.size(), 2u) << "gemm_bf16's two launches are one kernel";
    window->kernelsPanel()->selectKernel(0);
    const QString details = window->detailsPanel()->text();
    EXPECT_TRUE(details.contains(QStringLiteral("L2 level"))) << details.toStdString();
    EXPECT_TRUE(details.contains(QStringLiteral("L1 level")));
    EXPECT_TRUE(details.contains(QStringLiteral("binding")));
    // The L2 and L1 roofs are drawn, with a point per level.
    int levelRoofs = 0, levelPoints = 0;
    for (int i = 0; i < plot()->graphCount(); ++i) {
        levelRoofs += plot()->graph(i)->objectName() == QLatin1String("level-roof");
        levelPoints += plot()->graph(i)->objectName() == QLatin1String("level-point");
    }
    EXPECT_EQ(levelRoofs, 2);
    EXPECT_EQ(levelPoints, 2); // the gemm's (L2, L1); the softmax has no L2 metric and 0 L1 bytes
}

TEST_F(KernelsTest, TheRawPageOfNcu2025OpensOnTheH200AndShowsTheRoofItRanUnder)
{
    // The real H200 export (ncu 2025.3, --set roofline, --page raw): the window switches to the
    // H200 by the file's device name, and the Details panel shows the roof at the kernel's clock.
    const QString file = QString::fromStdString(std::string(ROOFLINE_TEST_DATA) + "/real/h200_ncu_raw.csv");
    ASSERT_EQ(window->openFile(file, false), QString());
    EXPECT_EQ(doc()->session().hardwareId, "h200-sxm");
    ASSERT_EQ(doc()->session().kernels.size(), 9u) << "12 launches of 9 kernels (name, grid and block)";
    window->kernelsPanel()->selectKernel(1); // the BF16 GEMM
    const QString details = window->detailsPanel()->text();
    EXPECT_TRUE(details.contains(QStringLiteral("91% of the roof it ran under"))) << details.toStdString();
    EXPECT_TRUE(details.contains(QStringLiteral("692.9 TFLOP/s"))) << details.toStdString();
    // The table names them as the figure does: three instantiations of one PyTorch template are
    // three names ("…> [BFloat16]", "[float]", "[Half]"), the whole signature in the tooltip.
    auto* table = window->findChild<QTableView*>(QStringLiteral("kernelsTable"));
    ASSERT_NE(table, nullptr);
    QSet<QString> names;
    for (int row = 0; row < table->model()->rowCount(); ++row)
        names.insert(table->model()->index(row, 0).data().toString());
    EXPECT_EQ(names.size(), 9);
    EXPECT_TRUE(names.contains(
        QStringLiteral("distribution_elementwise_grid_stride_kernel<\u2026normal_kernel\u2026> [BFloat16]")))
        << names.values().join(QLatin1Char('\n')).toStdString();
    EXPECT_TRUE(table->model()->index(0, 0).data(Qt::ToolTipRole).toString().startsWith(QStringLiteral("void at::")));
}

TEST_F(KernelsTest, AnFp64ImportIntoAnEmptySessionIsShownAtFp64InOneUndoableStep)
{
    doc()->setHardware(QStringLiteral("mi300x"));
    const Precision before = doc()->session().precision;
    ASSERT_NE(before, Precision::FP64);
    QTemporaryDir dir;
    const QString csv = dir.filePath(QStringLiteral("fp64.csv"));
    {
        QFile f(csv);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write("name,flops,bytes,time_s,precision\nstencil,1e9,2e9,1e-3,fp64\n");
    }
    ASSERT_EQ(window->openFile(csv, false), QString());
    EXPECT_EQ(doc()->session().precision, Precision::FP64);
    doc()->undoStack()->undo(); // the import and the precision it chose: one step
    EXPECT_EQ(doc()->session().precision, before);
    EXPECT_TRUE(doc()->session().kernels.empty());
}

TEST_F(KernelsTest, AnImportThatSwitchesTheHardwareSaysSoAndUndoesInOneStep)
{
    ASSERT_EQ(doc()->session().hardwareId, "h100-sxm5");
    const int steps = doc()->undoStack()->count();
    const QString file = QString::fromStdString(std::string(ROOFLINE_TEST_DATA) + "/ncu/raw-a100-eu.csv");
    QString said;
    QObject::connect(
        window->findChild<ui::FileActions*>(), &ui::FileActions::message, [&](const QString& m, int) { said = m; });
    ASSERT_EQ(window->openFile(file, false), QString());
    EXPECT_EQ(doc()->session().hardwareId.rfind("a100", 0), 0u) << doc()->session().hardwareId;
    EXPECT_TRUE(said.contains(QStringLiteral("switched from NVIDIA H100"))) << said.toStdString();
    EXPECT_EQ(doc()->undoStack()->count(), steps + 1) << "one undo step";
    doc()->undoStack()->undo();
    EXPECT_EQ(doc()->session().hardwareId, "h100-sxm5");
    EXPECT_TRUE(doc()->session().kernels.empty());

    // Dropped by a user, the window asks first; "No" keeps the H100 and imports the kernels.
    QString question;
    QTimer answer;
    answer.setInterval(20);
    QObject::connect(&answer, &QTimer::timeout, [&]() {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        if (!box)
            return;
        const bool isSwitch = box->windowTitle().contains(QStringLiteral("Switch"));
        if (isSwitch)
            question = box->text();
        box->button(isSwitch ? QMessageBox::No : QMessageBox::Yes)->click();
    });
    answer.start();
    ASSERT_EQ(window->openFile(file, true), QString());
    answer.stop();
    EXPECT_TRUE(question.contains(QStringLiteral("Switch the session from NVIDIA H100"))) << question.toStdString();
    EXPECT_EQ(doc()->session().hardwareId, "h100-sxm5") << "kept";
    EXPECT_FALSE(doc()->session().kernels.empty());
    EXPECT_TRUE(said.contains(QStringLiteral("kept NVIDIA H100"))) << said.toStdString();
}

TEST_F(KernelsTest, AProfilersLaunchesOfOneKernelAreOneKernelUnlessAskedOtherwise)
{
    // 3 launches of 2 kernels (gemm_bf16 twice): by default one kernel each, with its launch
    // count, without a question. (The file's memcpy row has no FLOPs: the import report that
    // follows is accepted.)
    const QString file = QString::fromStdString(std::string(ROOFLINE_TEST_DATA) + "/ncu/details-h100.csv");
    QTimer answer;
    QObject::connect(&answer, &QTimer::timeout, [&]() {
        if (auto* dialog = qobject_cast<QDialog*>(QApplication::activeModalWidget()))
            dialog->accept();
    });
    answer.start(10);
    ASSERT_EQ(window->openFile(file, true), QString());
    ASSERT_EQ(doc()->session().kernels.size(), 2u);
    EXPECT_EQ(doc()->session().kernels[0].launches + doc()->session().kernels[1].launches, 3);
    // File > Group Profiler Launches off: a kernel per launch.
    auto* group = window->findChild<QAction*>(QStringLiteral("groupLaunches"));
    ASSERT_NE(group, nullptr);
    EXPECT_TRUE(group->isChecked());
    group->trigger();
    EXPECT_FALSE(QSettings().value(QStringLiteral("import/groupLaunches"), true).toBool());
    ASSERT_EQ(window->openFile(file, true), QString());
    answer.stop();
    EXPECT_EQ(doc()->session().kernels.size(), 2u + 3u);
    group->trigger(); // back to the default for the tests after this one
}

TEST_F(KernelsTest, MeasuredCeilingsBecomeAProfile)
{
    auto measured = loadCeilingsFile(std::string(ROOFLINE_TEST_DATA) + "/ceilings/roofline-multi.json");
    ASSERT_TRUE(measured.ok());
    window->addProfile(measured.value());
    EXPECT_EQ(doc()->session().hardwareId, measured->id);
    ASSERT_TRUE(doc()->roofline());
    // No BF16 ceiling was measured, so the profile's default precision is FP16.
    EXPECT_EQ(doc()->precision(), Precision::FP16);
    EXPECT_NEAR(doc()->roofline()->ridge(), 28100.0 / 812.4, 1e-9);
}

namespace {
// A generic CSV of `rows` kernels (~50 bytes a row): large enough to be read on a worker thread.
QString writeLargeCsv(const QTemporaryDir& dir, int rows)
{
    const QString path = dir.filePath(QStringLiteral("large.csv"));
    QFile f(path);
    EXPECT_TRUE(f.open(QIODevice::WriteOnly));
    QByteArray text = "name,flops,bytes,time_s\n";
    for (int i = 0; i < rows; ++i)
        text += "kernel_" + QByteArray::number(i) + "," + QByteArray::number(1e9 + i) + ",1e8,1e-3\n";
    f.write(text);
    return path;
}
} // namespace

TEST_F(KernelsTest, ALargeImportRunsBesideAnAnsweringWindowAndCancelLeavesNothing)
{
    QTemporaryDir dir;
    const QString path = writeLargeCsv(dir, 400000);
    ASSERT_GT(QFileInfo(path).size(), kBackgroundImportBytes);
    doc()->addKernels({test::makeKernel("before", 2e9, 1e9)}, QStringLiteral("Add"));
    const int steps = doc()->undoStack()->count();
    const int index = doc()->undoStack()->index();

    // While the worker reads, the event loop runs: a timer fires, sees the progress dialog and
    // presses its Cancel button.
    int ticks = 0;
    bool sawDialog = false;
    QTimer tick;
    tick.setInterval(0);
    QObject::connect(&tick, &QTimer::timeout, [&]() {
        ++ticks;
        if (auto* progress = window->findChild<QProgressDialog*>(QStringLiteral("importProgress"))) {
            sawDialog = true;
            progress->cancel();
        }
    });
    tick.start();
    EXPECT_EQ(window->openFile(path, false), QString()) << "a cancel is not an error";
    tick.stop();
    EXPECT_TRUE(sawDialog);
    EXPECT_GT(ticks, 0) << "the window kept answering during the import";
    ASSERT_EQ(doc()->session().kernels.size(), 1u) << "nothing half-imported";
    EXPECT_EQ(doc()->session().kernels[0].name, "before");
    EXPECT_EQ(doc()->undoStack()->count(), steps) << "no undo step for a cancelled import";
    EXPECT_EQ(doc()->undoStack()->index(), index);
    doc()->undoStack()->undo();
    EXPECT_TRUE(doc()->session().kernels.empty()) << "the undo history is intact";
}

TEST_F(KernelsTest, ALargeImportCompletesOnAWorkerAsOneUndoStep)
{
    QTemporaryDir dir;
    const QString path = writeLargeCsv(dir, 100000);
    const int steps = doc()->undoStack()->count();
    ASSERT_EQ(window->openFile(path, false), QString());
    ASSERT_EQ(doc()->session().kernels.size(), 100000u);
    EXPECT_EQ(doc()->session().kernels[99999].name, "kernel_99999");
    EXPECT_EQ(doc()->undoStack()->count(), steps + 1);
    EXPECT_EQ(window->findChild<QProgressDialog*>(QStringLiteral("importProgress")), nullptr)
        << "the progress dialog is gone";
    doc()->undoStack()->undo();
    EXPECT_TRUE(doc()->session().kernels.empty());
}

TEST(KernelImportDialog, TheImportFilterShowsLikwidsTxtFiles)
{
    // LIKWID writes its output as .txt: the default filter hid it.
    const QString filter = FileActions::kernelFileFilter();
    EXPECT_TRUE(filter.section(QStringLiteral(";;"), 0, 0).contains(QStringLiteral("*.txt"))) << filter.toStdString();
}

TEST_F(KernelsTest, FileDialogsStartInTheFolderOfTheLastFileOpened)
{
    const QString file = QString::fromStdString(std::string(ROOFLINE_TEST_DATA) + "/real/h200_ncu_raw.csv");
    ASSERT_EQ(window->openFile(file, false), QString());
    EXPECT_EQ(Settings().lastDirectory(), QFileInfo(file).absolutePath());
}

TEST_F(KernelsTest, LikwidOutputsDroppedTogetherAreOneRunOfTheProgram)
{
    // The real Zen 4 FLOPS_DP and L3 runs of the CG solver, and a MEM run of it: dropped at once,
    // the three are one point (FLOPs from the first, bytes from the MEM run, L3 as a level).
    QTemporaryDir dir;
    const QString mem = dir.filePath(QStringLiteral("likwid_MEM.txt"));
    {
        QFile f(mem);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write("Group 1: MEM\n+---+\n| Metric | HWThread 24 |\n+---+\n| Runtime (RDTSC) [s] | 0.4 |\n"
                "| Memory data volume [GBytes] | 2.0 |\n+---+\n");
    }
    const QString data = QString::fromStdString(std::string(ROOFLINE_TEST_DATA) + "/likwid/");
    QStringList boxes;
    QTimer answer;
    answer.setInterval(20);
    QObject::connect(&answer, &QTimer::timeout, [&]() {
        if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
            boxes << box->text();
            box->button(box->windowTitle().contains(QStringLiteral("Switch")) ? QMessageBox::No : QMessageBox::Ok)
                ->click();
        } else if (auto* dialog = qobject_cast<QDialog*>(QApplication::activeModalWidget())) {
            dialog->reject(); // the import report of a refused run
        }
    });
    answer.start();
    // Two of them (FLOPS_DP and L3) still lack the memory volume: refused, saying what to add.
    window->openDroppedFiles({QUrl::fromLocalFile(data + "cg-flops-dp.txt"), QUrl::fromLocalFile(data + "cg-l3.txt")});
    EXPECT_TRUE(doc()->session().kernels.empty());
    ASSERT_FALSE(boxes.isEmpty());
    EXPECT_TRUE(boxes.back().contains(QStringLiteral("0.118 FLOP/byte at L3"))) << boxes.back().toStdString();
    EXPECT_TRUE(boxes.back().contains(QStringLiteral("add a MEM run"))) << boxes.back().toStdString();

    window->openDroppedFiles({QUrl::fromLocalFile(data + "cg-flops-dp.txt"), QUrl::fromLocalFile(data + "cg-l3.txt"),
        QUrl::fromLocalFile(mem)});
    answer.stop();
    ASSERT_EQ(doc()->session().kernels.size(), 1u) << boxes.join('\n').toStdString();
    const Kernel& k = doc()->session().kernels[0];
    EXPECT_EQ(k.name, "whole run");
    EXPECT_NEAR(k.flops, 889.8334e6 * 0.6494, 1.0);
    EXPECT_DOUBLE_EQ(k.bytes, 2e9);
    ASSERT_EQ(k.levelBytes.size(), 1u);
    EXPECT_EQ(k.levelBytes[0].first, "L3");
    EXPECT_TRUE(
        doc()->undoStack()->undoText().endsWith(QStringLiteral(" from cg-flops-dp.txt + cg-l3.txt + likwid_MEM.txt")))
        << doc()->undoStack()->undoText().toStdString();
}

TEST_F(KernelsTest, AnExportWithoutFlopCountersKeepsBytesAndTimeForTheUserToTypeTheFlops)
{
    // rocprof with only FETCH_SIZE/WRITE_SIZE: bytes and time, no FLOP counters. The CLI refuses
    // it; the window lists the two kernels with their bytes and time and a FLOPs cell to type.
    const QString file = QString::fromStdString(std::string(ROOFLINE_TEST_DATA) + "/rocprof/v1-bytes-only.csv");
    QStringList seen;
    QTimer answer;
    answer.setInterval(20);
    QObject::connect(&answer, &QTimer::timeout, [&]() {
        if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
            box->button(box->windowTitle().contains(QStringLiteral("Switch")) ? QMessageBox::No : QMessageBox::Ok)
                ->click();
            return;
        }
        auto* dialog = qobject_cast<ImportReportDialog*>(QApplication::activeModalWidget());
        if (!dialog || !dialog->flopsTable())
            return;
        QTableWidget* t = dialog->flopsTable();
        auto* import = dialog->findChild<QPushButton*>(QStringLiteral("importButton"));
        seen << t->item(0, 1)->text() << t->item(0, 2)->text() << import->text()
             << QString::number(import->isEnabled());
        t->item(0, 3)->setText(QStringLiteral("1 GFLOP"));
        t->item(1, 3)->setText(QStringLiteral("lots")); // not a number: marked, not imported
        seen << import->text() << t->item(1, 3)->toolTip();
        import->click();
    });
    answer.start();
    ASSERT_EQ(window->openFile(file, true), QString());
    answer.stop();
    ASSERT_EQ(seen.size(), 6) << seen.join('|').toStdString();
    EXPECT_EQ(seen[0], QStringLiteral("201 MB"));
    EXPECT_EQ(seen[1], QStringLiteral("130 µs"));
    EXPECT_EQ(seen[3], QStringLiteral("0")) << "nothing to import until a FLOPs cell is typed";
    EXPECT_TRUE(seen[4].contains(QLatin1Char('1'))) << seen[4].toStdString();
    EXPECT_FALSE(seen[5].isEmpty()) << "the bad cell says why";
    ASSERT_EQ(doc()->session().kernels.size(), 1u);
    const Kernel& k = doc()->session().kernels[0];
    EXPECT_EQ(k.name, "saxpy(int, float, float const*, float*) [clone .kd]") << "launches grouped by name";
    EXPECT_DOUBLE_EQ(k.flops, 1e9);
    EXPECT_NEAR(k.bytes, 201e6, 1e6);
    ASSERT_TRUE(k.time.has_value());
    EXPECT_NEAR(*k.time, 130e-6, 1e-6);
    // Opened without asking (a test, a script), it is refused as the CLI refuses it.
    const QString refused = window->openFile(file, false);
    EXPECT_TRUE(refused.contains(QStringLiteral("no kernel can be placed"))) << refused.toStdString();
}
