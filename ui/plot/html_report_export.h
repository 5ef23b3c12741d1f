// SPDX-License-Identifier: MIT
// A report to share: one self-contained HTML file of a session or of two runs, each precision of
// the part pre-rendered by the figure renderer (the SVG export's drawing), with the kernel table
// and the inputs' provenance (core/report/html_report.h writes the page).
#pragma once

#include "core/analysis/compare.h"
#include "core/io/profile_catalog.h"
#include "core/llm/model_spec.h"
#include "core/model/session.h"
#include "ui/plot/plot_style.h"

#include <QString>

#include <optional>
#include <string>
#include <vector>

namespace roofline::ui {

/// Where a report's numbers come from, besides the profile (which the report reads itself).
struct ReportOrigin {
    std::vector<std::pair<std::string, std::string>> files; ///< (role, path): ("kernels", "ncu.csv")
    std::string device; ///< the device a profiler export names, if any
    std::vector<std::string> notes; ///< what reading the inputs noted (a guessed device, ...)
};

/// `style`: the figures' colours (PlotStyle::dark() makes a dark page around them).

/// The report of a session: every precision of `hw` a view (the session's own shown first), with
/// the figure `roofline export` draws at that precision and the table `analyze` prints. Written
/// atomically to `path`; an error message, or nothing. Needs a QApplication.
std::optional<QString> exportSessionReport(const HardwareProfile& hw, const Session& session, RoofKind kind,
    const std::vector<ModelSpec>& models, const ProfileCatalog* catalog, const ReportOrigin& origin,
    const QString& path, const PlotStyle& style = PlotStyle::light());

/// The report of two runs: per precision of `hw`, the before -> after figure (`compare -o`) and
/// the table of changes; `verdict`: a CI gate's lines, shown under the title. `shown`: the
/// precision the page opens at.
std::optional<QString> exportComparisonReport(const HardwareProfile& hw, const std::vector<Kernel>& before,
    const std::vector<Kernel>& after, Precision shown, const std::string& match, const ReportOrigin& origin,
    const std::vector<std::string>& verdict, const QString& path, const PlotStyle& style = PlotStyle::light());

} // namespace roofline::ui
