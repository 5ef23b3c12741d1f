// SPDX-License-Identifier: MIT
// Thousands of kernels: the figure draws a point per cell and kind, keeps every kernel in the
// analysis, and lays its names out as the full figure would.
#include "core/analysis/session_analysis.h"
#include "core/io/profile_catalog.h"
#include "core/labels/label_layout.h"
#include "core/labels/obstacles.h"
#include "core/plot/plot_spec.h"
#include "support/fixtures.h"

#include <gtest/gtest.h>

#include <map>

#include <numeric>
#include <random>

#include <tuple>

#include <set>

#include <cmath>

using namespace roofline;

using test::makeKernel;
using test::shippedCatalog;
using test::shippedPlotSpec;

TEST(PlotSpec, ThousandsOfKernelsAreThinnedInTheFigureOnly)
{
    // 3000 kernels, many of them on the same few pixels, and a few far apart.
    std::vector<Kernel> ks;
    for (int i = 0; i < 3000; ++i)
        ks.push_back(makeKernel(("k" + std::to_string(i)).c_str(), 2e9 * (1 + (i % 3) * 1e-7), 1e9, 1e-3));
    for (int i = 0; i < 5; ++i)
        ks.push_back(makeKernel(("far" + std::to_string(i)).c_str(), 1e9 * std::pow(10.0, i), 1e9, 1e-3));
    const PlotSpec s = shippedPlotSpec("h100-sxm5", Precision::BF16, ks);
    EXPECT_EQ(s.points.size() + static_cast<size_t>(s.thinnedPoints), ks.size()) << "every kernel drawn or counted";
    EXPECT_GT(s.thinnedPoints, 2900);
    EXPECT_LE(s.points.size(), 20u);
    for (int i = 0; i < 5; ++i) {
        bool drawn = false;
        for (const auto& p : s.points)
            drawn |= p.index == 3000 + i; // a crowded figure names its kernels by index
        EXPECT_TRUE(drawn) << "a kernel on its own pixel is never thinned";
    }
    for (const auto& p : s.points)
        EXPECT_TRUE(p.name.empty()) << "no second copy of the names in a crowded figure";
    int labels = 0;
    for (const auto& l : s.labels)
        labels += l.role == LabelRole::PointLabel;
    EXPECT_LE(labels, 12) << "only the slowest dozen are named";
}

TEST(PlotSpec, AThinnedFigureKeepsTheFirstPointOfEachCellAndKind)
{
    // 150,000 kernels: the second half repeats the
    // first half's positions, every third one without a time (another kind), and a few sit on
    // pixels of their own. A drawn kernel point is the first kernel of its
    // cell and kind, and a thinned kernel has an earlier drawn one there.
    constexpr int n = 150000;
    std::uniform_real_distribution<double> intensity(0.0, 4.0), fraction(0.05, 0.9);
    std::vector<Kernel> ks;
    for (int i = 0; i < n; ++i) {
        const int j = i < n / 2 ? i : i - n / 2;
        std::mt19937 at(static_cast<unsigned>(j % 20000)); // 20,000 places, each many times
        const double ai = std::pow(10.0, intensity(at)), bytes = 1e8;
        const double rate = std::min(989.4e12, ai * 3.35e12) * fraction(at);
        std::optional<double> time = ai * bytes / rate;
        if (i % 3 == 0)
            time.reset();
        ks.push_back(makeKernel(("k" + std::to_string(i)).c_str(), ai * bytes, bytes, time));
    }
    const PlotSpec s = shippedPlotSpec("h100-sxm5", Precision::BF16, ks);
    ASSERT_TRUE(s.crowded());
    const size_t drawn = s.kernelPointCount();
    EXPECT_EQ(drawn + static_cast<size_t>(s.thinnedPoints), ks.size());
    EXPECT_GT(s.thinnedPoints, n / 2);
    // Replay the thinning in kernel order from the drawn points' kinds.
    const ThinningGrid grid(s.x, s.y);
    std::set<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>> seen;
    std::vector<bool> isDrawn(ks.size(), false);
    for (size_t i = 0; i < drawn; ++i) {
        ASSERT_TRUE(i == 0 || s.points[i - 1].index < s.points[i].index) << "kernel order";
        isDrawn[static_cast<size_t>(s.points[i].index)] = true;
    }
    size_t next = 0;
    int extra = 0;
    const Roofline roof = makeRoofline(*shippedCatalog().find("h100-sxm5"), Precision::BF16).value();
    for (size_t i = 0; i < ks.size(); ++i) {
        const Placement p = analyze(ks[i], roof);
        PlotPoint pt;
        pt.measured = p.achieved.has_value();
        pt.at = {p.intensity, p.achieved ? *p.achieved : p.roof()};
        pt.regime = p.regime;
        pt.aboveRoof = p.aboveRoof;
        const ThinningGrid::Cell c = grid.cellOfLogs(std::log(pt.at.x), std::log(pt.at.y), pt);
        const bool first = seen.insert({c.x, c.y, c.kind}).second;
        EXPECT_TRUE(isDrawn[i] || !first) << "kernel " << i << " is the first of its cell and kind";
        extra += isDrawn[i] && !first; // only a named kernel, never thinned
        if (isDrawn[i]) {
            EXPECT_EQ(s.points[next].at, pt.at) << "kernel " << i;
            ++next;
        }
        if (::testing::Test::HasFailure())
            break;
    }
    const auto named = std::count_if(
        s.labels.begin(), s.labels.end(), [](const PlotLabel& l) { return l.role == LabelRole::PointLabel; });
    EXPECT_LE(extra, 12)
        << "drawn though a kernel before it held its cell and kind (only the dozen named kernels may be)";
    EXPECT_GE(named, 1);
}

TEST(PlotSpec, AThinnedFigurePlacesItsNamesAsTheFullOneDoes)
{
    // A dense cloud (20,000 kernels and 150,000) whose named kernels, the
    // slowest, share their pixel and kind with kernels before and after them: the thinned
    // figure's label layout counts each cell once as the full one does, so every name lands on
    // the same side of the same point.
    const HardwareProfile& hw = *shippedCatalog().find("h100-sxm5");
    const Roofline roof = makeRoofline(hw, Precision::BF16).value();
    for (const long long n : {20000LL, 150000LL}) {
        std::vector<Kernel> ks;
        for (long long i = 0; i < n; ++i) {
            const double bytes = std::pow(10.0, 6 + 4 * static_cast<double>((i * 7919) % n) / static_cast<double>(n));
            const double ai = std::pow(10.0, 1 + 0.3 * static_cast<double>((i * 104729) % n) / static_cast<double>(n));
            const double eff = 0.5 + 0.1 * static_cast<double>((i * 1299709) % n) / static_cast<double>(n);
            ks.push_back(makeKernel(
                ("k" + std::to_string(i)).c_str(), ai * bytes, bytes, ai * bytes / (roof.attainable(ai) * eff)));
        }
        for (long long j = 0; j < 12; ++j) {
            // Three kernels on one point (flops, bytes and time scaled together); the middle one
            // takes 100 times longer, so it is named.
            const double flops = 1e12 * static_cast<double>(1 + j), bytes = flops / (20.0 + static_cast<double>(j));
            const double time = flops / (roof.attainable(flops / bytes) * 0.55);
            const long long at[] = {7 * j + 1, n / 2 - 3 + j, n - 1 - j};
            for (int c = 0; c < 3; ++c) {
                const double scale = c == 1 ? 100.0 : 1.0 + c;
                ks[static_cast<size_t>(at[c])]
                    = makeKernel(("same" + std::to_string(j) + "_" + std::to_string(c)).c_str(), flops * scale,
                        bytes * scale, time * scale);
            }
        }
        std::vector<Placement> ps;
        for (const auto& kernel : ks)
            ps.push_back(analyze(kernel, roof));
        PlotOptions full;
        full.thinPoints = false;
        PlotSpec a = buildPlotSpec(hw, roof, ks, ps);
        PlotSpec b = buildPlotSpec(hw, roof, ks, ps, full);
        layoutPointLabels(a);
        layoutPointLabels(b);
        ASSERT_GT(a.thinnedPoints, 1000) << n;
        ASSERT_EQ(b.thinnedPoints, 0) << n;
        int named = 0;
        for (const auto& l : a.labels)
            named += l.role == LabelRole::PointLabel && l.text.rfind("same", 0) == 0;
        EXPECT_GT(named, 0) << n;
        ASSERT_EQ(a.labels.size(), b.labels.size()) << n;
        for (size_t i = 0; i < a.labels.size(); ++i)
            EXPECT_TRUE(a.labels[i] == b.labels[i])
                << n << ": label " << i << " '" << a.labels[i].text << "' vs '" << b.labels[i].text << "'";
    }
}

TEST(PlotSpec, ALargeThinnedFigurePlacesItsNameAsTheWholeLayoutDoes)
{
    // Over 2^16 drawn points, thinned as the figure was built: the label layout,
    // told which points were never thinned, counts the markers a pass over every point counts
    // (layoutPointLabels). The named kernel has a crowd of points on its right, all drawn after
    // it; its name must avoid them.
    const HardwareProfile& hw = *shippedCatalog().find("h100-sxm5");
    const Roofline roof = makeRoofline(hw, Precision::BF16).value();
    std::vector<Kernel> ks;
    const double bytes = 1e8;
    auto add = [&](const std::string& name, double ai, double rate) {
        ks.push_back(makeKernel(name.c_str(), ai * bytes, bytes, ai * bytes / rate));
    };
    for (int u = 0; u < 300; ++u) // far away, on a cell each: the first half
        for (int v = 0; v < 220; ++v)
            add("spread" + std::to_string(u * 220 + v), std::pow(10.0, 2 + 3 * u / 300.0),
                std::pow(10.0, 10 + 1.5 * v / 220.0));
    // By far the slowest (FLOPs, bytes and time scaled together): named.
    ks.push_back(makeKernel("named", 3.0 * 2e18, 2e18, 3.0 * 2e18 / 5e12));
    for (int i = 0; i < 20000; ++i) // its right-hand side, crowded: the second half
        add("crowd" + std::to_string(i), 3.3 * std::pow(10.0, 0.5 * (i % 200) / 200.0),
            3e12 * std::pow(10.0, 0.4 * (i / 200) / 100.0));
    const PlotSpec s = shippedPlotSpec("h100-sxm5", Precision::BF16, ks);
    ASSERT_TRUE(s.crowded());
    ASSERT_GE(s.points.size(), std::size_t {1} << 16);
    PlotSpec one = s;
    layoutPointLabels(one);
    const auto named = std::find_if(s.labels.begin(), s.labels.end(),
        [](const PlotLabel& l) { return l.role == LabelRole::PointLabel && l.text.rfind("named", 0) == 0; });
    ASSERT_NE(named, s.labels.end());
    EXPECT_EQ(named->keyNumber, 0) << "named in the figure";
    EXPECT_FALSE(named->align == PlotLabel::Align::Left && named->valign == PlotLabel::VAlign::Middle)
        << "not written over the crowd on its right";
    ASSERT_EQ(s.labels.size(), one.labels.size());
    for (size_t i = 0; i < s.labels.size(); ++i)
        EXPECT_TRUE(s.labels[i] == one.labels[i]) << "label " << i << " '" << s.labels[i].text << "'";
}

TEST(LabelObstacles, ACostWithALimitIsTheFullSumUnderItAndInfinityOverIt)
{
    // What the name search asks of the markers: the exact sum while a place can still win,
    // infinity as soon as the overlaps found already pass its budget.
    detail::Obstacles markers(1000.0, 600.0);
    for (int i = 0; i < 40; ++i)
        markers.push_back({10.0 * i, 100.0, 10.0 * i + 8.0, 108.0}); // 64 px^2 each, in a row
    const geom::Box q {0.0, 100.0, 400.0, 108.0}; // covers all 40
    const double full = markers.cost(q);
    EXPECT_DOUBLE_EQ(full, 40 * 64.0);
    EXPECT_DOUBLE_EQ(markers.cost(q, full), full); // at the limit: still the sum
    EXPECT_DOUBLE_EQ(markers.cost(q, 1e9), full);
    EXPECT_TRUE(std::isinf(markers.cost(q, full / 2)));
    EXPECT_TRUE(std::isinf(markers.cost(q, 1.0)));
    EXPECT_DOUBLE_EQ(markers.cost({500.0, 300.0, 600.0, 320.0}, 1.0), 0.0); // covers none
}
