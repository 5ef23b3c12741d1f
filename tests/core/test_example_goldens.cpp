// SPDX-License-Identifier: MIT
// A golden plot spec for every example session the product ships (resources/examples), as
// `roofline export` and the window build it, with its labels laid out for the nominal figure,
// and for the before-and-after figure of the two example runs. A change to what a figure shows
// prints a diff here; ROOFLINE_REGENERATE_GOLDEN=1 rewrites the files after a change meant.
#include "core/analysis/compare.h"
#include "core/figure/compare_figure.h"
#include "core/figure/session_figure.h"
#include "core/io/session_yaml.h"
#include "core/io/text_file.h"
#include "core/labels/label_layout.h"
#include "core/llm/model_spec.h"
#include "support/fixtures.h"
#include "support/golden.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

using namespace roofline;
namespace fs = std::filesystem;

namespace {

const fs::path kExamples = fs::path(ROOFLINE_SOURCE_DIR) / "resources" / "examples";

Session loadExample(const fs::path& file)
{
    auto text = readTextFile(file.string(), kMaxSessionBytes);
    EXPECT_TRUE(text.ok()) << file;
    auto s = parseSession(text.value(), file.string());
    EXPECT_TRUE(s.ok()) << (s.ok() ? std::string() : s.error().message);
    return s.ok() ? s.value() : Session {};
}

const std::vector<ModelSpec>& models()
{
    static const std::vector<ModelSpec> m = [] {
        std::vector<Error> errors;
        auto out = loadModelDirectory((fs::path(ROOFLINE_SOURCE_DIR) / "resources" / "models").string(), errors);
        EXPECT_TRUE(errors.empty());
        return out;
    }();
    return m;
}

} // namespace

TEST(ExampleGoldens, EveryExampleSessionsFigureIsItsGoldenSpec)
{
    int checked = 0;
    for (const auto& entry : fs::directory_iterator(kExamples)) {
        const std::string name = entry.path().filename().string();
        const std::string suffix = ".roofline.yaml";
        if (name.size() <= suffix.size() || name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
            continue;
        const Session session = loadExample(entry.path());
        const HardwareProfile* hw = test::shippedCatalog().find(session.hardwareId);
        ASSERT_NE(hw, nullptr) << name;
        const auto analysis = analyzeSession(*hw, session);
        ASSERT_TRUE(analysis.ok()) << name;
        std::string llmError;
        const PlotSpec spec
            = buildSessionFigure(*hw, session, analysis.value(), models(), &test::shippedCatalog(), &llmError);
        EXPECT_EQ(llmError, "") << name;
        const std::string stem = name.substr(0, name.size() - suffix.size());
        const std::string diff = test::compareGolden("examples/" + stem + ".spec.txt", plotSpecToText(spec));
        EXPECT_TRUE(diff.empty()) << name << "\n" << diff;
        ++checked;
    }
    EXPECT_GE(checked, 7) << "every example in " << kExamples;
}

TEST(ExampleGoldens, TheBeforeAndAfterFigureIsItsGoldenSpec)
{
    // As docs/user-guide.md runs it: roofline compare run-before run-after --match '^(.*)_v[0-9]+$'.
    const Session before = loadExample(kExamples / "run-before.roofline.yaml");
    const Session after = loadExample(kExamples / "run-after.roofline.yaml");
    const HardwareProfile& hw = *test::shippedCatalog().find(before.hardwareId);
    const auto c = compareRuns(before.kernels, after.kernels, hw, before.precision, "^(.*)_v[0-9]+$");
    ASSERT_TRUE(c.ok());
    PlotSpec spec = buildComparisonFigure(hw, c.value());
    layoutPointLabels(spec);
    const std::string diff = test::compareGolden("examples/before-after.spec.txt", plotSpecToText(spec));
    EXPECT_TRUE(diff.empty()) << diff;
}
