// SPDX-License-Identifier: MIT
// rocprof-compute pmc_perf.csv exports, real files (tests/data/rocprof/README.md).
#include "core/io/kernel_io.h"
#include "core/io/rocprof_csv.h"
#include "core/io/text_file.h"

#include <filesystem>
#include <gtest/gtest.h>

namespace fs = std::filesystem;

using namespace roofline;

namespace {

const std::string kDir = std::string(ROOFLINE_TEST_DATA) + "/rocprof/";

Result<KernelImport> load(const std::string& name, bool aggregate = false)
{
    KernelReadOptions o;
    o.aggregate = aggregate;
    return loadKernelFile(kDir + name, o);
}

} // namespace

TEST(Rocprof, Mi300aDispatchesCountedAsRocprofComputeDoes)
{
    const auto r = load("collapse-mi300a/pmc_perf.csv");
    ASSERT_TRUE(r.ok()) << r.error().toString();
    EXPECT_EQ(r->source, "rocprof-compute pmc_perf");
    ASSERT_EQ(r->kernels.size(), 6u);
    EXPECT_TRUE(r->rejected.empty());
    ASSERT_EQ(r->warnings.size(), 1u);
    EXPECT_NE(
        r->warnings[0].find("4 kernels also did floating-point work in other precisions, left out"), std::string::npos);
    EXPECT_NE(r->warnings[0].find("'__omp_offloading_32_6b6b__QQmain_l41.kd #2' (FP32 467 kFLOP: 0.017% of its work)"),
        std::string::npos)
        << r->warnings[0];
    const Kernel& k = r->kernels[2];
    EXPECT_EQ(k.name, "__omp_offloading_32_6b6b__QQmain_l41.kd #2");
    // 64 (ADD + MUL + 2 FMA + TRANS) per precision. FP64: 64 (12,582,912 + 2,097,152 + 2 x
    // 12,582,912 + 2,097,152) = 2,684,354,560. FP64 did the most, so the kernel counts FP64 and is
    // judged by the FP64 roof; the few FP32 MULs and TRANSes (3,648 each) are left out, in a note.
    EXPECT_DOUBLE_EQ(k.flops, 2684354560.0);
    // 128 TCC_BUBBLE + 64 (RDREQ - BUBBLE - RDREQ_32B) + 32 RDREQ_32B + 64 WRREQ_64B + 32 (WRREQ - WRREQ_64B)
    EXPECT_DOUBLE_EQ(
        k.bytes, 128.0 * 31255872 + 64.0 * (31714488 - 31255872) + 64.0 * 16734163 + 32.0 * (17399050 - 16734163));
    EXPECT_DOUBLE_EQ(k.bytes, 5122365856.0);
    ASSERT_TRUE(k.time.has_value());
    EXPECT_NEAR(*k.time, 1480125e-9, 1e-15); // End - Start, ns
    EXPECT_EQ(k.precision, Precision::FP64);
    EXPECT_NEAR(k.flops / k.bytes, 0.524, 5e-4);
    EXPECT_NEAR(*k.achieved() / 1e12, 1.8136, 1e-4); // as rocprof-compute's FP64 roofline
    EXPECT_EQ(r->lines[2], 4);
}

TEST(Rocprof, DispatchesSumByNameWhenAsked)
{
    const auto one = load("collapse-mi300a/pmc_perf.csv");
    const auto r = load("collapse-mi300a/pmc_perf.csv", true);
    ASSERT_TRUE(r.ok() && one.ok());
    ASSERT_EQ(r->kernels.size(), 3u); // l18, l41, l61
    EXPECT_EQ(r->kernels[1].name, "__omp_offloading_32_6b6b__QQmain_l41.kd");
    EXPECT_EQ(r->kernels[1].launches, 2);
    EXPECT_DOUBLE_EQ(r->kernels[1].flops, one->kernels[2].flops + one->kernels[3].flops);
    EXPECT_DOUBLE_EQ(*r->kernels[1].time, *one->kernels[2].time + *one->kernels[3].time);
}

TEST(Rocprof, ACopyKernelWithNoFlopsIsRefusedWithTheReason)
{
    // MI200's counter set (TCC_EA_*, no TCC_BUBBLE): three dispatches of a copy, 0 FLOPs each.
    const auto r = load("vcopy-mi200-pmc_perf.csv");
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("no kernel can be placed on a roofline: 3 dispatches have no floating-point "
                                     "work (0 FLOPs), not on the roofline: 'vecCopy(double*, double*, double*, int, "
                                     "int) [clone .kd]' (ID 0, line 2: 16.8 MB in 20.2 µs, 832 GB/s)"),
        std::string::npos)
        << r.error().message;
}

TEST(Rocprof, Mi200BytesUseTheEaRequestSizes)
{
    // The copy's first dispatch given one FP64 add per wave so it can be placed.
    const std::string text = "Dispatch_ID,Kernel_Name,SQ_INSTS_VALU_ADD_F64,TCC_EA_RDREQ_32B_sum,TCC_EA_RDREQ_sum,"
                             "TCC_EA_WRREQ_64B_sum,TCC_EA_WRREQ_sum,Start_Timestamp,End_Timestamp\n"
                             "0,vecCopy,1,0.0,131080.0,131072.0,131072.0,1413525768600826,1413525768620986\n";
    const auto r = parseKernels(text, "pmc_perf.csv");
    ASSERT_TRUE(r.ok()) << r.error().toString();
    ASSERT_EQ(r->kernels.size(), 1u);
    EXPECT_DOUBLE_EQ(r->kernels[0].bytes, 16777728.0); // 131080 x 64 + 131072 x 64
    EXPECT_DOUBLE_EQ(r->kernels[0].flops, 64.0);
    EXPECT_NEAR(*r->kernels[0].time, 20160e-9, 1e-15);
}

TEST(Rocprof, ABadCounterRejectsItsRowWithTheColumn)
{
    const std::string text = "Dispatch_ID,Kernel_Name,SQ_INSTS_VALU_FMA_F32,TCC_EA_RDREQ_sum,TCC_EA_WRREQ_sum\n"
                             "0,a,10,100,100\n"
                             "1,b,lots,100,100\n";
    const auto r = parseKernels(text, "pmc_perf.csv");
    ASSERT_TRUE(r.ok()) << r.error().toString();
    ASSERT_EQ(r->kernels.size(), 1u);
    EXPECT_EQ(r->kernels[0].precision, Precision::FP32);
    EXPECT_FALSE(r->kernels[0].time.has_value()) << "no timestamps: no achieved rate";
    ASSERT_EQ(r->rejected.size(), 1u);
    EXPECT_EQ(r->rejected[0].line, 3);
    EXPECT_EQ(r->rejected[0].message, "SQ_INSTS_VALU_FMA_F32 is 'lots', not a count");
}

TEST(Rocprof, AnExportWithoutTheRooflineCountersSaysWhichAndHow)
{
    const std::string text = "Dispatch_ID,Kernel_Name,GPU_ID,SQ_WAVES,Start_Timestamp,End_Timestamp\n0,a,0,64,1,2\n";
    const auto r = parseKernels(text, "pmc_perf.csv");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().line, 1);
    EXPECT_NE(r.error().message.find("FLOP counters (SQ_INSTS_VALU_"), std::string::npos) << r.error().message;
    EXPECT_NE(r.error().message.find("rocprof-compute profile --roof-only"), std::string::npos);
}

TEST(Rocprof, SysinfoIsRefusedPointingAtPmcPerf)
{
    const auto r = load("collapse-mi300a/sysinfo.csv");
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("open pmc_perf.csv from the same folder"), std::string::npos) << r.error().message;
}

TEST(Rocprof, TheSysinfoBesideAnExportNamesTheGpu)
{
    const auto r = load("collapse-mi300a/pmc_perf.csv");
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->device, "MI300A_A1, gfx942, 228 CUs");
    EXPECT_EQ(r->suggestedHardware, "mi300a") << "the MI300A profile, from sysinfo.csv's gpu_model";
    EXPECT_EQ(hardwareForAmdGpuModel("MI300X_A1"), "mi300x");
    EXPECT_EQ(hardwareForAmdGpuModel("mi325x"), "mi325x");
    EXPECT_EQ(hardwareForAmdGpuModel("MI250X"), "mi250x");
    EXPECT_EQ(hardwareForAmdGpuModel("MI210"), "");
    // A renamed copy finds the sysinfo renamed the same way ("run_pmc_perf.csv", "run_sysinfo.csv").
    const fs::path dir = fs::temp_directory_path() / "rs-rocprof-prefixed";
    fs::create_directories(dir);
    fs::copy_file(std::string(ROOFLINE_TEST_DATA) + "/rocprof/collapse-mi300a/pmc_perf.csv", dir / "run_pmc_perf.csv",
        fs::copy_options::overwrite_existing);
    fs::copy_file(std::string(ROOFLINE_TEST_DATA) + "/rocprof/collapse-mi300a/sysinfo.csv", dir / "run_sysinfo.csv",
        fs::copy_options::overwrite_existing);
    const auto renamed = loadKernelFile((dir / "run_pmc_perf.csv").string());
    ASSERT_TRUE(renamed.ok());
    EXPECT_EQ(renamed->suggestedHardware, "mi300a");
    fs::remove_all(dir);
    // Without a sysinfo.csv beside it (the MI200 copy is alone in its folder) nothing is guessed.
    const auto text = parseKernels("Dispatch_ID,Kernel_Name,SQ_INSTS_VALU_ADD_F64,TCC_EA_RDREQ_sum,TCC_EA_WRREQ_sum\n"
                                   "0,k,1,1,1\n",
        "pmc_perf.csv");
    ASSERT_TRUE(text.ok());
    EXPECT_EQ(text->device, "");
}

TEST(Rocprof, RocprofV1ResultsGiveBytesFromFetchAndWriteSize)
{
    // rocprof v1 (Index, KernelName, ..., FETCH_SIZE/WRITE_SIZE in KiB, BeginNs/EndNs).
    const auto r = load("v1-results.csv");
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_EQ(r->source, "rocprof results");
    ASSERT_EQ(r->kernels.size(), 1u);
    const Kernel& saxpy = r->kernels[0];
    EXPECT_EQ(saxpy.name, "saxpy(int, float, float const*, float*) [clone .kd] #0");
    EXPECT_DOUBLE_EQ(saxpy.flops, 33554432.0); // 262,144 wave FMAs x 64 lanes x 2
    EXPECT_DOUBLE_EQ(saxpy.bytes, 201326592.0); // (131072 + 65536) KiB
    EXPECT_NEAR(*saxpy.time, 130e-6, 1e-12);
    EXPECT_EQ(saxpy.precision, Precision::FP32);
    EXPECT_EQ(saxpy.unit, ComputeUnit::Vector) << "VALU counters";
    ASSERT_EQ(r->warnings.size(), 1u);
    EXPECT_EQ(r->warnings[0],
        "1 dispatch has no floating-point work (0 FLOPs), not on the roofline: "
        "'copy(float const*, float*) [clone .kd]' (ID 1, line 3: 134 MB in 86 µs, 1.56 TB/s)");
}

TEST(Rocprof, RocprofV1WithoutFlopCountersIsReportedNotPlaced)
{
    const auto r = load("v1-bytes-only.csv");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message,
        "no kernel can be placed on a roofline: 2 dispatches have bytes and time but no FLOP counters in this export "
        "(add SQ_INSTS_VALU_ADD_F32, _MUL_, _FMA_ ... to rocprof's pmc: line), not on the roofline: 'saxpy(int, "
        "float, float const*, float*) [clone .kd]' (ID 0, line 2: 201 MB in 130 µs, 1.55 TB/s), 'copy(float const*, "
        "float*) [clone .kd]' (ID 1, line 3: 134 MB in 86 µs, 1.56 TB/s)");
    // Read for the window, which lets the user type what the export lacks: their bytes and
    // times are kept, their FLOPs unknown (not zero).
    KernelReadOptions typing;
    typing.keepFlopsUnknown = true;
    const auto kept = loadKernelFile(kDir + "v1-bytes-only.csv", typing);
    ASSERT_TRUE(kept.ok()) << kept.error();
    EXPECT_TRUE(kept->kernels.empty());
    ASSERT_EQ(kept->flopsUnknown.size(), 2u);
    EXPECT_EQ(kept->flopsUnknown[0].name, "saxpy(int, float, float const*, float*) [clone .kd] #0");
    EXPECT_EQ(kept->flopsUnknown[0].line, 2);
    EXPECT_NEAR(kept->flopsUnknown[0].bytes, 201e6, 1e6);
    EXPECT_NEAR(*kept->flopsUnknown[0].time, 130e-6, 1e-6);
    EXPECT_EQ(kept->warnings.size(), 1u) << "the note stays";
    // A v1 trace with no counters at all is not a rocprof export this reader takes.
    const auto bare = parseKernels("Index,KernelName,gpu-id,queue-id,DispatchNs,BeginNs,EndNs,CompleteNs\n"
                                   "0,\"k\",0,0,1,2,3,4\n",
        "results.csv");
    ASSERT_FALSE(bare.ok());
}

TEST(Rocprof, AV3CounterCollectionReadsAsTheSameDispatchesInPmcPerf)
{
    // rocprofv3's long table (a row per dispatch and counter) of the MI300A run: the kernels of
    // its pmc_perf.csv, counted by the same rules, with rocprofv3's dispatch numbers.
    const auto v3 = load("v3-counter-collection.csv");
    ASSERT_TRUE(v3.ok()) << v3.error().toString();
    EXPECT_EQ(v3->source, "rocprofv3 counters");
    const auto pmc = load("collapse-mi300a/pmc_perf.csv");
    ASSERT_TRUE(pmc.ok());
    ASSERT_EQ(v3->kernels.size(), pmc->kernels.size());
    for (std::size_t i = 0; i < v3->kernels.size(); ++i) {
        Kernel renumbered = pmc->kernels[i];
        renumbered.name = renumbered.name.substr(0, renumbered.name.rfind('#') + 1) + std::to_string(i + 1);
        EXPECT_EQ(v3->kernels[i], renumbered) << i;
    }
    const Kernel& l41 = v3->kernels[2];
    EXPECT_DOUBLE_EQ(l41.flops, 2684354560.0); // 64 x (12,582,912 + 2,097,152 + 2 x 12,582,912)
    EXPECT_DOUBLE_EQ(l41.bytes, 5122365856.0);
    EXPECT_DOUBLE_EQ(*l41.time, 1480125e-9);
    // Each kernel's line is its dispatch's first row in the long table (27 counters a dispatch).
    EXPECT_EQ(v3->lines[2], 2 + 2 * 27);
}

TEST(Rocprof, AV3CounterCollectionWithoutRooflineCountersSaysWhatToCollect)
{
    const std::string text = "\"Correlation_Id\",\"Dispatch_Id\",\"Kernel_Name\",\"Counter_Name\",\"Counter_Value\","
                             "\"Start_Timestamp\",\"End_Timestamp\"\n"
                             "1,1,\"k\",\"SQ_WAVES\",16384,1000,2000\n";
    const auto r = parseKernels(text, "v3.csv");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message.rfind("this rocprofv3 counter collection lacks the counters a roofline needs: FLOP "
                                      "counters",
                  0),
        0u)
        << r.error().message;
    EXPECT_NE(r.error().message.find("collect them with: rocprofv3 --kernel-trace"), std::string::npos);
}

TEST(Rocprof, AV3RowCutShortIsRejectedAtItsOwnLine)
{
    std::string text = readTextFile(kDir + "v3-counter-collection.csv", 1 << 20).value();
    text += "7,7,\"Agent 5\",1,4242\n"; // line 164: 5 cells of 19
    const auto r = parseKernels(text, "v3.csv");
    ASSERT_TRUE(r.ok()) << r.error().toString();
    EXPECT_EQ(r->kernels.size(), 6u);
    ASSERT_EQ(r->rejected.size(), 1u);
    EXPECT_EQ(r->rejected[0].line, 164);
    EXPECT_EQ(r->rejected[0].message, "the row has 5 cells; the header has 19");
}
