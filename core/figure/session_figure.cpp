// SPDX-License-Identifier: MIT
#include "core/figure/session_figure.h"

#include "core/labels/label_layout.h"
#include "core/model/units.h"

namespace roofline {

PlotOptions plotOptionsFor(const Session& session, const HardwareProfile* profile, const ProfileCatalog* catalog)
{
    PlotOptions o;
    o.x = session.view.x;
    o.y = session.view.y;
    o.title = session.view.title;
    o.showAchievable = session.view.showAchievable;
    o.showLabels = session.view.showLabels;
    o.sizeByTimeShare = session.view.sizeByTimeShare;
    o.showOtherPrecisions = session.view.showOtherPrecisions;
    o.showLevels = session.view.showLevels;
    o.showInterconnect = session.view.showInterconnect;
    o.fitAxes = session.view.fitAxes;
    o.labelAt = session.view.labelAt;
    if (profile) {
        const HardwareProfile hw = effectiveProfile(*profile, session);
        for (Precision p : session.view.comparePrecisions)
            if (p != session.precision)
                if (auto r = makeRoofline(hw, p))
                    o.compare.push_back({r.value(), hw.name + " \xC2\xB7 " + precisionLabel(p)});
    }
    if (catalog)
        for (const auto& id : session.view.compare) {
            auto found = catalog->resolve(id);
            if (!found || (profile && found.value()->id == profile->id))
                continue;
            const HardwareProfile& other = *found.value();
            const Precision p = other.hasPrecision(session.precision) ? session.precision : other.defaultPrecision();
            if (auto r = makeRoofline(other, p)) {
                o.compare.push_back(
                    {r.value(), other.name.substr(0, other.name.find(" (")) + " \xC2\xB7 " + precisionLabel(p)});
                o.rangeProfiles.push_back(&other);
            }
        }
    return o;
}

Result<PlotSpec> buildSessionPlot(const HardwareProfile& profile, const Session& session)
{
    auto analysis = analyzeSession(profile, session);
    if (!analysis)
        return analysis.error();
    return buildSessionPlot(profile, session, analysis.value());
}

PlotSpec buildSessionPlot(const HardwareProfile& profile, const Session& session, const SessionAnalysis& analysis,
    const ProfileCatalog* catalog, bool layOutLabels, const std::vector<PlotXY>& alsoInside)
{
    PlotOptions o = plotOptionsFor(session, &profile, catalog);
    o.alsoInside = alsoInside;
    PlotSpec spec = buildPlotSpec(
        effectiveProfile(profile, session), analysis.roof, session.kernels, analysis.placements, o, analysis.summary);
    if (layOutLabels)
        layoutPointLabels(spec);
    return spec;
}

void addLlmOverlay(PlotSpec& spec, const LlmAnalysis& a, const LlmSettings& s, bool layOutLabels)
{
    auto phasePoint = [&](const PhaseResult& r, const std::string& name, const std::string& detail) {
        PlotPoint pt;
        pt.name = name;
        pt.kind = PlotPoint::Kind::LlmPhase;
        pt.at = {r.placement.intensity, r.placement.roof()};
        pt.regime = r.placement.regime;
        pt.size = 1.3;
        spec.points.push_back(pt);
        spec.labels.push_back(
            {LabelRole::PointLabel, name + "\n" + regimeName(r.placement.regime) + " \xC2\xB7 " + detail, pt.at,
                std::nullopt, PlotLabel::Align::Left, PlotLabel::VAlign::Middle});
        spec.labels.back().weight = 2.0; // the phases are named before any kernel
    };
    phasePoint(a.decode, "decode, batch " + std::to_string(a.inputs.batch),
        formatQuantity(a.decode.timeLowerBound, Dimension::Time) + "/token");
    phasePoint(a.prefill,
        "prefill, " + std::to_string(a.inputs.prompt) + " tokens"
            + (a.inputs.batch > 1 ? " x " + std::to_string(a.inputs.batch) : ""),
        "TTFT " + formatQuantity(a.prefill.timeLowerBound, Dimension::Time));
    if (s.trajectory) {
        // Batches 1, 2, 4 ...: those past the largest that fits in memory go apart, from the
        // last that fits (the line stays joined).
        spec.trajectory = a.trajectory;
        if (a.memory.capacityBytes && a.memory.maxBatchKnown) {
            std::size_t fit = 0;
            while (fit < a.trajectory.size() && (1 << fit) <= a.memory.maxBatch)
                ++fit;
            if (fit < a.trajectory.size()) {
                spec.trajectory.assign(a.trajectory.begin(), a.trajectory.begin() + static_cast<std::ptrdiff_t>(fit));
                spec.trajectoryBeyondMemory.assign(
                    a.trajectory.begin() + static_cast<std::ptrdiff_t>(fit ? fit - 1 : 0), a.trajectory.end());
            }
        }
        // Name the two ends of the sweep.
        spec.labels.push_back({LabelRole::PointLabel, "b=1", a.trajectory.front(), std::nullopt, PlotLabel::Align::Left,
            PlotLabel::VAlign::Middle});
        spec.labels.push_back({LabelRole::PointLabel, "b=1024", a.trajectory.back(), std::nullopt,
            PlotLabel::Align::Left, PlotLabel::VAlign::Middle});
        spec.labels[spec.labels.size() - 2].weight = spec.labels.back().weight = 1.5;
        // Where decode reaches the ridge, when the sweep gets there.
        if (a.criticalPoint) {
            spec.labels.push_back({LabelRole::PointLabel, "critical batch " + std::to_string(*a.criticalBatch),
                *a.criticalPoint, std::nullopt, PlotLabel::Align::Left, PlotLabel::VAlign::Above});
            spec.labels.back().weight = 1.4;
        }
    }
    if (s.levers)
        for (const auto& l : a.levers) {
            spec.arrows.push_back({l.from, l.to, l.label});
            spec.labels.push_back(
                {LabelRole::LeverLabel, l.label, l.to, std::nullopt, PlotLabel::Align::Left, PlotLabel::VAlign::Above});
        }
    if (layOutLabels)
        layoutPointLabels(spec);
}

PlotSpec buildSessionFigure(const HardwareProfile& profile, const Session& session, const SessionAnalysis& analysis,
    const std::vector<ModelSpec>& models, const ProfileCatalog* catalog, std::string* llmError, bool layOutLabels)
{
    if (!session.llm.enabled)
        return buildSessionPlot(profile, session, analysis, catalog, layOutLabels);
    auto llm = analyzeLlm(session.llm, effectiveProfile(profile, session), analysis.roof, models, catalog);
    if (!llm) {
        if (llmError)
            *llmError = llm.error().message;
        return buildSessionPlot(profile, session, analysis, catalog, layOutLabels);
    }
    // The axes hold the phases, the batch sweep and the levers as they hold the kernels.
    const LlmAnalysis& a = llm.value();
    std::vector<PlotXY> inside {{a.decode.placement.intensity, a.decode.placement.roof()},
        {a.prefill.placement.intensity, a.prefill.placement.roof()}};
    if (session.llm.trajectory)
        inside.insert(inside.end(), a.trajectory.begin(), a.trajectory.end());
    if (session.llm.levers)
        for (const auto& l : a.levers)
            inside.push_back(l.to);
    // Split over chips, the link is the third wall: its roof is drawn beside the memory's.
    Session drawn = session;
    if (a.inputs.chips > 1)
        drawn.view.showInterconnect = true;
    PlotSpec spec = buildSessionPlot(profile, drawn, analysis, catalog, layOutLabels, inside);
    addLlmOverlay(spec, a, session.llm, layOutLabels);
    return spec;
}

} // namespace roofline
