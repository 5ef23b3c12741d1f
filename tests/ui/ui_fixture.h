// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/profile_catalog.h"

#include <string>
#include <vector>

namespace roofline::test {

/// The shipped profiles, loaded once for the UI tests.
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

} // namespace roofline::test
