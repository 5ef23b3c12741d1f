// SPDX-License-Identifier: MIT
#include "core/plot/plot_spec.h"

#include "core/common/huge_pages.h"
#include "core/common/key_set.h"
#include "core/common/side_by_side.h"
#include "core/common/vector_state.h"
#include "core/model/units.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

namespace roofline {
namespace {

/// layoutPointLabels; `unthinned` (if given): the figure was thinned as it was built, and every
/// point except those at these positions is alone in its thinning cell and kind.
void layoutLabels(
    PlotSpec& spec, const LabelMetrics& m, const std::vector<PlotXY>* logs, const std::vector<size_t>* unthinned);

double decadeFloor(double v)
{
    return std::pow(10.0, std::floor(std::log10(v) + 1e-9));
}

double decadeCeil(double v)
{
    return std::pow(10.0, std::ceil(std::log10(v) - 1e-9));
}

// Geometric interpolation: t = 0 -> a, t = 1 -> b (straight in log space).
double logLerp(double a, double b, double t)
{
    return std::exp(std::log(a) + (std::log(b) - std::log(a)) * t);
}

std::string rateUnit(Precision p)
{
    return isIntegerPrecision(p) ? "OP/s" : "FLOP/s";
}

} // namespace

bool operator==(const PlotSpec& a, const PlotSpec& b)
{
    return a.title == b.title && a.subtitle == b.subtitle && a.xLabel == b.xLabel && a.yLabel == b.yLabel && a.x == b.x
        && a.y == b.y && a.xTicks == b.xTicks && a.yTicks == b.yTicks && a.ceilings == b.ceilings && a.ridge == b.ridge
        && a.peak == b.peak && a.labels == b.labels && a.points == b.points && a.drops == b.drops
        && a.trajectory == b.trajectory && a.arrows == b.arrows && a.levelLinks == b.levelLinks;
}

std::pair<AxisRange, AxisRange> axisRangesFor(const HardwareProfile& profile, const std::vector<Placement>& placements,
    const std::vector<const HardwareProfile*>& others)
{
    PlacementSummary extremes;
    for (const auto& p : placements)
        extremes.addExtremes(p);
    return axisRangesFor(profile, extremes, others);
}

std::pair<AxisRange, AxisRange> axisRangesFor(
    const HardwareProfile& profile, const PlacementSummary& summary, const std::vector<const HardwareProfile*>& others)
{
    double rMin = 1.0, rMax = 1.0, pMax = 1.0, bwMin = profile.mainBandwidth();
    bool any = false;
    std::vector<const HardwareProfile*> all {&profile};
    all.insert(all.end(), others.begin(), others.end());
    for (const HardwareProfile* hw : all) {
        bwMin = std::min(bwMin, hw->mainBandwidth());
        for (const auto& [prec, peak] : hw->peaks) {
            const double r = peak / hw->mainBandwidth();
            rMin = any ? std::min(rMin, r) : r;
            rMax = any ? std::max(rMax, r) : r;
            pMax = any ? std::max(pMax, peak) : peak;
            any = true;
        }
    }
    // Two decades left of the lowest ridge (and at least down to 0.1, where LLM decode sits),
    // one decade right of the highest; the top decade above the highest peak leaves room for
    // the labels.
    AxisRange x {std::min(0.1, decadeFloor(rMin) / 100.0), decadeCeil(rMax) * 10.0};
    AxisRange y {decadeFloor(bwMin * x.lo), decadeCeil(pMax * 1.5)};
    // The extremes first, then one rounding to decades (both roundings are monotonic).
    const double iLo = summary.intensityLo, iHi = summary.intensityHi;
    const double yLo = summary.heightLo, yHi = summary.heightHi;
    if (iLo <= iHi) {
        x.lo = std::min(x.lo, decadeFloor(iLo / 2.0));
        x.hi = std::max(x.hi, decadeCeil(iHi * 2.0));
    }
    if (yLo <= yHi) {
        y.lo = std::min(y.lo, decadeFloor(yLo / 2.0));
        y.hi = std::max(y.hi, decadeCeil(yHi * 2.0));
    }
    return {x, y};
}

std::string tickLabel(double value, bool rate, const std::string& unit)
{
    if (rate)
        return formatSI(value, 3) + unit;
    if (std::fabs(value) >= 1000.0) {
        std::string label = formatSI(value, 3);
        label.erase(std::remove(label.begin(), label.end(), ' '), label.end());
        return label;
    }
    return formatNumber(value, 3);
}

std::vector<AxisTick> decadeTicks(const AxisRange& range, bool rates, const std::string& unit)
{
    std::vector<AxisTick> ticks;
    const int lo = static_cast<int>(std::floor(std::log10(range.lo) + 1e-9));
    const int hi = static_cast<int>(std::ceil(std::log10(range.hi) - 1e-9));
    for (int e = lo; e <= hi; ++e) {
        const double v = std::pow(10.0, e);
        ticks.push_back({v, tickLabel(v, rates, unit)});
    }
    return ticks;
}

bool PlotSpec::crowded() const
{
    return points.size() + static_cast<size_t>(std::max(0, thinnedPoints)) > kThinningThreshold;
}

size_t PlotSpec::kernelPointCount() const
{
    return static_cast<size_t>(std::partition_point(points.begin(), points.end(), [](const PlotPoint& p) {
        return p.kind == PlotPoint::Kind::Kernel;
    }) - points.begin());
}

const PlotPoint* PlotSpec::kernelPoint(int index) const
{
    const auto kernels = points.begin() + static_cast<std::ptrdiff_t>(kernelPointCount());
    const auto it
        = std::lower_bound(points.begin(), kernels, index, [](const PlotPoint& p, int i) { return p.index < i; });
    return it != kernels && it->index == index ? &*it : nullptr;
}

ThinningGrid::ThinningGrid(const AxisRange& x, const AxisRange& y)
    : m_lx0(std::log(x.lo))
    , m_lxs(kThinningGrid / (std::log(x.hi) - std::log(x.lo)))
    , m_ly0(std::log(y.lo))
    , m_lys(kThinningGrid / (std::log(y.hi) - std::log(y.lo)))
{ }

CellSet ThinningGrid::cellSet(std::size_t expected)
{
    return CellSet(static_cast<std::uint32_t>(kThinningGrid) + 1, expected);
}

PlotSpec buildPlotSpec(const HardwareProfile& profile, const Roofline& roof, const std::vector<Kernel>& kernels,
    const std::vector<Placement>& placements, const PlotOptions& options)
{
    resetVectorState();
    return buildPlotSpec(profile, roof, kernels, placements, options, summarizePlacements(kernels, placements));
}

PlotSpec buildPlotSpec(const HardwareProfile& profile, const Roofline& roof, const std::vector<Kernel>& kernels,
    const std::vector<Placement>& placements, const PlotOptions& options, const PlacementSummary& summary,
    std::vector<PlotPoint>* spare)
{
    if (kernels.size() != placements.size())
        throw std::invalid_argument("buildPlotSpec: one placement per kernel");
    resetVectorState();
    PlotSpec s;
    const auto ranges = axisRangesFor(profile, summary, options.rangeProfiles);
    AxisRange x = ranges.first; // not a structured binding: lambdas below capture it
    AxisRange y = ranges.second;
    if (options.x)
        x = *options.x;
    if (options.y)
        y = *options.y;
    s.x = x;
    s.y = y;
    const std::string unit = rateUnit(roof.precision);
    s.xLabel = "Arithmetic intensity (FLOP/byte)";
    s.yLabel = std::string("Attainable performance (") + unit + ")";
    s.xTicks = decadeTicks(x, false, "");
    s.yTicks = decadeTicks(y, true, unit);
    s.ridge = roof.ridge();
    s.peak = roof.peakFlops;
    s.title = options.title.empty() ? profile.name + " \xC2\xB7 " + precisionLabel(roof.precision) + " (dense)"
                                    : options.title;
    s.subtitle = roof.memoryLevel + " " + formatQuantity(roof.bandwidth, Dimension::ByteRate) + " \xC2\xB7 peak "
        + formatSI(roof.peakFlops, 4) + unit + " \xC2\xB7 ridge " + formatQuantity(roof.ridge(), Dimension::Intensity);

    // The roof: from the left edge up the bandwidth slope to the ridge, then flat to the right
    // edge. If the ridge is outside the x range the polyline is clipped to it.
    auto roofLine = [&](const Roofline& r) {
        std::vector<PlotXY> pts;
        pts.push_back({x.lo, r.attainable(x.lo)});
        if (r.ridge() > x.lo && r.ridge() < x.hi)
            pts.push_back({r.ridge(), r.peakFlops});
        pts.push_back({x.hi, r.attainable(x.hi)});
        return pts;
    };
    s.ceilings.push_back({CeilingRole::Roof,
        "Roof: " + precisionLabel(roof.precision) + " peak, " + roof.memoryLevel + " bandwidth", roofLine(roof)});
    if (options.showAchievable) {
        Roofline a = roof;
        a.peakFlops *= profile.achievable;
        a.bandwidth *= profile.achievable;
        s.ceilings.push_back({CeilingRole::AchievableRoof,
            "Achievable (" + formatNumber(profile.achievable * 100.0, 3) + "% of peak)", roofLine(a)});
    }

    const double ridge = roof.ridge();
    const bool ridgeVisible = ridge > x.lo && ridge < x.hi;
    // Slope label: a third of the way up the slope, written along it.
    {
        const double slopeEnd = ridgeVisible ? ridge : x.hi;
        const double lx = logLerp(x.lo, slopeEnd, 0.16);
        const double lx2 = logLerp(x.lo, slopeEnd, 0.45);
        s.labels.push_back({LabelRole::SlopeLabel,
            roof.memoryLevel + " " + formatQuantity(roof.bandwidth, Dimension::ByteRate), {lx, roof.attainable(lx)},
            PlotXY {lx2, roof.attainable(lx2)}, PlotLabel::Align::Center, PlotLabel::VAlign::Above});
    }
    // Peak label above the flat roof, right-aligned near the right edge.
    s.labels.push_back({LabelRole::PeakLabel,
        precisionLabel(roof.precision) + " peak " + formatSI(roof.peakFlops, 4) + unit,
        {logLerp(x.lo, x.hi, 0.97), roof.peakFlops}, std::nullopt, PlotLabel::Align::Right, PlotLabel::VAlign::Above});
    if (ridgeVisible) {
        // The ridge guide's value, written up along the vertical guide.
        const double yMid = logLerp(y.lo, roof.peakFlops, 0.18);
        s.labels.push_back({LabelRole::RidgeLabel, "ridge " + formatQuantity(ridge, Dimension::Intensity),
            {ridge, yMid}, PlotXY {ridge, roof.peakFlops}, PlotLabel::Align::Left, PlotLabel::VAlign::Below});
        // Region labels at the bottom, either side of the guide.
        const double ly = logLerp(y.lo, y.hi, 0.04);
        s.labels.push_back({LabelRole::RegionLabel, "\xE2\x86\x90 memory-bound", {ridge / 1.35, ly}, std::nullopt,
            PlotLabel::Align::Right, PlotLabel::VAlign::Above});
        s.labels.push_back({LabelRole::RegionLabel, "compute-bound \xE2\x86\x92", {ridge * 1.35, ly}, std::nullopt,
            PlotLabel::Align::Left, PlotLabel::VAlign::Above});
    }

    // The total time, the slowest kernels (to name them) and whether any has inner levels come
    // from the summary: at 10^6 kernels a walk through them and their placements is 230 MB.
    const double totalTime = summary.totalTime;
    const bool anyLevelPlacements = summary.anyLevels;
    // Thousands of kernels: name only the dozen that take the most time.
    const int labelLimit
        = placements.size() > kThinningThreshold ? std::min(options.labelLimit, 12) : options.labelLimit;
    std::vector<bool> hasLabel(placements.size(), options.showLabels);
    if (options.showLabels && static_cast<int>(placements.size()) > labelLimit) {
        // Many kernels: label the ones that take the most time (then the lowest bound; ties go
        // to the kernel listed first), as the summary ordered them.
        const auto keep = std::min(static_cast<size_t>(std::max(0, labelLimit)), summary.slowest.size());
        std::fill(hasLabel.begin(), hasLabel.end(), false);
        for (size_t k = 0; k < keep; ++k)
            if (summary.slowest[k] < hasLabel.size())
                hasLabel[summary.slowest[k]] = true;
    }
    // Thinning: with many kernels, a point that lands on a pixel already holding a point of the
    // same kind (regime, measured, above the roof) is not drawn again. Nothing leaves the
    // analysis; only the figure skips what could not be seen (docs/performance.md).
    const bool many = placements.size() > kThinningThreshold;
    const bool thin = many && options.thinPoints;
    const ThinningGrid grid(x, y);
    std::vector<PlotXY> mainAt(anyLevelPlacements ? placements.size() : 0); // for the level points
    // The kernel points of [begin, end), thinned against `cells`, with their logarithms (taken
    // once for the thinning and the label layout), drops and names. `keptCells` (if given)
    // gets the cell of each kept point that could have been thinned, nullopt for the others.
    struct alignas(64) Range { // two are filled side by side: a cache line each
        std::vector<PlotPoint> points;
        std::vector<PlotXY> logs;
        std::vector<PlotLabel> labels;
        std::vector<PlotSegment> drops;
        std::vector<std::optional<ThinningGrid::Cell>> keptCells;
        std::vector<size_t> unthinned; ///< positions in `points` of the points never thinned
        int thinned = 0;
    };
    auto drawRange = [&](size_t begin, size_t end, CellSet& cells, Range& out, bool trackCells) {
        resetVectorState();
        // In batches: each point of a batch is made and its cell found first, and the cell's
        // word of the thinning bitmaps asked for ahead (prefetched); then they are thinned in
        // order. One at a time, each thinning waited on a random word of megabytes of bitmaps.
        constexpr size_t kBatch = 16;
        struct Made {
            PlotPoint pt;
            double lnX = 0, lnY = 0;
            std::optional<ThinningGrid::Cell> cell;
        };
        std::array<Made, kBatch> batch;
        for (size_t b0 = begin; b0 < end; b0 += kBatch) {
            const size_t count = std::min(kBatch, end - b0);
            for (size_t j = 0; j < count; ++j) {
                const size_t i = b0 + j;
                const Placement& p = placements[i];
                Made& m = batch[j];
                PlotPoint& pt = m.pt;
                pt = PlotPoint {};
                if (!many)
                    pt.setName(kernels[i].name); // a crowded figure names its kernels by index (PlotPoint::name)
                pt.index = static_cast<int>(i);
                const double xi = std::isfinite(p.intensity) ? p.intensity : x.hi;
                pt.measured = p.achieved.has_value();
                pt.at = {xi, p.achieved ? *p.achieved : p.roof()};
                pt.regime = p.regime;
                pt.aboveRoof = p.aboveRoof;
                if (options.sizeByTimeShare && kernels[i].time && totalTime > 0)
                    pt.size = 0.6 + 2.4 * std::sqrt(*kernels[i].time / totalTime); // area follows the share
                if (anyLevelPlacements)
                    mainAt[i] = pt.at;
                m.lnX = std::log(pt.at.x);
                m.lnY = std::log(pt.at.y);
                m.cell.reset();
                if (thin && !hasLabel[i] && p.levels().empty()) {
                    m.cell = grid.cellOfLogs(m.lnX, m.lnY, pt);
                    cells.prefetch(m.cell->x, m.cell->y, m.cell->kind);
                }
            }
            for (size_t j = 0; j < count; ++j) {
                const size_t i = b0 + j;
                Made& m = batch[j];
                if (m.cell && !cells.insert(m.cell->x, m.cell->y, m.cell->kind)) {
                    ++out.thinned;
                    continue;
                }
                const Placement& p = placements[i];
                const PlotPoint& pt = m.pt;
                // Drops for every kernel, or with thousands only for the labelled ones (the rest is noise).
                if (pt.measured && pt.at.y != p.roof() && (!many || hasLabel[i]))
                    out.drops.push_back({pt.at, {pt.at.x, p.roof()}, p.regime, p.aboveRoof});
                if (hasLabel[i])
                    out.labels.push_back({LabelRole::PointLabel, pointLabelText(kernels[i], p), pt.at, std::nullopt,
                        PlotLabel::Align::Left, PlotLabel::VAlign::Middle});
                if (!m.cell)
                    out.unthinned.push_back(out.points.size());
                out.points.push_back(std::move(m.pt));
                out.logs.push_back({m.lnX, m.lnY});
                if (trackCells)
                    out.keptCells.push_back(m.cell);
            }
        }
    };
    // Thinning: with many kernels, a point that lands on a pixel already holding a point of the
    // same kind (regime, measured, above the roof) is not drawn again. Nothing leaves the
    // analysis; only the figure skips what could not be seen (docs/performance.md).
    const size_t n = placements.size();
    CellSet cells = ThinningGrid::cellSet(thin ? n : 0);
    Range first;
    if (spare) { // its memory, not its points
        spare->clear();
        first.points = std::move(*spare);
    }
    reserveLarge(first.points, n);
    reserveLarge(first.logs, n);
    // From 2^16 kernels the second half is drawn on a second thread, thinned on its own; a point
    // it kept stays only if the first half left its cell (and kind) empty. That is the point a
    // single pass keeps: the first of its cell and kind in kernel order.
    if (thin && worthTwoThreads(n)) {
        Range second;
        runSideBySide([&]() { drawRange(0, n / 2, cells, first, false); },
            [&]() {
                CellSet own = ThinningGrid::cellSet(n / 2);
                reserveLarge(second.points, n - n / 2);
                reserveLarge(second.logs, n - n / 2);
                second.keptCells.reserve(n - n / 2);
                drawRange(n / 2, n, own, second, true);
            });
        first.thinned += second.thinned;
        constexpr size_t kAhead = 16; // cells asked for ahead, as drawRange does
        for (size_t j = 0; j < second.points.size(); ++j) {
            if (j + kAhead < second.keptCells.size())
                if (const auto& ahead = second.keptCells[j + kAhead])
                    cells.prefetch(ahead->x, ahead->y, ahead->kind);
            const std::optional<ThinningGrid::Cell>& c = second.keptCells[j];
            if (c && !cells.insert(c->x, c->y, c->kind)) {
                ++first.thinned;
                continue;
            }
            if (!c)
                first.unthinned.push_back(first.points.size());
            first.points.push_back(std::move(second.points[j]));
            first.logs.push_back(second.logs[j]);
        }
        first.labels.insert(first.labels.end(), std::make_move_iterator(second.labels.begin()),
            std::make_move_iterator(second.labels.end()));
        first.drops.insert(first.drops.end(), second.drops.begin(), second.drops.end());
    } else {
        drawRange(0, n, cells, first, false);
    }
    s.points = std::move(first.points);
    std::vector<PlotXY> logs = std::move(first.logs);
    s.thinnedPoints = first.thinned;
    s.labels.insert(
        s.labels.end(), std::make_move_iterator(first.labels.begin()), std::make_move_iterator(first.labels.end()));
    s.drops = std::move(first.drops);
    std::vector<size_t> unthinned = std::move(first.unthinned);
    // Hierarchical points: a kernel with bytes at inner levels gets a point per level (same
    // FLOP/s), joined to its main point, and the profile's inner-level roofs are drawn.
    bool anyLevels = false;
    for (size_t i = 0; anyLevelPlacements && i < placements.size(); ++i) {
        const Placement& p = placements[i];
        if (p.levels().empty())
            continue;
        anyLevels = true;
        const PlotXY main = mainAt[i];
        for (size_t li = 0; li < p.levels().size(); ++li) {
            const LevelPlacement& l = p.levels()[li];
            PlotPoint pt;
            pt.setName(kernels[i].name + " @" + l.level);
            pt.kind = PlotPoint::Kind::Level;
            pt.index = static_cast<int>(i);
            pt.at = {l.intensity, main.y};
            pt.measured = p.achieved.has_value();
            pt.size = 0.8;
            if (l.bandwidth) {
                const double ridgeL = p.peak / *l.bandwidth;
                pt.regime = regimeAt(l.intensity, ridgeL);
                pt.aboveRoof = pt.measured && main.y > *l.roof * (1 + 1e-9);
            } else {
                pt.regime = p.regime;
            }
            s.levelLinks.push_back({main, pt.at});
            s.labels.push_back({LabelRole::PointLabel,
                l.level + (p.binding == Wall::InnerLevel && p.bindingLevel == li ? " (binds)" : ""), pt.at,
                std::nullopt, PlotLabel::Align::Left, PlotLabel::VAlign::Middle});
            logs.push_back({std::log(pt.at.x), std::log(pt.at.y)});
            unthinned.push_back(s.points.size());
            s.points.push_back(std::move(pt));
        }
    }
    if (anyLevels || options.showLevels) {
        const double scale = roof.bandwidth / profile.mainBandwidth();
        for (size_t m = 1; m < profile.memory.size(); ++m) {
            const auto& level = profile.memory[m];
            if (!level.bandwidth)
                continue;
            Roofline lr = roof;
            lr.bandwidth = *level.bandwidth * scale;
            std::vector<PlotXY> pts {{x.lo, lr.attainable(x.lo)}};
            if (lr.ridge() > x.lo && lr.ridge() < x.hi)
                pts.push_back({lr.ridge(), lr.peakFlops});
            else
                pts.push_back({x.hi, lr.attainable(x.hi)});
            s.ceilings.push_back(
                {CeilingRole::LevelRoof, level.name + " " + formatQuantity(lr.bandwidth, Dimension::ByteRate), pts});
        }
    }
    // The part's other precisions: dimmed flat ceilings from their own ridge to the right edge.
    const double scale = roof.bandwidth / profile.mainBandwidth();
    const std::string unitName = unit;
    if (options.showOtherPrecisions) {
        // One dimmed ceiling per distinct peak, naming every precision that has it ("FP8 · INT8").
        std::map<double, std::vector<Precision>> byPeak;
        for (const auto& [prec, peak] : profile.peaks)
            if (prec != roof.precision && peak * scale != roof.peakFlops)
                byPeak[peak * scale].push_back(prec);
        for (const auto& [pk, precs] : byPeak) {
            const double r = pk / roof.bandwidth;
            if (r >= x.hi || pk <= y.lo || pk >= y.hi)
                continue;
            std::string names;
            for (Precision p : precs)
                names += (names.empty() ? "" : " \xC2\xB7 ") + precisionLabel(p);
            s.ceilings.push_back(
                {CeilingRole::PrecisionRoof, "Other precisions (dense peaks)", {{std::max(r, x.lo), pk}, {x.hi, pk}}});
            s.labels.push_back({LabelRole::CeilingLabel,
                names + " " + formatSI(pk, 4) + (isIntegerPrecision(precs.front()) ? "OP/s" : "FLOP/s"),
                {logLerp(x.lo, x.hi, 0.985), pk}, std::nullopt, PlotLabel::Align::Right, PlotLabel::VAlign::Above});
        }
    }
    if (options.showInterconnect && profile.interconnect) {
        Roofline link = roof;
        link.bandwidth = profile.interconnect->bandwidth * scale;
        std::vector<PlotXY> pts {{x.lo, link.attainable(x.lo)}};
        pts.push_back(
            link.ridge() < x.hi ? PlotXY {link.ridge(), link.peakFlops} : PlotXY {x.hi, link.attainable(x.hi)});
        const std::string name = profile.interconnect->name + " " + formatQuantity(link.bandwidth, Dimension::ByteRate);
        s.ceilings.push_back({CeilingRole::Interconnect, "Link roof: " + name, pts});
        const double lx = logLerp(x.lo, pts.back().x, 0.55), lx2 = logLerp(x.lo, pts.back().x, 0.8);
        s.labels.push_back({LabelRole::CeilingLabel, name + " (link)", {lx, link.attainable(lx)},
            PlotXY {lx2, link.attainable(lx2)}, PlotLabel::Align::Center, PlotLabel::VAlign::Below});
    }
    for (const auto& c : options.compare) {
        std::vector<PlotXY> pts {{x.lo, c.roof.attainable(x.lo)}};
        if (c.roof.ridge() > x.lo && c.roof.ridge() < x.hi)
            pts.push_back({c.roof.ridge(), c.roof.peakFlops});
        pts.push_back({x.hi, c.roof.attainable(x.hi)});
        s.ceilings.push_back({CeilingRole::Compare,
            c.label + " (ridge " + formatQuantity(c.roof.ridge(), Dimension::Intensity) + ")", pts});
        s.labels.push_back({LabelRole::CeilingLabel, c.label, {logLerp(x.lo, x.hi, 0.985), c.roof.peakFlops},
            std::nullopt, PlotLabel::Align::Right, PlotLabel::VAlign::Above});
    }
    (void)unitName;
    layoutLabels(s, {}, &logs, thin ? &unthinned : nullptr);
    if (many)
        s.pointLogs = std::move(logs);
    return s;
}

std::string pointLabelText(const Kernel& kernel, const Placement& p, size_t maxName)
{
    std::string name = kernel.name;
    // Elide by code points so a UTF-8 name is never cut inside a character.
    size_t count = 0, cut = std::string::npos;
    for (size_t i = 0; i < name.size(); ++i) {
        if ((static_cast<unsigned char>(name[i]) & 0xC0) == 0x80)
            continue;
        if (count == maxName - 1)
            cut = i;
        ++count;
    }
    if (count > maxName && cut != std::string::npos)
        name = name.substr(0, cut) + "\xE2\x80\xA6";
    std::string text = name + "\n" + regimeName(p.regime);
    if (p.aboveRoof)
        text += " \xC2\xB7 ABOVE ROOF " + formatNumber(1.0 / *p.headroom(), 2) + "x";
    else if (p.headroom())
        text += " \xC2\xB7 " + formatNumber(*p.headroom(), 2) + "x below roof";
    return text;
}

namespace {

struct Box {
    double x0, y0, x1, y1;
    double overlap(const Box& o) const
    {
        const double w = std::min(x1, o.x1) - std::max(x0, o.x0);
        const double h = std::min(y1, o.y1) - std::max(y0, o.y0);
        return w > 0 && h > 0 ? w * h : 0.0;
    }
};

// What labels must avoid, bucketed on a coarse pixel grid so a label's cost looks only at the
// obstacles near it (a 10^5-point cloud is 10^5 obstacles). The overlaps are summed in the
// order the obstacles were added, so the cost is exactly that of a scan over all of them.
class Obstacles {
public:
    Obstacles(double width, double height)
        : m_cw(std::max(1.0, width / kGrid))
        , m_ch(std::max(1.0, height / kGrid))
        , m_cells(kGrid * kGrid)
    { }
    void push_back(const Box& b)
    {
        const int id = static_cast<int>(m_boxes.size());
        m_boxes.push_back(b);
        m_seen.push_back(0);
        forCells(b, [&](size_t cell) { m_cells[cell].push_back(id); });
    }
    double cost(const Box& q) const
    {
        ++m_tick;
        m_hits.clear();
        forCells(q, [&](size_t cell) {
            for (int id : m_cells[cell])
                if (m_seen[static_cast<size_t>(id)] != m_tick) {
                    m_seen[static_cast<size_t>(id)] = m_tick;
                    if (m_boxes[static_cast<size_t>(id)].overlap(q) > 0.0)
                        m_hits.push_back(id);
                }
        });
        std::sort(m_hits.begin(), m_hits.end());
        double sum = 0.0;
        for (int id : m_hits)
            sum += m_boxes[static_cast<size_t>(id)].overlap(q);
        return sum;
    }

private:
    static constexpr int kGrid = 64;
    template <typename F> void forCells(const Box& b, F&& f) const
    {
        // Boxes beyond the plot area land in the border cells.
        auto cx = [&](double x) { return std::clamp(static_cast<int>(std::floor(x / m_cw)), 0, kGrid - 1); };
        auto cy = [&](double y) { return std::clamp(static_cast<int>(std::floor(y / m_ch)), 0, kGrid - 1); };
        if (!(b.x0 <= b.x1 && b.y0 <= b.y1)) // NaN or empty: nothing to index or find
            return;
        for (int j = cy(b.y0); j <= cy(b.y1); ++j)
            for (int i = cx(b.x0); i <= cx(b.x1); ++i)
                f(static_cast<size_t>(j * kGrid + i));
    }
    double m_cw, m_ch;
    std::vector<std::vector<int>> m_cells;
    std::vector<Box> m_boxes;
    mutable std::vector<unsigned> m_seen;
    mutable unsigned m_tick = 0;
    mutable std::vector<int> m_hits;
};

// A crowded figure's markers are counted rather than listed as obstacles: their centres on a
// grid of kCell-pixel cells as a summed-area table per marker radius. A label's cost is then two
// rectangle sums per radius, whatever the number of points: a marker whose centre is inside the
// box counts its whole area, one that only reaches into it half its area. (10^5 markers as boxes
// took 30-70 ms to index and query; this takes a few.) Cells of 2 x 2 pixels place a centre
// within a pixel of where it is, for a table a quarter of the plot's pixels: zeroing and summing
// one a pixel each was a quarter of a crowded figure's geometry on every toggle.
class MarkerDensity {
public:
    static constexpr double kCell = 2.0;
    MarkerDensity(double width, double height)
        : m_w(std::max(1, static_cast<int>(std::ceil(width / kCell))))
        , m_h(std::max(1, static_cast<int>(std::ceil(height / kCell))))
    { }
    void add(double x, double y, double r) // small, to be inlined: it is called for every marker
    {
        x /= kCell;
        y /= kCell;
        if (!(x >= 0 && y >= 0 && x < m_w && y < m_h))
            return; // off the plot area: it covers no label worth placing
        if (r != m_lastR || !m_last)
            selectLayer(r);
        ++m_last[at(static_cast<int>(x) + 1, static_cast<int>(y) + 1)];
    }
    /// Makes the counts of radius r now (on this thread), for the markers to come.
    void prepare(double r) { selectLayer(r); }
    /// Adds another's counts (of the same plot area) to these; before finish().
    void absorb(const MarkerDensity& other)
    {
        for (const auto& [radius, counts] : other.m_layers) {
            if (counts.empty())
                continue;
            std::vector<std::uint32_t>& into = m_layers[radius];
            if (into.empty())
                into.assign(counts.size(), 0);
            for (size_t i = 0; i < counts.size(); ++i)
                into[i] += counts[i];
        }
        m_last = nullptr; // the map may have a new layer: the next add() looks again
    }
    /// Turns the counts into running sums; call once, after the last add(). Row by row: a
    /// running sum of the row's counts, plus the sums of the row above (which vectorizes).
    void finish()
    {
        const size_t stride = static_cast<size_t>(m_w) + 1;
        for (auto& [r, layer] : m_layers) {
            if (layer.empty())
                continue;
            for (int j = 1; j <= m_h; ++j) {
                std::uint32_t* row = layer.data() + static_cast<size_t>(j) * stride;
                const std::uint32_t* above = row - stride;
                std::uint32_t run = 0;
                for (int i = 1; i <= m_w; ++i) {
                    run += row[i];
                    row[i] = above[i] + run;
                }
            }
        }
    }
    double cost(const Box& q) const
    {
        double sum = 0.0;
        for (const auto& [r, layer] : m_layers) {
            const double inside = count(layer, q);
            const double reach = count(layer, {q.x0 - r, q.y0 - r, q.x1 + r, q.y1 + r}) - inside;
            const double area = 4.0 * r * r;
            sum += inside * area + reach * area / 2;
        }
        return sum;
    }

private:
    size_t at(int i, int j) const
    {
        return static_cast<size_t>(j) * static_cast<size_t>(m_w + 1) + static_cast<size_t>(i);
    }
    // The layer of radius r (made on its first marker), kept for the markers after it.
    void selectLayer(double r)
    {
        const int radius = std::max(1, static_cast<int>(std::lround(r)));
        std::vector<std::uint32_t>& layer = m_layers[radius]; // map nodes stay put
        if (layer.empty())
            layer.assign(static_cast<size_t>(m_w + 1) * static_cast<size_t>(m_h + 1), 0);
        m_last = layer.data();
        m_lastR = r;
    }
    // Centres with x in [x0, x1) and y in [y0, y1) (pixels), to the cell.
    double count(const std::vector<std::uint32_t>& sat, const Box& b) const
    {
        auto clampX = [&](double v) { return std::clamp(static_cast<int>(std::ceil(v / kCell)), 0, m_w); };
        auto clampY = [&](double v) { return std::clamp(static_cast<int>(std::ceil(v / kCell)), 0, m_h); };
        if (!(b.x0 <= b.x1 && b.y0 <= b.y1))
            return 0.0;
        const int i0 = clampX(b.x0), i1 = clampX(b.x1), j0 = clampY(b.y0), j1 = clampY(b.y1);
        return static_cast<double>(sat[at(i1, j1)]) - sat[at(i0, j1)] - sat[at(i1, j0)] + sat[at(i0, j0)];
    }
    int m_w, m_h;
    std::map<int, std::vector<std::uint32_t>> m_layers; ///< by marker radius in pixels
    std::uint32_t* m_last = nullptr; ///< the counts of the last radius added
    double m_lastR = -1.0;
};

// The markers the label layout counts: with thousands of points one per thinning cell and kind,
// the first in order (a figure and its thinned version then place their names identically),
// every point otherwise. `unthinned` (if given): every point but these positions is alone in its
// cell and kind already (the figure was thinned as it was built), so only those few are looked
// up instead of every point going into a set, and the points can be walked in two halves on two
// threads.
class LayoutMarkers {
public:
    LayoutMarkers(const PlotSpec& spec, const std::vector<PlotXY>* logs, const std::vector<size_t>* unthinned)
        : m_spec(spec)
        , m_logs(logs && logs->size() == spec.points.size() ? logs : nullptr)
        , m_grid(spec.x, spec.y)
    {
        constexpr size_t kFewUnthinned = 256;
        m_few = spec.crowded() && unthinned && unthinned->size() <= kFewUnthinned;
        if (!m_few)
            return;
        // The first unthinned point of each cell and kind (the list is in order).
        m_isUnthinned.assign(spec.points.size(), false);
        for (size_t i : *unthinned) {
            if (i >= spec.points.size())
                continue;
            m_isUnthinned[i] = true;
            const std::uint64_t k = key(i, logsOf(i));
            if (std::none_of(m_firstAt.begin(), m_firstAt.end(), [&](const auto& e) { return e.first == k; }))
                m_firstAt.push_back({k, i});
        }
        // A point can only share a cell with one of them if its cell's column is one of theirs:
        // a bit per column (mod 64) spares the other points the whole cell and the search.
        for (const auto& e : m_firstAt)
            m_columns |= std::uint64_t {1} << ((e.first >> 32) % 64);
    }
    /// Whether the markers are found on two threads (walkOnTwoThreads): when worthTwoThreads says
    /// so for the points, as for the figure's points, and the figure says which few points were
    /// never thinned.
    bool onTwoThreads() const { return m_few && worthTwoThreads(m_spec.points.size()); }
    /// first(i, logs) for the markers among the first half of the points and then for the first
    /// unthinned points no earlier point covered; second(i, logs) for the second half's, on a
    /// second thread, at the same time (onTwoThreads only).
    template <typename F, typename G> void walkOnTwoThreads(F&& first, G&& second) const
    {
        const size_t n = m_spec.points.size();
        std::vector<bool> taken = covers(), takenSecond = covers();
        runSideBySide([&]() { walk(0, n / 2, taken, first); }, [&]() { walk(n / 2, n, takenSecond, second); });
        for (size_t e = 0; e < taken.size(); ++e)
            taken[e] = taken[e] || takenSecond[e];
        rest(taken, first);
    }
    /// f(i, logs) for every marker, in order.
    template <typename F> void all(F&& f) const
    {
        if (m_few) {
            std::vector<bool> taken = covers();
            walk(0, m_spec.points.size(), taken, f);
            rest(taken, f);
            return;
        }
        const bool many = m_spec.crowded();
        CellSet seen = ThinningGrid::cellSet(many ? m_spec.points.size() : 0);
        for (size_t i = 0; i < m_spec.points.size(); ++i) {
            const PlotXY ln = logsOf(i);
            if (many) {
                const ThinningGrid::Cell c = m_grid.cellOfLogs(ln.x, ln.y, m_spec.points[i]);
                if (!seen.insert(c.x, c.y, c.kind))
                    continue;
            }
            f(i, ln);
        }
    }

private:
    /// Which of the first unthinned points a point before them already covers (one per entry).
    std::vector<bool> covers() const { return std::vector<bool>(m_firstAt.size(), false); }
    /// f(i, logs) for the markers among points [begin, end), noting in `taken` the first
    /// unthinned points they cover (with few unthinned points only).
    template <typename F> void walk(size_t begin, size_t end, std::vector<bool>& taken, F&& f) const
    {
        for (size_t i = begin; i < end; ++i) {
            if (m_isUnthinned[i])
                continue;
            const PlotXY ln = logsOf(i);
            if (!m_firstAt.empty() && (m_columns >> (m_grid.columnOfLog(ln.x) % 64) & 1)) {
                const std::uint64_t k = key(i, ln);
                auto e = std::find_if(m_firstAt.begin(), m_firstAt.end(), [&](const auto& a) { return a.first == k; });
                if (e != m_firstAt.end()) {
                    if (e->second < i)
                        continue; // the unthinned point before it counts
                    taken[static_cast<size_t>(e - m_firstAt.begin())] = true;
                }
            }
            f(i, ln);
        }
    }
    /// f for the first unthinned points no earlier point covered (after every range's walk).
    template <typename F> void rest(const std::vector<bool>& taken, F&& f) const
    {
        for (size_t e = 0; e < m_firstAt.size(); ++e)
            if (!taken[e])
                f(m_firstAt[e].second, logsOf(m_firstAt[e].second));
    }

    PlotXY logsOf(size_t i) const // as the figure took them, or once here
    {
        return m_logs ? (*m_logs)[i] : PlotXY {std::log(m_spec.points[i].at.x), std::log(m_spec.points[i].at.y)};
    }
    std::uint64_t key(size_t i, const PlotXY& ln) const
    {
        const ThinningGrid::Cell c = m_grid.cellOfLogs(ln.x, ln.y, m_spec.points[i]);
        return (static_cast<std::uint64_t>(c.x) << 32) | (static_cast<std::uint64_t>(c.y) << 5) | c.kind;
    }
    const PlotSpec& m_spec;
    const std::vector<PlotXY>* m_logs;
    ThinningGrid m_grid;
    bool m_few = false;
    std::vector<std::pair<std::uint64_t, size_t>> m_firstAt;
    std::vector<bool> m_isUnthinned;
    std::uint64_t m_columns = 0;
};

// Width in characters of the longest line, and the number of lines.
std::pair<size_t, size_t> textExtent(const std::string& s)
{
    size_t widest = 0, current = 0, lines = 1;
    for (unsigned char c : s) {
        if (c == '\n') {
            widest = std::max(widest, current);
            current = 0;
            ++lines;
        } else if ((c & 0xC0) != 0x80) {
            ++current;
        }
    }
    return {std::max(widest, current), lines};
}

} // namespace

void layoutPointLabels(PlotSpec& spec, const LabelMetrics& m)
{
    layoutLabels(spec, m, nullptr, nullptr);
}

std::vector<size_t> labelLayoutMarkers(
    const PlotSpec& spec, const std::vector<PlotXY>* logs, const std::vector<size_t>* unthinned)
{
    std::vector<size_t> out;
    const LayoutMarkers markers(spec, logs, unthinned);
    if (markers.onTwoThreads()) {
        std::vector<size_t> second;
        markers.walkOnTwoThreads(
            [&](size_t i, const PlotXY&) { out.push_back(i); }, [&](size_t i, const PlotXY&) { second.push_back(i); });
        out.insert(out.end(), second.begin(), second.end());
    } else {
        markers.all([&](size_t i, const PlotXY&) { out.push_back(i); });
    }
    std::sort(out.begin(), out.end());
    return out;
}

namespace {

void layoutLabels(
    PlotSpec& spec, const LabelMetrics& m, const std::vector<PlotXY>* logs, const std::vector<size_t>* unthinned)
{
    const double lx0 = std::log(spec.x.lo), lx1 = std::log(spec.x.hi);
    const double ly0 = std::log(spec.y.lo), ly1 = std::log(spec.y.hi);
    // Pixel position (y down) of a data point in the nominal plot area, from its logarithms.
    auto pxOfLogs = [&](double lnX, double lnY) {
        return std::pair<double, double> {
            (lnX - lx0) / (lx1 - lx0) * m.width, (1.0 - (lnY - ly0) / (ly1 - ly0)) * m.height};
    };
    auto px = [&](const PlotXY& p) { return pxOfLogs(std::log(p.x), std::log(p.y)); };
    Obstacles obstacles(m.width, m.height);
    MarkerDensity density(m.width, m.height);
    // With thousands of points, one marker per thinning cell and kind: a figure and its thinned
    // version then place their names identically (repeated points would add their overlaps).
    const bool many = spec.crowded();
    const LayoutMarkers markers(spec, logs, unthinned);
    auto countInto = [&](MarkerDensity& into) {
        return [&](size_t i, const PlotXY& ln) {
            const auto [x, y] = pxOfLogs(ln.x, ln.y);
            into.add(x, y, m.markerRadius * spec.points[i].size);
        };
    };
    if (many && markers.onTwoThreads()) {
        // The second half is counted on a second thread, into counts of its own made here
        // (memory a worker thread allocates stays in its malloc arena), then added in.
        MarkerDensity second(m.width, m.height);
        second.prepare(m.markerRadius); // a crowded figure's markers are all of this radius
        markers.walkOnTwoThreads(countInto(density), countInto(second));
        density.absorb(second);
    } else {
        markers.all([&](size_t i, const PlotXY& ln) {
            const auto [x, y] = pxOfLogs(ln.x, ln.y);
            const double r = m.markerRadius * spec.points[i].size;
            if (many)
                density.add(x, y, r);
            else
                obstacles.push_back({x - r, y - r, x + r, y + r});
        });
    }
    density.finish();
    auto costOf = [&](const Box& box) { return obstacles.cost(box) + (many ? density.cost(box) : 0.0); };
    // The roofs, the ridge guide and the fixed labels are obstacles too: sample lines as small boxes.
    auto addLine = [&](PlotXY a, PlotXY b) {
        const auto [x0, y0] = px(a);
        const auto [x1, y1] = px(b);
        const double len = std::hypot(x1 - x0, y1 - y0);
        const int steps = std::max(1, static_cast<int>(len / 6.0));
        for (int i = 0; i <= steps; ++i) {
            const double t = static_cast<double>(i) / steps;
            const double x = x0 + (x1 - x0) * t, y = y0 + (y1 - y0) * t;
            obstacles.push_back({x - 2, y - 2, x + 2, y + 2});
        }
    };
    for (const auto& c : spec.ceilings)
        for (size_t i = 1; i < c.points.size(); ++i)
            addLine(c.points[i - 1], c.points[i]);
    if (spec.ridge > spec.x.lo && spec.ridge < spec.x.hi)
        addLine({spec.ridge, spec.y.lo}, {spec.ridge, spec.peak});
    for (size_t i = 1; i < spec.trajectory.size(); ++i)
        addLine(spec.trajectory[i - 1], spec.trajectory[i]);
    for (const auto& arrow : spec.arrows)
        addLine(arrow.from, arrow.to);
    using A = PlotLabel::Align;
    using V = PlotLabel::VAlign;
    // The box a label covers for a given side of its anchor.
    auto boxFor = [&](const PlotLabel& label, A align, V valign) {
        const auto [x, y] = px(label.at);
        const auto [chars, lines] = textExtent(label.text);
        const double w = chars * m.charWidth;
        const double h = lines * m.lineHeight;
        const double gap = label.role == LabelRole::PointLabel ? m.markerRadius + 3 : 4;
        double bx = align == A::Left ? x + gap : align == A::Right ? x - gap - w : x - w / 2;
        const double by = valign == V::Middle ? y - h / 2 : valign == V::Above ? y - gap - h : y + gap;
        if (valign != V::Middle && align != A::Center)
            bx = align == A::Left ? x + 2 : x - 2 - w; // diagonal: hug the anchor
        return Box {bx, by, bx + w, by + h};
    };
    // Fixed (unrotated) labels stay where they are and are avoided.
    for (const auto& label : spec.labels)
        if ((label.role == LabelRole::PeakLabel || label.role == LabelRole::RegionLabel) && !label.along)
            obstacles.push_back(boxFor(label, label.align, label.valign));
    // A label written along a roof (its bandwidth, centred above the slope) is avoided too: a
    // row of small boxes along the text, just above (or below) the line.
    for (const auto& label : spec.labels) {
        if (!label.along || label.role != LabelRole::SlopeLabel)
            continue;
        const auto [ax, ay] = px(label.at);
        const auto [bx, by] = px(*label.along);
        const double len = std::hypot(bx - ax, by - ay);
        if (!(len > 0))
            continue;
        const double ux = (bx - ax) / len, uy = (by - ay) / len; // along the text (pixels, y down)
        double nx = uy, ny = -ux; // a normal; flipped so that it points to the text's side
        if ((ny > 0) == (label.valign == V::Above)) {
            nx = -nx;
            ny = -ny;
        }
        const double h = m.lineHeight;
        const double half = textExtent(label.text).first * m.charWidth / 2;
        for (double t = -half; t <= half; t += h / 2) {
            const double cx = ax + ux * t + nx * h * 0.7, cy = ay + uy * t + ny * h * 0.7;
            obstacles.push_back({cx - h / 2, cy - h / 2, cx + h / 2, cy + h / 2});
        }
    }
    struct Candidate {
        A align;
        V valign;
    };
    const Candidate candidates[] = {{A::Left, V::Middle}, {A::Right, V::Middle}, {A::Center, V::Above},
        {A::Center, V::Below}, {A::Left, V::Above}, {A::Left, V::Below}, {A::Right, V::Above}, {A::Right, V::Below}};
    const Box plotArea {0, 0, m.width, m.height};
    std::vector<Box> textBoxes;
    for (const auto& label : spec.labels)
        if ((label.role == LabelRole::PeakLabel || label.role == LabelRole::RegionLabel) && !label.along)
            textBoxes.push_back(boxFor(label, label.align, label.valign));
    // A crowded figure drops a name that could only sit on another (the kernel stays in the
    // table): thousands of points, or more names than a reader can take in (a dozen).
    const auto pointLabels = std::count_if(
        spec.labels.begin(), spec.labels.end(), [](const PlotLabel& l) { return l.role == LabelRole::PointLabel; });
    const bool dense = many || pointLabels > 12;
    // The legend sits in the top-left corner: one line per distinct ceiling, the ridge, the point kinds.
    {
        std::set<std::string> legends;
        for (const auto& c : spec.ceilings)
            legends.insert(c.legend);
        size_t longest = 0;
        for (const auto& l : legends)
            longest = std::max(longest, textExtent(l).first);
        const double entries = static_cast<double>(legends.size()) + 1 + (spec.points.empty() ? 0 : 2);
        obstacles.push_back({0, 0, 60 + longest * m.charWidth * 0.95, 12 + entries * 19.0});
    }
    // Ceiling labels (horizontal lines) slide along their line, above or below it.
    for (auto& label : spec.labels) {
        if (label.role != LabelRole::CeilingLabel || label.along)
            continue;
        double best = -1.0;
        double bestX = label.at.x;
        V bestV = V::Above;
        for (double t : {0.985, 0.8, 0.62, 0.45, 0.3}) {
            for (V v : {V::Above, V::Below}) {
                PlotLabel trial = label;
                trial.at.x = std::exp(lx0 + (lx1 - lx0) * t);
                const Box box = boxFor(trial, A::Right, v);
                double cost = costOf(box);
                if (box.x0 < 0 || box.y0 < 0 || box.y1 > m.height)
                    cost += 1e6;
                if (best < 0 || cost < best) {
                    best = cost;
                    bestX = trial.at.x;
                    bestV = v;
                }
                if (cost < 1e-9)
                    break;
            }
            if (best < 1e-9)
                break;
        }
        label.at.x = bestX;
        label.align = A::Right;
        label.valign = bestV;
        obstacles.push_back(boxFor(label, A::Right, bestV));
    }
    for (auto& label : spec.labels) {
        if (label.role != LabelRole::PointLabel && label.role != LabelRole::LeverLabel)
            continue;
        double best = -1.0;
        Candidate choice = candidates[0];
        for (const Candidate& c : candidates) {
            const Box box = boxFor(label, c.align, c.valign);
            double cost = costOf(box);
            // A label cut by the plot's edge cannot be read, while one crossing a line can: any
            // side inside the plot beats any side outside it (then the least outside wins).
            const bool inside = box.x0 >= 0 && box.y0 >= 0 && box.x1 <= m.width && box.y1 <= m.height;
            if (!inside)
                cost += ((box.x1 - box.x0) * (box.y1 - box.y0) - plotArea.overlap(box)) * 2.0 + 1e7;
            if (best < 0 || cost < best) {
                best = cost;
                choice = c;
            }
            if (cost < 1e-9)
                break;
        }
        label.align = choice.align;
        label.valign = choice.valign;
        const Box chosen = boxFor(label, choice.align, choice.valign);
        // In a dense cloud a name that can only sit on another name is left out rather than
        // drawn illegibly (the kernel is still in the table and the analysis).
        bool onText = chosen.x0 < 0 || chosen.y0 < 0 || chosen.x1 > m.width || chosen.y1 > m.height;
        for (const Box& t : textBoxes)
            onText |= t.overlap(chosen) > 0.0;
        if (onText && dense && label.role == LabelRole::PointLabel) {
            label.text.clear();
            continue;
        }
        textBoxes.push_back(chosen);
        obstacles.push_back(chosen);
    }
    spec.labels.erase(std::remove_if(spec.labels.begin(), spec.labels.end(),
                          [](const PlotLabel& l) { return l.role == LabelRole::PointLabel && l.text.empty(); }),
        spec.labels.end());
}

} // namespace

std::string plotSpecToText(const PlotSpec& s)
{
    std::ostringstream out;
    auto xy = [](const PlotXY& p) { return "(" + formatNumber(p.x, 6) + ", " + formatNumber(p.y, 6) + ")"; };
    out << "title: " << s.title << "\n";
    out << "subtitle: " << s.subtitle << "\n";
    out << "x: " << s.xLabel << " [" << formatNumber(s.x.lo, 6) << ", " << formatNumber(s.x.hi, 6) << "]\n";
    out << "y: " << s.yLabel << " [" << formatNumber(s.y.lo, 6) << ", " << formatNumber(s.y.hi, 6) << "]\n";
    out << "x ticks:";
    for (const auto& t : s.xTicks)
        out << " " << t.label;
    out << "\ny ticks:";
    for (const auto& t : s.yTicks)
        out << " " << t.label << ";";
    out << "\nridge: " << formatNumber(s.ridge, 6) << "\npeak: " << formatNumber(s.peak, 6) << "\n";
    for (const auto& c : s.ceilings) {
        static const char* ceilingRoles[] = {"roof", "achievable", "level", "precision", "link", "compare"};
        out << "ceiling " << ceilingRoles[static_cast<int>(c.role)] << " '" << c.legend << "':";
        for (const auto& p : c.points)
            out << " " << xy(p);
        out << "\n";
    }
    for (const auto& l : s.labels) {
        static const char* roles[] = {"slope", "peak", "ridge", "region", "point", "lever", "ceiling"};
        out << "label " << roles[static_cast<int>(l.role)] << " '" << l.text << "' at " << xy(l.at);
        if (l.along)
            out << " along " << xy(*l.along);
        static const char* aligns[] = {"left", "center", "right"};
        static const char* valigns[] = {"above", "middle", "below"};
        out << " " << aligns[static_cast<int>(l.align)] << " " << valigns[static_cast<int>(l.valign)] << "\n";
    }
    for (const auto& p : s.points)
        out << (p.name().empty() && p.index >= 0 ? "point #" + std::to_string(p.index) : "point '" + p.name() + "'")
            << " at " << xy(p.at) << " " << regimeName(p.regime) << (p.measured ? " measured" : " on-roof")
            << (p.aboveRoof ? " ABOVE-ROOF" : "") << " size " << formatNumber(p.size, 3) << "\n";
    for (const auto& d : s.drops)
        out << "drop " << xy(d.from) << " to " << xy(d.to) << "\n";
    return out.str();
}

} // namespace roofline
