// SPDX-License-Identifier: MIT
// A session becomes a figure here, and only here: its view settings as plot options, its kernels'
// placements as points, its LLM panel as an overlay, and (for the nominal figure) its labels laid
// out. The window, `roofline export` and the golden tests all draw what these give.
#pragma once

#include "core/analysis/session_analysis.h"
#include "core/io/profile_catalog.h"
#include "core/llm/llm_analysis.h"
#include "core/model/session.h"
#include "core/plot/plot_spec.h"

#include <string>
#include <vector>

namespace roofline {

/// PlotOptions from the session's view settings. Compared accelerators (view.compare) are found
/// in `catalog` (unknown ids are skipped); compared precisions need only the profile.
PlotOptions plotOptionsFor(
    const Session& session, const HardwareProfile* profile = nullptr, const ProfileCatalog* catalog = nullptr);

/// The figure of a session (the window and `roofline export SESSION` both draw this).
Result<PlotSpec> buildSessionPlot(const HardwareProfile& profile, const Session& session);
/// `layOutLabels` false: the labels are left for the renderer to lay out at its size (the window
/// and exports); true lays them out for the nominal figure (`plotSpecToText`).
PlotSpec buildSessionPlot(const HardwareProfile& profile, const Session& session, const SessionAnalysis& analysis,
    const ProfileCatalog* catalog = nullptr, bool layOutLabels = true, const std::vector<PlotXY>& alsoInside = {});

/// Adds the phases (as points with labels), the trajectory and the lever arrows to `spec`.
/// `layOutLabels`: lay the figure's labels out again for the nominal figure (buildSessionPlot).
void addLlmOverlay(PlotSpec& spec, const LlmAnalysis& llm, const LlmSettings& settings, bool layOutLabels = true);

/// The whole figure of a session: its kernels and, when its LLM panel is on, the LLM overlay.
/// The window and `roofline export SESSION` both draw this. An LLM setting that cannot be
/// evaluated (unknown model) leaves the overlay out and says why in `llmError`.
PlotSpec buildSessionFigure(const HardwareProfile& profile, const Session& session, const SessionAnalysis& analysis,
    const std::vector<ModelSpec>& models, const ProfileCatalog* catalog, std::string* llmError = nullptr,
    bool layOutLabels = true);

} // namespace roofline
