// SPDX-License-Identifier: MIT
// renderPlotSpec's point steps: kernels (graphs, or point clouds for thousands), headroom drops,
// inner-level and LLM points, the decode trajectory and the levers.
#include "ui/plot/point_cloud.h"
#include "ui/plot/render_steps.h"

namespace roofline::ui::render {
namespace {

/// From this many points of one kind a series is a PointCloud (filled discs, no outline).
constexpr int kCloudPoints = 2000;

/// One series of kernel markers: a point cloud when there are thousands (or the figure is
/// crowded: drawn on the thinning grid, so a thinned figure looks like the full one), else a
/// graph of QCustomPlot's own outlined markers.
void addKernelSeries(QCustomPlot& plot, PointGroups& g, size_t r, size_t measured, bool crowded, const QString& name,
    const QString& objectName, const QCPScatterStyle& marker, const QColor& colour, PointCloud::Shape shape)
{
    QVector<double>& xs = g.x[r][measured];
    QVector<double>& ys = g.y[r][measured];
    if (xs.isEmpty() && g.lx[r][measured].empty())
        return;
    if (crowded || xs.size() >= kCloudPoints) {
        auto* cloud = new PointCloud(plot.xAxis, plot.yAxis);
        cloud->setMarker(colour, marker.size() * 0.8, shape);
        if (g.logsGiven)
            cloud->setLogPoints(std::move(g.lx[r][measured]), std::move(g.ly[r][measured]));
        else
            cloud->setPoints(xs, ys);
        cloud->setObjectName(objectName);
        cloud->setName(name);
        return;
    }
    auto* graph = new QCPGraph(plot.xAxis, plot.yAxis);
    graph->setObjectName(objectName);
    graph->setLineStyle(QCPGraph::lsNone);
    graph->setScatterStyle(marker);
    graph->setData(xs, ys);
    graph->setName(name);
}

} // namespace

PointGroups groupPoints(const PlotSpec& spec)
{
    PointGroups g;
    g.logsGiven = spec.crowded() && spec.pointLogs.size() == spec.points.size();
    for (size_t i = 0; i < spec.points.size(); ++i) {
        const PlotPoint& p = spec.points[i];
        if (p.kind == PlotPoint::Kind::Kernel) {
            const auto r = static_cast<size_t>(p.regime) % kRegimeCount;
            const size_t m = p.measured ? 1 : 0;
            if (g.logsGiven) {
                g.lx[r][m].push_back(static_cast<float>(spec.pointLogs[i].x));
                g.ly[r][m].push_back(static_cast<float>(spec.pointLogs[i].y));
            } else {
                g.x[r][m].push_back(p.at.x);
                g.y[r][m].push_back(p.at.y);
            }
        } else if (p.kind == PlotPoint::Kind::Level) {
            g.levels.push_back(&p);
        } else if (p.kind == PlotPoint::Kind::LlmPhase) {
            g.llm.push_back(&p);
        }
        if (p.aboveRoof) {
            g.aboveX << p.at.x;
            g.aboveY << p.at.y;
        }
    }
    return g;
}

void addHeadroomDrops(QCustomPlot& plot, const PlotSpec& spec, const PlotStyle& style)
{
    // Headroom: a dashed drop from each measured point to its roof, in the point's colour. One
    // curve per colour with gaps between the drops, so 10^5 kernels stay a handful of plottables.
    constexpr int kAbove = static_cast<int>(kRegimeCount); // the slot after the regimes'
    QVector<double> xs[kAbove + 1], ys[kAbove + 1];
    for (const auto& d : spec.drops) {
        const int k = d.aboveRoof ? kAbove : static_cast<int>(d.regime) % kAbove;
        xs[k] << d.from.x << d.to.x << qQNaN();
        ys[k] << d.from.y << d.to.y << qQNaN();
    }
    const QColor colours[kAbove + 1]
        = {style.memoryPoint, style.computePoint, style.ridgePoint, style.latencyPoint, style.aboveRoof};
    for (int k = 0; k <= kAbove; ++k) {
        if (xs[k].isEmpty())
            continue;
        auto* curve = new QCPCurve(plot.xAxis, plot.yAxis);
        curve->setObjectName(QStringLiteral("headroom-drops"));
        curve->setData(xs[k], ys[k]);
        curve->setPen(QPen(colours[k], 1.2, Qt::DashLine));
        curve->removeFromLegend();
    }
}

/// Kernel points, one series per regime (and per measured or not) so the legend explains the
/// colours; then the rings of the points above their roof.
void addKernelPoints(QCustomPlot& plot, const PlotSpec& spec, PointGroups& g, const PlotStyle& style)
{
    // Told apart by shape as well as colour (a colour-blind reader, a greyscale print): circles
    // memory-bound, squares compute-bound, triangles at the ridge.
    struct Series {
        Regime regime;
        QColor colour;
        QString name;
        QCPScatterStyle::ScatterShape marker;
        PointCloud::Shape cloud;
        double size;
    };
    const Series series[] = {{Regime::MemoryBound, style.memoryPoint, QStringLiteral("Memory-bound kernel"),
                                 QCPScatterStyle::ssCircle, PointCloud::Shape::Disc, 10},
        {Regime::AtRidge, style.ridgePoint, QStringLiteral("Kernel at the ridge"), QCPScatterStyle::ssTriangleInverted,
            PointCloud::Shape::Triangle, 11},
        {Regime::ComputeBound, style.computePoint, QStringLiteral("Compute-bound kernel"), QCPScatterStyle::ssSquare,
            PointCloud::Shape::Square, 9},
        {Regime::LatencyBound, style.latencyPoint, QStringLiteral("Latency-bound kernel (a few launches long)"),
            QCPScatterStyle::ssDiamond, PointCloud::Shape::Square, 11}};
    const bool crowded = spec.crowded();
    for (const Series& s : series) {
        const auto r = static_cast<size_t>(s.regime) % kRegimeCount;
        const QString id = QStringLiteral("points-") + qs(regimeName(s.regime));
        addKernelSeries(plot, g, r, 1, crowded, s.name, id,
            QCPScatterStyle(s.marker, QPen(style.background, 1.2), QBrush(s.colour), s.size), s.colour, s.cloud);
        addKernelSeries(plot, g, r, 0, crowded, s.name + QStringLiteral(" (no time: on its roof)"),
            id + QStringLiteral("-bound-only"),
            QCPScatterStyle(s.marker, QPen(s.colour, 2.0), QBrush(style.background), s.size - 1), s.colour, s.cloud);
    }
    if (!g.aboveX.isEmpty()) {
        auto* graph = new QCPGraph(plot.xAxis, plot.yAxis);
        graph->setObjectName(QStringLiteral("points-above-roof"));
        graph->setLineStyle(QCPGraph::lsNone);
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(style.aboveRoof, 2.2), Qt::NoBrush, 17));
        graph->setData(g.aboveX, g.aboveY);
        graph->setName(QStringLiteral("Above its roof: check the byte count"));
    }
}

/// Each hierarchical kernel's main point joined to its inner-level points.
void addLevelLinks(QCustomPlot& plot, const PlotSpec& spec, const PlotStyle& style)
{
    if (spec.levelLinks.empty())
        return;
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

/// Hierarchical points: a triangle per inner level (the links to the main points are drawn
/// with them).
void addLevelPoints(QCustomPlot& plot, const std::vector<const PlotPoint*>& levelPoints, const PlotStyle& style)
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
            : p.regime == Regime::LatencyBound ? style.latencyPoint
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

void addLlmPoints(QCustomPlot& plot, const std::vector<const PlotPoint*>& llmPoints, const PlotStyle& style)
{
    // LLM phases: diamonds coloured by regime (bounds: they sit on the roof).
    QVector<double> xs;
    for (const PlotPoint* phase : llmPoints) {
        const PlotPoint& p = *phase;
        QCPGraph* g = plot.addGraph();
        g->setObjectName(QStringLiteral("llm-") + QString::fromStdString(p.name.substr(0, p.name.find(','))));
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

/// The decode trajectory as the batch grows, and the levers' arrows.
void addTrajectoryAndLevers(QCustomPlot& plot, const PlotSpec& spec, const PlotStyle& style)
{
    if (!spec.trajectory.empty()) {
        QCPGraph* g = addLine(plot, spec.trajectory, QPen(style.muted, 1.4, Qt::DotLine));
        g->setObjectName(QStringLiteral("llm-trajectory"));
        g->setScatterStyle(
            QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(style.muted, 1.2), QBrush(style.background), 6));
        g->setName(QStringLiteral("Decode as batch grows 1 \u2192 1024"));
        g->setProperty("rs_shortName", QStringLiteral("Batch 1 \u2192 1024")); // (a small figure's legend)
    }
    if (!spec.trajectoryBeyondMemory.empty()) {
        QCPGraph* g = addLine(plot, spec.trajectoryBeyondMemory, QPen(style.aboveRoof, 1.4, Qt::DashLine));
        g->setObjectName(QStringLiteral("llm-trajectory-beyond-memory"));
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCross, QPen(style.aboveRoof, 1.2), Qt::NoBrush, 6));
        g->setName(QStringLiteral("Batches that do not fit in memory"));
        g->setProperty("rs_shortName", QStringLiteral("Too big for memory"));
    }
    addArrows(plot, spec, style);
}

void addArrows(QCustomPlot& plot, const PlotSpec& spec, const PlotStyle& style)
{
    // A comparison's moves are told apart by the line as well as its colour (a colour-blind
    // reader, a greyscale print): faster solid green, slower dashed red, within the noise dotted
    // grey; each starts at a hollow ring where the kernel was.
    const QColor faster {0x00, 0x9e, 0x73}; // Okabe-Ito bluish green
    auto penOf = [&](PlotArrow::Tone tone) {
        switch (tone) {
        case PlotArrow::Tone::Faster:
            return QPen(faster, 1.6);
        case PlotArrow::Tone::Slower:
            return QPen(style.aboveRoof, 1.6, Qt::DashLine);
        case PlotArrow::Tone::Unchanged:
            return QPen(style.muted, 1.2, Qt::DotLine);
        case PlotArrow::Tone::Lever:
            break;
        }
        return QPen(leverColour(style), 1.6);
    };
    QVector<double> beforeX, beforeY;
    bool tones[4] = {false, false, false, false};
    for (const auto& a : spec.arrows) {
        auto* arrow = new QCPItemLine(&plot);
        arrow->setObjectName(a.tone == PlotArrow::Tone::Lever ? QStringLiteral("lever") : QStringLiteral("move"));
        arrow->start->setCoords(a.from.x, a.from.y);
        arrow->end->setCoords(a.to.x, a.to.y);
        arrow->setHead(QCPLineEnding(QCPLineEnding::esSpikeArrow, 9, 11));
        arrow->setPen(penOf(a.tone));
        arrow->setClipToAxisRect(true);
        tones[static_cast<int>(a.tone)] = true;
        if (a.tone != PlotArrow::Tone::Lever) {
            beforeX << a.from.x;
            beforeY << a.from.y;
        }
    }
    if (!beforeX.isEmpty()) {
        QCPGraph* before = addLine(plot, {}, Qt::NoPen);
        before->setObjectName(QStringLiteral("before-points"));
        before->setData(beforeX, beforeY);
        before->setLineStyle(QCPGraph::lsNone);
        before->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(style.muted, 1.4), Qt::NoBrush, 9));
        before->setName(QStringLiteral("Before (the arrow runs to after)"));
    }
    // The legend says what the lines mean (items have no legend entry of their own).
    static const std::pair<PlotArrow::Tone, const char*> meaning[] = {{PlotArrow::Tone::Faster, "Faster"},
        {PlotArrow::Tone::Slower, "Slower"}, {PlotArrow::Tone::Unchanged, "Within 2 % (noise)"}};
    for (const auto& [tone, name] : meaning)
        if (tones[static_cast<int>(tone)]) {
            QCPGraph* entry = addLine(plot, {}, penOf(tone));
            entry->setObjectName(QStringLiteral("move-legend"));
            entry->setName(QString::fromLatin1(name));
        }
}

} // namespace roofline::ui::render
