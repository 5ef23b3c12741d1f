// SPDX-License-Identifier: MIT
// Some code in the process (seen in the window, after a few redraws) returns with the upper
// halves of the AVX registers dirty, without a vzeroupper. On many x86 CPUs every SSE
// instruction after that pays a transition penalty: libm's log, and so a figure's geometry, ran
// three times slower in the window than in the benchmark (docs/performance.md). The heavy loops
// (analysis, figure geometry, point clouds) clear that state first; elsewhere this is a no-op.
#pragma once

namespace roofline {

inline void resetVectorState() noexcept
{
#if defined(__x86_64__) && !defined(__AVX__) && (defined(__GNUC__) || defined(__clang__))
    // Built without AVX, this code holds no value in the upper halves, so clearing them is safe.
    static const bool avx = __builtin_cpu_supports("avx");
    if (avx)
        asm volatile("vzeroupper" ::: "memory");
#endif
}

} // namespace roofline
