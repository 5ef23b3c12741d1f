// SPDX-License-Identifier: MIT
// Internal to ui/plot: the steps of renderPlotSpec that draw points (roofline_renderer.cpp draws
// the frame, the roofs and the text; render_points.cpp the points).
#pragma once

#include "core/plot/plot_spec.h"
#include "ui/plot/plot_style.h"

#include <qcustomplot.h>

#include <string>
#include <vector>

namespace roofline::ui::render {

/// Properties of a label written along a line: the second point of that line (data coordinates),
/// which the renderer turns the text towards after every layout.
inline constexpr const char* kAlongX = "rs_alongX";
inline constexpr const char* kAlongY = "rs_alongY";

inline QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

/// The levers' green, readable on the style's background.
inline QColor leverColour(const PlotStyle& style)
{
    return style.background.lightness() < 128 ? QColor(0x7d, 0xd3, 0x8a) : QColor(0x1b, 0x7f, 0x3b);
}

/// A polyline through `pts`.
QCPGraph* addLine(QCustomPlot& plot, const std::vector<PlotXY>& pts, const QPen& pen);

/// The figure's points by what draws them, in one walk (10^5 points are megabytes: a walk per
/// series cost more than the series): kernels by regime, measured or not ([regime][measured]);
/// points above their roof; inner-level and LLM points, in figure order.
struct PointGroups {
    QVector<double> x[kRegimeCount][2], y[kRegimeCount][2];
    /// A crowded figure's clouds take the logarithms the figure took (10^6 logarithms less).
    bool logsGiven = false;
    std::vector<float> lx[kRegimeCount][2], ly[kRegimeCount][2];
    QVector<double> aboveX, aboveY;
    std::vector<const PlotPoint*> levels, llm;
};
PointGroups groupPoints(const PlotSpec& spec);

void addHeadroomDrops(QCustomPlot& plot, const PlotSpec& spec, const PlotStyle& style);
void addKernelPoints(QCustomPlot& plot, const PlotSpec& spec, PointGroups& g, const PlotStyle& style);
void addLevelLinks(QCustomPlot& plot, const PlotSpec& spec, const PlotStyle& style);
void addLevelPoints(QCustomPlot& plot, const std::vector<const PlotPoint*>& levelPoints, const PlotStyle& style);
void addLlmPoints(QCustomPlot& plot, const std::vector<const PlotPoint*>& llmPoints, const PlotStyle& style);
void addTrajectoryAndLevers(QCustomPlot& plot, const PlotSpec& spec, const PlotStyle& style);
/// The levers' arrows and a comparison's moves (with their before rings and legend entries).
void addArrows(QCustomPlot& plot, const PlotSpec& spec, const PlotStyle& style);

} // namespace roofline::ui::render
