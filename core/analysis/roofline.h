// SPDX-License-Identifier: MIT
// The model: P(I) = min(P_peak, I x B_mem), ridge I_ridge = P_peak / B_mem, and the placement
// of a kernel against one roof.
#pragma once

#include "core/common/result.h"
#include "core/model/hardware.h"
#include "core/model/kernel.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace roofline {

enum class RoofKind {
    Peak, ///< datasheet figures
    Achievable, ///< peak x the profile's achievable fraction (~0.85)
};

/// min(P_peak, I x B), FLOP/s. I may be +inf (no bytes): the flat roof. The one formula of a
/// roof's height, for a Roofline and for a placement that keeps only its peak and bandwidth.
inline double attainableAt(double intensity, double peak, double bandwidth)
{
    return std::isinf(intensity) ? peak : std::min(peak, intensity * bandwidth);
}

/// One roof: a bandwidth slope and a flat compute ceiling.
struct Roofline {
    std::string hardwareId;
    std::string hardwareName;
    Precision precision = Precision::BF16;
    std::string memoryLevel; ///< "HBM3"
    RoofKind kind = RoofKind::Peak;
    double peakFlops = 0.0; ///< flat roof, FLOP/s (scaled when Achievable)
    double bandwidth = 0.0; ///< slope, byte/s (scaled when Achievable)
    double nominalPeak = 0.0; ///< datasheet peak, for MFU
    /// s: a launch's fixed cost; a measured kernel within kLatencyMultiple of it is latency-bound
    /// (0: no such regime, e.g. a CPU).
    double launchLatency = 0.0;

    double ridge() const { return peakFlops / bandwidth; }
    double attainable(double intensity) const { return attainableAt(intensity, peakFlops, bandwidth); }

    friend bool operator==(const Roofline& a, const Roofline& b);
};

std::ostream& operator<<(std::ostream& os, const Roofline& r);

/// The roof of `profile` for `precision` at memory level `level` (0 = HBM/DRAM).
/// Errors: the part has no such precision (listing the ones it has), no such level, or the
/// level has no published bandwidth.
Result<Roofline> makeRoofline(
    const HardwareProfile& profile, Precision precision, size_t level = 0, RoofKind kind = RoofKind::Peak);

enum class Regime : std::uint8_t { MemoryBound, ComputeBound, AtRidge, LatencyBound };
inline constexpr std::size_t kRegimeCount = 4;

/// "memory-bound", "compute-bound", "at-ridge", "latency-bound" (the JSON spelling).
std::string regimeName(Regime r);
std::ostream& operator<<(std::ostream& os, Regime r);

/// A kernel is "at the ridge" when its intensity is within this fraction of the ridge
/// (|I / I_ridge - 1| <= 5 %, measured in log space so the band is symmetric).
inline constexpr double kRidgeTolerance = 0.05;
/// A measured kernel whose time is at most this many launch latencies is latency-bound: the
/// launch and its synchronisation cost as much as the work, whatever the roof says.
inline constexpr double kLatencyMultiple = 2.0;

/// The regime of an intensity against a ridge: at the ridge within kRidgeTolerance either way.
Regime regimeAt(double intensity, double ridge);

/// A kernel's point at one inner memory level (hierarchical roofline): same FLOP/s, that
/// level's bytes, judged against that level's bandwidth roof.
struct LevelPlacement {
    std::string level; ///< "L2", "L1" (the kernel's name for it)
    std::string profileLevel; ///< the profile's matching level ("L1/shared"), empty if none
    double bytes = 0.0;
    double intensity = 0.0;
    std::optional<double> bandwidth; ///< byte/s; absent when the profile publishes none
    std::optional<double> roof; ///< min(P_peak, I x B_level)
    std::optional<double> timeLowerBound; ///< bytes / B_level
    friend bool operator==(const LevelPlacement& a, const LevelPlacement& b)
    {
        return a.level == b.level && a.bytes == b.bytes && a.bandwidth == b.bandwidth && a.roof == b.roof;
    }
};

/// Which wall bounds a kernel's time: the compute roof, main memory, or an inner level.
enum class Wall : std::uint8_t { Compute, MainMemory, InnerLevel };

/// Everything the roofline says about one kernel. It does not hold the kernel: a session's
/// placements are in the order of its kernels (placements[i] is kernels[i]), and whatever shows
/// a placement is given its kernel beside it. What follows from the kernel and the stored
/// figures is computed when read (the time bound, timeLowerBound; the MFU, mfuOf; the time share
/// and gain from the kernel's time and the session's total, timeShareOf and gainAtRoof).
struct Placement {
    double intensity = 0.0; ///< FLOP/byte
    double peak = 0.0; ///< flat roof FLOP/s
    double bandwidth = 0.0; ///< byte/s
    std::optional<double> achieved; ///< FLOP/s, when the time is known
    Precision precision = Precision::BF16; ///< the precision whose roof judged it
    Regime regime = Regime::MemoryBound;
    bool aboveRoof = false; ///< achieved > roof: flagged, never clamped
    Wall binding = Wall::MainMemory; ///< which wall binds (set by analyzeSession)
    std::uint8_t bindingLevel = 0; ///< levels[bindingLevel] binds when binding is InnerLevel
    std::vector<LevelPlacement> levels; ///< inner memory levels (set by analyzeSession)

    /// Attainable FLOP/s at the kernel's intensity (attainableAt, as its Roofline gives it).
    double roof() const { return attainableAt(intensity, peak, bandwidth); }
    double ridge() const { return peak / bandwidth; } ///< FLOP/byte, as Roofline::ridge
    double ridgeDistance() const { return ridge() / intensity; } ///< I_ridge / I (> 1: left of the ridge)
    std::optional<double> headroom() const ///< roof / achieved (x below the roof)
    {
        return achieved ? std::optional<double>(roof() / *achieved) : std::optional<double>();
    }
    std::optional<double> efficiency() const ///< achieved / roof (fraction of roof)
    {
        return achieved ? std::optional<double>(*achieved / roof()) : std::optional<double>();
    }

    friend bool operator==(const Placement& a, const Placement& b);
};

/// The binding wall's name: "compute", the roof's memory level ("HBM3"), or the inner level's.
std::string bindingName(const Placement& placement, const Roofline& roof);

std::ostream& operator<<(std::ostream& os, const Placement& p);

/// The least time the kernel can take on the roof that placed it, in seconds: max(FLOPs /
/// P_peak, bytes / B_mem), and the time each inner level with a bandwidth needs (analyzeSession
/// places the levels). `placement` is the kernel's.
double timeLowerBound(const Kernel& kernel, const Placement& placement);
/// Model FLOPs utilisation: achieved / the datasheet peak of the placement's precision; none
/// without a time. `roof` is a roof of the part and kind that placed it (the session's): its
/// datasheet peak, or for another precision the placement's peak scaled back as the roof's is.
std::optional<double> mfuOf(const Placement& placement, const Roofline& roof);

/// The roof the kernel ran under at the clocks it ran (Kernel::clockPeak and clockBandwidth, as
/// its profiler measured them) at its intensity; none when the profiler gave none.
std::optional<double> clockRoofOf(const Kernel& kernel, const Placement& placement);
/// The achieved rate as a fraction of clockRoofOf; none without a time or a clock roof.
std::optional<double> clockEfficiencyOf(const Kernel& kernel, const Placement& placement);

/// A kernel's share of the measured time, given the total (SessionAnalysis::summary.totalTime):
/// none without a time or a total. Computed when read, not kept in each placement.
std::optional<double> timeShareOf(const Kernel& kernel, double totalTime);
/// The share of the total measured time saved if the kernel ran at its roof: (time - bound) /
/// total; none without a time or a total.
std::optional<double> gainAtRoof(const Kernel& kernel, const Placement& placement, double totalTime);

/// Places a valid kernel (see validateKernel) against a roof.
Placement analyze(const Kernel& kernel, const Roofline& roof);
/// The same into an existing placement (a whole session's are built in place, not moved).
void analyzeInto(Placement& placement, const Kernel& kernel, const Roofline& roof);

/// Figures over a whole set of placements that a figure needs before it walks them, gathered
/// while the placements are made (analyzeSession): a figure of 10^6 kernels then does not walk
/// 230 MB of kernels and placements twice more to find them.
struct PlacementSummary {
    static constexpr size_t kSlowest = 64;
    double totalTime = 0.0; ///< the measured kernels' time, summed in kernel order
    double latencyBoundTime = 0.0; ///< the part of it latency-bound kernels take
    bool anyLevels = false; ///< some placement has inner-level points
    double intensityLo = std::numeric_limits<double>::infinity(); ///< finite, positive intensities
    double intensityHi = -std::numeric_limits<double>::infinity();
    double heightLo = std::numeric_limits<double>::infinity(); ///< finite, positive point heights
    double heightHi = -std::numeric_limits<double>::infinity(); ///< (achieved, else the roof)
    /// The kSlowest kernels that take the most time (their time, else their time bound), slowest
    /// first, ties to the lower index; set by finish().
    std::vector<size_t> slowest;

    /// Counts one placement in (call in kernel order: the time is summed as it comes). Inline:
    /// the analysis calls it for every kernel, and most kernels are not among the slowest.
    void add(size_t index, const Kernel& kernel, const Placement& placement)
    {
        addExtremes(placement);
        anyLevels |= !placement.levels.empty();
        if (kernel.time) {
            totalTime += *kernel.time;
            latencyBoundTime += placement.regime == Regime::LatencyBound ? *kernel.time : 0.0;
        }
        const double slowness = kernel.time ? *kernel.time : timeLowerBound(kernel, placement);
        if (m_heap.size() < kSlowest || slowness >= m_heap.front().first)
            offer(slowness, index); // may be among the slowest: the exact test and the heap there
    }
    /// Only the extremes (the axis ranges need no more).
    void addExtremes(const Placement& p)
    {
        addIntensity(p.intensity);
        for (const LevelPlacement& l : p.levels) // a hierarchical kernel's inner-level points too
            addIntensity(l.intensity);
        const double y = p.achieved ? *p.achieved : p.roof();
        if (std::isfinite(y) && y > 0) {
            heightLo = std::min(heightLo, y);
            heightHi = std::max(heightHi, y);
        }
    }
    void finish(); ///< orders `slowest`

private:
    void addIntensity(double intensity)
    {
        if (std::isfinite(intensity) && intensity > 0) {
            intensityLo = std::min(intensityLo, intensity);
            intensityHi = std::max(intensityHi, intensity);
        }
    }
    void offer(double slowness, size_t index);
    std::vector<std::pair<double, size_t>> m_heap; ///< the slowest so far; the least slow in front
};

/// The summary of a set of placements, walking them once.
PlacementSummary summarizePlacements(const std::vector<Kernel>& kernels, const std::vector<Placement>& placements);

/// What helps this kernel, in the lesson's words (the above-the-roof warning first when it is
/// above its roof). Computed on demand, so a million placements carry no text.
std::string leverText(const Placement& placement);

/// The advice for a regime, and the warning for a point above its roof.
std::string leverFor(Regime regime);
std::string aboveRoofWarning();

} // namespace roofline
