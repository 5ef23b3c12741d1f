// SPDX-License-Identifier: MIT
#include "ui/plot/point_cloud.h"

#include "core/common/key_set.h"
#include "core/common/side_by_side.h"
#include "core/common/vector_state.h"
#include "core/plot/plot_spec.h"

#include <QPaintEngine>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace roofline::ui {
namespace {

/// pixel = a + b * ln(coord) on a logarithmic axis (from two points of the axis's own mapping).
struct LogMap {
    double a = 0, b = 0;
    double lo = 0, cells = 1; ///< the thinning grid: ln(lower), cells per unit of ln
    bool ok = false;
    double lower = 0, upper = 0; ///< the axis range it was made for
    /// Pixel of the centre of cell q (the thinning grid's cell, as ThinningGrid::cellOfLogs numbers it).
    double centre(double q) const { return a + b * (lo + (q + 0.5) / cells); }
};

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

/// The cells of a grid a cloud covers: a bitmap while it is filled; compact() then keeps the
/// set cells as a sorted list (4 bytes a cell). Two grids: the thinning grid's cells (a vector
/// export draws a circle per cell), and the device pixels a sprite's corner lands on (the
/// window's canvas draws a sprite per pixel, and keeps the list of each cloud).
struct Occupancy {
    int x0 = 0, y0 = 0; ///< the first column and row
    int w = 0, h = 0; ///< columns and rows
    std::vector<std::uint64_t> bits;
    std::vector<std::uint32_t> list; ///< the set cells in order, once compacted

    Occupancy() = default;
    /// `withBits` false: the geometry only (at()), for a caller that keeps the cells elsewhere.
    explicit Occupancy(const QRect& grid, bool withBits = true)
        : x0(grid.left())
        , y0(grid.top())
        , w(std::max(0, grid.width()))
        , h(std::max(0, grid.height()))
    {
        if (withBits)
            bits.assign((static_cast<size_t>(w) * static_cast<size_t>(h) + 63) / 64, 0);
    }
    bool sameGrid(const Occupancy& o) const { return x0 == o.x0 && y0 == o.y0 && w == o.w && h == o.h; }
    /// The bit of cell (qx, qy), or -1 when the cell is outside.
    std::ptrdiff_t at(double qx, double qy) const
    {
        if (!(qx >= x0 && qy >= y0 && qx < x0 + w && qy < y0 + h))
            return -1; // also NaN
        return static_cast<std::ptrdiff_t>(qy - y0) * w + static_cast<std::ptrdiff_t>(qx - x0);
    }
    /// Sets the bits another bitmap of the same grid has set (before compact()).
    void join(const Occupancy& other)
    {
        for (size_t i = 0; i < bits.size() && i < other.bits.size(); ++i)
            bits[i] |= other.bits[i];
    }
    /// Sets a bit; false when it was already set.
    bool insert(std::ptrdiff_t i)
    {
        std::uint64_t& word = bits[static_cast<size_t>(i) / 64];
        const std::uint64_t bit = std::uint64_t {1} << (static_cast<size_t>(i) % 64);
        const bool fresh = !(word & bit);
        word |= bit;
        return fresh;
    }
    /// The bitmap becomes the sorted list of its set cells (and is freed). `atMost`: how many
    /// can be set (the points inserted), for the list's room; counting the bits instead was a
    /// pass through the whole bitmap on every toggle.
    void compact(std::size_t atMost)
    {
        list.clear();
        list.reserve(atMost);
        for (size_t i = 0; i < bits.size(); ++i)
            for (std::uint64_t word = bits[i]; word; word &= word - 1)
                list.push_back(static_cast<std::uint32_t>(i * 64 + static_cast<size_t>(__builtin_ctzll(word))));
        std::vector<std::uint64_t>().swap(bits);
    }
    /// The cell of list entry (or bit) i.
    int cellX(std::size_t i) const { return static_cast<int>(i % static_cast<std::size_t>(w)) + x0; }
    int cellY(std::size_t i) const { return static_cast<int>(i / static_cast<std::size_t>(w)) + y0; }
    /// Calls f(qx, qy) for every set cell with qx in [cx0, cx1] and qy in [cy0, cy1], once compacted.
    template <typename F> void forEach(int cx0, int cx1, int cy0, int cy1, F&& f) const
    {
        cx0 = std::max(cx0, x0);
        cy0 = std::max(cy0, y0);
        cx1 = std::min(cx1, x0 + w - 1);
        cy1 = std::min(cy1, y0 + h - 1);
        for (int qy = cy0; qy <= cy1 && cx0 <= cx1; ++qy) { // each row's cells are a run of the list
            const auto row = static_cast<std::uint32_t>(qy - y0) * static_cast<std::uint32_t>(w);
            const auto first = row + static_cast<std::uint32_t>(cx0 - x0);
            const auto last = row + static_cast<std::uint32_t>(cx1 - x0);
            for (auto it = std::lower_bound(list.begin(), list.end(), first); it != list.end() && *it <= last; ++it)
                f(static_cast<int>(*it - row) + x0, qy);
        }
    }
};

/// The cells of a grid seen so far: insert() is true the first time a cell inside the grid comes,
/// false when it came before or lies outside. A bitmap, or a hash set when that takes less memory
/// (a few thousand points on a grid of megabits: fresh memory costs an export more than they do).
class FirstPerCell {
public:
    FirstPerCell(const QRect& grid, std::size_t points)
        : m_grid(
            grid, static_cast<std::size_t>(grid.width()) * static_cast<std::size_t>(grid.height()) / 8 <= 16 * points)
    {
        if (m_grid.bits.empty())
            m_small.emplace(points);
    }
    bool insert(double x, double y)
    {
        const std::ptrdiff_t at = m_grid.at(x, y);
        if (at < 0)
            return false;
        return m_small ? m_small->insert(static_cast<std::uint64_t>(at)) : m_grid.insert(at);
    }

private:
    Occupancy m_grid;
    std::optional<KeySet> m_small;
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
/// once, by a PNG export (FirstPerCell over the pixels) and by the window's canvas (the pixels
/// it lists for each cloud).
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

/// The cached image of a plot's kernel clouds (see point_cloud.h), kept as a child of the plot
/// so it outlives the clouds a new figure replaces.
class CloudCanvas : public QObject {
public:
    explicit CloudCanvas(QObject* plot)
        : QObject(plot)
    {
        setObjectName(QStringLiteral("rs-cloud-canvas"));
    }
    void draw(QCPPainter* painter, const std::vector<PointCloud*>& clouds, const QRect& rect);

private:
    struct Slot {
        quint64 generation = 0;
        QColor colour;
        double diameter = 0;
        PointCloud::Shape shape = PointCloud::Shape::Disc;
        double ringWidth = 0;
        Occupancy cells;
    };
    struct Key {
        double xlo = 0, xhi = 0, ylo = 0, yhi = 0;
        QRect rect;
        double scale = 0;
        QPointF shift;
        bool operator==(const Key& o) const
        {
            return xlo == o.xlo && xhi == o.xhi && ylo == o.ylo && yhi == o.yhi && rect == o.rect && scale == o.scale
                && shift == o.shift;
        }
    };
    static constexpr int kTile = 32;
    void render(const std::vector<PointCloud*>& clouds, const QRect& area); ///< redraws `area` (canvas pixels)
    Key m_key;
    QImage m_image;
    std::vector<Slot> m_slots;
    double m_scale = 1.0;
};

void CloudCanvas::render(const std::vector<PointCloud*>& clouds, const QRect& area)
{
    QPainter p(&m_image);
    p.setClipRect(area);
    p.setCompositionMode(QPainter::CompositionMode_Source);
    p.fillRect(area, Qt::transparent);
    p.setCompositionMode(QPainter::CompositionMode_SourceOver);
    // Each slot lists the corners (device pixels of the canvas) its sprites land on.
    const QRect deviceArea = p.deviceTransform().mapRect(QRectF(area)).toAlignedRect();
    for (size_t s = 0; s < m_slots.size(); ++s) {
        const QImage& sprite = clouds[s]->sprite(m_scale);
        m_slots[s].cells.forEach(deviceArea.left() - sprite.width() + 1, deviceArea.right(),
            deviceArea.top() - sprite.height() + 1, deviceArea.bottom(),
            [&](int x, int y) { p.drawImage(QPointF(x / m_scale, y / m_scale), sprite); });
    }
}

void CloudCanvas::draw(QCPPainter* painter, const std::vector<PointCloud*>& clouds, const QRect& rect)
{
    const QCPAxis* xAxis = clouds.front()->keyAxis();
    const QCPAxis* yAxis = clouds.front()->valueAxis();
    const double scale = std::max(1.0, painter->device()->devicePixelRatioF());
    // The painter's shift moves each marker before the engine rounds it to whole pixels: the
    // canvas draws them shifted and is blitted unshifted, so each lands on the same pixel.
    const QPointF shift(painter->transform().dx(), painter->transform().dy());
    const Key key {
        xAxis->range().lower, xAxis->range().upper, yAxis->range().lower, yAxis->range().upper, rect, scale, shift};
    const LogMap mx = logMap(xAxis), my = logMap(yAxis);
    bool full = !(key == m_key) || m_slots.size() != clouds.size() || m_image.isNull();
    for (size_t s = 0; !full && s < clouds.size(); ++s) {
        const PointCloud& c = *clouds[s];
        const Slot& slot = m_slots[s];
        full = slot.colour != c.m_colour || slot.diameter != c.m_diameter || slot.shape != c.m_shape
            || slot.ringWidth != c.m_ringWidth;
    }
    // Each changed cloud's sprite corners (a pixel of the canvas each; several points share
    // one); a corner that differs from the canvas marks the tiles its sprite covers.
    const int tilesX = (rect.width() + kTile - 1) / kTile, tilesY = (rect.height() + kTile - 1) / kTile;
    const QSize deviceSize = (QSizeF(rect.size()) * scale).toSize();
    const double ox = rect.left() - shift.x(), oy = rect.top() - shift.y(); // the canvas's origin, in plot pixels
    std::vector<char> dirty(full ? 0 : static_cast<size_t>(tilesX) * static_cast<size_t>(tilesY), 0);
    size_t dirtyTiles = 0;
    std::vector<Slot> next(clouds.size());
    // The changed clouds' corners, as the engine places a sprite: its corner rounded to a whole
    // pixel (cornerPixel). From 2^16 points the second half of each cloud is listed on a second
    // thread, into a bitmap of its own made here (memory a worker thread allocates stays in its
    // arena), and the two are joined.
    std::vector<size_t> changed;
    for (size_t s = 0; s < clouds.size(); ++s) {
        const PointCloud& c = *clouds[s];
        Slot& slot = next[s];
        slot.generation = c.m_generation;
        slot.colour = c.m_colour;
        slot.diameter = c.m_diameter;
        slot.shape = c.m_shape;
        slot.ringWidth = c.m_ringWidth;
        if (!full && m_slots[s].generation == c.m_generation) {
            slot.cells = std::move(m_slots[s].cells); // unchanged
            continue;
        }
        const QImage& sprite = c.sprite(scale);
        // The corners of sprites that reach into the canvas.
        slot.cells = Occupancy(QRect(-sprite.width(), -sprite.height(), deviceSize.width() + sprite.width(),
            deviceSize.height() + sprite.height()));
        changed.push_back(s);
    }
    auto listCorners = [&](size_t s, Occupancy& into, size_t begin, size_t end) {
        const PointCloud& c = *clouds[s];
        const double half = c.sprite(scale).width() / scale / 2.0;
        for (size_t i = begin; i < end; ++i) {
            const double x = (mx.centre(cellOf(mx, c.m_lx[i])) - half - ox) * scale;
            const double y = (my.centre(cellOf(my, c.m_ly[i])) - half - oy) * scale;
            if (x > -1e6 && x < 1e6 && y > -1e6 && y < 1e6)
                if (const std::ptrdiff_t at = into.at(qRound(x), qRound(y)); at >= 0)
                    into.insert(at);
        }
    };
    size_t toList = 0;
    for (size_t s : changed)
        toList += clouds[s]->m_lx.size();
    if (worthTwoThreads(toList)) {
        std::vector<Occupancy> halves;
        for (size_t s : changed)
            halves.emplace_back(QRect(next[s].cells.x0, next[s].cells.y0, next[s].cells.w, next[s].cells.h));
        runSideBySide(
            [&]() {
                resetVectorState();
                for (size_t s : changed)
                    listCorners(s, next[s].cells, 0, clouds[s]->m_lx.size() / 2);
            },
            [&]() {
                resetVectorState();
                for (size_t k = 0; k < changed.size(); ++k)
                    listCorners(
                        changed[k], halves[k], clouds[changed[k]]->m_lx.size() / 2, clouds[changed[k]]->m_lx.size());
            });
        for (size_t k = 0; k < changed.size(); ++k)
            next[changed[k]].cells.join(halves[k]);
    } else {
        for (size_t s : changed)
            listCorners(s, next[s].cells, 0, clouds[s]->m_lx.size());
    }
    for (size_t s : changed) {
        const PointCloud& c = *clouds[s];
        Slot& slot = next[s];
        slot.cells.compact(c.m_lx.size());
        if (full)
            continue;
        const Occupancy& before = m_slots[s].cells;
        if (!before.sameGrid(slot.cells)) {
            full = true;
            continue;
        }
        const int sw = c.sprite(scale).width(), sh = c.sprite(scale).height();
        // The corners in one list and not the other (both in order) mark the tiles their sprites cover.
        auto mark = [&](std::uint32_t cell) {
            const double x = slot.cells.cellX(cell) / scale, y = slot.cells.cellY(cell) / scale; // canvas pixels
            const int tx0 = std::max(0, static_cast<int>(std::floor(x / kTile)));
            const int tx1 = std::min(tilesX - 1, static_cast<int>(std::floor((x + sw / scale) / kTile)));
            const int ty0 = std::max(0, static_cast<int>(std::floor(y / kTile)));
            const int ty1 = std::min(tilesY - 1, static_cast<int>(std::floor((y + sh / scale) / kTile)));
            for (int ty = ty0; ty <= ty1; ++ty)
                for (int tx = tx0; tx <= tx1; ++tx) {
                    char& d = dirty[static_cast<size_t>(ty) * static_cast<size_t>(tilesX) + static_cast<size_t>(tx)];
                    dirtyTiles += d == 0;
                    d = 1;
                }
        };
        const std::vector<std::uint32_t>& a = before.list;
        const std::vector<std::uint32_t>& b = slot.cells.list;
        size_t i = 0, j = 0;
        while ((i < a.size() || j < b.size()) && !full) {
            if (j == b.size() || (i < a.size() && a[i] < b[j])) {
                mark(a[i++]);
            } else if (i == a.size() || b[j] < a[i]) {
                mark(b[j++]);
            } else {
                ++i;
                ++j;
                continue;
            }
            // Past half the canvas, one full redraw is cheaper than the tiles.
            full = dirtyTiles * 2 > dirty.size();
        }
    }
    m_slots = std::move(next);
    m_key = key;
    m_scale = scale;
    // For tests and benchmarks: how much the last draw redrew (-1: everything).
    setProperty("tilesRedrawn", full ? -1 : static_cast<int>(dirtyTiles));
    setProperty("tiles", tilesX * tilesY);
    if (full) {
        m_image = QImage((QSizeF(rect.size()) * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
        m_image.setDevicePixelRatio(scale);
        render(clouds, QRect(QPoint(0, 0), rect.size()));
    } else {
        // Dirty tiles, a run of them per tile row at a time.
        for (int ty = 0; ty < tilesY; ++ty)
            for (int tx = 0; tx < tilesX;) {
                if (!dirty[static_cast<size_t>(ty) * static_cast<size_t>(tilesX) + static_cast<size_t>(tx)]) {
                    ++tx;
                    continue;
                }
                int end = tx;
                while (end < tilesX
                    && dirty[static_cast<size_t>(ty) * static_cast<size_t>(tilesX) + static_cast<size_t>(end)])
                    ++end;
                render(clouds,
                    QRect(tx * kTile, ty * kTile, (end - tx) * kTile, kTile) & QRect(QPoint(0, 0), rect.size()));
                tx = end;
            }
    }
    painter->save();
    painter->resetTransform();
    painter->drawImage(rect.topLeft(), m_image);
    painter->restore();
}

namespace {
quint64 nextGeneration()
{
    static quint64 generation = 0;
    return ++generation;
}
} // namespace

PointCloud::PointCloud(QCPAxis* keyAxis, QCPAxis* valueAxis)
    : QCPAbstractPlottable(keyAxis, valueAxis)
    , m_generation(nextGeneration())
{
    setPen(Qt::NoPen);
}

void PointCloud::setPoints(const QVector<double>& xs, const QVector<double>& ys)
{
    resetVectorState();
    m_generation = nextGeneration();
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
    m_generation = nextGeneration();
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

void PointCloud::setMarker(const QColor& colour, double diameter, Shape shape, double ringWidth)
{
    m_generation = nextGeneration();
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
        p.setBrush(m_shape == Shape::Disc ? QBrush(m_colour) : QBrush(Qt::NoBrush));
        const double c = side / deviceScale / 2.0;
        p.drawEllipse(QPointF(c, c), m_diameter / 2.0, m_diameter / 2.0);
        p.end();
        im.setDevicePixelRatio(deviceScale);
        m_sprite = im;
        m_spriteScale = deviceScale;
    }
    return m_sprite;
}

void PointCloud::draw(QCPPainter* painter)
{
    resetVectorState();
    const QPaintEngine* engine = painter->paintEngine();
    const bool raster = engine && engine->type() == QPaintEngine::Raster;
    // (QCustomPlot shifts its painter by half a pixel; any other transform draws directly.)
    if (!m_cached || !raster || painter->transform().type() > QTransform::TxTranslate || !keyAxis() || !valueAxis()) {
        drawDirect(painter);
        return;
    }
    // The first visible cached cloud of the plot draws them all, in the plot's order.
    std::vector<PointCloud*> clouds;
    QCustomPlot* plot = parentPlot();
    for (int i = 0; i < plot->plottableCount(); ++i) {
        auto* c = qobject_cast<PointCloud*>(plot->plottable(i));
        if (c && c->m_cached && c->realVisibility() && c->layer() == layer() && c->keyAxis() == keyAxis()
            && c->valueAxis() == valueAxis())
            clouds.push_back(c);
    }
    if (clouds.empty() || clouds.front() != this || clipRect().isEmpty())
        return;
    const LogMap mx = logMap(keyAxis()), my = logMap(valueAxis());
    if (!mx.ok || !my.ok) {
        for (PointCloud* c : clouds)
            c->drawDirect(painter);
        return;
    }
    auto* canvas = plot->findChild<CloudCanvas*>(QStringLiteral("rs-cloud-canvas"), Qt::FindDirectChildrenOnly);
    if (!canvas)
        canvas = new CloudCanvas(plot);
    canvas->draw(painter, clouds, clipRect());
}

void PointCloud::drawDirect(QCPPainter* painter)
{
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
    auto centre = [&](size_t i) {
        if (!onGrid)
            return QPointF(
                xAxis->coordToPixel(std::exp(double {m_lx[i]})), yAxis->coordToPixel(std::exp(double {m_ly[i]})));
        return QPointF(mx.centre(cellOf(mx, m_lx[i])), my.centre(cellOf(my, m_ly[i])));
    };
    const QPaintEngine* engine = painter->paintEngine();
    if (engine && engine->type() == QPaintEngine::Raster) {
        // A sprite per point, at the device's own resolution (the export scales the painter),
        // once per pixel it lands on (a cell's points all land on one).
        const QTransform t = painter->transform();
        const double scale = std::max(1.0, std::hypot(t.m11(), t.m12()) * painter->device()->devicePixelRatioF());
        const QImage& im = sprite(scale);
        const double half = im.width() / scale / 2.0;
        const QTransform device = painter->deviceTransform();
        FirstPerCell landed(
            device.mapRect(clip).toAlignedRect().adjusted(-im.width() - 1, -im.height() - 1, 1, 1), m_lx.size());
        // The sprite is blitted at its device pixel (where the engine would put it): through a
        // scaled painter the engine resamples it instead, pixel by pixel, to the same result at
        // several times the cost.
        painter->save();
        painter->resetTransform();
        // What stays is the device's pixel ratio (a HiDPI window's buffers): the sprite is placed
        // in its units, at the same device pixel.
        const double ratio = painter->deviceTransform().m11();
        QImage pixels = im;
        pixels.setDevicePixelRatio(ratio);
        for (size_t i = 0; i < m_lx.size(); ++i) {
            const QPointF at = centre(i);
            const QPointF corner(at.x() - half, at.y() - half);
            const QPoint pixel = cornerPixel(device, corner);
            if (clip.contains(at) && landed.insert(pixel.x(), pixel.y()))
                painter->drawImage(QPointF(pixel.x() / ratio, pixel.y() / ratio), pixels);
        }
        painter->restore();
        return;
    }
    // Vector output: a circle per point, once per cell.
    std::optional<FirstPerCell> drawn;
    if (onGrid)
        drawn.emplace(thinningCells(mx, my, m_diameter + m_ringWidth), m_lx.size());
    painter->setPen(QPen(m_colour, m_shape == Shape::Ring ? m_ringWidth : 1.0));
    painter->setBrush(m_shape == Shape::Disc ? QBrush(m_colour) : QBrush(Qt::NoBrush));
    const double r = m_diameter / 2.0;
    for (size_t i = 0; i < m_lx.size(); ++i) {
        if (drawn && !drawn->insert(cellOf(mx, m_lx[i]), cellOf(my, m_ly[i])))
            continue;
        const QPointF at = centre(i);
        if (clip.contains(at))
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
