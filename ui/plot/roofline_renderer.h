// SPDX-License-Identifier: MIT
// Maps a core PlotSpec onto a QCustomPlot. The window and every export use this one function,
// so what is exported is what the window shows.
#pragma once

#include "core/plot/plot_spec.h"
#include "ui/plot/plot_style.h"

class QCustomPlot;

namespace roofline::ui {

/// Object names of what the renderer creates, for tests and the widget.
namespace plotnames {
inline constexpr const char* kRoof = "roof";
inline constexpr const char* kAchievable = "achievable-roof";
inline constexpr const char* kRidgeGuide = "ridge-guide";
inline constexpr const char* kRidgeLabel = "ridge-label";
inline constexpr const char* kTitle = "title";
inline constexpr const char* kSubtitle = "subtitle";
} // namespace plotnames

/// Replaces everything on `plot` with the figure `spec` describes (axes, ceilings, ridge,
/// labels, points, legend, title), sets the axis ranges from the spec and keeps rotated labels
/// aligned with their lines whenever the layout changes. Does not replot.
void renderPlotSpec(QCustomPlot& plot, const PlotSpec& spec, const PlotStyle& style);

} // namespace roofline::ui
