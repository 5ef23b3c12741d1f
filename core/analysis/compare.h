// SPDX-License-Identifier: MIT
// Two runs of the same program, kernel by kernel: which got faster, which slower, which moved
// on the roofline, which appeared or went; and the gate a CI job applies to them.
#pragma once

#include "core/analysis/session_analysis.h"
#include "core/common/result.h"

#include <optional>
#include <string>
#include <vector>

namespace roofline {

/// One kernel in both runs: its launches summed by name in each, and both placed on one roof.
struct ComparedKernel {
    std::string name;
    Kernel before, after;
    Placement beforePlacement, afterPlacement;
    std::optional<double> speedup; ///< before time / after time, when both are timed
    bool regimeChanged() const { return beforePlacement.regime != afterPlacement.regime; }
};

struct Comparison {
    Roofline roof;
    std::vector<ComparedKernel> pairs; ///< in the order of the BEFORE run
    std::vector<std::string> onlyBefore, onlyAfter;
    /// The kernels only the after run has, placed on the same roof (onlyAfter's order).
    std::vector<Kernel> newKernels;
    std::vector<Placement> newPlacements;
    double totalBefore = 0.0, totalAfter = 0.0; ///< s: the matched kernels' measured time
};

/// The name two runs are matched by: a launch's " #N" suffix dropped; with `match` (a regular
/// expression with one capture group, e.g. "^(.*)_v[0-9]+$") the captured part when it matches.
Result<std::string> matchKey(const std::string& name, const std::string& match);

/// Sums each run's kernels by matched name, places both on `profile`'s roof at `precision` and
/// pairs them. An invalid `match` expression is an error.
Result<Comparison> compareRuns(const std::vector<Kernel>& before, const std::vector<Kernel>& after,
    const HardwareProfile& profile, Precision precision, const std::string& match = {});

/// A kernel the gate stops: slower than the threshold, or below the floor of % of roof.
struct GateFailure {
    std::string name;
    std::string why; ///< "1.31 ms -> 1.52 ms: 16% slower (limit 5%)"
};

/// `maxSlowdown` 0.05: a kernel whose time grew by more than 5 % fails; `minRoofFraction` 0.3:
/// one whose achieved rate is under 30 % of its roof after fails. Kernels only in one run pass.
std::vector<GateFailure> gateRegressions(
    const Comparison& c, double maxSlowdown, std::optional<double> minRoofFraction = std::nullopt);

} // namespace roofline
