// SPDX-License-Identifier: MIT
// Nsight Compute 2025.3 exports from a real H200 (tests/data/real, byte for byte), read as a user
// runs them: every number is the one ncu itself shows for the launch (SOURCES.md there).
#include "core/analysis/roofline.h"
#include "core/io/ceilings.h"
#include "core/io/file_kind.h"
#include "core/io/kernel_io.h"
#include "core/io/profile_catalog.h"
#include "core/io/profile_yaml.h"
#include "core/io/session_yaml.h"
#include "core/io/text_file.h"
#include "core/model/units.h"
#include "support/fixtures.h"

#include <gtest/gtest.h>

#include <string>

using namespace roofline;

namespace {
const std::string kReal = std::string(ROOFLINE_TEST_DATA) + "/real/";

KernelImport load(const std::string& name)
{
    auto r = loadKernelFile(kReal + name);
    EXPECT_TRUE(r.ok()) << (r.ok() ? std::string() : r.error().toString());
    return r.ok() ? r.value() : KernelImport {};
}

const Kernel* launch(const KernelImport& imp, const std::string& suffix)
{
    for (const Kernel& k : imp.kernels)
        if (k.name.size() >= suffix.size() && k.name.compare(k.name.size() - suffix.size(), suffix.size(), suffix) == 0)
            return &k;
    return nullptr;
}
} // namespace

TEST(RealExports, TheRawPageOfNcu2025LoadsOnTheH200WithNcusOwnNumbers)
{
    for (const char* file : {"h200_ncu_raw.csv", "h200_ncu_raw_baseunits.csv"}) {
        SCOPED_TRACE(file);
        const KernelImport imp = load(file);
        EXPECT_EQ(imp.source, "ncu raw");
        // The Device column is "0": the name comes from device__attribute_display_name.
        EXPECT_EQ(imp.device, "NVIDIA H200");
        EXPECT_EQ(imp.suggestedHardware, "h200-sxm");
        ASSERT_EQ(imp.kernels.size(), 12u);
        EXPECT_TRUE(imp.rejected.empty());
        // Launch 2, the BF16 GEMM 4096^3 on the tensor cores: 2 x 4096^3 operations.
        const Kernel* gemm = launch(imp, "#2");
        ASSERT_NE(gemm, nullptr);
        EXPECT_EQ(gemm->name.rfind("nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_NNT", 0), 0u) << gemm->name;
        EXPECT_EQ(gemm->precision, Precision::BF16);
        EXPECT_EQ(gemm->unit, ComputeUnit::Matrix);
        EXPECT_DOUBLE_EQ(gemm->flops, 137438953472.0);
        EXPECT_NEAR(*gemm->time, 217.952e-6, 1e-12);
        EXPECT_NEAR(gemm->flops / *gemm->time / 1e12, 630.6, 0.05); // ncu: 630.6 TFLOP/s
        // Bytes = dram__bytes.sum.per_second x gpu__time_duration.sum (0.809253 TB/s x 217.952 us).
        EXPECT_NEAR(gemm->bytes, 1.7638e8, 0.0002e8);
        // Launch 11, the FP32 GEMM on the CUDA cores: FFMA rate per cycle x cycles x 2.
        const Kernel* sgemm = launch(imp, "#11");
        ASSERT_NE(sgemm, nullptr);
        EXPECT_EQ(sgemm->precision, Precision::FP32);
        EXPECT_NEAR(sgemm->flops / 1.375e11, 1.0, 0.001);
        EXPECT_NEAR(*sgemm->time, 3486.272e-6, 1e-9);
        EXPECT_NEAR(sgemm->bytes / 3.44e8, 1.0, 0.002);
    }
}

TEST(RealExports, TheDetailsPageIsRefusedWithThePageToExportInstead)
{
    auto r = loadKernelFile(kReal + "h200_ncu_details.csv");
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("this is ncu's details page"), std::string::npos) << r.error().message;
    EXPECT_NE(r.error().message.find("--page raw"), std::string::npos);
}

TEST(RealExports, TheClassicMetricsExportLoadsAndItsDeviceGuessIsSaidToBeOne)
{
    const KernelImport imp = load("h200_ncu_metrics_long.csv");
    ASSERT_EQ(imp.kernels.size(), 12u);
    EXPECT_EQ(imp.device, "compute capability 9.0");
    ASSERT_FALSE(imp.warnings.empty());
    EXPECT_NE(imp.warnings[0].find("does not name its device"), std::string::npos) << imp.warnings[0];
    EXPECT_NE(imp.warnings[0].find("H200"), std::string::npos) << "the alternatives are named";
    const Kernel* gemm = launch(imp, "#2");
    ASSERT_NE(gemm, nullptr);
    EXPECT_EQ(gemm->precision, Precision::BF16);
    EXPECT_DOUBLE_EQ(gemm->flops, 137438953472.0);
}

TEST(RealExports, EachKernelIsShownAgainstTheRoofItRanUnderAndTheDatasheets)
{
    // ncu locked the clocks to base (1.28-1.50 GHz against 1.98): the peaks it wrote into the
    // file are at that clock. The BF16 GEMM at 630.6 TFLOP/s is 91 % of the roof it ran under
    // (692.9 TFLOP/s: ncu's own chart) and 64 % of the datasheet's 989.4.
    const KernelImport imp = load("h200_ncu_raw.csv");
    const Kernel* gemm = launch(imp, "#2");
    ASSERT_NE(gemm, nullptr);
    ASSERT_TRUE(gemm->clockPeak && gemm->clockBandwidth);
    EXPECT_NEAR(*gemm->clockPeak / 692.9e12, 1.0, 0.001);
    EXPECT_NEAR(*gemm->clockBandwidth / (1504 * 3.198931e9), 1.0, 1e-6); // DRAM bytes a cycle x its clock
    const HardwareProfile& h200 = *test::shippedCatalog().find("h200-sxm");
    const Roofline roof = makeRoofline(h200, Precision::BF16).value();
    const Placement p = analyze(*gemm, roof);
    EXPECT_NEAR(*clockEfficiencyOf(*gemm, p), 0.910, 0.001);
    EXPECT_NEAR(*mfuOf(p, roof), 0.637, 0.001);
    // The FP32 GEMM ran at 1.50 GHz: 16,896 FFMA a cycle x 2 x 1.499 GHz.
    const Kernel* sgemm = launch(imp, "#11");
    ASSERT_NE(sgemm, nullptr);
    ASSERT_TRUE(sgemm->clockPeak);
    EXPECT_NEAR(*sgemm->clockPeak / (16896 * 2 * 1.499356e9), 1.0, 1e-6);
    // A session keeps both roofs.
    Session s;
    s.hardwareId = "h200-sxm";
    s.kernels = imp.kernels;
    const auto back = parseSession(sessionToYaml(s), "s.roofline.yaml");
    ASSERT_TRUE(back.ok()) << back.error().toString();
    EXPECT_EQ(back->kernels, s.kernels);
}

TEST(RealExports, AMeasuredH200IsAProfileBesideTheDatasheetOne)
{
    // What this H200 reaches outside the profiler (h200-workload/bench.py): a benchmark's JSON.
    const auto p = loadCeilingsFile(kReal + "h200_measured_ceilings.json");
    ASSERT_TRUE(p.ok()) << p.error().toString();
    EXPECT_EQ(p->name, "Measured (NVIDIA H200: h200_measured_ceilings.json)");
    EXPECT_EQ(p->achievable, 1.0);
    EXPECT_DOUBLE_EQ(p->peaks.at(Precision::BF16), 803.9217769253491e12);
    EXPECT_NEAR(p->peaks.at(Precision::INT8), 912.5838e12, 1e8);
    ASSERT_EQ(p->memory.size(), 1u);
    EXPECT_DOUBLE_EQ(*p->memory[0].bandwidth, 4260.346213579147e9); // the copy, as STREAM reports
    // 81 % of the datasheet's BF16, 89 % of its HBM.
    const HardwareProfile& sheet = *test::shippedCatalog().find("h200-sxm");
    EXPECT_NEAR(p->peaks.at(Precision::BF16) / sheet.peaks.at(Precision::BF16), 0.81, 0.005);
    EXPECT_NEAR(*p->memory[0].bandwidth / *sheet.memory[0].bandwidth, 0.89, 0.005);
    // Written as read: integer rates in OP/s, and the profile reads back the same numbers.
    const std::string yaml = profileToYaml(p.value());
    EXPECT_NE(yaml.find("  int8: 912.58380005728"), std::string::npos) << yaml;
    EXPECT_NE(yaml.find(" TOP/s\n"), std::string::npos) << yaml;
    EXPECT_NE(yaml.find("bf16: 803.9217769253491 TFLOP/s"), std::string::npos) << yaml;
    const auto back = parseProfile(yaml, "m.yaml");
    ASSERT_TRUE(back.ok()) << back.error().toString();
    EXPECT_EQ(back->peaks, p->peaks);
}

TEST(RealExports, ARateScaledByAPrefixIsTheDecimalAPersonWrote)
{
    EXPECT_EQ(formatExact(shiftDecimal(4258.4, 9), Dimension::FlopRate), "4.2584 TFLOP/s");
    EXPECT_EQ(formatExact(shiftDecimal(3.35, 12), Dimension::ByteRate), "3.35 TB/s");
    EXPECT_EQ(shiftDecimal(0.0, 9), 0.0);
}

TEST(RealExports, TheMeasuredCeilingsAreCeilingsWhereverTheyAreDropped)
{
    const std::string path = kReal + "h200_measured_ceilings.json";
    const std::string text = readTextFile(path, 1 << 20).value();
    EXPECT_EQ(detectFileKind(path, text, true), FileKind::Ceilings); // the window imports them as a profile
    const auto asKernels = loadKernelFile(path);
    ASSERT_FALSE(asKernels.ok());
    EXPECT_NE(asKernels.error().message.find("measured ceilings"), std::string::npos) << asKernels.error().message;
    EXPECT_NE(asKernels.error().message.find("import-ceilings"), std::string::npos);
}
