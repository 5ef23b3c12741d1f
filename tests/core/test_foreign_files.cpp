// SPDX-License-Identifier: MIT
// Files that hold no kernel table are refused in one line that says what they are.
#include "core/io/foreign_files.h"
#include "core/io/kernel_io.h"

#include <gtest/gtest.h>

using namespace roofline;

namespace {

const std::string kDir = std::string(ROOFLINE_TEST_DATA) + "/foreign/";

std::string refusal(const std::string& name)
{
    const auto r = loadKernelFile(kDir + name);
    EXPECT_FALSE(r.ok()) << name << " loaded";
    if (r.ok())
        return {};
    EXPECT_EQ(r.error().message.find('\n'), std::string::npos) << "one line";
    EXPECT_LT(r.error().message.size(), 300u);
    return r.error().message;
}

} // namespace

TEST(ForeignFiles, RealFilesAreNamedForWhatTheyAre)
{
    EXPECT_EQ(refusal("ncu-console-only.csv"),
        "this holds only Nsight Compute's console messages, no exported table ('==ERROR== Option '--section "
        ".*SpeedOfLight.*' did not match any section.'); rerun ncu with --csv and the metrics in docs/profilers.md");
    EXPECT_EQ(refusal("ncu-source-page.csv").rfind("this is Nsight Compute's source page", 0), 0u);
    // likwid-perfctr output is read (test_likwid.cpp); one group alone says what it lacks.
    EXPECT_NE(refusal("likwid-perfctr-flops-dp.txt").find("FLOPs but no memory volume"), std::string::npos);
    EXPECT_EQ(refusal("likwid-bench-summary.txt").rfind("this is a likwid-bench summary", 0), 0u);
    EXPECT_EQ(refusal("nsys-cuda-gpu-kern-sum.csv"),
        "this is an Nsight Systems kernel summary: it has times but no FLOPs or bytes; export with ncu instead "
        "(docs/profilers.md)");
    EXPECT_EQ(refusal("rocprof-trace-no-counters.csv").rfind("this is a rocprof kernel trace without counters", 0), 0u);
}

TEST(ForeignFiles, AHuggingFaceConfigPointsAtTheLlmCommand)
{
    const std::string config = "{\n  \"architectures\": [\"LlamaForCausalLM\"],\n  \"hidden_size\": 4096,\n"
                               "  \"num_hidden_layers\": 32\n}\n";
    const auto r = parseKernels(config, "config.json");
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("Hugging Face model config"), std::string::npos);
    EXPECT_NE(r.error().message.find("'roofline llm'"), std::string::npos);
}

TEST(ForeignFiles, KernelTablesThatMentionTheseWordsStillLoad)
{
    EXPECT_FALSE(foreignFileReason("name,flops,bytes\nlikwid_gemm,1e9,1e6\n==x,1,1\n"));
    EXPECT_FALSE(foreignFileReason("[{\"name\": \"hidden_size\", \"flops\": 1, \"bytes\": 1}]"));
    EXPECT_FALSE(foreignFileReason(""));
    const auto r = parseKernels("name,flops,bytes\nlikwid_gemm,1e9,1e6\n", "k.csv");
    ASSERT_TRUE(r.ok()) << r.error().toString();
    EXPECT_EQ(r->kernels.size(), 1u);
}
