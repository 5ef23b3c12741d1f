// SPDX-License-Identifier: MIT
#pragma once

#include "core/llm/llm_overlay.h"
#include "core/report/report.h"

#include <string>

namespace roofline {

/// The `roofline llm` output. JSON per phase: phase, flops, bytes, intensity, regime,
/// time_lower_bound_s, tokens_per_s (+ per stream, weight/KV bytes and fractions, roof, ridge),
/// and with `layers` a list of rows: name, flops, bytes, intensity, regime, time_lower_bound_s.
std::string formatLlm(const LlmAnalysis& llm, const Roofline& roof, OutputFormat format, bool layers);

} // namespace roofline
