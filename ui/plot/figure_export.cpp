// SPDX-License-Identifier: MIT
#include "ui/plot/figure_export.h"

#include "core/common/text.h"

#include "ui/common/atomic_file.h"
#include "ui/plot/roofline_renderer.h"

#include <qcustomplot.h>

#include <QBuffer>
#include <QFileInfo>
#include <QFontInfo>
#include <QFontMetrics>
#include <QImageWriter>
#include <QPageSize>
#include <QPdfWriter>
#include <QSvgGenerator>

#include <algorithm>
#include <cmath>
#include <memory>
#include <set>

namespace roofline::ui {

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
    QString title; ///< the panels' shared title, in a band of `header` pixels above them
    int header = 0;
    QFont titleFont;
    QColor titleColour;
};

/// The band for a shared title above the panels (none without a title).
void addSharedTitle(Grid& grid, const QString& title, const PlotStyle& style)
{
    if (title.isEmpty())
        return;
    grid.title = title;
    grid.titleFont = style.font(13, true);
    grid.titleColour = style.foreground;
    grid.header = QFontMetrics(grid.titleFont).height() + 12;
    grid.height += grid.header;
}

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

/// One offscreen plot per panel, each laid out at the panel's size. Panels side by side are
/// drawn alike: the band under each plot as tall as the tallest key (their plot areas align),
/// and a kernel numbered in several panels has one number in all (numbered in kernel order).
std::vector<std::unique_ptr<QCustomPlot>> drawPlots(
    const std::vector<const PlotSpec*>& specs, const PlotStyle& style, const ExportOptions& options)
{
    std::vector<std::unique_ptr<QCustomPlot>> plots;
    std::vector<int> keys;
    for (const PlotSpec* spec : specs) {
        auto plot = std::make_unique<QCustomPlot>();
        plot->resize(options.width, options.height);
        keys.push_back(renderPlotSpec(*plot, *spec, style));
        plots.push_back(std::move(plot));
    }
    if (plots.size() < 2)
        return plots;
    const int floor = *std::max_element(keys.begin(), keys.end());
    std::set<int> keyed;
    for (size_t i = 0; i < plots.size(); ++i) {
        drawLabels(*plots[i], *specs[i], style, keys[i], floor);
        for (int k : keyedKernels(*plots[i]))
            keyed.insert(k);
    }
    KeyNumbers shared;
    for (int k : keyed)
        shared.emplace(k, static_cast<int>(shared.size()) + 1);
    for (size_t i = 0; i < plots.size(); ++i)
        drawLabels(*plots[i], *specs[i], style, floor, floor, &shared);
    return plots;
}

/// Draws each plot at its place in the grid through `painter` (scaled by `scale`).
void paintGrid(QCPPainter& painter, const std::vector<std::unique_ptr<QCustomPlot>>& plots, const Grid& grid,
    const ExportOptions& options, double scale, bool vector)
{
    for (size_t i = 0; i < plots.size(); ++i) {
        const QPointF at(
            (static_cast<int>(i) % grid.cols) * options.width, (static_cast<int>(i) / grid.cols) * options.height);
        painter.save();
        painter.setMode(QCPPainter::pmNoCaching);
        if (vector)
            painter.setMode(QCPPainter::pmVectorized);
        if (vector || scale > 1.0)
            painter.setMode(QCPPainter::pmNonCosmetic);
        painter.translate((at + QPointF(0, grid.header)) * scale);
        if (!qFuzzyCompare(scale, 1.0))
            painter.scale(scale, scale);
        plots[i]->toPainter(&painter, options.width, options.height);
        painter.restore();
    }
    if (!grid.title.isEmpty()) {
        painter.save();
        painter.scale(scale, scale);
        painter.setFont(grid.titleFont);
        painter.setPen(grid.titleColour);
        painter.drawText(QRectF(0, 0, grid.width, grid.header), Qt::AlignCenter,
            QFontMetrics(grid.titleFont).elidedText(grid.title, Qt::ElideRight, grid.width - 16));
        painter.restore();
    }
}

/// The most pixels a PNG may have: 100 megapixels is a 400 MB image to draw in (10,000 x 10,000,
/// a poster at 300 dpi); in-range sizes and resolutions multiply to far more (50,000 x 50,000).
constexpr double kMaxPngPixels = 100e6;

/// Why a PNG of the grid at the options' resolution is too large to draw, if it is.
std::optional<QString> pngTooLarge(const Grid& grid, const ExportOptions& options)
{
    const double scale = options.pixelScale();
    const double w = std::round(grid.width * scale), h = std::round(grid.height * scale);
    if (w * h <= kMaxPngPixels)
        return std::nullopt;
    return QStringLiteral("a PNG of %1 x %2 pixels (%3 megapixels) is over the limit of %4 megapixels; lower the "
                          "dpi or the size, or export SVG or PDF, which have no pixels")
        .arg(w, 0, 'f', 0)
        .arg(h, 0, 'f', 0)
        .arg(w * h / 1e6, 0, 'f', 0)
        .arg(kMaxPngPixels / 1e6, 0, 'f', 0);
}

/// The figure as PNG bytes, at the options' resolution.
std::optional<QString> encodePng(const std::vector<std::unique_ptr<QCustomPlot>>& plots, const Grid& grid,
    const ExportOptions& options, const PlotStyle& style, QByteArray& out)
{
    const double scale = options.pixelScale();
    QImage image(qRound(grid.width * scale), qRound(grid.height * scale), QImage::Format_RGB32);
    if (image.isNull())
        return QStringLiteral("not enough memory for a %1x%2 pixel image").arg(image.width()).arg(image.height());
    image.fill(style.background);
    {
        QCPPainter painter(&image);
        paintGrid(painter, plots, grid, options, scale, false);
    }
    const int dotsPerMeter = qRound(options.dpi / 0.0254);
    image.setDotsPerMeterX(dotsPerMeter);
    image.setDotsPerMeterY(dotsPerMeter);
    QBuffer buffer(&out);
    buffer.open(QIODevice::WriteOnly);
    QImageWriter writer(&buffer, "png");
    if (!writer.write(image))
        return QStringLiteral("cannot encode the PNG: %1").arg(writer.errorString());
    return std::nullopt;
}

/// Qt writes the family it was asked for ("Sans Serif", its own name for the default sans), which
/// no browser knows: each font-family becomes a CSS stack of the family Qt drew with, common
/// sans families and the generic `sans-serif`, so a browser and Inkscape show what the PNG shows.
void useCssFontStacks(QByteArray& svg)
{
    QByteArray out;
    out.reserve(svg.size() + svg.size() / 8);
    const QByteArray key = "font-family=\"";
    int from = 0;
    for (int at = svg.indexOf(key); at >= 0; at = svg.indexOf(key, from)) {
        const int start = at + key.size(), end = svg.indexOf('"', start);
        if (end < 0)
            break;
        const QString asked = QString::fromUtf8(svg.mid(start, end - start));
        const QString drawn = QFontInfo(QFont(asked)).family();
        QStringList stack {QLatin1Char('\'') + drawn + QLatin1Char('\'')};
        for (const char* family : {"DejaVu Sans", "Helvetica", "Arial"})
            if (drawn != QLatin1String(family))
                stack << QStringLiteral("'%1'").arg(QLatin1String(family));
        stack << QStringLiteral("sans-serif");
        out += svg.mid(from, start - from);
        out += stack.join(QStringLiteral(", "))
                   .toHtmlEscaped()
                   .replace(QStringLiteral("&#39;"), QStringLiteral("'"))
                   .toUtf8();
        from = end;
    }
    out += svg.mid(from);
    svg = std::move(out);
}

std::optional<QString> encodeSvg(const std::vector<std::unique_ptr<QCustomPlot>>& plots, const Grid& grid,
    const ExportOptions& options, const QString& title, QByteArray& out)
{
    QBuffer buffer(&out);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    // The figure is laid out in logical pixels at 96 dpi; it prints at the PNG's size in inches,
    // so a preset laid out at another scale is drawn scaled to that size.
    const double shrink = 96.0 / options.logicalDpi();
    const QSize size(qRound(grid.width * shrink), qRound(grid.height * shrink));
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setResolution(96);
    generator.setTitle(title.toHtmlEscaped()); // Qt writes it into <title> as it is
    generator.setDescription(QStringLiteral("Roofline figure made by Roofline Studio"));
    QCPPainter painter;
    if (!painter.begin(&generator))
        return QStringLiteral("cannot start the SVG writer");
    paintGrid(painter, plots, grid, options, shrink, true);
    painter.end();
    useCssFontStacks(out);
    return std::nullopt;
}

std::optional<QString> encodePdf(const std::vector<std::unique_ptr<QCustomPlot>>& plots, const Grid& grid,
    const ExportOptions& options, const QString& title, QByteArray& out)
{
    QBuffer buffer(&out);
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter writer(&buffer);
    const double shrink = 96.0 / options.logicalDpi(); // the inches the PNG prints at (as the SVG)
    writer.setResolution(96);
    writer.setPageSize(
        QPageSize(QSizeF(grid.width * shrink * 72.0 / 96.0, grid.height * shrink * 72.0 / 96.0), QPageSize::Point));
    writer.setPageMargins(QMarginsF(0, 0, 0, 0));
    writer.setTitle(title);
    writer.setCreator(QStringLiteral("Roofline Studio"));
    QCPPainter painter;
    if (!painter.begin(&writer))
        return QStringLiteral("cannot start the PDF writer");
    paintGrid(painter, plots, grid, options, shrink, true);
    painter.end();
    return std::nullopt;
}

std::optional<QString> exportSpecs(const std::vector<const PlotSpec*>& specs, const PlotStyle& style,
    const QString& path, const ExportOptions& options, const QString& givenTitle = {})
{
    // (an SVG holds no control characters: a title with one made a file that is not XML)
    const QString sharedTitle = QString::fromStdString(oneLine(givenTitle.toStdString()));
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (!isSupportedFigureSuffix(suffix))
        return QStringLiteral("%1: unknown figure format '%2'; use .png, .svg or .pdf").arg(path, suffix);
    Grid grid;
    if (auto error = gridFor(specs.size(), options, grid))
        return error;
    PlotStyle titleStyle = style;
    titleStyle.fontScale *= options.fontScale;
    addSharedTitle(grid, sharedTitle, titleStyle);
    if (suffix == QLatin1String("png"))
        if (auto error = pngTooLarge(grid, options))
            return QStringLiteral("%1: %2").arg(path, *error);
    // The document title of a vector file: the figure's own, or the grid's.
    const QString title = specs.size() == 1 ? QString::fromStdString(specs.front()->title)
        : !sharedTitle.isEmpty()            ? sharedTitle
                                            : QStringLiteral("Roofline Studio: %1 panels").arg(specs.size());
    PlotStyle scaled = style;
    scaled.fontScale *= options.fontScale;
    const auto plots = drawPlots(specs, scaled, options);
    QByteArray bytes;
    const std::optional<QString> error = suffix == QLatin1String("png") ? encodePng(plots, grid, options, style, bytes)
        : suffix == QLatin1String("svg")                                ? encodeSvg(plots, grid, options, title, bytes)
                                                                        : encodePdf(plots, grid, options, title, bytes);
    if (error)
        return QStringLiteral("%1: %2").arg(path, *error);
    return writeFileAtomically(path, bytes);
}

} // namespace

const std::vector<ExportPreset>& exportPresets()
{
    // The smallest text (the key, 8 pt) prints at 7 pt: on a column (3.5 in = 480 logical px,
    // 137 to the inch) at 8 x 1.25 x 96 / 137, on a page (7 in = 840 px, 120 to the inch) at
    // 8 x 1.1 x 96 / 120. A slide's text is a fifth larger than the window's.
    static const std::vector<ExportPreset> presets {
        {"column", "Single column (3.5 x 2.5 in, 300 dpi)", {480, 343, 300, 1.25, 1050.0 / 480.0}},
        {"double", "Double column (7 x 4.2 in, 300 dpi)", {840, 504, 300, 1.1, 2100.0 / 840.0}},
        {"slide", "Slide (16:9, 1920 x 1080)", {1280, 720, 144, 1.2, 1.5}},
    };
    return presets;
}

const ExportPreset* findExportPreset(const std::string& id)
{
    for (const auto& p : exportPresets())
        if (id == p.id)
            return &p;
    return nullptr;
}

QImage renderFigurePreview(const PlotSpec& spec, const PlotStyle& style, const ExportOptions& options, QSize box)
{
    Grid grid;
    if (gridFor(1, options, grid) || box.isEmpty())
        return {};
    PlotStyle scaled = style;
    scaled.fontScale *= options.fontScale;
    const auto plots = drawPlots({&spec}, scaled, options); // laid out as the export lays it out
    const double fit = std::min(double(box.width()) / grid.width, double(box.height()) / grid.height);
    QImage image(qRound(grid.width * fit), qRound(grid.height * fit), QImage::Format_RGB32);
    image.fill(style.background);
    QCPPainter painter(&image);
    paintGrid(painter, plots, grid, options, fit, false);
    return image;
}

std::optional<SvgFigure> renderSvgFigure(const PlotSpec& spec, const PlotStyle& style, const ExportOptions& options)
{
    Grid grid;
    if (gridFor(1, options, grid))
        return std::nullopt;
    PlotStyle scaled = style;
    scaled.fontScale *= options.fontScale;
    const auto plots = drawPlots({&spec}, scaled, options);
    SvgFigure figure;
    if (encodeSvg(plots, grid, options, QString::fromStdString(spec.title), figure.svg))
        return std::nullopt;
    const QCustomPlot& plot = *plots.front();
    const double shrink = 96.0 / options.logicalDpi(); // as encodeSvg draws
    for (size_t i = 0; i < spec.kernelPointCount(); ++i) {
        const PlotPoint& p = spec.points[i];
        if (p.index >= 0)
            figure.points.emplace_back(
                p.index, QPointF(plot.xAxis->coordToPixel(p.at.x), plot.yAxis->coordToPixel(p.at.y)) * shrink);
    }
    return figure;
}

std::optional<QString> exportFigure(
    const PlotSpec& spec, const PlotStyle& style, const QString& path, const ExportOptions& options)
{
    return exportSpecs({&spec}, style, path, options);
}

std::optional<QString> exportPanels(const std::vector<PlotSpec>& specs, const PlotStyle& style, const QString& path,
    const ExportOptions& options, const QString& sharedTitle)
{
    std::vector<const PlotSpec*> panels;
    for (const PlotSpec& s : specs)
        panels.push_back(&s);
    return exportSpecs(panels, style, path, options, panels.size() > 1 ? sharedTitle : QString());
}

} // namespace roofline::ui
