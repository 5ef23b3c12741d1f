// SPDX-License-Identifier: MIT
// Shared test fixtures: the shipped profiles, a short way to write a kernel, and the figure
// of kernels on a shipped part.
#pragma once

#include "core/analysis/roofline.h"
#include "core/io/profile_catalog.h"
#include "core/labels/label_layout.h"
#include "core/model/kernel.h"
#include "core/plot/plot_spec.h"

#include <optional>
#include <string>
#include <vector>

namespace roofline::test {

/// The profiles in hardware_profiles/, loaded once.
inline const ProfileCatalog& shippedCatalog()
{
    static const ProfileCatalog catalog = [] {
        ProfileCatalog c;
        std::vector<Error> errors;
        c.loadDirectory(std::string(ROOFLINE_SOURCE_DIR) + "/hardware_profiles", errors);
        return c;
    }();
    return catalog;
}

inline Kernel makeKernel(std::string name, double flops, double bytes, std::optional<double> time = std::nullopt)
{
    Kernel k;
    k.name = std::move(name);
    k.flops = flops;
    k.bytes = bytes;
    k.time = time;
    return k;
}

/// The figure of `kernels` on shipped part `id` at precision p, each kernel placed on its own.
inline PlotSpec shippedPlotSpec(
    const char* id, Precision p, const std::vector<Kernel>& kernels = {}, const PlotOptions& o = {})
{
    const HardwareProfile& hw = *shippedCatalog().find(id);
    const Roofline r = makeRoofline(hw, p).value();
    std::vector<Placement> placements;
    for (const auto& k : kernels)
        placements.push_back(analyze(k, r));
    PlotSpec spec = buildPlotSpec(hw, r, kernels, placements, o);
    layoutPointLabels(spec); // as the nominal figure (--format spec) has them
    return spec;
}

} // namespace roofline::test
