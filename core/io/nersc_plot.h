// SPDX-License-Identifier: MIT
// The input of NERSC's hierarchical roofline plotting script (roofline-on-nvidia-gpus,
// Plotting/plot_roofline_hierarchical.py): whitespace-separated lines
//   memroofs 14336.0 2996.8 828.758        (GB/s)      mem_roof_names 'L1' 'L2' 'HBM'
//   comproofs 7068.9 3535.8                (GFLOP/s)   comp_roof_names 'FMA' 'No-FMA'
//   AI_L1 / AI_L2 / AI_HBM (or AI_DRAM) <FLOP/byte per kernel>,  FLOPS <GFLOP/s per kernel>,
//   labels 'kernel 1' 'kernel 2'
// It holds both ceilings and hierarchical kernel points (docs/profilers.md).
#pragma once

#include "core/io/kernel_io.h"
#include "core/model/hardware.h"

#include <string>
#include <string_view>

namespace roofline {

/// True when the text has the script's 'memroofs' and 'comproofs' lines.
bool looksLikeNerscPlotInput(std::string_view text);

/// The roofs as a measured profile: the largest compute roof is the peak of the precision its
/// name suggests (FP64 unless it says FP32/single or FP16/half/tensor); memory levels by name,
/// the HBM/DRAM one first. The id is left to the caller.
Result<HardwareProfile> parseNerscCeilings(std::string_view text, const std::string& file);

/// The kernels: a rate and an intensity per level, no counts, so each is placed as one second
/// of work (FLOPs = the rate x 1 s, bytes = FLOPs / intensity at each level), said in a note.
Result<KernelImport> parseNerscKernels(std::string_view text, const std::string& file);

} // namespace roofline
