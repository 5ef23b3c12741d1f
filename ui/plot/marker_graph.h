// SPDX-License-Identifier: MIT
// A QCPGraph whose scatter markers are copied from sprites on a raster device. QCustomPlot draws
// each marker as a shape (an antialiased circle with its rim is a path stroked and filled: 15 us
// each, most of a 100-kernel PNG's points). Here each marker is drawn once per half-pixel
// position, into a small image at the device's resolution, and each point copies the image of
// its position: a marker lands within a quarter of a device pixel of QCustomPlot's own, and is
// its pixels when its centre is on a half pixel (Export.AMarkerGraphCopiesQCustomPlotsMarkersFromSprites).
// Vector output (SVG, PDF), rotated painters and devices with a pixel ratio (a HiDPI window) get
// QCustomPlot's shapes. The renderer uses it for the kernels of series of fewer than 2,000
// points (more are PointClouds).
#pragma once

#include <qcustomplot.h>

#include <QImage>

#include <array>
#include <vector>

namespace roofline::ui {

class MarkerGraph : public QCPGraph {
    Q_OBJECT
public:
    MarkerGraph(QCPAxis* keyAxis, QCPAxis* valueAxis);

    /// Marker images drawn so far (one per scatter style, scale and half-pixel position).
    int spritesDrawn() const { return m_spritesDrawn; }

protected:
    void drawScatterPlot(
        QCPPainter* painter, const QVector<QPointF>& scatters, const QCPScatterStyle& style) const override;

private:
    /// Positions per device pixel on each axis: a marker is drawn at one of 2 x 2 offsets (4 x 4
    /// drew more sprites than it saved markers at 100 kernels).
    static constexpr int kSteps = 2;
    struct Sprites {
        QCPScatterStyle::ScatterShape shape = QCPScatterStyle::ssNone;
        double size = 0, scale = 0;
        QPen pen;
        QBrush brush;
        bool antialiased = false, nonCosmetic = false;
        int half = 0; ///< the marker's centre is this many pixels from each image's top-left corner (plus its offset)
        std::array<QImage, kSteps * kSteps> images;
    };
    Sprites& spritesFor(const QCPPainter& painter, const QCPScatterStyle& style, double scale) const;
    const QImage& sprite(Sprites& s, const QCPScatterStyle& style, int qx, int qy) const;

    mutable std::vector<Sprites> m_sprites;
    mutable int m_spritesDrawn = 0;
};

} // namespace roofline::ui
