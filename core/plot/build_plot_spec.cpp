// SPDX-License-Identifier: MIT
// buildPlotSpec: a roof and the kernels' placements as a figure, in named steps.
#include "core/common/text.h"
#include "core/model/kernel_name.h"
#include "core/model/units.h"
#include "core/plot/plot_internal.h"
#include "core/plot/plot_spec.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>
#include <tuple>

namespace roofline {
using detail::logLerp;
using detail::rateUnit;

namespace {

/// `text` with each `{key}` replaced by its value.
std::string substituted(std::string text, const std::string& key, const std::string& value)
{
    for (size_t at = text.find(key); at != std::string::npos; at = text.find(key, at + value.size()))
        text.replace(at, key.size(), value);
    return text;
}

/// The axes, their ticks and labels, the ridge and the title.
PlotSpec frameFor(
    const HardwareProfile& profile, const Roofline& roof, const PlotOptions& options, const PlacementSummary& summary)
{
    PlotSpec s;
    PlacementSummary extremes; // the kernels' extremes, and the other points the figure holds
    extremes.intensityLo = summary.intensityLo;
    extremes.intensityHi = summary.intensityHi;
    extremes.heightLo = summary.heightLo;
    extremes.heightHi = summary.heightHi;
    for (const PlotXY& p : options.alsoInside) {
        Placement at;
        at.intensity = p.x;
        at.achieved = p.y;
        extremes.addExtremes(at);
    }
    auto [x, y] = axisRangesFor(profile, extremes, options.rangeProfiles);
    if (options.fitAxes && extremes.intensityLo <= extremes.intensityHi) {
        std::vector<Roofline> roofs {roof};
        for (const CompareRoof& c : options.compare)
            roofs.push_back(c.roof);
        std::tie(x, y) = fittedAxisRanges(roofs, extremes);
    }
    s.x = options.x ? *options.x : x;
    s.y = options.y ? *options.y : y;
    const std::string unit = rateUnit(roof.precision);
    s.xLabel = "Arithmetic intensity (FLOP/byte)";
    s.yLabel = std::string("Attainable performance (") + unit + ")";
    s.xTicks = decadeTicks(s.x, false, "");
    s.yTicks = decadeTicks(s.y, true, unit);
    s.ridge = roof.ridge();
    s.peak = roof.peakFlops;
    s.title = figureTitle(options.title, profile, roof.precision);
    s.subtitle = roof.memoryLevel + " " + formatQuantity(roof.bandwidth, Dimension::ByteRate) + " \xC2\xB7 peak "
        + formatSI(roof.peakFlops, 4) + unit + " \xC2\xB7 ridge " + formatQuantity(roof.ridge(), Dimension::Intensity);
    return s;
}

/// A roof from the left edge up the bandwidth slope to the ridge, then flat to the right edge
/// (clipped to the x range when the ridge is outside it).
std::vector<PlotXY> roofLine(const Roofline& r, const AxisRange& x)
{
    std::vector<PlotXY> pts;
    pts.push_back({x.lo, r.attainable(x.lo)});
    if (r.ridge() > x.lo && r.ridge() < x.hi)
        pts.push_back({r.ridge(), r.peakFlops});
    pts.push_back({x.hi, r.attainable(x.hi)});
    return pts;
}

/// The same slope stopping at the ridge (an inner level's or the link's roof meets the flat
/// roof there, or leaves the plot at the right edge).
std::vector<PlotXY> slopeLine(const Roofline& r, const AxisRange& x)
{
    std::vector<PlotXY> pts {{x.lo, r.attainable(x.lo)}};
    if (r.ridge() > x.lo && r.ridge() < x.hi)
        pts.push_back({r.ridge(), r.peakFlops});
    else
        pts.push_back({x.hi, r.attainable(x.hi)});
    return pts;
}

void addRoofs(PlotSpec& s, const HardwareProfile& profile, const Roofline& roof, const PlotOptions& options)
{
    s.ceilings.push_back({CeilingRole::Roof,
        "Roof: " + precisionLabel(roof.precision) + " peak, " + roof.memoryLevel + " bandwidth", roofLine(roof, s.x)});
    if (options.showAchievable) {
        Roofline a = roof;
        a.peakFlops *= profile.achievable;
        a.bandwidth *= profile.achievable;
        s.ceilings.push_back({CeilingRole::AchievableRoof,
            "Achievable (" + formatNumber(profile.achievable * 100.0, 3) + "% of peak)", roofLine(a, s.x)});
    }
}

/// The roof's own labels: its bandwidth along the slope, its peak, the ridge and the regions.
void addRoofLabels(PlotSpec& s, const Roofline& roof)
{
    const AxisRange x = s.x, y = s.y;
    const double ridge = roof.ridge();
    const bool ridgeVisible = ridge > x.lo && ridge < x.hi;
    // Slope label: a third of the way up the slope, written along it.
    const double slopeEnd = ridgeVisible ? ridge : x.hi;
    const double lx = logLerp(x.lo, slopeEnd, 0.16), lx2 = logLerp(x.lo, slopeEnd, 0.45);
    s.labels.push_back({LabelRole::SlopeLabel,
        roof.memoryLevel + " " + formatQuantity(roof.bandwidth, Dimension::ByteRate), {lx, roof.attainable(lx)},
        PlotXY {lx2, roof.attainable(lx2)}, PlotLabel::Align::Center, PlotLabel::VAlign::Above});
    // Peak label above the flat roof, right-aligned near the right edge.
    s.labels.push_back({LabelRole::PeakLabel,
        precisionLabel(roof.precision) + " peak " + formatSI(roof.peakFlops, 4) + rateUnit(roof.precision),
        {logLerp(x.lo, x.hi, 0.97), roof.peakFlops}, std::nullopt, PlotLabel::Align::Right, PlotLabel::VAlign::Above});
    if (!ridgeVisible)
        return;
    // The ridge guide's value, written up along the vertical guide.
    const double yMid = logLerp(y.lo, roof.peakFlops, 0.18);
    s.labels.push_back({LabelRole::RidgeLabel, "ridge " + formatQuantity(ridge, Dimension::Intensity), {ridge, yMid},
        PlotXY {ridge, roof.peakFlops}, PlotLabel::Align::Left, PlotLabel::VAlign::Below});
    // Region labels at the bottom, either side of the guide.
    const double ly = logLerp(y.lo, y.hi, 0.04);
    s.labels.push_back({LabelRole::RegionLabel, "\xE2\x86\x90 memory-bound", {ridge / 1.35, ly}, std::nullopt,
        PlotLabel::Align::Right, PlotLabel::VAlign::Above});
    s.labels.push_back({LabelRole::RegionLabel, "compute-bound \xE2\x86\x92", {ridge * 1.35, ly}, std::nullopt,
        PlotLabel::Align::Left, PlotLabel::VAlign::Above});
}

/// Which kernels are named: all of them, or with many the ones that take the most time (then
/// the lowest bound; ties go to the kernel listed first), as the summary ordered them;
/// thousands of kernels name only a dozen.
std::vector<bool> labelledKernels(size_t n, const PlotOptions& options, const PlacementSummary& summary)
{
    const int labelLimit = n > kThinningThreshold ? std::min(options.labelLimit, 12) : options.labelLimit;
    std::vector<bool> hasLabel(n, options.showLabels);
    if (!options.showLabels || static_cast<int>(n) <= labelLimit)
        return hasLabel;
    std::fill(hasLabel.begin(), hasLabel.end(), false);
    const auto keep = std::min(static_cast<size_t>(std::max(0, labelLimit)), summary.slowest.size());
    for (size_t k = 0; k < keep; ++k)
        if (summary.slowest[k] < n)
            hasLabel[summary.slowest[k]] = true;
    return hasLabel;
}

/// A named kernel beyond axes the user fixed: its name and the value that puts it there, at the
/// edge it is beyond ("◂ gemv · 0.02 FLOP/byte").
std::string edgeText(const std::string& name, const PlotXY& at, const PlotSpec& s)
{
    const bool left = at.x<s.x.lo, right = at.x> s.x.hi, below = at.y < s.y.lo;
    const char* arrow = left ? "\xE2\x97\x82 " : right ? "\xE2\x96\xB8 " : below ? "\xE2\x96\xBE " : "\xE2\x96\xB4 ";
    const std::string value
        = left || right ? formatQuantity(at.x, Dimension::Intensity) : formatQuantity(at.y, Dimension::FlopRate);
    return arrow + name + " \xC2\xB7 " + value;
}

/// What the kernel points leave for the steps after them.
struct PointTrail {
    std::vector<PlotXY> logs; ///< each point's natural logarithms (for the label layout)
    std::vector<PlotXY> mainAt; ///< each kernel's point, when some kernel has inner levels
};

/// A kernel's point: at (intensity, achieved rate) or, without a time, on its roof.
PlotPoint kernelPoint(const Kernel& k, const Placement& p, size_t i, bool crowded, const PlotOptions& options,
    double totalTime, double xMax)
{
    PlotPoint pt;
    if (!crowded)
        pt.name = k.name; // a crowded figure names its kernels by index (PlotPoint::name)
    pt.index = static_cast<int>(i);
    pt.measured = p.achieved.has_value();
    pt.at = {std::isfinite(p.intensity) ? p.intensity : xMax, p.achieved ? *p.achieved : p.roof()};
    pt.regime = p.regime;
    pt.aboveRoof = p.aboveRoof;
    if (options.sizeByTimeShare && k.time && totalTime > 0)
        pt.size = 0.6 + 2.4 * std::sqrt(*k.time / totalTime); // area follows the share
    return pt;
}

/// The name of the roof that judged a placement when it is not the figure's own: "FP64", or
/// "FP64 matrix" where the part gives that precision two rates; empty for the figure's roof.
std::string judgingRoofName(const HardwareProfile& profile, const Roofline& view, Precision prec, double peak)
{
    if (prec == view.precision && peak == view.peakFlops)
        return {};
    const auto viewPeak = profile.peak(view.precision);
    const double scale = viewPeak && *viewPeak > 0 ? view.peakFlops / *viewPeak : 1.0;
    std::string name = precisionLabel(prec);
    if (const auto u = profile.units.find(prec); u != profile.units.end())
        for (ComputeUnit unit : {ComputeUnit::Vector, ComputeUnit::Matrix})
            if (const auto v = u->second.of(unit); v && std::fabs(*v * scale / peak - 1.0) < 1e-9)
                return name + " " + computeUnitName(unit);
    return name;
}

/// The kernel points in kernel order, with their drops and names. Thinning: with many kernels, a
/// point that lands on a cell already holding a point of the same kind (regime, measured, above
/// the roof) is not drawn again. Nothing leaves the analysis; only the figure skips what could
/// not be seen (docs/performance.md). Named and hierarchical kernels are never thinned.
PointTrail addKernelPoints(PlotSpec& s, const std::vector<Kernel>& kernels, const std::vector<Placement>& placements,
    const PlotOptions& options, const PlacementSummary& summary, const std::vector<bool>& hasLabel,
    const HardwareProfile& profile, const Roofline& view)
{
    const size_t n = placements.size();
    const bool crowded = n > kThinningThreshold;
    const bool thin = crowded && options.thinPoints;
    const ThinningGrid grid(s.x, s.y);
    CellSet cells = ThinningGrid::cellSet(thin ? n : 0);
    PointTrail trail;
    if (summary.anyLevels)
        trail.mainAt.resize(n);
    // The named kernels' names as engineers say them, no two alike (kernel_name.h).
    std::vector<std::string> fullNames;
    for (size_t i = 0; i < n; ++i)
        if (hasLabel[i])
            fullNames.push_back(kernels[i].name);
    const std::vector<std::string> names = distinctKernelNames(fullNames, kLabelNameChars);
    size_t named = 0;
    s.points.reserve(n);
    trail.logs.reserve(n);
    for (size_t i = 0; i < n; ++i) {
        const Placement& p = placements[i];
        PlotPoint pt = kernelPoint(kernels[i], p, i, crowded, options, summary.totalTime, s.x.hi);
        if (summary.anyLevels)
            trail.mainAt[i] = pt.at;
        const PlotXY ln {std::log(pt.at.x), std::log(pt.at.y)};
        const bool thinnable = thin && !hasLabel[i] && p.levels.empty();
        if (thinnable) {
            const ThinningGrid::Cell c = grid.cellOfLogs(ln.x, ln.y, pt);
            if (!cells.insert(c.x, c.y, c.kind)) {
                ++s.thinnedPoints;
                continue;
            }
        }
        // Drops for every kernel, or with thousands only for the labelled ones (the rest is noise).
        if (pt.measured && pt.at.y != p.roof() && (!crowded || hasLabel[i]))
            s.drops.push_back({pt.at, {pt.at.x, p.roof()}, p.regime, p.aboveRoof});
        if (hasLabel[i]) {
            const bool inside = pt.at.x >= s.x.lo && pt.at.x <= s.x.hi && pt.at.y >= s.y.lo && pt.at.y <= s.y.hi;
            const PlotXY edge {std::clamp(pt.at.x, s.x.lo, s.x.hi), std::clamp(pt.at.y, s.y.lo, s.y.hi)};
            const std::string& name = names[named++];
            PlotLabel label {LabelRole::PointLabel,
                inside ? pointLabelText(name, p, judgingRoofName(profile, view, p.precision, p.peak))
                       : edgeText(name, pt.at, s),
                inside ? pt.at : edge, std::nullopt, PlotLabel::Align::Left, PlotLabel::VAlign::Middle};
            label.weight = kernels[i].time && summary.totalTime > 0 ? *kernels[i].time / summary.totalTime : 0.0;
            label.kernel = static_cast<int>(i);
            if (const auto pin = options.labelAt.find(kernels[i].name); pin != options.labelAt.end() && inside)
                label.pinned = pin->second;
            s.labels.push_back(std::move(label));
        }
        s.points.push_back(std::move(pt));
        trail.logs.push_back(ln);
    }
    return trail;
}

/// Hierarchical points: a kernel with bytes at inner levels gets a point per level (same
/// FLOP/s), joined to its main point. True when there was any.
bool addLevelPoints(
    PlotSpec& s, const std::vector<Kernel>& kernels, const std::vector<Placement>& placements, PointTrail& trail)
{
    bool any = false;
    for (size_t i = 0; i < trail.mainAt.size(); ++i) {
        const Placement& p = placements[i];
        const PlotXY main = trail.mainAt[i];
        for (size_t li = 0; li < p.levels.size(); ++li) {
            any = true;
            const LevelPlacement& l = p.levels[li];
            PlotPoint pt;
            pt.name = kernels[i].name + " @" + l.level;
            pt.kind = PlotPoint::Kind::Level;
            pt.index = static_cast<int>(i);
            pt.at = {l.intensity, main.y};
            pt.measured = p.achieved.has_value();
            pt.size = 0.8;
            pt.regime = l.bandwidth ? regimeAt(l.intensity, p.peak / *l.bandwidth) : p.regime;
            pt.aboveRoof = l.bandwidth && pt.measured && main.y > *l.roof * (1 + 1e-9);
            s.levelLinks.push_back({main, pt.at});
            PlotLabel label {LabelRole::PointLabel,
                l.level + (p.binding == Wall::InnerLevel && p.bindingLevel == li ? " (binds)" : ""), pt.at,
                std::nullopt, PlotLabel::Align::Left, PlotLabel::VAlign::Middle};
            label.keyText = shortKernelName(kernels[i].name, 40) + " @" + label.text;
            s.labels.push_back(std::move(label));
            trail.logs.push_back({std::log(pt.at.x), std::log(pt.at.y)});
            s.points.push_back(std::move(pt));
        }
    }
    return any;
}

/// The profile's inner-level roofs (L2, L1/shared), scaled as the roof is (achievable).
void addLevelRoofs(PlotSpec& s, const HardwareProfile& profile, const Roofline& roof)
{
    const double scale = roof.bandwidth / profile.mainBandwidth();
    for (size_t m = 1; m < profile.memory.size(); ++m) {
        const auto& level = profile.memory[m];
        if (!level.bandwidth)
            continue;
        Roofline lr = roof;
        lr.bandwidth = *level.bandwidth * scale;
        const std::string name = level.name + " " + formatQuantity(lr.bandwidth, Dimension::ByteRate);
        s.ceilings.push_back({CeilingRole::LevelRoof, name, slopeLine(lr, s.x)});
        // Named on its line, as the main slope is (the layout slides it to a free place).
        const double end = std::min(s.x.hi, lr.ridge());
        const double lx = logLerp(s.x.lo, end, 0.3), lx2 = logLerp(s.x.lo, end, 0.55);
        s.labels.push_back({LabelRole::CeilingLabel, name, {lx, lr.attainable(lx)}, PlotXY {lx2, lr.attainable(lx2)},
            PlotLabel::Align::Center, PlotLabel::VAlign::Above});
    }
}

/// The part's other precisions: one dimmed flat ceiling per distinct peak, from its own ridge to
/// the right edge, naming every precision that has it ("FP8 · INT8").
void addOtherPrecisions(PlotSpec& s, const HardwareProfile& profile, const Roofline& roof)
{
    const double scale = roof.bandwidth / profile.mainBandwidth();
    std::map<double, std::vector<Precision>> byPeak;
    for (const auto& [prec, peak] : profile.peaks)
        if (prec != roof.precision && peak * scale != roof.peakFlops)
            byPeak[peak * scale].push_back(prec);
    for (const auto& [pk, precs] : byPeak) {
        const double r = pk / roof.bandwidth;
        if (r >= s.x.hi || pk <= s.y.lo || pk >= s.y.hi)
            continue;
        std::string names;
        for (Precision p : precs)
            names += (names.empty() ? "" : " \xC2\xB7 ") + precisionLabel(p);
        s.ceilings.push_back(
            {CeilingRole::PrecisionRoof, "Other precisions (dense peaks)", {{std::max(r, s.x.lo), pk}, {s.x.hi, pk}}});
        s.labels.push_back({LabelRole::CeilingLabel, names + " " + formatSI(pk, 4) + rateUnit(precs.front()),
            {logLerp(s.x.lo, s.x.hi, 0.985), pk}, std::nullopt, PlotLabel::Align::Right, PlotLabel::VAlign::Above});
    }
}

/// The roofs that judge kernels of another precision than the figure's (an FP64 kernel in an FP32
/// view): each drawn dimmed from its ridge to the right edge and named with how many it judges,
/// so no point sits against a roof that is not drawn.
void addJudgingRoofs(
    PlotSpec& s, const HardwareProfile& profile, const Roofline& roof, const std::vector<Placement>& placements)
{
    // By precision and the peak that judged (a unit's rate: FP64 on the tensor cores).
    std::map<std::pair<Precision, double>, int> judged;
    for (const Placement& p : placements)
        if (p.peak != roof.peakFlops || p.precision != roof.precision)
            ++judged[{p.precision, p.peak}];
    for (const auto& [key, n] : judged) {
        const auto [prec, pk] = key;
        const double r = pk / roof.bandwidth;
        if (pk == roof.peakFlops || r >= s.x.hi || pk <= s.y.lo || pk >= s.y.hi)
            continue;
        const std::string name = judgingRoofName(profile, roof, prec, pk);
        const std::string judges = std::to_string(n) + (n == 1 ? " kernel" : " kernels");
        s.ceilings.push_back({CeilingRole::PrecisionRoof, name + " roof (" + judges + " judged by it)",
            {{std::max(r, s.x.lo), pk}, {s.x.hi, pk}}});
        s.labels.push_back(
            {LabelRole::CeilingLabel, name + " peak " + formatSI(pk, 4) + rateUnit(prec) + " \xC2\xB7 judges " + judges,
                {logLerp(s.x.lo, s.x.hi, 0.985), pk}, std::nullopt, PlotLabel::Align::Right, PlotLabel::VAlign::Above});
    }
}

/// The link roof: the interconnect's bandwidth as a slope, labelled along it.
void addInterconnect(PlotSpec& s, const HardwareProfile& profile, const Roofline& roof)
{
    Roofline link = roof;
    link.bandwidth = profile.interconnect->bandwidth * roof.bandwidth / profile.mainBandwidth();
    std::vector<PlotXY> pts {{s.x.lo, link.attainable(s.x.lo)}};
    pts.push_back(
        link.ridge() < s.x.hi ? PlotXY {link.ridge(), link.peakFlops} : PlotXY {s.x.hi, link.attainable(s.x.hi)});
    const std::string name = profile.interconnect->name + " " + formatQuantity(link.bandwidth, Dimension::ByteRate);
    s.ceilings.push_back({CeilingRole::Interconnect, "Link roof: " + name, pts});
    const double lx = logLerp(s.x.lo, pts.back().x, 0.55), lx2 = logLerp(s.x.lo, pts.back().x, 0.8);
    s.labels.push_back({LabelRole::CeilingLabel, name + " (link)", {lx, link.attainable(lx)},
        PlotXY {lx2, link.attainable(lx2)}, PlotLabel::Align::Center, PlotLabel::VAlign::Below});
}

/// Other accelerators' (or precisions') roofs over the main one, each named at its peak.
void addCompareRoofs(PlotSpec& s, const std::vector<CompareRoof>& compare)
{
    for (const auto& c : compare) {
        s.ceilings.push_back({CeilingRole::Compare,
            c.label + " (ridge " + formatQuantity(c.roof.ridge(), Dimension::Intensity) + ")", roofLine(c.roof, s.x)});
        s.labels.push_back({LabelRole::CeilingLabel, c.label, {logLerp(s.x.lo, s.x.hi, 0.985), c.roof.peakFlops},
            std::nullopt, PlotLabel::Align::Right, PlotLabel::VAlign::Above});
    }
}

/// The subtitle names every roof drawn besides the main one: "· also drawn: achievable (85% of
/// peak), L2 7.3 TB/s, NVIDIA B200 · BF16".
void addDrawnRoofs(PlotSpec& s)
{
    std::vector<std::string> names;
    bool otherPrecisions = false;
    for (const auto& c : s.ceilings) {
        std::string name;
        switch (c.role) {
        case CeilingRole::Roof:
            continue;
        case CeilingRole::AchievableRoof:
            name = "achievable" + c.legend.substr(c.legend.find(' '));
            break;
        case CeilingRole::PrecisionRoof:
            if (c.legend.rfind("Other precisions", 0) != 0) { // a roof that judges kernels
                name = c.legend.substr(0, c.legend.find(" ("));
                break;
            }
            if (otherPrecisions)
                continue;
            otherPrecisions = true;
            name = "other precisions' peaks";
            break;
        case CeilingRole::Interconnect:
            name = c.legend.substr(c.legend.find(": ") + 2) + " link";
            break;
        case CeilingRole::Compare:
            name = c.legend.substr(0, c.legend.rfind(" (ridge"));
            break;
        case CeilingRole::LevelRoof:
            name = c.legend;
            break;
        }
        names.push_back(name);
    }
    if (names.empty())
        return;
    s.subtitle += " \xC2\xB7 also drawn: ";
    for (size_t i = 0; i < names.size(); ++i)
        s.subtitle += (i ? ", " : "") + names[i];
}

} // namespace

std::string figureTitle(const std::string& title, const HardwareProfile& profile, Precision precision)
{
    if (title.empty())
        return oneLine(profile.name) + " \xC2\xB7 " + precisionLabel(precision) + " (dense)";
    return oneLine(
        substituted(substituted(title, "{hardware}", profile.name), "{precision}", precisionLabel(precision)));
}

PlotSpec buildPlotSpec(const HardwareProfile& profile, const Roofline& roof, const std::vector<Kernel>& kernels,
    const std::vector<Placement>& placements, const PlotOptions& options)
{
    return buildPlotSpec(profile, roof, kernels, placements, options, summarizePlacements(kernels, placements));
}

PlotSpec buildPlotSpec(const HardwareProfile& profile, const Roofline& roof, const std::vector<Kernel>& kernels,
    const std::vector<Placement>& placements, const PlotOptions& options, const PlacementSummary& summary)
{
    if (kernels.size() != placements.size())
        throw std::invalid_argument("buildPlotSpec: one placement per kernel");
    PlotSpec s = frameFor(profile, roof, options, summary);
    addRoofs(s, profile, roof, options);
    addRoofLabels(s, roof);
    const std::vector<bool> hasLabel = labelledKernels(placements.size(), options, summary);
    PointTrail trail = addKernelPoints(s, kernels, placements, options, summary, hasLabel, profile, roof);
    const bool anyLevels = addLevelPoints(s, kernels, placements, trail);
    if (anyLevels || options.showLevels)
        addLevelRoofs(s, profile, roof);
    if (options.showOtherPrecisions)
        addOtherPrecisions(s, profile, roof);
    else
        addJudgingRoofs(s, profile, roof, placements);
    if (options.showInterconnect && profile.interconnect)
        addInterconnect(s, profile, roof);
    addCompareRoofs(s, options.compare);
    addDrawnRoofs(s);
    if (options.showLabels)
        s.unnamedKernels = static_cast<int>(std::count(hasLabel.begin(), hasLabel.end(), false));
    if (placements.size() > kThinningThreshold)
        s.pointLogs = std::move(trail.logs);
    return s;
}

} // namespace roofline
