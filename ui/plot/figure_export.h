// SPDX-License-Identifier: MIT
#pragma once

#include "core/plot/plot_spec.h"
#include "ui/plot/plot_style.h"

#include <QString>

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
/// The file is written atomically (writeFileAtomically): on failure the previous file is
/// untouched. Returns an error message, or nothing on success. Needs a QApplication (QCustomPlot
/// is a widget).
std::optional<QString> exportFigure(
    const PlotSpec& spec, const PlotStyle& style, const QString& path, const ExportOptions& options);

/// Small multiples: the specs side by side in one file (2 columns), each panel `options.width` x
/// `options.height`. Same formats and the same atomic write as exportFigure.
std::optional<QString> exportPanels(
    const std::vector<PlotSpec>& specs, const PlotStyle& style, const QString& path, const ExportOptions& options);

} // namespace roofline::ui
