// SPDX-License-Identifier: MIT
// Runs the real `roofline` binary, as users and scripts do, and checks output and exit codes:
// help, hw, point, export, analyze, sessions, and the reference in the docs.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "tests/cli/cli_run.h"
#include "tests/core/invalid_corpus.h"

using nlohmann::json;
using namespace clitest;
namespace fs = std::filesystem;

TEST(Cli, HelpEverywhereExitsZero)
{
    for (const std::vector<std::string>& args : {std::vector<std::string> {"--help"}, {"hw", "--help"},
             {"hw", "list", "--help"}, {"hw", "show", "--help"}, {"point", "--help"}, {"export", "--help"}}) {
        const CliRun r = roofline(args);
        EXPECT_EQ(r.code, 0) << args.front() << r.err;
        EXPECT_NE(r.out.find("Usage"), std::string::npos) << r.out;
    }
    EXPECT_NE(roofline({"--help"}).out.find("export"), std::string::npos);
}

TEST(Cli, BadUsageExitsTwoWithAOneLineError)
{
    const CliRun none = roofline({});
    EXPECT_EQ(none.code, 2);
    EXPECT_EQ(none.err.rfind("error: ", 0), 0u) << none.err;
    const CliRun unknownOption = roofline({"hw", "list", "--bogus"});
    EXPECT_EQ(unknownOption.code, 2);
    const CliRun missing = roofline({"point", "--hw", "h100"});
    EXPECT_EQ(missing.code, 2);
    EXPECT_NE(missing.err.find("--flops"), std::string::npos) << missing.err;
    const CliRun unknownHw = roofline({"point", "--hw", "h999", "--flops", "1e9", "--bytes", "1e9"});
    EXPECT_EQ(unknownHw.code, 2);
    EXPECT_EQ(unknownHw.err.rfind("error: unknown hardware 'h999'; known ids: ", 0), 0u) << unknownHw.err;
    const CliRun ambiguous = roofline({"hw", "show", "tpu-v5"});
    EXPECT_EQ(ambiguous.code, 2);
    EXPECT_EQ(ambiguous.err, "error: hardware 'tpu-v5' is ambiguous: tpu-v5e, tpu-v5p\n");
    const CliRun noFp8 = roofline({"point", "--hw", "a100", "--precision", "fp8", "--flops", "1e9", "--bytes", "1e9"});
    EXPECT_EQ(noFp8.code, 2);
    EXPECT_EQ(noFp8.err, "error: a100-sxm4-80gb has no fp8 peak; it has: fp64 fp32 tf32 bf16 fp16 int8\n");
    const CliRun badPrecision
        = roofline({"point", "--hw", "h100", "--precision", "fp12", "--flops", "1", "--bytes", "1"});
    EXPECT_EQ(
        badPrecision.err, "error: unknown precision 'fp12'; use one of: fp64 fp32 tf32 bf16 fp16 fp8 fp6 fp4 int8\n");
    const CliRun badValue = roofline({"point", "--hw", "h100", "--flops", "0", "--bytes", "1 GB"});
    EXPECT_EQ(badValue.code, 2);
    EXPECT_EQ(badValue.err, "error: --flops: FLOP count must be greater than zero (got '0')\n");
    const CliRun badFormat = roofline({"hw", "list", "--format", "xml"});
    EXPECT_EQ(badFormat.code, 2);
    EXPECT_EQ(badFormat.err, "error: unknown format 'xml'; use table, json or csv\n");
}

TEST(Cli, HwListJsonHasEveryProfile)
{
    const CliRun r = roofline({"hw", "list", "--format", "json"});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    const json j = json::parse(r.out);
    ASSERT_TRUE(j.is_array());
    EXPECT_GE(j.size(), 21u);
    bool sawH100 = false;
    for (const auto& p : j)
        if (p["id"] == "h100-sxm5") {
            sawH100 = true;
            EXPECT_DOUBLE_EQ(p["bandwidth_bytes_per_s"].get<double>(), 3.35e12);
            EXPECT_DOUBLE_EQ(p["peaks_flops_per_s"]["bf16"].get<double>(), 989.4e12);
        }
    EXPECT_TRUE(sawH100);
    const CliRun table = roofline({"hw", "list"});
    EXPECT_NE(table.out.find("h100-sxm5"), std::string::npos);
    EXPECT_NE(table.out.find("tpu-v5e"), std::string::npos);
}

TEST(Cli, HwListFiltersByVendorAndCategory)
{
    const CliRun aws = roofline({"hw", "list", "--vendor", "aws", "--format", "json"});
    ASSERT_EQ(aws.code, 0) << aws.err;
    const json j = json::parse(aws.out);
    ASSERT_EQ(j.size(), 2u);
    EXPECT_EQ(j[0]["id"], "trainium2");
    EXPECT_EQ(j[1]["id"], "trainium3");
    const CliRun cpus = roofline({"hw", "list", "--category", "cpu", "--format", "csv"});
    ASSERT_EQ(cpus.code, 0) << cpus.err;
    EXPECT_NE(cpus.out.find("grace,NVIDIA"), std::string::npos);
    EXPECT_EQ(cpus.out.find("h100"), std::string::npos);
    const CliRun none = roofline({"hw", "list", "--vendor", "acme"});
    EXPECT_EQ(none.code, 2);
    EXPECT_NE(none.err.find("no hardware profile matches --vendor acme"), std::string::npos) << none.err;
}

TEST(Cli, HwShowSaysWhereSourcesDisagreeAndWhatEachSourceGives)
{
    const CliRun r = roofline({"hw", "show", "tpu7x"});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("HBM3E (7.37 TB/s, 206 GB); sources say 7.2 TB/s to 7.37 TB/s (3 sources)"), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("7.37 TB/s (used)"), std::string::npos);
    EXPECT_EQ(r.out.find("shared/reference"), std::string::npos);
    const json j = json::parse(roofline({"hw", "show", "rtx-5090", "--format", "json"}).out);
    for (const auto& p : j["precisions"])
        if (p["precision"] == "bf16") {
            EXPECT_EQ(p["accumulate"], "fp32");
            EXPECT_DOUBLE_EQ(p["sparse_flops_per_s"].get<double>(), 838.4e12);
        }
    EXPECT_FALSE(j["sources"][0]["backs"].empty());
}

TEST(Cli, LlmWeightsInABlockScaledFormatCountTheirScales)
{
    const CliRun r = roofline({"llm", "--hw", "b300", "--precision", "fp4", "--weight-precision", "nvfp4", "--model",
        "llama-3-70b", "--format", "json"});
    ASSERT_EQ(r.code, 0) << r.err;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["weight_format"], "nvfp4");
    EXPECT_EQ(j["weight_precision"], "fp4");
    EXPECT_DOUBLE_EQ(j["bytes_per_weight"].get<double>(), 0.5625);
    const CliRun bad = roofline({"llm", "--hw", "b300", "--weight-precision", "q4_k", "--model", "llama-3-70b"});
    EXPECT_EQ(bad.code, 2);
    EXPECT_NE(bad.err.find("nvfp4 mxfp4 mxfp6 mxfp8"), std::string::npos) << bad.err;
}

TEST(Cli, HwShowGivesTheRidgePerPrecision)
{
    const CliRun r = roofline({"hw", "show", "b200", "--format", "json"});
    ASSERT_EQ(r.code, 0) << r.err;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["id"], "b200");
    std::map<std::string, double> ridges;
    for (const auto& p : j["precisions"])
        ridges[p["precision"]] = p["ridge"];
    EXPECT_NEAR(ridges["bf16"], 281.25, 1e-9);
    EXPECT_NEAR(ridges["fp8"], 562.5, 1e-9);
    const CliRun table = roofline({"hw", "show", "h100"});
    ASSERT_EQ(table.code, 0);
    EXPECT_NE(table.out.find("NVIDIA H100 SXM5 80GB (h100-sxm5)"), std::string::npos);
    EXPECT_NE(table.out.find("295"), std::string::npos);
}

TEST(Cli, PointJsonIsTheLessonsDecodeStep)
{
    const CliRun r = roofline({"point", "--hw", "h100", "--precision", "fp8", "--flops", "140 GFLOP", "--bytes",
        "70 GB", "--name", "decode", "--format", "json"});
    ASSERT_EQ(r.code, 0) << r.err;
    const json j = json::parse(r.out);
    const json& k = j["kernels"][0];
    EXPECT_EQ(k["name"], "decode");
    EXPECT_DOUBLE_EQ(k["intensity"].get<double>(), 2.0);
    EXPECT_EQ(k["regime"], "memory-bound");
    EXPECT_NEAR(k["time_lower_bound_s"].get<double>(), 0.0209, 0.00005);
    EXPECT_NEAR(k["ridge"].get<double>(), 590.7, 0.05);
    EXPECT_TRUE(k["time_s"].is_null());
    EXPECT_TRUE(k["mfu"].is_null());

    const CliRun timed = roofline({"point", "--hw", "h100-sxm5", "--precision", "bf16", "--flops", "1.2e15", "--bytes",
        "1e12", "--time", "2 s", "--format", "json"});
    ASSERT_EQ(timed.code, 0) << timed.err;
    const json t = json::parse(timed.out)["kernels"][0];
    EXPECT_EQ(t["regime"], "compute-bound");
    EXPECT_DOUBLE_EQ(t["achieved_flops_per_s"].get<double>(), 0.6e15);
    EXPECT_NEAR(t["mfu"].get<double>(), 0.6e15 / 989.4e12, 1e-12);
    EXPECT_NEAR(t["headroom"].get<double>(), 989.4e12 / 0.6e15, 1e-12);
}

TEST(Cli, PointTableReadsLikeTheLesson)
{
    const CliRun r = roofline({"point", "--hw", "h100", "--precision", "fp8", "--flops", "140e9", "--bytes", "70e9"});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("intensity  2 FLOP/byte"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("295x left of the ridge"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("time >=    20.9 ms"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("memory bus is the wall"), std::string::npos) << r.out;
}

TEST(Cli, ExportWritesEachFormat)
{
    for (const char* ext : {"png", "svg", "pdf"}) {
        const fs::path out = scratch() / (std::string("fig.") + ext);
        fs::remove(out);
        const CliRun r = roofline({"export", "--hw", "h100", "--precision", "fp8", "-o", out.string(), "--point",
            "decode,140 GFLOP,70 GB", "--width", "800", "--height", "500", "--dpi", "96"});
        ASSERT_EQ(r.code, 0) << r.err;
        ASSERT_TRUE(fs::exists(out)) << out;
        // The process ends right after the figure is written (no teardown): its message is out.
        EXPECT_NE(r.err.find("wrote " + out.string()), std::string::npos) << r.err;
        const std::string data = readAll(out.string());
        if (std::string(ext) == "png") {
            ASSERT_GT(data.size(), 24u);
            EXPECT_EQ(data.substr(1, 3), "PNG");
            auto be32 = [&](size_t at) {
                return (unsigned(uint8_t(data[at])) << 24) | (unsigned(uint8_t(data[at + 1])) << 16)
                    | (unsigned(uint8_t(data[at + 2])) << 8) | unsigned(uint8_t(data[at + 3]));
            };
            EXPECT_EQ(be32(16), 800u);
            EXPECT_EQ(be32(20), 500u);
        } else if (std::string(ext) == "svg") {
            EXPECT_NE(data.find("<svg"), std::string::npos);
            EXPECT_NE(data.find("ridge 591 FLOP/byte"), std::string::npos);
            EXPECT_NE(data.find("decode"), std::string::npos);
        } else {
            EXPECT_EQ(data.substr(0, 5), "%PDF-");
        }
    }
}

namespace {
unsigned pngBe32(const std::string& data, size_t at)
{
    return (unsigned(uint8_t(data[at])) << 24) | (unsigned(uint8_t(data[at + 1])) << 16)
        | (unsigned(uint8_t(data[at + 2])) << 8) | unsigned(uint8_t(data[at + 3]));
}
} // namespace

TEST(Cli, ExportPresetsAreReportSizesAtTheirResolution)
{
    struct Case {
        const char* preset;
        unsigned width, height, dpi;
    };
    for (const Case c :
        {Case {"column", 1050, 750, 300}, Case {"double", 2100, 1260, 300}, Case {"slide", 1920, 1080, 144}}) {
        const fs::path out = scratch() / (std::string("preset-") + c.preset + ".png");
        const CliRun r = roofline({"export", "--hw", "h100", "--title", "{hardware} in {precision}", "--preset",
            c.preset, "-o", out.string(), "--point", "decode,140 GFLOP,70 GB"});
        ASSERT_EQ(r.code, 0) << r.err;
        const std::string png = readAll(out.string());
        ASSERT_GT(png.size(), 24u);
        EXPECT_EQ(pngBe32(png, 16), c.width) << c.preset;
        EXPECT_EQ(pngBe32(png, 20), c.height) << c.preset;
        const size_t phys = png.find("pHYs"); // pixels per metre, x then y
        ASSERT_NE(phys, std::string::npos) << c.preset;
        EXPECT_NEAR(pngBe32(png, phys + 4) * 0.0254, c.dpi, 0.5) << c.preset;
    }
    // Given as well, the size overrides the preset's.
    const fs::path out = scratch() / "preset-wide.png";
    ASSERT_EQ(roofline({"export", "--hw", "h100", "--preset", "slide", "--width", "1000", "-o", out.string()}).code, 0);
    EXPECT_EQ(pngBe32(readAll(out.string()), 16), 1500u);
    const CliRun bad = roofline({"export", "--hw", "h100", "--preset", "poster", "-o", out.string()});
    EXPECT_EQ(bad.code, 2);
    EXPECT_NE(bad.err.find("--preset must be"), std::string::npos) << bad.err;
}

TEST(Cli, ExportTakesSeveralPoints)
{
    const fs::path out = scratch() / "points.svg";
    const CliRun r = roofline(
        {"export", "--hw", "h100", "--precision", "fp8", "-o", out.string(), "--point", "decode b=1,140 GFLOP,70 GB",
            "--point", "decode b=32,4480 GFLOP,70 GB", "--point", "prefill,286.7 TFLOP,70 GB,250 ms"});
    ASSERT_EQ(r.code, 0) << r.err;
    const std::string svg = readAll(out.string());
    for (const char* name : {"decode b=1", "decode b=32", "prefill"})
        EXPECT_NE(svg.find(name), std::string::npos) << name;
}

TEST(Cli, ExportRefusesBadInputWithoutWritingAFile)
{
    const fs::path out = scratch() / "never.png";
    fs::remove(out);
    const CliRun badPoint = roofline({"export", "--hw", "h100", "-o", out.string(), "--point", "k,1 GFLOP,-1"});
    EXPECT_EQ(badPoint.code, 2);
    EXPECT_EQ(badPoint.err, "error: --point: point 'k': bytes: byte count must be greater than zero (got '-1')\n");
    const CliRun badSuffix = roofline({"export", "--hw", "h100", "-o", (scratch() / "fig.bmp").string()});
    EXPECT_EQ(badSuffix.code, 2);
    const CliRun badDir = roofline({"export", "--hw", "h100", "-o", "/nonexistent-dir/fig.png"});
    EXPECT_EQ(badDir.code, 1);
    EXPECT_EQ(badDir.err.rfind("error: /nonexistent-dir/fig.png: cannot write", 0), 0u) << badDir.err;
    EXPECT_FALSE(fs::exists(out));
}

// A profile file whose peak is negative: skipped with a warning at 4:15.
const char* const kBrokenProfile = "id: broken\nname: Broken\nvendor: Lab\npeaks: {bf16: -1 TFLOP/s}\n"
                                   "memory: [{name: HBM, bandwidth: 1 TB/s}]\n";

TEST(Cli, UserProfilesOverrideAndBadOnesAreSkippedWithAWarning)
{
    const fs::path dir = scratch() / "profiles";
    fs::create_directories(dir);
    std::ofstream(dir / "mine.yaml") << "id: my-gpu\nname: My GPU\nvendor: Lab\npeaks: {bf16: 100 TFLOP/s}\n"
                                        "memory: [{name: HBM, bandwidth: 1 TB/s}]\n";
    std::ofstream(dir / "broken.yaml") << kBrokenProfile;
    const CliRun r = roofline({"--profiles", dir.string(), "hw", "show", "my-gpu", "--format", "json"});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NEAR(json::parse(r.out)["precisions"][0]["ridge"].get<double>(), 100.0, 1e-9);
    EXPECT_EQ(r.err,
        "warning: " + (dir / "broken.yaml").string()
            + ":4:15: peak bf16: compute rate must be greater than zero (got '-1 TFLOP/s') (profile skipped)\n");
    const CliRun notDir = roofline({"--profiles", "/nonexistent", "hw", "list"});
    EXPECT_EQ(notDir.code, 2);
    EXPECT_EQ(notDir.err, "error: --profiles /nonexistent: not a folder\n");
}

TEST(Cli, AFigureForOnePartByItsIdStillTakesTheUsersOverride)
{
    // An export with --hw and an exact id draws the user's profile of that id, not the shipped
    // one; a bad file still warns, and an alias (no shipped file's name) finds its part. (What
    // a catalogue narrowed to one file by the id, which this one no longer is, got wrong.)
    const fs::path dir = scratch() / "override-profiles";
    fs::create_directories(dir);
    std::ofstream(dir / "lab-h100.yaml") << "id: h100-sxm5\nname: Lab H100\nvendor: Lab\npeaks: {bf16: 500 TFLOP/s}\n"
                                            "memory: [{name: HBM, bandwidth: 2 TB/s}]\n";
    std::ofstream(dir / "broken.yaml") << kBrokenProfile;
    const fs::path out = scratch() / "override.svg";
    const CliRun r = roofline(
        {"--profiles", dir.string(), "export", "--hw", "h100-sxm5", "--point", "k,1 TFLOP,10 GB", "-o", out.string()});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.err.find("broken.yaml:4:15"), std::string::npos) << r.err;
    const std::string svg = readAll(out.string());
    EXPECT_NE(svg.find("Lab H100"), std::string::npos);
    EXPECT_NE(svg.find("ridge 250 FLOP/byte"), std::string::npos);
    const CliRun alias = roofline({"export", "--hw", "h100", "--point", "k,1 TFLOP,10 GB", "-o", out.string()});
    ASSERT_EQ(alias.code, 0) << alias.err;
    EXPECT_NE(readAll(out.string()).find("NVIDIA H100 SXM5"), std::string::npos) << "h100: the H100 SXM5's alias";
    // A session, whatever its file's name, may compare other parts: each is found and drawn.
    const fs::path session = scratch() / "compares.csv";
    std::ofstream(session) << "roofline_session: 1\nhardware: h100-sxm5\nprecision: bf16\nview:\n  compare: [b200]\n"
                              "kernels:\n  - {name: k, flops: 1 TFLOP, bytes: 10 GB}\n";
    const CliRun compared = roofline({"export", session.string(), "--hw", "h100-sxm5", "-o", out.string()});
    ASSERT_EQ(compared.code, 0) << compared.err;
    EXPECT_NE(readAll(out.string()).find("B200"), std::string::npos) << "the session's comparison is drawn";
}

TEST(Cli, AnalyzeKernelFileGivesOneJsonRowPerKernel)
{
    const std::string file = std::string(ROOFLINE_TEST_DATA) + "/kernels/valid/lesson.csv";
    const CliRun r = roofline({"analyze", file, "--hw", "h100", "--precision", "fp8", "--format", "json"});
    ASSERT_EQ(r.code, 0) << r.err;
    const json j = json::parse(r.out);
    ASSERT_EQ(j["kernels"].size(), 3u);
    EXPECT_EQ(j["kernels"][0]["name"], "decode b=1");
    EXPECT_EQ(j["kernels"][0]["regime"], "memory-bound");
    EXPECT_EQ(j["kernels"][2]["regime"], "compute-bound");
    EXPECT_NEAR(j["kernels"][2]["mfu"].get<double>(), 286.7e12 / 0.25 / 1978.9e12, 1e-9);
    // Shares of the 275 ms measured (the kernel without a time has none), and the time saved at
    // the roof: decode b=1 is bound by 70 GB at 3.35 TB/s.
    EXPECT_NEAR(j["kernels"][0]["time_share"].get<double>(), 0.025 / 0.275, 1e-12);
    EXPECT_TRUE(j["kernels"][1]["time_share"].is_null());
    EXPECT_NEAR(j["kernels"][2]["time_share"].get<double>(), 0.25 / 0.275, 1e-12);
    EXPECT_NEAR(j["kernels"][0]["gain"].get<double>(), (0.025 - 70e9 / 3.35e12) / 0.275, 1e-12);
    const CliRun csv = roofline({"analyze", file, "--hw", "h100", "--precision", "fp8", "--format", "csv"});
    ASSERT_EQ(csv.code, 0);
    EXPECT_EQ(csv.out.rfind("name,flops,bytes,time_s,intensity,", 0), 0u);
    EXPECT_EQ(std::count(csv.out.begin(), csv.out.end(), '\n'), 4);
    EXPECT_NE(csv.out.find(",0.0909090909090909"), std::string::npos) << csv.out;
    const CliRun table = roofline({"analyze", file, "--hw", "h100", "--precision", "fp8"});
    ASSERT_EQ(table.code, 0);
    EXPECT_NE(table.out.find("SHARE"), std::string::npos) << table.out;
    EXPECT_NE(table.out.find("9.09%"), std::string::npos) << table.out;
    // One kernel on its own has no session to take a share of.
    const CliRun point = roofline({"point", "--hw", "h100", "--precision", "fp8", "--flops", "140 GFLOP", "--bytes",
        "70 GB", "--time", "25 ms", "--format", "json"});
    ASSERT_EQ(point.code, 0) << point.err;
    EXPECT_TRUE(json::parse(point.out)["kernels"][0]["time_share"].is_null());
    EXPECT_TRUE(json::parse(point.out)["kernels"][0]["gain"].is_null());
}

TEST(Cli, AnalyzeListsEveryBadRowAndExitsOneUnlessSkipped)
{
    const std::string file = std::string(ROOFLINE_TEST_DATA) + "/kernels/invalid/bad-values.csv";
    const CliRun r = roofline({"analyze", file, "--hw", "h100"});
    EXPECT_EQ(r.code, 1);
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("error: " + file + ":3: flops: FLOP count must be greater than zero (got '-1')\n"),
        std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("error: " + file + ":8: flops: unknown unit 'GB'"), std::string::npos) << r.err;
    const CliRun skipped = roofline({"analyze", file, "--hw", "h100", "--skip-invalid", "--format", "json"});
    ASSERT_EQ(skipped.code, 0) << skipped.err;
    EXPECT_EQ(json::parse(skipped.out)["kernels"].size(), 1u);
    EXPECT_NE(skipped.err.find("warning: " + file + ":3:"), std::string::npos);
    const CliRun missing = roofline({"analyze", "/nonexistent.csv", "--hw", "h100"});
    EXPECT_EQ(missing.code, 1);
    EXPECT_EQ(missing.err, "error: /nonexistent.csv: no such file\n");
    const fs::path binary = scratch() / "binary.csv";
    std::ofstream(binary, std::ios::binary) << std::string("a,b\0c", 5);
    const CliRun notText = roofline({"analyze", binary.string(), "--hw", "h100"});
    EXPECT_EQ(notText.code, 1);
    EXPECT_EQ(notText.err, "error: " + binary.string() + ": not a text file (it contains NUL bytes)\n");
}

TEST(Cli, SessionsAnalyzeAndExportAsTheWindowShowsThem)
{
    const std::string session = std::string(ROOFLINE_SOURCE_DIR) + "/resources/examples/lesson-h100.roofline.yaml";
    const CliRun r = roofline({"analyze", session, "--format", "json"});
    ASSERT_EQ(r.code, 0) << r.err;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["hardware"], "h100-sxm5");
    EXPECT_EQ(j["precision"], "fp8");
    EXPECT_EQ(j["kernels"].size(), 3u);
    // --precision overrides the session's
    EXPECT_EQ(json::parse(roofline({"analyze", session, "--precision", "bf16", "--format", "json"}).out)["precision"],
        "bf16");
    const fs::path out = scratch() / "session.svg";
    const CliRun e = roofline({"export", session, "-o", out.string()});
    ASSERT_EQ(e.code, 0) << e.err;
    const std::string svg = readAll(out.string());
    EXPECT_NE(svg.find("LLM decode vs prefill, 70B in FP8 on the NVIDIA H100 SXM5 80GB"), std::string::npos);
    EXPECT_NE(svg.find("prefill, 2k tokens"), std::string::npos);
    EXPECT_NE(svg.find("1.7x below roof"), std::string::npos);
    const fs::path bad = scratch() / "bad.roofline.yaml";
    std::ofstream(bad) << "roofline_session: 1\nhardware: h100\nkernels:\n  - {name: a, flops: -1, bytes: 1}\n";
    const CliRun badSession = roofline({"export", bad.string(), "-o", (scratch() / "x.png").string()});
    EXPECT_EQ(badSession.code, 1);
    EXPECT_EQ(
        badSession.err, "error: " + bad.string() + ":4: flops: FLOP count must be greater than zero (got '-1')\n");
    EXPECT_FALSE(fs::exists(scratch() / "x.png"));
}

TEST(Cli, EveryExampleSessionExports)
{
    int count = 0;
    for (const auto& entry : fs::directory_iterator(std::string(ROOFLINE_SOURCE_DIR) + "/resources/examples")) {
        const fs::path out = scratch() / (entry.path().stem().string() + ".svg");
        const CliRun r = roofline({"export", entry.path().string(), "-o", out.string()});
        EXPECT_EQ(r.code, 0) << entry.path() << "\n" << r.err;
        EXPECT_TRUE(fs::exists(out));
        ++count;
    }
    EXPECT_GE(count, 2);
}

TEST(Cli, CompareAndPanelsNameEachAcceleratorAndRoof)
{
    const fs::path cmp = scratch() / "compare.svg";
    CliRun r = roofline(
        {"export", "--hw", "h100", "--compare", "b200,mi300x", "--precisions", "bf16,fp8", "-o", cmp.string()});
    ASSERT_EQ(r.code, 0) << r.err;
    std::string svg = readAll(cmp.string());
    for (const char* text : {"NVIDIA H100 SXM5 80GB", "NVIDIA B200 \xC2\xB7 BF16 (ridge 281 FLOP/byte)",
             "AMD Instinct MI300X \xC2\xB7 BF16 (ridge 247 FLOP/byte)",
             "NVIDIA H100 SXM5 80GB \xC2\xB7 FP8 (ridge 591 FLOP/byte)"})
        EXPECT_NE(svg.find(text), std::string::npos) << text;

    const fs::path panels = scratch() / "panels.svg";
    r = roofline({"export", "--hw", "h100", "--panels", "precisions", "--precisions", "bf16,fp8", "-o", panels.string(),
        "--point", "k,400 GFLOP,1 GB,1 ms"});
    ASSERT_EQ(r.code, 0) << r.err;
    svg = readAll(panels.string());
    EXPECT_NE(svg.find("NVIDIA H100 SXM5 80GB \xC2\xB7 BF16 (dense)"), std::string::npos);
    EXPECT_NE(svg.find("NVIDIA H100 SXM5 80GB \xC2\xB7 FP8 (dense)"), std::string::npos);
    EXPECT_NE(svg.find("ridge 295 FLOP/byte"), std::string::npos);
    EXPECT_NE(svg.find("ridge 591 FLOP/byte"), std::string::npos);
    EXPECT_NE(svg.find("viewBox=\"0 0 2000 650\""), std::string::npos) << "two 1000-wide panels side by side";

    const fs::path hw = scratch() / "panels-hw.svg";
    r = roofline({"export", "--hw", "h100", "--panels", "hardware", "--compare", "b200", "-o", hw.string()});
    ASSERT_EQ(r.code, 0) << r.err;
    svg = readAll(hw.string());
    EXPECT_NE(svg.find("NVIDIA H100 SXM5 80GB \xC2\xB7 BF16 (dense)"), std::string::npos);
    EXPECT_NE(svg.find("NVIDIA B200 (HGX/DGX B200, per GPU) \xC2\xB7 BF16 (dense)"), std::string::npos);
    // The shared axes hold the kernels too, not only the roofs: a kernel far left and below the
    // roofs, and one far right, are in both panels (they were cut off before).
    r = roofline({"export", "--hw", "h100", "--panels", "hardware", "--compare", "b200", "-o", hw.string(), "--point",
        "low,1 MFLOP,1 GB,1 s", "--point", "high,1000 TFLOP,1 GB,10 s"});
    ASSERT_EQ(r.code, 0) << r.err;
    svg = readAll(hw.string());
    auto count = [&](const std::string& text) {
        size_t n = 0;
        for (size_t at = svg.find(text); at != std::string::npos; at = svg.find(text, at + 1))
            ++n;
        return n;
    };
    EXPECT_EQ(count(">low<"), 2u);
    EXPECT_EQ(count(">high<"), 2u);
    EXPECT_EQ(count(">100 kFLOP/s<"), 2u) << "both panels reach down to the slow kernel";
    EXPECT_EQ(count(">10M<"), 2u) << "and right to the intense one";
    // A precision the part asked for lacks is refused, as without panels; a compared part that
    // lacks it is drawn at its own default, with a note.
    r = roofline({"export", "--hw", "h100", "--panels", "hardware", "--compare", "b200", "--precision", "fp4", "-o",
        hw.string()});
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("h100-sxm5 has no fp4 peak"), std::string::npos) << r.err;
    r = roofline({"export", "--hw", "b200", "--panels", "hardware", "--compare", "h100", "--precision", "fp4", "-o",
        hw.string()});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.err.find("note: h100-sxm5 has no fp4 peak; its panel is bf16"), std::string::npos) << r.err;
    EXPECT_EQ(roofline({"export", "--hw", "h100", "--panels", "pies", "-o", hw.string()}).code, 2);
    EXPECT_EQ(roofline({"export", "--hw", "h100", "--compare", "h999", "-o", hw.string()}).code, 2);
}

TEST(Cli, PanelsNumberAKernelAlikeAndAlignTheirPlots)
{
    // Forty kernels of a training step on three parts: each panel numbers those it has no room to
    // name, and a kernel numbered in several panels had a different number in each (6 in one,
    // 5 in another); the panels' plot areas moved with their keys' heights.
    const fs::path out = scratch() / "panels-step.svg";
    const CliRun r = roofline({"export",
        std::string(ROOFLINE_SOURCE_DIR)
            + "/tests/data/kernels/real-names/"
              "training-step-40.csv",
        "--hw", "h100", "--precision", "bf16", "--panels", "hardware", "--compare", "h200,mi300x", "-o", out.string()});
    ASSERT_EQ(r.code, 0) << r.err;
    const std::string svg = readAll(out.string());
    std::map<std::string, std::set<int>> numbersOf;
    std::map<int, std::set<std::string>> namesOf;
    const std::regex entry(">(\\d+)  ([^<]+)<");
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), entry); it != std::sregex_iterator(); ++it) {
        numbersOf[(*it)[2]].insert(std::stoi((*it)[1]));
        namesOf[std::stoi((*it)[1])].insert((*it)[2]);
    }
    ASSERT_GT(numbersOf.size(), 10u) << "the panels have keys";
    size_t inSeveral = 0;
    for (const auto& [name, numbers] : numbersOf)
        EXPECT_EQ(numbers.size(), 1u) << name << " has " << numbers.size() << " numbers";
    for (const auto& [number, names] : namesOf) {
        EXPECT_EQ(names.size(), 1u) << number << " names " << names.size() << " kernels";
        inSeveral += names.size();
    }
    EXPECT_GT(inSeveral, 10u);
    // Each panel's x axis title at the same place in its panel: the plot areas align.
    std::set<std::string> titleAt;
    const std::regex axisTitle("y=\"([0-9.]+)\"[^>]*\n?>Arithmetic intensity \\(FLOP/byte\\)<");
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), axisTitle); it != std::sregex_iterator(); ++it)
        titleAt.insert((*it)[1]);
    EXPECT_EQ(titleAt.size(), 1u) << "the three plot areas are as tall and as high";
}

// Every bad kernel file, through the command line as a user meets it: exit 1, each expected
// message as an `error:` line on stderr, and no figure written.

TEST(Cli, EveryCommandAndOptionInHelpIsInTheReference)
{
    const std::string reference = readAll(std::string(ROOFLINE_SOURCE_DIR) + "/docs/cli.md");
    const std::regex option("--[a-z][a-z0-9-]*");
    for (const std::vector<std::string>& command : {std::vector<std::string> {"hw", "list"}, {"hw", "show"}, {"point"},
             {"llm"}, {"import-ceilings"}, {"analyze"}, {"export"}}) {
        std::string name = "roofline";
        for (const auto& c : command)
            name += " " + c;
        EXPECT_NE(reference.find("## `" + name), std::string::npos) << name << " has no section in docs/cli.md";
        std::vector<std::string> args = command;
        args.push_back("--help");
        const CliRun r = roofline(args);
        ASSERT_EQ(r.code, 0) << name;
        for (std::sregex_iterator it(r.out.begin(), r.out.end(), option), end; it != end; ++it)
            EXPECT_NE(reference.find(it->str()), std::string::npos)
                << name << " " << it->str() << " is in --help but not in docs/cli.md";
    }
}

TEST(Cli, EveryFigureInTheDocsIsDrawnFromAnExampleSession)
{
    // `make docs` writes each figure with `roofline export resources/examples/<session>` (or the
    // window's screenshot of one); a figure the docs show must be one of them.
    std::string makefile = readAll(std::string(ROOFLINE_SOURCE_DIR) + "/Makefile");
    for (size_t at; (at = makefile.find("\\\n")) != std::string::npos;)
        makefile.replace(at, 2, " "); // one logical line per command
    const std::regex session(R"(\$\(EXAMPLES\)/([a-z0-9-]+\.roofline\.yaml))");
    const std::regex output(R"(docs/figures/([a-z0-9-]+\.png))");
    std::map<std::string, std::string> sessionOf;
    std::istringstream lines(makefile);
    for (std::string line; std::getline(lines, line);) {
        std::smatch in, out;
        if (line.find("roofline") != std::string::npos && std::regex_search(line, in, session)
            && std::regex_search(line, out, output))
            sessionOf[out[1]] = in[1];
    }
    ASSERT_GE(sessionOf.size(), 5u);

    const std::regex figure(R"(\]\((?:docs/)?figures/([a-z0-9-]+\.png)\))");
    int shown = 0;
    std::vector<fs::path> pages {fs::path(ROOFLINE_SOURCE_DIR) / "README.md"};
    for (const auto& page : fs::directory_iterator(std::string(ROOFLINE_SOURCE_DIR) + "/docs"))
        if (page.path().extension() == ".md")
            pages.push_back(page.path());
    for (const fs::path& page : pages) {
        const std::string text = readAll(page.string());
        for (std::sregex_iterator it(text.begin(), text.end(), figure), end; it != end; ++it, ++shown) {
            const std::string png = (*it)[1];
            ASSERT_TRUE(sessionOf.count(png))
                << page.filename() << " shows " << png << ", which make docs does not draw from an example session";
            EXPECT_TRUE(fs::exists(std::string(ROOFLINE_SOURCE_DIR) + "/resources/examples/" + sessionOf[png]))
                << sessionOf[png];
            EXPECT_TRUE(fs::exists(std::string(ROOFLINE_SOURCE_DIR) + "/docs/figures/" + png)) << png;
        }
    }
    EXPECT_GE(shown, 6);
}

TEST(Cli, ExportTakesFittedOrFixedAxes)
{
    const fs::path out = scratch() / "axes" / "fig.svg";
    fs::create_directories(out.parent_path());
    const std::string file = std::string(ROOFLINE_TEST_DATA) + "/kernels/valid/lesson.csv";
    EXPECT_EQ(roofline({"export", file, "--hw", "h100-sxm5", "--fit-axes", "-o", out.string()}).code, 0);
    const CliRun fixed = roofline({"export", file, "--hw", "h100-sxm5", "--x-range", "0.5:2000", "--y-range",
        "1 TFLOP/s:3 PFLOP/s", "-o", out.string()});
    EXPECT_EQ(fixed.code, 0) << fixed.err;
    const CliRun bad = roofline({"export", file, "--hw", "h100-sxm5", "--x-range", "100:1", "-o", out.string()});
    EXPECT_EQ(bad.code, 2);
    EXPECT_NE(bad.err.find("--x-range '100:1': LO must be below HI"), std::string::npos) << bad.err;
}

TEST(Cli, PanelsKeepTheirPartNamesUnderASharedTitle)
{
    const fs::path out = scratch() / "panels" / "fig.svg";
    fs::create_directories(out.parent_path());
    const CliRun r = roofline({"export", ROOFLINE_SOURCE_DIR "/resources/examples/ridge-moves.roofline.yaml",
        "--panels", "precisions", "--precisions", "bf16,fp8", "--title", "Two precisions", "-o", out.string()});
    ASSERT_EQ(r.code, 0) << r.err;
    const std::string svg = readAll(out.string());
    EXPECT_NE(svg.find(">Two precisions<"), std::string::npos) << "the shared title, once";
    EXPECT_NE(svg.find("NVIDIA H100 SXM5 80GB \xC2\xB7 BF16 (dense)"), std::string::npos) << "each panel's own title";
    EXPECT_NE(svg.find("NVIDIA H100 SXM5 80GB \xC2\xB7 FP8 (dense)"), std::string::npos);
}
