// SPDX-License-Identifier: MIT
// `roofline measure`: this machine's roofline, measured in a short benchmark. FMA chains on
// every thread give the FP64 and FP32 peaks; a STREAM triad and a read-only sweep over working
// sets sized from the caches the OS reports give the bandwidth of L1, L2, L3 and DRAM. The
// result is an ordinary hardware profile (measured: true). docs/profilers.md has the method and
// this machine's numbers beside a plain loop's.
//
// A GPU (CUDA, ROCm) could be measured behind the same Measurement: a backend that runs its own
// FMA and copy kernels and fills the same figures. None is built: there is no GPU to test it on.
#pragma once

#include "core/common/result.h"
#include "core/measure/machine.h"
#include "core/model/hardware.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace roofline {

struct MeasureOptions {
    double seconds = 20.0; ///< the whole measurement takes about this long
    int threads = 0; ///< 0: every logical CPU
    /// Called between runs with the fraction done and what runs next; false cancels (the
    /// measurement then ends with the Error kMeasureCancelled).
    std::function<bool(double, const std::string&)> progress;
};

inline constexpr const char* kMeasureCancelled = "measurement cancelled";

/// One measured figure over its runs: the best is the ceiling, the spread says how noisy.
struct MeasuredFigure {
    std::string figure; ///< "fp64", "fp32", "DRAM", "L3", "L2", "L1"
    double best = 0, median = 0, worst = 0; ///< FLOP/s or byte/s
    int runs = 0;
    std::string method; ///< how it was measured, for the profile's notes
    std::optional<double> readOnly; ///< memory levels: the read-only sweep's best, byte/s
};

struct Measurement {
    MachineInfo machine;
    int threads = 1;
    std::string date; ///< UTC, "2026-12-02 05:10"
    std::string simd; ///< "AVX-512"
    std::vector<MeasuredFigure> compute; ///< fp64, fp32
    std::vector<MeasuredFigure> memory; ///< DRAM first, then L3, L2, L1
};

/// Runs the benchmark on this machine.
Result<Measurement> measureMachine(const MeasureOptions& options);

/// The measurement as a profile: peaks fp64/fp32, memory DRAM, L3, L2, L1 (triad), achievable
/// 1, vendor "Measured", a note per figure with its method and its runs' spread, and a measured
/// source backing every figure. `id` empty: "measured-this-machine".
HardwareProfile measuredProfile(const Measurement& m, const std::string& id = {});

/// "best 123 GFLOP/s, median 120, worst 110 over 5 runs (spread 11%)".
std::string spreadText(const MeasuredFigure& f, Dimension d);

} // namespace roofline
