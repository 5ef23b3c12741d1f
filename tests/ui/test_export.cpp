// SPDX-License-Identifier: MIT
#include "core/analysis/roofline.h"
#include "support/fixtures.h"
#include "support/window_fixture.h"
#include "ui/dialogs/export_dialog.h"
#include "ui/panels/kernel_table_model.h"
#include "ui/panels/kernels_panel.h"
#include "ui/plot/figure_export.h"
#include "ui/plot/point_cloud.h"
#include "ui/plot/roofline_renderer.h"
#include "ui/window/main_window.h"

#include <qcustomplot.h>

#include <gtest/gtest.h>

#include <functional>
#include <optional>
#include <set>

#include <QBuffer>
#include <QComboBox>
#include <QDomDocument>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QImageReader>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSpinBox>
#include <QSvgGenerator>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>

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
    // Compressed: zlib's fastest level (twice as fast as the default) costs at most a quarter
    // more bytes than Qt's default level, and the file is a small fraction of the raw pixels.
    QBuffer qt;
    ASSERT_TRUE(qt.open(QIODevice::WriteOnly));
    ASSERT_TRUE(image.save(&qt, "PNG"));
    EXPECT_LT(QFileInfo(path).size(), qt.size() * 5 / 4) << "Qt's default level: " << qt.size() << " bytes";
    EXPECT_LT(QFileInfo(path).size(), 1800 * 1200 * 3 / 20);
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
    // Every text's font is a CSS stack that ends in a generic family a browser knows, and starts
    // with the family Qt drew the PNG with (not Qt's own name "Sans Serif").
    int styled = 0;
    for (int i = 0; i < texts.count(); ++i)
        for (QDomNode n = texts.at(i); !n.isNull(); n = n.parentNode())
            if (const QString f = n.toElement().attribute(QStringLiteral("font-family")); !f.isEmpty()) {
                EXPECT_TRUE(f.endsWith(QStringLiteral(", sans-serif"))) << f.toStdString();
                EXPECT_FALSE(f.contains(QStringLiteral("Sans Serif"))) << f.toStdString();
                ++styled;
                break;
            }
    EXPECT_EQ(styled, texts.count());
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

// File > Export Report: the session the window holds as one HTML page, every precision of its
// part a view, the open one first, each kernel in the table; nothing written when it fails.
TEST(Export, TheWindowExportsAReportOfItsSession)
{
    QSettings().clear();
    QSettings().setValue(QStringLiteral("view/animate"), false);
    MainWindow window(test::shippedCatalog(), {});
    window.show();
    ASSERT_EQ(window.openFile(QStringLiteral(ROOFLINE_SOURCE_DIR "/resources/examples/twenty-kernels.roofline.yaml")),
        QString());
    EXPECT_NE(window.findChild<QAction*>(QStringLiteral("exportReport")), nullptr);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("report.html"));
    ASSERT_EQ(window.exportReportTo(path), QString());
    const QByteArray page = readFile(path);
    EXPECT_TRUE(page.startsWith("<!DOCTYPE html>"));
    EXPECT_TRUE(page.contains("<body data-shown=\"bf16\">"));
    for (const char* id : {"bf16", "fp64", "fp32", "tf32", "fp16", "fp8", "int8"})
        EXPECT_TRUE(page.contains(QByteArray("<section class=\"view\" id=\"view-") + id)) << id;
    for (const char* name : {"flash_attn_fwd", "gemm_qkv", "conv2d_3x3", "reduce_sum"})
        EXPECT_TRUE(page.contains(QByteArray(">") + name + "</td>")) << name;
    EXPECT_TRUE(page.contains("twenty-kernels.roofline.yaml ("));
    EXPECT_NE(window.exportReportTo(dir.filePath(QStringLiteral("no/such/folder/r.html"))), QString());
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
        bool number = false;
        t->text().toInt(&number);
        if (number)
            continue; // a key number: the point is under no text either, but which one it is, is the layout's
        // The named kernel's marker (radius 4 px) is outside the backdrop.
        // (kernels drawn at one point share a name: "a, b"; the first is the label's own)
        const std::string drawn = t->text().toStdString();
        const std::string first = drawn.substr(0, std::min(drawn.find('\n'), drawn.find(", ")));
        const auto label = std::find_if(crowded.labels.begin(), crowded.labels.end(), [&](const PlotLabel& l) {
            return l.role == LabelRole::PointLabel && l.text.substr(0, l.text.find('\n')) == first;
        });
        ASSERT_NE(label, crowded.labels.end());
        const QPointF point(plot.xAxis->coordToPixel(label->at.x), plot.yAxis->coordToPixel(label->at.y));
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
// Two overlapping clouds on log-log axes (the kernel clouds of a crowded figure).
// `moved` points of the first go to the second (a regime flip) and `dropped` leave the first.
void cloudsPlot(QCustomPlot& plot, int moved = 0, int dropped = 0, double xShift = 1.0, int count = 6000)
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
    }
}

QImage pixels(QCustomPlot& plot)
{
    return plot.toPixmap(500, 400, 1.0).toImage().convertToFormat(QImage::Format_RGB32);
}

} // namespace

TEST(PointCloud, PointsLeftOfTheAxesAreNotPiledOnItsEdge)
{
    // Zoomed in: every point lies left of the x range. None may be drawn (they used to land on
    // the first cell of the thinning grid, along the left edge).
    {
        QCustomPlot plot;
        cloudsPlot(plot, 0, 0, 1e-7);
        const QImage image = pixels(plot);
        const QRect r = plot.axisRect()->rect();
        int coloured = 0;
        for (int y = r.top() + 2; y < r.bottom() - 2; ++y)
            for (int x = r.left() + 2; x < r.right() - 2; ++x) {
                const QColor c(image.pixel(x, y));
                coloured += std::abs(c.red() - c.blue()) > 40;
            }
        EXPECT_EQ(coloured, 0);
    }
}

TEST(Export, TheDialogsPresetsSetTheSizeTheResolutionAndTheFontScale)
{
    ExportDialog dialog(QStringLiteral("figure.png"), ExportOptions {}, QString(), QStringLiteral("H100 · BF16"));
    auto* preset = dialog.findChild<QComboBox*>();
    ASSERT_NE(preset, nullptr);
    EXPECT_EQ(preset->currentIndex(), 0) << "1000 x 650 at 144 dpi is no preset";
    const int column = preset->findData(QStringLiteral("column"));
    ASSERT_GT(column, 0);
    preset->setCurrentIndex(column);
    emit preset->activated(column);
    const ExportOptions o = dialog.options();
    EXPECT_EQ(o.width, 480);
    EXPECT_EQ(o.height, 343);
    EXPECT_EQ(o.dpi, 300);
    EXPECT_EQ(qRound(o.width * o.pixelScale()), 1050) << "3.5 in at 300 dpi";
    // Editing the size by hand makes it a custom size at the window's fonts.
    auto spins = dialog.findChildren<QSpinBox*>();
    ASSERT_FALSE(spins.isEmpty());
    spins.front()->setValue(900);
    EXPECT_EQ(preset->currentIndex(), 0);
    EXPECT_EQ(dialog.options().fontScale, 1.0);
    EXPECT_TRUE(dialog.title().isEmpty()) << "the generated title unless one is typed";
}

TEST(Export, TheDialogPreviewsTheFigureAtThePresetsLayoutAndSaysItsPrintedSize)
{
    const HardwareProfile& hw = *test::shippedCatalog().find("h100-sxm5");
    const Roofline roof = makeRoofline(hw, Precision::BF16).value();
    std::vector<Kernel> kernels {test::makeKernel("gemm", 1e15, 1e15 / 3000, 2e-3)};
    std::vector<Placement> placements {analyze(kernels[0], roof)};
    ExportDialog dialog(QStringLiteral("figure.png"), ExportOptions {}, QString(), QStringLiteral("H100 · BF16"));
    EXPECT_TRUE(dialog.previewImage().isNull());
    QString titled;
    dialog.setPreview(buildPlotSpec(hw, roof, kernels, placements), PlotStyle::light(), [&](const std::string& t) {
        titled = QString::fromStdString(t);
        return t.empty() ? std::string("generated") : t;
    });
    auto* note = dialog.findChild<QLabel*>(QStringLiteral("exportPreviewNote"));
    ASSERT_NE(note, nullptr);
    QImage preview = dialog.previewImage();
    ASSERT_FALSE(preview.isNull());
    EXPECT_NEAR(double(preview.width()) / preview.height(), 1000.0 / 650, 0.01) << "the figure's own shape";
    EXPECT_TRUE(note->text().startsWith(QStringLiteral("Prints at 10.4 x 6.8 in"))) << note->text().toStdString();
    // A typed title is what the preview draws.
    for (QLineEdit* e : dialog.findChildren<QLineEdit*>())
        if (e->placeholderText() == QStringLiteral("H100 · BF16"))
            e->setText(QStringLiteral("My GEMM"));
    QTest::qWait(300);
    EXPECT_EQ(titled, QStringLiteral("My GEMM"));
    EXPECT_NE(dialog.previewImage(), preview);
    // The column preset: its shape and inches, and its own layout (the titles give way to its plot).
    auto* preset = dialog.findChild<QComboBox*>();
    const int column = preset->findData(QStringLiteral("column"));
    preset->setCurrentIndex(column);
    emit preset->activated(column);
    QTest::qWait(300);
    preview = dialog.previewImage();
    EXPECT_NEAR(double(preview.width()) / preview.height(), 480.0 / 343, 0.01);
    EXPECT_TRUE(note->text().startsWith(QStringLiteral("Prints at 3.5 x 2.5 in"))) << note->text().toStdString();
}

TEST(Export, RegimesDifferByShapeAsWellAsColourInSmallAndCrowdedFigures)
{
    const HardwareProfile& hw = *test::shippedCatalog().find("h100-sxm5");
    const Roofline roof = makeRoofline(hw, Precision::BF16).value();
    const double ridge = roof.ridge();
    std::vector<Kernel> kernels {test::makeKernel("memory", 1e12, 1e12 / 10, 1.0),
        test::makeKernel("ridge", ridge * 1e9, 1e9, 1.0), test::makeKernel("compute", 1e15, 1e15 / 3000, 10.0)};
    std::vector<Placement> placements;
    for (const Kernel& k : kernels)
        placements.push_back(analyze(k, roof));
    QCustomPlot plot;
    plot.resize(1000, 650);
    renderPlotSpec(plot, buildPlotSpec(hw, roof, kernels, placements), PlotStyle::light());
    auto shapeOf = [&](const char* name) {
        for (int i = 0; i < plot.graphCount(); ++i)
            if (plot.graph(i)->objectName() == QLatin1String(name))
                return plot.graph(i)->scatterStyle().shape();
        return QCPScatterStyle::ssNone;
    };
    EXPECT_EQ(shapeOf("points-memory-bound"), QCPScatterStyle::ssCircle);
    EXPECT_EQ(shapeOf("points-compute-bound"), QCPScatterStyle::ssSquare);
    EXPECT_EQ(shapeOf("points-at-ridge"), QCPScatterStyle::ssTriangleInverted);

    const auto [many, manyPlacements]
        = kernelCloud(roof, 10000, {6, 4}, {-1, 4}, [](long long) { return std::optional<double>(0.3); });
    renderPlotSpec(plot, buildPlotSpec(hw, roof, many, manyPlacements), PlotStyle::light());
    int clouds = 0;
    for (int i = 0; i < plot.plottableCount(); ++i)
        if (auto* c = qobject_cast<PointCloud*>(plot.plottable(i))) {
            ++clouds;
            const bool compute = c->objectName().startsWith(QLatin1String("points-compute-bound"));
            const bool memory = c->objectName().startsWith(QLatin1String("points-memory-bound"));
            if (compute)
                EXPECT_EQ(c->shape(), PointCloud::Shape::Square) << c->objectName().toStdString();
            if (memory)
                EXPECT_EQ(c->shape(), PointCloud::Shape::Disc) << c->objectName().toStdString();
        }
    EXPECT_GE(clouds, 2);
}

TEST(Export, AComparedPartKeepsItsColourWhateverElseIsCompared)
{
    const ProfileCatalog& catalog = test::shippedCatalog();
    const HardwareProfile& hw = *catalog.find("h100-sxm5");
    const Roofline roof = makeRoofline(hw, Precision::BF16).value();
    auto penOf = [&](const std::vector<const char*>& ids, const QString& part) {
        PlotOptions o;
        for (const char* id : ids) {
            const HardwareProfile& other = *catalog.find(id);
            o.compare.push_back({makeRoofline(other, Precision::BF16).value(), other.name + " \xC2\xB7 BF16"});
        }
        QCustomPlot plot;
        plot.resize(1000, 650);
        renderPlotSpec(plot, buildPlotSpec(hw, roof, {}, {}, o), PlotStyle::light());
        for (int i = 0; i < plot.graphCount(); ++i)
            if (plot.graph(i)->objectName() == QLatin1String("compare-roof") && plot.graph(i)->name().startsWith(part))
                return plot.graph(i)->pen();
        return QPen();
    };
    const QString b200 = QStringLiteral("NVIDIA B200");
    const QPen alone = penOf({"b200"}, b200);
    EXPECT_NE(alone.style(), Qt::NoPen);
    EXPECT_EQ(penOf({"mi300x", "b200"}, b200).color(), alone.color());
    EXPECT_EQ(penOf({"b200", "h200-sxm", "mi300x"}, b200).color(), alone.color());
    EXPECT_EQ(penOf({"b200", "h200-sxm", "mi300x"}, b200).style(), alone.style());
    const QPen amd = penOf({"b200", "mi300x"}, QStringLiteral("AMD"));
    EXPECT_TRUE(amd.color() != alone.color() || amd.style() != alone.style()) << "two parts, two looks";
    // Parts of one figure never share a dash (B200 and MI300X did).
    std::set<int> dashes;
    for (const char* part : {"NVIDIA B200", "AMD", "NVIDIA H200"})
        dashes.insert(static_cast<int>(penOf({"b200", "mi300x", "h200-sxm"}, QString::fromLatin1(part)).style()));
    EXPECT_EQ(dashes.size(), 3u);
}
