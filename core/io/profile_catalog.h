// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/result.h"
#include "core/model/hardware.h"

#include <string>
#include <string_view>
#include <vector>

namespace roofline {

/// The set of known hardware profiles. Directories are loaded in order (shipped, then the
/// user's folder, then --profiles); a later profile replaces an earlier one with the same id.
class ProfileCatalog {
public:
    /// Loads every *.yaml / *.yml in `dir` (sorted by file name). Bad files, and a second file
    /// with an id already used in the same directory, are reported in `errors` and skipped.
    /// A directory that does not exist is no error (the user folder often doesn't).
    void loadDirectory(const std::string& dir, std::vector<Error>& errors);

    /// Adds or replaces (by id) one profile.
    void add(HardwareProfile profile);

    /// All profiles, ordered by vendor, then name.
    const std::vector<HardwareProfile>& profiles() const { return m_profiles; }
    bool empty() const { return m_profiles.empty(); }

    /// Exact id, then exact alias, then a unique id prefix; case-insensitive. The error names
    /// the candidates of an ambiguous prefix, or the known ids.
    Result<const HardwareProfile*> resolve(std::string_view idOrAlias) const;

    /// Exact id only.
    const HardwareProfile* find(std::string_view id) const;

private:
    void sort();
    std::vector<HardwareProfile> m_profiles;
};

/// A catalog of every profile in `dirs`, loaded in order (later ones replace earlier ones by id).
/// Pure: safe on any thread.
ProfileCatalog loadProfileDirectories(const std::vector<std::string>& dirs, std::vector<Error>& errors);

} // namespace roofline
