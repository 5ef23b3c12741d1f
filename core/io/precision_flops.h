// SPDX-License-Identifier: MIT
// A profiler's FLOPs split by precision, and the rule that keeps them apart: a kernel counts the
// FLOPs of the precision that did the most work and is judged by that precision's roof; what
// the other precisions did is left out and said in one note (docs/profilers.md).
#pragma once

#include "core/model/precision.h"

#include <array>
#include <cstddef>
#include <string>
#include <vector>

namespace roofline {

struct PrecisionFlops {
    std::array<double, kAllPrecisions.size()> flops {}; ///< indexed by Precision
    /// The part of each precision's FLOPs counted on matrix units (tensor pipes, MFMA); the
    /// rest ran on the vector units (CUDA cores, VALU).
    std::array<double, kAllPrecisions.size()> matrix {};

    double& operator[](Precision p) { return flops[static_cast<std::size_t>(p)]; }
    double operator[](Precision p) const { return flops[static_cast<std::size_t>(p)]; }
    PrecisionFlops& operator+=(const PrecisionFlops& o);
    double total() const;
    /// The precision with the most FLOPs (the first in kAllPrecisions on a tie).
    Precision top() const;
    /// Adds FLOPs of p counted on matrix units.
    void addMatrix(Precision p, double v)
    {
        flops[static_cast<std::size_t>(p)] += v;
        matrix[static_cast<std::size_t>(p)] += v;
    }
    /// The units that did most of p's FLOPs.
    ComputeUnit unitOf(Precision p) const
    {
        const auto i = static_cast<std::size_t>(p);
        return matrix[i] * 2 > flops[i] ? ComputeUnit::Matrix : ComputeUnit::Vector;
    }
};

/// One note for the kernels whose other precisions' FLOPs were left out:
/// "2 kernels also did floating-point work in other precisions, left out (a kernel counts, and is
/// judged by, the precision that did the most): 'gemm #0' (FP32 2 MFLOP: 0.0002% of its work), ...".
class LeftOutPrecisions {
public:
    void add(const std::string& kernel, const PrecisionFlops& f);
    /// Empty when no kernel had work in a second precision.
    std::string note() const;

private:
    std::vector<std::string> m_items;
};

} // namespace roofline
