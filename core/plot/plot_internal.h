// SPDX-License-Identifier: MIT
// What the files of core/plot share and nobody else needs.
#pragma once

#include "core/plot/plot_spec.h"

#include <cmath>
#include <string>
#include <vector>

namespace roofline::detail {

/// Geometric interpolation: t = 0 -> a, t = 1 -> b (straight in log space).
inline double logLerp(double a, double b, double t)
{
    return std::exp(std::log(a) + (std::log(b) - std::log(a)) * t);
}

inline std::string rateUnit(Precision p)
{
    return isIntegerPrecision(p) ? "OP/s" : "FLOP/s";
}

} // namespace roofline::detail
