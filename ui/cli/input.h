// SPDX-License-Identifier: MIT
// What `analyze` and `export` work on, read from the command line's options.
#pragma once

#include "core/analysis/roofline.h"
#include "core/analysis/session_analysis.h"
#include "core/io/profile_catalog.h"
#include "core/model/session.h"
#include "core/report/report.h"
#include "ui/cli/options.h"

#include <string>
#include <vector>

namespace roofline::cli {

/// The profile --hw names (an id, an alias or a unique prefix); a UsageError if none.
const HardwareProfile& resolveHardware(const ProfileCatalog& catalog, const std::string& id);
/// --precision, or the part's default when it is empty.
Precision resolvePrecision(const HardwareProfile& hw, const std::string& name);
/// --roof: peak or achievable.
RoofKind roofKindOf(const Options& o);
/// The --format option's value.
OutputFormat outputFormat(const Options& o);

/// The session a command works on: a session file, a kernel file (with --hw/--precision), or
/// nothing (only --hw/--precision); --hw and --precision override a session's own, --point
/// kernels are added. Rejected kernel rows fail the command unless --skip-invalid (then they
/// are warnings); notes go to stderr.
struct Input {
    Session session;
    const HardwareProfile* hw = nullptr;
    std::string device; ///< the device a profiler export names ("" when none)
    std::vector<std::string> notes; ///< what reading the file noted (also printed on stderr)
};
Input loadInput(const ProfileCatalog& catalog, const Options& o);

/// The session placed against `hw`'s roof; the analysis's notes go to stderr.
SessionAnalysis analyzeInput(const HardwareProfile& hw, const Session& session, const Options& o);

} // namespace roofline::cli
