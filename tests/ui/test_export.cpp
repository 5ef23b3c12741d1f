// SPDX-License-Identifier: MIT
#include "core/analysis/roofline.h"
#include "support/fixtures.h"
#include "support/window_fixture.h"
#include "ui/main_window.h"
#include "ui/panels/kernel_table_model.h"
#include "ui/panels/kernels_panel.h"
#include "ui/plot/figure_export.h"
#include "ui/plot/grid_cache.h"
#include "ui/plot/marker_graph.h"
#include "ui/plot/png_writer.h"
#include "ui/plot/point_cloud.h"
#include "ui/plot/roofline_renderer.h"

#include <qcustomplot.h>

#include <gtest/gtest.h>

#include <functional>
#include <optional>

#include <QBuffer>
#include <QDomDocument>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QImageReader>
#include <QSettings>
#include <QSvgGenerator>
#include <QSvgRenderer>
#include <QTemporaryDir>

using namespace roofline;
using namespace roofline::ui;

namespace {

// Pixels of two images of the same size whose colours differ by more than `tolerance` in some
// channel (0-255).
int pixelsApart(const QImage& a, const QImage& b, int tolerance)
{
    int apart = 0;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x) {
            const QColor ca(a.pixel(x, y)), cb(b.pixel(x, y));
            apart += std::max({std::abs(ca.red() - cb.red()), std::abs(ca.green() - cb.green()),
                         std::abs(ca.blue() - cb.blue())})
                > tolerance;
        }
    return apart;
}

// The plot drawn into an SVG (QSvgGenerator, vectorized as exports draw it), `size` pixels.
QByteArray svgOf(QCustomPlot& plot, QSize size)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    {
        QCPPainter painter(&generator);
        painter.setMode(QCPPainter::pmVectorized);
        plot.toPainter(&painter, size.width(), size.height());
    }
    return buffer.data();
}

// n kernels spread evenly (by three co-prime strides) over decades of bytes and of intensity,
// each achieving `efficiency(i)` of its roof (nullopt: no time, drawn on its roof), placed.
struct KernelCloud {
    std::vector<Kernel> kernels;
    std::vector<Placement> placements;
};
KernelCloud kernelCloud(const Roofline& roof, long long n, std::pair<double, double> bytesDecades,
    std::pair<double, double> intensityDecades, const std::function<std::optional<double>(long long)>& efficiency)
{
    KernelCloud c;
    const auto spread
        = [n](long long i, long long stride) { return static_cast<double>((i * stride) % n) / static_cast<double>(n); };
    for (long long i = 0; i < n; ++i) {
        const double bytes = std::pow(10.0, bytesDecades.first + bytesDecades.second * spread(i, 7919));
        const double intensity = std::pow(10.0, intensityDecades.first + intensityDecades.second * spread(i, 104729));
        const double flops = intensity * bytes;
        const std::optional<double> eff = efficiency(i);
        c.kernels.push_back(test::makeKernel("k" + std::to_string(i), flops, bytes,
            eff ? std::optional<double>(flops / (roof.attainable(intensity) * *eff)) : std::nullopt));
        c.placements.push_back(analyze(c.kernels.back(), roof));
    }
    return c;
}

PlotSpec lessonSpec(Precision p)
{
    const HardwareProfile& hw = *test::shippedCatalog().find("h100-sxm5");
    const Roofline roof = makeRoofline(hw, p).value();
    const Kernel decode = test::makeKernel("decode b=1", 140e9, 70e9);
    return buildPlotSpec(hw, roof, {decode}, {analyze(decode, roof)});
}

QByteArray readFile(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

TEST(Export, PngHasTheRequestedPixelSizeAndResolution)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("fig.png"));
    ASSERT_FALSE(exportFigure(lessonSpec(Precision::BF16), PlotStyle::light(), path, {900, 600, 192}));
    QImage image(path);
    ASSERT_FALSE(image.isNull());
    EXPECT_EQ(image.size(), QSize(1800, 1200));
    EXPECT_NEAR(image.dotsPerMeterX() * 0.0254, 192.0, 0.5);
    // Not blank: the roof, fill and text put many distinct colours on the page.
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7)
        for (int x = 0; x < image.width(); x += 7)
            colours.insert(image.pixel(x, y));
    EXPECT_GT(colours.size(), 20);
    // Compressed as well as Qt's own writer compresses it (every row filter tried), give or take
    // a tenth: the fast deflate does not buy its speed with a larger file.
    QBuffer qt;
    ASSERT_TRUE(qt.open(QIODevice::WriteOnly));
    ASSERT_TRUE(image.save(&qt, "PNG"));
    EXPECT_LT(QFileInfo(path).size(), qt.size() * 11 / 10) << "Qt's writer: " << qt.size() << " bytes";
}

// Each panel of a high-dpi grid is drawn exactly as the same figure exported alone (a scaled
// painter once laid the panels' text out at twice its size, cropping labels and legends).
TEST(Export, PanelsAtHighDpiMatchTheFigureAlone)
{
    QTemporaryDir dir;
    const QString one = dir.filePath(QStringLiteral("one.png")), grid = dir.filePath(QStringLiteral("grid.png"));
    const ExportOptions options {600, 400, 192};
    ASSERT_FALSE(exportFigure(lessonSpec(Precision::FP8), PlotStyle::light(), one, options));
    ASSERT_FALSE(
        exportPanels({lessonSpec(Precision::BF16), lessonSpec(Precision::FP8)}, PlotStyle::light(), grid, options));
    const QImage alone = QImage(one).convertToFormat(QImage::Format_ARGB32);
    const QImage panels = QImage(grid).convertToFormat(QImage::Format_ARGB32);
    ASSERT_EQ(alone.size(), QSize(1200, 800));
    ASSERT_EQ(panels.size(), QSize(2400, 800));
    EXPECT_EQ(panels.copy(1200, 0, 1200, 800), alone) << "the second panel is the FP8 figure, pixel for pixel";
}

TEST(Export, SvgParsesKeepsTextAsTextAndNamesTheRidge)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("fig.svg"));
    ASSERT_FALSE(exportFigure(lessonSpec(Precision::FP8), PlotStyle::light(), path, {1000, 650, 96}));
    const QByteArray svg = readFile(path);
    QDomDocument doc;
    ASSERT_TRUE(doc.setContent(svg)) << "SVG does not parse as XML";
    EXPECT_TRUE(QSvgRenderer(svg).isValid());
    const QDomNodeList texts = doc.elementsByTagName(QStringLiteral("text"));
    QStringList all;
    for (int i = 0; i < texts.count(); ++i)
        all << texts.at(i).toElement().text().trimmed();
    EXPECT_TRUE(all.contains(QStringLiteral("ridge 591 FLOP/byte"))) << all.join('|').toStdString();
    EXPECT_TRUE(all.contains(QStringLiteral("FP8 peak 1.979 PFLOP/s"))) << all.join('|').toStdString();
    EXPECT_TRUE(all.contains(QStringLiteral("decode b=1"))) << "point labels are text";
    EXPECT_TRUE(all.contains(QStringLiteral("1 PFLOP/s"))) << "tick labels are text too";
}

// PlotStyle::prepareFonts finds three fonts ahead of the figure; each is a font engine of its
// own (~0.15 ms at start-up), worth it only if the figure draws with it.
TEST(Export, TheFontsFoundAheadAreOnesEveryFigureDrawsWith)
{
    const PlotStyle style = PlotStyle::light();
    QCustomPlot plot;
    renderPlotSpec(plot, lessonSpec(Precision::BF16), style);
    QList<QFont> drawn {plot.xAxis->tickLabelFont(), plot.yAxis->tickLabelFont(), plot.xAxis->labelFont(),
        plot.yAxis->labelFont(), plot.legend->font()};
    for (int i = 0; i < plot.itemCount(); ++i)
        if (const auto* text = qobject_cast<QCPItemText*>(plot.item(i)))
            drawn << text->font();
    for (const QFont& f : {style.tickFont(), style.roofLabelFont(), style.regionFont()})
        EXPECT_TRUE(drawn.contains(f)) << f.toString().toStdString() << " is found ahead but never drawn";
}

TEST(Export, APngDrawnIntoACanvasMadeAheadIsThePngMadeAtOnce)
{
    // The command line has a helper make the canvas (pngCanvas) while the fonts are found.
    QTemporaryDir dir;
    const std::vector<PlotSpec> specs {lessonSpec(Precision::BF16)};
    const PlotStyle style = PlotStyle::dark();
    const ExportOptions options {1000, 650, 144};
    const QString plain = dir.filePath(QStringLiteral("plain.png"));
    const QString ahead = dir.filePath(QStringLiteral("ahead.png"));
    const QString misfit = dir.filePath(QStringLiteral("misfit.png"));
    ASSERT_FALSE(exportPanels(specs, style, plain, options));
    QImage canvas = pngCanvas(specs.size(), style, options);
    ASSERT_EQ(canvas.size(), QSize(1500, 975));
    EXPECT_EQ(canvas.pixelColor(0, 0), style.background);
    EXPECT_EQ(canvas.pixelColor(1499, 974), style.background);
    int asked = 0;
    ASSERT_FALSE(exportPanels(specs, style, ahead, options, [&]() {
        ++asked;
        return std::move(canvas);
    }));
    EXPECT_EQ(asked, 1);
    EXPECT_EQ(readFile(ahead), readFile(plain));
    // A canvas for other options is not drawn into: the figure is the same.
    ASSERT_FALSE(exportPanels(specs, style, misfit, options, [&]() { return pngCanvas(2, style, options); }));
    EXPECT_EQ(readFile(misfit), readFile(plain));
    EXPECT_TRUE(pngCanvas(1, style, {50, 650, 144}).isNull()) << "out of range: no canvas";
}

TEST(Export, PdfIsAPdf)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("fig.pdf"));
    ASSERT_FALSE(exportFigure(lessonSpec(Precision::BF16), PlotStyle::light(), path, {1000, 650, 96}));
    const QByteArray pdf = readFile(path);
    EXPECT_TRUE(pdf.startsWith("%PDF-"));
    EXPECT_TRUE(pdf.contains("%%EOF"));
    EXPECT_GT(pdf.size(), 2000);
}

TEST(Export, FailureLeavesThePreviousFileIntact)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("fig.svg"));
    {
        QFile f(path);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write("previous");
    }
    const auto error = exportFigure(lessonSpec(Precision::BF16), PlotStyle::light(), path, {50, 50, 96});
    ASSERT_TRUE(error.has_value());
    EXPECT_EQ(readFile(path), QByteArray("previous"));
    const auto bad = exportFigure(lessonSpec(Precision::BF16), PlotStyle::light(), dir.filePath("x.bmp"), {});
    ASSERT_TRUE(bad.has_value());
    EXPECT_TRUE(bad->contains(QStringLiteral("use .png, .svg or .pdf")));
}

TEST(Export, TheWindowExportsWhatItShows)
{
    QSettings().clear();
    QSettings().setValue(QStringLiteral("view/animate"), false);
    MainWindow window(test::shippedCatalog(), {});
    window.resize(1100, 750);
    window.show();
    window.toggleAction()->trigger(); // FP8
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("window.svg"));
    ASSERT_EQ(window.exportTo(path), QString());
    const QByteArray svg = readFile(path);
    EXPECT_TRUE(svg.contains("ridge 591 FLOP/byte"));
    EXPECT_TRUE(svg.contains("FP8 (dense)"));
}

namespace {
// The same 3000 points on log-log axes, as a point cloud or as a QCPGraph of discs.
void pointsPlot(QCustomPlot& plot, bool cloud)
{
    plot.resize(500, 400);
    for (QCPAxis* a : {plot.xAxis, plot.yAxis}) {
        a->setScaleType(QCPAxis::stLogarithmic);
        a->setRange(1e-1, 1e4);
    }
    QVector<double> xs, ys;
    for (int i = 0; i < 3000; ++i) {
        xs << std::pow(10.0, -0.5 + 4.0 * ((i * 7919) % 3000) / 3000.0);
        ys << std::pow(10.0, 0.2 + 3.5 * ((i * 104729) % 3000) / 3000.0);
    }
    if (cloud) {
        auto* c = new ui::PointCloud(plot.xAxis, plot.yAxis);
        c->setMarker(QColor(0x1f, 0x77, 0xb4), 8);
        c->setPoints(xs, ys);
    } else {
        QCPGraph* g = plot.addGraph();
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, QColor(0x1f, 0x77, 0xb4), 8));
        g->setData(xs, ys);
    }
    plot.replot();
}
} // namespace

TEST(Export, APointCloudDrawsWhatAGraphOfDiscsDraws)
{
    auto expectAlike = [](const QImage& ia, const QImage& ib, const std::string& what) {
        ASSERT_EQ(ia.size(), ib.size());
        int differ = 0, covered = 0;
        for (int y = 0; y < ia.height(); ++y)
            for (int x = 0; x < ia.width(); ++x) {
                const QColor ca(ia.pixel(x, y)), cb(ib.pixel(x, y));
                covered += cb.blue() > 150 && cb.red() < 100;
                differ += std::abs(ca.red() - cb.red()) + std::abs(ca.green() - cb.green()) > 96;
            }
        EXPECT_GT(covered, ia.width() * ia.height() / 20) << what << ": the points are drawn";
        // Sprites land on whole pixels: edges may move by one pixel, nothing more.
        EXPECT_LT(differ, covered / 10) << what << ": " << differ << " of " << covered;
    };
    // Raster (window, PNG): sprites at the device's resolution, as at 1x so at 1.5x.
    for (double scale : {1.0, 1.5}) {
        QCustomPlot a, b;
        pointsPlot(a, true);
        pointsPlot(b, false);
        const QImage ia = a.toPixmap(500, 400, scale).toImage().convertToFormat(QImage::Format_RGB32);
        const QImage ib = b.toPixmap(500, 400, scale).toImage().convertToFormat(QImage::Format_RGB32);
        expectAlike(ia, ib, "scale " + std::to_string(scale));
    }
    // A device with a pixel ratio (a HiDPI window's paint buffers) keeps its scale after the
    // sprites' painter is reset: each sprite lands on the device pixel it would at 1x.
    for (double ratio : {1.5, 2.0}) {
        QCustomPlot a, b;
        pointsPlot(a, true);
        pointsPlot(b, false);
        auto draw = [ratio](QCustomPlot& plot) {
            QImage image(qRound(500 * ratio), qRound(400 * ratio), QImage::Format_RGB32);
            image.setDevicePixelRatio(ratio);
            image.fill(Qt::white);
            QCPPainter painter(&image);
            plot.toPainter(&painter, 500, 400);
            return image;
        };
        expectAlike(draw(a), draw(b), "pixel ratio " + std::to_string(ratio));
    }
    // Vector (SVG, PDF): a real circle per point, no bitmap.
    QTemporaryDir dir;
    QCustomPlot c;
    pointsPlot(c, true);
    const QString svg = dir.filePath(QStringLiteral("cloud.svg"));
    QSvgGenerator gen;
    gen.setFileName(svg);
    gen.setSize(QSize(500, 400));
    gen.setViewBox(QRect(0, 0, 500, 400));
    QCPPainter painter(&gen);
    c.toPainter(&painter, 500, 400);
    painter.end();
    QFile f(svg);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    EXPECT_EQ(text.count("<image"), 0);
    EXPECT_GT(text.count("<ellipse") + text.count("<circle") + text.count("<path"), 2000);
}

namespace {
// 40 markers (discs with a rim, as the renderer's kernels) on linear axes that fill a 200 x 150
// plot, so a coordinate is a pixel. `onGrid`: each centre lands on a half device pixel at
// `scale` (QCustomPlot shifts an antialiased painter by half a pixel first).
void markersPlot(QCustomPlot& plot, bool sprites, double scale, bool onGrid)
{
    plot.resize(200, 150);
    plot.axisRect()->setAutoMargins(QCP::msNone);
    plot.axisRect()->setMargins(QMargins(0, 0, 0, 0));
    plot.xAxis->setRange(0, 200);
    plot.yAxis->setRange(0, 150);
    plot.setAntialiasedElements(QCP::aeAll);
    QVector<double> xs, ys;
    for (int i = 0; i < 40; ++i) {
        if (onGrid) {
            const int kx = static_cast<int>(20 + (i * 37) % 340 * scale); // half pixels
            const int ky = static_cast<int>(20 + (i * 53) % 260 * scale);
            xs << kx / (2.0 * scale) - 0.5;
            ys << 149.5 - ky / (2.0 * scale);
        } else {
            xs << 6.0 + (i * 4.731) - std::floor(i * 4.731 / 190.0) * 190.0;
            ys << 8.0 + std::fmod(i * 13.377, 135.0);
        }
    }
    QCPGraph* g = sprites ? new ui::MarkerGraph(plot.xAxis, plot.yAxis) : plot.addGraph();
    g->setLineStyle(QCPGraph::lsNone);
    g->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(Qt::white, 1.2), QBrush(QColor(0x1f, 0x77, 0xb4)), 10));
    g->setData(xs, ys, true);
}
} // namespace

TEST(Export, AMarkerGraphCopiesQCustomPlotsMarkersFromSprites)
{
    for (double scale : {1.0, 1.5, 2.0}) {
        // Centres on half pixels: the sprites are QCustomPlot's own markers, pixel for pixel
        // (within the rounding of laying a premultiplied image over the figure).
        QCustomPlot a, b;
        markersPlot(a, true, scale, true);
        markersPlot(b, false, scale, true);
        const QImage ia = a.toPixmap(200, 150, scale).toImage().convertToFormat(QImage::Format_RGB32);
        const QImage ib = b.toPixmap(200, 150, scale).toImage().convertToFormat(QImage::Format_RGB32);
        ASSERT_EQ(ia.size(), ib.size());
        QImage white(ib.size(), QImage::Format_RGB32);
        white.fill(Qt::white);
        EXPECT_GT(pixelsApart(ib, white, 96), 40 * 40 * scale * scale) << "the markers are drawn";
        EXPECT_EQ(pixelsApart(ia, ib, 2), 0) << "scale " << scale;
        auto* graph = qobject_cast<ui::MarkerGraph*>(a.graph(0));
        ASSERT_NE(graph, nullptr);
        EXPECT_GE(graph->spritesDrawn(), 1) << "scale " << scale;
        EXPECT_LE(graph->spritesDrawn(), 4) << "a sprite per half-pixel position, not per marker";

        // Anywhere else a marker moves by a quarter of a pixel at most: its rim's antialiasing
        // changes, nothing more.
        QCustomPlot c, d;
        markersPlot(c, true, scale, false);
        markersPlot(d, false, scale, false);
        const QImage ic = c.toPixmap(200, 150, scale).toImage().convertToFormat(QImage::Format_RGB32);
        const QImage id = d.toPixmap(200, 150, scale).toImage().convertToFormat(QImage::Format_RGB32);
        int covered = 0;
        for (int y = 0; y < id.height(); ++y)
            for (int x = 0; x < id.width(); ++x)
                covered += QColor(id.pixel(x, y)).red() < 100;
        EXPECT_GT(covered, 40 * 40 * scale * scale) << "the markers are drawn";
        EXPECT_LT(pixelsApart(ic, id, 96), covered / 50) << "scale " << scale;
    }

    // A device with a pixel ratio (a HiDPI window) and vector files get QCustomPlot's shapes.
    QCustomPlot a, b;
    markersPlot(a, true, 1.0, false);
    markersPlot(b, false, 1.0, false);
    auto hidpi = [](QCustomPlot& plot) {
        QImage image(400, 300, QImage::Format_RGB32);
        image.setDevicePixelRatio(2.0);
        image.fill(Qt::white);
        QCPPainter painter(&image);
        plot.toPainter(&painter, 200, 150);
        return image;
    };
    EXPECT_EQ(pixelsApart(hidpi(a), hidpi(b), 0), 0);
    EXPECT_EQ(qobject_cast<ui::MarkerGraph*>(a.graph(0))->spritesDrawn(), 0);
    const QByteArray vector = svgOf(a, QSize(200, 150));
    EXPECT_EQ(vector, svgOf(b, QSize(200, 150)));
    EXPECT_EQ(vector.count("<image"), 0);
    EXPECT_EQ(qobject_cast<ui::MarkerGraph*>(a.graph(0))->spritesDrawn(), 0);
}

TEST(Export, ACrowdedFiguresCloudsTakeTheLogarithmsTheFigureTook)
{
    // 30,000 kernels: the figure hands its points' logarithms to the clouds (drawing does not
    // take them again). Drawn from them or from the coordinates, the figure is the same.
    const HardwareProfile& hw = *test::shippedCatalog().find("h100-sxm5");
    const Roofline roof = makeRoofline(hw, Precision::BF16).value();
    const auto [kernels, placements] = kernelCloud(roof, 30000, {5, 5}, {-1, 4}, [](long long i) {
        return i % 5 == 0 ? std::nullopt : std::optional<double>(0.4); // a fifth on their roof, hollow
    });
    const PlotSpec given = buildPlotSpec(hw, roof, kernels, placements);
    ASSERT_TRUE(given.crowded());
    ASSERT_EQ(given.pointLogs.size(), given.points.size());
    for (size_t i = 0; i < given.points.size(); i += 997)
        EXPECT_EQ(given.pointLogs[i].x, std::log(given.points[i].at.x)) << i;
    PlotSpec taken = given;
    taken.pointLogs.clear();
    EXPECT_TRUE(given == taken) << "the logarithms are not part of the figure's value";
    QTemporaryDir dir;
    const QString pa = dir.filePath(QStringLiteral("given.png")), pb = dir.filePath(QStringLiteral("taken.png"));
    ASSERT_FALSE(exportFigure(given, PlotStyle::light(), pa, ExportOptions {}));
    ASSERT_FALSE(exportFigure(taken, PlotStyle::light(), pb, ExportOptions {}));
    const QImage ia(pa), ib(pb);
    ASSERT_EQ(ia.size(), ib.size());
    EXPECT_TRUE(ia == ib) << "the same pixels";
    QCustomPlot a, b;
    renderPlotSpec(a, given, PlotStyle::light());
    renderPlotSpec(b, taken, PlotStyle::light());
    int clouds = 0;
    for (int i = 0; i < a.plottableCount(); ++i)
        if (auto* ca = qobject_cast<PointCloud*>(a.plottable(i))) {
            auto* cb = b.findChild<PointCloud*>(ca->objectName());
            ASSERT_NE(cb, nullptr) << ca->objectName().toStdString();
            EXPECT_EQ(ca->pointCount(), cb->pointCount()) << ca->objectName().toStdString();
            EXPECT_GT(ca->pointCount(), 0);
            ++clouds;
        }
    EXPECT_GE(clouds, 4) << "measured and on-the-roof kernels of both regimes";
}

TEST(Export, NamesInACrowdedFigureSitOverTheCloudOnABackdropThatLeavesTheirPointVisible)
{
    const HardwareProfile& hw = *test::shippedCatalog().find("h100-sxm5");
    const Roofline roof = makeRoofline(hw, Precision::BF16).value();
    const auto [kernels, placements]
        = kernelCloud(roof, 10000, {6, 4}, {-1, 4}, [](long long) { return std::optional<double>(0.3); });
    const PlotSpec crowded = buildPlotSpec(hw, roof, kernels, placements);
    ASSERT_TRUE(crowded.crowded());
    QCustomPlot plot;
    plot.resize(1500, 975);
    renderPlotSpec(plot, crowded, PlotStyle::light());
    plot.replot();
    QCPLayer* names = plot.layer(QStringLiteral("point-labels"));
    ASSERT_NE(names, nullptr);
    EXPECT_GT(names->index(), plot.layer(QStringLiteral("main"))->index()) << "drawn after the points";
    int named = 0;
    for (int i = 0; i < plot.itemCount(); ++i) {
        auto* t = qobject_cast<QCPItemText*>(plot.item(i));
        if (!t || t->layer() != names)
            continue;
        ++named;
        EXPECT_NE(t->brush().style(), Qt::NoBrush) << "a backdrop over the cloud";
        // The named kernel's marker (radius 4 px) is outside the backdrop.
        const QPointF point = t->position->parentAnchor()->pixelPosition();
        const QRectF box(t->topLeft->pixelPosition(), t->bottomRight->pixelPosition());
        EXPECT_FALSE(box.adjusted(-4, -4, 4, 4).contains(point)) << t->text().toStdString();
    }
    EXPECT_GT(named, 0);

    // A figure of a few kernels keeps its names without a backdrop, on the same layer.
    const PlotSpec few = lessonSpec(Precision::BF16);
    renderPlotSpec(plot, few, PlotStyle::light());
    for (int i = 0; i < plot.itemCount(); ++i)
        if (auto* t = qobject_cast<QCPItemText*>(plot.item(i)); t && t->layer() == names)
            EXPECT_EQ(t->brush().style(), Qt::NoBrush);
}

TEST(Export, AThinnedFigureLooksLikeTheFullOneAndKeepsEveryKernel)
{
    // 20,000 kernels in a dense cloud (a hot loop's launches), as real profiles have.
    const HardwareProfile& hw = *test::shippedCatalog().find("h100-sxm5");
    const Roofline roof = makeRoofline(hw, Precision::BF16).value();
    const auto [kernels, placements] = kernelCloud(roof, 20000, {6, 4}, {1, 0.3}, [](long long i) {
        return std::optional<double>(0.5 + 0.1 * static_cast<double>((i * 1299709) % 20000) / 20000.0);
    });
    PlotOptions thinned;
    PlotOptions full;
    full.thinPoints = false;
    const PlotSpec a = buildPlotSpec(hw, roof, kernels, placements, thinned);
    const PlotSpec b = buildPlotSpec(hw, roof, kernels, placements, full);
    ASSERT_GT(a.thinnedPoints, 1000) << "the cloud is dense enough to thin";
    EXPECT_EQ(a.points.size() + static_cast<size_t>(a.thinnedPoints), b.points.size())
        << "every kernel is drawn or counted as thinned";

    // At the export size the two figures differ by no visible pixel: a thinned point lies within
    // half a pixel of one of its kind that is drawn.
    QTemporaryDir dir;
    const QString pa = dir.filePath(QStringLiteral("thinned.png")), pb = dir.filePath(QStringLiteral("full.png"));
    ASSERT_FALSE(exportFigure(a, PlotStyle::light(), pa, ExportOptions {}));
    ASSERT_FALSE(exportFigure(b, PlotStyle::light(), pb, ExportOptions {}));
    const QImage ia = QImage(pa).convertToFormat(QImage::Format_RGB32);
    const QImage ib = QImage(pb).convertToFormat(QImage::Format_RGB32);
    ASSERT_EQ(ia.size(), ib.size());
    const int visible = pixelsApart(ia, ib, 8);
    EXPECT_EQ(visible, 0) << visible << " pixels differ visibly";
}

class ThinningWindowTest : public test::WindowTest { };

TEST_F(ThinningWindowTest, ThinnedKernelsStayInTheAnalysisAndTheTable)
{
    std::vector<Kernel> ks;
    for (int i = 0; i < 5000; ++i)
        ks.push_back(test::makeKernel("k" + std::to_string(i), 2e9 * (1 + (i % 7) * 1e-6), 1e9, 1e-3));
    doc()->addKernels(ks, QStringLiteral("Add"));
    ASSERT_EQ(doc()->analysis()->placements.size(), 5000u);
    EXPECT_EQ(window->kernelsPanel()->model()->rowCount(), 5000);
    const PlotSpec shown = window->plotWidget()->currentSpec();
    EXPECT_GT(shown.thinnedPoints, 4900) << "nearly all share one pixel";
    EXPECT_EQ(shown.points.size() + static_cast<size_t>(shown.thinnedPoints), 5000u);
}

namespace {
// Two overlapping clouds on log-log axes (the kernel clouds of a crowded figure), cached or not.
// `moved` points of the first go to the second (a regime flip) and `dropped` leave the first.
void cloudsPlot(QCustomPlot& plot, bool cached, int moved = 0, int dropped = 0, double xShift = 1.0, int count = 6000)
{
    plot.clearPlottables();
    plot.resize(500, 400);
    for (QCPAxis* a : {plot.xAxis, plot.yAxis}) {
        a->setScaleType(QCPAxis::stLogarithmic);
        a->setRange(1e-1, 1e4);
    }
    QVector<double> xs[2], ys[2];
    for (int i = 0; i < count; ++i) {
        const double x = xShift * std::pow(10.0, -0.5 + 4.0 * ((i * 7919LL) % count) / count);
        const double y = std::pow(10.0, 0.2 + 3.5 * ((i * 104729LL) % count) / count);
        int which = i % 2;
        if (which == 0 && i / 2 < moved)
            which = 1;
        else if (which == 0 && i / 2 < moved + dropped)
            continue;
        xs[which] << x;
        ys[which] << y;
    }
    const QColor colours[2] = {QColor(0x1f, 0x77, 0xb4), QColor(0xd6, 0x27, 0x28)};
    for (int c = 0; c < 2; ++c) {
        auto* cloud = new ui::PointCloud(plot.xAxis, plot.yAxis);
        cloud->setMarker(colours[c], 8);
        cloud->setPoints(xs[c], ys[c]);
        cloud->setCached(cached);
    }
}

QImage pixels(QCustomPlot& plot)
{
    return plot.toPixmap(500, 400, 1.0).toImage().convertToFormat(QImage::Format_RGB32);
}

int differentPixels(const QImage& a, const QImage& b)
{
    int differ = 0;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x)
            differ += a.pixel(x, y) != b.pixel(x, y);
    return differ;
}

QObject* cloudCanvas(QCustomPlot& plot)
{
    return plot.findChild<QObject*>(QStringLiteral("rs-cloud-canvas"), Qt::FindDirectChildrenOnly);
}
} // namespace

TEST(PointCloudCanvas, DrawsWhatTheCloudsDrawOneByOne)
{
    QCustomPlot cached, direct;
    cloudsPlot(cached, true);
    cloudsPlot(direct, false);
    const QImage a = pixels(cached), b = pixels(direct);
    ASSERT_NE(cloudCanvas(cached), nullptr) << "the cached clouds drew through the canvas";
    EXPECT_EQ(cloudCanvas(direct), nullptr);
    int covered = 0;
    for (int y = 0; y < b.height(); ++y)
        for (int x = 0; x < b.width(); ++x)
            covered += QColor(b.pixel(x, y)) != Qt::white;
    EXPECT_GT(covered, a.width() * a.height() / 10);
    // Composited once onto the plot instead of sprite by sprite: a channel may round differently.
    EXPECT_EQ(pixelsApart(a, b, 2), 0);
}

TEST(PointCloudCanvas, ANewFigureRedrawsOnlyTheTilesThatChangedAndLooksLikeAFreshOne)
{
    QCustomPlot plot;
    cloudsPlot(plot, true);
    (void)pixels(plot);
    EXPECT_EQ(cloudCanvas(plot)->property("tilesRedrawn").toInt(), -1) << "the first draw draws everything";
    // The same clouds again (a replot): nothing is redrawn.
    (void)pixels(plot);
    EXPECT_EQ(cloudCanvas(plot)->property("tilesRedrawn").toInt(), 0);
    // New clouds: 40 points change colour and 20 go.
    cloudsPlot(plot, true, 40, 20);
    const QImage incremental = pixels(plot);
    const int redrawn = cloudCanvas(plot)->property("tilesRedrawn").toInt();
    const int tiles = cloudCanvas(plot)->property("tiles").toInt();
    EXPECT_GT(redrawn, 0);
    EXPECT_LT(redrawn, tiles / 2) << redrawn << " of " << tiles << " tiles";
    QCustomPlot fresh;
    cloudsPlot(fresh, true, 40, 20);
    EXPECT_EQ(differentPixels(incremental, pixels(fresh)), 0) << "the tiles redrawn join the ones kept exactly";
    // Every point moved: one full redraw, the same as a fresh plot's.
    cloudsPlot(plot, true, 40, 20, 1.7);
    const QImage moved = pixels(plot);
    EXPECT_EQ(cloudCanvas(plot)->property("tilesRedrawn").toInt(), -1);
    cloudsPlot(fresh, true, 40, 20, 1.7);
    EXPECT_EQ(differentPixels(moved, pixels(fresh)), 0);
}

TEST(PointCloudCanvas, CloudsOfOver2To16PointsAreListedOnTwoThreadsAsOnOne)
{
    // 140,000 points: each cloud's second half is listed on a second thread. The canvas draws
    // what the clouds draw one by one, and a change redraws tiles that join the rest exactly.
    constexpr int n = 140000;
    QCustomPlot cached, direct;
    cloudsPlot(cached, true, 0, 0, 1.0, n);
    cloudsPlot(direct, false, 0, 0, 1.0, n);
    const QImage a = pixels(cached), b = pixels(direct);
    // Composited once instead of sprite by sprite: where red rims overlap blue ones over and
    // over, a channel may round up to 3 levels apart (a missing marker is 100 and more).
    EXPECT_EQ(pixelsApart(a, b, 3), 0);
    cloudsPlot(cached, true, 40, 20, 1.0, n);
    const QImage incremental = pixels(cached);
    EXPECT_GE(cloudCanvas(cached)->property("tilesRedrawn").toInt(), 0) << "tiles, not a full redraw";
    QCustomPlot fresh;
    cloudsPlot(fresh, true, 40, 20, 1.0, n);
    EXPECT_EQ(differentPixels(incremental, pixels(fresh)), 0);
}

TEST(PointCloudCanvas, PointsLeftOfTheAxesAreNotPiledOnItsEdge)
{
    // Zoomed in: every point lies left of the x range. None may be drawn (they used to land on
    // the first cell of the thinning grid, along the left edge).
    for (bool cached : {true, false}) {
        QCustomPlot plot;
        cloudsPlot(plot, cached, 0, 0, 1e-7);
        const QImage image = pixels(plot);
        const QRect r = plot.axisRect()->rect();
        int coloured = 0;
        for (int y = r.top() + 2; y < r.bottom() - 2; ++y)
            for (int x = r.left() + 2; x < r.right() - 2; ++x) {
                const QColor c(image.pixel(x, y));
                coloured += std::abs(c.red() - c.blue()) > 40;
            }
        EXPECT_EQ(coloured, 0) << (cached ? "cached" : "direct");
    }
}

namespace {
// One cloud of points on a horizontal line at the centres of the given thinning cells (x axis
// 1e-1..1e4 over a 500-pixel plot: about five cells to a pixel).
QImage lineOfCells(const std::vector<int>& cells, bool cached, double scale)
{
    QCustomPlot plot;
    plot.resize(500, 400);
    for (QCPAxis* a : {plot.xAxis, plot.yAxis}) {
        a->setScaleType(QCPAxis::stLogarithmic);
        a->setRange(1e-1, 1e4);
    }
    QVector<double> xs, ys;
    const double lo = std::log(1e-1), step = (std::log(1e4) - lo) / kThinningGrid;
    for (int c : cells) {
        xs << std::exp(lo + (c + 0.5) * step);
        ys << 100.0;
    }
    auto* cloud = new ui::PointCloud(plot.xAxis, plot.yAxis);
    cloud->setMarker(QColor(0x1f, 0x77, 0xb4), 8);
    cloud->setPoints(xs, ys);
    cloud->setCached(cached);
    return plot.toPixmap(500, 400, scale).toImage().convertToFormat(QImage::Format_RGB32);
}

QRect colouredBox(const QImage& image)
{
    QRect box;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (const QColor c(image.pixel(x, y)); c.blue() - c.red() > 40) // the marker's blue
                box |= QRect(x, y, 1, 1);
    return box;
}
} // namespace

TEST(PointCloudCanvas, TwoPointsWhoseMarkersLandOnOnePixelDrawOneMarker)
{
    // Sprites land on whole pixels, so two cells a fifth of a pixel apart mostly share one. The
    // second marker there is not drawn: drawn again, it would only darken the first's rim.
    for (const auto& [cached, scale] : {std::pair {true, 1.0}, std::pair {false, 1.0}, std::pair {false, 1.5}}) {
        int shared = 0;
        for (int c = 1200; c < 1260; ++c) {
            const QImage a = lineOfCells({c}, cached, scale), b = lineOfCells({c + 1}, cached, scale);
            ASSERT_FALSE(colouredBox(a).isEmpty());
            if (a != b)
                continue; // the two markers land on different pixels
            ++shared;
            EXPECT_EQ(lineOfCells({c, c + 1}, cached, scale), a)
                << "cells " << c << " and " << c + 1 << (cached ? ", cached" : ", direct") << ", scale " << scale;
        }
        EXPECT_GT(shared, 20) << "most neighbouring cells share a pixel";
        // Markers a few pixels apart are both drawn.
        const QImage apart = lineOfCells({1200, 1230}, cached, scale);
        EXPECT_GT(colouredBox(apart).width(), colouredBox(lineOfCells({1200}, cached, scale)).width() + 2);
    }
}

TEST(PngWriter, WritesWhatItIsGivenAsRgbWithItsResolution)
{
    QImage image(301, 157, QImage::Format_RGB32);
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            image.setPixel(x, y, qRgb((x * 7) % 256, (y * 13) % 256, (x * y) % 256));
    image.setDotsPerMeterX(5669); // 144 dpi
    image.setDotsPerMeterY(5669);
    QBuffer buffer;
    ASSERT_TRUE(buffer.open(QIODevice::WriteOnly));
    EXPECT_EQ(writeOpaquePng(image, buffer), std::nullopt);
    QImage back;
    ASSERT_TRUE(back.loadFromData(buffer.data(), "PNG"));
    EXPECT_EQ(back.size(), image.size());
    EXPECT_FALSE(back.hasAlphaChannel()) << "an opaque figure is written as RGB";
    EXPECT_EQ(back.dotsPerMeterX(), 5669);
    int differ = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            differ += back.pixel(x, y) != image.pixel(x, y);
    EXPECT_EQ(differ, 0) << "lossless";
    // Another format is converted first.
    QBuffer again;
    ASSERT_TRUE(again.open(QIODevice::WriteOnly));
    EXPECT_EQ(writeOpaquePng(image.convertToFormat(QImage::Format_ARGB32), again), std::nullopt);
    EXPECT_EQ(again.data(), buffer.data());
}

TEST(PngWriter, BandsCompressedOnThreadsReadBackAsTheImage)
{
    // Flat areas, thin lines and noise, as a figure has, in a size that is no multiple of anything.
    QImage image(523, 389, QImage::Format_RGB32);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.fillRect(QRect(0, 200, 300, 189), QColor(0xe8, 0xf1, 0xf8));
        painter.setPen(QPen(QColor(0x1a, 0x1a, 0x2e), 2.5));
        painter.drawLine(QPointF(0, 388), QPointF(300, 10));
        painter.drawText(QPointF(40, 60), QStringLiteral("BF16 peak 989.4 TFLOP/s"));
    }
    std::uint32_t seed = 7;
    for (int y = 300; y < 389; ++y)
        for (int x = 350; x < 523; ++x) {
            seed = seed * 1664525U + 1013904223U;
            image.setPixel(x, y, qRgb(seed >> 24, (seed >> 16) & 0xff, (seed >> 8) & 0xff));
        }
    image.setDotsPerMeterX(5669);
    image.setDotsPerMeterY(5669);

    QByteArray one;
    for (int bands : {1, 2, 3, 7, 1000}) {
        QBuffer buffer;
        ASSERT_TRUE(buffer.open(QIODevice::WriteOnly));
        ASSERT_EQ(writeOpaquePng(image, buffer, bands), std::nullopt) << bands << " bands";
        QImage back;
        ASSERT_TRUE(back.loadFromData(buffer.data(), "PNG")) << bands << " bands";
        ASSERT_EQ(back.size(), image.size());
        EXPECT_EQ(back.dotsPerMeterX(), 5669);
        int differ = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                differ += back.pixel(x, y) != image.pixel(x, y);
        EXPECT_EQ(differ, 0) << bands << " bands: lossless";
        if (bands == 1)
            one = buffer.data();
        else if (bands <= 7) // each band starts from the rows above it: hardly larger than one band
            EXPECT_LT(buffer.size(), one.size() * 105 / 100) << bands << " bands";
    }
    // A figure-sized image picks its bands itself and still reads back.
    QImage large(1500, 975, QImage::Format_RGB32);
    large.fill(QColor(0xfd, 0xf3, 0xe7));
    QBuffer buffer;
    ASSERT_TRUE(buffer.open(QIODevice::WriteOnly));
    ASSERT_EQ(writeOpaquePng(large, buffer), std::nullopt);
    QImage back;
    ASSERT_TRUE(back.loadFromData(buffer.data(), "PNG"));
    EXPECT_EQ(back.convertToFormat(QImage::Format_RGB32), large);
}

TEST(PngWriter, SaysWhenItCannotWrite)
{
    QBuffer readOnly;
    ASSERT_TRUE(readOnly.open(QIODevice::ReadOnly));
    QImage image(64, 64, QImage::Format_RGB32);
    image.fill(Qt::white);
    const auto error = writeOpaquePng(image, readOnly);
    ASSERT_TRUE(error.has_value());
    EXPECT_TRUE(error->contains(QStringLiteral("could not be written"))) << error->toStdString();
    EXPECT_TRUE(writeOpaquePng(QImage(), readOnly).has_value());
}

// The window's grid is drawn once into an image and copied while its view stays: the same pixels
// as the plot's own grid, drawn again only when the view or the style changes.
TEST(GridCacheTest, DrawsThePlotsOwnGridAndOnlyWhenItChanges)
{
    QCustomPlot plain;
    QCustomPlot cached;
    auto* cache = new GridCache(&cached);
    for (QCustomPlot* plot : {&plain, &cached}) {
        plot->resize(700, 460);
        plot->show(); // resizes now, not at the first grab
    }
    auto render = [&](const PlotSpec& spec, const PlotStyle& style) {
        for (QCustomPlot* plot : {&plain, &cached}) {
            renderPlotSpec(*plot, spec, style);
            plot->replot();
        }
    };
    auto same = [&](const char* when) {
        const QImage a = plain.grab().toImage().convertToFormat(QImage::Format_RGB32);
        const QImage b = cached.grab().toImage().convertToFormat(QImage::Format_RGB32);
        ASSERT_EQ(a.size(), b.size());
        // The cache lays its grid over the tints from a premultiplied image: where an
        // antialiased grid line crosses a tint that rounds to within two levels of 255.
        EXPECT_EQ(pixelsApart(a, b, 2), 0) << when;
    };
    render(lessonSpec(Precision::BF16), PlotStyle::light());
    same("first figure");
    const int first = cache->renders();
    EXPECT_GE(first, 1);
    EXPECT_FALSE(cached.xAxis->grid()->visible()) << "the axes' own grids are drawn by the cache";

    // Another precision in the same view: the grid is copied, not drawn again.
    render(lessonSpec(Precision::FP8), PlotStyle::light());
    same("another precision");
    cached.replot();
    EXPECT_EQ(cache->renders(), first) << "the same view draws the grid once";

    // A zoom, a resize and a dark style each draw it again, and it still matches.
    for (QCustomPlot* plot : {&plain, &cached}) {
        plot->xAxis->setRange(0.5, 2000);
        plot->replot();
    }
    same("zoomed");
    EXPECT_EQ(cache->renders(), first + 1);
    for (QCustomPlot* plot : {&plain, &cached}) {
        plot->resize(620, 400);
        plot->replot();
    }
    same("resized");
    EXPECT_GT(cache->renders(), first + 1);
    const int resized = cache->renders();
    render(lessonSpec(Precision::FP8), PlotStyle::dark());
    same("dark");
    EXPECT_EQ(cache->renders(), resized + 1);

    // A pixmap at twice the scale draws the grid at its own scale, as the plain plot does.
    const QImage twicePlain = plain.toPixmap(620, 400, 2.0).toImage().convertToFormat(QImage::Format_RGB32);
    const QImage twiceCached = cached.toPixmap(620, 400, 2.0).toImage().convertToFormat(QImage::Format_RGB32);
    ASSERT_EQ(twicePlain.size(), twiceCached.size());
    EXPECT_EQ(pixelsApart(twicePlain, twiceCached, 0), 0) << "a pixmap at twice the scale";

    // A vector painter gets the grid drawn directly: an SVG of the cached plot shows the plain
    // one's pixels.
    auto svgPixels = [](QCustomPlot& plot) {
        QSvgRenderer svg(svgOf(plot, QSize(620, 400)));
        QImage image(620, 400, QImage::Format_RGB32);
        image.fill(Qt::white);
        QPainter p(&image);
        svg.render(&p);
        return image;
    };
    EXPECT_EQ(pixelsApart(svgPixels(plain), svgPixels(cached), 0), 0);
}
