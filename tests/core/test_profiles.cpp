// SPDX-License-Identifier: MIT
#include "core/io/profile_catalog.h"
#include "core/io/profile_yaml.h"
#include "core/io/text_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

using namespace roofline;
namespace fs = std::filesystem;

namespace {

const std::string kShipped = std::string(ROOFLINE_SOURCE_DIR) + "/hardware_profiles";
const std::string kData = std::string(ROOFLINE_TEST_DATA) + "/profiles";

ProfileCatalog shipped()
{
    ProfileCatalog c;
    std::vector<Error> errors;
    c.loadDirectory(kShipped, errors);
    EXPECT_TRUE(errors.empty()) << errors.front();
    return c;
}

double ridge(const ProfileCatalog& c, const char* id, Precision p)
{
    const auto* hw = c.find(id);
    EXPECT_NE(hw, nullptr) << id;
    if (!hw)
        return 0;
    const auto r = hw->ridge(p);
    EXPECT_TRUE(r.has_value()) << id << " " << p;
    return r.value_or(0);
}

} // namespace

TEST(Profiles, EveryShippedProfileLoadsAndValidates)
{
    int count = 0;
    for (const auto& entry : fs::directory_iterator(kShipped)) {
        if (entry.path().extension() != ".yaml")
            continue;
        auto p = loadProfileFile(entry.path().string());
        ASSERT_TRUE(p.ok()) << p.error();
        EXPECT_EQ(entry.path().stem().string(), p->id) << "file name and id should agree";
        EXPECT_FALSE(p->peaks.empty());
        EXPECT_TRUE(p->memory.front().bandwidth.has_value());
        EXPECT_GT(p->achievable, 0.0);
        EXPECT_LE(p->achievable, 1.0);
        EXPECT_FALSE(p->sources.empty()) << p->id << " names no sources";
        ++count;
    }
    EXPECT_GE(count, 21);
}

TEST(Profiles, ShipsTheAgreedIds)
{
    const auto c = shipped();
    for (const char* id : {"a100-sxm4-80gb", "a100-pcie-40gb", "h100-sxm5", "h100-pcie", "h200-sxm", "b200", "gb200",
             "l4", "l40s", "rtx-4090", "v100-sxm2", "mi250x", "mi300x", "mi325x", "tpu-v4", "tpu-v5e", "tpu-v5p",
             "tpu-v6e", "gaudi2", "gaudi3", "epyc-9654", "xeon-8480plus"})
        EXPECT_NE(c.find(id), nullptr) << id;
    int cpus = 0;
    for (const auto& p : c.profiles())
        cpus += p.category == "cpu";
    EXPECT_GE(cpus, 1);
}

TEST(Profiles, TheLessonsRidgeTableComesOut)
{
    const auto c = shipped();
    // The lesson: A100 ~155 (153 at 2.039 TB/s), H100 ~295 / FP8 ~590, TPU v5e ~240, B200 ~280 / FP8 ~560.
    EXPECT_NEAR(ridge(c, "a100-sxm4-80gb", Precision::BF16), 153.0, 0.5);
    EXPECT_NEAR(ridge(c, "h100-sxm5", Precision::BF16), 295.3, 0.5);
    EXPECT_NEAR(ridge(c, "h100-sxm5", Precision::FP8), 590.7, 0.5);
    EXPECT_NEAR(ridge(c, "tpu-v5e", Precision::BF16), 240.5, 0.5);
    EXPECT_NEAR(ridge(c, "b200", Precision::BF16), 281.25, 0.01);
    EXPECT_NEAR(ridge(c, "b200", Precision::FP8), 562.5, 0.01);
    // FP8 doubles the peak at the same bandwidth: the ridge moves right by exactly 2x.
    const auto* h100 = c.find("h100-sxm5");
    EXPECT_NEAR(*h100->peak(Precision::FP8) / *h100->peak(Precision::BF16), 2.0, 0.001);
    EXPECT_DOUBLE_EQ(h100->mainBandwidth(), 3.35e12);
    EXPECT_DOUBLE_EQ(*h100->peak(Precision::BF16), 989.4e12);
}

TEST(Profiles, DensePeaksOnly)
{
    // The datasheet's "1,979 TFLOPS BF16" is with sparsity; the profile holds the dense half.
    const auto c = shipped();
    EXPECT_DOUBLE_EQ(*c.find("h100-sxm5")->peak(Precision::BF16), 989.4e12);
    EXPECT_DOUBLE_EQ(*c.find("b200")->peak(Precision::FP4), 9000e12);
    EXPECT_FALSE(c.find("a100-sxm4-80gb")->hasPrecision(Precision::FP8));
}

TEST(Profiles, ResolvesIdsAliasesAndPrefixes)
{
    const auto c = shipped();
    EXPECT_EQ(c.resolve("h100").value()->id, "h100-sxm5");
    EXPECT_EQ(c.resolve("H100-SXM5").value()->id, "h100-sxm5");
    EXPECT_EQ(c.resolve("nvidia-h100-sxm5-80gb").value()->id, "h100-sxm5");
    EXPECT_EQ(c.resolve("l4").value()->id, "l4");
    EXPECT_EQ(c.resolve("gaudi3").value()->id, "gaudi3");
    EXPECT_EQ(c.resolve("xeon-8").value()->id, "xeon-8480plus");
    EXPECT_FALSE(c.resolve("xeon").ok()) << "two Xeons ship: a prefix of both is ambiguous";
    auto amb = c.resolve("tpu-v5");
    ASSERT_FALSE(amb.ok());
    EXPECT_EQ(amb.error().message, "hardware 'tpu-v5' is ambiguous: tpu-v5e, tpu-v5p");
    auto unknown = c.resolve("h999");
    ASSERT_FALSE(unknown.ok());
    EXPECT_EQ(unknown.error().message.rfind("unknown hardware 'h999'; known ids: ", 0), 0u);
}

TEST(Profiles, LaterDirectoriesOverrideById)
{
    auto c = shipped();
    const size_t before = c.profiles().size();
    std::vector<Error> errors;
    c.loadDirectory(kData + "/valid", errors);
    EXPECT_TRUE(errors.empty());
    EXPECT_EQ(c.profiles().size(), before + 1); // toy added, h100 replaced
    EXPECT_EQ(c.find("h100-sxm5")->name, "H100 SXM5 (measured)");
    EXPECT_DOUBLE_EQ(c.find("h100-sxm5")->achievable, 0.8);
    const auto* toy = c.find("toy-accelerator");
    ASSERT_NE(toy, nullptr);
    EXPECT_DOUBLE_EQ(*toy->mainMemory().capacity, 16.0 * 1024 * 1024 * 1024);
    EXPECT_DOUBLE_EQ(toy->achievable, 0.85); // the default
}

TEST(Profiles, LaterFoldersReplaceEarlierOnesAndBadFilesAreReportedInFolderOrder)
{
    // Shipped, then overrides, duplicates and bad files: every shipped profile is there (an
    // override replaces its own id only), and each bad file is one error, in folder order.
    const std::vector<std::string> dirs {
        kShipped, kData + "/valid", kData + "/dup", kData + "/invalid", kData + "/missing"};
    std::vector<Error> errors;
    const ProfileCatalog c = loadProfileDirectories(dirs, errors);
    ASSERT_NE(c.find("b200"), nullptr) << "a profile no later folder replaces stays";
    EXPECT_EQ(c.find("h100-sxm5")->name, "H100 SXM5 (measured)");
    EXPECT_NE(c.find("toy-accelerator"), nullptr);
    EXPECT_NE(c.find("twin"), nullptr);
    ASSERT_FALSE(errors.empty());
    EXPECT_EQ(errors.front().file, kData + "/dup/b.yaml") << "the duplicate comes before the invalid folder's files";
    for (size_t i = 1; i < errors.size(); ++i)
        EXPECT_EQ(errors[i].file.rfind(kData + "/invalid/", 0), 0u) << errors[i].toString();
}

TEST(Profiles, DuplicateIdInOneFolderIsReportedAndSkipped)
{
    ProfileCatalog c;
    std::vector<Error> errors;
    c.loadDirectory(kData + "/dup", errors);
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0].file, kData + "/dup/b.yaml");
    EXPECT_EQ(errors[0].message, "duplicate id 'twin' (already defined in " + kData + "/dup/a.yaml)");
    ASSERT_EQ(c.profiles().size(), 1u);
    EXPECT_EQ(c.profiles()[0].name, "Twin A");
}

TEST(Profiles, BadProfilesAreSkippedAndTheOthersStillLoad)
{
    ProfileCatalog c;
    std::vector<Error> errors;
    c.loadDirectory(kData + "/invalid", errors);
    EXPECT_TRUE(c.empty());
    size_t yamlFiles = 0;
    for (const auto& entry : fs::directory_iterator(kData + "/invalid"))
        yamlFiles += entry.path().extension() == ".yaml";
    EXPECT_EQ(errors.size(), yamlFiles);
}

// One case per file in tests/data/profiles/invalid: <name>.yaml gives the message in <name>.expected.
class InvalidProfile : public ::testing::TestWithParam<std::string> { };

TEST_P(InvalidProfile, GivesFileLineColumnAndReason)
{
    const std::string dir = kData + "/invalid/";
    const std::string name = GetParam();
    auto expected = readTextFile(dir + name + ".expected", 4096);
    ASSERT_TRUE(expected.ok()) << expected.error();
    std::string want = expected.value();
    while (!want.empty() && (want.back() == '\n' || want.back() == '\r'))
        want.pop_back();
    auto p = loadProfileFile(dir + name + ".yaml");
    ASSERT_FALSE(p.ok()) << name << " loaded";
    std::string got = p.error().toString();
    ASSERT_EQ(got.rfind(dir, 0), 0u) << got;
    EXPECT_EQ(got.substr(dir.size()), want);
}

std::vector<std::string> invalidCases()
{
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(std::string(ROOFLINE_TEST_DATA) + "/profiles/invalid"))
        if (entry.path().extension() == ".yaml")
            names.push_back(entry.path().stem().string());
    std::sort(names.begin(), names.end());
    return names;
}

INSTANTIATE_TEST_SUITE_P(Fixtures, InvalidProfile, ::testing::ValuesIn(invalidCases()), [](const auto& info) {
    std::string n = info.param;
    for (char& ch : n)
        if (!std::isalnum(static_cast<unsigned char>(ch)))
            ch = '_';
    return n;
});

TEST(Profiles, MissingFileAndDirectoryAreClearErrors)
{
    auto missing = loadProfileFile("/nonexistent/x.yaml");
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().toString(), "/nonexistent/x.yaml: no such file");
    auto dir = loadProfileFile(kShipped);
    ASSERT_FALSE(dir.ok());
    EXPECT_EQ(dir.error().message, "is a directory, not a file");
}

TEST(Profiles, WritesAndReadsBackTheSameProfile)
{
    const auto c = shipped();
    for (const auto& p : c.profiles()) {
        auto back = parseProfile(profileToYaml(p), "roundtrip.yaml");
        ASSERT_TRUE(back.ok()) << p.id << ": " << back.error() << "\n" << profileToYaml(p);
        EXPECT_EQ(back.value(), p);
    }
    // An interconnect's collective latency too (the LLM's all-reduces: docs/llm.md).
    HardwareProfile linked = *c.find("h100-sxm5");
    linked.interconnect->latency = 8e-6;
    const std::string yaml = profileToYaml(linked);
    EXPECT_NE(yaml.find("latency: 8 us"), std::string::npos) << yaml;
    EXPECT_EQ(parseProfile(yaml, "roundtrip.yaml").value(), linked);
}

TEST(Profiles, PerUnitRatesRoundTripAndThePeakMustBeOneOfThem)
{
    // H100 FP64: 33.5 TFLOP/s on the CUDA cores (the peak), 66.9 on the tensor cores.
    const auto catalog = shipped(); // the profile lives as long as its catalog
    const HardwareProfile& h100 = *catalog.find("h100-sxm5");
    EXPECT_EQ(h100.unitPeak(Precision::FP64, ComputeUnit::Vector), 33.5e12);
    EXPECT_EQ(h100.unitPeak(Precision::FP64, ComputeUnit::Matrix), 66.9e12);
    EXPECT_EQ(h100.unitPeak(Precision::BF16, ComputeUnit::Matrix), std::nullopt);
    const std::string base = "schema_version: 1\nid: t\nname: T\nvendor: V\npeaks: {fp64: 10 TFLOP/s}\n"
                             "memory: [{name: HBM, bandwidth: 1 TB/s}]\n";
    auto ok = parseProfile(base + "units: {fp64: {vector: 10 TFLOP/s, matrix: 20 TFLOP/s}}\n", "t.yaml");
    ASSERT_TRUE(ok.ok()) << ok.error();
    EXPECT_EQ(ok->unitPeak(Precision::FP64, ComputeUnit::Matrix), 20e12);
    auto back = parseProfile(profileToYaml(ok.value()), "back.yaml");
    ASSERT_TRUE(back.ok()) << back.error();
    EXPECT_EQ(back.value(), ok.value());
    auto notPeak = parseProfile(base + "units: {fp64: {vector: 5 TFLOP/s, matrix: 20 TFLOP/s}}\n", "t.yaml");
    ASSERT_FALSE(notPeak.ok());
    EXPECT_EQ(notPeak.error().message, "the fp64 peak (10 TFLOP/s) must be its vector or its matrix rate");
    auto noPeak = parseProfile(base + "units: {fp32: {vector: 5 TFLOP/s}}\n", "t.yaml");
    ASSERT_FALSE(noPeak.ok());
    EXPECT_EQ(noPeak.error().message, "units gives fp32 rates, but peaks has no fp32");
}
