// SPDX-License-Identifier: MIT
#include "core/io/ceilings.h"
#include "core/io/kernel_io.h"
#include "core/io/profile_yaml.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace roofline;

namespace {
const std::string kDir = std::string(ROOFLINE_TEST_DATA) + "/ceilings/";

HardwareProfile load(const std::string& name)
{
    auto r = loadCeilingsFile(kDir + name);
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().toString());
    return r.ok() ? r.value() : HardwareProfile {};
}
} // namespace

TEST(Ceilings, ErtJsonSinglePrecision)
{
    const HardwareProfile p = load("roofline.json");
    EXPECT_EQ(p.id, "measured-ceilings-roofline");
    EXPECT_EQ(p.vendor, "Measured");
    EXPECT_DOUBLE_EQ(p.achievable, 1.0);
    ASSERT_EQ(p.peaks.size(), 1u);
    EXPECT_DOUBLE_EQ(*p.peak(Precision::FP64), 288.33e9); // ERT's default precision
    ASSERT_EQ(p.memory.size(), 4u);
    EXPECT_EQ(p.memory[0].name, "DRAM"); // main memory first, ERT's own labels kept
    EXPECT_DOUBLE_EQ(*p.memory[0].bandwidth, 68.76e9);
    EXPECT_EQ(p.memory[3].name, "L1");
    EXPECT_NEAR(*p.ridge(Precision::FP64), 288.33 / 68.76, 1e-12);
    EXPECT_NE(p.sources.front().ref.find("roofline.json"), std::string::npos);
    EXPECT_TRUE(p.sources.front().measured);
    EXPECT_TRUE(p.unsourced().empty()) << "a measurement backs every figure it gives";
}

TEST(Ceilings, ErtJsonPerPrecision)
{
    const HardwareProfile p = load("roofline-multi.json");
    EXPECT_DOUBLE_EQ(*p.peak(Precision::FP64), 7012.5e9);
    EXPECT_DOUBLE_EQ(*p.peak(Precision::FP32), 14200e9);
    EXPECT_DOUBLE_EQ(*p.peak(Precision::FP16), 28100e9);
    EXPECT_DOUBLE_EQ(p.mainBandwidth(), 812.4e9);
}

TEST(Ceilings, ErtTextSummary)
{
    const HardwareProfile p = load("sum");
    EXPECT_DOUBLE_EQ(*p.peak(Precision::FP64), 4360.14e9);
    ASSERT_EQ(p.memory.size(), 2u);
    EXPECT_EQ(p.memory[0].name, "DRAM");
    EXPECT_DOUBLE_EQ(*p.memory[1].bandwidth, 1721.88e9);
}

TEST(Ceilings, ErtConfigurationSumWithoutEmpAndWithAWeightLine)
{
    // The sum file of one ERT configuration (FLOPS.001/MPI.0001/OpenMP.0001/sum), laid out as
    // ERT 1.1.0 writes it: no EMP suffix, a 'Weight' line that is no memory level, META_DATA.
    const HardwareProfile p = load("ert-config-sum");
    EXPECT_DOUBLE_EQ(*p.peak(Precision::FP64), 12.40e9);
    ASSERT_EQ(p.memory.size(), 4u);
    EXPECT_EQ(p.memory[0].name, "DRAM");
    EXPECT_DOUBLE_EQ(*p.memory[0].bandwidth, 19.10e9);
    for (const auto& level : p.memory)
        EXPECT_NE(level.name, "Weight");
    const std::string notes = [&] {
        std::string all;
        for (const auto& n : p.notes)
            all += n + "\n";
        return all;
    }();
    EXPECT_NE(notes.find("'Weight' line is not a memory level"), std::string::npos) << notes;
    EXPECT_NE(notes.find("one ERT configuration"), std::string::npos) << notes;
}

TEST(Ceilings, RocprofRooflineCsv)
{
    const HardwareProfile p = load("roofline.csv");
    EXPECT_DOUBLE_EQ(p.mainBandwidth(), 4200.5e9);
    EXPECT_EQ(p.memory.front().name, "HBM");
    EXPECT_EQ(p.memory.size(), 5u);
    EXPECT_DOUBLE_EQ(*p.peak(Precision::FP64), 150000e9); // max of vector and MFMA
    EXPECT_DOUBLE_EQ(*p.peak(Precision::BF16), 650000e9);
    EXPECT_DOUBLE_EQ(*p.peak(Precision::FP8), 1300000e9);
    EXPECT_DOUBLE_EQ(*p.peak(Precision::INT8), 1310000e9);
    // FP32Flops and MFMAF32Flops are two roofs: the VALU's and the MFMA's (issue 28).
    EXPECT_EQ(p.unitPeak(Precision::FP32, ComputeUnit::Vector), 80000e9);
    EXPECT_EQ(p.unitPeak(Precision::FP32, ComputeUnit::Matrix), 150000e9);
    EXPECT_EQ(p.unitPeak(Precision::FP64, ComputeUnit::Vector), 79000e9);
    EXPECT_EQ(p.unitPeak(Precision::BF16, ComputeUnit::Vector), std::nullopt) << "no vector BF16 column";
}

TEST(Ceilings, ProfilesRoundTripThroughYaml)
{
    for (const char* f : {"roofline.json", "roofline-multi.json", "sum", "roofline.csv"}) {
        const HardwareProfile p = load(f);
        auto back = parseProfile(profileToYaml(p), "measured.yaml");
        ASSERT_TRUE(back.ok()) << f << ": " << back.error() << "\n" << profileToYaml(p);
        EXPECT_EQ(back.value(), p) << f;
    }
}

TEST(Ceilings, BadFilesSayWhatTheyAreNot)
{
    auto broken = loadCeilingsFile(kDir + "broken.json");
    ASSERT_FALSE(broken.ok());
    EXPECT_NE(broken.error().toString().find("broken.json"), std::string::npos);
    auto other = parseCeilings("name,flops,bytes\n", "k.csv");
    ASSERT_FALSE(other.ok());
    EXPECT_EQ(other.error().toString(),
        "k.csv: not a ceilings file: expected an ERT roofline.json or summary, a rocprof-compute roofline.csv, an ncu "
        "roofline section, a likwid-bench summary or a benchmark's JSON (bf16_tflops, hbm_copy_GBps ...)");
}

TEST(Ceilings, NcuRooflineChartSectionOfARealRtx5090Export)
{
    // llm-perf-opt's ncu.section_SpeedOfLight_RooflineChart.csv (MIT): per-cycle peaks by their
    // display names, clocks in "Ghz", the device given as an index.
    const HardwareProfile p = load("ncu-rooflinechart-rtx5090.csv");
    EXPECT_EQ(p.name, "Sustained peaks (ncu: compute capability 12.0)");
    EXPECT_NEAR(*p.peak(Precision::FP32), 43520.0 * 2.01e9, 1e3); // 87.5 TFLOP/s
    EXPECT_NEAR(*p.peak(Precision::FP64), 680.0 * 2.01e9, 1e3); // 1.37 TFLOP/s
    EXPECT_NEAR(p.mainBandwidth(), 128.0 * 13.78e9, 1e3); // 1.764 TB/s
    EXPECT_NEAR(*p.peak(Precision::FP32) / p.mainBandwidth(), 49.6, 0.05);
    // Opened as kernels, it says what it is and where it goes.
    auto asKernels = loadKernelFile(kDir + "ncu-rooflinechart-rtx5090.csv");
    ASSERT_FALSE(asKernels.ok());
    EXPECT_NE(asKernels.error().message.find("is the SpeedOfLight_RooflineChart section"), std::string::npos);
    EXPECT_NE(asKernels.error().message.find("import it as ceilings"), std::string::npos);
}

TEST(Ceilings, NcuPeakSustainedFigures)
{
    const HardwareProfile p = load("ncu-raw-peaks.csv");
    EXPECT_EQ(p.id, "measured-ncu-raw-peaks");
    EXPECT_EQ(p.name, "Sustained peaks (ncu: NVIDIA H100 80GB HBM3)");
    EXPECT_DOUBLE_EQ(*p.peak(Precision::FP32), 16896.0 * 2 * 1.98e9); // ffma per cycle x 2 x SM clock
    EXPECT_DOUBLE_EQ(*p.peak(Precision::FP64), 8448.0 * 2 * 1.98e9);
    EXPECT_DOUBLE_EQ(*p.peak(Precision::BF16), 270336.0 * 1.98e9); // tensor ops per cycle x SM clock
    EXPECT_EQ(p.memory[0].name, "DRAM");
    EXPECT_DOUBLE_EQ(p.mainBandwidth(), 2000.0 * 1.6e9); // bytes per DRAM cycle x DRAM clock
    EXPECT_DOUBLE_EQ(*p.memory[1].bandwidth, 2560.0 * 1.98e9);
    auto none = loadCeilingsFile(std::string(ROOFLINE_TEST_DATA) + "/ncu/details-h100.csv");
    ASSERT_FALSE(none.ok());
    EXPECT_NE(none.error().message.find("carries no peak_sustained figures"), std::string::npos);
}

// Found by fuzzing (tests/data/fuzz-regressions/ceilings-sum-bad-number.txt): an ERT summary line
// whose "number" is not one ("-", "1e") threw std::invalid_argument from std::stod.
TEST(Ceilings, ErtSummaryWithABrokenNumberIsAnError)
{
    auto r = loadCeilingsFile(std::string(ROOFLINE_TEST_DATA) + "/fuzz-regressions/ceilings-sum-bad-number.txt");
    EXPECT_FALSE(r.ok());
    auto dash = parseCeilings("  - GFLOPs EMP\n 1.0 DRAM EMP\n", "sum");
    ASSERT_FALSE(dash.ok());
    EXPECT_EQ(dash.error().toString(), "sum:1:1: GFLOP/s must be a number greater than zero");
}

TEST(Ceilings, NerscPlotInputGivesRoofsAndHierarchicalKernels)
{
    const std::string file = std::string(ROOFLINE_TEST_DATA) + "/nersc/data.txt";
    auto roofs = loadCeilingsFile(file);
    ASSERT_TRUE(roofs.ok()) << roofs.error().toString();
    EXPECT_EQ(roofs->id, "measured-data");
    EXPECT_DOUBLE_EQ(*roofs->peak(Precision::FP64), 7068.86e9); // FMA; No-FMA left out, noted
    EXPECT_EQ(roofs->peaks.size(), 1u);
    ASSERT_EQ(roofs->memory.size(), 3u);
    EXPECT_EQ(roofs->memory[0].name, "HBM"); // main memory first, then L2, L1
    EXPECT_DOUBLE_EQ(roofs->mainBandwidth(), 828.758e9);
    EXPECT_EQ(roofs->memory[1].name, "L2");
    EXPECT_EQ(roofs->memory[2].name, "L1");
    auto kernels = loadKernelFile(file);
    ASSERT_TRUE(kernels.ok()) << kernels.error().toString();
    ASSERT_EQ(kernels->kernels.size(), 3u);
    const Kernel& k = kernels->kernels[2];
    EXPECT_EQ(k.name, "spmv kernel");
    EXPECT_DOUBLE_EQ(*k.achieved(), 1500e9);
    EXPECT_DOUBLE_EQ(k.flops / k.bytes, 2.4);
    ASSERT_EQ(k.levelBytes.size(), 2u);
    EXPECT_DOUBLE_EQ(k.flops / k.levelBytes[0].second, 1.1); // L2
    EXPECT_DOUBLE_EQ(k.flops / k.levelBytes[1].second, 0.5); // L1
    ASSERT_EQ(kernels->warnings.size(), 1u);
    EXPECT_NE(kernels->warnings[0].find("placed as one second of work"), std::string::npos);
    // A bad number is located.
    auto bad = parseCeilings("memroofs 1 x\nmem_roof_names 'HBM' 'L2'\ncomproofs 5\ncomp_roof_names 'FMA'\n", "d.txt");
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().line, 1);
    EXPECT_NE(bad.error().message.find("'x' is not a number"), std::string::npos);
}

TEST(Ceilings, LikwidBenchSummaryOfARealZen4Run)
{
    // HPCTrainingExamples' likwid-bench summary (MIT, tests/data/foreign/README.md): one core.
    auto p = loadCeilingsFile(std::string(ROOFLINE_TEST_DATA) + "/foreign/likwid-bench-summary.txt");
    ASSERT_TRUE(p.ok()) << p.error().toString();
    EXPECT_DOUBLE_EQ(*p->peak(Precision::FP64), 58699.75e6); // the best peakflops kernel (AVX-512 FMA)
    ASSERT_EQ(p->memory.size(), 4u);
    EXPECT_EQ(p->memory[0].name, "DRAM");
    EXPECT_DOUBLE_EQ(p->mainBandwidth(), 26025.49e6); // the 1 GB working set
    EXPECT_EQ(p->memory[1].name, "L1");
    EXPECT_DOUBLE_EQ(*p->memory[1].bandwidth, 211858.92e6); // 16 kB
    EXPECT_NE(std::find(p->notes.begin(), p->notes.end(), "likwid-bench gave no figure for peakflops_sse_fma."),
        p->notes.end());
}
