// SPDX-License-Identifier: MIT
#include "core/analysis/session_analysis.h"

namespace roofline {

HardwareProfile effectiveProfile(const HardwareProfile& profile, const Session& session)
{
    HardwareProfile p = profile;
    if (session.achievable)
        p.achievable = *session.achievable;
    return p;
}

Result<SessionAnalysis> analyzeSession(const HardwareProfile& profile, const Session& session, RoofKind kind)
{
    const HardwareProfile hw = effectiveProfile(profile, session);
    auto roof = makeRoofline(hw, session.precision, 0, kind);
    if (!roof)
        return roof.error();
    SessionAnalysis out {roof.value(), {}, {}};
    double total = 0.0;
    for (const Kernel& k : session.kernels)
        if (k.time)
            total += *k.time;
    for (const Kernel& k : session.kernels) {
        Roofline r = out.roof;
        if (k.precision && *k.precision != session.precision) {
            if (auto own = makeRoofline(hw, *k.precision, 0, kind))
                r = own.value();
            else
                out.notes.push_back("'" + k.name + "' is " + precisionName(*k.precision) + " but " + hw.id + " has no "
                    + precisionName(*k.precision) + " rate; judged against " + precisionName(session.precision));
        }
        Placement p = analyze(k, r);
        if (k.time && total > 0) {
            p.timeShare = *k.time / total;
            p.gain = (*k.time - std::min(*k.time, p.timeLowerBound)) / total;
        }
        out.placements.push_back(std::move(p));
    }
    return out;
}

PlotOptions plotOptionsFor(const Session& session)
{
    PlotOptions o;
    o.x = session.view.x;
    o.y = session.view.y;
    o.title = session.view.title;
    o.showAchievable = session.view.showAchievable;
    o.showLabels = session.view.showLabels;
    o.sizeByTimeShare = session.view.sizeByTimeShare;
    return o;
}

Result<PlotSpec> buildSessionPlot(const HardwareProfile& profile, const Session& session)
{
    auto analysis = analyzeSession(profile, session);
    if (!analysis)
        return analysis.error();
    return buildSessionPlot(profile, session, analysis.value());
}

PlotSpec buildSessionPlot(const HardwareProfile& profile, const Session& session, const SessionAnalysis& analysis)
{
    return buildPlotSpec(
        effectiveProfile(profile, session), analysis.roof, analysis.placements, plotOptionsFor(session));
}

} // namespace roofline
