// SPDX-License-Identifier: MIT
#include "ui/plot/plot_style.h"

#include <QGuiApplication>

namespace roofline::ui {

QFont PlotStyle::font(double pointSize, bool bold, bool italic) const
{
    QFont f = fontFamily.isEmpty() ? QGuiApplication::font() : QFont(fontFamily);
    f.setPointSizeF(pointSize * fontScale);
    f.setBold(bold);
    f.setItalic(italic);
    return f;
}

PlotStyle PlotStyle::light()
{
    return PlotStyle {};
}

PlotStyle PlotStyle::dark()
{
    PlotStyle s;
    s.background = QColor(0x1e, 0x1f, 0x22);
    s.foreground = QColor(0xe6, 0xe6, 0xe6);
    s.muted = QColor(0xa0, 0xa0, 0xa8);
    s.grid = QColor(0x3a, 0x3c, 0x42);
    s.subGrid = QColor(0x2a, 0x2c, 0x30);
    s.roof = QColor(0xf0, 0xf0, 0xf5);
    s.achievable = QColor(0xb0, 0xb0, 0xc8);
    s.ridge = QColor(0x9a, 0x9a, 0xa0);
    s.memoryFill = QColor(0x56, 0xb4, 0xe9, 34); // Okabe & Ito's sky blue, orange, reddish purple
    s.computeFill = QColor(0xe6, 0x9f, 0x00, 34);
    s.memoryPoint = QColor(0x56, 0xb4, 0xe9);
    s.computePoint = QColor(0xe6, 0x9f, 0x00);
    s.ridgePoint = QColor(0xcc, 0x79, 0xa7);
    s.aboveRoof = QColor(0xff, 0x5a, 0x5a);
    return s;
}

PlotStyle PlotStyle::forPalette(const QPalette& palette)
{
    return palette.color(QPalette::Window).lightness() < 128 ? dark() : light();
}

} // namespace roofline::ui
