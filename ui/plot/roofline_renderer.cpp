// SPDX-License-Identifier: MIT
#include "ui/plot/roofline_renderer.h"

#include "ui/plot/marker_graph.h"
#include "ui/plot/point_cloud.h"

#include <qcustomplot.h>

#include <array>
#include <cmath>

namespace roofline::ui {
namespace {

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

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

constexpr const char* kAlongX = "rs_alongX";
constexpr const char* kAlongY = "rs_alongY";

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

// A circle marker. Past 2000 points an outline costs more than it shows: fill only.
/// From this many points of one kind a series is a PointCloud (filled discs, no outline).
constexpr int kCloudPoints = 2000;

QCPScatterStyle circleMarker(const QPen& pen, const QBrush& brush, double size, int count)
{
    if (count < kCloudPoints)
        return QCPScatterStyle(QCPScatterStyle::ssCircle, pen, brush, size);
    const QColor fill = brush.color() == Qt::white || brush.style() == Qt::NoBrush ? pen.color() : brush.color();
    return QCPScatterStyle(QCPScatterStyle::ssDisc, fill, size * 0.8);
}

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

} // namespace

void renderPlotSpec(QCustomPlot& plot, const PlotSpec& spec, const PlotStyle& style)
{
    plot.clearItems();
    plot.clearPlottables();
    clearTitleRows(plot);
    plot.setBackground(QBrush(style.background));
    plot.setAntialiasedElements(QCP::aeAll);

    // Title and subtitle above the axis rect.
    auto* layout = plot.plotLayout();
    layout->insertRow(0);
    layout->insertRow(0);
    auto* title = new QCPTextElement(&plot, qs(spec.title), style.font(12.5, true));
    title->setObjectName(plotnames::kTitle);
    title->setTextColor(style.foreground);
    title->setMargins(QMargins(8, 8, 8, 0));
    layout->addElement(0, 0, title);
    auto* subtitle = new QCPTextElement(&plot, qs(spec.subtitle), style.font(9.5));
    subtitle->setObjectName(plotnames::kSubtitle);
    subtitle->setTextColor(style.muted);
    subtitle->setMargins(QMargins(8, 2, 8, 2));
    layout->addElement(1, 0, subtitle);

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
    const QColor levelColours[] = {QColor(0x2c, 0xa0, 0x2c), QColor(0x8c, 0x56, 0x4b), QColor(0xe3, 0x77, 0xc2)};
    int levelIndex = 0, compareIndex = 0;
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
            static const QColor colours[]
                = {QColor(0x17, 0x9c, 0xb0), QColor(0xc2, 0x3b, 0x9e), QColor(0x8c, 0x8c, 0x1a)};
            static const Qt::PenStyle styles[] = {Qt::DashLine, Qt::DashDotLine, Qt::DotLine};
            QCPGraph* g = addLine(plot, c.points, QPen(colours[compareIndex % 3], 2.0, styles[compareIndex % 3]));
            ++compareIndex;
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

    // The ridge guide: a dashed vertical line from the bottom of the plot up to the knee.
    if (spec.ridge > spec.x.lo && spec.ridge < spec.x.hi) {
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

    // Kernels' names go on a layer of their own above the points: in a crowded figure a name
    // sits over the cloud, and the markers drawn after it would cover it.
    if (!plot.layer(QStringLiteral("point-labels")))
        plot.addLayer(QStringLiteral("point-labels"), plot.layer(QStringLiteral("main")), QCustomPlot::limAbove);
    QColor labelBackdrop = style.background;
    labelBackdrop.setAlpha(200);
    // Text: slope and peak labels, the ridge value, regions, point names.
    for (const auto& l : spec.labels) {
        auto* t = new QCPItemText(&plot);
        t->position->setCoords(l.at.x, l.at.y);
        t->setText(qs(l.text));
        t->setClipToAxisRect(true);
        Qt::Alignment h = l.align == PlotLabel::Align::Left ? Qt::AlignLeft
            : l.align == PlotLabel::Align::Right            ? Qt::AlignRight
                                                            : Qt::AlignHCenter;
        Qt::Alignment v = l.valign == PlotLabel::VAlign::Above ? Qt::AlignBottom
            : l.valign == PlotLabel::VAlign::Below             ? Qt::AlignTop
                                                               : Qt::AlignVCenter;
        t->setPositionAlignment(h | v);
        t->setColor(style.foreground);
        switch (l.role) {
        case LabelRole::SlopeLabel:
            t->setFont(style.roofLabelFont());
            t->setPadding(QMargins(0, 0, 0, 5));
            break;
        case LabelRole::PeakLabel:
            t->setFont(style.roofLabelFont());
            t->setPadding(QMargins(0, 0, 0, 4));
            break;
        case LabelRole::RidgeLabel:
            t->setObjectName(plotnames::kRidgeLabel);
            t->setFont(style.font(9));
            t->setColor(style.muted);
            t->setPadding(QMargins(0, 4, 0, 0));
            break;
        case LabelRole::RegionLabel:
            t->setFont(style.regionFont());
            t->setColor(style.muted);
            break;
        case LabelRole::CeilingLabel:
            t->setObjectName(QStringLiteral("ceiling-label"));
            t->setFont(style.font(8.5));
            t->setColor(style.muted);
            t->setPadding(
                QMargins(l.align == PlotLabel::Align::Left ? 4 : 0, l.valign == PlotLabel::VAlign::Below ? 3 : 0,
                    l.align == PlotLabel::Align::Right ? 4 : 0, l.valign == PlotLabel::VAlign::Above ? 3 : 0));
            break;
        case LabelRole::LeverLabel:
            t->setObjectName(QStringLiteral("lever-label"));
            t->setFont(style.font(8.5, true));
            t->setColor(style.background.lightness() < 128 ? QColor(0x7d, 0xd3, 0x8a) : QColor(0x1b, 0x7f, 0x3b));
            t->setPadding(
                QMargins(l.align == PlotLabel::Align::Left ? 4 : 0, l.valign == PlotLabel::VAlign::Below ? 4 : 0,
                    l.align == PlotLabel::Align::Right ? 4 : 0, l.valign == PlotLabel::VAlign::Above ? 4 : 0));
            break;
        case LabelRole::PointLabel: {
            // Keep the gap the label layout assumed between marker and text.
            const int gap = 10;
            const bool middle = l.valign == PlotLabel::VAlign::Middle;
            const bool centre = l.align == PlotLabel::Align::Center;
            const int side = middle ? gap : (centre ? 0 : 2);
            const int vert = middle ? 0 : (centre ? gap : gap - 3);
            const QMargins gapPadding(l.align == PlotLabel::Align::Left ? side : 0,
                l.valign == PlotLabel::VAlign::Below ? vert : 0, l.align == PlotLabel::Align::Right ? side : 0,
                l.valign == PlotLabel::VAlign::Above ? vert : 0);
            if (spec.crowded()) {
                // Over a cloud: the name on a backdrop that starts where the gap ends, so the
                // named kernel's own marker stays visible. The text lands where the padding would
                // put it: an offset from an invisible anchor at the point, then a thin margin.
                auto* anchor = new QCPItemTracer(&plot);
                anchor->setStyle(QCPItemTracer::tsNone);
                anchor->setLayer(QStringLiteral("point-labels"));
                anchor->position->setCoords(l.at.x, l.at.y);
                const QMargins inner(3, 1, 3, 1);
                t->position->setParentAnchor(anchor->position);
                t->position->setType(QCPItemPosition::ptAbsolute);
                t->position->setCoords(gapPadding.left() - gapPadding.right()
                        + (l.align == PlotLabel::Align::Left ? -inner.left() : 0)
                        + (l.align == PlotLabel::Align::Right ? inner.right() : 0),
                    gapPadding.top() - gapPadding.bottom() + (l.valign == PlotLabel::VAlign::Below ? -inner.top() : 0)
                        + (l.valign == PlotLabel::VAlign::Above ? inner.bottom() : 0));
                t->setPadding(inner);
                t->setBrush(labelBackdrop); // legible over the cloud
            } else {
                t->setPadding(gapPadding);
            }
            t->setFont(style.font(8.8));
            t->setTextAlignment(l.align == PlotLabel::Align::Left ? Qt::AlignLeft
                    : l.align == PlotLabel::Align::Right          ? Qt::AlignRight
                                                                  : Qt::AlignHCenter);
            if (l.text.find("ABOVE ROOF") != std::string::npos)
                t->setColor(style.aboveRoof);
            t->setLayer(QStringLiteral("point-labels"));
            break;
        }
        }
        if (l.along) {
            t->setProperty(kAlongX, l.along->x);
            t->setProperty(kAlongY, l.along->y);
        }
    }

    // Headroom: a dashed drop from each measured point to its roof, in the point's colour. One
    // curve per colour with gaps between the drops, so 10^5 kernels stay a handful of plottables.
    {
        QVector<double> xs[4], ys[4];
        for (const auto& d : spec.drops) {
            const int k = d.aboveRoof ? 3 : static_cast<int>(d.regime);
            xs[k] << d.from.x << d.to.x << qQNaN();
            ys[k] << d.from.y << d.to.y << qQNaN();
        }
        const QColor colours[4] = {style.memoryPoint, style.computePoint, style.ridgePoint, style.aboveRoof};
        for (int k = 0; k < 4; ++k) {
            if (xs[k].isEmpty())
                continue;
            auto* curve = new QCPCurve(plot.xAxis, plot.yAxis);
            curve->setObjectName(QStringLiteral("headroom-drops"));
            curve->setData(xs[k], ys[k]);
            curve->setPen(QPen(colours[k], 1.2, Qt::DashLine));
            curve->removeFromLegend();
        }
    }

    auto marker = [&](const QPen& pen, const QBrush& brush, double size, int count) {
        return circleMarker(pen, brush, size, count);
    };
    // Kernel points, one graph per regime so the legend explains the colours.
    const bool many = spec.crowded();
    struct Series {
        Regime regime;
        QColor color;
        QString name;
    };
    const Series series[] = {{Regime::MemoryBound, style.memoryPoint, QStringLiteral("Memory-bound kernel")},
        {Regime::AtRidge, style.ridgePoint, QStringLiteral("Kernel at the ridge")},
        {Regime::ComputeBound, style.computePoint, QStringLiteral("Compute-bound kernel")}};
    // One walk through the points (10^5 points are megabytes: a walk per series cost more than
    // the series): kernel points by regime, measured or not; points above their roof; inner-level
    // and LLM points, in figure order.
    QVector<double> seriesX[3][2], seriesY[3][2]; // [regime][measured]
    // A crowded figure's clouds take the logarithms the figure took (10^6 logarithms less).
    const bool logsGiven = many && spec.pointLogs.size() == spec.points.size();
    std::vector<float> seriesLX[3][2], seriesLY[3][2];
    QVector<double> ax, ay;
    std::vector<const PlotPoint*> levelPoints, llmPoints;
    {
        const size_t kernelPoints = spec.kernelPointCount();
        std::array<size_t, 3> measured {}, bound {};
        for (size_t i = 0; i < kernelPoints; ++i)
            ++(spec.points[i].measured ? measured : bound)[static_cast<size_t>(spec.points[i].regime) % 3];
        for (size_t r = 0; r < 3; ++r) {
            if (logsGiven) {
                seriesLX[r][1].reserve(measured[r]);
                seriesLY[r][1].reserve(measured[r]);
                seriesLX[r][0].reserve(bound[r]);
                seriesLY[r][0].reserve(bound[r]);
                continue;
            }
            seriesX[r][1].reserve(static_cast<qsizetype>(measured[r]));
            seriesY[r][1].reserve(static_cast<qsizetype>(measured[r]));
            seriesX[r][0].reserve(static_cast<qsizetype>(bound[r]));
            seriesY[r][0].reserve(static_cast<qsizetype>(bound[r]));
        }
        for (size_t i = 0; i < spec.points.size(); ++i) {
            const PlotPoint& p = spec.points[i];
            if (p.kind == PlotPoint::Kind::Kernel) {
                const auto r = static_cast<size_t>(p.regime) % 3;
                if (logsGiven) {
                    seriesLX[r][p.measured ? 1 : 0].push_back(static_cast<float>(spec.pointLogs[i].x));
                    seriesLY[r][p.measured ? 1 : 0].push_back(static_cast<float>(spec.pointLogs[i].y));
                } else {
                    seriesX[r][p.measured ? 1 : 0].push_back(p.at.x);
                    seriesY[r][p.measured ? 1 : 0].push_back(p.at.y);
                }
            } else if (p.kind == PlotPoint::Kind::Level) {
                levelPoints.push_back(&p);
            } else if (p.kind == PlotPoint::Kind::LlmPhase) {
                llmPoints.push_back(&p);
            }
            if (p.aboveRoof) {
                ax << p.at.x;
                ay << p.at.y;
            }
        }
    }
    for (const Series& s : series) {
        const auto r = static_cast<size_t>(s.regime) % 3;
        QVector<double>& xs = seriesX[r][1];
        QVector<double>& ys = seriesY[r][1];
        QVector<double>& hx = seriesX[r][0];
        QVector<double>& hy = seriesY[r][0];
        // Thousands of points: point clouds (fast, identical discs, drawn on the thinning grid
        // so a thinned figure looks like the full one); fewer: MarkerGraphs (sprites too, at their
        // own positions).
        const bool cloud = many || xs.size() >= kCloudPoints;
        const bool hollowCloud = many || hx.size() >= kCloudPoints;
        if (cloud && (!xs.isEmpty() || !seriesLX[r][1].empty())) {
            auto* cloud = new PointCloud(plot.xAxis, plot.yAxis);
            cloud->setObjectName(QStringLiteral("points-") + qs(regimeName(s.regime)));
            cloud->setMarker(s.color, 10 * 0.8);
            if (logsGiven)
                cloud->setLogPoints(std::move(seriesLX[r][1]), std::move(seriesLY[r][1]));
            else
                cloud->setPoints(xs, ys);
            cloud->setCached(many);
            cloud->setName(s.name);
            xs.clear();
        }
        if (hollowCloud && (!hx.isEmpty() || !seriesLX[r][0].empty())) {
            auto* cloud = new PointCloud(plot.xAxis, plot.yAxis);
            cloud->setObjectName(QStringLiteral("points-") + qs(regimeName(s.regime)) + QStringLiteral("-bound-only"));
            cloud->setMarker(s.color, 9 * 0.8);
            if (logsGiven)
                cloud->setLogPoints(std::move(seriesLX[r][0]), std::move(seriesLY[r][0]));
            else
                cloud->setPoints(hx, hy);
            cloud->setCached(many);
            cloud->setName(s.name + QStringLiteral(" (no time: on its roof)"));
            hx.clear();
        }
        if (!xs.isEmpty()) {
            QCPGraph* g = new MarkerGraph(plot.xAxis, plot.yAxis);
            g->setObjectName(QStringLiteral("points-") + qs(regimeName(s.regime)));
            g->setLineStyle(QCPGraph::lsNone);
            g->setScatterStyle(marker(QPen(style.background, 1.2), QBrush(s.color), 10, xs.size()));
            g->setData(xs, ys);
            g->setName(s.name);
        }
        if (!hx.isEmpty()) {
            QCPGraph* g = new MarkerGraph(plot.xAxis, plot.yAxis);
            g->setObjectName(QStringLiteral("points-") + qs(regimeName(s.regime)) + QStringLiteral("-bound-only"));
            g->setLineStyle(QCPGraph::lsNone);
            g->setScatterStyle(marker(QPen(s.color, 2.0), QBrush(style.background), 9, hx.size()));
            g->setData(hx, hy);
            g->setName(s.name + QStringLiteral(" (no time: on its roof)"));
        }
    }
    if (!ax.isEmpty()) {
        QCPGraph* g = new MarkerGraph(plot.xAxis, plot.yAxis);
        g->setObjectName(QStringLiteral("points-above-roof"));
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(style.aboveRoof, 2.2), Qt::NoBrush, 17));
        g->setData(ax, ay);
        g->setName(QStringLiteral("Above its roof: check the byte count"));
    }
    // Hierarchical points: a triangle per inner level, joined to the kernel's main point.
    if (!spec.levelLinks.empty()) {
        QVector<double> xs, ys;
        for (const auto& link : spec.levelLinks) {
            xs << link.from.x << link.to.x << qQNaN();
            ys << link.from.y << link.to.y << qQNaN();
        }
        auto* curve = new QCPCurve(plot.xAxis, plot.yAxis);
        curve->setObjectName(QStringLiteral("level-links"));
        curve->setData(xs, ys);
        curve->setPen(QPen(style.muted, 1.0));
        curve->removeFromLegend();
    }
    {
        const bool any = !levelPoints.empty();
        for (const PlotPoint* level : levelPoints) {
            const PlotPoint& p = *level;
            QCPGraph* g = plot.addGraph();
            g->setObjectName(QStringLiteral("level-point"));
            g->setLineStyle(QCPGraph::lsNone);
            const QColor c = p.aboveRoof           ? style.aboveRoof
                : p.regime == Regime::MemoryBound  ? style.memoryPoint
                : p.regime == Regime::ComputeBound ? style.computePoint
                                                   : style.ridgePoint;
            g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssTriangle, QPen(c, 1.6), QBrush(style.background), 9));
            g->setData({p.at.x}, {p.at.y});
            g->removeFromLegend();
        }
        if (any) {
            QCPGraph* entry = plot.addGraph();
            entry->setLineStyle(QCPGraph::lsNone);
            entry->setScatterStyle(
                QCPScatterStyle(QCPScatterStyle::ssTriangle, QPen(style.muted, 1.6), QBrush(style.background), 9));
            entry->setName(QStringLiteral("Same kernel at an inner level (L2, L1)"));
        }
    }

    // LLM phases: diamonds coloured by regime (bounds: they sit on the roof).
    {
        QVector<double> xs;
        for (const PlotPoint* phase : llmPoints) {
            const PlotPoint& p = *phase;
            QCPGraph* g = plot.addGraph();
            g->setObjectName(QStringLiteral("llm-") + QString::fromStdString(p.name().substr(0, p.name().find(','))));
            g->setLineStyle(QCPGraph::lsNone);
            const QColor c = p.regime == Regime::MemoryBound ? style.memoryPoint
                : p.regime == Regime::ComputeBound           ? style.computePoint
                                                             : style.ridgePoint;
            g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(style.foreground, 1.2), QBrush(c), 14));
            g->setData({p.at.x}, {p.at.y});
            g->removeFromLegend();
            xs << p.at.x;
        }
        if (!xs.isEmpty()) {
            QCPGraph* entry = plot.addGraph();
            entry->setLineStyle(QCPGraph::lsNone);
            entry->setScatterStyle(
                QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(style.foreground, 1.2), QBrush(style.muted), 11));
            entry->setName(QStringLiteral("LLM phase (bound, on its roof)"));
        }
    }
    if (!spec.trajectory.empty()) {
        QCPGraph* g = addLine(plot, spec.trajectory, QPen(style.muted, 1.4, Qt::DotLine));
        g->setObjectName(QStringLiteral("llm-trajectory"));
        g->setScatterStyle(
            QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(style.muted, 1.2), QBrush(style.background), 6));
        g->setName(QStringLiteral("Decode as batch grows 1 \u2192 1024"));
    }
    const QColor leverColour = style.background.lightness() < 128 ? QColor(0x7d, 0xd3, 0x8a) : QColor(0x1b, 0x7f, 0x3b);
    for (const auto& a : spec.arrows) {
        auto* arrow = new QCPItemLine(&plot);
        arrow->setObjectName(QStringLiteral("lever"));
        arrow->start->setCoords(a.from.x, a.from.y);
        arrow->end->setCoords(a.to.x, a.to.y);
        arrow->setHead(QCPLineEnding(QCPLineEnding::esSpikeArrow, 9, 11));
        arrow->setPen(QPen(leverColour, 1.6));
        arrow->setClipToAxisRect(true);
    }

    // Legend in the empty top-left corner above the slope.
    plot.legend->setVisible(true);
    plot.legend->setFont(style.font(8.8));
    plot.legend->setTextColor(style.foreground);
    QColor legendBg = style.background;
    legendBg.setAlpha(225);
    plot.legend->setBrush(legendBg);
    plot.legend->setBorderPen(QPen(style.grid));
    plot.axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);

    // Connect once per plot (UniqueConnection does not apply to lambdas).
    if (!plot.property("rs_aligning").toBool()) {
        plot.setProperty("rs_aligning", true);
        QObject::connect(&plot, &QCustomPlot::afterLayout, &plot, [&plot]() { alignRotatedLabels(plot); });
    }
}

} // namespace roofline::ui
