// SPDX-License-Identifier: MIT
#pragma once

#include "core/plot/plot_spec.h"
#include "ui/plot/plot_style.h"

#include <QByteArray>
#include <QImage>
#include <QPointF>
#include <QString>

#include <optional>
#include <utility>
#include <vector>

namespace roofline::ui {

struct ExportOptions {
    int width = 1000; ///< logical size (1/96 in): the layout the figure is drawn at
    int height = 650;
    int dpi = 144; ///< PNG pixels = width x dpi / 96; written into the PNG as its resolution
    double fontScale = 1.0; ///< the style's fonts scaled by this (a preset's print sizes)
    /// PNG pixels per logical pixel; 0: dpi / 96. A preset prints at 300 dpi a layout made at
    /// fewer logical pixels per inch than 96, so that its text is not too small in print.
    double scale = 0.0;
    double pixelScale() const { return scale > 0.0 ? scale : dpi / 96.0; }
    /// Logical pixels per printed inch: the PNG's pixels over its dpi. A figure is the same
    /// size in inches as PNG, SVG and PDF (96 unless a preset lays out at another scale).
    double logicalDpi() const { return dpi / pixelScale(); }
};

/// A size people put figures in: a paper's single or double column, a 16:9 slide, as a PNG of
/// that many inches at 300 dpi (the slide: 1920 x 1080). Laid out at 137 (column) and 120 (page)
/// logical pixels to the inch with fonts scaled so that its smallest text prints at 7 pt.
struct ExportPreset {
    const char* id; ///< "column", "double", "slide"
    const char* name; ///< "Single column (3.5 in, 300 dpi)"
    ExportOptions options;
};
const std::vector<ExportPreset>& exportPresets();
/// The preset of that id, or nullptr.
const ExportPreset* findExportPreset(const std::string& id);

/// The figure as an export with `options` lays it out (its size, fonts and what a small figure
/// leaves out), drawn to fit `box` pixels: the export dialog's preview. Null for sizes out of range.
QImage renderFigurePreview(const PlotSpec& spec, const PlotStyle& style, const ExportOptions& options, QSize box);

/// The formats an export can write, by file suffix.
bool isSupportedFigureSuffix(const QString& suffix);

/// Draws `spec` with the shared renderer and writes it to `path` (.png, .svg or .pdf, by suffix).
/// The file is written atomically (writeFileAtomically): on failure the previous file is
/// untouched. Returns an error message, or nothing on success. Needs a QApplication (QCustomPlot
/// is a widget).
std::optional<QString> exportFigure(
    const PlotSpec& spec, const PlotStyle& style, const QString& path, const ExportOptions& options);

/// A figure as the SVG export writes it, and where each kernel's point lands in it (SVG units):
/// what a page lays its hover targets over. Kernels thinned out of a crowded figure have none.
struct SvgFigure {
    QByteArray svg;
    std::vector<std::pair<int, QPointF>> points; ///< (kernel index, position)
};
/// Needs a QApplication, as exportFigure. Nothing for a size out of range.
std::optional<SvgFigure> renderSvgFigure(const PlotSpec& spec, const PlotStyle& style, const ExportOptions& options);

/// Small multiples: the specs side by side in one file (2 columns), each panel `options.width` x
/// `options.height` under its own title (its part or precision), and `sharedTitle` (if any) in a
/// band above them all. Same formats and the same atomic write as exportFigure.
std::optional<QString> exportPanels(const std::vector<PlotSpec>& specs, const PlotStyle& style, const QString& path,
    const ExportOptions& options, const QString& sharedTitle = {});

} // namespace roofline::ui
