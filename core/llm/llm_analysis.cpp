// SPDX-License-Identifier: MIT
#include "core/llm/llm_analysis.h"

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
        for (const auto& m : models) // the first of that id: a config given is ahead of the presets
            if (m.id == key) {
                found = &m;
                break;
            }
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
    if (in.model.stored && !s.weightPrecision && !s.bytesPerWeight) { // the checkpoint as stored
        in.weightPrecision = in.model.stored->precision;
        in.bytesPerWeight = in.model.stored->bytesPerWeight;
        in.weightSource = "as stored: " + in.model.stored->format;
    }
    in.batch = s.batch;
    in.prompt = s.prompt;
    in.context = s.context;
    in.fusedDecodeAttention = s.fusedDecodeAttention;
    in.causalPrefill = s.causalPrefill;
    in.chips = std::max(1, s.chips);
    in.overlapAllReduce = s.overlapAllReduce;
    in.fusedPrefillAttention = s.fusedPrefillAttention;
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
        a.inputs.collectiveLatency = hw.interconnect->latency.value_or(a.inputs.collectiveLatency);
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

} // namespace roofline
