// SPDX-License-Identifier: MIT
// The LLM panel's view of a session: the model's decode and prefill placed on the roof, the
// batch trajectory and the lesson's levers (core/figure draws them).
#pragma once

#include "core/analysis/session_analysis.h"
#include "core/io/profile_catalog.h"
#include "core/llm/llm_workload.h"
#include "core/model/session.h"

#include <vector>

namespace roofline {

struct LlmAnalysis {
    LlmInputs inputs;
    PhaseResult decode;
    PhaseResult prefill;
    std::vector<LlmLever> levers;
    std::vector<PlotXY> trajectory;
    MemoryNeeds memory; ///< weights, KV cache and activations against the chip's memory
    std::optional<int> criticalBatch; ///< the batch at which decode reaches the ridge
    std::optional<PlotXY> criticalPoint; ///< decode at that batch, when within the sweep (1-1024)
};

/// The model and precisions the settings mean: a preset by id (or unique prefix), or a bare
/// parameter count; weight and KV precisions follow `roofPrecision` unless set.
Result<LlmInputs> llmInputsFor(
    const LlmSettings& settings, Precision roofPrecision, const std::vector<ModelSpec>& models);

/// Both phases against `roof`, the trajectory and the levers (the faster-memory lever needs
/// `catalog` to find settings.fasterHardware; an unknown id leaves that lever out).
Result<LlmAnalysis> analyzeLlm(const LlmSettings& settings, const HardwareProfile& hw, const Roofline& roof,
    const std::vector<ModelSpec>& models, const ProfileCatalog* catalog);

} // namespace roofline
