// SPDX-License-Identifier: MIT
// rocprofv3's counter collection CSV (`rocprofv3 --pmc ... --kernel-trace --output-format csv`):
// one row per dispatch and counter (Counter_Name, Counter_Value), with the dispatch's timestamps.
// Its dispatches are counted by rocprof-compute's rules (rocprof_csv.h).
#pragma once

#include "core/io/kernel_io.h"

#include <string>
#include <string_view>

namespace roofline {

/// True when the first line is rocprofv3's counter collection header: Dispatch_Id, Kernel_Name,
/// Counter_Name and Counter_Value.
bool looksLikeRocprofV3Counters(std::string_view text);

/// Kernels from a counter collection CSV: each dispatch's counters gathered from its rows, then
/// counted as pmc_perf.csv is. A file without the counters a roofline needs is an error naming
/// those it lacks and the rocprofv3 command that collects them; bad rows name their own line.
Result<KernelImport> parseRocprofV3Counters(std::string_view text, const std::string& file, bool aggregate = false);

/// The rocprofv3 command that collects every counter the importer uses (MI200/MI300).
std::string rocprofV3CommandLine();

} // namespace roofline
