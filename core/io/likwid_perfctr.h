// SPDX-License-Identifier: MIT
// likwid-perfctr's text output: per group ("Group 1: FLOPS_DP", or with the marker API
// "Region solve, Group 1: MEM") an event table and a metric table of `| name | value ... |`
// rows. A roofline point needs a FLOP group and a memory group of the same region: several
// groups of one run (-g FLOPS_DP -g MEM), or the outputs of separate runs of the same program
// appended into one file (docs/profilers.md).
#pragma once

#include "core/io/kernel_io.h"

#include <string>
#include <string_view>

namespace roofline {

/// True for likwid-perfctr's output: its `+---` tables with a "Runtime (RDTSC) [s]" row.
bool looksLikeLikwidPerfctr(std::string_view text);

/// One kernel per region (the whole run when the marker API was not used): FLOPs = the DP or SP
/// [MFLOP/s] rate x the FLOP group's runtime, bytes = "Memory data volume [GBytes]", L3 and L2
/// data volumes as inner levels, time = the FLOP group's "Runtime (RDTSC) [s]". With several
/// threads the STAT table's Sum (rates, volumes) and Max (runtime) are used. A region without
/// a FLOP group or without a memory group is noted with what it has, not placed.
Result<KernelImport> parseLikwidPerfctr(std::string_view text, const std::string& file);

} // namespace roofline
