// SPDX-License-Identifier: MIT
// The window's targets, offscreen (docs/performance.md): the window opened and shown, and with N
// kernels a precision toggle (analysis, figure, every panel, the redraw: what a drag frame also
// does) as the median of repeated runs. Each size runs in a process of its own, so memory freed
// by one size is not reused by the next. Run with `make bench` (not part of `make test`).
#include "bench_kernels.h"
#include "support/resident_memory.h"
#include "ui/document/session_document.h"
#include "ui/window/main_window.h"
#include "ui/window/roofline_plot_widget.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QSettings>
#include <QTest>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

using namespace roofline;

namespace {

/// Median wall time of `runs` calls of `f`, in milliseconds, the events it queued (a replot)
/// processed inside the timing.
double medianMs(int runs, const std::function<void(int)>& f)
{
    std::vector<double> ms;
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer t;
        t.start();
        f(i);
        QCoreApplication::processEvents();
        ms.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
    }
    std::sort(ms.begin(), ms.end());
    return ms[ms.size() / 2];
}

/// One row of the table for n kernels.
void measure(size_t n)
{
    QElapsedTimer opening;
    opening.start();
    ui::MainWindow window(bench::catalog(), {});
    window.resize(1300, 900);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        std::fprintf(stderr, "window not exposed\n");
    QCoreApplication::processEvents();
    const double openMs = static_cast<double>(opening.nsecsElapsed()) / 1e6;
    ui::SessionDocument* doc = window.document();
    doc->setHardware(QStringLiteral("h100-sxm5"));
    doc->setPrecision(Precision::BF16);
    // From before the kernels exist: the kernels themselves count.
    const double before = test::residentBytes();
    doc->addKernels(bench::kernels(n), QStringLiteral("Add kernels"));
    QCoreApplication::processEvents();
    const double perKernel = (test::residentBytes() - before) / static_cast<double>(n);
    const int runs = n >= 1000000 ? 5 : 9;
    const double toggle = medianMs(runs, [&](int i) { doc->setPrecision(i % 2 ? Precision::BF16 : Precision::FP8); });
    std::printf("| %zu | %.0f | %.1f | %.0f |\n", n, openMs, toggle, perKernel);
    std::fflush(stdout);
}

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    qputenv("HOME", QByteArray("/tmp/roofline-ui-bench"));
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("RooflineStudioBench"));
    QSettings().clear();
    QSettings().setValue(QStringLiteral("view/animate"), false);
    if (argc == 3 && std::string(argv[1]) == "--one") {
        measure(static_cast<size_t>(std::atoll(argv[2])));
        return 0;
    }
    std::vector<std::string> sizes {"1000", "100000", "1000000"};
    if (argc > 1)
        sizes.assign(argv + 1, argv + argc);
    std::printf("| N | window open (ms) | precision toggle (ms) | memory per kernel (bytes) |\n|---|---|---|---|\n");
    std::fflush(stdout);
    for (const std::string& n : sizes)
        QProcess::execute(
            QCoreApplication::applicationFilePath(), {QStringLiteral("--one"), QString::fromStdString(n)});
    std::printf("\nTargets: window open <= 1 s; toggle <= 50 ms at 10^3, <= 100 ms at 10^5, <= 1 s at 10^6.\n");
    return 0;
}
