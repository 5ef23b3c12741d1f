// SPDX-License-Identifier: MIT
#include "core/plot/plot_spec.h"

#include "core/model/units.h"

#include <algorithm>
#include <cmath>
#include <sstream>

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
        && a.peak == b.peak && a.labels == b.labels && a.points == b.points;
}

std::pair<AxisRange, AxisRange> axisRangesFor(const HardwareProfile& profile, const std::vector<Placement>& placements)
{
    double rMin = 1.0, rMax = 1.0, pMax = 1.0;
    bool any = false;
    for (const auto& [prec, peak] : profile.peaks) {
        const double r = peak / profile.mainBandwidth();
        rMin = any ? std::min(rMin, r) : r;
        rMax = any ? std::max(rMax, r) : r;
        pMax = any ? std::max(pMax, peak) : peak;
        any = true;
    }
    // Two decades left of the lowest ridge (and at least down to 0.1, where LLM decode sits),
    // one decade right of the highest; the top decade above the highest peak leaves room for
    // the labels.
    AxisRange x {std::min(0.1, decadeFloor(rMin) / 100.0), decadeCeil(rMax) * 10.0};
    AxisRange y {decadeFloor(profile.mainBandwidth() * x.lo), decadeCeil(pMax * 1.5)};
    for (const auto& p : placements) {
        if (std::isfinite(p.intensity) && p.intensity > 0) {
            x.lo = std::min(x.lo, decadeFloor(p.intensity / 2.0));
            x.hi = std::max(x.hi, decadeCeil(p.intensity * 2.0));
        }
        const double y0 = p.achieved ? *p.achieved : p.roof;
        if (std::isfinite(y0) && y0 > 0) {
            y.lo = std::min(y.lo, decadeFloor(y0 / 2.0));
            y.hi = std::max(y.hi, decadeCeil(y0 * 2.0));
        }
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

PlotSpec buildPlotSpec(const HardwareProfile& profile, const Roofline& roof, const std::vector<Placement>& placements,
    const PlotOptions& options)
{
    PlotSpec s;
    auto [x, y] = axisRangesFor(profile, placements);
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
        s.labels.push_back(
            {LabelRole::SlopeLabel, roof.memoryLevel + " " + formatQuantity(roof.bandwidth, Dimension::ByteRate),
                {lx, roof.attainable(lx)}, PlotXY {lx2, roof.attainable(lx2)}, PlotLabel::Align::Center, true});
    }
    // Peak label above the flat roof, right-aligned near the right edge.
    s.labels.push_back(
        {LabelRole::PeakLabel, precisionLabel(roof.precision) + " peak " + formatSI(roof.peakFlops, 4) + unit,
            {logLerp(x.lo, x.hi, 0.97), roof.peakFlops}, std::nullopt, PlotLabel::Align::Right, true});
    if (ridgeVisible) {
        // The ridge guide's value, written up along the vertical guide.
        const double yMid = logLerp(y.lo, roof.peakFlops, 0.18);
        s.labels.push_back({LabelRole::RidgeLabel, "ridge " + formatQuantity(ridge, Dimension::Intensity),
            {ridge, yMid}, PlotXY {ridge, roof.peakFlops}, PlotLabel::Align::Left, false});
        // Region labels at the bottom, either side of the guide.
        const double ly = logLerp(y.lo, y.hi, 0.04);
        s.labels.push_back({LabelRole::RegionLabel, "\xE2\x86\x90 memory-bound", {ridge / 1.35, ly}, std::nullopt,
            PlotLabel::Align::Right, true});
        s.labels.push_back({LabelRole::RegionLabel, "compute-bound \xE2\x86\x92", {ridge * 1.35, ly}, std::nullopt,
            PlotLabel::Align::Left, true});
    }

    for (const auto& p : placements) {
        PlotPoint pt;
        pt.name = p.kernel.name;
        const double xi = std::isfinite(p.intensity) ? p.intensity : x.hi;
        pt.roofAt = p.roof;
        pt.measured = p.achieved.has_value();
        pt.at = {xi, p.achieved ? *p.achieved : p.roof};
        pt.regime = p.regime;
        pt.aboveRoof = p.aboveRoof;
        s.points.push_back(pt);
        // Names go right of the point, or left of it in the last fifth of the axis so they stay inside.
        const double t = (std::log(xi) - std::log(x.lo)) / (std::log(x.hi) - std::log(x.lo));
        s.labels.push_back({LabelRole::PointLabel, p.kernel.name + (p.aboveRoof ? " (above roof!)" : ""), pt.at,
                            std::nullopt, t > 0.8 ? PlotLabel::Align::Right : PlotLabel::Align::Left, true});
    }
    return s;
}

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
        out << "ceiling " << (c.role == CeilingRole::Roof ? "roof" : "achievable") << " '" << c.legend << "':";
        for (const auto& p : c.points)
            out << " " << xy(p);
        out << "\n";
    }
    for (const auto& l : s.labels) {
        static const char* roles[] = {"slope", "peak", "ridge", "region", "point"};
        out << "label " << roles[static_cast<int>(l.role)] << " '" << l.text << "' at " << xy(l.at);
        if (l.along)
            out << " along " << xy(*l.along);
        static const char* aligns[] = {"left", "center", "right"};
        out << " " << aligns[static_cast<int>(l.align)] << (l.above ? " above" : " below") << "\n";
    }
    for (const auto& p : s.points)
        out << "point '" << p.name << "' at " << xy(p.at) << " " << regimeName(p.regime)
            << (p.measured ? " measured" : " on-roof") << (p.aboveRoof ? " ABOVE-ROOF" : "") << "\n";
    return out.str();
}

} // namespace roofline
