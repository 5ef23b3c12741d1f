// SPDX-License-Identifier: MIT
// likwid-perfctr's text output as kernels (tests/data/likwid/README.md).
#include "core/io/kernel_io.h"
#include "core/io/text_file.h"

#include <gtest/gtest.h>

using namespace roofline;

namespace {

const std::string kDir = std::string(ROOFLINE_TEST_DATA) + "/likwid/";

std::string read(const std::string& name)
{
    auto t = readTextFile(kDir + name, 1 << 20);
    EXPECT_TRUE(t.ok());
    return t.ok() ? t.value() : std::string();
}

} // namespace

TEST(Likwid, TwoGroupsOfARegionMakeAPointAndTheOtherRegionIsNoted)
{
    const auto r = loadKernelFile(kDir + "stream-two-groups-marker.txt");
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_EQ(r->source, "likwid-perfctr");
    EXPECT_EQ(r->device, "Intel(R) Xeon(R) Platinum 8480+");
    EXPECT_EQ(r->suggestedHardware, "xeon-8480plus");
    ASSERT_EQ(r->kernels.size(), 1u);
    const Kernel& triad = r->kernels[0];
    EXPECT_EQ(triad.name, "triad");
    EXPECT_DOUBLE_EQ(triad.flops, 2e9); // STAT Sum 4000 MFLOP/s x Max runtime 0.5 s
    EXPECT_DOUBLE_EQ(triad.bytes, 16e9); // the two threads' 8 GB
    EXPECT_DOUBLE_EQ(*triad.time, 0.5);
    EXPECT_EQ(triad.precision, Precision::FP64);
    EXPECT_EQ(r->warnings,
        std::vector<std::string> {"1 region has no floating-point work (0 FLOPs), not on the "
                                  "roofline: 'init' (line 6: memory 8 GB in 100 ms, 80 GB/s)"});
}

TEST(Likwid, ARealFlopsDpRunAloneSaysWhatItMeasuredAndWhatIsMissing)
{
    // The real Zen 4 run: 889.8334 MFLOP/s x 0.6494 s = 577.9 MFLOP (the event count is
    // 577,889,172), and no memory group, so no point: the refusal says what to add.
    const auto r = loadKernelFile(kDir + "cg-flops-dp.txt");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message,
        "no kernel can be placed on a roofline: 1 region has FLOPs but no memory data volume (measure the MEM group "
        "too: -g FLOPS_DP -g MEM, or append a MEM run's output of the same program to this file), not on the "
        "roofline: 'whole run' (line 12: 578 MFLOP FP64 in 649 ms, 890 MFLOP/s)");
    const auto l3 = loadKernelFile(kDir + "cg-l3.txt");
    ASSERT_FALSE(l3.ok());
    EXPECT_NE(l3.error().message.find("'whole run' (line 12: L3 4.89 GB in 395 ms, 12.4 GB/s)"), std::string::npos)
        << l3.error().message;
}

TEST(Likwid, AppendedRunsOfTheSameProgramCombineByRegion)
{
    // FLOPS_DP, L3 and L2 of separate runs appended: the intensities at L3 and L2 are known, the
    // DRAM one is not, so the note gives what there is.
    const std::string text = read("cg-flops-dp.txt") + read("cg-l3.txt") + read("cg-l2.txt");
    const auto r = parseKernels(text, "cg.txt");
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("0.118 FLOP/byte at L3; 0.0969 FLOP/byte at L2"), std::string::npos)
        << r.error().message;
    // With a MEM group appended the run is a point, with L3 and L2 as inner levels.
    const std::string mem = "Group 1: MEM\n+---+\n| Metric | HWThread 24 |\n+---+\n| Runtime (RDTSC) [s] | 0.4 |\n"
                            "| Memory data volume [GBytes] | 2.0 |\n+---+\n";
    const auto placed = parseKernels(text + mem, "cg.txt");
    ASSERT_TRUE(placed.ok()) << placed.error();
    ASSERT_EQ(placed->kernels.size(), 1u);
    const Kernel& k = placed->kernels[0];
    EXPECT_NEAR(k.flops, 889.8334e6 * 0.6494, 1.0);
    EXPECT_DOUBLE_EQ(k.bytes, 2e9);
    EXPECT_DOUBLE_EQ(*k.time, 0.6494);
    ASSERT_EQ(k.levelBytes.size(), 2u);
    EXPECT_EQ(k.levelBytes[0].first, "L3");
    EXPECT_DOUBLE_EQ(k.levelBytes[0].second, 4.8851e9);
    EXPECT_EQ(k.levelBytes[1].first, "L2");
    EXPECT_DOUBLE_EQ(k.levelBytes[1].second, 5.9632e9);
}
