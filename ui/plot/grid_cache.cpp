// SPDX-License-Identifier: MIT
#include "ui/plot/grid_cache.h"

namespace roofline::ui {
namespace {

// QCPGrid draws through protected members. A member pointer named through a class derived from
// it reaches them on any grid (the standard way to call a protected base member).
struct GridAccess : QCPGrid {
    // As QCPLayer::draw draws each child of the layer.
    static void drawAsLayerChild(QCPGrid* grid, QCPPainter* painter)
    {
        painter->save();
        painter->setClipRect((grid->*(&GridAccess::clipRect))().translated(0, -1));
        (grid->*(&GridAccess::applyDefaultAntialiasingHint))(painter);
        (grid->*(&GridAccess::draw))(painter);
        painter->restore();
    }
};

} // namespace

GridCache::GridCache(QCustomPlot* plot)
    : QCPLayerable(plot, QStringLiteral("grid"))
    , m_axes {plot->xAxis, plot->yAxis}
{
    setObjectName(QStringLiteral("rs-grid-cache"));
    for (QCPAxis* axis : m_axes)
        axis->grid()->setVisible(false); // drawn here instead
}

bool GridCache::keyOf(const QPaintDevice& device, Key& key) const
{
    auto axisKey = [](const QCPAxis* axis, AxisKey& k) {
        // Log axes with a log ticker: their minor ticks follow from the major ones, the base and
        // the count. Another ticker may place its minor ticks as it likes: not cached.
        const auto* log = dynamic_cast<const QCPAxisTickerLog*>(axis->ticker().data());
        if (axis->scaleType() != QCPAxis::stLogarithmic || !log)
            return false;
        k.lower = axis->range().lower;
        k.upper = axis->range().upper;
        k.logBase = log->logBase();
        k.subTicks = axis->subTicks() ? log->subTickCount() : -1;
        k.ticks = axis->tickVector();
        return true;
    };
    auto gridKey = [](const QCPGrid* grid, GridKey& k) {
        k.pen = grid->pen();
        k.subPen = grid->subGridPen();
        k.zeroPen = grid->zeroLinePen();
        k.subVisible = grid->subGridVisible();
        k.antialiased = grid->antialiased();
        k.subAntialiased = grid->antialiasedSubGrid();
        k.zeroAntialiased = grid->antialiasedZeroLine();
    };
    if (!axisKey(m_axes[0], key.x) || !axisKey(m_axes[1], key.y))
        return false;
    gridKey(m_axes[0]->grid(), key.xGrid);
    gridKey(m_axes[1]->grid(), key.yGrid);
    key.axisRect = m_axes[0]->axisRect()->rect();
    key.viewport = mParentPlot->viewport();
    key.pixels = QSize(device.width(), device.height());
    key.ratio = device.devicePixelRatioF();
    key.antialiasedElements = static_cast<int>(mParentPlot->antialiasedElements());
    key.notAntialiasedElements = static_cast<int>(mParentPlot->notAntialiasedElements());
    return true;
}

void GridCache::drawGrids(QCPPainter* painter) const
{
    for (QCPAxis* axis : m_axes)
        GridAccess::drawAsLayerChild(axis->grid(), painter);
}

void GridCache::draw(QCPPainter* painter)
{
    QPaintDevice* device = painter->device();
    const QPaintEngine* engine = painter->paintEngine();
    Key key;
    // Only into a paint buffer as the window draws it (a raster device, no transform of the
    // painter's own); a vector file or a scaled pixmap gets the grids drawn directly.
    if (!device || !engine || engine->type() != QPaintEngine::Raster || !painter->transform().isIdentity()
        || painter->modes().testFlag(QCPPainter::pmVectorized) || !keyOf(*device, key)) {
        drawGrids(painter);
        return;
    }
    if (!m_valid || !(key == m_key)) {
        // As the layer draws into its paint buffer: a fresh painter on a transparent image of
        // the buffer's size and pixel ratio.
        if (m_image.size() != key.pixels)
            m_image = QImage(key.pixels, QImage::Format_ARGB32_Premultiplied);
        m_image.setDevicePixelRatio(key.ratio);
        m_image.fill(Qt::transparent);
        {
            QCPPainter p(&m_image);
            drawGrids(&p);
        }
        m_key = std::move(key);
        m_valid = true;
        ++m_renders;
    }
    // Copied pixel for pixel onto the buffer, whatever the painter's clip.
    painter->save();
    painter->setClipping(false);
    painter->drawImage(QPointF(0, 0), m_image);
    painter->restore();
}

} // namespace roofline::ui
