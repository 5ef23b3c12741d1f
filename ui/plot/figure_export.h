// SPDX-License-Identifier: MIT
#pragma once

#include "core/plot/plot_spec.h"
#include "ui/plot/plot_style.h"

#include <QImage>
#include <QString>

#include <functional>
#include <optional>
#include <vector>

namespace roofline::ui {

struct ExportOptions {
    int width = 1000; ///< logical size: the layout the figure is drawn at
    int height = 650;
    int dpi = 144; ///< PNG pixels = width x dpi / 96; written into the PNG as its resolution
};

/// The formats an export can write, by file suffix.
bool isSupportedFigureSuffix(const QString& suffix);

/// Draws `spec` with the shared renderer and writes it to `path` (.png, .svg or .pdf, by suffix).
/// The file is written atomically (QSaveFile): on failure the previous file is untouched.
/// Returns an error message, or nothing on success. Needs a QApplication (QCustomPlot is a widget).
std::optional<QString> exportFigure(
    const PlotSpec& spec, const PlotStyle& style, const QString& path, const ExportOptions& options);

/// Small multiples: the specs side by side in one file (2 columns), each panel `options.width` x
/// `options.height`. Same formats and the same atomic write as exportFigure. `canvas` (if given,
/// for a PNG): called once the plots are laid out, just before the drawing, for the pixels made
/// ahead by pngCanvas for as many panels, the same style and options (one that does not fit is
/// not used).
std::optional<QString> exportPanels(const std::vector<PlotSpec>& specs, const PlotStyle& style, const QString& path,
    const ExportOptions& options, const std::function<QImage()>& canvas = {});

/// What a PNG of `panels` panels is drawn into before anything is drawn: an opaque image of its
/// pixel size filled with the style's background (null if the options are out of range). It
/// needs no QApplication, so the command line has a helper make it beside the fonts (5.85 MB of
/// fresh memory at the default size, every pixel written: ~0.6 ms).
QImage pngCanvas(size_t panels, const PlotStyle& style, const ExportOptions& options);

} // namespace roofline::ui
