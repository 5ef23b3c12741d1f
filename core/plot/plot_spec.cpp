// SPDX-License-Identifier: MIT
#include "core/plot/plot_spec.h"
#include "core/model/kernel_name.h"

#include "core/common/text.h"

#include "core/model/units.h"
#include "core/plot/plot_internal.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

namespace roofline {
namespace {

double decadeFloor(double v)
{
    return std::pow(10.0, std::floor(std::log10(v) + 1e-9));
}

double decadeCeil(double v)
{
    return std::pow(10.0, std::ceil(std::log10(v) - 1e-9));
}

} // namespace

bool operator==(const PlotSpec& a, const PlotSpec& b)
{
    return a.title == b.title && a.subtitle == b.subtitle && a.xLabel == b.xLabel && a.yLabel == b.yLabel && a.x == b.x
        && a.y == b.y && a.xTicks == b.xTicks && a.yTicks == b.yTicks && a.ceilings == b.ceilings && a.ridge == b.ridge
        && a.peak == b.peak && a.labels == b.labels && a.key == b.key && a.unnamedKernels == b.unnamedKernels
        && a.points == b.points && a.drops == b.drops && a.trajectory == b.trajectory
        && a.trajectoryBeyondMemory == b.trajectoryBeyondMemory && a.arrows == b.arrows && a.levelLinks == b.levelLinks;
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

namespace {
double halfDecadeFloor(double v)
{
    return std::pow(10.0, std::floor(2.0 * std::log10(v) + 1e-9) / 2.0);
}
double halfDecadeCeil(double v)
{
    return std::pow(10.0, std::ceil(2.0 * std::log10(v) - 1e-9) / 2.0);
}
} // namespace

std::pair<AxisRange, AxisRange> fittedAxisRanges(const std::vector<Roofline>& roofs, const PlacementSummary& extremes)
{
    double ridgeLo = extremes.intensityLo, ridgeHi = extremes.intensityHi, peak = extremes.heightHi;
    double bandwidth = std::numeric_limits<double>::infinity();
    for (const Roofline& r : roofs) {
        ridgeLo = std::min(ridgeLo, r.ridge());
        ridgeHi = std::max(ridgeHi, r.ridge());
        peak = std::max(peak, r.peakFlops);
        bandwidth = std::min(bandwidth, r.bandwidth);
    }
    // A third of a decade's room either side of the kernels and the ridges; above the highest
    // peak the room its label needs; below, where the slope enters at the left edge.
    AxisRange x {halfDecadeFloor(ridgeLo / 3.0), halfDecadeCeil(ridgeHi * 3.0)};
    double bottom = extremes.heightLo / 2.0;
    if (std::isfinite(bandwidth))
        bottom = std::min(bottom, bandwidth * x.lo);
    AxisRange y {halfDecadeFloor(bottom), halfDecadeCeil(peak * 1.6)};
    return {x, y};
}

std::string tickLabel(double value, bool rate, const std::string& unit)
{
    if (rate)
        return formatSI(value, 3) + unit;
    // Below 1, plain decimals down to a millionth ("0.00001"), one notation on the whole axis.
    if (value > 0 && value < 1.0 && value >= 1e-6) {
        const int decimals = static_cast<int>(std::ceil(-std::log10(value) - 1e-9));
        char buf[32]; // to_chars: a '.' whatever the user's locale
        const auto end = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::fixed, decimals).ptr;
        return std::string(buf, end);
    }
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
    // The decades inside the range (a fitted range may end between two).
    const int lo = static_cast<int>(std::ceil(std::log10(range.lo) - 1e-9));
    const int hi = static_cast<int>(std::floor(std::log10(range.hi) + 1e-9));
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

std::string pointLabelText(const Kernel& kernel, const Placement& p, size_t maxName, const std::string& roofName)
{
    return pointLabelText(shortKernelName(kernel.name, maxName), p, roofName);
}

std::string pointLabelText(const std::string& name, const Placement& p, const std::string& roofName)
{
    // A kernel judged by another roof than the figure's (another precision, or its unit's rate)
    // says which one.
    const std::string roof = roofName.empty() ? "x below roof" : "x below " + roofName + " roof";
    std::string text = name + "\n" + regimeName(p.regime);
    if (p.aboveRoof)
        text += " \xC2\xB7 ABOVE ROOF " + formatNumber(1.0 / *p.headroom(), 2) + "x";
    else if (p.headroom())
        text += " \xC2\xB7 " + formatNumber(*p.headroom(), 2) + roof;
    return text;
}

std::string plotSpecToText(const PlotSpec& s)
{
    static const char* tones[] = {"lever", "faster", "slower", "unchanged"};
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
        static const char* roles[] = {"slope", "peak", "ridge", "region", "point", "lever", "ceiling", "number"};
        out << "label " << roles[static_cast<int>(l.role)] << " '" << l.text << "' at " << xy(l.at);
        if (l.along)
            out << " along " << xy(*l.along);
        static const char* aligns[] = {"left", "center", "right"};
        static const char* valigns[] = {"above", "middle", "below"};
        out << " " << aligns[static_cast<int>(l.align)] << " " << valigns[static_cast<int>(l.valign)];
        if (l.textAt)
            out << " text " << xy(*l.textAt)
                << (l.leader ? " leader " + xy((*l.leader)[0]) + " " + xy((*l.leader)[1]) : "");
        if (l.keyNumber > 0)
            out << " key " << l.keyNumber;
        out << "\n";
    }
    for (size_t k = 0; k < s.key.size(); ++k)
        out << "key " << (k + 1) << " '" << s.key[k] << "'\n";
    if (s.unnamedKernels > 0)
        out << "unnamed kernels: " << s.unnamedKernels << "\n";
    for (const auto& p : s.points)
        out << (p.name.empty() && p.index >= 0 ? "point #" + std::to_string(p.index) : "point '" + p.name + "'")
            << " at " << xy(p.at) << " " << regimeName(p.regime) << (p.measured ? " measured" : " on-roof")
            << (p.aboveRoof ? " ABOVE-ROOF" : "") << " size " << formatNumber(p.size, 3) << "\n";
    for (const auto& d : s.drops)
        out << "drop " << xy(d.from) << " to " << xy(d.to) << "\n";
    for (const auto& a : s.arrows)
        out << "arrow " << tones[static_cast<int>(a.tone)] << " " << xy(a.from) << " to " << xy(a.to)
            << (a.label.empty() ? std::string() : " '" + a.label + "'") << "\n";
    return out.str();
}

} // namespace roofline
