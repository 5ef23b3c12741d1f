// SPDX-License-Identifier: MIT
// Internal to ui/plot: the steps of renderPlotSpec (roofline_renderer.cpp draws the frame and the
// roofs; render_points.cpp the points; render_labels.cpp the labels on the plot; render_key.cpp
// the legend, the titles' fit and the key under the plot).
#pragma once

#include "core/labels/label_layout.h"
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

/// The title's and the subtitle's rows at the top of the figure, elided to its width, or none
/// (`shown` false: a small figure gave their lines to its plot) (roofline_renderer.cpp).
void setTitleRows(QCustomPlot& plot, const PlotSpec& spec, const PlotStyle& style, bool shown);

// --- the text around the plot (render_key.cpp) -------------------------------------------------

/// A line of the key under the plot: "3  gemm · memory-bound · 16x below roof".
struct KeyLine {
    int number = 0;
    std::string text;
};

/// The object name of the key's row under the plot (and of the room kept for it).
inline constexpr const char* kKeyName = "label-key";
/// The most of a paper figure's height the text around the plot may take: its plot keeps 55 %.
inline constexpr double kAroundShare = 0.45;

/// A paper's column or half a slide: the legend goes under the plot, the notes are short.
inline bool isSmallFigure(const QCustomPlot& plot)
{
    return plot.width() < 900 || plot.height() < 560;
}

/// A figure as small as a paper's (a column, 3.5 x 2.5 in, or a page's width, 7 x 4.2 in): the
/// titles, then the key give way before its plot area falls under 55 % of its height, and the
/// line under the key is short.
inline bool isPaperFigure(const QCustomPlot& plot)
{
    return plot.height() < 560;
}

/// The legend in the plot's empty top-left corner, or, in a small figure, in a row under the
/// plot where it takes no room from the labels: a smaller font, short names, as many columns as
/// the width holds, without the entries the figure's own labels make.
void placeLegend(QCustomPlot& plot, const PlotStyle& style);
/// The titles (setTitleRows: none when `withTitle` is false); the y axis's title as long as the axis
/// holds; decade ticks a line and a half apart at least.
void fitTitleAndAxisLabels(QCustomPlot& plot, const PlotSpec& spec, const PlotStyle& style, bool withTitle = true);
/// The most height the key may take, the plot laid out with `reserved` pixels kept for it: 30 %
/// of the figure's height, or in a paper figure what keeps its plot area 55 % of the height
/// (two lines at least).
int keyBudget(const QCustomPlot& plot, int reserved, const PlotStyle& style);
/// Fewer key lines when even one paragraph of names would take more than `budget` pixels (a
/// small figure of many kernels): the lightest kernels lose their numbers. `unnamed`: kernels
/// the spec already left unnamed (a line under the key). True when lines were dropped.
bool fitKey(LabelLayoutResult& laid, const QCustomPlot& plot, const PlotStyle& style, int budget, int unnamed);
/// The key under the plot in columns within `budget` pixels, and the line saying how many
/// kernels have no name at all and how many lie outside the view; null when there is neither.
QCPLayoutElement* addKey(
    QCustomPlot& plot, const std::vector<KeyLine>& key, int unnamed, int outside, const PlotStyle& style, int budget);

} // namespace roofline::ui::render
