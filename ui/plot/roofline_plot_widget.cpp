// SPDX-License-Identifier: MIT
#include "ui/plot/roofline_plot_widget.h"

#include "core/model/units.h"
#include "ui/plot/roofline_renderer.h"

#include <qcustomplot.h>

#include <QVBoxLayout>

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
    m_plot->setToolTip(tr("Drag to pan, scroll to zoom; View > Reset View (Ctrl+0) goes back."));
    m_plot->setMinimumSize(480, 320);
    connect(m_plot, &QCustomPlot::mouseMove, this, &RooflinePlotWidget::onMouseMove);
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
}

void RooflinePlotWidget::showSpec(const PlotSpec& spec, const std::optional<Roofline>& roof)
{
    const bool keepView = m_spec.x == spec.x && m_spec.y == spec.y && m_plot->plottableCount() > 0;
    const QCPRange xView = m_plot->xAxis->range();
    const QCPRange yView = m_plot->yAxis->range();
    m_spec = spec;
    m_roof = roof;
    renderPlotSpec(*m_plot, spec, m_style);
    createHoverItems();
    if (keepView) {
        m_plot->xAxis->setRange(xView);
        m_plot->yAxis->setRange(yView);
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
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

void RooflinePlotWidget::setStyle(const PlotStyle& style)
{
    m_style = style;
    const PlotSpec view = currentSpec();
    const PlotSpec base = m_spec;
    renderPlotSpec(*m_plot, base, m_style);
    createHoverItems();
    m_plot->xAxis->setRange(view.x.lo, view.x.hi);
    m_plot->yAxis->setRange(view.y.lo, view.y.hi);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void RooflinePlotWidget::resetView()
{
    m_plot->xAxis->setRange(m_spec.x.lo, m_spec.x.hi);
    m_plot->yAxis->setRange(m_spec.y.lo, m_spec.y.hi);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void RooflinePlotWidget::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && m_plot && m_plot->plottableCount() > 0)
        setStyle(PlotStyle::forPalette(palette()));
}

void RooflinePlotWidget::onMouseMove(QMouseEvent* event)
{
    if (!m_tracer)
        return;
    const QPointF pos = event->position();
    if (!m_plot->axisRect()->rect().contains(pos.toPoint()) || !m_roof) {
        m_tracer->setVisible(false);
        m_tracerLabel->setVisible(false);
        m_plot->replot(QCustomPlot::rpQueuedReplot);
        emit cursorInfo(QString());
        return;
    }
    const double x = m_plot->xAxis->pixelToCoord(pos.x());
    const double y = m_plot->yAxis->pixelToCoord(pos.y());
    const double roof = m_roof->attainable(x);
    const std::string unit = isIntegerPrecision(m_roof->precision) ? "OP/s" : "FLOP/s";
    const std::string regime = x < m_roof->ridge() ? "memory-bound" : "compute-bound";
    m_tracer->position->setCoords(x, roof);
    m_tracer->setVisible(true);
    m_tracerLabel->setText(QString::fromStdString(formatSI(roof, 3) + unit));
    m_tracerLabel->setVisible(true);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
    emit cursorInfo(QString::fromStdString("I = " + formatQuantity(x, Dimension::Intensity) + "  \xC2\xB7  "
        + formatSI(y, 3) + unit + "  \xC2\xB7  roof here " + formatSI(roof, 3) + unit + " (" + regime + ")"));
}

} // namespace roofline::ui
