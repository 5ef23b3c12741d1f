// SPDX-License-Identifier: MIT
// The window's interactions with N kernels, offscreen: full replot, precision toggle
// (reclassify + redraw), hover lookup, and one move of a dragged point. Each figure is the
// median of repeated runs. Run with `make bench` (not part of `make test`).
#include "bench_kernels.h"
#include "core/analysis/session_analysis.h"
#include "core/llm/llm_overlay.h"
#include "support/resident_memory.h"
#include "ui/document/session_document.h"
#include "ui/idle_memory_release.h"
#include "ui/main_window.h"
#include "ui/panels/kernels_panel.h"
#include "ui/plot/roofline_plot_widget.h"
#include "ui/plot/roofline_renderer.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QMouseEvent>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QStringList>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <vector>

using namespace roofline;

namespace {

/// Median wall time of `runs` calls of `f`, in milliseconds. Pending events (queued replots)
/// are processed inside the timing, so a redraw counts where it happens.
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

void mouse(QCustomPlot* plot, QEvent::Type type, QPointF at, Qt::MouseButtons buttons)
{
    QMouseEvent e(type, at, plot->mapToGlobal(at), Qt::LeftButton, buttons, Qt::NoModifier);
    QCoreApplication::sendEvent(plot, &e);
}

QStringList breakdown;

// Each size runs in a process of its own (`ui_bench --one N BREAKDOWN_FILE`): memory freed by a
// smaller run would otherwise be reused by the next and hide part of its growth.
void run(size_t n, int runs)
{
    ui::MainWindow window(bench::catalog(), {});
    window.resize(1300, 900);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        std::fprintf(stderr, "window not exposed\n");
    ui::SessionDocument* doc = window.document();
    doc->setHardware(QStringLiteral("h100-sxm5"));
    doc->setPrecision(Precision::BF16);
    // Measured from before the kernels exist: the kernels themselves count (they move into the
    // session, so measuring after making them would leave them out).
    const double before = test::residentBytes();
    std::vector<Kernel> generated = bench::kernels(n);
    double nameBytes = 0;
    for (const Kernel& k : generated)
        nameBytes += static_cast<double>(k.name.size() > 15 ? k.name.capacity() + 1 : 0);
    QElapsedTimer load;
    load.start();
    doc->addKernels(std::move(generated), QStringLiteral("Add kernels"));
    QCoreApplication::processEvents();
    const double loadMs = static_cast<double>(load.nsecsElapsed()) / 1e6;
    // Everything the window holds per kernel: the kernels in the session, the undo step, the
    // analysis, the figure and the plot (the generated names' heap bytes, if any, are not
    // counted).
    const double perKernel = (test::residentBytes() - before - nameBytes) / static_cast<double>(n);
    // The same once the window has been idle: it gives back what the change freed (the
    // figure's and the analysis's temporaries) a second after the last change.
    double settled = perKernel;
    if (auto* release = window.findChild<ui::IdleMemoryRelease*>()) {
        QSignalSpy released(release, &ui::IdleMemoryRelease::released);
        if (released.wait(ui::IdleMemoryRelease::kIdleMs + 5000))
            settled = (test::residentBytes() - before - nameBytes) / static_cast<double>(n);
    }
    QCustomPlot* plot = window.plotWidget()->plot();
    ui::RooflinePlotWidget* widget = window.plotWidget();

    const double replot = medianMs(runs, [&](int) { plot->replot(QCustomPlot::rpImmediateRefresh); });
    // A toggle in two parts: the change itself (analysis, figure, every panel updated) and the
    // redraw that follows in the event loop.
    std::vector<double> changeMs, redrawMs, toggleMs;
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer t;
        t.start();
        doc->setPrecision(i % 2 ? Precision::BF16 : Precision::FP8);
        changeMs.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
        t.restart();
        QCoreApplication::processEvents();
        redrawMs.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
        toggleMs.push_back(changeMs.back() + redrawMs.back());
    }
    const auto median = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        return v[v.size() / 2];
    };
    const double toggle = median(toggleMs);
    doc->setPrecision(Precision::BF16);
    QCoreApplication::processEvents();

    std::mt19937 rng(3);
    std::uniform_real_distribution<double> px(60, plot->width() - 20), py(20, plot->height() - 60);
    std::vector<QPointF> probes(1000);
    for (auto& p : probes)
        p = {px(rng), py(rng)};
    QElapsedTimer hoverTimer;
    hoverTimer.start();
    int found = 0;
    for (const QPointF& p : probes)
        found += widget->pointAt(p) >= 0;
    const double hover = static_cast<double>(hoverTimer.nsecsElapsed()) / 1e6 / static_cast<double>(probes.size());
    // The cursor moving over the plot: the lookup, the tracer on the roof, its label, the redraw.
    const double cursor = medianMs(runs,
        [&](int i) { mouse(plot, QEvent::MouseMove, probes[static_cast<size_t>(i) % probes.size()], Qt::NoButton); });

    // One drag of kernel 0 across the plot, one move per run.
    const QPointF from = widget->pointPixel(0);
    mouse(plot, QEvent::MouseButtonPress, from, Qt::LeftButton);
    const double drag = medianMs(runs,
        [&](int i) { mouse(plot, QEvent::MouseMove, from + QPointF(4.0 * (i + 1), -2.0 * (i + 1)), Qt::LeftButton); });
    mouse(plot, QEvent::MouseButtonRelease, from + QPointF(4.0 * runs, -2.0 * runs), Qt::NoButton);

    std::printf("| %zu | %.0f | %.1f | %.1f | %.3f (%d/1000 hits) | %.1f | %.1f | %.0f | %.0f |\n", n, loadMs, replot,
        toggle, hover, found, cursor, drag, perKernel, settled);

    // The parts of a toggle measured alone: the analysis, the figure's geometry, mapping it onto
    // a plot, drawing it.
    Session fp8 = doc->session();
    fp8.precision = Precision::FP8;
    std::optional<SessionAnalysis> analysis;
    std::vector<Placement> storage; // lent from one analysis to the next, as the document does
    const double analyze = medianMs(runs, [&](int) {
        if (analysis)
            storage = std::move(analysis->placements);
        analysis = analyzeSession(bench::h100(), fp8, RoofKind::Peak, std::move(storage)).value();
    });
    PlotSpec spec;
    const double figure = medianMs(
        runs, [&](int) { spec = buildSessionFigure(bench::h100(), fp8, *analysis, doc->models(), &bench::catalog()); });
    QCustomPlot scratch;
    scratch.resize(plot->size());
    const double render = medianMs(runs, [&](int) { ui::renderPlotSpec(scratch, spec, widget->style()); });
    const double draw = medianMs(runs, [&](int) { scratch.replot(QCustomPlot::rpImmediateRefresh); });
    breakdown.push_back(QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 |")
                            .arg(n)
                            .arg(median(changeMs), 0, 'f', 1)
                            .arg(median(redrawMs), 0, 'f', 1)
                            .arg(analyze, 0, 'f', 1)
                            .arg(figure, 0, 'f', 1)
                            .arg(render, 0, 'f', 1)
                            .arg(draw, 0, 'f', 1));
    std::fflush(stdout);
}

} // namespace

int main(int argc, char** argv)
{
    const bool one = argc == 4 && std::string(argv[1]) == "--one";
    // `ui_bench --toggles N COUNT`: only COUNT precision toggles with N kernels, for a profiler
    // (perf record -g ui_bench --toggles 100000 200).
    const bool toggles = argc == 4 && std::string(argv[1]) == "--toggles";
    qputenv("QT_QPA_PLATFORM", "offscreen");
    qputenv("HOME", QByteArray("/tmp/roofline-ui-bench"));
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("RooflineStudioBench"));
    QSettings().clear();
    QSettings().setValue(QStringLiteral("view/animate"), false);
    if (toggles) {
        ui::MainWindow window(bench::catalog(), {});
        window.resize(1300, 900);
        window.show();
        if (!QTest::qWaitForWindowExposed(&window))
            return 1;
        window.document()->setHardware(QStringLiteral("h100-sxm5"));
        window.document()->setPrecision(Precision::BF16);
        window.document()->addKernels(bench::kernels(static_cast<size_t>(std::atoll(argv[2]))), QStringLiteral("Add"));
        QCoreApplication::processEvents();
        const int count = std::atoi(argv[3]);
        // RS_SORT=COLUMN: the table sorted by that column first (descending), as a user looking
        // for where the time goes sorts it; every toggle then sorts it again.
        if (qEnvironmentVariableIsSet("RS_SORT")) {
            QElapsedTimer sortTimer;
            sortTimer.start();
            window.kernelsPanel()->view()->sortByColumn(qEnvironmentVariableIntValue("RS_SORT"), Qt::DescendingOrder);
            std::printf("sorting the table: %.1f ms\n", static_cast<double>(sortTimer.nsecsElapsed()) / 1e6);
        }
        QStringList tiles;
        QElapsedTimer replotTimer;
        std::vector<double> replots;
        QObject::connect(window.plotWidget()->plot(), &QCustomPlot::beforeReplot, [&] { replotTimer.start(); });
        QObject::connect(window.plotWidget()->plot(), &QCustomPlot::afterReplot,
            [&] { replots.push_back(static_cast<double>(replotTimer.nsecsElapsed()) / 1e6); });
        const double ms = medianMs(count, [&](int i) {
            window.document()->setPrecision(i % 2 ? Precision::BF16 : Precision::FP8);
            QCoreApplication::processEvents();
            if (const QObject* canvas
                = window.plotWidget()->plot()->findChild<QObject*>(QStringLiteral("rs-cloud-canvas")))
                tiles << QStringLiteral("%1/%2")
                             .arg(canvas->property("tilesRedrawn").toInt())
                             .arg(canvas->property("tiles").toInt());
        });
        std::sort(replots.begin(), replots.end());
        std::printf("toggle median %.1f ms (the plot's replot alone %.1f ms); cloud tiles redrawn: %s\n", ms,
            replots.empty() ? 0.0 : replots[replots.size() / 2], qPrintable(tiles.mid(0, 6).join(' ')));
        if (qEnvironmentVariableIsSet("RS_BENCH_GRAB")) { // look at the window after the toggles
            QCoreApplication::processEvents();
            window.grab().save(qEnvironmentVariable("RS_BENCH_GRAB"));
        }
        return 0;
    }
    if (one) {
        const auto n = static_cast<size_t>(std::atoll(argv[2]));
        run(n, n >= 1000000 ? 5 : 9);
        QFile out(QString::fromLocal8Bit(argv[3]));
        if (out.open(QIODevice::WriteOnly | QIODevice::Text))
            out.write(breakdown.join(QLatin1Char('\n')).toUtf8());
        return 0;
    }
    std::vector<size_t> sizes {1000, 100000, 1000000};
    if (argc > 1) {
        sizes.clear();
        for (int i = 1; i < argc; ++i)
            sizes.push_back(static_cast<size_t>(std::atoll(argv[i])));
    }
    std::printf("| N | add kernels (ms) | replot (ms) | precision toggle (ms) | hover lookup (ms) | cursor move (ms) | "
                "drag move (ms) | memory per kernel (bytes) | the same, idle (bytes) |\n"
                "|---|---|---|---|---|---|---|---|---|\n");
    std::fflush(stdout);
    QTemporaryDir scratch;
    for (size_t n : sizes) {
        const QString file = scratch.filePath(QString::number(n));
        QProcess::execute(QCoreApplication::applicationFilePath(), {QStringLiteral("--one"), QString::number(n), file});
        QFile row(file);
        if (row.open(QIODevice::ReadOnly | QIODevice::Text))
            breakdown.push_back(QString::fromUtf8(row.readAll()));
    }
    std::printf("\nPrecision toggle, by part (ms): the change and the redraw after it, then its parts measured "
                "alone\n\n| N | change | redraw | analysis | figure geometry | onto the plot | draw |\n"
                "|---|---|---|---|---|---|---|\n");
    for (const QString& row : breakdown)
        std::printf("%s\n", qPrintable(row));
    return 0;
}
