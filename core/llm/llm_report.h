// SPDX-License-Identifier: MIT
#pragma once

#include "core/llm/llm_analysis.h"
#include "core/report/report.h"

#include <string>

namespace roofline {

/// The `roofline llm` output. JSON per phase: phase, flops, bytes, intensity, regime,
/// time_lower_bound_s, tokens_per_s (+ per stream, weight/KV bytes and fractions, roof, ridge),
/// and with `layers` a list of rows: name, flops, bytes, intensity, regime, time_lower_bound_s.
/// "memory: weights 16.1 GB + KV cache 8.59 GB + activations 738 MB = 25.4 GB of 80 GB: fits;
/// at most 54 sequences at 8193 tokens" (or "does not fit ...").
std::string llmMemoryLine(const LlmAnalysis& a);
/// "critical batch: decode reaches the ridge at batch 296 ..." or why there is none.
std::string llmCriticalBatchLine(const LlmAnalysis& a);

std::string formatLlm(const LlmAnalysis& llm, const Roofline& roof, OutputFormat format, bool layers);

} // namespace roofline
