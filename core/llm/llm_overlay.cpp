// SPDX-License-Identifier: MIT
#include "core/llm/llm_overlay.h"

#include "core/common/text.h"
#include "core/model/units.h"

#include <cmath>

namespace roofline {

Result<LlmInputs> llmInputsFor(const LlmSettings& s, Precision roofPrecision, const std::vector<ModelSpec>& models)
{
    LlmInputs in;
    if (s.parameters) {
        in.model = modelFromParameters(*s.parameters);
    } else {
        const std::string key = toLower(s.model);
        const ModelSpec* found = nullptr;
        std::string candidates;
        for (const auto& m : models)
            if (m.id == key)
                found = &m;
        int matches = 0;
        if (!found) {
            const ModelSpec* only = nullptr;
            for (const auto& m : models)
                if (m.id.compare(0, key.size(), key) == 0) {
                    candidates += (candidates.empty() ? "" : ", ") + m.id;
                    only = &m;
                    ++matches;
                }
            if (matches == 1)
                found = only;
        }
        if (!found) {
            std::string known;
            for (const auto& m : models)
                known += (known.empty() ? "" : " ") + m.id;
            return Error {{}, 0, 0,
                matches > 1 ? "model '" + s.model + "' is ambiguous: " + candidates
                            : "unknown model '" + s.model + "'; known: " + known + " (or give --params)"};
        }
        in.model = *found;
    }
    in.weightPrecision = s.weightPrecision.value_or(roofPrecision);
    in.kvPrecision = s.kvPrecision.value_or(roofPrecision);
    in.bytesPerWeight = s.bytesPerWeight;
    in.batch = s.batch;
    in.prompt = s.prompt;
    in.context = s.context;
    in.fusedDecodeAttention = s.fusedDecodeAttention;
    in.causalPrefill = s.causalPrefill;
    in.chips = std::max(1, s.chips);
    in.computeEfficiency = s.computeEfficiency.value_or(1.0);
    in.memoryEfficiency = s.memoryEfficiency.value_or(1.0);
    in.kvBytesPerToken = s.kvBytesPerToken.value_or(0.0);
    return in;
}

Result<LlmAnalysis> analyzeLlm(const LlmSettings& s, const HardwareProfile& hw, const Roofline& roof,
    const std::vector<ModelSpec>& models, const ProfileCatalog* catalog)
{
    auto in = llmInputsFor(s, roof.precision, models);
    if (!in)
        return in.error();
    LlmAnalysis a;
    a.inputs = in.value();
    if (hw.interconnect) {
        a.inputs.linkBandwidth = hw.interconnect->bandwidth;
        a.inputs.linkName = hw.interconnect->name;
    } else if (a.inputs.chips > 1) {
        return Error {{}, 0, 0, hw.name + " has no interconnect in its profile: it cannot be split over chips"};
    }
    a.decode = evaluatePhase(decodeCost(a.inputs), roof, a.inputs.batch);
    a.prefill = evaluatePhase(prefillCost(a.inputs), roof, a.inputs.batch);
    a.trajectory = decodeTrajectory(a.inputs, roof);
    a.memory = memoryNeeds(a.inputs, hw);
    if (a.inputs.model.hasArchitecture() || a.inputs.model.parameters > 0)
        a.criticalBatch = criticalBatch(a.inputs, roof);
    if (a.criticalBatch && *a.criticalBatch > 1 && *a.criticalBatch <= 1024) {
        LlmInputs at = a.inputs;
        at.batch = *a.criticalBatch;
        const PhaseResult r = evaluatePhase(decodeCost(at), roof, at.batch);
        a.criticalPoint = PlotXY {r.placement.intensity, r.placement.roof()};
    }
    const HardwareProfile* faster = nullptr;
    if (catalog && !s.fasterHardware.empty())
        if (auto r = catalog->resolve(s.fasterHardware))
            faster = r.value();
    a.levers = decodeLevers(a.inputs, hw, roof, s.batchFactor, faster);
    return a;
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
        if (a.memory.capacityBytes) {
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
