// SPDX-License-Identifier: MIT
#include "ui/window/roofline_plot_widget.h"

#include "core/model/units.h"
#include "ui/plot/point_cloud.h"
#include "ui/plot/roofline_renderer.h"

#include <qcustomplot.h>

#include <QHelpEvent>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>
#include <QVariantAnimation>

#include <algorithm>
#include <cmath>
#include <utility>

namespace roofline::ui {

RooflinePlotWidget::RooflinePlotWidget(QWidget* parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
    , m_style(PlotStyle::forPalette(palette()))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->axisRect()->setRangeZoomFactor(0.85);
    m_plot->setMouseTracking(true);
    m_plot->setToolTip(tr("Drag to pan, scroll to zoom; View > Reset View (Ctrl+0) goes back. Drag a point to move the "
                          "kernel, or its name to put the name elsewhere."));
    m_plot->setMinimumSize(480, 320);
    connect(m_plot, &QCustomPlot::mouseMove, this, &RooflinePlotWidget::onMouseMove);
    connect(m_plot, &QCustomPlot::mousePress, this, &RooflinePlotWidget::onMousePress);
    connect(m_plot, &QCustomPlot::mouseRelease, this, &RooflinePlotWidget::onMouseRelease);
    connect(m_plot, &QCustomPlot::mouseDoubleClick, this, [this](QMouseEvent* event) {
        const QCPLayoutElement* at = m_plot->layoutElementAt(event->position());
        if (at && at->objectName() == QLatin1String(plotnames::kTitle))
            emit titleEditRequested();
    });
    m_relayout = new QTimer(this);
    m_relayout->setSingleShot(true);
    m_relayout->setInterval(120);
    connect(m_relayout, &QTimer::timeout, this, &RooflinePlotWidget::relayoutLabels);
    for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis})
        connect(axis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), m_relayout, qOverload<>(&QTimer::start));
    m_plot->installEventFilter(this);
}

bool RooflinePlotWidget::eventFilter(QObject* watched, QEvent* event)
{
    // Shown (or sized before it is): the labels fit the real size at once; resized while shown:
    // once the resizing pauses.
    // Over a point its figures, not the plot's own hint (which the tooltip event would show).
    if (watched == m_plot && event->type() == QEvent::ToolTip && m_tooltip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const int hit = pointAt(help->pos());
        if (hit >= 0) {
            QToolTip::showText(help->globalPos(), m_tooltip(hit), m_plot);
            return true;
        }
    }
    if (watched == m_plot && event->type() == QEvent::Show)
        relayoutLabels();
    else if (watched == m_plot && event->type() == QEvent::Resize) {
        m_keyFloor = 0; // a new size: the key takes the room it needs
        m_plot->isVisible() ? m_relayout->start() : relayoutLabels();
    }
    return QWidget::eventFilter(watched, event);
}

QString RooflinePlotWidget::labelGeometry() const
{
    const QCPRange x = m_plot->xAxis->range(), y = m_plot->yAxis->range();
    return QStringLiteral("%1x%2 %3 %4 %5 %6")
        .arg(m_plot->width())
        .arg(m_plot->height())
        .arg(x.lower, 0, 'g', 12)
        .arg(x.upper, 0, 'g', 12)
        .arg(y.lower, 0, 'g', 12)
        .arg(y.upper, 0, 'g', 12);
}

void RooflinePlotWidget::relayoutLabels()
{
    if (m_plot->plottableCount() == 0 || labelGeometry() == m_labelsFor || isAnimating() || m_dragIndex >= 0)
        return;
    m_keyHeight = drawLabels(*m_plot, m_spec, windowStyle(), m_keyHeight, m_keyFloor);
    m_labelsFor = labelGeometry();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void RooflinePlotWidget::createHoverItems()
{
    m_tracer = new QCPItemTracer(m_plot);
    m_tracer->setObjectName(QStringLiteral("hover-tracer"));
    m_tracer->setStyle(QCPItemTracer::tsCircle);
    m_tracer->setSize(8);
    m_tracer->setPen(QPen(m_style.roof, 1.5));
    m_tracer->setBrush(m_style.background);
    m_tracer->setVisible(false);
    m_tracerLabel = new QCPItemText(m_plot);
    m_tracerLabel->setObjectName(QStringLiteral("hover-label"));
    m_tracerLabel->position->setParentAnchor(m_tracer->position);
    m_tracerLabel->position->setCoords(0, -10);
    m_tracerLabel->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
    m_tracerLabel->setFont(m_style.font(8.5));
    m_tracerLabel->setColor(m_style.foreground);
    QColor bg = m_style.background;
    bg.setAlpha(230);
    m_tracerLabel->setBrush(bg);
    m_tracerLabel->setPadding(QMargins(3, 1, 3, 1));
    m_tracerLabel->setVisible(false);
    // On QCustomPlot's buffered overlay layer: following the cursor redraws these two items
    // alone, not 10^5 points (replotHover).
    if (m_plot->layer(QStringLiteral("overlay"))) {
        m_tracer->setLayer(QStringLiteral("overlay"));
        m_tracerLabel->setLayer(QStringLiteral("overlay"));
    }
}

void RooflinePlotWidget::replotHover()
{
    QCPLayer* overlay = m_plot->layer(QStringLiteral("overlay"));
    if (overlay && overlay->mode() == QCPLayer::lmBuffered && m_tracer->layer() == overlay)
        overlay->replot();
    else
        m_plot->replot(QCustomPlot::rpQueuedReplot);
}

namespace {

double logMix(double a, double b, double t)
{
    return std::exp(std::log(a) + (std::log(b) - std::log(a)) * t);
}

// The figure part of the way from `a` to `b`: the roofs, the ridge and their labels slide (in
// log space); everything else is already `b`. Only for figures with the same axes and roofs.
PlotSpec between(const PlotSpec& a, const PlotSpec& b, double t)
{
    PlotSpec s = b;
    for (size_t c = 0; c < s.ceilings.size(); ++c)
        for (size_t i = 0; i < s.ceilings[c].points.size(); ++i) {
            auto& p = s.ceilings[c].points[i];
            const auto& from = a.ceilings[c].points[i];
            p = {logMix(from.x, p.x, t), logMix(from.y, p.y, t)};
        }
    s.ridge = logMix(a.ridge, b.ridge, t);
    s.peak = logMix(a.peak, b.peak, t);
    // A point keeps the regime (colour and verdict) it had until the sliding ridge passes it, so
    // nothing says compute-bound while it is still left of the ridge drawn.
    auto passed = [&](double x) { return (x < s.ridge) != (x < a.ridge); };
    if (a.points.size() == s.points.size())
        for (size_t i = 0; i < s.points.size(); ++i)
            if (!passed(s.points[i].at.x))
                s.points[i].regime = a.points[i].regime;
    if (a.labels.size() == s.labels.size())
        for (size_t i = 0; i < s.labels.size(); ++i)
            if (s.labels[i].role == LabelRole::PointLabel && a.labels[i].role == LabelRole::PointLabel
                && !passed(s.labels[i].at.x))
                s.labels[i].text = a.labels[i].text;
    for (auto& l : s.labels) {
        for (const auto& old : a.labels)
            if (old.role == l.role && l.role != LabelRole::PointLabel && l.role != LabelRole::LeverLabel
                && l.role != LabelRole::CeilingLabel) {
                l.at = {logMix(old.at.x, l.at.x, t), logMix(old.at.y, l.at.y, t)};
                if (l.along && old.along)
                    l.along = PlotXY {logMix(old.along->x, l.along->x, t), logMix(old.along->y, l.along->y, t)};
                break;
            }
    }
    return s;
}

bool canAnimate(const PlotSpec& a, const PlotSpec& b)
{
    if (!(a.x == b.x && a.y == b.y) || a.ceilings.size() != b.ceilings.size() || a.ridge <= 0 || b.ridge <= 0)
        return false;
    for (size_t c = 0; c < a.ceilings.size(); ++c)
        if (a.ceilings[c].points.size() != b.ceilings[c].points.size() || a.ceilings[c].role != b.ceilings[c].role)
            return false;
    return !(a.ridge == b.ridge && a.peak == b.peak);
}

} // namespace

void RooflinePlotWidget::renderFrame(const PlotSpec& spec)
{
    const QCPRange xView = m_plot->xAxis->range();
    const QCPRange yView = m_plot->yAxis->range();
    m_keyHeight = renderPlotSpec(*m_plot, spec, windowStyle(), m_keyHeight, m_keyFloor);
    m_labelsFor = labelGeometry();
    createHoverItems();
    drawSelection();
    drawHighlights();
    m_plot->xAxis->setRange(xView);
    m_plot->yAxis->setRange(yView);
    relayoutLabels();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

bool RooflinePlotWidget::isAnimating() const
{
    return m_animation && m_animation->state() == QAbstractAnimation::Running;
}

void RooflinePlotWidget::showSpec(PlotSpec spec, const std::optional<Roofline>& roof)
{
    // Keep the user's view when the derived ranges did not change (another precision of the
    // same part) and always while a point is being dragged.
    const bool keepView
        = ((m_spec.x == spec.x && m_spec.y == spec.y) || m_dragIndex >= 0) && m_plot->plottableCount() > 0;
    const QCPRange xView = m_plot->xAxis->range();
    const QCPRange yView = m_plot->yAxis->range();
    if (m_animation)
        m_animation->stop();
    // While the view is kept (a toggle, an edit) the plot keeps its height: the band of a key
    // that goes stays, empty, until the figure or the window's size changes.
    m_keyFloor = keepView ? std::max(m_keyFloor, m_keyHeight) : 0;
    const bool animate = m_animated && keepView && m_dragIndex < 0 && canAnimate(m_spec, spec);
    // The figure before is kept only to animate from it (a 10^5-point figure is megabytes).
    PlotSpec from = animate ? std::move(m_spec) : PlotSpec {};
    m_spec = std::move(spec);
    m_roof = roof;
    m_indexed = false;
    if (m_selected >= static_cast<int>(m_spec.points.size()))
        m_selected = -1;
    if (animate) {
        if (!m_animation) {
            m_animation = new QVariantAnimation(this);
            m_animation->setDuration(300);
            m_animation->setEasingCurve(QEasingCurve::InOutCubic);
        }
        m_animation->disconnect(this);
        connect(m_animation, &QVariantAnimation::valueChanged, this,
            [this, from = std::move(from)](const QVariant& v) { renderFrame(between(from, m_spec, v.toDouble())); });
        connect(m_animation, &QVariantAnimation::finished, this, [this]() {
            renderFrame(m_spec);
            std::vector<PlotXY>().swap(m_spec.pointLogs);
        });
        m_animation->setStartValue(0.0);
        m_animation->setEndValue(1.0);
        m_animation->start();
        return;
    }
    m_keyHeight = renderPlotSpec(*m_plot, m_spec, windowStyle(), m_keyHeight, m_keyFloor);
    m_labelsFor = labelGeometry();
    std::vector<PlotXY>().swap(m_spec.pointLogs); // the clouds have them; the figure need not keep a second copy
    createHoverItems();
    drawSelection();
    drawHighlights();
    if (keepView) {
        m_plot->xAxis->setRange(xView);
        m_plot->yAxis->setRange(yView);
        relayoutLabels();
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void RooflinePlotWidget::setHighlighted(const std::vector<int>& indices, bool draw)
{
    m_highlighted = indices;
    if (!std::is_sorted(m_highlighted.begin(), m_highlighted.end()))
        std::sort(m_highlighted.begin(), m_highlighted.end()); // the first kMostRings by index are ringed
    if (!draw)
        return;
    drawHighlights();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void RooflinePlotWidget::drawHighlights()
{
    for (int i = m_plot->plottableCount() - 1; i >= 0; --i)
        if (m_plot->plottable(i)->objectName() == QLatin1String("flip-highlight"))
            m_plot->removePlottable(i);
    if (m_highlighted.empty())
        return;
    // Rings as a point cloud: a cached sprite per ring (2,000 antialiased circles took 10 ms).
    auto* g = new PointCloud(m_plot->xAxis, m_plot->yAxis);
    g->setObjectName(QStringLiteral("flip-highlight"));
    g->setMarker(QColor(0xff, 0xb0, 0x00), 24, PointCloud::Shape::Ring, 3.0);
    // One setData (addData point by point re-sorts the graph each time). Past a few thousand,
    // rings would only cover the cloud: the status bar gives the count; ring the first ones.
    constexpr int kMostRings = 2000;
    // Looked up kernel by kernel (a walk through a 10^5-point figure took milliseconds): the
    // ringed kernels are sorted as the kernel points are, so each search gallops on from the
    // last one found.
    QVector<double> xs, ys;
    const auto kernels = m_spec.points.begin() + static_cast<std::ptrdiff_t>(m_spec.kernelPointCount());
    auto from = m_spec.points.begin();
    for (int index : m_highlighted) {
        if (xs.size() >= kMostRings)
            break;
        auto lo = from; // every point before it is of a kernel listed earlier
        std::ptrdiff_t step = 1;
        while (kernels - lo > step && (lo + step)->index < index) {
            lo += step;
            step *= 2;
        }
        const auto hi = kernels - lo > step ? lo + step + 1 : kernels;
        from = std::lower_bound(lo, hi, index, [](const PlotPoint& p, int i) { return p.index < i; });
        if (from != kernels && from->index == index) {
            xs << from->at.x;
            ys << from->at.y;
        }
    }
    const auto flipped = static_cast<qsizetype>(m_highlighted.size());
    g->setPoints(xs, ys);
    g->setName(flipped > xs.size() ? tr("Regime just changed (%1 of %2 ringed)").arg(xs.size()).arg(flipped)
                                   : tr("Regime just changed"));
}

PlotSpec RooflinePlotWidget::currentSpec() const
{
    PlotSpec s = m_spec;
    s.x = {m_plot->xAxis->range().lower, m_plot->xAxis->range().upper};
    s.y = {m_plot->yAxis->range().lower, m_plot->yAxis->range().upper};
    s.xTicks = decadeTicks(s.x, false, "");
    s.yTicks = decadeTicks(s.y, true, m_roof && isIntegerPrecision(m_roof->precision) ? "OP/s" : "FLOP/s");
    return s;
}

PlotStyle RooflinePlotWidget::windowStyle() const
{
    PlotStyle s = m_style; // (exports take m_style: a file has no table beside it)
    s.besideTable = true;
    return s;
}

void RooflinePlotWidget::setStyle(const PlotStyle& style)
{
    m_style = style;
    const PlotSpec view = currentSpec();
    const PlotSpec base = m_spec;
    m_keyHeight = renderPlotSpec(*m_plot, base, windowStyle(), m_keyHeight, m_keyFloor);
    m_labelsFor = labelGeometry();
    createHoverItems();
    drawSelection();
    m_plot->xAxis->setRange(view.x.lo, view.x.hi);
    m_plot->yAxis->setRange(view.y.lo, view.y.hi);
    relayoutLabels();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void RooflinePlotWidget::resetView()
{
    m_plot->xAxis->setRange(m_spec.x.lo, m_spec.x.hi);
    m_plot->yAxis->setRange(m_spec.y.lo, m_spec.y.hi);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void RooflinePlotWidget::zoom(double factor)
{
    for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis}) {
        const QCPRange r = axis->range();
        const double centre = std::sqrt(r.lower * r.upper), half = std::pow(r.upper / r.lower, 0.5 / factor);
        axis->setRange(centre / half, centre * half);
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot); // rangeChanged relays the names out
}

QImage RooflinePlotWidget::figureImage() const
{
    return m_plot->toPixmap().toImage();
}

void RooflinePlotWidget::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && m_plot && m_plot->plottableCount() > 0)
        setStyle(PlotStyle::forPalette(palette()));
}

void RooflinePlotWidget::setPlaceMode(bool on)
{
    m_placeMode = on;
    m_plot->setCursor(on ? Qt::CrossCursor : Qt::ArrowCursor);
}

void RooflinePlotWidget::setSelectedPoint(int index)
{
    if (index == m_selected)
        return;
    m_selected = index;
    drawSelection();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void RooflinePlotWidget::drawSelection()
{
    for (int i = m_plot->graphCount() - 1; i >= 0; --i)
        if (m_plot->graph(i)->objectName() == QLatin1String("selection"))
            m_plot->removeGraph(i);
    if (m_selected < 0)
        return;
    // The kernel's point and its inner-level points (after the kernel points), if drawn.
    std::vector<const PlotPoint*> ringed;
    if (const PlotPoint* k = m_spec.kernelPoint(m_selected))
        ringed.push_back(k);
    for (size_t i = m_spec.kernelPointCount(); i < m_spec.points.size(); ++i)
        if (m_spec.points[i].index == m_selected)
            ringed.push_back(&m_spec.points[i]);
    for (const PlotPoint* at : ringed) {
        const PlotPoint& p = *at;
        QCPGraph* g = m_plot->addGraph();
        g->setObjectName(QStringLiteral("selection"));
        g->removeFromLegend();
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(
            QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(m_style.foreground, 2.0), Qt::NoBrush, 10 * p.size + 10));
        g->setData({p.at.x}, {p.at.y});
    }
}

namespace {
/// How near (pixels) the cursor must be to a point's centre to pick it.
double pickRadius(const PlotPoint& p)
{
    return 6.0 + 5.0 * p.size;
}
} // namespace

QPointF RooflinePlotWidget::pointPixel(int index) const
{
    if (const PlotPoint* p = m_spec.kernelPoint(index))
        return {m_plot->xAxis->coordToPixel(p->at.x), m_plot->yAxis->coordToPixel(p->at.y)};
    return {-1, -1};
}

void RooflinePlotWidget::indexPoints() const
{
    if (m_indexed)
        return;
    m_indexed = true;
    // The kernel points sorted by intensity: a lookup only measures the points whose x is
    // within reach of the cursor (a binary search), not every point of a 10^5-point cloud.
    m_pickOrder.clear();
    m_pickRadius = 0.0;
    std::vector<std::pair<double, int>> byX; // (intensity, point): sorted without chasing points
    byX.reserve(m_spec.points.size());
    for (size_t i = 0; i < m_spec.points.size(); ++i) {
        const PlotPoint& p = m_spec.points[i];
        if (p.index < 0 || p.kind != PlotPoint::Kind::Kernel)
            continue; // an LLM phase or an inner-level point: nothing to select or drag
        byX.emplace_back(p.at.x, static_cast<int>(i));
        m_pickRadius = std::max(m_pickRadius, pickRadius(p));
    }
    std::sort(byX.begin(), byX.end());
    m_pickOrder.reserve(byX.size());
    for (const auto& [x, i] : byX)
        m_pickOrder.push_back(i);
}

int RooflinePlotWidget::pointAt(const QPointF& pixel) const
{
    indexPoints();
    int best = -1, bestAt = -1; // ties go to the point listed first, as the figure lists them
    double bestDistance = 0;
    double lo = m_plot->xAxis->pixelToCoord(pixel.x() - m_pickRadius);
    double hi = m_plot->xAxis->pixelToCoord(pixel.x() + m_pickRadius);
    if (lo > hi)
        std::swap(lo, hi);
    const auto x = [this](int i) { return m_spec.points[size_t(i)].at.x; };
    auto it = std::lower_bound(m_pickOrder.begin(), m_pickOrder.end(), lo, [&](int i, double v) { return x(i) < v; });
    for (; it != m_pickOrder.end() && x(*it) <= hi; ++it) {
        const PlotPoint& p = m_spec.points[size_t(*it)];
        const QPointF at(m_plot->xAxis->coordToPixel(p.at.x), m_plot->yAxis->coordToPixel(p.at.y));
        const double d = std::hypot(at.x() - pixel.x(), at.y() - pixel.y());
        if (d <= pickRadius(p) && (best < 0 || d < bestDistance || (d == bestDistance && *it < bestAt))) {
            best = p.index;
            bestAt = *it;
            bestDistance = d;
        }
    }
    return best;
}

QCPItemText* RooflinePlotWidget::kernelNameAt(const QPointF& pixel) const
{
    for (int i = m_plot->itemCount() - 1; i >= 0; --i)
        if (auto* t = qobject_cast<QCPItemText*>(m_plot->item(i)); t && t->visible()
            && t->property(plotnames::kLabelKernel).isValid()
            && QRectF(t->topLeft->pixelPosition(), t->bottomRight->pixelPosition()).normalized().contains(pixel))
            return t;
    return nullptr;
}

void RooflinePlotWidget::onMousePress(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return;
    const QPointF pos = event->position();
    const int hit = pointAt(pos);
    if (hit >= 0) {
        // Grab the point: no panning while it moves.
        m_plot->setInteraction(QCP::iRangeDrag, false);
        m_dragIndex = hit;
        m_dragMoved = false;
        ++m_dragId;
        emit pointClicked(hit);
        return;
    }
    if (QCPItemText* name = m_placeMode ? nullptr : kernelNameAt(pos)) {
        // Grab the name: centred on where it is, it follows the mouse until let go.
        m_plot->setInteraction(QCP::iRangeDrag, false);
        const QPointF centre = (name->topLeft->pixelPosition() + name->bottomRight->pixelPosition()) / 2.0;
        name->setPositionAlignment(Qt::AlignCenter);
        name->position->setPixelPosition(centre);
        m_labelDrag = name;
        m_labelGrab = pos - centre;
        return;
    }
    if (m_placeMode && m_plot->axisRect()->rect().contains(pos.toPoint())) {
        m_plot->setInteraction(QCP::iRangeDrag, false);
        emit placeRequested(m_plot->xAxis->pixelToCoord(pos.x()), m_plot->yAxis->pixelToCoord(pos.y()));
    }
}

void RooflinePlotWidget::onMouseRelease(QMouseEvent*)
{
    if (m_labelDrag) {
        const QPointF centre = m_labelDrag->position->pixelPosition();
        const int kernel = m_labelDrag->property(plotnames::kLabelKernel).toInt();
        m_labelDrag = nullptr;
        m_plot->setInteraction(QCP::iRangeDrag, true);
        emit labelMoved(kernel, m_plot->xAxis->pixelToCoord(centre.x()), m_plot->yAxis->pixelToCoord(centre.y()));
        return;
    }
    m_dragIndex = -1;
    m_plot->setInteraction(QCP::iRangeDrag, true);
}

void RooflinePlotWidget::onMouseMove(QMouseEvent* event)
{
    if (!m_tracer)
        return;
    const QPointF pos = event->position();
    if (m_labelDrag && (event->buttons() & Qt::LeftButton)) {
        const QRectF r = m_plot->axisRect()->rect();
        const QPointF at = pos - m_labelGrab;
        m_labelDrag->position->setPixelPosition(
            {std::clamp(at.x(), r.left(), r.right()), std::clamp(at.y(), r.top(), r.bottom())});
        m_plot->replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    if (m_dragIndex >= 0 && (event->buttons() & Qt::LeftButton)) {
        const QRect r = m_plot->axisRect()->rect();
        const double px = std::clamp(pos.x(), double(r.left()), double(r.right()));
        const double py = std::clamp(pos.y(), double(r.top()), double(r.bottom()));
        m_dragMoved = true;
        const double x = m_plot->xAxis->pixelToCoord(px), y = m_plot->yAxis->pixelToCoord(py);
        emit pointDragged(m_dragIndex, x, y, m_dragId);
        if (m_roof) // the readout follows the dragged point
            emit cursorInfo(reading(x, y));
        return;
    }
    if (m_tooltip && event->buttons() == Qt::NoButton) {
        const int hit = pointAt(pos);
        if (hit >= 0)
            QToolTip::showText(m_plot->mapToGlobal(pos.toPoint()), m_tooltip(hit), m_plot);
        else
            QToolTip::hideText();
    }
    if (!m_placeMode && event->buttons() == Qt::NoButton) // a name can be picked up and moved
        m_plot->setCursor(kernelNameAt(pos) ? Qt::OpenHandCursor : Qt::ArrowCursor);
    if (!m_plot->axisRect()->rect().contains(pos.toPoint()) || !m_roof) {
        m_tracer->setVisible(false);
        m_tracerLabel->setVisible(false);
        replotHover();
        emit cursorInfo(QString());
        return;
    }
    const double x = m_plot->xAxis->pixelToCoord(pos.x());
    const double y = m_plot->yAxis->pixelToCoord(pos.y());
    const double roof = m_roof->attainable(x);
    const std::string unit = isIntegerPrecision(m_roof->precision) ? "OP/s" : "FLOP/s";
    m_tracer->position->setCoords(x, roof);
    m_tracer->setVisible(true);
    m_tracerLabel->setText(QString::fromStdString(formatSI(roof, 3) + unit));
    m_tracerLabel->setVisible(true);
    replotHover();
    emit cursorInfo(reading(x, y));
}

QString RooflinePlotWidget::reading(double x, double y) const
{
    const double roof = m_roof->attainable(x);
    const std::string unit = isIntegerPrecision(m_roof->precision) ? "OP/s" : "FLOP/s";
    const std::string regime = x < m_roof->ridge() ? "memory-bound" : "compute-bound";
    return QString::fromStdString("I = " + formatQuantity(x, Dimension::Intensity) + "  \xC2\xB7  " + formatSI(y, 3)
        + unit + "  \xC2\xB7  roof here " + formatSI(roof, 3) + unit + " (" + regime + ")");
}

} // namespace roofline::ui
