// SPDX-License-Identifier: MIT
#pragma once

#include <qcustomplot.h>

#include <QImage>

namespace roofline::ui {

/// The window's plot grid (the primary axes' major and minor grid lines), drawn once into an
/// image and copied onto the plot on later redraws while nothing it depends on has changed: the
/// axes' ranges, scales and ticks, the axis rect, the pens, the antialiasing and the buffer's
/// size and pixel ratio. A precision toggle, a drag step or a redraw of the same view keeps
/// the grid; a zoom, a pan, a resize or a new style draws it again. The minor grid is dots of
/// one device pixel, which the raster engine draws one by one (~5 M instructions a redraw).
///
/// It sits on the "grid" layer in place of the axes' own grids (hidden) and draws them exactly
/// as QCustomPlot's layer would (`GridCacheTest`: the same pixels as the plot without it). A
/// vector painter, a scaled one or axes that are not logarithmic get the grids drawn directly.
class GridCache : public QCPLayerable {
public:
    explicit GridCache(QCustomPlot* plot);

    /// How many times the grid was drawn into the image (for tests and benchmarks).
    int renders() const { return m_renders; }

protected:
    void applyDefaultAntialiasingHint(QCPPainter*) const override { }
    void draw(QCPPainter* painter) override;

private:
    struct AxisKey {
        double lower = 0, upper = 0, logBase = 0;
        int subTicks = -1;
        QVector<double> ticks;
        bool operator==(const AxisKey& o) const
        {
            return lower == o.lower && upper == o.upper && logBase == o.logBase && subTicks == o.subTicks
                && ticks == o.ticks;
        }
    };
    struct GridKey {
        QPen pen, subPen, zeroPen;
        bool subVisible = false, antialiased = false, subAntialiased = false, zeroAntialiased = false;
        bool operator==(const GridKey& o) const
        {
            return pen == o.pen && subPen == o.subPen && zeroPen == o.zeroPen && subVisible == o.subVisible
                && antialiased == o.antialiased && subAntialiased == o.subAntialiased
                && zeroAntialiased == o.zeroAntialiased;
        }
    };
    struct Key {
        AxisKey x, y;
        GridKey xGrid, yGrid;
        QRect axisRect, viewport;
        QSize pixels;
        double ratio = 0;
        int antialiasedElements = 0, notAntialiasedElements = 0;
        bool operator==(const Key& o) const
        {
            return x == o.x && y == o.y && xGrid == o.xGrid && yGrid == o.yGrid && axisRect == o.axisRect
                && viewport == o.viewport && pixels == o.pixels && ratio == o.ratio
                && antialiasedElements == o.antialiasedElements && notAntialiasedElements == o.notAntialiasedElements;
        }
    };
    /// The key of the current state; false when the grid is not cached (an axis that is not
    /// logarithmic with a log ticker: its minor ticks are the ticker's own choice).
    bool keyOf(const QPaintDevice& device, Key& key) const;
    /// Draws the axes' grids with `painter` as the grid layer would.
    void drawGrids(QCPPainter* painter) const;

    QCPAxis* m_axes[2]; ///< whose grids this draws: the plot's xAxis and yAxis
    QImage m_image;
    Key m_key;
    bool m_valid = false;
    int m_renders = 0;
};

} // namespace roofline::ui
