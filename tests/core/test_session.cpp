// SPDX-License-Identifier: MIT
#include "core/analysis/session_analysis.h"
#include "core/io/session_yaml.h"
#include "support/fixtures.h"

#include <gtest/gtest.h>

#include <random>

using namespace roofline;

namespace {

Session lessonSession()
{
    Session s;
    s.hardwareId = "h100-sxm5";
    s.precision = Precision::FP8;
    s.kernels = {test::makeKernel("decode b=1", 140e9, 70e9, 25e-3), test::makeKernel("decode b=32", 4480e9, 70e9),
        test::makeKernel("prefill: 2k \"tokens\" \xE2\x9C\x93", 286.7e12, 70e9, 0.25)};
    s.kernels[0].precision = Precision::FP8;
    s.kernels[0].group = "decode";
    s.view.title = "A title: with colon";
    s.view.x = AxisRange {0.01, 1e5};
    s.view.showAchievable = true;
    return s;
}

} // namespace

TEST(Session, SaveThenLoadGivesTheSameSession)
{
    const Session s = lessonSession();
    const std::string yaml = sessionToYaml(s);
    auto back = parseSession(yaml, "s.roofline.yaml");
    ASSERT_TRUE(back.ok()) << back.error() << "\n" << yaml;
    EXPECT_EQ(back.value(), s) << yaml;
    EXPECT_TRUE(looksLikeSession(yaml));
    EXPECT_NE(yaml.find("flops: 140 GFLOP"), std::string::npos) << "values keep their units:\n" << yaml;
}

TEST(Session, RoundTripsGeneratedSessions)
{
    std::mt19937_64 rng(42);
    std::uniform_real_distribution<double> exponent(-6, 18), mantissa(1, 10);
    const char* names[] = {"k", "with, comma", "quote \"q\"", "colon: yes", "#hash", "- dash", "\xC3\xA9t\xC3\xA9",
        "   padded", "tab\there", "null", "true", "1e9", "[bracket]"};
    for (int n = 0; n < 300; ++n) {
        Session s;
        s.precision = kAllPrecisions[rng() % kAllPrecisions.size()];
        if (rng() % 2)
            s.achievable = 0.5 + (rng() % 50) / 100.0;
        const int count = static_cast<int>(rng() % 6);
        for (int i = 0; i < count; ++i) {
            Kernel k = test::makeKernel(std::string(names[rng() % std::size(names)]) + " " + std::to_string(i),
                mantissa(rng) * std::pow(10, exponent(rng)), mantissa(rng) * std::pow(10, exponent(rng)));
            if (rng() % 2)
                k.time = mantissa(rng) * std::pow(10, -exponent(rng) / 3);
            if (rng() % 3 == 0)
                k.precision = kAllPrecisions[rng() % kAllPrecisions.size()];
            if (rng() % 3 == 0)
                k.group = names[rng() % std::size(names)];
            s.kernels.push_back(k);
        }
        auto back = parseSession(sessionToYaml(s), "gen.yaml");
        ASSERT_TRUE(back.ok()) << back.error() << "\n" << sessionToYaml(s);
        ASSERT_EQ(back.value(), s) << sessionToYaml(s);
    }
}

TEST(Session, ErrorsNameTheLine)
{
    EXPECT_EQ(parseSession("kernels: []\n", "a.yaml").error().toString(),
        "a.yaml:1:1: not a Roofline Studio session: 'roofline_session: 1' is missing");
    EXPECT_EQ(parseSession("roofline_session: 2\n", "a.yaml").error().toString(),
        "a.yaml:1:19: unsupported session version '2'; this version reads 1");
    EXPECT_EQ(parseSession("roofline_session: 1\nprecision: fp12\n", "a.yaml").error().toString(),
        "a.yaml:2:12: unknown precision 'fp12'; known: fp64 fp32 tf32 bf16 fp16 fp8 fp6 fp4 int8");
    EXPECT_EQ(
        parseSession("roofline_session: 1\nkernels:\n  - {name: a, flops: 0, bytes: 1}\n", "a.yaml").error().toString(),
        "a.yaml:3: flops: FLOP count must be greater than zero (got '0')");
    EXPECT_EQ(parseSession("roofline_session: 1\nview: {x: [10, 1]}\n", "a.yaml").error().toString(),
        "a.yaml:2:11: 'x' must have 0 < low < high on a log axis");
    EXPECT_EQ(parseSession("roofline_session: 1\ncolour: red\n", "a.yaml").error().toString(),
        "a.yaml:2:1: unknown field 'colour'; expected roofline_session, hardware, precision, achievable, view, llm, "
        "kernels");
}

TEST(SessionAnalysis, KernelsUseTheirOwnPrecisionAndShareTime)
{
    Session s = lessonSession();
    s.precision = Precision::BF16;
    auto a = analyzeSession(*test::shippedCatalog().find("h100-sxm5"), s);
    ASSERT_TRUE(a.ok()) << a.error();
    ASSERT_EQ(a->placements.size(), 3u);
    EXPECT_EQ(a->placements[0].precision, Precision::FP8); // its own
    EXPECT_NEAR(a->placements[0].ridge, 590.7, 0.05);
    EXPECT_EQ(a->placements[1].precision, Precision::BF16); // the session's
    EXPECT_NEAR(*a->placements[0].timeShare, 0.025 / 0.275, 1e-12);
    EXPECT_FALSE(a->placements[1].timeShare);
    // gain = (time - bound) / total
    EXPECT_NEAR(*a->placements[0].gain, (0.025 - 70e9 / 3.35e12) / 0.275, 1e-12);
    s.kernels[1].precision = Precision::FP4; // H100 has none
    a = analyzeSession(*test::shippedCatalog().find("h100-sxm5"), s);
    ASSERT_EQ(a->notes.size(), 1u);
    EXPECT_EQ(a->notes[0], "'decode b=32' is fp4 but h100-sxm5 has no fp4 rate; judged against bf16");
}

TEST(SessionAnalysis, AchievableOverrideScalesTheDashedRoof)
{
    Session s = lessonSession();
    s.achievable = 0.7;
    auto spec = buildSessionPlot(*test::shippedCatalog().find("h100-sxm5"), s);
    ASSERT_TRUE(spec.ok());
    ASSERT_EQ(spec->ceilings.size(), 2u);
    EXPECT_EQ(spec->ceilings[1].legend, "Achievable (70% of peak)");
    EXPECT_DOUBLE_EQ(spec->x.lo, 0.01); // the view's fixed range
}
