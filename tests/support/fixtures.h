// SPDX-License-Identifier: MIT
// Shared test fixtures: the shipped profiles and a short way to write a kernel.
#pragma once

#include "core/io/profile_catalog.h"
#include "core/model/kernel.h"

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

} // namespace roofline::test
