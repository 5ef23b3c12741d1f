// SPDX-License-Identifier: MIT
// likwid-perfctr's text output: per group ("Group 1: FLOPS_DP", or with the marker API
// "Region solve, Group 1: MEM") an event table and a metric table of `| name | value ... |`
// rows. A roofline point needs a FLOP group and a memory group of the same region: several
// groups of one run (-g FLOPS_DP -g MEM), or the outputs of separate runs of the same program
// read together (opened at once, or appended into one file: docs/profilers.md). AMD Zen 2 and 3
// count memory in two groups, MEM1 (channels 0-3) and MEM2 (4-7); the two make the volume.
#pragma once

#include "core/io/kernel_io.h"

#include <string>
#include <string_view>
#include <vector>

namespace roofline {

/// True for likwid-perfctr's output: its `+---` tables with a "Runtime (RDTSC) [s]" row.
bool looksLikeLikwidPerfctr(std::string_view text);

/// One kernel per region (the whole run when the marker API was not used): FLOPs = the DP or SP
/// [MFLOP/s] rate x the FLOP group's runtime, bytes = "Memory data volume [GBytes]", L3 and L2
/// data volumes as inner levels, time = the FLOP group's "Runtime (RDTSC) [s]". With several
/// threads the STAT table's Sum (rates, volumes) and Max (runtime) are used. A region without
/// a FLOP group or without a memory group is noted with what it has, not placed.
Result<KernelImport> parseLikwidPerfctr(std::string_view text, const std::string& file);

/// One likwid-perfctr output and the file it came from.
struct LikwidOutput {
    std::string file;
    std::string_view text;
};

/// Several outputs of one program (a FLOPS_DP run, a MEM run, an L3 run ...) read as one: each
/// region takes each quantity from the first output that measured it. Notes name the file of a
/// region's line when there is more than one.
Result<KernelImport> parseLikwidPerfctrRuns(const std::vector<LikwidOutput>& outputs);

} // namespace roofline
