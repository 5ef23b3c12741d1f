// SPDX-License-Identifier: MIT
#include "ui/plot/point_cloud.h"

#include "core/common/key_set.h"
#include "core/common/vector_state.h"
#include "core/plot/plot_spec.h"

#include <QPaintEngine>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <limits>

namespace roofline::ui {
namespace {

/// pixel = a + b * ln(coord) on a logarithmic axis (from two points of the axis's own mapping).
struct LogMap {
    double a = 0, b = 0;
    double lo = 0, cells = 1; ///< the thinning grid: ln(lower), cells per unit of ln
    bool ok = false;
};

LogMap logMap(const QCPAxis* axis)
{
    LogMap m;
    const QCPRange r = axis->range();
    if (axis->scaleType() != QCPAxis::stLogarithmic || !(r.lower > 0) || !(r.upper > r.lower))
        return m;
    const double p1 = axis->coordToPixel(r.lower), p2 = axis->coordToPixel(r.upper);
    const double l1 = std::log(r.lower), l2 = std::log(r.upper);
    m.b = (p2 - p1) / (l2 - l1);
    m.a = p1 - m.b * l1;
    m.lo = l1;
    m.cells = kThinningGrid / (l2 - l1);
    m.ok = std::isfinite(m.a) && std::isfinite(m.b) && std::isfinite(m.cells);
    return m;
}

/// The thinning cell of a coordinate (kThinningGrid cells across the axis).
double cellOf(const LogMap& m, double l)
{
    const double q = std::floor((l - m.lo) * m.cells);
    return q > 0.0 ? std::min(q, 1e6) : 0.0; // as ThinningGrid::cell
}

} // namespace

PointCloud::PointCloud(QCPAxis* keyAxis, QCPAxis* valueAxis)
    : QCPAbstractPlottable(keyAxis, valueAxis)
{
    setPen(Qt::NoPen);
}

void PointCloud::setPoints(const QVector<double>& xs, const QVector<double>& ys)
{
    resetVectorState();
    m_lx.clear();
    m_ly.clear();
    m_lx.reserve(static_cast<size_t>(xs.size()));
    m_ly.reserve(static_cast<size_t>(xs.size()));
    for (qsizetype i = 0; i < xs.size() && i < ys.size(); ++i)
        if (xs[i] > 0 && ys[i] > 0 && std::isfinite(xs[i]) && std::isfinite(ys[i])) {
            m_lx.push_back(std::log(xs[i]));
            m_ly.push_back(std::log(ys[i]));
        }
}

void PointCloud::setMarker(const QColor& colour, double diameter, Shape shape, double ringWidth)
{
    m_colour = colour;
    m_diameter = diameter;
    m_shape = shape;
    m_ringWidth = ringWidth;
    setBrush(shape == Shape::Disc ? QBrush(colour) : QBrush(Qt::NoBrush));
    m_spriteScale = 0.0; // redraw the sprite
}

double PointCloud::selectTest(const QPointF&, bool, QVariant*) const
{
    return -1; // points are picked by the widget (RooflinePlotWidget::pointAt)
}

QCPRange PointCloud::getKeyRange(bool& foundRange, QCP::SignDomain) const
{
    foundRange = !m_lx.empty();
    if (!foundRange)
        return {};
    const auto [lo, hi] = std::minmax_element(m_lx.begin(), m_lx.end());
    return QCPRange(std::exp(*lo), std::exp(*hi));
}

QCPRange PointCloud::getValueRange(bool& foundRange, QCP::SignDomain, const QCPRange&) const
{
    foundRange = !m_ly.empty();
    if (!foundRange)
        return {};
    const auto [lo, hi] = std::minmax_element(m_ly.begin(), m_ly.end());
    return QCPRange(std::exp(*lo), std::exp(*hi));
}

const QPixmap& PointCloud::sprite(double deviceScale) const
{
    if (m_spriteScale != deviceScale) {
        const double pen = m_shape == Shape::Ring ? m_ringWidth : 1.0;
        const int side = static_cast<int>(std::ceil((m_diameter + pen) * deviceScale)) + 2;
        QPixmap pm(side, side);
        pm.fill(Qt::transparent);
        QPainter p(&pm);
        p.setRenderHint(QPainter::Antialiasing);
        p.scale(deviceScale, deviceScale);
        // As QCPScatterStyle::ssDisc (a disc with a 1 px rim) or ssCircle (a ring).
        p.setPen(QPen(m_colour, pen));
        p.setBrush(m_shape == Shape::Disc ? QBrush(m_colour) : QBrush(Qt::NoBrush));
        const double c = side / deviceScale / 2.0;
        p.drawEllipse(QPointF(c, c), m_diameter / 2.0, m_diameter / 2.0);
        p.end();
        pm.setDevicePixelRatio(deviceScale);
        m_sprite = pm;
        m_spriteScale = deviceScale;
    }
    return m_sprite;
}

void PointCloud::draw(QCPPainter* painter)
{
    resetVectorState();
    if (m_lx.empty())
        return;
    QCPAxis* xAxis = keyAxis();
    QCPAxis* yAxis = valueAxis();
    if (!xAxis || !yAxis)
        return;
    const LogMap mx = logMap(xAxis), my = logMap(yAxis);
    const QRectF clip = clipRect().adjusted(-m_diameter, -m_diameter, m_diameter, m_diameter);
    // Each marker is drawn at the centre of its thinning cell (a fraction of a pixel away), and
    // once per cell: more discs on the same spot would only darken their antialiased rims. So
    // the full figure and the one the plot spec thinned (a point per cell) give the same pixels.
    const bool onGrid = mx.ok && my.ok;
    CellSet drawn = ThinningGrid::cellSet(onGrid ? m_lx.size() : 0);
    auto pixel = [&](size_t i, bool& repeat) {
        repeat = false;
        if (!onGrid)
            return QPointF(xAxis->coordToPixel(std::exp(m_lx[i])), yAxis->coordToPixel(std::exp(m_ly[i])));
        const double qx = cellOf(mx, m_lx[i]), qy = cellOf(my, m_ly[i]);
        repeat = !drawn.insert(static_cast<std::uint32_t>(qx), static_cast<std::uint32_t>(qy));
        return QPointF(mx.a + mx.b * (mx.lo + (qx + 0.5) / mx.cells), my.a + my.b * (my.lo + (qy + 0.5) / my.cells));
    };
    const QPaintEngine* engine = painter->paintEngine();
    const bool raster = engine && engine->type() == QPaintEngine::Raster;
    if (raster) {
        // A sprite per point, at the device's own resolution (the export scales the painter).
        const QTransform t = painter->transform();
        const double scale = std::max(1.0, std::hypot(t.m11(), t.m12()) * painter->device()->devicePixelRatioF());
        const QPixmap& pm = sprite(scale);
        const double half = pm.width() / scale / 2.0;
        for (size_t i = 0; i < m_lx.size(); ++i) {
            bool repeat = false;
            const QPointF at = pixel(i, repeat);
            if (!repeat && clip.contains(at))
                painter->drawPixmap(QPointF(at.x() - half, at.y() - half), pm);
        }
        return;
    }
    // Vector output: a circle per point.
    painter->setPen(QPen(m_colour, m_shape == Shape::Ring ? m_ringWidth : 1.0));
    painter->setBrush(m_shape == Shape::Disc ? QBrush(m_colour) : QBrush(Qt::NoBrush));
    const double r = m_diameter / 2.0;
    for (size_t i = 0; i < m_lx.size(); ++i) {
        bool repeat = false;
        const QPointF at = pixel(i, repeat);
        if (!repeat && clip.contains(at))
            painter->drawEllipse(at, r, r);
    }
}

void PointCloud::drawLegendIcon(QCPPainter* painter, const QRectF& rect) const
{
    if (m_shape == Shape::Ring) {
        painter->setPen(QPen(m_colour, std::min(m_ringWidth, 2.0)));
        painter->setBrush(Qt::NoBrush);
    } else {
        painter->setPen(Qt::NoPen);
        painter->setBrush(m_colour);
    }
    const double r = std::min(m_diameter, rect.height()) / 2.0 - (m_shape == Shape::Ring ? 1.0 : 0.0);
    painter->drawEllipse(rect.center(), r, r);
}

} // namespace roofline::ui
