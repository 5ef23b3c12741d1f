// SPDX-License-Identifier: MIT
// Measured ceilings as a hardware profile: ERT roofline.json (single- and multi-precision
// layouts) and its text summary (`sum`/`rpt`), and rocprof-compute / Omniperf roofline.csv.
#pragma once

#include "core/common/result.h"
#include "core/model/hardware.h"

#include <string>

namespace roofline {

/// Detects the format by content. The profile is named "measured-<file stem>", vendor
/// "Measured", its achievable fraction is 1 (the ceilings are achieved rates), memory levels are
/// ordered main memory first with the tool's own labels, and its sources name the file.
Result<HardwareProfile> parseCeilings(const std::string& text, const std::string& file);
Result<HardwareProfile> loadCeilingsFile(const std::string& path);

} // namespace roofline
