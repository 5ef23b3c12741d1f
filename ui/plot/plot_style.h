// SPDX-License-Identifier: MIT
#pragma once

#include <QColor>
#include <QFont>
#include <QPalette>

namespace roofline::ui {

/// Colours and fonts of a figure. The same style draws the window and exports.
struct PlotStyle {
    QColor background {Qt::white};
    QColor foreground {0x20, 0x20, 0x20};
    QColor muted {0x70, 0x70, 0x70};
    QColor grid {0xd8, 0xd8, 0xd8};
    QColor subGrid {0xee, 0xee, 0xee};
    QColor roof {0x1a, 0x1a, 0x2e};
    QColor achievable {0x55, 0x55, 0x70};
    QColor ridge {0x80, 0x80, 0x80};
    // Okabe & Ito's colour-blind-safe palette: blue, vermillion, reddish purple (and the
    // markers differ by shape too: render_points.cpp).
    QColor memoryFill {0x00, 0x72, 0xb2, 22};
    QColor computeFill {0xd5, 0x5e, 0x00, 22};
    QColor memoryPoint {0x00, 0x72, 0xb2};
    QColor computePoint {0xd5, 0x5e, 0x00};
    QColor ridgePoint {0xcc, 0x79, 0xa7};
    QColor latencyPoint {0xe6, 0x9f, 0x00}; ///< Okabe-Ito orange: the third wall
    QColor aboveRoof {0xd6, 0x27, 0x28};
    QString fontFamily; ///< empty: the application font
    double fontScale = 1.0;
    /// Drawn in the window, beside the kernels table: the line under the key points to it.
    bool besideTable = false;

    QFont font(double pointSize, bool bold = false, bool italic = false) const;
    /// The axes' tick labels.
    QFont tickFont() const { return font(9); }
    /// The roof's own labels (its slope's bandwidth, its peak).
    QFont roofLabelFont() const { return font(9.5, true); }
    /// The names of the regions under the roof.
    QFont regionFont() const { return font(9.5, false, true); }
    static PlotStyle light();
    static PlotStyle dark();
    /// light() or dark(), whichever matches the palette's window colour.
    static PlotStyle forPalette(const QPalette& palette);
};

} // namespace roofline::ui
