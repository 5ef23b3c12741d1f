// SPDX-License-Identifier: MIT
#include "core/analysis/roofline.h"
#include "core/io/profile_catalog.h"
#include "support/fixtures.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace roofline;

namespace {

HardwareProfile toy()
{
    // 100 TFLOP/s over 1 TB/s: ridge at exactly 100 FLOP/byte.
    HardwareProfile p;
    p.id = "toy";
    p.name = "Toy";
    p.vendor = "Test";
    p.peaks[Precision::BF16] = 100e12;
    p.peaks[Precision::FP8] = 200e12;
    p.memory.push_back({"HBM", 1e12, 16e9});
    p.memory.push_back({"L2", std::nullopt, 50e6});
    p.achievable = 0.8;
    return p;
}

Kernel kernel(const char* name, double flops, double bytes, std::optional<double> time = std::nullopt)
{
    return test::makeKernel(name, flops, bytes, time);
}

const HardwareProfile& h100()
{
    return *test::shippedCatalog().find("h100-sxm5");
}

} // namespace

TEST(Roofline, RoofIsMinOfPeakAndSlope)
{
    const Roofline r = makeRoofline(toy(), Precision::BF16).value();
    EXPECT_DOUBLE_EQ(r.ridge(), 100.0);
    EXPECT_DOUBLE_EQ(r.attainable(1.0), 1e12);
    EXPECT_DOUBLE_EQ(r.attainable(50.0), 50e12);
    EXPECT_DOUBLE_EQ(r.attainable(100.0), 100e12);
    EXPECT_DOUBLE_EQ(r.attainable(1e6), 100e12);
    EXPECT_DOUBLE_EQ(r.attainable(INFINITY), 100e12);
}

TEST(Roofline, AchievableScalesBothRoofsAndKeepsTheRidge)
{
    const Roofline r = makeRoofline(toy(), Precision::BF16, 0, RoofKind::Achievable).value();
    EXPECT_DOUBLE_EQ(r.peakFlops, 80e12);
    EXPECT_DOUBLE_EQ(r.bandwidth, 0.8e12);
    EXPECT_DOUBLE_EQ(r.nominalPeak, 100e12);
    EXPECT_DOUBLE_EQ(r.ridge(), 100.0);
}

TEST(Roofline, ErrorsNameWhatIsMissing)
{
    auto noFp4 = makeRoofline(toy(), Precision::FP4);
    ASSERT_FALSE(noFp4.ok());
    EXPECT_EQ(noFp4.error().message, "toy has no fp4 peak; it has: bf16 fp8");
    auto noBw = makeRoofline(toy(), Precision::BF16, 1);
    ASSERT_FALSE(noBw.ok());
    EXPECT_EQ(noBw.error().message, "toy: no published bandwidth for L2");
    EXPECT_FALSE(makeRoofline(toy(), Precision::BF16, 7).ok());
}

TEST(Placement, MemoryBoundLeftOfTheRidge)
{
    const Roofline r = makeRoofline(toy(), Precision::BF16).value();
    const Kernel gemv = kernel("gemv", 2e9, 1e9, 4e-3);
    const Placement p = analyze(gemv, r); // I = 2
    EXPECT_DOUBLE_EQ(p.intensity, 2.0);
    EXPECT_EQ(p.regime, Regime::MemoryBound);
    EXPECT_DOUBLE_EQ(p.roof(), 2e12);
    EXPECT_DOUBLE_EQ(p.ridgeDistance(), 50.0);
    EXPECT_DOUBLE_EQ(timeLowerBound(gemv, p), 1e-3); // bytes / B = 1 ms beats flops / P = 20 us
    EXPECT_DOUBLE_EQ(*p.achieved, 0.5e12);
    EXPECT_DOUBLE_EQ(*p.headroom(), 4.0);
    EXPECT_DOUBLE_EQ(*p.efficiency(), 0.25);
    EXPECT_DOUBLE_EQ(*mfuOf(p, r), 0.005);
    EXPECT_FALSE(p.aboveRoof);
    EXPECT_NE(leverText(p).find("memory bus is the wall"), std::string::npos);
    EXPECT_NE(leverText(p).find("batch"), std::string::npos);
}

TEST(Placement, ComputeBoundRightOfTheRidge)
{
    const Roofline r = makeRoofline(toy(), Precision::BF16).value();
    const Kernel gemm = kernel("gemm", 1e15, 1e12, 20.0);
    const Placement p = analyze(gemm, r); // I = 1000
    EXPECT_EQ(p.regime, Regime::ComputeBound);
    EXPECT_DOUBLE_EQ(p.roof(), 100e12);
    EXPECT_DOUBLE_EQ(timeLowerBound(gemm, p), 10.0);
    EXPECT_DOUBLE_EQ(*p.headroom(), 2.0);
    EXPECT_DOUBLE_EQ(*mfuOf(p, r), 0.5);
    EXPECT_DOUBLE_EQ(p.ridgeDistance(), 0.1);
    EXPECT_NE(leverText(p).find("faster memory changes nothing"), std::string::npos);
}

TEST(Placement, AtTheRidgeWithinTolerance)
{
    const Roofline r = makeRoofline(toy(), Precision::BF16).value();
    EXPECT_EQ(analyze(kernel("k", 100e9, 1e9), r).regime, Regime::AtRidge);
    EXPECT_EQ(analyze(kernel("k", 104e9, 1e9), r).regime, Regime::AtRidge);
    EXPECT_EQ(analyze(kernel("k", 96e9, 1e9), r).regime, Regime::AtRidge);
    EXPECT_EQ(analyze(kernel("k", 106e9, 1e9), r).regime, Regime::ComputeBound);
    EXPECT_EQ(analyze(kernel("k", 94e9, 1e9), r).regime, Regime::MemoryBound);
    // |log(I / ridge)| <= log(1.05): from 100/1.05 = 95.24 to 105 FLOP/byte, ends included.
    EXPECT_EQ(analyze(kernel("k", 105e9, 1e9), r).regime, Regime::AtRidge);
    EXPECT_EQ(analyze(kernel("k", 95.3e9, 1e9), r).regime, Regime::AtRidge);
    EXPECT_EQ(analyze(kernel("k", 105.1e9, 1e9), r).regime, Regime::ComputeBound);
    EXPECT_EQ(analyze(kernel("k", 95.2e9, 1e9), r).regime, Regime::MemoryBound);
}

TEST(Placement, ItsRoofAndRidgeAreTheRooflinesExactly)
{
    // Computed when read, they must be the very numbers the roof gives (the figure compares them).
    for (Precision precision : {Precision::BF16, Precision::FP8}) {
        const Roofline r = makeRoofline(h100(), precision).value();
        for (double flops : {1e3, 3.3e9, 2.95e11, 7e12, 1e18}) {
            const Placement p = analyze(kernel("k", flops, 1e9), r);
            EXPECT_EQ(p.roof(), r.attainable(p.intensity)) << p;
            EXPECT_EQ(p.ridge(), r.ridge());
        }
    }
    Placement noBytes;
    noBytes.intensity = std::numeric_limits<double>::infinity();
    noBytes.peak = 1e15;
    noBytes.bandwidth = 3e12;
    EXPECT_EQ(noBytes.roof(), 1e15) << "no traffic: the flat roof";
}

TEST(Placement, ReusedStorageKeepsNothingFromTheKernelBefore)
{
    const Roofline r = makeRoofline(toy(), Precision::BF16).value();
    Placement p = analyze(kernel("measured", 2e9, 1e9, 1e-3), r);
    p.levels.push_back({});
    p.binding = Wall::InnerLevel;
    const Kernel next = kernel("modelled", 2e12, 1e9);
    analyzeInto(p, next, r);
    EXPECT_EQ(p, analyze(next, r)) << p;
    EXPECT_FALSE(p.achieved);
    EXPECT_FALSE(mfuOf(p, r));
    EXPECT_EQ(p.binding, Wall::Compute);
}

TEST(Placement, TheTimeBoundAndMfuReadFromTheKernelAreWhatItsRoofGives)
{
    // The session's roof is BF16 (989.4 TFLOP/s on an H100); a kernel of its own precision, FP8,
    // was placed against the FP8 roof (1978.9). MFU is against that precision's datasheet peak,
    // on a peak roof and on an achievable one alike.
    for (RoofKind kind : {RoofKind::Peak, RoofKind::Achievable}) {
        const Roofline bf16 = makeRoofline(h100(), Precision::BF16, 0, kind).value();
        const Roofline fp8 = makeRoofline(h100(), Precision::FP8, 0, kind).value();
        const Kernel k = kernel("fp8 gemm", 1e15, 1e12, 1.0);
        const Placement own = analyze(k, fp8);
        EXPECT_DOUBLE_EQ(*mfuOf(own, bf16), 1e15 / 1978.9e12);
        EXPECT_DOUBLE_EQ(*mfuOf(own, fp8), 1e15 / 1978.9e12);
        EXPECT_DOUBLE_EQ(*mfuOf(analyze(k, bf16), bf16), 1e15 / 989.4e12);
        // max(FLOPs / P_peak, bytes / B_mem) of the roof that placed it.
        EXPECT_DOUBLE_EQ(timeLowerBound(k, own), std::max(1e15 / fp8.peakFlops, 1e12 / fp8.bandwidth));
        EXPECT_DOUBLE_EQ(timeLowerBound(k, analyze(k, bf16)), std::max(1e15 / bf16.peakFlops, 1e12 / bf16.bandwidth));
    }
}

TEST(Placement, WithoutTimeOnlyTheBoundIsKnown)
{
    const Roofline r = makeRoofline(toy(), Precision::BF16).value();
    const Kernel k = kernel("k", 2e9, 1e9);
    const Placement p = analyze(k, r);
    EXPECT_FALSE(p.achieved);
    EXPECT_FALSE(p.headroom());
    EXPECT_FALSE(mfuOf(p, r));
    EXPECT_FALSE(p.aboveRoof);
    EXPECT_DOUBLE_EQ(timeLowerBound(k, p), 1e-3);
}

TEST(Placement, AboveTheRoofIsFlaggedNotClamped)
{
    const Roofline r = makeRoofline(toy(), Precision::BF16).value();
    const Placement p = analyze(kernel("cached", 2e9, 1e9, 0.5e-3), r); // 4 TFLOP/s vs roof 2
    EXPECT_TRUE(p.aboveRoof);
    EXPECT_DOUBLE_EQ(*p.achieved, 4e12);
    EXPECT_DOUBLE_EQ(*p.headroom(), 0.5);
    EXPECT_EQ(leverText(p).rfind("Above the roof", 0), 0u);
    EXPECT_NE(leverText(p).find("under-counted"), std::string::npos);
    // Exactly on the roof is not above it.
    EXPECT_FALSE(analyze(kernel("exact", 2e9, 1e9, 1e-3), r).aboveRoof);
}

TEST(Placement, TheLessonsWorkedExample)
{
    // 70B parameters in FP8 on an H100 SXM5: 140 GFLOP and 70 GB per decode step.
    const Roofline fp8 = makeRoofline(h100(), Precision::FP8).value();
    const Kernel decode1 = kernel("decode b=1", 140e9, 70e9);
    const Placement b1 = analyze(decode1, fp8);
    EXPECT_DOUBLE_EQ(b1.intensity, 2.0);
    EXPECT_EQ(b1.regime, Regime::MemoryBound);
    EXPECT_NEAR(b1.ridge(), 590.7, 0.1);
    EXPECT_NEAR(b1.ridgeDistance(), 295.3, 0.1); // "295x left of the ridge"
    EXPECT_NEAR(b1.roof() / fp8.nominalPeak, 0.0034, 0.0001); // "~0.34 % of peak"
    EXPECT_NEAR(timeLowerBound(decode1, b1) * 1e3, 20.9, 0.005); // ">= 20.9 ms per token"
    EXPECT_NEAR(1.0 / timeLowerBound(decode1, b1), 47.86, 0.01); // "<= ~48 tokens/s"
    const Kernel decode32 = kernel("decode b=32", 32 * 140e9, 70e9);
    const Placement b32 = analyze(decode32, fp8);
    EXPECT_DOUBLE_EQ(b32.intensity, 64.0);
    EXPECT_EQ(b32.regime, Regime::MemoryBound); // "still < ridge"
    EXPECT_NEAR(32.0 / timeLowerBound(decode32, b32), 1531.4, 0.1); // "~1,500 tokens/s total"
    // BF16 ridge ~295 and FP8 ~590: the lower precision moves the ridge right.
    EXPECT_NEAR(makeRoofline(h100(), Precision::BF16).value().ridge(), 295.3, 0.1);
}

TEST(Placement, KernelOnTheRightOfTheBf16RidgeFlipsUnderFp8)
{
    const Roofline bf16 = makeRoofline(h100(), Precision::BF16).value();
    const Roofline fp8 = makeRoofline(h100(), Precision::FP8).value();
    const Kernel k = kernel("k", 400e9, 1e9); // I = 400: between 295 and 591
    EXPECT_EQ(analyze(k, bf16).regime, Regime::ComputeBound);
    EXPECT_EQ(analyze(k, fp8).regime, Regime::MemoryBound);
}

TEST(Kernel, ValidationNamesTheBadValue)
{
    EXPECT_FALSE(validateKernel(kernel("ok", 1, 1, 1)));
    EXPECT_EQ(*validateKernel(kernel("z", 0, 1)), "FLOP count of 'z' must be a finite number greater than zero");
    EXPECT_EQ(*validateKernel(kernel("n", 1, -1)), "byte count of 'n' must be a finite number greater than zero");
    EXPECT_EQ(*validateKernel(kernel("t", 1, 1, NAN)), "time of 't' must be a finite number greater than zero");
    EXPECT_EQ(*validateKernel(kernel("", 1, 1)), "kernel has no name");
}

TEST(Kernel, ParsesPointSpecs)
{
    auto k = parsePointSpec("decode,140 GFLOP,70 GB,20.9 ms");
    ASSERT_TRUE(k.ok()) << k.error();
    EXPECT_EQ(k->name, "decode");
    EXPECT_DOUBLE_EQ(k->flops, 140e9);
    EXPECT_DOUBLE_EQ(k->bytes, 70e9);
    EXPECT_DOUBLE_EQ(*k->time, 20.9e-3);
    auto bare = parsePointSpec("g,1e12,5e9");
    ASSERT_TRUE(bare.ok());
    EXPECT_FALSE(bare->time);
    EXPECT_EQ(parsePointSpec("x,1").error().message,
        "point 'x,1' must be name,flops,bytes[,time] (e.g. 'decode,140 GFLOP,70 GB')");
    EXPECT_EQ(
        parsePointSpec("x,1,0").error().message, "point 'x': bytes: byte count must be greater than zero (got '0')");
    EXPECT_EQ(parsePointSpec("x,1 GB,1").error().message,
        "point 'x': flops: unknown unit 'GB' for a FLOP count; write e.g. '140 GFLOP'");
}

TEST(Roofline, AKernelAFewLaunchesLongIsLatencyBound)
{
    // An H100 launch costs ~4 us (launchLatencyOf's default for accelerators): a 5 us kernel is
    // within 2 launches, latency-bound whatever its intensity; a 10 us one is placed on the roof.
    const HardwareProfile& h100 = *test::shippedCatalog().find("h100-sxm5");
    const Roofline roof = makeRoofline(h100, Precision::BF16).value();
    EXPECT_DOUBLE_EQ(roof.launchLatency, 4e-6);
    EXPECT_EQ(analyze(test::makeKernel("bias", 2e6, 8e6, 5e-6), roof).regime, Regime::LatencyBound);
    EXPECT_EQ(analyze(test::makeKernel("bias", 2e6, 8e6, 10e-6), roof).regime, Regime::MemoryBound);
    EXPECT_EQ(analyze(test::makeKernel("untimed", 2e6, 8e6), roof).regime, Regime::MemoryBound)
        << "without a time nothing says it is short";
    EXPECT_NE(leverFor(Regime::LatencyBound).find("CUDA graphs"), std::string::npos);
    // The summary keeps the time they take, for the kernels panel's share.
    PlacementSummary summary;
    const std::vector<Kernel> kernels {test::makeKernel("bias", 2e6, 8e6, 5e-6),
        test::makeKernel("gemm", 2e12, 8e9, 5e-3), test::makeKernel("untimed", 2e6, 8e6)};
    for (size_t i = 0; i < kernels.size(); ++i)
        summary.add(i, kernels[i], analyze(kernels[i], roof));
    EXPECT_DOUBLE_EQ(summary.totalTime, 5e-6 + 5e-3);
    EXPECT_DOUBLE_EQ(summary.latencyBoundTime, 5e-6);
    // A CPU has no such wall; a profile can set its own.
    const Roofline cpu = makeRoofline(*test::shippedCatalog().find("epyc-9654"), Precision::FP64).value();
    EXPECT_EQ(analyze(test::makeKernel("bias", 2e6, 8e6, 5e-6), cpu).regime, Regime::MemoryBound);
    HardwareProfile slow = h100;
    slow.launchLatency = 20e-6;
    EXPECT_EQ(analyze(test::makeKernel("bias", 2e6, 8e6, 30e-6), makeRoofline(slow, Precision::BF16).value()).regime,
        Regime::LatencyBound);
}
