// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/result.h"
#include "core/model/precision.h"

#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace roofline {

/// Bytes at inner memory levels ("L2", "L1") by level name.
using LevelBytes = std::vector<std::pair<std::string, double>>;

/// A measured or modelled kernel: work and traffic, optionally its time.
struct Kernel {
    std::string name;
    double flops = 0.0; ///< FLOP (OP for integer precisions)
    double bytes = 0.0; ///< byte moved to/from main memory
    std::optional<double> time; ///< second; gives the achieved rate
    std::optional<Precision> precision; ///< judged against this precision's roof if set
    /// The units its FLOPs ran on (a profiler's vector or tensor-pipe counters): judged by that
    /// unit's rate where the part gives one (HardwareProfile::units), else by the precision's peak.
    std::optional<ComputeUnit> unit;
    int launches = 1; ///< launches aggregated into this kernel (profiler imports)
    std::string group; ///< phase or group, free text; empty when none
    LevelBytes levelBytes; ///< bytes at inner memory levels, for hierarchical points; `bytes` is main memory
    /// The roof the profiler measured the kernel under, at the clocks it ran (ncu locks them to
    /// base): its precision's and unit's peak (FLOP/s) and the DRAM bandwidth (byte/s). Shown
    /// beside the datasheet's roof, never in its place; empty when the file does not give them.
    std::optional<double> clockPeak, clockBandwidth;

    /// FLOP/s when the time is known.
    std::optional<double> achieved() const
    {
        if (!time)
            return std::nullopt;
        return flops / *time;
    }

    friend bool operator==(const Kernel& a, const Kernel& b)
    {
        return a.name == b.name && a.flops == b.flops && a.bytes == b.bytes && a.time == b.time
            && a.precision == b.precision && a.unit == b.unit && a.launches == b.launches && a.group == b.group
            && a.levelBytes == b.levelBytes && a.clockPeak == b.clockPeak && a.clockBandwidth == b.clockBandwidth;
    }
    friend bool operator!=(const Kernel& a, const Kernel& b) { return !(a == b); }
};

std::ostream& operator<<(std::ostream& os, const Kernel& k);

/// The precision that holds most of the kernels' measured time (most kernels when none is timed),
/// among those `has` accepts; nullopt when no kernel names one. A profiler export's view
/// precision: an FP64 export is shown under the FP64 roof, not the part's default.
std::optional<Precision> leadingPrecision(
    const std::vector<Kernel>& kernels, const std::function<bool(Precision)>& has);

/// Empty when the kernel can be placed; else why not (zero/negative/NaN/inf values).
std::optional<std::string> validateKernel(const Kernel& k);

/// Parses the command line's "name,flops,bytes[,time]" (values may carry units:
/// "decode,140 GFLOP,70 GB,20.9 ms").
Result<Kernel> parsePointSpec(const std::string& spec);

} // namespace roofline
