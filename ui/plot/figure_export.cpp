// SPDX-License-Identifier: MIT
#include "ui/plot/figure_export.h"

#include "core/common/huge_pages.h"
#include "ui/plot/png_writer.h"
#include "ui/plot/roofline_renderer.h"

#include <qcustomplot.h>

#include <QFileInfo>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>

#include <cstdlib>
#include <memory>

namespace roofline::ui {
namespace {
/// An opaque image whose memory asks for huge pages: a 1500 x 975 figure is 5.9 MB, 1,400 page
/// faults of 4 KB (each costly on a virtual machine) or 3 of 2 MB.
QImage opaqueImage(int width, int height)
{
    constexpr size_t kHuge = size_t {2} << 20;
    const auto bytesPerLine = static_cast<qsizetype>(width) * 4;
    const size_t bytes = static_cast<size_t>(bytesPerLine) * static_cast<size_t>(height);
    if (bytes < kHuge)
        return QImage(width, height, QImage::Format_RGB32);
    // Whole huge pages, all advised: a last, partly advised one would be 4 KiB pages, faulted in
    // one by one (~460 faults for a 1500x975 figure).
    const size_t rounded = (bytes + kHuge - 1) / kHuge * kHuge;
    void* data = std::aligned_alloc(kHuge, rounded);
    if (!data)
        return QImage(width, height, QImage::Format_RGB32);
    adviseHugePages(data, rounded);
    return QImage(
        static_cast<uchar*>(data), width, height, bytesPerLine, QImage::Format_RGB32, [](void* p) { std::free(p); },
        data);
}
} // namespace

bool isSupportedFigureSuffix(const QString& suffix)
{
    const QString s = suffix.toLower();
    return s == QLatin1String("png") || s == QLatin1String("svg") || s == QLatin1String("pdf");
}

namespace {
/// The panels' grid: its columns and the figure's logical size.
struct Grid {
    int cols = 0;
    int width = 0;
    int height = 0;
};

/// The grid of `panels` panels, or why the options cannot make one.
std::optional<QString> gridFor(size_t panels, const ExportOptions& options, Grid& grid)
{
    if (options.width < 100 || options.height < 100 || options.width > 20000 || options.height > 20000)
        return QStringLiteral("figure size %1x%2 is out of range (100 to 20000)")
            .arg(options.width)
            .arg(options.height);
    if (options.dpi < 24 || options.dpi > 1200)
        return QStringLiteral("dpi %1 is out of range (24 to 1200)").arg(options.dpi);
    if (panels == 0)
        return QStringLiteral("no panels to draw");
    grid.cols = panels <= 2 ? static_cast<int>(panels) : 2;
    const auto rows = static_cast<int>((panels + static_cast<size_t>(grid.cols) - 1) / static_cast<size_t>(grid.cols));
    grid.width = options.width * grid.cols;
    grid.height = options.height * rows;
    if (grid.width > 40000 || grid.height > 40000)
        return QStringLiteral("figure size %1x%2 is too large").arg(grid.width).arg(grid.height);
    return std::nullopt;
}

/// A PNG's pixel size: the grid at the options' resolution.
QSize pngSize(const Grid& grid, const ExportOptions& options)
{
    const double scale = options.dpi / 96.0;
    return {qRound(grid.width * scale), qRound(grid.height * scale)};
}

QImage filledCanvas(QSize size, const PlotStyle& style)
{
    QImage image = opaqueImage(size.width(), size.height());
    image.fill(style.background);
    return image;
}

// The panels by pointer: a figure of 10^5 kernels is not copied to be drawn alone.
std::optional<QString> exportSpecs(const std::vector<const PlotSpec*>& specs, const PlotStyle& style,
    const QString& path, const ExportOptions& options, const std::function<QImage()>& madeAhead)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (!isSupportedFigureSuffix(suffix))
        return QStringLiteral("%1: unknown figure format '%2'; use .png, .svg or .pdf").arg(path, suffix);
    Grid grid;
    if (auto error = gridFor(specs.size(), options, grid))
        return error;
    const int cols = grid.cols;
    const int w = options.width, h = options.height;
    const int totalW = grid.width, totalH = grid.height;
    // The document title of a vector file: the figure's own, or the grid's.
    const QString title = specs.size() == 1 ? QString::fromStdString(specs.front()->title)
                                            : QStringLiteral("Roofline Studio: %1 panels").arg(specs.size());

    // One offscreen plot per panel, each drawn at its grid position.
    std::vector<std::unique_ptr<QCustomPlot>> plots;
    for (const PlotSpec* spec : specs) {
        auto plot = std::make_unique<QCustomPlot>();
        plot->resize(w, h);
        // toPainter lays it out at the export size; the plot's own paint buffers (allocated and
        // cleared at the viewport's size whenever a layer is added) are never drawn: keep them
        // a pixel (a full-size one was a millisecond of fresh memory per export).
        plot->setViewport(QRect(0, 0, 1, 1));
        renderPlotSpec(*plot, *spec, style);
        plots.push_back(std::move(plot));
    }
    auto at = [&](size_t i) { return QPoint((static_cast<int>(i) % cols) * w, (static_cast<int>(i) / cols) * h); };
    auto paintVector = [&](QCPPainter& painter) {
        painter.setMode(QCPPainter::pmVectorized);
        painter.setMode(QCPPainter::pmNoCaching);
        painter.setMode(QCPPainter::pmNonCosmetic);
        for (size_t i = 0; i < plots.size(); ++i) {
            painter.save();
            painter.translate(at(i));
            plots[i]->toPainter(&painter, w, h);
            painter.restore();
        }
    };

    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return QStringLiteral("%1: cannot write (%2)").arg(path, file.errorString());
    if (suffix == QLatin1String("png")) {
        // Each panel drawn straight into one opaque image, as QCustomPlot's toPixmap draws it (its
        // painter scaled, pens non-cosmetic past 1x), without a pixmap per panel to compose.
        const double scale = options.dpi / 96.0;
        const QSize size = pngSize(grid, options);
        QImage canvas = madeAhead ? madeAhead() : QImage();
        QImage image = canvas.size() == size && canvas.format() == QImage::Format_RGB32 && canvas.isDetached()
            ? std::move(canvas)
            : filledCanvas(size, style);
        {
            QCPPainter painter(&image);
            for (size_t i = 0; i < plots.size(); ++i) {
                painter.save();
                painter.translate(QPointF(at(i)) * scale);
                painter.setMode(QCPPainter::pmNoCaching);
                if (scale > 1.0)
                    painter.setMode(QCPPainter::pmNonCosmetic);
                if (!qFuzzyCompare(scale, 1.0))
                    painter.scale(scale, scale);
                // The image is already the background's colour: the plot's own fill of it would
                // paint every pixel a second time.
                plots[i]->setBackground(QBrush(Qt::NoBrush));
                plots[i]->toPainter(&painter, w, h);
                painter.restore();
            }
        }
        const int dotsPerMeter = qRound(options.dpi / 0.0254);
        image.setDotsPerMeterX(dotsPerMeter);
        image.setDotsPerMeterY(dotsPerMeter);
        // The figure is opaque: RGB, unfiltered, zlib's fastest level (ui/plot/png_writer.h).
        if (const auto error = writeOpaquePng(image, file)) {
            file.cancelWriting();
            return QStringLiteral("%1: cannot write PNG (%2)").arg(path, *error);
        }
    } else if (suffix == QLatin1String("svg")) {
        QSvgGenerator generator;
        generator.setOutputDevice(&file);
        generator.setSize(QSize(totalW, totalH));
        generator.setViewBox(QRect(0, 0, totalW, totalH));
        generator.setResolution(96);
        generator.setTitle(title);
        generator.setDescription(QStringLiteral("Roofline figure made by Roofline Studio"));
        QCPPainter painter;
        if (!painter.begin(&generator)) {
            file.cancelWriting();
            return QStringLiteral("%1: cannot start the SVG writer").arg(path);
        }
        paintVector(painter);
        painter.end();
    } else {
        QPdfWriter writer(&file);
        writer.setResolution(96);
        writer.setPageSize(QPageSize(QSizeF(totalW * 72.0 / 96.0, totalH * 72.0 / 96.0), QPageSize::Point));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        writer.setTitle(title);
        writer.setCreator(QStringLiteral("Roofline Studio"));
        QCPPainter painter;
        if (!painter.begin(&writer)) {
            file.cancelWriting();
            return QStringLiteral("%1: cannot start the PDF writer").arg(path);
        }
        paintVector(painter);
        painter.end();
    }
    if (!file.commit())
        return QStringLiteral("%1: cannot write (%2)").arg(path, file.errorString());
    return std::nullopt;
}
} // namespace

QImage pngCanvas(size_t panels, const PlotStyle& style, const ExportOptions& options)
{
    Grid grid;
    if (gridFor(panels, options, grid))
        return {};
    return filledCanvas(pngSize(grid, options), style);
}

std::optional<QString> exportFigure(
    const PlotSpec& spec, const PlotStyle& style, const QString& path, const ExportOptions& options)
{
    return exportSpecs({&spec}, style, path, options, {});
}

std::optional<QString> exportPanels(const std::vector<PlotSpec>& specs, const PlotStyle& style, const QString& path,
    const ExportOptions& options, const std::function<QImage()>& canvas)
{
    std::vector<const PlotSpec*> panels;
    for (const PlotSpec& s : specs)
        panels.push_back(&s);
    return exportSpecs(panels, style, path, options, canvas);
}

} // namespace roofline::ui
