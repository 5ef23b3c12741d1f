// SPDX-License-Identifier: MIT
#include "ui/plot/roofline_renderer.h"

#include "ui/plot/render_steps.h"

#include <qcustomplot.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <memory>

namespace roofline::ui {
namespace render {

QCPGraph* addLine(QCustomPlot& plot, const std::vector<PlotXY>& pts, const QPen& pen)
{
    QCPGraph* g = plot.addGraph();
    QVector<double> xs, ys;
    for (const auto& p : pts) {
        xs << p.x;
        ys << p.y;
    }
    g->setData(xs, ys, true);
    g->setPen(pen);
    g->setAdaptiveSampling(false);
    return g;
}

} // namespace render

namespace {
using namespace render;

/// Decade ticks on a log axis, labelled by the core's formatter ("10 TFLOP/s", "1k").
class RooflineTicker : public QCPAxisTickerLog {
public:
    RooflineTicker(bool rate, QString unit)
        : m_rate(rate)
        , m_unit(std::move(unit))
    {
        setLogBase(10.0);
        setSubTickCount(8);
        setTickCount(9);
    }

protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override
    {
        return QString::fromStdString(tickLabel(tick, m_rate, m_unit.toStdString()));
    }

private:
    bool m_rate;
    QString m_unit;
};

// Rotates each label that runs along a line so it follows that line on screen. Runs after
// every layout pass, since the angle depends on the axis rect's pixel size.
void alignRotatedLabels(QCustomPlot& plot)
{
    for (int i = 0; i < plot.itemCount(); ++i) {
        auto* text = qobject_cast<QCPItemText*>(plot.item(i));
        if (!text || !text->property(kAlongX).isValid())
            continue;
        const QPointF a = text->position->pixelPosition();
        const double ax = text->property(kAlongX).toDouble();
        const double ay = text->property(kAlongY).toDouble();
        const QPointF b(plot.xAxis->coordToPixel(ax), plot.yAxis->coordToPixel(ay));
        const double angle = std::atan2(b.y() - a.y(), b.x() - a.x()) * 180.0 / M_PI;
        if (std::isfinite(angle))
            text->setRotation(angle);
    }
}

} // namespace

void render::setTitleRows(QCustomPlot& plot, const PlotSpec& spec, const PlotStyle& style, bool shown)
{
    auto* layout = plot.plotLayout();
    const int width = std::max(40, plot.width() - 16);
    std::vector<QCPTextElement*> rows; // the title's and the subtitle's, when there
    for (int i = 0; i < layout->elementCount(); ++i)
        if (auto* t = qobject_cast<QCPTextElement*>(layout->elementAt(i)); t
            && (t->objectName() == QLatin1String(plotnames::kTitle)
                || t->objectName() == QLatin1String(plotnames::kSubtitle)))
            rows.push_back(t);
    if (shown && !rows.empty()) { // (each layout pass asks again: only the width may have changed)
        for (QCPTextElement* t : rows) {
            const bool title = t->objectName() == QLatin1String(plotnames::kTitle);
            t->setText(
                QFontMetrics(t->font()).elidedText(qs(title ? spec.title : spec.subtitle), Qt::ElideRight, width));
        }
        return;
    }
    for (QCPTextElement* t : rows)
        layout->remove(t);
    layout->simplify();
    if (!shown)
        return;
    auto addRow = [&](const std::string& text, const char* name, const QFont& font, const QColor& colour) {
        layout->insertRow(0);
        auto* t = new QCPTextElement(&plot, QFontMetrics(font).elidedText(qs(text), Qt::ElideRight, width), font);
        t->setObjectName(name);
        t->setTextColor(colour);
        layout->addElement(0, 0, t);
        return t;
    };
    if (!spec.subtitle.empty()) // no subtitle, no row for it
        addRow(spec.subtitle, plotnames::kSubtitle, style.font(9.5), style.muted)->setMargins(QMargins(8, 2, 8, 2));
    addRow(spec.title, plotnames::kTitle, style.font(12.5, true), style.foreground)
        ->setMargins(QMargins(8, spec.subtitle.empty() ? 4 : 8, 8, 0));
}

namespace {

void clearTitleRows(QCustomPlot& plot)
{
    auto* layout = plot.plotLayout();
    for (int i = layout->elementCount() - 1; i >= 0; --i) {
        QCPLayoutElement* el = layout->elementAt(i);
        if (qobject_cast<QCPTextElement*>(el))
            layout->remove(el);
    }
    layout->simplify();
}

/// `tint` laid over `background`, as one opaque colour (over a background that is not opaque,
/// the tint itself: what lies under it is not known here).
QColor mixedOver(const QColor& tint, const QColor& background)
{
    if (background.alpha() != 255)
        return tint;
    const double a = tint.alphaF();
    auto mix = [a](int over, int under) { return qRound(over * a + under * (1.0 - a)); };
    return QColor(
        mix(tint.red(), background.red()), mix(tint.green(), background.green()), mix(tint.blue(), background.blue()));
}

void setUpAxes(QCustomPlot& plot, const PlotSpec& spec, const PlotStyle& style)
{
    // Axes: log-log with decade ticks; a closed frame like a journal figure.
    const QString unit = qs(spec.yLabel).section('(', 1).section(')', 0, 0);
    struct AxisSetup {
        QCPAxis* axis;
        bool rate;
        QString label;
    };
    for (const AxisSetup& a :
        {AxisSetup {plot.xAxis, false, qs(spec.xLabel)}, AxisSetup {plot.yAxis, true, qs(spec.yLabel)}}) {
        a.axis->setScaleType(QCPAxis::stLogarithmic);
        a.axis->setTicker(QSharedPointer<QCPAxisTicker>(new RooflineTicker(a.rate, unit)));
        a.axis->setLabel(a.label);
        a.axis->setLabelFont(style.font(10.5));
        a.axis->setTickLabelFont(style.tickFont());
        a.axis->setLabelColor(style.foreground);
        a.axis->setTickLabelColor(style.foreground);
        a.axis->setBasePen(QPen(style.foreground, 1));
        a.axis->setTickPen(QPen(style.foreground, 1));
        a.axis->setSubTickPen(QPen(style.foreground, 1));
        a.axis->grid()->setPen(QPen(style.grid, 1, Qt::SolidLine));
        // The minor grid is a hairline: dots of one device pixel at every resolution. Qt draws a
        // cosmetic dotted pen dot by dot into the pixels; a scaled one (a 144-dpi PNG) is stroked
        // dash by dash as paths, which was a third of the export's drawing (docs/performance.md).
        QPen subGrid(style.subGrid, 1, Qt::DotLine);
        subGrid.setCosmetic(true);
        a.axis->grid()->setSubGridPen(subGrid);
        a.axis->grid()->setSubGridVisible(true);
        a.axis->grid()->setZeroLinePen(Qt::NoPen);
    }
    for (QCPAxis* a : {plot.xAxis2, plot.yAxis2}) {
        a->setVisible(true);
        a->setScaleType(QCPAxis::stLogarithmic);
        a->setTicker(plot.xAxis->ticker());
        a->setTickLabels(false);
        a->setBasePen(QPen(style.foreground, 1));
        a->setTickPen(QPen(style.foreground, 1));
        a->setSubTickPen(QPen(style.foreground, 1));
    }
    plot.yAxis2->setTicker(plot.yAxis->ticker());
    // Room on the right for the last tick label, which is centred on the frame's edge.
    plot.axisRect()->setAutoMargins(QCP::msLeft | QCP::msTop | QCP::msBottom);
    plot.axisRect()->setMargins(QMargins(0, 0, 24, 0));
    plot.xAxis->setRange(spec.x.lo, spec.x.hi);
    plot.yAxis->setRange(spec.y.lo, spec.y.hi);
    plot.xAxis2->setRange(spec.x.lo, spec.x.hi);
    plot.yAxis2->setRange(spec.y.lo, spec.y.hi);
    QObject::connect(plot.xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), plot.xAxis2,
        qOverload<const QCPRange&>(&QCPAxis::setRange), Qt::UniqueConnection);
    QObject::connect(plot.yAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), plot.yAxis2,
        qOverload<const QCPRange&>(&QCPAxis::setRange), Qt::UniqueConnection);
}

void addRegions(QCustomPlot& plot, const PlotSpec& spec, const PlotStyle& style)
{
    // Regions under the roof, tinted by regime, then the ceilings on top. The tints are opaque
    // (the style's translucent colour mixed over the background) and lie under the grid: a
    // translucent fill blends every pixel under the roof, most of a figure (2 ms of a 100-kernel
    // PNG export's 30), where an opaque one is stored (docs/performance.md).
    for (const auto& c : spec.ceilings) {
        if (c.role != CeilingRole::Roof || c.points.size() < 2)
            continue;
        std::vector<PlotXY> memory, compute;
        for (const auto& p : c.points) {
            if (p.x <= spec.ridge)
                memory.push_back(p);
            if (p.x >= spec.ridge)
                compute.push_back(p);
        }
        if (memory.size() >= 2) {
            QCPGraph* g = addLine(plot, memory, Qt::NoPen);
            g->setBrush(mixedOver(style.memoryFill, style.background));
            g->setLayer(QStringLiteral("background"));
            g->removeFromLegend();
        }
        if (compute.size() >= 2) {
            QCPGraph* g = addLine(plot, compute, Qt::NoPen);
            g->setBrush(mixedOver(style.computeFill, style.background));
            g->setLayer(QStringLiteral("background"));
            g->removeFromLegend();
        }
    }
}

/// A compared part's pen: a colour chosen by its name, so the same part has the same colour in
/// every figure, and a dash no other part of the figure has (while there are dashes left), so
/// each is told apart in grey print too. `used` holds the figure's earlier choices
/// (colour * kDashes + dash).
QPen comparePen(const std::string& legend, std::vector<int>& used)
{
    static const QColor colours[] = {QColor(0x00, 0x9e, 0x73), QColor(0xe6, 0x9f, 0x00), QColor(0x56, 0xb4, 0xe9),
        QColor(0x9e, 0x8a, 0x00), QColor(0x66, 0x66, 0x66)}; // Okabe & Ito's, the yellow darkened
    static const Qt::PenStyle dashes[] = {Qt::DashLine, Qt::DashDotLine, Qt::DotLine, Qt::DashDotDotLine};
    constexpr int kColours = 5, kDashes = 4;
    const std::string part = legend.substr(0, legend.rfind(" (ridge")); // the name, not its ridge
    std::uint32_t hash = 2166136261u; // FNV-1a
    for (unsigned char ch : part)
        hash = (hash ^ ch) * 16777619u;
    auto taken
        = [&](int dash) { return std::any_of(used.begin(), used.end(), [&](int u) { return u % kDashes == dash; }); };
    const int colour = static_cast<int>(hash % kColours); // a part's colour is its own in every figure
    int dash = static_cast<int>(hash / kColours % kDashes);
    for (int tries = 0; tries < kDashes && taken(dash); ++tries)
        dash = (dash + 1) % kDashes;
    used.push_back(colour * kDashes + dash);
    return QPen(colours[colour], 2.0, dashes[dash]);
}

/// Every roof and ceiling line, styled by its role, with its legend entry.
void addCeilings(QCustomPlot& plot, const PlotSpec& spec, const PlotStyle& style)
{
    const QColor levelColours[] = {QColor(0x2c, 0xa0, 0x2c), QColor(0x8c, 0x56, 0x4b), QColor(0xe3, 0x77, 0xc2)};
    int levelIndex = 0;
    std::vector<int> usedCompareStyles;
    bool otherPrecisionsLegend = false;
    for (const auto& c : spec.ceilings) {
        if (c.role == CeilingRole::PrecisionRoof) {
            QCPGraph* g = addLine(plot, c.points, QPen(style.muted, 1.1, Qt::DotLine));
            g->setObjectName(QStringLiteral("precision-roof"));
            if (otherPrecisionsLegend)
                g->removeFromLegend();
            else
                g->setName(qs(c.legend));
            otherPrecisionsLegend = true;
            continue;
        }
        if (c.role == CeilingRole::Interconnect) {
            QCPGraph* g = addLine(plot, c.points, QPen(QColor(0x94, 0x67, 0xbd), 1.6, Qt::DashDotDotLine));
            g->setObjectName(QStringLiteral("link-roof"));
            g->setName(qs(c.legend));
            continue;
        }
        if (c.role == CeilingRole::Compare) {
            QCPGraph* g = addLine(plot, c.points, comparePen(c.legend, usedCompareStyles));
            g->setObjectName(QStringLiteral("compare-roof"));
            g->setName(qs(c.legend));
            continue;
        }
        if (c.role == CeilingRole::LevelRoof) {
            QCPGraph* g = addLine(plot, c.points, QPen(levelColours[levelIndex++ % 3], 1.6, Qt::DashDotLine));
            g->setName(qs(c.legend));
            g->setObjectName(QStringLiteral("level-roof"));
            continue;
        }
        const bool roof = c.role == CeilingRole::Roof;
        QPen pen(roof ? style.roof : style.achievable, roof ? 2.6 : 1.5, roof ? Qt::SolidLine : Qt::DashLine);
        pen.setCapStyle(Qt::RoundCap);
        pen.setJoinStyle(Qt::RoundJoin);
        QCPGraph* g = addLine(plot, c.points, pen);
        g->setName(qs(c.legend));
        g->setObjectName(roof ? plotnames::kRoof : plotnames::kAchievable);
    }
}

void addRidgeGuide(QCustomPlot& plot, const PlotSpec& spec, const PlotStyle& style)
{
    // The ridge guide: a dashed vertical line from the bottom of the plot up to the knee.
    if (!(spec.ridge > spec.x.lo && spec.ridge < spec.x.hi))
        return;
    auto* guide = new QCPItemLine(&plot);
    guide->setObjectName(plotnames::kRidgeGuide);
    guide->start->setTypeX(QCPItemPosition::ptPlotCoords);
    guide->start->setTypeY(QCPItemPosition::ptAxisRectRatio);
    guide->start->setCoords(spec.ridge, 1.0);
    guide->end->setCoords(spec.ridge, spec.peak);
    guide->setPen(QPen(style.ridge, 1.3, Qt::DashLine));
    guide->setClipToAxisRect(true);
    // A legend entry for the guide (an item has none of its own).
    QCPGraph* entry = plot.addGraph();
    entry->setPen(guide->pen());
    entry->setName(QStringLiteral("Ridge point (P_peak / B_mem)"));
}

void setUpLegend(QCustomPlot& plot, const PlotStyle& style)
{
    // Legend in the empty top-left corner above the slope.
    plot.legend->setVisible(true);
    plot.legend->setFont(style.font(8.8));
    plot.legend->setTextColor(style.foreground);
    QColor legendBg = style.background;
    legendBg.setAlpha(225);
    plot.legend->setBrush(legendBg);
    plot.legend->setBorderPen(QPen(style.grid));
    QCPLayoutInset* inset = plot.axisRect()->insetLayout();
    for (int i = 0; i < inset->elementCount(); ++i) // (a small figure's legend is under the plot)
        if (inset->elementAt(i) == plot.legend)
            inset->setInsetAlignment(i, Qt::AlignTop | Qt::AlignLeft);
}

} // namespace

int renderPlotSpec(QCustomPlot& plot, const PlotSpec& spec, const PlotStyle& style, int keyRoom, int keyFloor,
    const KeyNumbers* shared)
{
    plot.clearItems();
    plot.clearPlottables();
    clearTitleRows(plot);
    plot.setBackground(QBrush(style.background));
    plot.setAntialiasedElements(QCP::aeAll);
    setTitleRows(plot, spec, style, true);
    setUpAxes(plot, spec, style);
    // Regions first (under the grid), then the ceilings on top of them.
    addRegions(plot, spec, style);
    addCeilings(plot, spec, style);
    addRidgeGuide(plot, spec, style);
    addHeadroomDrops(plot, spec, style);
    PointGroups groups = groupPoints(spec);
    addKernelPoints(plot, spec, groups, style);
    addLevelLinks(plot, spec, style);
    addLevelPoints(plot, groups.levels, style);
    addLlmPoints(plot, groups.llm, style);
    addTrajectoryAndLevers(plot, spec, style);
    setUpLegend(plot, style);
    const int keyHeight = drawLabels(plot, spec, style, keyRoom, keyFloor, shared);
    // Connect once per plot (UniqueConnection does not apply to lambdas).
    if (!plot.property("rs_aligning").toBool()) {
        plot.setProperty("rs_aligning", true);
        QObject::connect(&plot, &QCustomPlot::afterLayout, &plot, [&plot]() { alignRotatedLabels(plot); });
    }
    return keyHeight;
}

} // namespace roofline::ui
