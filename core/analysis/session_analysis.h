// SPDX-License-Identifier: MIT
// A whole session at once: every kernel placed against its roof, the regimes and time shares.
// core/figure turns it into the figure.
#pragma once

#include "core/analysis/roofline.h"
#include "core/model/hardware.h"
#include "core/model/session.h"

#include <string>
#include <vector>

namespace roofline {

/// How many kernels sit in each regime, and above their roof.
struct RegimeCounts {
    size_t memoryBound = 0, computeBound = 0, atRidge = 0, latencyBound = 0, aboveRoof = 0;
    void add(const Placement& p)
    {
        memoryBound += p.regime == Regime::MemoryBound;
        computeBound += p.regime == Regime::ComputeBound;
        atRidge += p.regime == Regime::AtRidge;
        latencyBound += p.regime == Regime::LatencyBound;
        aboveRoof += p.aboveRoof;
    }
    RegimeCounts& operator+=(const RegimeCounts& o)
    {
        memoryBound += o.memoryBound;
        computeBound += o.computeBound;
        atRidge += o.atRidge;
        latencyBound += o.latencyBound;
        aboveRoof += o.aboveRoof;
        return *this;
    }
    bool operator==(const RegimeCounts& o) const
    {
        return memoryBound == o.memoryBound && computeBound == o.computeBound && atRidge == o.atRidge
            && latencyBound == o.latencyBound && aboveRoof == o.aboveRoof;
    }
};

struct SessionAnalysis {
    Roofline roof; ///< the session's roof (selected precision, main memory)
    std::vector<Placement> placements; ///< placements[i] is the session's kernels[i]
    std::vector<std::string> notes; ///< e.g. a kernel's own precision the part lacks
    /// regimes[i] is placements[i].regime, one byte each, and their counts: the flips of a
    /// toggle and the table's summary without a walk through 10^6 placements (112 MB).
    std::vector<Regime> regimes;
    RegimeCounts counts;
    PlacementSummary summary; ///< what the figure needs before it walks the placements
};

/// Places a kernel's inner-level bytes against the profile's matching levels (a level name
/// such as "L1" matches "L1/shared") and names the binding wall; the time bound becomes the
/// largest over compute and every level with a published bandwidth.
void placeLevels(Placement& placement, const Kernel& kernel, const HardwareProfile& hw, const Roofline& roof);

/// The profile with the session's achievable override applied.
HardwareProfile effectiveProfile(const HardwareProfile& profile, const Session& session);

/// Places every kernel: against its own precision's roof when it has one the part supports,
/// else the session's. The total measured time is in `summary.totalTime` (each kernel's share
/// and gain at roof follow from it: timeShareOf, gainAtRoof). Errors: the part lacks the
/// session's precision.
Result<SessionAnalysis> analyzeSession(
    const HardwareProfile& profile, const Session& session, RoofKind kind = RoofKind::Peak);
/// The same into an analysis the caller no longer needs, whose memory the new one takes: at 10^6
/// kernels fresh memory for the placements (72 MB) costs twice as much as placing them, and the
/// window's precision toggle reanalyzes every time (docs/performance.md). On an error `analysis`
/// is left as it was.
std::optional<Error> reanalyzeSession(
    SessionAnalysis& analysis, const HardwareProfile& profile, const Session& session, RoofKind kind = RoofKind::Peak);

/// Kernels whose regime changed between two analyses of the same kernels (a precision or
/// hardware toggle), and a one-line summary: "2 kernels became memory-bound under FP8".
struct RegimeFlips {
    std::vector<int> toMemoryBound;
    std::vector<int> toComputeBound;
    std::vector<int> all() const;
    std::string summary(const std::string& under) const; ///< empty when nothing flipped
};
RegimeFlips regimeFlips(const std::vector<Placement>& before, const std::vector<Placement>& after);
/// The same from the regimes before (all a caller needs to keep of an earlier analysis).
RegimeFlips regimeFlips(const std::vector<Regime>& before, const std::vector<Placement>& after);
RegimeFlips regimeFlips(const std::vector<Regime>& before, const std::vector<Regime>& after);
std::vector<Regime> regimesOf(const std::vector<Placement>& placements);

} // namespace roofline
