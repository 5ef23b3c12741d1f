// SPDX-License-Identifier: MIT
#include "core/analysis/roofline.h"

#include "core/model/units.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace roofline {

bool operator==(const Roofline& a, const Roofline& b)
{
    return a.hardwareId == b.hardwareId && a.precision == b.precision && a.memoryLevel == b.memoryLevel
        && a.kind == b.kind && a.peakFlops == b.peakFlops && a.bandwidth == b.bandwidth
        && a.nominalPeak == b.nominalPeak;
}

std::ostream& operator<<(std::ostream& os, const Roofline& r)
{
    return os << "Roofline{" << r.hardwareId << ' ' << r.precision << ' ' << r.memoryLevel
              << (r.kind == RoofKind::Achievable ? " achievable" : " peak") << ", "
              << formatQuantity(r.peakFlops, Dimension::FlopRate, 5) << ", "
              << formatQuantity(r.bandwidth, Dimension::ByteRate, 5) << ", ridge "
              << formatQuantity(r.ridge(), Dimension::Intensity, 5) << "}";
}

Result<Roofline> makeRoofline(const HardwareProfile& profile, Precision precision, size_t level, RoofKind kind)
{
    const auto peak = profile.peak(precision);
    if (!peak) {
        std::string has;
        for (Precision p : profile.precisions())
            has += (has.empty() ? "" : " ") + precisionName(p);
        return Error {{}, 0, 0,
            profile.id + " has no " + precisionName(precision)
                + " peak; it has: " + (has.empty() ? std::string("none") : has)};
    }
    if (level >= profile.memory.size())
        return Error {{}, 0, 0, profile.id + " has no memory level " + std::to_string(level)};
    const MemoryLevel& mem = profile.memory[level];
    if (!mem.bandwidth)
        return Error {{}, 0, 0, profile.id + ": no published bandwidth for " + mem.name};
    Roofline r;
    r.hardwareId = profile.id;
    r.hardwareName = profile.name;
    r.precision = precision;
    r.memoryLevel = mem.name;
    r.kind = kind;
    const double scale = kind == RoofKind::Achievable ? profile.achievable : 1.0;
    r.peakFlops = *peak * scale;
    r.bandwidth = *mem.bandwidth * scale;
    r.nominalPeak = *peak;
    r.launchLatency = launchLatencyOf(profile);
    return r;
}

std::string regimeName(Regime r)
{
    switch (r) {
    case Regime::MemoryBound:
        return "memory-bound";
    case Regime::ComputeBound:
        return "compute-bound";
    case Regime::AtRidge:
        return "at-ridge";
    case Regime::LatencyBound:
        return "latency-bound";
    }
    return "?";
}

std::ostream& operator<<(std::ostream& os, Regime r)
{
    return os << regimeName(r);
}

std::string leverFor(Regime regime)
{
    switch (regime) {
    case Regime::MemoryBound:
        return "Memory-bound: the memory bus is the wall, so faster math changes nothing. Raise the intensity "
               "(batch requests, fuse kernels, reuse data on chip), cut the bytes (quantize), or move to more "
               "memory bandwidth.";
    case Regime::ComputeBound:
        return "Compute-bound: the arithmetic units are the wall, so faster memory changes nothing. Keep the "
               "units fed (raise MFU), use a lower precision, or add compute.";
    case Regime::AtRidge:
        return "At the ridge: memory and compute limit it about equally. More intensity gains little from here; "
               "a lower precision or more bandwidth moves the wall.";
    case Regime::LatencyBound:
        return "Latency-bound: it ends within a few launch latencies, so the launch and synchronisation cost as "
               "much as the work and neither roof is the wall. Fuse it with its neighbours, use CUDA graphs, "
               "batch the launches.";
    }
    return {};
}

namespace {
/// Slower first; ties to the lower index (as the figure names its kernels).
bool slower(const std::pair<double, size_t>& a, const std::pair<double, size_t>& b)
{
    return a.first > b.first || (a.first == b.first && a.second < b.second);
}
} // namespace

void PlacementSummary::offer(double slowness, size_t index)
{
    const std::pair<double, size_t> c {slowness, index};
    if (m_heap.size() < kSlowest) {
        m_heap.push_back(c);
        std::push_heap(m_heap.begin(), m_heap.end(), slower);
    } else if (slower(c, m_heap.front())) {
        std::pop_heap(m_heap.begin(), m_heap.end(), slower);
        m_heap.back() = c;
        std::push_heap(m_heap.begin(), m_heap.end(), slower);
    }
}

void PlacementSummary::finish()
{
    std::vector<std::pair<double, size_t>> ordered = m_heap;
    std::sort(ordered.begin(), ordered.end(), slower);
    slowest.clear();
    for (const auto& entry : ordered)
        slowest.push_back(entry.second);
}

PlacementSummary summarizePlacements(const std::vector<Kernel>& kernels, const std::vector<Placement>& placements)
{
    const size_t n = std::min(placements.size(), kernels.size());
    PlacementSummary s;
    for (size_t i = 0; i < n; ++i)
        s.add(i, kernels[i], placements[i]);
    s.finish();
    return s;
}

std::string leverText(const Placement& p)
{
    return p.aboveRoof ? aboveRoofWarning() + " " + leverFor(p.regime) : leverFor(p.regime);
}

std::string aboveRoofWarning()
{
    return "Above the roof: the achieved rate is higher than the bound allows. Bytes were likely under-counted "
           "(cache reuse or fusion keeps traffic off main memory), the wrong precision is selected, or the "
           "FLOP count includes a sparse peak's work.";
}

std::optional<double> timeShareOf(const Kernel& kernel, double totalTime)
{
    if (!kernel.time || !(totalTime > 0))
        return {};
    return *kernel.time / totalTime;
}

std::optional<double> gainAtRoof(const Kernel& kernel, const Placement& placement, double totalTime)
{
    if (!kernel.time || !(totalTime > 0))
        return {};
    return (*kernel.time - std::min(*kernel.time, timeLowerBound(kernel, placement))) / totalTime;
}

double timeLowerBound(const Kernel& kernel, const Placement& placement)
{
    double worst = std::max(kernel.flops / placement.peak, kernel.bytes / placement.bandwidth);
    for (const LevelPlacement& l : placement.levels)
        if (l.timeLowerBound)
            worst = std::max(worst, *l.timeLowerBound);
    return worst;
}

std::optional<double> mfuOf(const Placement& placement, const Roofline& roof)
{
    if (!placement.achieved)
        return {};
    if (placement.precision == roof.precision)
        return *placement.achieved / roof.nominalPeak;
    // Another precision's roof of the same part and kind: its peak is its datasheet peak times
    // the roof's scale (the achievable fraction, or 1).
    const double nominal
        = roof.kind == RoofKind::Peak ? placement.peak : placement.peak * (roof.nominalPeak / roof.peakFlops);
    return *placement.achieved / nominal;
}

std::optional<double> clockRoofOf(const Kernel& kernel, const Placement& placement)
{
    if (!kernel.clockPeak || !kernel.clockBandwidth)
        return std::nullopt;
    return attainableAt(placement.intensity, *kernel.clockPeak, *kernel.clockBandwidth);
}

std::optional<double> clockEfficiencyOf(const Kernel& kernel, const Placement& placement)
{
    const auto roof = clockRoofOf(kernel, placement);
    if (!roof || !placement.achieved || !(*roof > 0))
        return std::nullopt;
    return *placement.achieved / *roof;
}

bool operator==(const Placement& a, const Placement& b)
{
    return a.intensity == b.intensity && a.peak == b.peak && a.bandwidth == b.bandwidth && a.regime == b.regime
        && a.achieved == b.achieved && a.aboveRoof == b.aboveRoof && a.precision == b.precision && a.levels == b.levels
        && a.binding == b.binding && a.bindingLevel == b.bindingLevel;
}

std::ostream& operator<<(std::ostream& os, const Placement& p)
{
    os << "Placement{I=" << formatNumber(p.intensity, 5)
       << ", roof=" << formatQuantity(p.roof(), Dimension::FlopRate, 5) << ", " << p.regime
       << ", peak=" << formatQuantity(p.peak, Dimension::FlopRate, 5);
    if (p.achieved)
        os << ", achieved=" << formatQuantity(*p.achieved, Dimension::FlopRate, 5)
           << ", headroom=" << formatNumber(*p.headroom(), 4) << "x";
    if (p.aboveRoof)
        os << ", ABOVE ROOF";
    return os << "}";
}

std::string bindingName(const Placement& p, const Roofline& roof)
{
    switch (p.binding) {
    case Wall::Compute:
        return "compute";
    case Wall::MainMemory:
        return roof.memoryLevel;
    case Wall::InnerLevel:
        return p.bindingLevel < p.levels.size() ? p.levels[p.bindingLevel].level : roof.memoryLevel;
    }
    return roof.memoryLevel;
}

Regime regimeAt(double intensity, double ridge)
{
    // At the ridge: |log(I / I_ridge)| <= log(1 + tolerance), i.e. I within a factor of
    // (1 + tolerance) of the ridge either way; compared without taking a logarithm.
    const double band = 1.0 + kRidgeTolerance;
    if (intensity <= ridge * band && intensity * band >= ridge)
        return Regime::AtRidge;
    return intensity < ridge ? Regime::MemoryBound : Regime::ComputeBound;
}

Placement analyze(const Kernel& kernel, const Roofline& roof)
{
    Placement p;
    analyzeInto(p, kernel, roof);
    return p;
}

void analyzeInto(Placement& p, const Kernel& kernel, const Roofline& roof)
{
    p.intensity = kernel.bytes > 0.0 ? kernel.flops / kernel.bytes : std::numeric_limits<double>::infinity();
    p.peak = roof.peakFlops;
    p.bandwidth = roof.bandwidth;
    const double attainable = roof.attainable(p.intensity); // p.roof(), once
    p.regime = regimeAt(p.intensity, roof.ridge());
    const double computeTime = kernel.flops / roof.peakFlops;
    const double memoryTime = kernel.bytes / roof.bandwidth;
    p.binding = memoryTime >= computeTime ? Wall::MainMemory : Wall::Compute;
    p.bindingLevel = 0;
    if (kernel.time) {
        const double achieved = kernel.flops / *kernel.time;
        p.achieved = achieved;
        if (roof.launchLatency > 0 && *kernel.time <= kLatencyMultiple * roof.launchLatency)
            p.regime = Regime::LatencyBound;
        // A relative margin keeps a point computed exactly on the roof from being flagged.
        p.aboveRoof = achieved > attainable * (1.0 + 1e-9);
    } else {
        p.achieved.reset();
        p.aboveRoof = false;
    }
    p.levels.clear();
    p.precision = roof.precision;
}

} // namespace roofline
