// SPDX-License-Identifier: MIT
// The label layout: where every text of a figure goes. This header is the whole module as its
// callers see it; the files beside it are its parts:
//   label_costs.h   what a place for a text costs: every weight, named, with what it trades
//   label_layout.cpp the search: roof labels slide along their lines, names take a side of their
//                   point or free space with a leader line, else a number and a line of the key
//   obstacles.h     the markers and drops a text avoids, indexed so a query looks only nearby
//   label_geometry.h boxes, rotated boxes and segments, and whether they touch
//   label_parts.h   the small pieces the search is made of (a place, the room kept for a number)
//   label_results.cpp the key kept to a number of lines; the padding a text along a line keeps
// The renderer (ui/plot/render_labels.cpp) measures texts in its fonts, calls layoutLabels for
// the plot's real size and draws the result; it owns the key's height (drawLabels).
#pragma once

#include "core/labels/label_costs.h"
#include "core/plot/plot_spec.h"

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace roofline {

/// A text's size in pixels: width, height.
using TextSize = std::pair<double, double>;

/// The plot area the label layout places text in (pixels), the text metrics it uses, and where
/// the legend sits. The defaults are a nominal figure (`--format spec`); the renderer gives the
/// real axis rect, its fonts and its legend.
struct LabelMetrics {
    double width = 860; ///< axis rect width
    double height = 520; ///< axis rect height
    double charWidth = 6.3; ///< without `measure`: every character this wide
    double lineHeight = 14; ///< without `measure`: every line this high
    double markerRadius = 7;
    /// The size of `text` in the font of `role`; empty: charWidth x lineHeight per character.
    std::function<TextSize(const std::string& text, LabelRole role)> measure;
    /// The legend's box in the plot area (pixels, y down); empty: estimated in the top-left.
    std::optional<std::array<double, 4>> legend;
    /// The axes' ranges as shown, when they are not the figure's own (a zoomed window).
    std::optional<AxisRange> x, y;
    /// What each kind of place costs (label_costs.h).
    LabelCosts costs {};
};

/// The labels of a figure laid out, and its key.
struct LabelLayoutResult {
    std::vector<PlotLabel> labels;
    std::vector<std::string> key;
    int unnamed = 0; ///< kernels whose name and number found no place that breaks no rule
    /// Kernels whose point lies outside the axes' ranges (a zoom, fixed ranges): not drawn, so
    /// neither named nor counted in `unnamed`.
    int outside = 0;
};

/// Places every label so that no text overlaps another text (or the legend), no roof, ceiling
/// or ridge line runs through a text, and every text stays inside the plot area. The roof's own
/// labels slide along their lines; a kernel's name takes a side of its point, or moves to free
/// space with a leader line, or, when there is no room, becomes a number at the point and a
/// line of the key; when not even its number has a place, the kernel is counted as not named.
/// Names are placed by weight (time share), the heaviest first.
LabelLayoutResult layoutLabels(const PlotSpec& spec, const LabelMetrics& metrics = {});
/// Keeps the `keep` heaviest of the key's lines (and their numbers at the points), renumbered in
/// figure order; the others' kernels are counted as not named. For a key taller than its figure.
void keepKeyLines(LabelLayoutResult& result, size_t keep);
/// layoutLabels, into the spec.
void layoutPointLabels(PlotSpec& spec, const LabelMetrics& metrics = {});

/// The gaps in pixels (left, top, right, bottom) the renderer keeps between a label written
/// along a line and its anchor on that line.
std::array<int, 4> alongLinePadding(const PlotLabel& label);

/// The points whose markers the label layout counts, in order: in a crowded figure one per
/// thinning cell and kind (the first), otherwise all. `logs`: each point's natural logarithms,
/// if taken already.
std::vector<size_t> labelLayoutMarkers(const PlotSpec& spec, const std::vector<PlotXY>* logs = nullptr);

} // namespace roofline
