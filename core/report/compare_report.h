// SPDX-License-Identifier: MIT
// `roofline compare` and `roofline check` output: a table for people, JSON and CSV for tools.
#pragma once

#include "core/analysis/compare.h"
#include "core/report/report.h"

#include <string>

namespace roofline {

/// Per pair: time before and after, speedup, intensity and % of roof before and after, the
/// regime (and whether it changed); then the kernels only in one run and the summary (total
/// time before and after, the three biggest wins and losses). JSON: {hardware, precision,
/// pairs: [{name, before: {analyze's keys}, after: {...}, speedup, regime_changed}],
/// only_before, only_after, summary: {total_before_s, total_after_s, speedup, wins, losses}}.
std::string formatComparison(const Comparison& c, OutputFormat format);

/// The pairs as cells (NAME, BEFORE, AFTER, SPEEDUP, INTENSITY, % OF ROOF, REGIME; a move as
/// "before -> after", sorting by the after value), then the kernels new in the after run, in the
/// order the comparison figure numbers its points, then those gone.
CellTable comparisonCells(const Comparison& c);

/// The gate's verdict: "ok: 12 kernels within 5%" or a line per failing kernel.
std::string formatGate(
    const Comparison& c, const std::vector<GateFailure>& failures, double maxSlowdown, OutputFormat format);

/// The three pairs that gained (or lost) the most time, biggest first.
std::vector<const ComparedKernel*> biggestChanges(const Comparison& c, bool wins, std::size_t count = 3);
/// A speedup within this of 1 (2 %) is the noise between two runs, not a win or a loss.
inline constexpr double kChangeNoise = 0.02;

} // namespace roofline
