// SPDX-License-Identifier: MIT
#include "ui/plot/point_cloud.h"

#include "core/plot/plot_spec.h"

#include <QPaintEngine>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <cstdint>
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

/// The columns [begin, end) of each row of a sprite where it has ink, and where it is opaque
/// (an empty span where a row's opaque pixels are not one run, as in a ring).
struct SpriteRows {
    int width = 0;
    std::vector<std::pair<int, int>> inked, opaque;
    int height() const { return static_cast<int>(inked.size()); }
};

SpriteRows spriteRows(const QImage& sprite)
{
    SpriteRows rows;
    rows.width = sprite.width();
    for (int y = 0; y < sprite.height(); ++y) {
        const auto* px = reinterpret_cast<const QRgb*>(sprite.constScanLine(y));
        int first = sprite.width(), last = -1, solidFirst = sprite.width(), solidLast = -1;
        for (int x = 0; x < sprite.width(); ++x) {
            if (qAlpha(px[x]) > 0)
                first = std::min(first, x), last = x;
            if (qAlpha(px[x]) == 255)
                solidFirst = std::min(solidFirst, x), solidLast = x;
        }
        bool oneRun = solidLast >= solidFirst;
        for (int x = solidFirst; oneRun && x <= solidLast; ++x)
            oneRun = qAlpha(px[x]) == 255;
        rows.inked.emplace_back(first, last + 1);
        rows.opaque.push_back(oneRun ? std::make_pair(solidFirst, solidLast + 1) : std::make_pair(0, 0));
    }
    return rows;
}

/// The device pixels that sprites drawn later paint opaque. A sprite all of whose ink lands on
/// such pixels is painted over entirely (an opaque pixel replaces what was under it), so it
/// need not be drawn: in a crowded cloud most sprites are hidden so, and the picture is the same.
class OpaqueCover {
public:
    explicit OpaqueCover(const QRect& area)
        : m_area(area)
        , m_words((std::max(0, area.width()) + 63) / 64)
        , m_bits(static_cast<size_t>(m_words) * static_cast<size_t>(std::max(0, area.height())), 0)
    { }
    /// Whether the sprite with its top-left corner at `corner` is hidden; if not, its opaque
    /// pixels now hide what is under them (ask from the last sprite drawn to the first).
    bool hides(const QPoint& corner, const SpriteRows& rows)
    {
        const int x0 = corner.x() - m_area.left(), y0 = corner.y() - m_area.top();
        if (x0 < 0 || y0 < 0 || x0 + rows.width > m_area.width() || y0 + rows.height() > m_area.height())
            return false; // not so: the area holds every sprite
        for (int r = 0; r < rows.height(); ++r)
            if (!covered(y0 + r, x0 + rows.inked[r].first, x0 + rows.inked[r].second)) {
                for (int o = 0; o < rows.height(); ++o)
                    cover(y0 + o, x0 + rows.opaque[o].first, x0 + rows.opaque[o].second);
                return false;
            }
        return true;
    }

private:
    /// Calls f(word, mask) for the 64-pixel words holding pixels [from, to) of row y, while it
    /// returns true.
    template <typename F> bool forSpan(int y, int from, int to, F&& f)
    {
        uint64_t* row = m_bits.data() + static_cast<size_t>(y) * static_cast<size_t>(m_words);
        for (int x = from; x < to;) {
            const int bit = x % 64, n = std::min(64 - bit, to - x);
            const uint64_t ones = n == 64 ? ~uint64_t {0} : (uint64_t {1} << n) - 1;
            if (!f(row[x / 64], ones << bit))
                return false;
            x += n;
        }
        return true;
    }
    bool covered(int y, int from, int to)
    {
        return forSpan(y, from, to, [](uint64_t w, uint64_t m) { return (w & m) == m; });
    }
    void cover(int y, int from, int to)
    {
        forSpan(y, from, to, [](uint64_t& w, uint64_t m) { return (w |= m), true; });
    }

    QRect m_area;
    int m_words;
    std::vector<uint64_t> m_bits;
};

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
    QRect area() const { return {m_x0, m_y0, m_w, m_h}; }
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

/// The device pixel a sprite's top-left corner lands on when a painter with device transform `t`
/// draws it at `at`: the raster engine rounds the corner to a whole pixel
/// (PointCloudCanvas.TwoPointsWhoseMarkersLandOnOnePixelDrawOneMarker), so a second sprite there
/// only draws the first again and darkens its antialiased rim. A crowded figure has several
/// thinning cells to a pixel (2400 across a plot of 850 pixels): each pixel's sprite is drawn
/// once (FirstPerCell over the pixels).
QPoint cornerPixel(const QTransform& t, const QPointF& at)
{
    if (t.type() > QTransform::TxScale) {
        const QPointF d = t.map(at);
        return {qRound(d.x()), qRound(d.y())};
    }
    // What QTransform::map computes for a scale and a shift, inline: a cloud asks 10^5 times.
    return {qRound(t.m11() * at.x() + t.dx()), qRound(t.m22() * at.y() + t.dy())};
}

/// QRectF::contains for a rectangle of positive size, inline.
bool within(const QRectF& r, const QPointF& p)
{
    return p.x() >= r.left() && p.x() <= r.right() && p.y() >= r.top() && p.y() <= r.bottom();
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
    const bool onGrid = mx.ok && my.ok;
    for (size_t i = 0; i < m_lx.size(); ++i) {
        const QPointF at
            = onGrid ? QPointF(mx.centre(cellOf(mx, m_lx[i])), my.centre(cellOf(my, m_ly[i]))) : centre(i, mx, my);
        const QPoint pixel = cornerPixel(device, QPointF(at.x() - half, at.y() - half));
        if (within(clip, at) && landed.insert(pixel.x(), pixel.y()))
            corners.push_back(pixel);
    }
    // Only the sprites that later ones do not paint over are drawn (an opaque pixel replaces
    // what is under it when the painter blends as it does by default).
    const bool plainBlend
        = painter->opacity() == 1.0 && painter->compositionMode() == QPainter::CompositionMode_SourceOver;
    const SpriteRows rows = spriteRows(im);
    OpaqueCover cover(landed.area().adjusted(0, 0, im.width(), im.height()));
    std::vector<bool> hidden(corners.size());
    if (plainBlend)
        for (size_t i = corners.size(); i-- > 0;)
            hidden[i] = cover.hides(corners[i], rows);
    // The sprite is blitted at its device pixel (where the engine would put it): through a
    // scaled painter the engine resamples it instead, pixel by pixel, to the same result at
    // several times the cost. What stays is the device's pixel ratio (a HiDPI window's
    // buffers): the sprite is placed in its units, at the same device pixel.
    painter->save();
    painter->resetTransform();
    const double ratio = painter->deviceTransform().m11();
    QImage pixels = im;
    pixels.setDevicePixelRatio(ratio);
    for (size_t i = 0; i < corners.size(); ++i)
        if (!hidden[i])
            painter->drawImage(QPointF(corners[i].x() / ratio, corners[i].y() / ratio), pixels);
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
