// SPDX-License-Identifier: MIT
#include "ui/plot/point_cloud.h"

#include "core/plot/plot_spec.h"

#include <QPaintEngine>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <vector>

namespace roofline::ui {

/// pixel = a + b * ln(coord) on a logarithmic axis (from two points of the axis's own mapping).
struct detail::LogMap {
    double a = 0, b = 0;
    double lo = 0, cells = 1; ///< the thinning grid: ln(lower), cells per unit of ln
    bool ok = false;
    double lower = 0, upper = 0; ///< the axis range it was made for
    /// Pixel of the centre of cell q (the thinning grid's cell, as ThinningGrid::cellOfLogs numbers it).
    double centre(double q) const { return a + b * (lo + (q + 0.5) / cells); }
};

namespace {

using detail::LogMap;

LogMap logMap(const QCPAxis* axis)
{
    LogMap m;
    const QCPRange r = axis->range();
    m.lower = r.lower;
    m.upper = r.upper;
    if (axis->scaleType() != QCPAxis::stLogarithmic || !(r.lower > 0) || !(r.upper > r.lower))
        return m;
    const double p1 = axis->coordToPixel(r.lower), p2 = axis->coordToPixel(r.upper);
    const double l1 = std::log(r.lower), l2 = std::log(r.upper);
    m.b = (p2 - p1) / (l2 - l1);
    m.a = p1 - m.b * l1;
    m.lo = l1;
    m.cells = kThinningGrid / (l2 - l1);
    m.ok = std::isfinite(m.a) && std::isfinite(m.b) && std::isfinite(m.cells) && m.b != 0.0;
    return m;
}

/// The cells of a grid seen so far: insert() is true the first time a cell inside the grid comes,
/// false when it came before or lies outside.
class FirstPerCell {
public:
    explicit FirstPerCell(const QRect& grid)
        : m_x0(grid.left())
        , m_y0(grid.top())
        , m_w(std::max(0, grid.width()))
        , m_h(std::max(0, grid.height()))
        , m_seen(static_cast<size_t>(m_w) * static_cast<size_t>(m_h), false)
    { }
    bool insert(double x, double y)
    {
        if (!(x >= m_x0 && y >= m_y0 && x < m_x0 + m_w && y < m_y0 + m_h))
            return false; // also NaN
        const size_t at = static_cast<size_t>(y - m_y0) * static_cast<size_t>(m_w) + static_cast<size_t>(x - m_x0);
        if (m_seen[at])
            return false;
        m_seen[at] = true;
        return true;
    }

private:
    int m_x0, m_y0, m_w, m_h;
    std::vector<bool> m_seen;
};

/// The thinning grid's cells an export draws: kThinningGrid across each axis plus a margin wide
/// enough for a marker centred outside the axes to reach into them. Points further out cannot be
/// seen and are left out (they used to pile up on the edge cell).
QRect thinningCells(const LogMap& mx, const LogMap& my, double reachPx)
{
    const double cellPx = std::min(std::fabs(mx.b) / mx.cells, std::fabs(my.b) / my.cells);
    const int margin = static_cast<int>(std::min(1024.0, std::ceil(reachPx / std::max(cellPx, 1e-3)) + 1));
    const int side = static_cast<int>(kThinningGrid) + 1 + 2 * margin;
    return QRect(-margin, -margin, side, side);
}

/// The device pixel a sprite's top-left corner lands on when drawn at `at` through the device
/// transform `t`: the raster engine rounds the corner to a whole pixel
/// (PointCloudCanvas.TwoPointsWhoseMarkersLandOnOnePixelDrawOneMarker), so a second sprite there
/// only draws the first again and darkens its antialiased rim. Each pixel's sprite is drawn once.
QPoint cornerPixel(const QTransform& t, const QPointF& at)
{
    const QPointF d = t.map(at);
    return {qRound(d.x()), qRound(d.y())};
}

/// The cell of a point on one axis, from its logarithm (as ThinningGrid::cellOfLogs, without its clamp).
double cellOf(const LogMap& m, double l)
{
    return std::floor((l - m.lo) * m.cells);
}

} // namespace

PointCloud::PointCloud(QCPAxis* keyAxis, QCPAxis* valueAxis)
    : QCPAbstractPlottable(keyAxis, valueAxis)
{
    setPen(Qt::NoPen);
}

void PointCloud::setPoints(const QVector<double>& xs, const QVector<double>& ys)
{
    m_lx.clear();
    m_ly.clear();
    m_lx.reserve(static_cast<size_t>(xs.size()));
    m_ly.reserve(static_cast<size_t>(xs.size()));
    for (qsizetype i = 0; i < xs.size() && i < ys.size(); ++i)
        if (xs[i] > 0 && ys[i] > 0 && std::isfinite(xs[i]) && std::isfinite(ys[i])) {
            m_lx.push_back(static_cast<float>(std::log(xs[i])));
            m_ly.push_back(static_cast<float>(std::log(ys[i])));
        }
}

void PointCloud::setLogPoints(std::vector<float> lx, std::vector<float> ly)
{
    const size_t n = std::min(lx.size(), ly.size());
    lx.resize(n);
    ly.resize(n);
    size_t kept = 0;
    for (size_t i = 0; i < n; ++i)
        if (std::isfinite(lx[i]) && std::isfinite(ly[i])) {
            lx[kept] = lx[i];
            ly[kept] = ly[i];
            ++kept;
        }
    lx.resize(kept);
    ly.resize(kept);
    m_lx = std::move(lx);
    m_ly = std::move(ly);
}

namespace {

/// One marker of `shape`, `diameter` across, centred at `at`, with the painter's pen and brush.
void drawMarker(QPainter& p, PointCloud::Shape shape, const QPointF& at, double diameter)
{
    const double r = diameter / 2.0;
    switch (shape) {
    case PointCloud::Shape::Square:
        p.drawRect(QRectF(at.x() - r * 0.9, at.y() - r * 0.9, r * 1.8, r * 1.8));
        return;
    case PointCloud::Shape::Triangle: {
        const QPointF corners[3]
            = {{at.x() - r, at.y() - r * 0.8}, {at.x() + r, at.y() - r * 0.8}, {at.x(), at.y() + r}};
        p.drawPolygon(corners, 3);
        return;
    }
    default:
        p.drawEllipse(at, r, r);
    }
}

} // namespace

void PointCloud::setMarker(const QColor& colour, double diameter, Shape shape, double ringWidth)
{
    m_colour = colour;
    m_diameter = diameter;
    m_shape = shape;
    m_ringWidth = ringWidth;
    setBrush(shape != Shape::Ring ? QBrush(colour) : QBrush(Qt::NoBrush));
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
    return QCPRange(std::exp(double {*lo}), std::exp(double {*hi}));
}

QCPRange PointCloud::getValueRange(bool& foundRange, QCP::SignDomain, const QCPRange&) const
{
    foundRange = !m_ly.empty();
    if (!foundRange)
        return {};
    const auto [lo, hi] = std::minmax_element(m_ly.begin(), m_ly.end());
    return QCPRange(std::exp(double {*lo}), std::exp(double {*hi}));
}

const QImage& PointCloud::sprite(double deviceScale) const
{
    if (m_spriteScale != deviceScale) {
        const double pen = m_shape == Shape::Ring ? m_ringWidth : 1.0;
        const int side = static_cast<int>(std::ceil((m_diameter + pen) * deviceScale)) + 2;
        QImage im(side, side, QImage::Format_ARGB32_Premultiplied);
        im.fill(Qt::transparent);
        QPainter p(&im);
        p.setRenderHint(QPainter::Antialiasing);
        p.scale(deviceScale, deviceScale);
        // As QCPScatterStyle::ssDisc (a disc with a 1 px rim) or ssCircle (a ring).
        p.setPen(QPen(m_colour, pen));
        p.setBrush(m_shape != Shape::Ring ? QBrush(m_colour) : QBrush(Qt::NoBrush));
        const double c = side / deviceScale / 2.0;
        drawMarker(p, m_shape, QPointF(c, c), m_diameter);
        p.end();
        im.setDevicePixelRatio(deviceScale);
        m_sprite = im;
        m_spriteScale = deviceScale;
    }
    return m_sprite;
}

void PointCloud::draw(QCPPainter* painter)
{
    if (m_lx.empty() || !keyAxis() || !valueAxis())
        return;
    const LogMap mx = logMap(keyAxis()), my = logMap(valueAxis());
    const QRectF clip = clipRect().adjusted(-m_diameter, -m_diameter, m_diameter, m_diameter);
    const QPaintEngine* engine = painter->paintEngine();
    if (engine && engine->type() == QPaintEngine::Raster)
        drawSprites(painter, mx, my, clip);
    else
        drawShapes(painter, mx, my, clip);
}

QPointF PointCloud::centre(size_t i, const LogMap& mx, const LogMap& my) const
{
    // Each marker is drawn at the centre of its thinning cell (a fraction of a pixel away), and
    // once per cell: more discs on the same spot would only darken their antialiased rims. So
    // the full figure and the one the plot spec thinned (a point per cell) give the same pixels.
    if (!mx.ok || !my.ok)
        return QPointF(
            keyAxis()->coordToPixel(std::exp(double {m_lx[i]})), valueAxis()->coordToPixel(std::exp(double {m_ly[i]})));
    return QPointF(mx.centre(cellOf(mx, m_lx[i])), my.centre(cellOf(my, m_ly[i])));
}

void PointCloud::drawSprites(QCPPainter* painter, const LogMap& mx, const LogMap& my, const QRectF& clip)
{
    // A sprite per point, at the device's own resolution (the export scales the painter),
    // once per pixel it lands on (a cell's points all land on one).
    const QTransform t = painter->transform();
    const double scale = std::max(1.0, std::hypot(t.m11(), t.m12()) * painter->device()->devicePixelRatioF());
    const QImage& im = sprite(scale);
    const double half = im.width() / scale / 2.0;
    const QTransform device = painter->deviceTransform();
    FirstPerCell landed(device.mapRect(clip).toAlignedRect().adjusted(-im.width() - 1, -im.height() - 1, 1, 1));
    std::vector<QPoint> corners;
    for (size_t i = 0; i < m_lx.size(); ++i) {
        const QPointF at = centre(i, mx, my);
        const QPoint pixel = cornerPixel(device, QPointF(at.x() - half, at.y() - half));
        if (clip.contains(at) && landed.insert(pixel.x(), pixel.y()))
            corners.push_back(pixel);
    }
    // The sprite is blitted at its device pixel (where the engine would put it): through a
    // scaled painter the engine resamples it instead, pixel by pixel, to the same result at
    // several times the cost. What stays is the device's pixel ratio (a HiDPI window's
    // buffers): the sprite is placed in its units, at the same device pixel.
    painter->save();
    painter->resetTransform();
    const double ratio = painter->deviceTransform().m11();
    QImage pixels = im;
    pixels.setDevicePixelRatio(ratio);
    for (const QPoint& corner : corners)
        painter->drawImage(QPointF(corner.x() / ratio, corner.y() / ratio), pixels);
    painter->restore();
}

void PointCloud::drawShapes(QCPPainter* painter, const LogMap& mx, const LogMap& my, const QRectF& clip)
{
    // Vector output: a circle per point, once per cell.
    std::optional<FirstPerCell> drawn;
    if (mx.ok && my.ok)
        drawn.emplace(thinningCells(mx, my, m_diameter + m_ringWidth));
    painter->setPen(QPen(m_colour, m_shape == Shape::Ring ? m_ringWidth : 1.0));
    painter->setBrush(m_shape != Shape::Ring ? QBrush(m_colour) : QBrush(Qt::NoBrush));
    for (size_t i = 0; i < m_lx.size(); ++i) {
        if (drawn && !drawn->insert(cellOf(mx, m_lx[i]), cellOf(my, m_ly[i])))
            continue;
        const QPointF at = centre(i, mx, my);
        if (clip.contains(at))
            drawMarker(*painter, m_shape, at, m_diameter);
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
    drawMarker(*painter, m_shape, rect.center(), 2.0 * r);
}

} // namespace roofline::ui
