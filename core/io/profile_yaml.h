// SPDX-License-Identifier: MIT
// Hardware profile files (hardware_profiles/*.yaml). Schema: docs/hardware-profiles.md.
#pragma once

#include "core/common/result.h"
#include "core/model/hardware.h"

#include <string>

namespace roofline {

/// Largest profile file accepted (they are a few KB).
inline constexpr std::uintmax_t kMaxProfileBytes = 1024 * 1024;

/// Parses one profile from YAML text; `file` only names it in errors.
Result<HardwareProfile> parseProfile(const std::string& yamlText, const std::string& file);
/// Reads and parses a profile file.
Result<HardwareProfile> loadProfileFile(const std::string& path);
/// Writes a profile back as YAML in the same schema (units written out).
std::string profileToYaml(const HardwareProfile& profile);

} // namespace roofline
