// SPDX-License-Identifier: MIT
// The `roofline` binary on workloads: llm (Hugging Face configs, several chips), compare and
// check (before and after), profiler exports, and measure.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>

#include "tests/cli/cli_run.h"
#include "tests/core/invalid_corpus.h"

using nlohmann::json;
using namespace clitest;
namespace fs = std::filesystem;

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
    EXPECT_EQ(j["memory"]["max_batch"], 59); // 81,559 MiB (HfConfig.TheMemoryWallSaysHowManySequencesFit)
    EXPECT_DOUBLE_EQ(j["memory"]["kv_bytes"].get<double>(), 8 * 8193.0 * 131072);
    EXPECT_TRUE(j["critical_batch"].is_null()) << "at 8k context the cache keeps decode memory-bound";
    const CliRun table = roofline({"llm", "--hw", "h100-sxm5", "--config", config, "--batch", "64", "--context", "8192",
        "--attention", "unfused"});
    ASSERT_EQ(table.code, 0) << table.err;
    EXPECT_NE(table.out.find("does not fit: at most 59 sequences at 8193 tokens"), std::string::npos) << table.out;
    const CliRun lesson = roofline({"llm", "--hw", "h100-sxm5", "--precision", "fp8", "--params", "70e9"});
    EXPECT_NE(lesson.out.find("critical batch: decode reaches the ridge at batch 296"), std::string::npos)
        << lesson.out;
    const CliRun missing = roofline({"llm", "--hw", "h100-sxm5", "--config", "/nonexistent/config.json"});
    EXPECT_NE(missing.code, 0);
    EXPECT_NE(missing.err.find("/nonexistent/config.json"), std::string::npos) << missing.err;
}

TEST(Cli, LlmRefusesAValueItCannotUseInsteadOfIgnoringIt)
{
    // `--bytes-per-weight nan` or `0` ran with the precision's size and said nothing; so did
    // -1e308, the value that once stood for "not given".
    for (const char* value : {"nan", "0", "-1", "inf", "17", "-1e308"}) {
        const CliRun r = roofline({"llm", "--hw", "h100", "--model", "llama-3-8b", "--bytes-per-weight", value});
        EXPECT_EQ(r.code, 2) << value;
        EXPECT_NE(r.err.find("--bytes-per-weight must be bytes per weight above 0 and at most 16"), std::string::npos)
            << value << ": " << r.err;
    }
    for (const char* option : {"--compute-efficiency", "--memory-efficiency", "--kv-bytes-per-token"})
        for (const char* value : {"nan", "-1e308"}) {
            const CliRun r = roofline({"llm", "--hw", "h100", "--params", "7e9", option, value});
            EXPECT_EQ(r.code, 2) << option << " " << value;
            EXPECT_NE(r.err.find(std::string(option) + " must be"), std::string::npos) << r.err;
        }
    // A model by its parameters alone: the batch that fits is unknown, not 2^30.
    const CliRun params = roofline({"llm", "--hw", "h100", "--params", "7e9", "--format", "json"});
    ASSERT_EQ(params.code, 0) << params.err;
    EXPECT_TRUE(json::parse(params.out)["memory"]["max_batch"].is_null());
    const CliRun table = roofline({"llm", "--hw", "h100", "--params", "7e9"});
    EXPECT_NE(table.out.find("how many sequences fit is not known"), std::string::npos) << table.out;
    EXPECT_EQ(table.out.find("1073741824"), std::string::npos) << table.out;
    // A checkpoint stored in FP8 is weighed so, and the table says where the size comes from.
    const CliRun ds = roofline({"llm", "--hw", "h200", "--model", "deepseek-v3"});
    ASSERT_EQ(ds.code, 0) << ds.err;
    EXPECT_NE(ds.out.find("as stored: fp8, 128x128 blocks"), std::string::npos) << ds.out;
}

TEST(Cli, LlmConfigsOfTodaysModelsMatchTheirPublishedCountsOrAreRefusedInOneLine)
{
    // Every config the repository holds, through `roofline llm --config` as a user runs it.
    const std::string src = ROOFLINE_SOURCE_DIR;
    const std::map<std::string, double> published {{"/tests/data/llm-configs/gpt2.config.json", 124.4e6},
        {"/tests/data/llm-configs/gpt2-xl.config.json", 1.558e9},
        {"/tests/data/llm-configs/opt-1.3b.config.json", 1.316e9},
        {"/tests/data/llm-configs/falcon-7b.config.json", 6.92e9},
        {"/tests/data/llm-configs/phi-2.config.json", 2.78e9},
        {"/tests/data/llm-configs/llama-4-scout.config.json", 109e9},
        {"/tests/data/llm-configs/llama-4-maverick.config.json", 400e9},
        {"/tests/data/llm-configs/Qwen3-235B-A22B-FP8.config.json", 235e9},
        {"/resources/models/Llama-3.1-8B.config.json", 8.03e9}, {"/resources/models/Llama-3.1-70B.config.json", 70.6e9},
        {"/resources/models/Llama-3.1-405B.config.json", 405e9}, {"/resources/models/DeepSeek-V3.config.json", 671e9},
        {"/resources/models/Qwen3-235B-A22B.config.json", 235e9},
        {"/resources/models/Mixtral-8x22B.config.json", 141e9}, {"/resources/models/gpt-oss-120b.config.json", 117e9}};
    for (const auto& [file, count] : published) {
        const CliRun r = roofline({"llm", "--hw", "h200", "--config", src + file, "--format", "json"});
        ASSERT_EQ(r.code, 0) << file << ": " << r.err;
        const double parameters = json::parse(r.out)["model"]["parameters"].get<double>();
        EXPECT_NEAR(parameters, count, 0.02 * count) << file;
    }
    // A shape the reader does not know (top_k_experts, as issue 45 reports Gemma 4 has): one line,
    // naming the field.
    const fs::path gemma4 = scratch() / "gemma-4.config.json";
    std::ofstream(gemma4) << R"({"model_type": "gemma4_text", "hidden_size": 2816, "num_hidden_layers": 30,
        "num_attention_heads": 8, "intermediate_size": 2112, "vocab_size": 262144, "num_experts": 128,
        "top_k_experts": 8})";
    const CliRun refused = roofline({"llm", "--hw", "h200", "--config", gemma4.string()});
    EXPECT_NE(refused.code, 0);
    EXPECT_EQ(std::count(refused.err.begin(), refused.err.end(), '\n'), 1) << refused.err;
    EXPECT_NE(
        refused.err.find("field 'top_k_experts' changes the layers' shape and is not supported"), std::string::npos)
        << refused.err;
}

TEST(Cli, NumbersAreReadAndWrittenWithAPointInACommaLocale)
{
    // Under LC_NUMERIC=de_DE the CI gate refused `--max-slowdown 0.05` and `5%` (it took 0,05)
    // and tables printed 989,4: Qt had handed the user's locale to the C library.
    const fs::path locales = scratch() / "locales";
    fs::create_directories(locales);
    const std::string make = "localedef -i de_DE -f UTF-8 " + (locales / "de_DE.UTF-8").string() + " > /dev/null 2>&1";
    if (std::system(make.c_str()) != 0)
        GTEST_SKIP() << "localedef cannot make de_DE.UTF-8 on this machine";
    const std::string german = "env LOCPATH=" + locales.string() + " LC_ALL=de_DE.UTF-8 ";
    const fs::path before = scratch() / "before.csv", after = scratch() / "after.csv";
    std::ofstream(before) << "name,flops,bytes,time_ms\nk,1e12,1e9,1\n";
    std::ofstream(after) << "name,flops,bytes,time_ms\nk,1e12,1e9,1.02\n";
    for (const char* limit : {"0.05", "5%"}) {
        const CliRun r = roofline(
            {"check", after.string(), "--baseline", before.string(), "--hw", "h100", "--max-slowdown", limit}, german);
        EXPECT_EQ(r.code, 0) << limit << ": " << r.err;
    }
    const CliRun point = roofline({"point", "--hw", "h100", "--flops", "1.5e12", "--bytes", "1e9"}, german);
    ASSERT_EQ(point.code, 0) << point.err;
    EXPECT_NE(point.out.find("1.5 TFLOP"), std::string::npos) << point.out;
    EXPECT_EQ(point.out.find("1,5"), std::string::npos) << point.out;
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
    EXPECT_NE(r.out.find("latency-bound: 1 kernel (under 8 µs each, launches of 4 µs), 0.0833% of the measured time"),
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
    const CliRun r = roofline({"analyze", file, "--launches"});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.err.find("device MI300A_A1, gfx942, 228 CUs -> mi300a"), std::string::npos) << r.err;
    // By default the launches of one kernel are one row, with their count.
    const CliRun grouped = roofline({"analyze", file});
    ASSERT_EQ(grouped.code, 0) << grouped.err;
    EXPECT_NE(grouped.out.find("Qmain_l41.kd (x2)"), std::string::npos) << grouped.out;
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
