// SPDX-License-Identifier: MIT
// Report figures need no hand editing: every text of a drawn figure, measured with the fonts the
// renderer uses, against every other text and the legend, every roof, ceiling and ridge line, and
// the plot frame; every kernel named by a label or a key number. Over the example sessions and
// generated sets of named kernels, at the default export size and at paper-column sizes.
#include "core/analysis/session_analysis.h"
#include "core/figure/session_figure.h"
#include "core/io/kernel_io.h"
#include "core/io/session_yaml.h"
#include "core/labels/label_geometry.h"
#include "support/fixtures.h"
#include "ui/common/app_paths.h"
#include "ui/plot/figure_export.h"
#include "ui/plot/roofline_renderer.h"

#include <qcustomplot.h>

#include <gtest/gtest.h>

#include <QDir>
#include <QFontMetrics>
#include <QRegularExpression>

#include <cmath>
#include <set>
#include <sstream>

using namespace roofline;
using namespace roofline::ui;
using geom::Box;
using geom::Quad;
using geom::Segment;

namespace {

struct DrawnText {
    std::string text;
    Quad quad;
    bool rotated = false;
};

/// Where a QCPItemText draws its text (QCPItemText::draw): the font's bounding rect of the text,
/// padded and aligned at the position, turned about it. Shrunk by half a pixel: touching is not
/// overlapping.
DrawnText drawnText(const QCPItemText& t)
{
    QRect text = QFontMetrics(t.font()).boundingRect(0, 0, 0, 0, Qt::TextDontClip | t.textAlignment(), t.text());
    const QMargins pad = t.padding();
    const QRect box = text.adjusted(-pad.left(), -pad.top(), pad.right(), pad.bottom());
    QPointF at(0, 0);
    const Qt::Alignment a = t.positionAlignment();
    if (a.testFlag(Qt::AlignHCenter))
        at.rx() -= box.width() / 2.0;
    else if (a.testFlag(Qt::AlignRight))
        at.rx() -= box.width();
    if (a.testFlag(Qt::AlignVCenter))
        at.ry() -= box.height() / 2.0;
    else if (a.testFlag(Qt::AlignBottom))
        at.ry() -= box.height();
    text.moveTopLeft(at.toPoint() + QPoint(pad.left(), pad.top()));
    QTransform turn;
    const QPointF pos = t.position->pixelPosition();
    turn.translate(pos.x(), pos.y());
    turn.rotate(t.rotation());
    const QRectF inner = QRectF(text).adjusted(0.5, 0.5, -0.5, -0.5);
    DrawnText d {t.text().toStdString(), {}, std::abs(t.rotation()) > 1e-9};
    const QPointF corners[4] = {inner.topLeft(), inner.topRight(), inner.bottomRight(), inner.bottomLeft()};
    for (int i = 0; i < 4; ++i) {
        const QPointF p = turn.map(corners[i]);
        d.quad.p[static_cast<size_t>(i)] = {p.x(), p.y()};
    }
    return d;
}

/// The lines no text may cross: roofs and ceilings of every kind, and the ridge guide.
std::vector<std::pair<std::string, Segment>> hardLines(QCustomPlot& plot)
{
    static const QStringList roles {QStringLiteral("roof"), QStringLiteral("achievable-roof"),
        QStringLiteral("level-roof"), QStringLiteral("precision-roof"), QStringLiteral("link-roof"),
        QStringLiteral("compare-roof")};
    std::vector<std::pair<std::string, Segment>> out;
    for (int i = 0; i < plot.graphCount(); ++i) {
        QCPGraph* g = plot.graph(i);
        if (!roles.contains(g->objectName()))
            continue;
        const auto data = g->data();
        for (int k = 1; k < data->size(); ++k) {
            auto px = [&](int j) {
                const auto it = data->at(j);
                return geom::Pt {plot.xAxis->coordToPixel(it->key), plot.yAxis->coordToPixel(it->value)};
            };
            out.push_back({g->objectName().toStdString(), {px(k - 1), px(k)}});
        }
    }
    if (auto* ridge = plot.findChild<QCPItemLine*>(plotnames::kRidgeGuide)) {
        const QPointF a = ridge->start->pixelPosition(), b = ridge->end->pixelPosition();
        out.push_back({"ridge guide", {{a.x(), a.y()}, {b.x(), b.y()}}});
    }
    return out;
}

/// What breaks the rules in the plot as drawn at its size, one line each; and how many kernels
/// it names (point names and key numbers).
struct Findings {
    std::vector<std::string> problems;
    int named = 0;
    int numbers = 0; ///< of them, key numbers
    int keyLines = 0;
    int notNamed = 0; ///< "N more kernel(s) not named here" under the key
    double plotShare = 0.0; ///< the plot area's height over the figure's
};

/// The texts the layout holds (title, subtitle, the key's columns and its last line): each drawn
/// whole inside its own cell and the figure, none on another.
void inspectLayoutTexts(QCustomPlot& plot, Findings& f)
{
    std::vector<std::pair<QString, QRect>> drawn;
    for (QCPLayoutElement* e : plot.plotLayout()->elements(true))
        if (auto* t = qobject_cast<QCPTextElement*>(e); t && !t->text().isEmpty()) {
            const QRect cell = t->rect();
            const QRect text = QFontMetrics(t->font()).boundingRect(cell, int(t->textFlags()), t->text());
            const QString first = t->text().section(QLatin1Char('\n'), 0, 0);
            if (!cell.adjusted(-1, -1, 1, 1).contains(text))
                f.problems.push_back("'" + first.toStdString() + "' is wider or taller than its place in the layout");
            if (!plot.viewport().contains(text))
                f.problems.push_back("'" + first.toStdString() + "' is cut by the figure's edge");
            for (const auto& [other, box] : drawn)
                if (box.intersects(text))
                    f.problems.push_back("'" + first.toStdString() + "' overlaps '" + other.toStdString() + "'");
            drawn.emplace_back(first, text);
        }
    if (QFontMetrics(plot.yAxis->labelFont()).horizontalAdvance(plot.yAxis->label()) > plot.axisRect()->height() + 20)
        f.problems.push_back("the y axis label '" + plot.yAxis->label().toStdString() + "' is longer than the axis");
}

Findings inspect(QCustomPlot& plot)
{
    plot.replot(); // lays the plot out and turns the labels along their lines
    Findings f;
    std::vector<DrawnText> texts;
    std::vector<Segment> leaders;
    const QRect frame = plot.axisRect()->rect();
    const Box area {double(frame.left()), double(frame.top()), double(frame.right() + 1), double(frame.bottom() + 1)};
    for (int i = 0; i < plot.itemCount(); ++i) {
        if (auto* t = qobject_cast<QCPItemText*>(plot.item(i)); t && t->visible() && !t->text().isEmpty()) {
            texts.push_back(drawnText(*t));
            const bool name = t->layer() && t->layer()->name() == QLatin1String("point-labels");
            bool number = false;
            t->text().toInt(&number);
            f.named += name;
            f.numbers += name && number;
        }
        if (auto* l = qobject_cast<QCPItemLine*>(plot.item(i)); l && l->objectName() == QLatin1String("leader-line")) {
            const QPointF a = l->start->pixelPosition(), b = l->end->pixelPosition();
            leaders.push_back({{a.x(), a.y()}, {b.x(), b.y()}});
        }
    }
    const QRect legend = plot.legend->outerRect();
    const Quad legendQuad = Quad::of(
        {double(legend.left()), double(legend.top()), double(legend.right() + 1), double(legend.bottom() + 1)});
    const auto lines = hardLines(plot);
    for (size_t i = 0; i < texts.size(); ++i) {
        const DrawnText& a = texts[i];
        if (!area.contains(a.quad.bounds().grown(-0.01)))
            f.problems.push_back("'" + a.text + "' is cut by the plot frame");
        if (geom::overlaps(a.quad, legendQuad))
            f.problems.push_back("'" + a.text + "' is on the legend");
        for (size_t j = i + 1; j < texts.size(); ++j)
            if (geom::overlaps(a.quad, texts[j].quad))
                f.problems.push_back("'" + a.text + "' overlaps '" + texts[j].text + "'");
        for (const auto& [what, s] : lines)
            if (geom::crosses(s, a.quad))
                f.problems.push_back("the " + what + " runs through '" + a.text + "'");
        for (const Segment& s : leaders)
            if (geom::crosses(s, Quad::of(a.quad.bounds().grown(-1.0))) && !a.rotated)
                f.problems.push_back("a leader line runs through '" + a.text + "'");
    }
    for (size_t i = 0; i < leaders.size(); ++i)
        for (size_t j = i + 1; j < leaders.size(); ++j)
            if (geom::crosses(leaders[i], leaders[j]))
                f.problems.push_back("two leader lines cross");
    inspectLayoutTexts(plot, f);
    f.plotShare = double(frame.height()) / plot.height();
    for (int i = 0; i < plot.plotLayout()->elementCount(); ++i)
        if (auto* key = plot.plotLayout()->elementAt(i); key && key->objectName() == QLatin1String("label-key"))
            for (QCPLayoutElement* e : key->elements(true))
                if (auto* text = qobject_cast<QCPTextElement*>(e);
                    text && text->text().contains(QLatin1String("not named")))
                    f.notNamed = text->text().section(QLatin1Char(' '), 0, 0).toInt();
                else if (text)
                    for (auto it = QRegularExpression(QStringLiteral("(?:^|\\n|    )\\d+  ")).globalMatch(text->text());
                         it.hasNext(); it.next())
                        ++f.keyLines; // one per entry: "3  name", in columns or one paragraph
    return f;
}

std::string report(const Findings& f)
{
    std::ostringstream out;
    for (const auto& p : f.problems)
        out << "  " << p << "\n";
    return out.str();
}

/// `n` named kernels spread over an H100's roofline as real traces spread (a fixed sequence).
std::vector<Kernel> namedKernels(int n)
{
    static const char* names[] = {"flash_attn_fwd", "flash_attn_bwd", "gemm_qkv", "gemm_out_proj", "gemm_mlp_up",
        "gemm_mlp_down", "layernorm_fwd", "rmsnorm", "softmax", "rotary_emb", "silu_mul", "all_reduce_pack",
        "embedding_lookup", "cross_entropy", "adam_step", "transpose_021", "reduce_sum", "dropout_fwd", "gelu_bwd",
        "conv2d_3x3", "depthwise_conv", "batchnorm_bwd", "topk_router", "moe_gather", "moe_scatter", "kv_cache_append",
        "paged_attn_decode", "quantize_fp8", "dequant_int4", "gemv_decode", "elementwise_add", "scatter_add",
        "sort_keys", "prefix_scan", "histogram", "spmv_csr", "stencil_7pt", "fft_radix4", "nbody_forces", "lu_factor"};
    std::uint64_t state = 0x9E3779B97F4A7C15ull;
    auto uniform = [&](double lo, double hi) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return lo + (hi - lo) * static_cast<double>(state >> 11) / 9007199254740992.0;
    };
    std::vector<Kernel> out;
    for (int i = 0; i < n; ++i) {
        const double ai = std::pow(10.0, uniform(-1.2, 3.6)), bytes = std::pow(10.0, uniform(7, 10.5));
        const double roof = std::min(989.4e12, ai * 3.35e12), fraction = std::pow(10.0, uniform(-1.6, -0.02));
        out.push_back(test::makeKernel(names[i % 40], ai * bytes, bytes, ai * bytes / (roof * fraction)));
    }
    return out;
}

PlotSpec figureOf(const std::vector<Kernel>& kernels, Precision precision = Precision::BF16)
{
    const HardwareProfile& hw = *test::shippedCatalog().find("h100-sxm5");
    const Roofline roof = makeRoofline(hw, precision).value();
    std::vector<Placement> placements;
    for (const Kernel& k : kernels)
        placements.push_back(analyze(k, roof));
    PlotOptions o;
    return buildPlotSpec(hw, roof, kernels, placements, o);
}

void expectClean(const PlotSpec& spec, QSize size, const std::string& what, int kernels, double fontScale = 1.0)
{
    QCustomPlot plot;
    plot.resize(size);
    PlotStyle style = PlotStyle::light();
    style.fontScale = fontScale;
    renderPlotSpec(plot, spec, style);
    const Findings f = inspect(plot);
    // To look at them: RS_FIGDIR=/tmp/figs ui_tests --gtest_filter='FigureText.*'
    if (qEnvironmentVariableIsSet("RS_FIGDIR"))
        plot.savePng(QStringLiteral("%1/%2-%3x%4.png")
                         .arg(qEnvironmentVariable("RS_FIGDIR"), QString::fromStdString(what).replace(' ', '_'))
                         .arg(size.width())
                         .arg(size.height()));
    EXPECT_TRUE(f.problems.empty()) << what << " at " << size.width() << "x" << size.height() << ": "
                                    << f.problems.size() << " problems\n"
                                    << report(f);
    if (size.height() < 560) { // a paper's figure: its plot keeps 55 % of it, the key gives way
        EXPECT_GE(f.plotShare, 0.55) << what;
        if (kernels >= 0)
            EXPECT_EQ(f.named + f.notNamed, kernels) << what << ": every kernel named or counted under the key";
    } else if (kernels >= 0) {
        EXPECT_EQ(f.named, kernels) << what << ": every kernel named by a label or a key number";
        EXPECT_EQ(f.numbers, f.keyLines) << what << ": a key line for every number at a point";
    }
}

const QSize kSizes[] = {{1000, 650}, {700, 450}, {600, 400}};

/// Each export preset at its layout size and font scale.
void expectCleanInPresets(const PlotSpec& spec, const std::string& what, int kernels)
{
    for (const ExportPreset& p : exportPresets())
        expectClean(spec, {p.options.width, p.options.height}, what + " (" + p.id + ")", kernels, p.options.fontScale);
}

} // namespace

TEST(FigureText, GeneratedSetsOfNamedKernelsHaveNoCollisionsAtAnySize)
{
    for (int n : {10, 20, 40}) {
        const PlotSpec spec = figureOf(namedKernels(n));
        for (QSize size : kSizes)
            expectClean(spec, size, std::to_string(n) + " kernels", n);
        if (n <= 20) // 40 numbers do not fit a single column's plot (docs/user-guide.md)
            expectCleanInPresets(spec, std::to_string(n) + " kernels", n);
    }
}

TEST(FigureText, TheExampleSessionsHaveNoCollisions)
{
    std::vector<Error> errors;
    const auto models = loadModelPresets(errors);
    const QDir examples(QStringLiteral(ROOFLINE_SOURCE_DIR "/resources/examples"));
    int seen = 0;
    for (const QString& file : examples.entryList({QStringLiteral("*.roofline.yaml")})) {
        const auto session = loadSessionFile(examples.filePath(file).toStdString());
        ASSERT_TRUE(session.ok()) << file.toStdString();
        const HardwareProfile* hw = test::shippedCatalog().find(session.value().hardwareId);
        ASSERT_NE(hw, nullptr) << file.toStdString();
        const auto analysis = analyzeSession(*hw, session.value());
        ASSERT_TRUE(analysis.ok()) << file.toStdString();
        const PlotSpec spec
            = buildSessionFigure(*hw, session.value(), analysis.value(), models, &test::shippedCatalog());
        for (QSize size : kSizes)
            expectClean(spec, size, file.toStdString(), -1);
        expectCleanInPresets(spec, file.toStdString(), -1);
        ++seen;
    }
    EXPECT_GE(seen, 4);
}

TEST(FigureText, AFigureOfMoreKernelsThanItNamesKeepsItsKeyInColumnsThatFit)
{
    // 100 kernels: 50 named (labels and key numbers), a line under the key for the other 50.
    std::vector<Kernel> kernels = namedKernels(100);
    for (size_t i = 0; i < kernels.size(); ++i)
        kernels[i].name += "_" + std::to_string(i);
    const PlotSpec spec = figureOf(kernels);
    ASSERT_EQ(spec.unnamedKernels, 50);
    for (QSize size : kSizes)
        expectClean(spec, size, "100 kernels", -1);
}

/// Every text a drawn figure shows and where (the labels at their pixels, the key's columns), sorted.
std::vector<std::string> drawnTexts(QCustomPlot& plot)
{
    plot.replot();
    std::vector<std::string> out;
    for (int i = 0; i < plot.itemCount(); ++i)
        if (const auto* t = qobject_cast<QCPItemText*>(plot.item(i))) {
            const QPointF at = t->position->pixelPosition();
            out.push_back(t->text().toStdString() + " @ " + std::to_string(std::lround(at.x())) + ","
                + std::to_string(std::lround(at.y())));
        }
    for (auto* t : plot.findChildren<QCPTextElement*>())
        out.push_back(t->text().toStdString());
    std::sort(out.begin(), out.end());
    return out;
}

TEST(FigureText, ARedrawStartsFromItsLastKeyAndDrawsWhatAFreshPlotDraws)
{
    // The window redraws one plot at every change, starting from the key height the drawing
    // before settled on (a toggle is then laid out once): the figure is the one a new plot of
    // that size draws, and as clean.
    std::vector<Kernel> kernels = namedKernels(100);
    for (size_t i = 0; i < kernels.size(); ++i)
        kernels[i].name += "_" + std::to_string(i);
    const PlotSpec bf16 = figureOf(kernels), fp8 = figureOf(kernels, Precision::FP8);
    const PlotStyle style = PlotStyle::light();
    QCustomPlot fresh;
    fresh.resize(1000, 650);
    renderPlotSpec(fresh, bf16, style);
    const std::vector<std::string> expected = drawnTexts(fresh);
    ASSERT_GT(expected.size(), 50u);
    QCustomPlot window;
    window.resize(1000, 650);
    int keyHeight = 0; // as the window's plot widget keeps it
    for (int i = 0; i < 3; ++i) {
        keyHeight = renderPlotSpec(window, fp8, style, keyHeight);
        const Findings f = inspect(window);
        EXPECT_TRUE(f.problems.empty()) << report(f);
        keyHeight = renderPlotSpec(window, bf16, style, keyHeight);
        EXPECT_EQ(drawnTexts(window), expected) << "redraw " << i;
        EXPECT_GT(keyHeight, 0) << "a hundred kernels have a key";
    }
}

TEST(FigureText, AKernelWithNoRoomIsNumberedAndNamedInTheKey)
{
    // Twelve kernels on one spot: one marker, one number, and one key line naming all twelve
    // (they were twelve numbers stacked on the marker with leaders crossing to them).
    std::vector<Kernel> kernels;
    for (int i = 0; i < 12; ++i)
        kernels.push_back(test::makeKernel("stacked_" + std::to_string(i), 1e12 * (1 + 0.001 * i), 1e10, 1e-2));
    const PlotSpec spec = figureOf(kernels);
    QCustomPlot plot;
    plot.resize(700, 450);
    renderPlotSpec(plot, spec, PlotStyle::light());
    const Findings f = inspect(plot);
    EXPECT_TRUE(f.problems.empty()) << report(f);
    EXPECT_EQ(f.named, 1) << "one number at the point";
    EXPECT_EQ(f.keyLines, 1);
    QString key;
    for (QCPLayoutElement* e : plot.plotLayout()->elements(true))
        if (auto* t = qobject_cast<QCPTextElement*>(e))
            key += t->text() + QLatin1Char('\n');
    for (int i = 0; i < 12; ++i)
        EXPECT_TRUE(key.contains(QRegularExpression(QStringLiteral("stacked_%1(?!\\d)").arg(i))))
            << i << " is named in the key:\n"
            << key.toStdString();
}

TEST(FigureText, ATrainingStepOfRealKernelNamesIsNamedByFunctionAndCleanAtEverySize)
{
    // 40 kernels named as PyTorch, cuBLAS, CUTLASS, FlashAttention, NCCL and Triton write them
    // (tests/data/kernels/real-names): every kernel is named by a label or a key number, no two
    // labels or key lines read alike, none is a bare 'void ...', and nothing overlaps.
    auto r = loadKernelFile(std::string(ROOFLINE_TEST_DATA) + "/kernels/real-names/training-step-40.csv");
    ASSERT_TRUE(r.ok()) << r.error().toString();
    ASSERT_EQ(r->kernels.size(), 40u);
    const PlotSpec spec = figureOf(r->kernels);
    std::set<std::string> names;
    for (const PlotLabel& l : spec.labels)
        if (l.role == LabelRole::PointLabel) {
            const std::string name = l.text.substr(0, l.text.find('\n'));
            EXPECT_TRUE(names.insert(name).second) << "two labels read '" << name << "'";
            EXPECT_NE(name.rfind("void ", 0), 0u) << name;
        }
    EXPECT_EQ(names.size(), 40u);
    // At the export's default size every kernel is named; a smaller figure names those that take
    // the most time and says how many it does not (the key keeps to three tenths of it).
    expectClean(spec, {1000, 650}, "training step", 40);
    for (const QSize& size : kSizes)
        expectClean(spec, size, "training step", -1);
}

TEST(FigureText, AComparedPartsNameSitsOnItsOwnLineOrIsLeftToTheLegend)
{
    // The lesson on an H100 with a B200 and an MI300X drawn too: the MI300X's flat line has no
    // room for its name; the name went left along the line's height until it floated over the
    // slopes at 0.05-0.5 FLOP/byte, hundreds of pixels from the line it names.
    auto session = loadSessionFile(ROOFLINE_SOURCE_DIR "/resources/examples/lesson-h100.roofline.yaml");
    ASSERT_TRUE(session.ok());
    session.value().view.compare = {"b200", "mi300x"};
    const HardwareProfile& hw = *test::shippedCatalog().find("h100-sxm5");
    const auto analysis = analyzeSession(hw, session.value());
    ASSERT_TRUE(analysis.ok());
    std::vector<Error> errors;
    const PlotSpec spec
        = buildSessionFigure(hw, session.value(), analysis.value(), loadModelPresets(errors), &test::shippedCatalog());
    for (QSize size : kSizes) {
        QCustomPlot plot;
        plot.resize(size);
        renderPlotSpec(plot, spec, PlotStyle::light());
        plot.replot();
        int compared = 0;
        for (int i = 0; i < plot.graphCount(); ++i) {
            QCPGraph* g = plot.graph(i);
            if (g->objectName() != QLatin1String("compare-roof") || g->data()->size() < 2)
                continue;
            ++compared;
            // Where the flat part starts: the first vertex at the top value.
            double top = 0, start = 0;
            for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
                if (it->value > top * (1 + 1e-9)) {
                    top = it->value;
                    start = plot.xAxis->coordToPixel(it->key);
                }
            for (int t = 0; t < plot.itemCount(); ++t)
                if (auto* text = qobject_cast<QCPItemText*>(plot.item(t));
                    text && !text->text().isEmpty() && g->name().startsWith(text->text())) {
                    const double right = drawnText(*text).quad.bounds().x1;
                    EXPECT_GE(right, start - 60) << "'" << text->text().toStdString() << "' ends " << start - right
                                                 << " px left of its line at " << size.width() << "x" << size.height();
                }
        }
        EXPECT_EQ(compared, 2);
        expectClean(spec, size, "lesson with two compared parts", -1);
    }
}

TEST(FigureText, APapersPresetPrintsEveryTextAtSevenPointsOrMoreAndIsMostlyPlot)
{
    // Twenty named kernels and the LLM example: a key, a legend row, roof labels, key numbers.
    std::vector<Error> errors;
    const auto session
        = loadSessionFile(ROOFLINE_SOURCE_DIR "/resources/examples/llm-decode-vs-prefill.roofline.yaml").value();
    const HardwareProfile& hw = *test::shippedCatalog().find(session.hardwareId);
    const PlotSpec llm = buildSessionFigure(
        hw, session, analyzeSession(hw, session).value(), loadModelPresets(errors), &test::shippedCatalog());
    const std::vector<PlotSpec> specs {figureOf(namedKernels(20)), llm};
    for (const char* id : {"column", "double"}) {
        const ExportPreset* preset = findExportPreset(id);
        ASSERT_NE(preset, nullptr);
        const double printPointsPerFontPoint = 96.0 / preset->options.logicalDpi();
        for (const PlotSpec& spec : specs) {
            QCustomPlot plot;
            plot.resize(preset->options.width, preset->options.height);
            PlotStyle style = PlotStyle::light();
            style.fontScale = preset->options.fontScale;
            renderPlotSpec(plot, spec, style);
            plot.replot();
            std::vector<std::pair<QString, QFont>> fonts {{"x ticks", plot.xAxis->tickLabelFont()},
                {"y ticks", plot.yAxis->tickLabelFont()}, {"x title", plot.xAxis->labelFont()},
                {"y title", plot.yAxis->labelFont()}};
            for (int i = 0; i < plot.legend->itemCount(); ++i)
                if (QCPAbstractLegendItem* item = plot.legend->item(i))
                    fonts.push_back({QStringLiteral("legend"), item->font()});
            for (QCPLayoutElement* e : plot.plotLayout()->elements(true))
                if (auto* t = qobject_cast<QCPTextElement*>(e); t && !t->text().isEmpty())
                    fonts.push_back({t->text().left(30), t->font()});
            for (int i = 0; i < plot.itemCount(); ++i)
                if (auto* t = qobject_cast<QCPItemText*>(plot.item(i)); t && t->visible() && !t->text().isEmpty())
                    fonts.push_back({t->text().left(30), t->font()});
            ASSERT_GT(fonts.size(), 10u);
            for (const auto& [what, font] : fonts)
                EXPECT_GE(font.pointSizeF() * printPointsPerFontPoint, 7.0 - 1e-9)
                    << id << ": '" << what.toStdString() << "' prints at "
                    << font.pointSizeF() * printPointsPerFontPoint << " pt";
            EXPECT_GE(double(plot.axisRect()->rect().height()) / plot.height(), 0.55) << id << ": mostly plot";
        }
    }
}
