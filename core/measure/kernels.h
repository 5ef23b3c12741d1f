// SPDX-License-Identifier: MIT
// The loops `roofline measure` times: FMA chains for the compute peak and a STREAM triad and a
// read-only sweep for bandwidth. Each is built for the widest SIMD the CPU has, chosen at run
// time (x86: AVX-512, AVX2 + FMA or SSE2 through per-function target attributes; elsewhere the
// compiler's baseline, which on arm64 is NEON with FMA). No inline assembly.
#pragma once

#include <cstddef>
#include <string>

namespace roofline::measure {

/// A block of 8 doubles (64 bytes, a cache line), the unit the memory loops walk over.
struct alignas(64) Block {
    double d[8];
};

/// The SIMD the loops below use on this CPU: "AVX-512", "AVX2 + FMA", "SSE2", or "baseline".
std::string simdName();
/// Lanes of one vector of doubles in that SIMD (8, 4, 2).
int doubleLanes();

/// Runs `reps` rounds of 12 independent FMA chains x lanes; returns a value the caller keeps
/// (so the loop is not optimised away). FLOPs done: reps x 12 x lanes x 2.
double fmaChainsF64(std::size_t reps);
double fmaChainsF32(std::size_t reps);
/// Chains x lanes of the two (FLOPs per rep / 2).
int chainLanesF64();
int chainLanesF32();

/// a = b + s c over `blocks` blocks of each array (24 bytes per double moved, as STREAM counts).
void triad(Block* a, const Block* b, const Block* c, std::size_t blocks, double s);
/// The sum of every double of `blocks` blocks (8 bytes per double).
double readSweep(const Block* a, std::size_t blocks);

} // namespace roofline::measure
