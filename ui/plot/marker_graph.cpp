// SPDX-License-Identifier: MIT
#include "ui/plot/marker_graph.h"

#include <QPaintEngine>

#include <cmath>

namespace roofline::ui {

MarkerGraph::MarkerGraph(QCPAxis* keyAxis, QCPAxis* valueAxis)
    : QCPGraph(keyAxis, valueAxis)
{ }

MarkerGraph::Sprites& MarkerGraph::spritesFor(
    const QCPPainter& painter, const QCPScatterStyle& style, double scale) const
{
    const QPen pen = style.isPenDefined() ? style.pen() : this->pen();
    const bool antialiased = painter.antialiasing();
    const bool nonCosmetic = painter.modes().testFlag(QCPPainter::pmNonCosmetic);
    for (Sprites& s : m_sprites)
        if (s.shape == style.shape() && s.size == style.size() && s.scale == scale && s.pen == pen
            && s.brush == style.brush() && s.antialiased == antialiased && s.nonCosmetic == nonCosmetic)
            return s;
    // A graph draws a style or two (its own, and its selected points' one).
    if (m_sprites.size() >= 4)
        m_sprites.erase(m_sprites.begin());
    Sprites& s = m_sprites.emplace_back();
    s.shape = style.shape();
    s.size = style.size();
    s.scale = scale;
    s.pen = pen;
    s.brush = style.brush();
    s.antialiased = antialiased;
    s.nonCosmetic = nonCosmetic;
    // The shape's extent and its rim, a pixel of antialiasing and one of the offset to spare.
    s.half = static_cast<int>(std::ceil((style.size() + std::max(1.0, pen.widthF())) * scale / 2.0)) + 2;
    return s;
}

const QImage& MarkerGraph::sprite(Sprites& s, const QCPScatterStyle& style, int qx, int qy) const
{
    QImage& image = s.images[static_cast<size_t>(qy * kSteps + qx)];
    if (image.isNull()) {
        image = QImage(2 * s.half + 1, 2 * s.half + 1, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::transparent);
        QCPPainter p(&image);
        p.setMode(QCPPainter::pmNonCosmetic, s.nonCosmetic);
        // QPainter's own hint: QCPPainter's setAntialiasing would shift the drawing half a pixel.
        p.setRenderHint(QPainter::Antialiasing, s.antialiased);
        p.translate(s.half + static_cast<double>(qx) / kSteps, s.half + static_cast<double>(qy) / kSteps);
        p.scale(s.scale, s.scale);
        style.applyTo(&p, s.pen);
        style.drawShape(&p, 0.0, 0.0);
        ++m_spritesDrawn;
    }
    return image;
}

void MarkerGraph::drawScatterPlot(
    QCPPainter* painter, const QVector<QPointF>& scatters, const QCPScatterStyle& style) const
{
    applyScattersAntialiasingHint(painter); // as QCPGraph does: it may shift the painter half a pixel
    const QPaintEngine* engine = painter->paintEngine();
    const QTransform device = painter->deviceTransform();
    const bool sprites = engine && engine->type() == QPaintEngine::Raster
        && !painter->modes().testFlag(QCPPainter::pmVectorized) && device.type() <= QTransform::TxScale
        && device.m11() > 0 && device.m11() == device.m22() && style.shape() != QCPScatterStyle::ssNone
        && style.shape() != QCPScatterStyle::ssPixmap && style.shape() != QCPScatterStyle::ssCustom;
    if (!sprites) {
        QCPGraph::drawScatterPlot(painter, scatters, style);
        return;
    }
    painter->save();
    painter->resetTransform(); // the clip stays where it was on the device
    if (!painter->deviceTransform().isIdentity()) {
        // A device with a pixel ratio (a HiDPI window's buffers) keeps its scale: not a copy.
        painter->restore();
        QCPGraph::drawScatterPlot(painter, scatters, style);
        return;
    }
    Sprites& s = spritesFor(*painter, style, device.m11());
    for (const QPointF& at : scatters) {
        const QPointF d = device.map(at);
        if (!std::isfinite(d.x()) || !std::isfinite(d.y()))
            continue;
        // The device pixel and the half pixel the centre lands on (rounded).
        const double fx = std::floor(d.x() * kSteps + 0.5), fy = std::floor(d.y() * kSteps + 0.5);
        if (std::abs(fx) > 1e8 || std::abs(fy) > 1e8)
            continue;
        const int sx = static_cast<int>(fx), sy = static_cast<int>(fy);
        const int px = sx >= 0 ? sx / kSteps : -((-sx + kSteps - 1) / kSteps);
        const int py = sy >= 0 ? sy / kSteps : -((-sy + kSteps - 1) / kSteps);
        painter->drawImage(QPoint(px - s.half, py - s.half), sprite(s, style, sx - px * kSteps, sy - py * kSteps));
    }
    painter->restore();
}

} // namespace roofline::ui
