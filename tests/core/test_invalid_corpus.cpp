// SPDX-License-Identifier: MIT
// The bad-input corpus (tests/data/invalid/cases.tsv) through the core API: every file is refused
// with its one-line message, and nothing throws or crashes.
#include "tests/core/invalid_corpus.h"

#include "core/io/ceilings.h"
#include "core/io/kernel_io.h"
#include "core/io/profile_yaml.h"
#include "core/io/session_yaml.h"
#include "core/llm/model_spec.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace roofline;

namespace {

// Every message the core gives for the file: the file-level error, or each rejected row.
std::string coreMessages(const std::string& kind, const std::string& path, bool& refused)
{
    auto one = [&](const auto& r) -> std::string {
        refused = !r.ok();
        return r.ok() ? std::string() : r.error().toString();
    };
    if (kind == "kernels") {
        const auto r = loadKernelFile(path);
        if (!r.ok())
            return one(r);
        std::string all;
        for (const auto& e : r->rejected)
            all += e.toString() + "\n";
        refused = !r->rejected.empty();
        return all;
    }
    if (kind == "session")
        return one(loadSessionFile(path));
    if (kind == "ceilings")
        return one(loadCeilingsFile(path));
    if (kind == "profile")
        return one(loadProfileFile(path));
    if (kind == "model")
        return one(loadModelFile(path));
    ADD_FAILURE() << "unknown kind " << kind;
    return {};
}

class InvalidCorpus : public ::testing::TestWithParam<InvalidCase> { };

TEST_P(InvalidCorpus, RefusedWithItsMessage)
{
    const InvalidCase& c = GetParam();
    if (c.kind == "session-cli") {
        EXPECT_TRUE(loadSessionFile(c.path).ok()) << "only the CLI's catalog knows the hardware is unknown";
        return;
    }
    bool refused = false;
    const std::string messages = coreMessages(c.kind, c.path, refused);
    EXPECT_TRUE(refused) << c.path;
    EXPECT_NE(messages.find(c.expected), std::string::npos) << "expected: " << c.expected << "\ngot: " << messages;
    std::string rest = messages;
    while (!rest.empty() && rest.back() == '\n')
        rest.pop_back();
    if (c.kind != "kernels") // a file-level error is one line; kernel files give one line per bad row
        EXPECT_EQ(rest.find('\n'), std::string::npos) << messages;
}

INSTANTIATE_TEST_SUITE_P(Files, InvalidCorpus, ::testing::ValuesIn(invalidCases()),
    [](const auto& info) { return invalidCaseTestName(info.param); });

TEST(InvalidCorpusSize, AtLeastSixtyCasesOverEveryFormat)
{
    const auto cases = invalidCases();
    EXPECT_GE(cases.size(), 60u);
    std::set<std::string> kinds;
    for (const auto& c : cases) {
        kinds.insert(c.kind);
        EXPECT_TRUE(fs::exists(c.path)) << c.path;
    }
    EXPECT_EQ(kinds, (std::set<std::string> {"kernels", "session", "session-cli", "ceilings", "profile", "model"}));
    int files = 0;
    for (const auto& e : fs::directory_iterator(invalidCorpusDir()))
        files += e.path().filename() != "cases.tsv";
    EXPECT_EQ(files, static_cast<int>(cases.size())) << "every file in the corpus is listed in cases.tsv";
}

// Cases that cannot live in git: made here, refused by every loader.
TEST(InvalidCorpusMade, MissingFilesAndFoldersAreRefusedByEveryLoader)
{
    const fs::path dir = fs::temp_directory_path() / ("roofline-invalid-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    for (const std::string kind : {"kernels", "session", "ceilings", "profile", "model"}) {
        bool refused = false;
        EXPECT_NE(coreMessages(kind, (dir / "missing.yaml").string(), refused).find("no such file"), std::string::npos);
        EXPECT_TRUE(refused);
        refused = false;
        EXPECT_NE(coreMessages(kind, dir.string(), refused).find("is a directory"), std::string::npos) << kind;
        EXPECT_TRUE(refused);
    }
    fs::remove_all(dir);
}

TEST(InvalidCorpusMade, AHundredMegabyteLineIsOneClearRowError)
{
    const fs::path file = fs::temp_directory_path() / ("roofline-100mb-" + std::to_string(::getpid()) + ".csv");
    {
        std::ofstream out(file, std::ios::binary);
        out << "name,flops,bytes\n";
        out << std::string(100u * 1024 * 1024, 'x') << ",1e9,1e9\n";
        out << "ok,1e9,1e9\n";
    }
    const auto r = loadKernelFile(file.string());
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_EQ(r->kernels.size() + r->rejected.size(), 2u);
    for (const auto& e : r->rejected)
        EXPECT_LT(e.toString().size(), 400u) << "a message quotes at most a short piece of the line";
    fs::remove(file);
}

TEST(InvalidCorpusMade, OverSizeProfileIsRefusedBeforeItIsRead)
{
    const fs::path file = fs::temp_directory_path() / ("roofline-big-" + std::to_string(::getpid()) + ".yaml");
    {
        std::ofstream out(file, std::ios::binary);
        out << "id: big\nnotes:\n";
        for (int i = 0; i < 40000; ++i)
            out << "  - \"a note that makes this profile larger than any real one\"\n";
    }
    const auto r = loadProfileFile(file.string());
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("file is too large"), std::string::npos) << r.error();
    fs::remove(file);
}

TEST(InvalidCorpusMade, UnreadableFileIsRefused)
{
    if (::geteuid() == 0)
        GTEST_SKIP() << "root reads files whatever their permissions";
    const fs::path file = fs::temp_directory_path() / ("roofline-unreadable-" + std::to_string(::getpid()) + ".csv");
    std::ofstream(file) << "name,flops,bytes\na,1e9,1e9\n";
    fs::permissions(file, fs::perms::none);
    const auto r = loadKernelFile(file.string());
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("cannot be read"), std::string::npos) << r.error();
    fs::remove(file);
}

} // namespace

TEST(InvalidCorpusMade, TooManyRowsIsRefusedBeforeParsing)
{
    std::string text = "name,flops,bytes\n";
    for (int i = 0; i < 12; ++i)
        text += "k" + std::to_string(i) + ",1e9,1e9\n";
    KernelReadOptions small;
    small.maxRows = 10;
    const auto r = parseKernels(text, "many.csv", KernelFormat::Auto, small);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().toString(),
        "many.csv: too many rows (13 lines; the limit is 10); aggregate the launches in the profiler, or split the "
        "file");
    small.maxRows = 12;
    EXPECT_TRUE(parseKernels(text, "many.csv", KernelFormat::Auto, small).ok());
    EXPECT_EQ(kMaxKernelRows, 10'000'000u);
}

TEST(InvalidCorpusMade, AnAliasBombOfUnderAMegabyteIsRefusedAtOnceInEveryYamlReader)
{
    // 120,000 aliases of a mapping of 1,000 fields: 0.85 MB of text that expands to 2.4 x 10^8
    // values (every walk through it took minutes).
    std::string big = "{name: a, flops: 1e9, bytes: 1e9";
    for (int i = 0; i < 1000; ++i)
        big += ", f" + std::to_string(i) + ": " + std::to_string(i);
    big += "}";
    std::string kernels = "kernels:\n  - &k " + big + "\n";
    for (int i = 0; i < 120000; ++i)
        kernels += "  - *k\n";
    const auto k = parseKernels(kernels, "bomb.yaml", KernelFormat::Yaml);
    ASSERT_FALSE(k.ok());
    EXPECT_NE(k.error().message.find("aliases (*name) expand to more than"), std::string::npos) << k.error();
    const auto s = parseSession("roofline_session: 1\nhardware: h100-sxm5\n" + kernels, "bomb.roofline.yaml");
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.error().message.find("aliases (*name) expand to more than"), std::string::npos) << s.error();
}

TEST(InvalidCorpusMade, TextAfterTheFirstDocumentIsAnErrorNotDropped)
{
    // A JSON list with something after it, and a YAML file with a second document.
    const auto json = parseKernels("[{\"name\": \"a\", \"flops\": 1e9, \"bytes\": 1e9}]\n trailing", "k.json");
    ASSERT_FALSE(json.ok());
    EXPECT_EQ(json.error().line, 2) << json.error();
    EXPECT_NE(json.error().message.find("text after the end of the JSON value"), std::string::npos) << json.error();
    const auto yaml
        = parseSession("roofline_session: 1\nhardware: h100-sxm5\n---\nhardware: b200\n", "two.roofline.yaml");
    ASSERT_FALSE(yaml.ok());
    EXPECT_EQ(yaml.error().line, 3) << yaml.error() << " (the --- line)";
}
