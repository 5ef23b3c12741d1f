// SPDX-License-Identifier: MIT
// One self-contained HTML file per analysis: the figures (inline SVG, drawn elsewhere by the
// figure renderer), the tables, a precision toggle and the inputs' provenance. No network, no
// server, no framework: a few dozen lines of plain script for hover, sort and toggle.
#pragma once

#include "core/report/report.h"

#include <string>
#include <utility>
#include <vector>

namespace roofline {

/// Where a table row's kernel is drawn in its view's figure, in the SVG's units.
struct HtmlPoint {
    double x = 0.0;
    double y = 0.0;
    int row = 0; ///< the table row (0: the first kernel, after the header)
};

using Facts = std::vector<std::pair<std::string, std::string>>;

/// One precision of the part: its figure, the kernel table and every figure of each kernel's
/// placement (shown when the pointer is on its point).
struct HtmlView {
    std::string id; ///< "fp8": the page's #fp8 shows this view
    std::string label; ///< "FP8" on its button
    std::string caption; ///< "NVIDIA H200 SXM 141GB · FP8 · ridge 412 FLOP/byte"
    std::string svg; ///< the figure as the SVG export writes it
    std::vector<HtmlPoint> points;
    CellTable table; ///< header first
    std::vector<Facts> facts; ///< per table row (may be empty for a row)
    std::vector<std::string> notes;
};

struct HtmlReport {
    std::string title;
    std::vector<std::string> summary; ///< lines under the title (a comparison's totals, a gate's verdict)
    std::vector<HtmlView> views;
    std::size_t shown = 0; ///< the view shown when the page opens without a #precision
    Facts provenance; ///< the inputs, the device, the profile's sources, the tool's version
    bool dark = false; ///< light text on a dark page, for figures drawn in the dark theme
};

/// The page. Every text is escaped (kernel names hold <, >, & and quotes); the figures are
/// inlined without their XML declaration; the page loads nothing (its Content-Security-Policy
/// forbids any request).
std::string renderHtmlReport(const HtmlReport& report);

/// `s` for HTML text and attribute values: & < > " ' as entities, control characters as \xNN.
std::string htmlEscape(const std::string& s);

} // namespace roofline
