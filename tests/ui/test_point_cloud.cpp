// SPDX-License-Identifier: MIT
// The point cloud's raster path: a sprite per device pixel, so stacked markers do not darken.
#include "core/plot/plot_spec.h"
#include "ui/plot/point_cloud.h"

#include <qcustomplot.h>

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include <QImage>

using namespace roofline;

namespace {
// One cloud of points on a horizontal line at the centres of the given thinning cells (x axis
// 1e-1..1e4 over a 500-pixel plot: about five cells to a pixel).
QImage lineOfCells(const std::vector<int>& cells, double scale)
{
    QCustomPlot plot;
    plot.resize(500, 400);
    for (QCPAxis* a : {plot.xAxis, plot.yAxis}) {
        a->setScaleType(QCPAxis::stLogarithmic);
        a->setRange(1e-1, 1e4);
    }
    QVector<double> xs, ys;
    const double lo = std::log(1e-1), step = (std::log(1e4) - lo) / kThinningGrid;
    for (int c : cells) {
        xs << std::exp(lo + (c + 0.5) * step);
        ys << 100.0;
    }
    auto* cloud = new ui::PointCloud(plot.xAxis, plot.yAxis);
    cloud->setMarker(QColor(0x1f, 0x77, 0xb4), 8);
    cloud->setPoints(xs, ys);
    return plot.toPixmap(500, 400, scale).toImage().convertToFormat(QImage::Format_RGB32);
}

QRect colouredBox(const QImage& image)
{
    QRect box;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (const QColor c(image.pixel(x, y)); c.blue() - c.red() > 40) // the marker's blue
                box |= QRect(x, y, 1, 1);
    return box;
}
} // namespace

TEST(PointCloud, TwoPointsWhoseMarkersLandOnOnePixelDrawOneMarker)
{
    // Sprites land on whole pixels, so two cells a fifth of a pixel apart mostly share one. The
    // second marker there is not drawn: drawn again, it would only darken the first's rim.
    for (double scale : {1.0, 1.5}) {
        int shared = 0;
        for (int c = 1200; c < 1260; ++c) {
            const QImage a = lineOfCells({c}, scale), b = lineOfCells({c + 1}, scale);
            ASSERT_FALSE(colouredBox(a).isEmpty());
            if (a != b)
                continue; // the two markers land on different pixels
            ++shared;
            EXPECT_EQ(lineOfCells({c, c + 1}, scale), a) << "cells " << c << " and " << c + 1 << ", scale " << scale;
        }
        EXPECT_GT(shared, 20) << "most neighbouring cells share a pixel";
        // Markers a few pixels apart are both drawn.
        const QImage apart = lineOfCells({1200, 1230}, scale);
        EXPECT_GT(colouredBox(apart).width(), colouredBox(lineOfCells({1200}, scale)).width() + 2);
    }
}
