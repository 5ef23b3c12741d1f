// SPDX-License-Identifier: MIT
#include "core/figure/compare_figure.h"

#include "core/model/kernel_name.h"
#include "core/model/units.h"
#include "core/report/compare_report.h"

#include <cmath>

namespace roofline {

PlotSpec buildComparisonFigure(const HardwareProfile& profile, const Comparison& c)
{
    // The after run's kernels, and those new in it, as points; each pair's before position as
    // the tail of its arrow (a hollow ring, drawn by the renderer).
    std::vector<Kernel> kernels;
    std::vector<Placement> placements;
    PlotOptions o;
    for (const ComparedKernel& k : c.pairs) {
        kernels.push_back(k.after);
        placements.push_back(k.afterPlacement);
        if (k.beforePlacement.achieved)
            o.alsoInside.push_back({k.beforePlacement.intensity, *k.beforePlacement.achieved});
    }
    kernels.insert(kernels.end(), c.newKernels.begin(), c.newKernels.end());
    placements.insert(placements.end(), c.newPlacements.begin(), c.newPlacements.end());
    o.title = "Before \xE2\x86\x92 after \xC2\xB7 {hardware} \xC2\xB7 {precision}";
    PlotSpec s = buildPlotSpec(profile, c.roof, kernels, placements, o);
    for (const ComparedKernel& k : c.pairs) {
        if (!k.beforePlacement.achieved || !k.afterPlacement.achieved || !k.speedup)
            continue;
        PlotArrow a;
        a.from = {k.beforePlacement.intensity, *k.beforePlacement.achieved};
        a.to = {k.afterPlacement.intensity, *k.afterPlacement.achieved};
        a.tone = std::abs(*k.speedup - 1.0) <= kChangeNoise ? PlotArrow::Tone::Unchanged
            : *k.speedup > 1.0                              ? PlotArrow::Tone::Faster
                                                            : PlotArrow::Tone::Slower;
        s.arrows.push_back(a);
    }
    std::string summary;
    if (c.totalAfter > 0)
        summary = formatQuantity(c.totalBefore, Dimension::Time) + " \xE2\x86\x92 "
            + formatQuantity(c.totalAfter, Dimension::Time) + " (" + formatNumber(c.totalBefore / c.totalAfter, 3)
            + "x)";
    for (bool wins : {true, false})
        for (const ComparedKernel* k : biggestChanges(c, wins, 1))
            summary += std::string(wins ? " \xC2\xB7 most saved: " : " \xC2\xB7 most lost: ")
                + shortKernelName(k->name, 24) + " " + formatNumber(*k->speedup, 3) + "x";
    if (!c.onlyBefore.empty() || !c.onlyAfter.empty())
        summary += " \xC2\xB7 " + std::to_string(c.onlyBefore.size()) + " gone, " + std::to_string(c.onlyAfter.size())
            + " new";
    s.subtitle = summary;
    return s;
}

} // namespace roofline
