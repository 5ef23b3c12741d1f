// SPDX-License-Identifier: MIT
// Built with -ffp-contract=fast (core/CMakeLists.txt) so that x * a + b is one FMA. The loops
// use the GCC/Clang vector extensions; another compiler gets plain loops it may vectorise.
#include "core/measure/kernels.h"

#include <cstdint>

namespace roofline::measure {
namespace {

constexpr int kChains = 12; ///< independent FMA chains (x0 ... x11): enough to hide a 4-cycle latency on 2 units

#if defined(__GNUC__) || defined(__clang__)
#define ROOFLINE_VECTORS 1
#endif

#if ROOFLINE_VECTORS
// One set of loops for a vector width; TARGET is a target attribute or nothing.
#define ROOFLINE_LOOPS(SUFFIX, TARGET, BYTES)                                                                          \
    typedef double F64##SUFFIX __attribute__((vector_size(BYTES), may_alias));                                         \
    typedef float F32##SUFFIX __attribute__((vector_size(BYTES), may_alias));                                          \
    template <typename V, typename T> TARGET T chains##SUFFIX(std::size_t reps)                                        \
    {                                                                                                                  \
        /* Twelve named accumulators, so that they live in registers (an array went to memory). */                     \
        V x0 = V {} + T(1), x1 = V {} + T(2), x2 = V {} + T(3), x3 = V {} + T(4), x4 = V {} + T(5);                    \
        V x5 = V {} + T(6), x6 = V {} + T(7), x7 = V {} + T(8), x8 = V {} + T(9), x9 = V {} + T(10);                   \
        V x10 = V {} + T(11), x11 = V {} + T(12);                                                                      \
        const V a = V {} + T(0.999999), b = V {} + T(1e-7);                                                            \
        for (std::size_t r = 0; r < reps; ++r) {                                                                       \
            x0 = x0 * a + b;                                                                                           \
            x1 = x1 * a + b;                                                                                           \
            x2 = x2 * a + b;                                                                                           \
            x3 = x3 * a + b;                                                                                           \
            x4 = x4 * a + b;                                                                                           \
            x5 = x5 * a + b;                                                                                           \
            x6 = x6 * a + b;                                                                                           \
            x7 = x7 * a + b;                                                                                           \
            x8 = x8 * a + b;                                                                                           \
            x9 = x9 * a + b;                                                                                           \
            x10 = x10 * a + b;                                                                                         \
            x11 = x11 * a + b;                                                                                         \
        }                                                                                                              \
        const V s = ((x0 + x1) + (x2 + x3)) + ((x4 + x5) + (x6 + x7)) + ((x8 + x9) + (x10 + x11));                     \
        T out = 0;                                                                                                     \
        for (std::size_t i = 0; i < BYTES / sizeof(T); ++i)                                                            \
            out += s[i];                                                                                               \
        return out;                                                                                                    \
    }                                                                                                                  \
    TARGET double f64##SUFFIX(std::size_t reps)                                                                        \
    {                                                                                                                  \
        return chains##SUFFIX<F64##SUFFIX, double>(reps);                                                              \
    }                                                                                                                  \
    TARGET double f32##SUFFIX(std::size_t reps)                                                                        \
    {                                                                                                                  \
        return chains##SUFFIX<F32##SUFFIX, float>(reps);                                                               \
    }                                                                                                                  \
    TARGET void triad##SUFFIX(Block* a, const Block* b, const Block* c, std::size_t blocks, double s)                  \
    {                                                                                                                  \
        constexpr std::size_t per = 64 / BYTES;                                                                        \
        auto* va = reinterpret_cast<F64##SUFFIX*>(a);                                                                  \
        const auto* vb = reinterpret_cast<const F64##SUFFIX*>(b);                                                      \
        const auto* vc = reinterpret_cast<const F64##SUFFIX*>(c);                                                      \
        const F64##SUFFIX vs = F64##SUFFIX {} + s;                                                                     \
        for (std::size_t i = 0; i < blocks * per; ++i)                                                                 \
            va[i] = vb[i] + vs * vc[i];                                                                                \
    }                                                                                                                  \
    TARGET double read##SUFFIX(const Block* a, std::size_t blocks)                                                     \
    {                                                                                                                  \
        constexpr std::size_t per = 64 / BYTES;                                                                        \
        const auto* va = reinterpret_cast<const F64##SUFFIX*>(a);                                                      \
        F64##SUFFIX s0 {}, s1 {}, s2 {}, s3 {};                                                                        \
        const std::size_t n = blocks * per;                                                                            \
        std::size_t i = 0;                                                                                             \
        for (; i + 4 <= n; i += 4) {                                                                                   \
            s0 += va[i];                                                                                               \
            s1 += va[i + 1];                                                                                           \
            s2 += va[i + 2];                                                                                           \
            s3 += va[i + 3];                                                                                           \
        }                                                                                                              \
        for (; i < n; ++i)                                                                                             \
            s0 += va[i];                                                                                               \
        const F64##SUFFIX s = s0 + s1 + s2 + s3;                                                                       \
        double out = 0;                                                                                                \
        for (std::size_t k = 0; k < BYTES / sizeof(double); ++k)                                                       \
            out += s[k];                                                                                               \
        return out;                                                                                                    \
    }

ROOFLINE_LOOPS(Base, , 16)
#if defined(__x86_64__) || defined(__i386__)
#define ROOFLINE_X86 1
ROOFLINE_LOOPS(Avx2, __attribute__((target("avx2,fma"))), 32)
ROOFLINE_LOOPS(Avx512, __attribute__((target("avx512f"))), 64)
#endif

#else // another compiler: plain loops
double f64Base(std::size_t reps)
{
    double x[kChains * 2];
    for (int j = 0; j < kChains * 2; ++j)
        x[j] = 1 + j;
    for (std::size_t r = 0; r < reps; ++r)
        for (int j = 0; j < kChains * 2; ++j)
            x[j] = x[j] * 0.999999 + 1e-7;
    double out = 0;
    for (double v : x)
        out += v;
    return out;
}
double f32Base(std::size_t reps)
{
    float x[kChains * 4];
    for (int j = 0; j < kChains * 4; ++j)
        x[j] = static_cast<float>(1 + j);
    for (std::size_t r = 0; r < reps; ++r)
        for (int j = 0; j < kChains * 4; ++j)
            x[j] = x[j] * 0.999999f + 1e-7f;
    double out = 0;
    for (float v : x)
        out += v;
    return out;
}
void triadBase(Block* a, const Block* b, const Block* c, std::size_t blocks, double s)
{
    for (std::size_t i = 0; i < blocks; ++i)
        for (int k = 0; k < 8; ++k)
            a[i].d[k] = b[i].d[k] + s * c[i].d[k];
}
double readBase(const Block* a, std::size_t blocks)
{
    double s[8] = {};
    for (std::size_t i = 0; i < blocks; ++i)
        for (int k = 0; k < 8; ++k)
            s[k] += a[i].d[k];
    double out = 0;
    for (double v : s)
        out += v;
    return out;
}
#endif

enum class Simd { Base, Avx2, Avx512 };

Simd simd()
{
#if defined(ROOFLINE_X86)
    static const Simd s = __builtin_cpu_supports("avx512f")                 ? Simd::Avx512
        : (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) ? Simd::Avx2
                                                                            : Simd::Base;
    return s;
#else
    return Simd::Base;
#endif
}

} // namespace

std::string simdName()
{
    switch (simd()) {
    case Simd::Avx512:
        return "AVX-512";
    case Simd::Avx2:
        return "AVX2 + FMA";
    case Simd::Base:
        break;
    }
#if defined(__x86_64__)
    return "SSE2";
#elif defined(__aarch64__)
    return "NEON";
#else
    return "baseline";
#endif
}

int doubleLanes()
{
    switch (simd()) {
    case Simd::Avx512:
        return 8;
    case Simd::Avx2:
        return 4;
    case Simd::Base:
        break;
    }
    return 2;
}

int chainLanesF64()
{
#if ROOFLINE_VECTORS
    return kChains * doubleLanes();
#else
    return kChains * 2;
#endif
}

int chainLanesF32()
{
    return 2 * chainLanesF64(); // twice the lanes in the same registers
}

// The loops built for the widest SIMD the CPU has.
#if defined(ROOFLINE_X86)
#define ROOFLINE_PICK(NAME) (simd() == Simd::Avx512 ? NAME##Avx512 : simd() == Simd::Avx2 ? NAME##Avx2 : NAME##Base)
#else
#define ROOFLINE_PICK(NAME) NAME##Base
#endif

double fmaChainsF64(std::size_t reps)
{
    return ROOFLINE_PICK(f64)(reps);
}

double fmaChainsF32(std::size_t reps)
{
    return ROOFLINE_PICK(f32)(reps);
}

void triad(Block* a, const Block* b, const Block* c, std::size_t blocks, double s)
{
    ROOFLINE_PICK(triad)(a, b, c, blocks, s);
}

double readSweep(const Block* a, std::size_t blocks)
{
    return ROOFLINE_PICK(read)(a, blocks);
}

} // namespace roofline::measure
