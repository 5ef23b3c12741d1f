// SPDX-License-Identifier: MIT
// The synthetic kernels every benchmark uses: a cloud of N kernels around the H100's ridge,
// the shape of a real profile (log-normal intensity, 1 MB-10 GB each, 5-95 % of the roof).
#pragma once

#include "core/model/kernel.h"
#include "support/fixtures.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

namespace roofline::bench {

inline const ProfileCatalog& catalog()
{
    return test::shippedCatalog();
}

inline const HardwareProfile& h100()
{
    return *catalog().find("h100-sxm5");
}

inline std::vector<Kernel> kernels(size_t n)
{
    std::mt19937_64 rng(7);
    std::normal_distribution<double> logI(1.2, 0.9);
    std::uniform_real_distribution<double> logB(6, 10), eff(0.05, 0.95);
    std::vector<Kernel> out;
    out.reserve(n); // as an import holds them
    out.resize(n);
    for (size_t i = 0; i < n; ++i) {
        Kernel& k = out[i];
        k.name = "kernel_" + std::to_string(i);
        k.bytes = std::pow(10.0, logB(rng));
        k.flops = std::pow(10.0, logI(rng)) * k.bytes;
        k.time = k.flops / (std::min(989.4e12, k.flops / k.bytes * 3.35e12) * eff(rng));
    }
    return out;
}

} // namespace roofline::bench
