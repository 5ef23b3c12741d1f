// SPDX-License-Identifier: MIT
// Nsight Compute CSV exports (`ncu --csv`): the details page (one row per launch and metric)
// and `--page raw` (one row per launch, a units row under the header). Counting rules:
// docs/profilers.md.
#pragma once

#include "core/io/kernel_io.h"
#include "core/model/hardware.h"

#include <string>
#include <string_view>

namespace roofline {

struct NcuOptions {
    bool aggregate = false; ///< sum the launches of a kernel by name (else one kernel per launch)
};

/// True when the text is an ncu CSV export: some line holds the "ID" and "Kernel Name" columns.
bool looksLikeNcuCsv(std::string_view text);

/// Kernels from an ncu export. Launches that cannot be placed (no FLOPs, no DRAM bytes) are
/// rejected with their line; a file without the metrics a roofline needs is an error listing
/// what is missing and the ncu command that collects it. `device` and `suggestedHardware` are
/// set from the file's Device column.
Result<KernelImport> parseNcuCsv(std::string_view text, const std::string& file, const NcuOptions& options = {});

/// The device's ceilings from the *.peak_sustained figures an ncu export carries (FMA peaks x 2
/// or x 4 for half2, tensor ops, DRAM/L2/L1 bytes per cycle) times the measured clocks; the
/// largest over the launches. The profile's id is left to the caller.
Result<HardwareProfile> ncuCeilings(std::string_view text, const std::string& file);

/// The shipped profile id for an ncu/CUDA device name ("NVIDIA H100 80GB HBM3" -> "h100-sxm5").
std::string hardwareForDeviceName(const std::string& device);

/// The shipped profile id for a CUDA compute capability ("8.0" -> "a100-sxm4-80gb"), or "".
std::string hardwareForComputeCapability(const std::string& cc);

/// The parts that share a compute capability, in words ("H100 SXM5, PCIe and NVL, H200 ...").
std::string partsOfComputeCapability(const std::string& cc);

/// The ncu command line that collects every metric the importer uses.
std::string ncuCommandLine();

} // namespace roofline
