// SPDX-License-Identifier: MIT
#include "core/io/kernel_io.h"
#include "core/io/ncu_csv.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

using namespace roofline;

namespace {

const std::string kDir = std::string(ROOFLINE_TEST_DATA) + "/ncu/";

KernelImport load(const std::string& name, bool aggregate = false)
{
    auto r = loadKernelFile(kDir + name, [&] {
        KernelReadOptions o;
        o.aggregate = aggregate;
        return o;
    }());
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().toString());
    return r.ok() ? r.value() : KernelImport {};
}

double level(const Kernel& k, const std::string& name)
{
    for (const auto& [l, b] : k.levelBytes)
        if (l == name)
            return b;
    return -1;
}

} // namespace

TEST(Ncu, DetailsPageAsItComesOutOfTheTool)
{
    const KernelImport imp = load("details-h100.csv");
    EXPECT_EQ(imp.source, "ncu details");
    EXPECT_EQ(imp.device, "NVIDIA H100 80GB HBM3");
    EXPECT_EQ(imp.suggestedHardware, "h100-sxm5");
    ASSERT_EQ(imp.kernels.size(), 3u); // two gemm launches and the softmax
    const Kernel& g0 = imp.kernels[0];
    EXPECT_EQ(g0.name, "gemm_bf16 #0");
    EXPECT_DOUBLE_EQ(g0.flops, 1e12); // BF16 tensor ops; the 2 x ffma (FP32) are left out, and said
    EXPECT_DOUBLE_EQ(g0.bytes, 1e9); // 1,000 Mbyte
    EXPECT_DOUBLE_EQ(*g0.time, 2e-3); // 2,000 usecond
    EXPECT_EQ(g0.precision, Precision::BF16);
    EXPECT_EQ(g0.unit, ComputeUnit::Matrix) << "tensor-pipe counters: judged by the matrix rate";
    EXPECT_DOUBLE_EQ(level(g0, "L2"), 4e9);
    EXPECT_DOUBLE_EQ(level(g0, "L1"), 1e10);
    EXPECT_DOUBLE_EQ(*imp.kernels[1].time, 2e-3); // 2.00 msecond
    const Kernel& sm = imp.kernels[2];
    EXPECT_EQ(sm.name, "softmax, \"fused\" #2");
    EXPECT_DOUBLE_EQ(sm.flops, 1e8 + 2 * 5e7); // fadd + 2 x ffma; fmul n/a, hfma empty
    EXPECT_EQ(sm.precision, Precision::FP32);
    EXPECT_EQ(sm.unit, ComputeUnit::Vector) << "SASS FFMA/FADD: the CUDA cores";
    EXPECT_EQ(level(sm, "L1"), -1) << "0 L1 bytes: no L1 point";
    // A memcpy does no floating-point work: a fact about the program, noted, not a bad row.
    EXPECT_TRUE(imp.rejected.empty());
    ASSERT_EQ(imp.warnings.size(), 3u);
    EXPECT_EQ(imp.warnings[0],
        "1 launch has no floating-point work (0 FLOPs), not on the roofline: 'memcpy_kernel' (ID 3, line 28)");
    EXPECT_EQ(imp.warnings[1],
        "2 kernels also did floating-point work in other precisions, left out (a kernel counts, and is judged by, "
        "the precision that did the most): 'gemm_bf16 #0' (FP32 2 MFLOP: 0.0002% of its work), 'gemm_bf16 #1' "
        "(FP32 2 MFLOP: 0.0002% of its work)");
    EXPECT_EQ(imp.warnings[2], "'softmax, \"fused\"': 0 bytes at L1, so its intensity there is infinite; no L1 point");
    EXPECT_EQ(imp.lines, (std::vector<int> {8, 15, 21}));
}

TEST(Ncu, LaunchesAggregateByName)
{
    const KernelImport imp = load("details-h100.csv", true);
    ASSERT_EQ(imp.kernels.size(), 2u);
    EXPECT_EQ(imp.kernels[0].name, "gemm_bf16");
    EXPECT_EQ(imp.kernels[0].launches, 2);
    EXPECT_DOUBLE_EQ(imp.kernels[0].flops, 2 * 1e12); // BF16 only
    EXPECT_DOUBLE_EQ(imp.kernels[0].bytes, 2e9);
    EXPECT_DOUBLE_EQ(*imp.kernels[0].time, 4e-3);
    EXPECT_DOUBLE_EQ(level(imp.kernels[0], "L2"), 8e9);
    EXPECT_EQ(imp.kernels[1].launches, 1);
}

TEST(Ncu, RawPageWithUnitsRowAndEuropeanNumbers)
{
    const KernelImport imp = load("raw-a100-eu.csv");
    EXPECT_EQ(imp.source, "ncu raw");
    EXPECT_EQ(imp.suggestedHardware, "a100-sxm4-80gb");
    ASSERT_EQ(imp.kernels.size(), 2u);
    const Kernel& st = imp.kernels[0];
    EXPECT_DOUBLE_EQ(st.flops, 2 * 100e6 + 50000000.5); // 2 x dfma + dadd, "50.000.000,5"
    EXPECT_DOUBLE_EQ(st.bytes, 2e9); // 2.000.000 Kbyte
    EXPECT_DOUBLE_EQ(*st.time, 1.5e-3); // 1.500.000 nsecond
    EXPECT_DOUBLE_EQ(level(st, "L2"), 27595520.0);
    EXPECT_EQ(st.precision, Precision::FP64);
    EXPECT_DOUBLE_EQ(imp.kernels[1].flops, 2e6);
    EXPECT_NE(std::find(imp.warnings.begin(), imp.warnings.end(),
                  "numbers read with ',' as the decimal separator (a European-locale export)"),
        imp.warnings.end());
}

TEST(Ncu, OldVersionWithFewerColumnsAndLegacyTensorCounter)
{
    const KernelImport imp = load("old-volta.csv");
    ASSERT_EQ(imp.kernels.size(), 1u);
    const Kernel& k = imp.kernels[0];
    EXPECT_DOUBLE_EQ(k.flops, 512 * 100e6 + 4 * 1000); // 512 per tensor instruction + 4 x hfma (half2)
    EXPECT_DOUBLE_EQ(*k.time, 1530000 / 1.53e9); // cycles / cycles per second
    EXPECT_EQ(k.precision, Precision::FP16);
    EXPECT_EQ(imp.suggestedHardware, "");
}

TEST(Ncu, AFileWithoutRooflineMetricsSaysWhatToCollect)
{
    // The details page (display names, percentages): the raw page of a roofline report is what to
    // export instead.
    auto details = loadKernelFile(kDir + "no-metrics.csv");
    ASSERT_FALSE(details.ok());
    EXPECT_EQ(details.error().toString(),
        kDir
            + "no-metrics.csv:1: this is ncu's details page (what the ncu GUI shows): it holds throughput "
              "percentages and no FLOP counts; export the raw page of a report collected with the roofline set "
              "instead: ncu --set roofline -o report ./your-app, then ncu -i report.ncu-rep --csv --page raw > "
              "raw.csv");
    // Metrics, but not those a roofline needs: which are missing, and the command that collects them.
    const std::string text = "\"ID\",\"Kernel Name\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n"
                             "\"0\",\"k\",\"gpu__time_duration.sum\",\"ns\",\"1000\"\n";
    auto r = parseKernels(text, "t.csv");
    ASSERT_FALSE(r.ok());
    const std::string msg = r.error().toString();
    EXPECT_EQ(msg.rfind("t.csv:1: this ncu export lacks the metrics a roofline needs: FLOP counters", 0), 0u) << msg;
    EXPECT_NE(msg.find("and DRAM bytes (dram__bytes.sum)"), std::string::npos);
    EXPECT_NE(
        msg.find("ncu --csv --print-units base --metrics gpu__time_duration.sum,dram__bytes.sum"), std::string::npos);
}

TEST(Ncu, DeviceNamesPickProfiles)
{
    EXPECT_EQ(hardwareForDeviceName("NVIDIA H100 PCIe"), "h100-pcie");
    EXPECT_EQ(hardwareForDeviceName("NVIDIA B200"), "b200");
    EXPECT_EQ(hardwareForDeviceName("Tesla V100-SXM2-32GB"), "v100-sxm2");
    EXPECT_EQ(hardwareForDeviceName("NVIDIA A100-PCIE-40GB"), "a100-pcie-40gb");
    EXPECT_EQ(hardwareForDeviceName("NVIDIA L4"), "l4");
    EXPECT_EQ(hardwareForDeviceName("NVIDIA L40S"), "l40s");
    EXPECT_EQ(hardwareForDeviceName("Radeon"), "");
}

TEST(Ncu, TimesAndBytesAreReadInTheUnitsNcuWritesThem)
{
    // As an RTX 5090 export has them: "us" (newer ncu) and Mbyte through dram__bytes_op_*, a
    // time from smsp__ cycles when there is no duration, and a memset with no FLOPs.
    const KernelImport imp = load("units-5090.csv");
    ASSERT_EQ(imp.kernels.size(), 2u);
    const Kernel& gemm = imp.kernels[0];
    EXPECT_DOUBLE_EQ(gemm.flops, 12532580352.0);
    EXPECT_DOUBLE_EQ(gemm.bytes, 17.5e6);
    EXPECT_DOUBLE_EQ(*gemm.time, 111.81e-6) << "us are microseconds, not seconds";
    EXPECT_NEAR(gemm.flops / *gemm.time, 112.1e12, 0.1e12) << "112 TFLOP/s, as the lesson's GEMM";
    const Kernel& axpy = imp.kernels[1];
    EXPECT_DOUBLE_EQ(axpy.bytes, 3e9);
    EXPECT_DOUBLE_EQ(*axpy.time, 2e-3) << "2e6 cycles at 1 GHz";
    EXPECT_DOUBLE_EQ(axpy.flops, 1e9);
    EXPECT_TRUE(imp.rejected.empty());
    // Its Device column is an index ("0"): the compute capability names the part (12.0: the
    // RTX 5090, the flagship of GeForce Blackwell; another card of it needs --hw).
    EXPECT_EQ(imp.device, "compute capability 12.0");
    EXPECT_EQ(imp.suggestedHardware, "rtx-5090");
    EXPECT_EQ(hardwareForDeviceName("NVIDIA GeForce RTX 5090"), "rtx-5090");
    EXPECT_EQ(hardwareForDeviceName("NVIDIA H100 NVL"), "h100-nvl");
    EXPECT_EQ(hardwareForDeviceName("NVIDIA B300 SXM6 AC"), "b300");
    EXPECT_EQ(hardwareForComputeCapability("8.0"), "a100-sxm4-80gb");
    EXPECT_EQ(hardwareForComputeCapability("9.0"), "h100-sxm5");
    EXPECT_EQ(hardwareForComputeCapability("7.0"), "v100-sxm2");
    EXPECT_EQ(hardwareForComputeCapability("10.0"), "b200");
    ASSERT_EQ(imp.warnings.size(), 2u);
    // The compute capability alone is a guess, and said to be one, with the parts it could be.
    EXPECT_EQ(imp.warnings[0],
        "the export does not name its device, only its compute capability 12.0, which RTX 5090, 5080, 5070 and RTX "
        "PRO Blackwell cards share: assumed rtx-5090; give --hw to choose (ncu 2023 and later name it with --page "
        "raw)");
    // memset has no FLOP counter rows at all: unknown, not zero.
    EXPECT_NE(imp.warnings[1].find("1 launch has no FLOP counter in this export: FLOPs unknown (not zero), "
                                   "bandwidth known, not on the roofline: 'memset' (ID 2, line 10: 1.05 MB in 5 µs"),
        std::string::npos)
        << imp.warnings[1];
    // What is known of it is kept, for the user to type its FLOPs in the window.
    ASSERT_EQ(imp.flopsUnknown.size(), 1u);
    EXPECT_EQ(imp.flopsUnknown[0].line, 10);
    EXPECT_NEAR(imp.flopsUnknown[0].bytes, 1.05e6, 0.01e6);
    EXPECT_NEAR(*imp.flopsUnknown[0].time, 5e-6, 0.01e-6);
}

TEST(Ncu, LaunchesWithUnknownFlopsAreSummedByNameForTyping)
{
    std::vector<FlopsUnknown> to;
    addFlopsUnknown(to, true, "memset", 4, 1e6, 0.25);
    addFlopsUnknown(to, true, "copy", 5, 3e6, std::nullopt);
    addFlopsUnknown(to, true, "memset", 9, 2e6, 0.5);
    ASSERT_EQ(to.size(), 2u);
    EXPECT_EQ(to[0], (FlopsUnknown {"memset", 4, 3e6, 0.75, 2}));
    EXPECT_EQ(to[1], (FlopsUnknown {"copy", 5, 3e6, std::nullopt, 1}));
    addFlopsUnknown(to, false, "memset", 12, 1e6, 1e-6);
    EXPECT_EQ(to.size(), 3u) << "one per launch when launches are not grouped";
}

TEST(Ncu, TensorInstructionsFromAmpereOnAreNotGuessedAtAndSaidSo)
{
    // An A100 SGEMM (the layout of a real export): FP32 FFMAs, a few HFMAs, and tensor
    // instructions whose FLOPs the counter cannot tell (512 each is Volta's HMMA only).
    const std::string head
        = "\"ID\",\"Kernel Name\",\"Device\",\"CC\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n";
    const std::string rows[]
        = {"dram__bytes.sum\",\"byte\",\"807,658,682,624.00", "gpu__time_duration.sum\",\"second\",\"33.48",
            "smsp__inst_executed_pipe_tensor.sum\",\"inst\",\"67,161,292,800.00",
            "smsp__sass_thread_inst_executed_op_ffma_pred_on.sum\",\"inst\",\"34,359,738,368,000.00",
            "smsp__sass_thread_inst_executed_op_hfma_pred_on.sum\",\"inst\",\"2,149,161,369,600.00"};
    std::string text = head;
    for (const auto& r : rows)
        text += "\"2\",\"void gemm_v1<float>\",\"0\",\"8.0\",\"" + r + "\"\n";
    const auto r = parseKernels(text, "sgemm.csv");
    ASSERT_TRUE(r.ok()) << r.error().toString();
    ASSERT_EQ(r->kernels.size(), 1u);
    const Kernel& k = r->kernels[0];
    EXPECT_EQ(k.precision, Precision::FP32);
    EXPECT_DOUBLE_EQ(k.flops, 2 * 34359738368000.0); // 2 x FFMA only: the FP16 work is not mixed in
    EXPECT_NEAR(k.flops / k.bytes, 85.1, 0.05);
    ASSERT_EQ(r->warnings.size(), 3u);
    EXPECT_NE(
        r->warnings[0].find("compute capability 8.0, which A100 SXM4 and PCIe, A800 and A30 share"), std::string::npos);
    const std::vector<std::string> w(r->warnings.begin() + 1, r->warnings.end());
    EXPECT_EQ(w[0],
        "1 launch has tensor instructions (sm__inst_executed_pipe_tensor) on compute capability 8.0, whose FLOPs per "
        "instruction depend on its shape: not counted (collect sm__ops_path_tensor_src_* with ncu --set roofline): "
        "'void gemm_v1<float>' (ID 2, line 2)");
    EXPECT_NE(w[1].find("'void gemm_v1<float> #2' (FP16 8.6 TFLOP: 11% of its work)"), std::string::npos) << w[1];
}

TEST(Ncu, ItsOwnErrorLinesBecomeANoteNamingWhatIsMissing)
{
    std::string text = "==PROF== Connected to process 42\n==ERROR== Failed to profile \"flash_fwd\" in process 42\n";
    text += "\"ID\",\"Kernel Name\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n";
    for (const char* row : {"\"dram__bytes.sum\",\"byte\",\"1000\"", "\"gpu__time_duration.sum\",\"second\",\"1\"",
             "\"sm__sass_thread_inst_executed_op_fadd_pred_on.sum\",\"inst\",\"500\""})
        text += std::string("\"0\",\"gemm\",") + row + "\n";
    const auto r = parseKernels(text, "run.csv");
    ASSERT_TRUE(r.ok()) << r.error().toString();
    ASSERT_EQ(r->kernels.size(), 1u);
    ASSERT_EQ(r->warnings.size(), 1u);
    EXPECT_EQ(r->warnings[0],
        "ncu reported 1 error while profiling (launches it names are not in the export): "
        "'Failed to profile \"flash_fwd\" in process 42'");
}

TEST(Ncu, ALaunchWithoutFlopCountersHasUnknownFlopsNotZero)
{
    // Launch 1 has counts; launch 2 was profiled without the FLOP counters ("n/a"): its FLOPs are
    // unknown, not "no floating-point work", and what is known of it (bytes, time, bandwidth) is
    // said.
    const std::string text
        = "\"ID\",\"Kernel Name\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n"
          "\"1\",\"gemm\",\"dram__bytes.sum\",\"byte\",\"1000000\"\n"
          "\"1\",\"gemm\",\"gpu__time_duration.sum\",\"ns\",\"1000\"\n"
          "\"1\",\"gemm\",\"sm__sass_thread_inst_executed_op_ffma_pred_on.sum\",\"inst\",\"5000000\"\n"
          "\"2\",\"copy\",\"dram__bytes.sum\",\"byte\",\"16800000\"\n"
          "\"2\",\"copy\",\"gpu__time_duration.sum\",\"us\",\"20.2\"\n"
          "\"2\",\"copy\",\"sm__sass_thread_inst_executed_op_ffma_pred_on.sum\",\"inst\",\"n/a\"\n";
    const auto r = parseKernels(text, "t.csv");
    ASSERT_TRUE(r.ok()) << r.error().toString();
    ASSERT_EQ(r->kernels.size(), 1u);
    ASSERT_EQ(r->warnings.size(), 1u);
    EXPECT_EQ(r->warnings[0],
        "1 launch has no FLOP counter in this export: FLOPs unknown (not zero), bandwidth known, not on the "
        "roofline: 'copy' (ID 2, line 5: 16.8 MB in 20.2 µs, 832 GB/s)");
}

// Cut at a line end between two of a launch's metric rows, a details export loaded with that
// launch's FLOPs summed from part of its counters. One collection gives every launch the same
// metrics, so the launches before hold the last one to their metric rows: every cut inside the
// H200 export's launches after the first is refused as cut short, whether its kernel ran before
// (launch 1) or not (launch 2, the first GEMM).
TEST(Ncu, ACutBetweenALaunchsMetricRowsIsRefused)
{
    std::ifstream in(std::string(ROOFLINE_TEST_DATA) + "/real/h200_ncu_metrics_long.csv", std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ASSERT_TRUE(parseNcuCsv(text, "whole.csv").ok());
    for (const char* launch : {"\n\"1\",", "\n\"2\","}) {
        // 14 metric rows a launch: cut after each of the launch's first 13 rows.
        size_t at = text.find(launch);
        ASSERT_NE(at, std::string::npos);
        for (int rows = 1; rows < 14; ++rows) {
            at = text.find('\n', at + 1);
            ASSERT_NE(at, std::string::npos);
            const auto cut = parseNcuCsv(std::string_view(text).substr(0, at + 1), "cut.csv");
            ASSERT_FALSE(cut.ok()) << rows << " rows of launch " << launch;
            EXPECT_NE(cut.error().message.find("the last launch has " + std::to_string(rows)
                          + " metric rows, the launches before it 14; the file is cut short"),
                std::string::npos)
                << cut.error().message;
        }
    }
}

// A file of one launch has no launch before it to be held to; a cut between a precision's add,
// fma and mul rows (ncu lists --metrics by name) still shows: the file ends on the fma with its
// add before it and its mul gone. The H200 export cut after launch 0's ffma row is refused; cut
// after its fmul row (the whole FP32 trio) it loads.
TEST(Ncu, AOneLaunchFileCutBetweenItsAddFmaAndMulRowsIsRefused)
{
    std::ifstream in(std::string(ROOFLINE_TEST_DATA) + "/real/h200_ncu_metrics_long.csv", std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto lineEndAfter = [&](const std::string& metric) {
        const size_t at = text.find("\"" + metric + "\"");
        return text.find('\n', at) + 1;
    };
    const auto cutAtFma = parseNcuCsv(
        std::string_view(text).substr(0, lineEndAfter("sm__sass_thread_inst_executed_op_ffma_pred_on.sum")), "cut.csv");
    ASSERT_FALSE(cutAtFma.ok());
    EXPECT_EQ(cutAtFma.error().message,
        "the file ends on sm__sass_thread_inst_executed_op_ffma_pred_on.sum, after its add counter, without "
        "sm__sass_thread_inst_executed_op_fmul_pred_on.sum: the file is cut short, or the collection left part of "
        "that precision's FLOPs out; export it again with its add, fma and mul counters (docs/profilers.md)");
    const auto cutAtMul = parseNcuCsv(
        std::string_view(text).substr(0, lineEndAfter("sm__sass_thread_inst_executed_op_fmul_pred_on.sum")), "cut.csv");
    ASSERT_TRUE(cutAtMul.ok()) << cutAtMul.error().toString();
    ASSERT_EQ(cutAtMul->kernels.size(), 1u);
    // 2 x 146,538,496 ffma + 8,650,752 fadd + 68,698,112 fmul
    EXPECT_DOUBLE_EQ(cutAtMul->kernels[0].flops, 2 * 146538496.0 + 8650752.0 + 68698112.0);
}
