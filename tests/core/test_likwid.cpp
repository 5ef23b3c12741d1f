// SPDX-License-Identifier: MIT
// likwid-perfctr's text output as kernels (tests/data/likwid/README.md).
#include "core/io/kernel_io.h"
#include "core/io/likwid_perfctr.h"
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
        "no kernel can be placed on a roofline: 1 region has FLOPs but no memory volume (add a MEM run of the same "
        "program, MEM1+MEM2 on AMD Zen 2/3; open it with this file or append it), not on the roofline: 'whole run' "
        "(line 12: 578 MFLOP FP64 in 649 ms, 890 MFLOP/s)");
    // The L3 run alone asks for both groups a point needs, not just the FLOPs: adding only
    // FLOPS_DP would be refused again for want of MEM.
    const auto l3 = loadKernelFile(kDir + "cg-l3.txt");
    ASSERT_FALSE(l3.ok());
    EXPECT_EQ(l3.error().message,
        "no kernel can be placed on a roofline: 1 region has no FLOPs and no memory volume (a point needs both: add "
        "FLOPS_DP and MEM runs of the same program, MEM1+MEM2 on AMD Zen 2/3; open them with this file or append "
        "them), not on the roofline: 'whole run' (line 12: L3 4.89 GB in 395 ms, 12.4 GB/s)");
}

TEST(Likwid, OutputsOpenedTogetherAreOneRunAndTheNotesNameTheirFiles)
{
    const std::string flops = read("cg-flops-dp.txt"), l3 = read("cg-l3.txt");
    const auto r = loadLikwidRun({kDir + "cg-flops-dp.txt", kDir + "cg-l3.txt"});
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().file, kDir + "cg-flops-dp.txt + " + kDir + "cg-l3.txt");
    EXPECT_NE(r.error().message.find("'whole run' (" + kDir
                  + "cg-flops-dp.txt line 12: 578 MFLOP FP64 in 649 ms, 890 MFLOP/s; "
                    "0.118 FLOP/byte at L3)"),
        std::string::npos)
        << r.error().message;
    const std::string mem = "Group 1: MEM\n+---+\n| Metric | HWThread 24 |\n| Runtime (RDTSC) [s] | 0.4 |\n"
                            "| Memory data volume [GBytes] | 2.0 |\n";
    const auto placed = parseLikwidPerfctrRuns({{"flops.txt", flops}, {"l3.txt", l3}, {"mem.txt", mem}});
    ASSERT_TRUE(placed.ok()) << placed.error();
    ASSERT_EQ(placed->kernels.size(), 1u);
    EXPECT_NEAR(placed->kernels[0].flops, 889.8334e6 * 0.6494, 1.0);
    EXPECT_DOUBLE_EQ(placed->kernels[0].bytes, 2e9);
    EXPECT_EQ(placed->kernels[0].levelBytes.at(0), (std::pair<std::string, double> {"L3", 4.8851e9}));
}

TEST(Likwid, ZenCountsMemoryInTwoGroupsAndOneOfThemIsNotTheVolume)
{
    // Zen 2/3: MEM1 counts channels 0-3, MEM2 channels 4-7 (LIKWID's groups/zen3/MEM1.txt).
    const std::string flops = "Group 1: FLOPS_DP\n+---+\n| Metric | HWThread 0 |\n| Runtime (RDTSC) [s] | 2 |\n"
                              "| DP [MFLOP/s] | 500 |\n";
    const auto group = [](int n, const char* channels, const char* gb) {
        return "Group 1: MEM" + std::to_string(n) + "\n+---+\n| Metric | HWThread 0 |\n| Runtime (RDTSC) [s] | 2 |\n"
            + "| Memory data volume (channels " + channels + ") [GBytes] | " + gb + " |\n";
    };
    const auto both = parseKernels(flops + group(1, "0-3", "3") + group(2, "4-7", "5"), "zen.txt");
    ASSERT_TRUE(both.ok()) << both.error();
    ASSERT_EQ(both->kernels.size(), 1u);
    EXPECT_DOUBLE_EQ(both->kernels[0].flops, 1e9);
    EXPECT_DOUBLE_EQ(both->kernels[0].bytes, 8e9); // 3 + 5 GB: all eight channels
    const auto half = parseKernels(flops + group(1, "0-3", "3"), "zen.txt");
    ASSERT_FALSE(half.ok()); // half the channels' bytes would put the point at twice its intensity
    EXPECT_NE(half.error().message.find("1 GFLOP FP64 in 2 s, 500 MFLOP/s; memory channels 0-3 only: 3 GB"),
        std::string::npos)
        << half.error().message;
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
