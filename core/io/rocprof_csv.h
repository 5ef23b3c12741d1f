// SPDX-License-Identifier: MIT
// rocprof-compute (Omniperf) counter exports: pmc_perf.csv, one row per dispatch with the raw
// counters. Counting rules (rocprof-compute's own roofline formulas): docs/profilers.md.
#pragma once

#include "core/io/kernel_io.h"

#include <string>
#include <string_view>

namespace roofline {

/// True when the first line is a rocprof-compute counter table: Dispatch_ID, Kernel_Name and
/// SQ_/TCC_ counter columns.
bool looksLikeRocprofPmcPerf(std::string_view text);

/// True when the first line is rocprof-compute's sysinfo.csv (the machine, not its kernels).
bool looksLikeRocprofSysinfo(std::string_view text);

/// Kernels from pmc_perf.csv: FLOPs = 64 (ADD + MUL + 2 FMA + TRANS) per VALU precision plus
/// 512 MFMA_MOPS; HBM bytes from the TCC_EA (MI200) or TCC_EA0 + TCC_BUBBLE (MI300) requests;
/// time = End_Timestamp - Start_Timestamp (ns). Dispatches with no FLOPs or no HBM bytes are
/// noted, not placed. A file without the counters is an error naming them.
Result<KernelImport> parseRocprofPmcPerf(std::string_view text, const std::string& file, bool aggregate = false);

/// The shipped profile id for a rocprof-compute gpu_model ("MI300X_A1" -> "mi300x"), or "".
std::string hardwareForAmdGpuModel(const std::string& gpuModel);

/// For a rocprof-compute import without a device: reads the sysinfo.csv that rocprof-compute
/// writes beside pmc_perf.csv (if there is one; for "x_pmc_perf.csv", "x_sysinfo.csv" first) and sets `device`
/// ("MI300A_A1, gfx942, 228 CUs") and `suggestedHardware`. Nothing happens when there is none or it cannot be read.
void addRocprofSysinfo(KernelImport& imported, const std::string& pmcPerfPath);

} // namespace roofline
