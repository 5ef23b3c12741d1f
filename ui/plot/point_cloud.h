// SPDX-License-Identifier: MIT
// Thousands of same-coloured markers on log-log axes, drawn fast: each point's logarithms are
// taken once (not twice per axis per redraw), points outside the axis rect are skipped, and on
// a raster device each marker is a sprite blitted at the device's resolution, once per device
// pixel it lands on. Vector output (SVG, PDF) gets real circles, once per thinning cell, so
// exported figures stay vector. The renderer draws every kernel series with it.
#pragma once

#include <qcustomplot.h>

#include <QImage>

#include <vector>

namespace roofline::ui {
namespace detail {
struct LogMap; ///< an axis's pixel as a function of a logarithm (point_cloud.cpp)
}

class PointCloud : public QCPAbstractPlottable {
    Q_OBJECT
public:
    PointCloud(QCPAxis* keyAxis, QCPAxis* valueAxis);

    /// Positive coordinates (others are skipped); replaces the points.
    void setPoints(const QVector<double>& xs, const QVector<double>& ys);
    /// The same given the coordinates' natural logarithms (pairs with a non-finite one are
    /// skipped), as a crowded figure has them already.
    void setLogPoints(std::vector<float> lx, std::vector<float> ly);
    /// Disc, Square and Triangle (pointing down) are filled; Ring is a circle's outline.
    enum class Shape { Disc, Ring, Square, Triangle };
    /// Markers of this colour and diameter (pixels at 96 dpi): filled discs, or rings drawn with
    /// a pen of `ringWidth` (the window rings the kernels whose regime just flipped).
    void setMarker(const QColor& colour, double diameter, Shape shape = Shape::Disc, double ringWidth = 3.0);
    Shape shape() const { return m_shape; }
    int pointCount() const { return static_cast<int>(m_lx.size()); }
    double selectTest(const QPointF& pos, bool onlySelectable, QVariant* details = nullptr) const override;
    QCPRange getKeyRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth) const override;
    QCPRange getValueRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth,
        const QCPRange& inKeyRange = QCPRange()) const override;

protected:
    void draw(QCPPainter* painter) override;
    void drawLegendIcon(QCPPainter* painter, const QRectF& rect) const override;

private:
    const QImage& sprite(double deviceScale) const;
    /// The pixel point i is drawn at (its thinning cell's centre on logarithmic axes).
    QPointF centre(size_t i, const detail::LogMap& mx, const detail::LogMap& my) const;
    /// Raster devices: a sprite per device pixel.
    void drawSprites(QCPPainter* painter, const detail::LogMap& mx, const detail::LogMap& my, const QRectF& clip);
    /// Vector devices (SVG, PDF): a shape per thinning cell.
    void drawShapes(QCPPainter* painter, const detail::LogMap& mx, const detail::LogMap& my, const QRectF& clip);

    /// Natural logarithms of the coordinates, in single precision: a float's 24 bits place a
    /// point within 10^-3 of a pixel on any axis this tool draws (ln 10^18 is 41), and a cloud
    /// of 10^5-10^6 points keeps half the memory.
    std::vector<float> m_lx, m_ly;
    QColor m_colour {Qt::black};
    double m_diameter = 8.0;
    Shape m_shape = Shape::Disc;
    double m_ringWidth = 3.0;
    mutable QImage m_sprite;
    mutable double m_spriteScale = 0.0;
};

} // namespace roofline::ui
