// SPDX-License-Identifier: MIT
// Runs the real `roofline` binary, as users and scripts do, and checks output and exit codes.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

#include "tests/core/invalid_corpus.h"

using nlohmann::json;
namespace fs = std::filesystem;

namespace {

struct CliRun {
    int code = -1;
    std::string out;
    std::string err;
};

std::string shellQuote(const std::string& s)
{
    std::string q = "'";
    for (char c : s) {
        if (c == '\'')
            q += "'\\''";
        else
            q += c;
    }
    return q + "'";
}

std::string readAll(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

fs::path scratch()
{
    static const fs::path dir = [] {
        fs::path d = fs::temp_directory_path() / ("roofline-cli-tests-" + std::to_string(::getpid()));
        fs::create_directories(d);
        return d;
    }();
    return dir;
}

// Runs the CLI with an isolated HOME / XDG data folder so a user's own profiles don't leak in.
// `shellPrefix`: shell commands run first, in the same shell (a `ulimit`).
CliRun roofline(const std::vector<std::string>& args, const std::string& shellPrefix = "")
{
    const fs::path errFile = scratch() / "stderr.txt";
    std::string cmd = shellPrefix + "env HOME=" + shellQuote(scratch().string())
        + " XDG_DATA_HOME=" + shellQuote((scratch() / "xdg").string()) + " " + shellQuote(ROOFLINE_CLI);
    for (const auto& a : args)
        cmd += " " + shellQuote(a);
    cmd += " 2>" + shellQuote(errFile.string());
    CliRun r;
    FILE* pipe = popen(cmd.c_str(), "r");
    if (!pipe)
        return r;
    std::array<char, 4096> buf {};
    size_t n = 0;
    while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0)
        r.out.append(buf.data(), n);
    const int status = pclose(pipe);
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.err = readAll(errFile.string());
    return r;
}

} // namespace

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
    // An export with --hw and an exact id reads only that shipped profile, and all of the
    // user's: an override of the same id is the one drawn, a bad file still warns, and an alias
    // (no shipped file's name) still finds its part among them all.
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
    // A session, whatever its file's name, may compare other parts: they are all read then.
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
    EXPECT_NE(svg.find("LLM decode vs prefill, 70B in FP8 on an H100 SXM5"), std::string::npos);
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

// Every bad kernel file, through the command line as a user meets it: exit 1, each expected
// message as an `error:` line on stderr, and no figure written.
TEST(Cli, BadKernelFilesExitOneWithTheirMessagesAndWriteNothing)
{
    const std::string dir = std::string(ROOFLINE_TEST_DATA) + "/kernels/invalid/";
    int cases = 0;
    for (const auto& entry : fs::directory_iterator(dir)) {
        if (entry.path().extension() == ".expected")
            continue;
        const fs::path out = scratch() / ("bad-" + entry.path().filename().string() + ".png");
        fs::remove(out);
        const CliRun r = roofline({"export", entry.path().string(), "--hw", "h100", "-o", out.string()});
        EXPECT_EQ(r.code, 1) << entry.path() << "\n" << r.err;
        EXPECT_FALSE(fs::exists(out)) << entry.path();
        std::ifstream expected(dir + entry.path().stem().string() + ".expected");
        for (std::string line; std::getline(expected, line);)
            if (!line.empty())
                EXPECT_NE(r.err.find("error: " + dir + line), std::string::npos) << line << "\n" << r.err;
        ++cases;
    }
    EXPECT_GE(cases, 10);
}

TEST(Cli, BadProfilesAreWarningsAndTheRestStillWorks)
{
    const std::string dir = std::string(ROOFLINE_TEST_DATA) + "/profiles/invalid";
    const CliRun r = roofline({"--profiles", dir, "hw", "show", "h100", "--format", "json"});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(json::parse(r.out)["id"], "h100-sxm5");
    int warnings = 0, yamlFiles = 0;
    for (size_t at = r.err.find("warning: "); at != std::string::npos; at = r.err.find("warning: ", at + 1))
        ++warnings;
    for (const auto& entry : fs::directory_iterator(dir))
        yamlFiles += entry.path().extension() == ".yaml";
    EXPECT_EQ(warnings, yamlFiles) << r.err;
}

// The bad-input corpus (tests/data/invalid/cases.tsv) as a user meets it on the command line:
// kernel files, sessions and ceilings exit 1 with the message on an `error:` line and write
// nothing; a bad profile in a --profiles folder is a warning and is skipped.
TEST(Cli, TheBadInputCorpusIsRefusedWithItsMessages)
{
    int checked = 0;
    for (const InvalidCase& c : invalidCases()) {
        if (c.kind == "model")
            continue; // model presets have no CLI entry point of their own (core_tests check them)
        if (c.kind == "profile") {
            const fs::path dir = scratch() / ("profile-" + c.file);
            fs::create_directories(dir);
            fs::copy_file(c.path, dir / c.file, fs::copy_options::overwrite_existing);
            const CliRun r = roofline({"--profiles", dir.string(), "hw", "list"});
            EXPECT_EQ(r.code, 0) << c << "\n" << r.err;
            EXPECT_NE(r.err.find("warning: " + (dir / c.file).string()), std::string::npos) << c << "\n" << r.err;
            EXPECT_NE(r.err.find(c.expected), std::string::npos) << c << "\n" << r.err;
            ++checked;
            continue;
        }
        const bool ceilings = c.kind == "ceilings";
        const fs::path out = scratch() / ("corpus-" + c.file + (ceilings ? ".yaml" : ".png"));
        fs::remove(out);
        const CliRun r = ceilings ? roofline({"import-ceilings", c.path, "-o", out.string()})
                                  : roofline({"export", c.path, "-o", out.string()});
        EXPECT_EQ(r.code, 1) << c << "\n" << r.err;
        EXPECT_FALSE(fs::exists(out)) << c;
        EXPECT_NE(r.err.find("error: " + c.path), std::string::npos) << c << "\n" << r.err;
        EXPECT_NE(r.err.find(c.expected), std::string::npos) << c << "\n" << r.err;
        ++checked;
    }
    EXPECT_GE(checked, 55);
}

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

TEST(Cli, WritesOntoAFullDiskFailWithExitOneAndKeepTheOldFile)
{
    // `ulimit -f 1` (512 bytes here) with SIGXFSZ ignored: a write past it fails as on a full
    // disk. The old file must stay byte for byte, the command say why and exit 1.
    const std::string full = "trap '' XFSZ; ulimit -f 1; ";
    const fs::path dir = scratch() / "full-disk";
    fs::create_directories(dir);
    const std::string old = "the previous file\n";
    auto writeOld = [&](const fs::path& p) { std::ofstream(p, std::ios::binary) << old; };
    for (const char* name : {"fig.svg", "fig.png", "fig.pdf"}) {
        const fs::path out = dir / name;
        writeOld(out);
        const CliRun r = roofline(
            {"export", ROOFLINE_SOURCE_DIR "/resources/examples/lesson-h100.roofline.yaml", "-o", out.string()}, full);
        EXPECT_EQ(r.code, 1) << name << ": " << r.err;
        EXPECT_NE(r.err.find("cannot write"), std::string::npos) << r.err;
        EXPECT_EQ(readAll(out.string()), old) << name;
    }
    const fs::path profile = dir / "measured.yaml";
    writeOld(profile);
    const CliRun r
        = roofline({"import-ceilings", ROOFLINE_TEST_DATA "/ceilings/roofline.json", "-o", profile.string()}, full);
    EXPECT_EQ(r.code, 1) << r.err;
    EXPECT_NE(r.err.find("cannot write"), std::string::npos) << r.err;
    EXPECT_EQ(readAll(profile.string()), old);
    EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 4) << "no temporary files";
}

TEST(Cli, OutputRedirectedOntoAFullDiskIsAnErrorNotASuccess)
{
    // `roofline analyze ... > out.json` on a full disk: the file is cut short, so the command
    // says so and exits 1 (it used to exit 0).
    const fs::path out = scratch() / "full-stdout.json";
    const std::string full = "trap '' XFSZ; ulimit -f 1; exec >" + shellQuote(out.string()) + "; ";
    for (const char* format : {"json", "csv", "table"}) {
        const CliRun r = roofline(
            {"analyze", ROOFLINE_SOURCE_DIR "/resources/examples/twenty-kernels.roofline.yaml", "--format", format},
            full);
        EXPECT_EQ(r.code, 1) << format << ": " << r.err;
        EXPECT_NE(r.err.find("standard output: cannot write"), std::string::npos) << r.err;
    }
    const CliRun ok = roofline(
        {"analyze", ROOFLINE_SOURCE_DIR "/resources/examples/twenty-kernels.roofline.yaml", "--format", "json"});
    EXPECT_EQ(ok.code, 0) << ok.err;
    EXPECT_GT(ok.out.size(), 1024u) << "more than the limit above, so that test cuts it";
}

TEST(Cli, AnExportTooLargeToDrawOrAnEndlessInputIsRefusedInOneLine)
{
    // In-range options that multiply to 50,000 x 50,000 pixels (10 GB to draw in).
    const fs::path png = scratch() / "huge.png";
    const CliRun huge = roofline({"export", ROOFLINE_SOURCE_DIR "/resources/examples/lesson-h100.roofline.yaml",
        "--width", "4000", "--height", "4000", "--dpi", "1200", "-o", png.string()});
    EXPECT_EQ(huge.code, 1) << huge.err;
    EXPECT_NE(
        huge.err.find("50000 x 50000 pixels (2500 megapixels) is over the limit of 100 megapixels"), std::string::npos)
        << huge.err;
    EXPECT_FALSE(fs::exists(png));
    // A device without end: refused at its first NUL byte, not read until memory runs out.
    const CliRun zero = roofline({"analyze", "/dev/zero", "--hw", "h100-sxm5"});
    EXPECT_EQ(zero.code, 1);
    EXPECT_EQ(zero.err, "error: /dev/zero: not a text file (it contains NUL bytes)\n");
}

TEST(Cli, AnExportKilledHalfWayLeavesTheOldFigureOrTheNewOneWhole)
{
    // kill -9 at some moment of an export of 10^5 kernels over an existing figure: whatever the
    // moment, the file is the old figure byte for byte or a whole new one, never a torn one.
    const fs::path dir = scratch() / "killed";
    fs::create_directories(dir);
    const fs::path data = dir / "k.csv";
    {
        std::ofstream out(data);
        out << "name,flops,bytes,time_s\n";
        for (int i = 0; i < 100000; ++i)
            out << "k" << i << "," << (1 + i % 997) << "e9,1e9," << (1 + i % 13) << "e-3\n";
    }
    const fs::path svg = dir / "fig.svg";
    const std::string old = "<svg>the previous figure</svg>\n";
    for (const char* delay : {"0.05", "0.2", "0.4"}) {
        std::ofstream(svg, std::ios::binary) << old;
        const std::string cmd = "(" + shellQuote(ROOFLINE_CLI) + " export " + shellQuote(data.string())
            + " --hw h100-sxm5 -o " + shellQuote(svg.string()) + " 2>/dev/null & pid=$!; sleep " + delay
            + "; kill -9 $pid 2>/dev/null; wait $pid 2>/dev/null) >/dev/null 2>&1";
        ASSERT_EQ(std::system(cmd.c_str()) != -1, true);
        const std::string now = readAll(svg.string());
        const bool whole = now.rfind("<?xml", 0) == 0 && now.find("</svg>") != std::string::npos;
        EXPECT_TRUE(now == old || whole) << "after " << delay << " s: " << now.size() << " bytes, torn";
        for (const auto& e : fs::directory_iterator(dir)) // QSaveFile's temporary may stay after a kill
            if (e.path().filename().string().find("fig.svg.") == 0)
                fs::remove(e.path());
    }
}

TEST(Cli, AnFp64ExportIsShownUnderTheFp64RoofWithoutAFlag)
{
    const fs::path file = scratch() / "fp64.csv";
    std::ofstream(file) << "name,flops,bytes,time_s,precision\nstencil,1e9,2e9,1e-3,fp64\ninit,1e3,1e9,1e-4,fp32\n";
    const CliRun r = roofline({"analyze", file.string(), "--hw", "mi300x"});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("AMD Instinct MI300X \xC2\xB7 FP64 \xC2\xB7 ridge"), std::string::npos) << r.out;
    EXPECT_NE(r.err.find("shown at FP64, the precision of most of the measured time (--precision to choose)"),
        std::string::npos)
        << r.err;
    const CliRun chosen = roofline({"analyze", file.string(), "--hw", "mi300x", "--precision", "bf16"});
    ASSERT_EQ(chosen.code, 0) << chosen.err;
    EXPECT_NE(chosen.out.find("\xC2\xB7 BF16 \xC2\xB7"), std::string::npos) << chosen.out;
    EXPECT_EQ(chosen.err.find("shown at"), std::string::npos);
}

TEST(Cli, SkipInvalidThatLeavesNothingToPlaceExitsOne)
{
    const fs::path file = scratch() / "allbad.csv";
    std::ofstream(file) << "name,flops,bytes\na,-1,1\nb,x,1\n";
    const CliRun r = roofline({"analyze", file.string(), "--hw", "h100", "--skip-invalid"});
    EXPECT_EQ(r.code, 1);
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_NE(r.err.find("every row was rejected (2); nothing to place"), std::string::npos) << r.err;
}

TEST(Cli, LlmReadsAHuggingFaceConfigAndSaysWhetherTheBatchFits)
{
    const std::string config = std::string(ROOFLINE_SOURCE_DIR) + "/resources/models/Llama-3.1-8B.config.json";
    const CliRun r = roofline(
        {"llm", "--hw", "h100-sxm5", "--config", config, "--batch", "8", "--context", "8192", "--format", "json"});
    ASSERT_EQ(r.code, 0) << r.err;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["model"]["id"], "llama-3.1-8b");
    EXPECT_NEAR(j["model"]["parameters"].get<double>(), 8.03e9, 0.01e9);
    EXPECT_EQ(j["attention"], "fused");
    EXPECT_TRUE(j["memory"]["fits"].get<bool>());
    EXPECT_EQ(j["memory"]["max_batch"], 54);
    EXPECT_DOUBLE_EQ(j["memory"]["kv_bytes"].get<double>(), 8 * 8193.0 * 131072);
    EXPECT_TRUE(j["critical_batch"].is_null()) << "at 8k context the cache keeps decode memory-bound";
    const CliRun table = roofline({"llm", "--hw", "h100-sxm5", "--config", config, "--batch", "64", "--context", "8192",
        "--attention", "unfused"});
    ASSERT_EQ(table.code, 0) << table.err;
    EXPECT_NE(table.out.find("does not fit: at most 54 sequences at 8193 tokens"), std::string::npos) << table.out;
    const CliRun lesson = roofline({"llm", "--hw", "h100-sxm5", "--precision", "fp8", "--params", "70e9"});
    EXPECT_NE(lesson.out.find("critical batch: decode reaches the ridge at batch 296"), std::string::npos)
        << lesson.out;
    const CliRun missing = roofline({"llm", "--hw", "h100-sxm5", "--config", "/nonexistent/config.json"});
    EXPECT_NE(missing.code, 0);
    EXPECT_NE(missing.err.find("/nonexistent/config.json"), std::string::npos) << missing.err;
}

TEST(Cli, LlmOnSeveralChipsNamesTheLinkAndAddsItsTime)
{
    const CliRun r = roofline({"llm", "--hw", "h100-sxm5", "--model", "llama-3.1-70b", "--chips", "8", "--batch", "16",
        "--context", "4096", "--format", "json"});
    ASSERT_EQ(r.code, 0) << r.err;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["chips"], 8);
    EXPECT_EQ(j["link"]["name"], "NVLink 4");
    const json& decode = j["phases"][0];
    EXPECT_GT(decode["link_time_s"].get<double>(), 0.0);
    EXPECT_NEAR(decode["time_lower_bound_s"].get<double>(),
        std::max(decode["compute_time_s"].get<double>(), decode["memory_time_s"].get<double>())
            + decode["link_time_s"].get<double>(),
        1e-12);
    const CliRun table = roofline({"llm", "--hw", "h100-sxm5", "--model", "llama-3.1-70b", "--chips", "8"});
    EXPECT_NE(
        table.out.find("per chip of 8 (tensor parallel; two all-reduces a layer over NVLink 4"), std::string::npos)
        << table.out;
    const CliRun noLink = roofline({"llm", "--hw", "epyc-9654", "--params", "7e9", "--chips", "2"});
    EXPECT_NE(noLink.code, 0);
    EXPECT_NE(noLink.err.find("has no interconnect"), std::string::npos) << noLink.err;
    const CliRun bad = roofline({"llm", "--hw", "h100", "--params", "7e9", "--memory-efficiency", "1.5"});
    EXPECT_EQ(bad.code, 2);
}

namespace {
std::string compareData(const char* file)
{
    return std::string(ROOFLINE_TEST_DATA) + "/compare/" + file;
}
} // namespace

TEST(Cli, CompareMatchesRenamedKernelsAndSaysWhatMoved)
{
    const CliRun r = roofline({"compare", compareData("before.csv"), compareData("after.csv"), "--hw", "h100",
        "--match", "^(.*)_v[0-9]+$", "--format", "json"});
    ASSERT_EQ(r.code, 0) << r.err;
    const json j = json::parse(r.out);
    ASSERT_EQ(j["pairs"].size(), 4u);
    const json* attention = nullptr;
    for (const auto& p : j["pairs"])
        if (p["name"] == "attention")
            attention = &p;
    ASSERT_NE(attention, nullptr) << "attention_v1 and attention_v2 are one kernel";
    EXPECT_NEAR((*attention)["speedup"].get<double>(), 5.0 / 2.6, 1e-12);
    EXPECT_TRUE((*attention)["regime_changed"].get<bool>());
    EXPECT_EQ((*attention)["before"]["regime"], "memory-bound");
    EXPECT_EQ((*attention)["after"]["regime"], "compute-bound");
    EXPECT_DOUBLE_EQ((*attention)["after"]["intensity"].get<double>(), 1000.0);
    EXPECT_EQ(j["only_before"], json::array({"old_copy"}));
    EXPECT_EQ(j["only_after"], json::array({"fused_rope"}));
    // Totals over the four kernels in both: 6 + 5 + 1.6 + 0.8 = 13.4 ms -> 5 + 2.6 + 1.9 + 0.8 = 10.3 ms.
    EXPECT_NEAR(j["summary"]["total_before_s"].get<double>(), 13.4e-3, 1e-12);
    EXPECT_NEAR(j["summary"]["total_after_s"].get<double>(), 10.3e-3, 1e-12);
    EXPECT_EQ(j["summary"]["wins"][0]["name"], "attention");
    EXPECT_EQ(j["summary"]["losses"][0]["name"], "rmsnorm");
    // Without --match the renamed kernel is one gone and one new.
    const json plain = json::parse(
        roofline({"compare", compareData("before.csv"), compareData("after.csv"), "--hw", "h100", "--format", "json"})
            .out);
    EXPECT_EQ(plain["pairs"].size(), 3u);
    // The figure: an arrow per timed pair, written atomically.
    const std::string fig = (scratch() / "cmp.svg").string();
    const CliRun drawn = roofline({"compare", compareData("before.csv"), compareData("after.csv"), "--hw", "h100",
        "--match", "^(.*)_v[0-9]+$", "-o", fig});
    ASSERT_EQ(drawn.code, 0) << drawn.err;
    EXPECT_GT(fs::file_size(fig), 1000u);
}

TEST(Cli, CheckFailsSlowerKernelsWithExitOneAndBadUsageWithTwo)
{
    const std::vector<std::string> base {"check", compareData("after.csv"), "--baseline", compareData("before.csv"),
        "--hw", "h100", "--match", "^(.*)_v[0-9]+$"};
    const CliRun r = roofline(base);
    EXPECT_EQ(r.code, 1) << r.out << r.err;
    EXPECT_NE(r.out.find("FAIL rmsnorm: 1.6 ms -> 1.9 ms: 18.8% slower (limit 5%)"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("FAIL gemm_qkv"), std::string::npos);
    auto with = [&](std::vector<std::string> extra) {
        std::vector<std::string> args = base;
        args.insert(args.end(), extra.begin(), extra.end());
        return roofline(args);
    };
    EXPECT_EQ(with({"--max-slowdown", "20%"}).code, 0) << "18.8% is within 20%";
    const CliRun floor = with({"--max-slowdown", "0.2", "--min-roof-fraction", "0.7"});
    EXPECT_EQ(floor.code, 1);
    EXPECT_NE(floor.out.find("FAIL rmsnorm: 62.8% of its roof after (floor 70%)"), std::string::npos) << floor.out;
    const json j = json::parse(with({"--format", "json"}).out);
    EXPECT_FALSE(j["passed"].get<bool>());
    EXPECT_EQ(j["failures"][0]["name"], "rmsnorm");
    EXPECT_EQ(with({"--max-slowdown", "fast"}).code, 2);
    EXPECT_EQ(with({"--match", "("}).code, 2) << "not a regular expression";
    EXPECT_EQ(roofline({"check", compareData("after.csv")}).code, 2) << "--baseline is required";
}

TEST(Cli, AnalyzeCountsTheTimeLatencyBoundKernelsHold)
{
    const std::string file = (scratch() / "latency.csv").string();
    std::ofstream(file) << "name,flops,bytes,time_s\ngemm,4.4e12,3.0e9,6.0e-3\nbias,2.0e6,8.0e6,5.0e-6\n";
    const CliRun r = roofline({"analyze", file, "--hw", "h100"});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("latency-bound: 1 kernel (under 8 us each, launches of 4 us), 0.0833% of the measured time"),
        std::string::npos)
        << r.out;
    const json j = json::parse(roofline({"analyze", file, "--hw", "h100", "--format", "json"}).out);
    EXPECT_EQ(j["kernels"][1]["regime"], "latency-bound");
    EXPECT_NE(j["kernels"][1]["lever"].get<std::string>().find("CUDA graphs"), std::string::npos);
}

TEST(Cli, AnalyzeLoadsAKernelFileWithCopiesAndNamesThemOnStderr)
{
    const std::string file = std::string(ROOFLINE_TEST_DATA) + "/kernels/valid/with-copies.csv";
    const CliRun r = roofline({"analyze", file, "--hw", "h100", "--format", "json"});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(json::parse(r.out)["kernels"].size(), 1u);
    EXPECT_NE(r.err.find("note: " + file
                  + ": 2 kernels have no floating-point work (0 FLOPs), not on the roofline: 'memcpy HtoD' (line 2)"),
        std::string::npos)
        << r.err;
    EXPECT_EQ(r.err.find("error"), std::string::npos) << r.err;
}

TEST(Cli, AnalyzeOfARocprofExportPicksThePartAndShowsEachKernelsPrecision)
{
    // The real MI300A export: FP32 first-touch kernels hold most of the time, the FP64 ones are
    // judged by the FP64 roof, and the table says so in a PRECISION column.
    const std::string file = std::string(ROOFLINE_TEST_DATA) + "/rocprof/collapse-mi300a/pmc_perf.csv";
    const CliRun r = roofline({"analyze", file});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.err.find("device MI300A_A1, gfx942, 228 CUs -> mi300a"), std::string::npos) << r.err;
    EXPECT_NE(r.out.find("NAME                                      PRECISION    INTENSITY"), std::string::npos)
        << r.out;
    // VALU counters: the vector units, whose FP64 rate (61.3 TFLOP/s) is MI300A's FP64 peak.
    EXPECT_NE(r.out.find("Qmain_l41.kd #2  FP64 vector  0.524      memory-bound"), std::string::npos) << r.out;
}

TEST(Cli, MeasureWritesThisMachinesProfileInAShortRun)
{
    // The figures are a benchmark (docs/profilers.md); the test checks the command completes
    // and what it writes is a profile every other command takes.
    const fs::path out = scratch() / "measure" / "measured.yaml";
    fs::create_directories(out.parent_path());
    fs::remove(out);
    const CliRun r = roofline({"measure", "--seconds", "2", "--threads", "1", "-o", out.string()});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("Measured: "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("fp64"), std::string::npos);
    EXPECT_NE(r.err.find("measuring: FP64 FMA chains (0%)"), std::string::npos) << r.err;
    ASSERT_TRUE(fs::exists(out));
    const CliRun show = roofline(
        {"--profiles", out.parent_path().string(), "hw", "show", "measured-this-machine", "--format", "json"});
    ASSERT_EQ(show.code, 0) << show.err;
    const auto j = json::parse(show.out);
    EXPECT_EQ(j["vendor"], "Measured");
    EXPECT_EQ(j["memory"][0]["name"], "DRAM");
    fs::remove(out);
    const CliRun bad = roofline({"measure", "--seconds", "0.1"});
    EXPECT_EQ(bad.code, 2) << "under a second is refused";
}
