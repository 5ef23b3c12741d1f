// SPDX-License-Identifier: MIT
#include "core/analysis/session_analysis.h"
#include "core/figure/session_figure.h"
#include "core/io/profile_catalog.h"
#include "core/labels/label_layout.h"
#include "core/plot/plot_spec.h"
#include "support/fixtures.h"
#include "support/golden.h"

#include <gtest/gtest.h>

#include <map>

#include <numeric>
#include <random>

#include <tuple>

#include <set>

#include <cmath>

using namespace roofline;

namespace {

const ProfileCatalog& catalog()
{
    return test::shippedCatalog();
}

PlotSpec spec(const char* id, Precision p, const std::vector<Kernel>& kernels = {}, PlotOptions o = {})
{
    return test::shippedPlotSpec(id, p, kernels, o);
}

bool isDecade(double v)
{
    const double e = std::log10(v);
    return std::fabs(e - std::round(e)) < 1e-9;
}

Kernel k(const char* name, double flops, double bytes, std::optional<double> time = std::nullopt)
{
    return test::makeKernel(name, flops, bytes, time);
}

} // namespace

TEST(PlotSpec, AxesAreDecadesFromTheCeilingsAndDoNotMoveWithPrecision)
{
    const PlotSpec bf16 = spec("h100-sxm5", Precision::BF16);
    const PlotSpec fp8 = spec("h100-sxm5", Precision::FP8);
    EXPECT_EQ(bf16.x, fp8.x);
    EXPECT_EQ(bf16.y, fp8.y);
    for (double v : {bf16.x.lo, bf16.x.hi, bf16.y.lo, bf16.y.hi})
        EXPECT_TRUE(isDecade(v)) << v;
    // H100: ridges from 10 (fp64) to 591 (fp8) -> 0.1 .. 1e4; peaks up to 1.98 PFLOP/s -> 1e16 top.
    EXPECT_DOUBLE_EQ(bf16.x.lo, 0.1);
    EXPECT_DOUBLE_EQ(bf16.x.hi, 1e4);
    EXPECT_DOUBLE_EQ(bf16.y.lo, 1e11);
    EXPECT_DOUBLE_EQ(bf16.y.hi, 1e16);
    // Two figures of the same hardware line up whatever the precision.
    for (Precision p : catalog().find("b200")->precisions())
        EXPECT_EQ(spec("b200", p).x, spec("b200", Precision::BF16).x);
}

TEST(PlotSpec, RoofIsSlopeThenFlatWithTheKneeAtTheRidge)
{
    const PlotSpec s = spec("h100-sxm5", Precision::BF16);
    ASSERT_EQ(s.ceilings.size(), 1u);
    const auto& pts = s.ceilings[0].points;
    ASSERT_EQ(pts.size(), 3u);
    EXPECT_DOUBLE_EQ(pts[0].x, 0.1);
    EXPECT_DOUBLE_EQ(pts[0].y, 0.1 * 3.35e12);
    EXPECT_NEAR(pts[1].x, 295.34, 0.01);
    EXPECT_DOUBLE_EQ(pts[1].y, 989.4e12);
    EXPECT_DOUBLE_EQ(pts[2].x, 1e4);
    EXPECT_DOUBLE_EQ(pts[2].y, 989.4e12);
    EXPECT_NEAR(s.ridge, 295.34, 0.01);
    // Toggling to FP8 moves the knee right by 2x and up by 2x.
    const PlotSpec f = spec("h100-sxm5", Precision::FP8);
    EXPECT_NEAR(f.ceilings[0].points[1].x / pts[1].x, 2.0, 1e-3);
    EXPECT_NEAR(f.ridge, 590.7, 0.05);
}

TEST(PlotSpec, LabelsNameTheRoofsRidgeAndRegions)
{
    const PlotSpec s = spec("h100-sxm5", Precision::FP8);
    auto find = [&](LabelRole role) {
        std::vector<std::string> texts;
        for (const auto& l : s.labels)
            if (l.role == role)
                texts.push_back(l.text);
        return texts;
    };
    EXPECT_EQ(find(LabelRole::RidgeLabel), std::vector<std::string> {"ridge 591 FLOP/byte"});
    EXPECT_EQ(find(LabelRole::SlopeLabel), std::vector<std::string> {"HBM3 3.35 TB/s"});
    EXPECT_EQ(find(LabelRole::PeakLabel), std::vector<std::string> {"FP8 peak 1.979 PFLOP/s"});
    EXPECT_EQ(find(LabelRole::RegionLabel).size(), 2u);
    EXPECT_EQ(s.title, "NVIDIA H100 SXM5 80GB \xC2\xB7 FP8 (dense)");
    EXPECT_EQ(s.xTicks.front().label, "0.1");
    EXPECT_EQ(s.xTicks.back().label, "10k");
    EXPECT_EQ(s.yTicks.back().label, "10 PFLOP/s");
}

TEST(PlotSpec, PointsSitAtTheirAchievedRateOrOnTheirRoof)
{
    const PlotSpec s = spec("h100-sxm5", Precision::BF16, {k("decode", 140e9, 70e9), k("prefill", 280e12, 70e9, 0.45)});
    ASSERT_EQ(s.points.size(), 2u);
    EXPECT_FALSE(s.points[0].measured);
    EXPECT_DOUBLE_EQ(s.points[0].at.x, 2.0);
    EXPECT_DOUBLE_EQ(s.points[0].at.y, 2.0 * 3.35e12);
    EXPECT_TRUE(s.points[1].measured);
    EXPECT_DOUBLE_EQ(s.points[1].at.y, 280e12 / 0.45);
    EXPECT_EQ(s.points[1].regime, Regime::ComputeBound);
}

TEST(PlotSpec, OutOfRangePointsWidenTheAxesToWholeDecades)
{
    const PlotSpec s = spec("h100-sxm5", Precision::BF16, {k("tiny", 1e6, 1e8, 1.0), k("huge", 1e18, 1e12)});
    EXPECT_LE(s.x.lo, 0.01 / 2);
    EXPECT_GE(s.x.hi, 1e6);
    EXPECT_LE(s.y.lo, 1e6 / 2);
    for (double v : {s.x.lo, s.x.hi, s.y.lo, s.y.hi})
        EXPECT_TRUE(isDecade(v)) << v;
}

TEST(PlotSpec, AchievableRoofIsOptional)
{
    PlotOptions o;
    o.showAchievable = true;
    const PlotSpec s = spec("h100-sxm5", Precision::BF16, {}, o);
    ASSERT_EQ(s.ceilings.size(), 2u);
    EXPECT_EQ(s.ceilings[1].role, CeilingRole::AchievableRoof);
    EXPECT_DOUBLE_EQ(s.ceilings[1].points[1].y, 989.4e12 * 0.85);
    EXPECT_EQ(s.ceilings[1].legend, "Achievable (85% of peak)");
}

TEST(PlotSpec, GoldenTextForTheLessonFigure)
{
    const PlotSpec s = spec("h100-sxm5", Precision::FP8,
        {k("decode b=1", 140e9, 70e9), k("decode b=32", 4480e9, 70e9), k("prefill", 280e12, 70e9, 0.2)});
    const std::string diff = test::compareGolden("h100-fp8-lesson.spec.txt", plotSpecToText(s));
    EXPECT_TRUE(diff.empty()) << diff;
}

namespace {
std::vector<const CeilingLine*> ceilingsOf(const PlotSpec& s, CeilingRole role)
{
    std::vector<const CeilingLine*> out;
    for (const auto& c : s.ceilings)
        if (c.role == role)
            out.push_back(&c);
    return out;
}
} // namespace

TEST(PlotSpec, OtherPrecisionsAreFlatCeilingsFromTheirRidge)
{
    PlotOptions o;
    o.showOtherPrecisions = true;
    const PlotSpec s = spec("h100-sxm5", Precision::BF16, {}, o);
    const auto others = ceilingsOf(s, CeilingRole::PrecisionRoof);
    // fp64 33.5, fp32 66.9, tf32 494.7, fp8 = int8 1978.9 (one line); fp16 equals bf16: no line.
    ASSERT_EQ(others.size(), 4u);
    for (const auto* c : others) {
        ASSERT_EQ(c->points.size(), 2u);
        EXPECT_DOUBLE_EQ(c->points[0].y, c->points[1].y) << "flat";
        EXPECT_NEAR(c->points[0].x, c->points[0].y / 3.35e12, 1e-9) << "starts at its own ridge";
        EXPECT_DOUBLE_EQ(c->points[1].x, s.x.hi);
    }
    bool merged = false;
    for (const auto& l : s.labels)
        merged |= l.role == LabelRole::CeilingLabel && l.text == "FP8 \xC2\xB7 INT8 1.979 PFLOP/s";
    EXPECT_TRUE(merged) << plotSpecToText(s);
}

TEST(PlotSpec, LevelAndLinkRoofsAreSlopesUpToThePeak)
{
    PlotOptions o;
    o.showLevels = true;
    o.showInterconnect = true;
    const PlotSpec s = spec("h100-sxm5", Precision::BF16, {}, o);
    const auto levels = ceilingsOf(s, CeilingRole::LevelRoof);
    ASSERT_EQ(levels.size(), 2u); // L2 5.5 TB/s, L1/shared 33.5 TB/s
    EXPECT_EQ(levels[0]->legend, "L2 5.5 TB/s");
    EXPECT_DOUBLE_EQ(levels[0]->points[0].y, 0.1 * 5.5e12);
    EXPECT_NEAR(levels[0]->points[1].x, 989.4e12 / 5.5e12, 1e-9); // meets the peak at its own ridge
    const auto link = ceilingsOf(s, CeilingRole::Interconnect);
    ASSERT_EQ(link.size(), 1u);
    EXPECT_EQ(link[0]->legend, "Link roof: NVLink 4 900 GB/s");
    EXPECT_DOUBLE_EQ(link[0]->points[0].y, 0.1 * 900e9);
    EXPECT_NEAR(link[0]->points[1].x, 989.4e12 / 900e9, 1e-6);
    // Each inner roof is named on its own line, as the main slope is, not only in the legend.
    for (const char* name : {"L2 5.5 TB/s", "L1/shared 33.5 TB/s"}) {
        const auto label = std::find_if(s.labels.begin(), s.labels.end(),
            [&](const PlotLabel& l) { return l.role == LabelRole::CeilingLabel && l.text == name; });
        ASSERT_NE(label, s.labels.end()) << name;
        ASSERT_TRUE(label->along) << name << " is written along its line";
        const double bw = std::string(name).rfind("L2", 0) == 0 ? 5.5e12 : 33.5e12;
        EXPECT_NEAR(label->at.y / label->at.x, bw, bw * 1e-9) << name << " sits on its slope";
    }
}

TEST(PlotSpec, ComparedRoofsAreWholeAndWidenTheAxes)
{
    const HardwareProfile& h100 = *catalog().find("h100-sxm5");
    const HardwareProfile& b200 = *catalog().find("b200");
    PlotOptions o;
    o.compare.push_back({makeRoofline(b200, Precision::BF16).value(), "NVIDIA B200 \xC2\xB7 BF16"});
    o.rangeProfiles.push_back(&b200);
    const Roofline r = makeRoofline(h100, Precision::BF16).value();
    const PlotSpec s = buildPlotSpec(h100, r, {}, {}, o);
    const auto cmp = ceilingsOf(s, CeilingRole::Compare);
    ASSERT_EQ(cmp.size(), 1u);
    EXPECT_EQ(cmp[0]->legend, "NVIDIA B200 \xC2\xB7 BF16 (ridge 281 FLOP/byte)");
    ASSERT_EQ(cmp[0]->points.size(), 3u);
    EXPECT_NEAR(cmp[0]->points[1].x, 281.25, 1e-9);
    EXPECT_DOUBLE_EQ(cmp[0]->points[1].y, 2250e12);
    // B200's FP4 ridge (1125) and FP64 ridge (4.6) widen the axes beyond the H100's own.
    EXPECT_DOUBLE_EQ(s.x.lo, 0.01);
    EXPECT_DOUBLE_EQ(s.x.hi, 1e5);
    EXPECT_DOUBLE_EQ(s.y.hi, 1e17);
}

TEST(Session, RegimeFlipsSayWhatChanged)
{
    const HardwareProfile& h100 = *catalog().find("h100-sxm5");
    std::vector<Placement> bf16, fp8;
    for (const Kernel& k : {test::makeKernel("a", 400e9, 1e9), test::makeKernel("b", 2e9, 1e9)}) {
        bf16.push_back(analyze(k, makeRoofline(h100, Precision::BF16).value()));
        fp8.push_back(analyze(k, makeRoofline(h100, Precision::FP8).value()));
    }
    const RegimeFlips f = regimeFlips(bf16, fp8);
    EXPECT_EQ(f.toMemoryBound, std::vector<int> {0});
    EXPECT_TRUE(f.toComputeBound.empty());
    EXPECT_EQ(f.summary("FP8"), "1 kernel became memory-bound under FP8");
    EXPECT_EQ(regimeFlips(fp8, bf16).summary("BF16"), "1 kernel became compute-bound under BF16");
    EXPECT_EQ(regimeFlips(bf16, bf16).summary("BF16"), "");
}

TEST(Session, RegimeFlipsAreFoundWhereverTheyAre)
{
    // Regimes are compared eight at a time: flips at the start, the end, across the eight-byte
    // steps and in the tail are all found, in order, and none where nothing changed.
    std::mt19937 rng(7);
    std::uniform_int_distribution<int> regime(0, 2), coin(0, 99);
    for (size_t n : {0, 1, 7, 8, 9, 63, 64, 1003}) {
        std::vector<Regime> before(n), after(n);
        std::vector<int> toMemory, toCompute;
        for (size_t i = 0; i < n; ++i) {
            before[i] = after[i] = static_cast<Regime>(regime(rng));
            if (i == 0 || i + 1 == n || coin(rng) < 5)
                after[i] = static_cast<Regime>((static_cast<int>(before[i]) + 1 + coin(rng) % 2) % 3);
            if (after[i] != before[i] && after[i] == Regime::MemoryBound)
                toMemory.push_back(static_cast<int>(i));
            if (after[i] != before[i] && after[i] == Regime::ComputeBound)
                toCompute.push_back(static_cast<int>(i));
        }
        const RegimeFlips f = regimeFlips(before, after);
        EXPECT_EQ(f.toMemoryBound, toMemory) << n;
        EXPECT_EQ(f.toComputeBound, toCompute) << n;
        EXPECT_TRUE(regimeFlips(after, after).all().empty()) << n;
    }
}

TEST(PlotSpec, TheSessionsSummaryGivesTheFigureAWalkThroughThePlacementsGives)
{
    // 70,000 kernels: equal times (ties go to
    // the kernel listed first), kernels without a time (named by their bound), one with L2 bytes.
    const HardwareProfile& hw = *catalog().find("h100-sxm5");
    Session s;
    s.hardwareId = "h100-sxm5";
    s.precision = Precision::BF16;
    for (int i = 0; i < 70000; ++i) {
        const double bytes = 1e6 * (1 + i % 613), flops = bytes * std::pow(10.0, (i % 89) / 20.0);
        s.kernels.push_back(test::makeKernel(
            "k" + std::to_string(i), flops, bytes, i % 3 ? std::optional<double>(1e-3 * (1 + i % 50)) : std::nullopt));
    }
    s.kernels[40000].time = 5.0; // the slowest
    s.kernels[123].time = 5.0; // tied with it, listed first
    s.kernels[69999].levelBytes.emplace_back("L2", 1e9);
    for (bool sizeByTime : {false, true}) {
        s.view.sizeByTimeShare = sizeByTime;
        const SessionAnalysis a = analyzeSession(hw, s).value();
        const PlacementSummary walked = summarizePlacements(s.kernels, a.placements);
        EXPECT_EQ(a.summary.slowest, walked.slowest);
        ASSERT_GE(a.summary.slowest.size(), 2u);
        EXPECT_EQ(a.summary.slowest[0], 123u);
        EXPECT_EQ(a.summary.slowest[1], 40000u);
        EXPECT_EQ(a.summary.totalTime, walked.totalTime);
        double inOrder = 0.0;
        for (const Kernel& k : s.kernels)
            inOrder += k.time.value_or(0.0);
        EXPECT_EQ(a.summary.totalTime, inOrder);
        EXPECT_TRUE(a.summary.anyLevels);
        const PlotOptions o = plotOptionsFor(s, &hw, &catalog());
        const PlotSpec fromSummary = buildSessionPlot(hw, s, a, &catalog());
        PlotSpec fromWalk = buildPlotSpec(effectiveProfile(hw, s), a.roof, s.kernels, a.placements, o);
        layoutPointLabels(fromWalk);
        EXPECT_TRUE(fromSummary == fromWalk) << "sizeByTime " << sizeByTime;
        EXPECT_EQ(plotSpecToText(fromSummary), plotSpecToText(fromWalk));
    }
}

TEST(PlotSpec, TheTitleFollowsTheViewAndAUsersTitleMayNameIt)
{
    EXPECT_EQ(spec("h100-sxm5", Precision::BF16).title, "NVIDIA H100 SXM5 80GB \xC2\xB7 BF16 (dense)");
    EXPECT_EQ(spec("h100-sxm5", Precision::FP8).title, "NVIDIA H100 SXM5 80GB \xC2\xB7 FP8 (dense)");
    PlotOptions o;
    o.title = "Our kernels on {hardware} in {precision}; {precision} again";
    EXPECT_EQ(spec("b200", Precision::FP8, {}, o).title,
        "Our kernels on NVIDIA B200 (HGX/DGX B200, per GPU) in FP8; FP8 again");
    o.title = "A fixed title";
    EXPECT_EQ(spec("b200", Precision::FP8, {}, o).title, "A fixed title");
}

TEST(PlotSpec, TheSubtitleStatesEveryRoofDrawn)
{
    EXPECT_EQ(spec("h100-sxm5", Precision::BF16).subtitle.find("also drawn"), std::string::npos);
    PlotOptions o;
    o.showAchievable = true;
    o.showLevels = true;
    o.showOtherPrecisions = true;
    const std::string s = spec("h100-sxm5", Precision::BF16, {}, o).subtitle;
    EXPECT_NE(s.find("also drawn: achievable (85% of peak)"), std::string::npos) << s;
    EXPECT_NE(s.find("L2 "), std::string::npos) << s;
    EXPECT_NE(s.find("other precisions' peaks"), std::string::npos) << s;
    EXPECT_EQ(s.find("other precisions' peaks", s.find("other precisions' peaks") + 1), std::string::npos)
        << "named once";
}

TEST(PlotSpec, MoreThanFiftyKernelsNameTheSlowestFiftyAndCountTheRest)
{
    std::vector<Kernel> ks;
    for (int i = 0; i < 62; ++i)
        ks.push_back(k(("k" + std::to_string(i)).c_str(), 1e12, 1e10, 1e-3 * (i + 1)));
    const PlotSpec s = spec("h100-sxm5", Precision::BF16, ks);
    const auto named = std::count_if(
        s.labels.begin(), s.labels.end(), [](const PlotLabel& l) { return l.role == LabelRole::PointLabel; });
    EXPECT_EQ(named, 50);
    // 62 kernels on one spot: of the fifty, those with no room even for a number are counted too;
    // those drawn at one point share a name ("k40, k41").
    std::vector<std::string> names;
    for (const auto& l : s.labels)
        if (l.role == LabelRole::PointLabel && !l.text.empty()) {
            const std::string first = l.text.substr(0, l.text.find('\n'));
            for (size_t at = 0; at != std::string::npos;) {
                const size_t comma = first.find(", ", at);
                names.push_back(first.substr(at, comma == std::string::npos ? std::string::npos : comma - at));
                at = comma == std::string::npos ? comma : comma + 2;
            }
        }
    EXPECT_GT(names.size(), 0u);
    EXPECT_EQ(s.unnamedKernels + static_cast<int>(names.size()), 62) << "each named once or counted";
    for (const std::string& name : names)
        EXPECT_GE(std::stoi(name.substr(1)), 12) << "the slowest are named: " << name;
}

TEST(PlotSpec, AxesHoldOtherPointsAndFixedAxesNameWhatIsBeyondThemAtTheEdge)
{
    PlotOptions o;
    o.alsoInside = {{1e-4, 1e9}}; // an LLM phase far left and low
    const PlotSpec wide = spec("h100-sxm5", Precision::BF16, {}, o);
    EXPECT_LE(wide.x.lo, 1e-4);
    EXPECT_LE(wide.y.lo, 1e9);
    EXPECT_EQ(std::log10(wide.x.lo), std::round(std::log10(wide.x.lo))) << "whole decades";

    PlotOptions fixed;
    fixed.x = AxisRange {1, 1000};
    fixed.y = AxisRange {1e12, 1e15};
    const PlotSpec s = spec("h100-sxm5", Precision::BF16,
        {k("tiny_gemv", 1e9, 5e10, 2e-2), k("inside", 1e11, 1e9, 1e-3), k("slow_one", 1e9, 1e8, 1e-2)}, fixed);
    std::map<std::string, PlotLabel> byName;
    for (const auto& l : s.labels)
        if (l.role == LabelRole::PointLabel)
            byName[l.text.substr(0, l.text.find_first_of("\n"))] = l;
    ASSERT_EQ(byName.size(), 3u);
    EXPECT_NE(byName.count("inside"), 0u);
    EXPECT_NE(byName.count("\xE2\x97\x82 tiny_gemv \xC2\xB7 0.02 FLOP/byte"), 0u) << "left of the axis";
    EXPECT_NE(byName.count("\xE2\x96\xBE slow_one \xC2\xB7 100 GFLOP/s"), 0u) << "below it";
    for (const auto& [name, l] : byName) {
        EXPECT_GE(l.at.x, 1.0) << name;
        EXPECT_GE(l.at.y, 1e12) << name << ": at the edge, where it can be read";
    }
}

TEST(PlotSpec, TheAxesHoldAHierarchicalKernelsInnerLevelPoints)
{
    Kernel init = k("init", 1e6, 1e6, 1e-3); // 1 FLOP/byte at HBM ...
    init.levelBytes.emplace_back("L1", 1e11); // ... 1e-5 at L1, far left of the default decades
    Session session;
    session.hardwareId = "a100-sxm4-80gb";
    session.precision = Precision::FP32;
    session.kernels = {init};
    const HardwareProfile& hw = *catalog().find("a100-sxm4-80gb");
    const PlotSpec s = buildSessionPlot(hw, session, analyzeSession(hw, session).value());
    ASSERT_EQ(s.points.size(), 2u) << "the kernel and its L1 point";
    EXPECT_LE(s.x.lo, 1e-5);
    for (const auto& p : s.points)
        EXPECT_GE(p.at.x, s.x.lo) << p.name;
}

TEST(PlotSpec, AKernelJudgedByAnotherPrecisionHasThatRoofDrawnAndNamed)
{
    // An FP64 kernel in an FP32 view of the MI300A (issue 28): the FP64 roof that judges it is
    // drawn dimmed from its own ridge, named with how many kernels it judges, listed in the
    // subtitle, and the point's label says which roof it is below.
    const HardwareProfile& hw = *catalog().find("mi300a");
    const Roofline fp32 = makeRoofline(hw, Precision::FP32).value();
    Kernel k64 = k("stencil", 2.684e9, 5.122e9, 1.480e-3);
    k64.precision = Precision::FP64;
    Kernel k32 = k("init", 4.7e5, 1.2e9, 0.4);
    const std::vector<Kernel> kernels {k64, k32};
    const Roofline fp64 = makeRoofline(hw, Precision::FP64).value();
    const std::vector<Placement> placements {analyze(k64, fp64), analyze(k32, fp32)};
    // The texts as made, before the layout shortens what has no room.
    const PlotSpec s = buildPlotSpec(hw, fp32, kernels, placements);
    const auto judging = ceilingsOf(s, CeilingRole::PrecisionRoof);
    ASSERT_EQ(judging.size(), 1u);
    // MI300A's FP64 peak is its vector rate (the matrix units do 122.6): the roof says which.
    EXPECT_EQ(judging[0]->legend, "FP64 vector roof (1 kernel judged by it)");
    EXPECT_DOUBLE_EQ(judging[0]->points[0].y, 61.3e12);
    EXPECT_NEAR(judging[0]->points[0].x, 61.3e12 / 5.3e12, 1e-9);
    EXPECT_NE(s.subtitle.find("also drawn: FP64 vector roof"), std::string::npos) << s.subtitle;
    bool peakLabel = false, pointLabel = false;
    for (const auto& l : s.labels) {
        peakLabel = peakLabel || l.text == "FP64 vector peak 61.3 TFLOP/s \xC2\xB7 judges 1 kernel";
        pointLabel = pointLabel || l.text.find("stencil\nmemory-bound \xC2\xB7 1.5x below FP64 vector roof") == 0;
        if (l.text.rfind("init\n", 0) == 0)
            EXPECT_EQ(l.text.find("FP32 roof"), std::string::npos) << "the view's own roof is just 'roof'";
    }
    EXPECT_TRUE(peakLabel);
    EXPECT_TRUE(pointLabel);
    // Kernels all at the view's precision: no extra roof.
    const PlotSpec plain = buildPlotSpec(hw, fp32, {k32}, {analyze(k32, fp32)}, {});
    EXPECT_TRUE(ceilingsOf(plain, CeilingRole::PrecisionRoof).empty());
}

TEST(PlotSpec, AKernelOnTheMatrixUnitsIsJudgedAndDrawnAgainstTheirRate)
{
    // An FP64 DGEMM on the H100's tensor cores (DMMA) against the FP64 view, whose roof is the
    // CUDA cores' 33.5 TFLOP/s: it is judged by the 66.9 TFLOP/s matrix rate, drawn and named.
    const HardwareProfile& hw = *catalog().find("h100-sxm5");
    Session session;
    session.hardwareId = hw.id;
    session.precision = Precision::FP64;
    Kernel dgemm = k("dgemm", 2 * 8192.0 * 8192 * 8192, 3 * 8192.0 * 8192 * 8, 0.025);
    dgemm.precision = Precision::FP64;
    dgemm.unit = ComputeUnit::Matrix;
    Kernel stencil = k("stencil", 1e10, 2e10, 0.01);
    stencil.precision = Precision::FP64;
    stencil.unit = ComputeUnit::Vector;
    session.kernels = {dgemm, stencil};
    const auto a = analyzeSession(hw, session, RoofKind::Peak);
    ASSERT_TRUE(a.ok()) << a.error();
    EXPECT_DOUBLE_EQ(a->placements[0].peak, 66.9e12);
    EXPECT_DOUBLE_EQ(a->placements[1].peak, 33.5e12) << "the vector rate is the view's roof";
    const PlotSpec s = buildPlotSpec(hw, a->roof, session.kernels, a->placements, {});
    const auto judging = ceilingsOf(s, CeilingRole::PrecisionRoof);
    ASSERT_EQ(judging.size(), 1u);
    EXPECT_EQ(judging[0]->legend, "FP64 matrix roof (1 kernel judged by it)");
    EXPECT_DOUBLE_EQ(judging[0]->points[0].y, 66.9e12);
    bool named = false;
    for (const auto& l : s.labels)
        named = named || l.text.find("below FP64 matrix roof") != std::string::npos;
    EXPECT_TRUE(named);
    // Without a unit the kernel is judged by the precision's peak, as before.
    session.kernels[0].unit.reset();
    EXPECT_DOUBLE_EQ(analyzeSession(hw, session, RoofKind::Peak)->placements[0].peak, 33.5e12);
}

TEST(PlotSpec, FittedAxesHoldTheKernelsAndTheRoofWithoutAnEmptyDecade)
{
    // Two kernels of an RTX 5090 export: the whole-decade axes of every precision leave them a
    // sixth of the plot; fitted, the axes hold them, the ridge and the peak, in half decades.
    const HardwareProfile& hw = *catalog().find("h100-sxm5");
    const Roofline bf16 = makeRoofline(hw, Precision::BF16).value();
    const std::vector<Kernel> kernels {k("a", 1e12, 1e10, 1e-3), k("b", 2e11, 4e10, 1e-3)};
    std::vector<Placement> placements;
    for (const Kernel& kk : kernels)
        placements.push_back(analyze(kk, bf16));
    PlotOptions fit;
    fit.fitAxes = true;
    const PlotSpec whole = buildPlotSpec(hw, bf16, kernels, placements);
    const PlotSpec fitted = buildPlotSpec(hw, bf16, kernels, placements, fit);
    EXPECT_LT(fitted.x.hi / fitted.x.lo, whole.x.hi / whole.x.lo);
    EXPECT_LT(fitted.y.hi / fitted.y.lo, whole.y.hi / whole.y.lo);
    // What is drawn is inside: the kernels (intensity 5 and 100), the ridge (295) and the peak.
    EXPECT_LT(fitted.x.lo, 5.0);
    EXPECT_GT(fitted.x.hi, 295.0 * 2);
    EXPECT_GT(fitted.y.hi, 989.4e12 * 1.5);
    EXPECT_LT(fitted.y.hi, 989.4e12 * 10) << "no empty decade above the peak";
    // Half decades: each end is 10^k or 10^(k + 1/2).
    for (double end : {fitted.x.lo, fitted.x.hi, fitted.y.lo, fitted.y.hi}) {
        const double halves = 2.0 * std::log10(end);
        EXPECT_NEAR(halves, std::round(halves), 1e-9) << end;
    }
    // Ticks stay at the decades inside.
    for (const AxisTick& t : fitted.xTicks)
        EXPECT_TRUE(t.value >= fitted.x.lo * (1 - 1e-12) && t.value <= fitted.x.hi * (1 + 1e-12)) << t.label;
}

TEST(PlotSpec, IntensityTicksBelowOneAreDecimalsInOneNotation)
{
    EXPECT_EQ(tickLabel(1e-5, false, ""), "0.00001");
    EXPECT_EQ(tickLabel(1e-4, false, ""), "0.0001");
    EXPECT_EQ(tickLabel(0.1, false, ""), "0.1");
    EXPECT_EQ(tickLabel(10, false, ""), "10");
    EXPECT_EQ(tickLabel(1e4, false, ""), "10k");
}

TEST(PlotSpec, ANameMovedByHandStaysWhereItWasPutWithALeaderToItsPoint)
{
    const HardwareProfile& hw = *catalog().find("h100-sxm5");
    const Roofline bf16 = makeRoofline(hw, Precision::BF16).value();
    const std::vector<Kernel> kernels {k("gemm", 1e12, 1e10, 2e-3), k("softmax", 2e10, 4e10, 2e-2)};
    std::vector<Placement> placements;
    for (const Kernel& kk : kernels)
        placements.push_back(analyze(kk, bf16));
    auto gemmLabel = [](const PlotSpec& s) {
        for (const PlotLabel& l : s.labels)
            if (l.role == LabelRole::PointLabel && l.kernel == 0)
                return l;
        ADD_FAILURE() << "no name for kernel 0";
        return PlotLabel {};
    };
    PlotSpec laidOut = buildPlotSpec(hw, bf16, kernels, placements);
    layoutPointLabels(laidOut);
    const PlotLabel free = gemmLabel(laidOut);
    ASSERT_TRUE(free.textAt);
    EXPECT_FALSE(free.leader) << "room beside its point: no leader";

    PlotOptions moved;
    moved.labelAt["gemm"] = PlotXY {3.0, 2e12}; // far left of and below its point (100, 5e14)
    PlotSpec pinned = buildPlotSpec(hw, bf16, kernels, placements, moved);
    layoutPointLabels(pinned);
    const PlotLabel put = gemmLabel(pinned);
    ASSERT_TRUE(put.textAt);
    EXPECT_NEAR(put.textAt->x, 3.0, 3.0 * 1e-9) << "the centre of the text is where the user let go of it";
    EXPECT_NEAR(put.textAt->y, 2e12, 2e12 * 1e-9);
    EXPECT_EQ(put.align, PlotLabel::Align::Center);
    EXPECT_EQ(put.valign, PlotLabel::VAlign::Middle);
    ASSERT_TRUE(put.leader) << "away from its point, a line joins them";
    EXPECT_GT((*put.leader)[0].x, 30.0) << "the leader starts at the point (intensity 100)";
    EXPECT_LT((*put.leader)[1].x, 30.0) << "and ends at the text's edge (its centre at intensity 3)";
    for (const PlotLabel& l : pinned.labels)
        if (l.kernel == 1)
            EXPECT_EQ(l.text.rfind("softmax", 0), 0u) << "the other kernel is named as before";

    // Where the axes no longer hold that place (a zoom), the name is laid out as any other.
    LabelMetrics zoom;
    zoom.x = AxisRange {10.0, 1e3};
    zoom.y = AxisRange {1e13, 1e15};
    PlotSpec zoomed = buildPlotSpec(hw, bf16, kernels, placements, moved);
    const LabelLayoutResult r = layoutLabels(zoomed, zoom);
    for (const PlotLabel& l : r.labels)
        if (l.role == LabelRole::PointLabel && l.kernel == 0 && l.keyNumber == 0) {
            ASSERT_TRUE(l.textAt);
            EXPECT_GT(l.textAt->x, 10.0) << "inside the zoomed axes";
        }
}
