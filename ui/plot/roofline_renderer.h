// SPDX-License-Identifier: MIT
// Maps a core PlotSpec onto a QCustomPlot. The window and every export use this one function,
// so what is exported is what the window shows.
#pragma once

#include "core/plot/plot_spec.h"
#include "ui/plot/plot_style.h"

#include <map>
#include <vector>

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
/// The property on a kernel's name (a QCPItemText) that holds the kernel's index.
inline constexpr const char* kLabelKernel = "rs_kernel";
} // namespace plotnames

/// Each kernel's number in the keys of panels drawn side by side: kernel index -> number.
using KeyNumbers = std::map<int, int>;

/// Replaces everything on `plot` with the figure `spec` describes (axes, ceilings, ridge,
/// labels, points, legend, title), sets the axis ranges from the spec and keeps rotated labels
/// aligned with their lines whenever the layout changes. Does not replot. `keyRoom` and the
/// `keyFloor` and the result: as drawLabels.
int renderPlotSpec(QCustomPlot& plot, const PlotSpec& spec, const PlotStyle& style, int keyRoom = 0, int keyFloor = 0,
    const KeyNumbers* shared = nullptr);

/// Lays the figure's labels out for the plot's size, its current view and the renderer's fonts
/// (layoutLabels) and draws them, their leader lines and the key under the plot, replacing
/// those of an earlier call. renderPlotSpec calls it; the window calls it again when a resize or
/// a zoom has moved the points under the text. Does not replot. `keyRoom`: the height in pixels
/// the key under the plot is expected to take (the caller's last drawing; 0 for a new figure):
/// when the key keeps that height the labels are laid out once. Returns the key's height as
/// drawn, for the caller's next drawing. `keyFloor`: the band under the plot is at least this
/// tall, empty where the key needs less (the window keeps the plot's height while a precision
/// toggle makes the key come and go).
/// `shared`: small multiples number each kernel alike in every panel (kernel index -> number);
/// the layout still decides which kernels a panel numbers.
int drawLabels(QCustomPlot& plot, const PlotSpec& spec, const PlotStyle& style, int keyRoom = 0, int keyFloor = 0,
    const KeyNumbers* shared = nullptr);

/// The kernels (indices) `plot`'s last drawing numbered at their points and named in its key.
std::vector<int> keyedKernels(const QCustomPlot& plot);

/// The font a label of `role` is drawn in (and its key number, when it has one).
QFont labelFont(LabelRole role, const PlotStyle& style);

} // namespace roofline::ui
