// SPDX-License-Identifier: MIT
// The figure of two runs: each kernel an arrow from where it was to where it is, on one roof.
#pragma once

#include "core/analysis/compare.h"
#include "core/plot/plot_spec.h"

namespace roofline {

/// The after run's kernels as points (named by time share, as any figure), an arrow from each
/// pair's before point (green when faster, red when slower), axes that hold both runs, and the
/// summary in the subtitle: total time before and after, the biggest win and loss.
PlotSpec buildComparisonFigure(const HardwareProfile& profile, const Comparison& c);

} // namespace roofline
