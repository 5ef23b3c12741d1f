// SPDX-License-Identifier: MIT
#include "core/analysis/session_analysis.h"

#include <algorithm>
#include <map>
#include <optional>

namespace roofline {

HardwareProfile effectiveProfile(const HardwareProfile& profile, const Session& session)
{
    HardwareProfile p = profile;
    if (session.achievable)
        p.achievable = *session.achievable;
    return p;
}

void placeLevels(Placement& p, const Kernel& kernel, const HardwareProfile& hw, const Roofline& roof)
{
    if (kernel.levelBytes.empty())
        return; // analyzeInto named the binding wall: compute or main memory
    const double scale = roof.kind == RoofKind::Achievable ? hw.achievable : 1.0;
    double worst = timeLowerBound(kernel, p); // main memory and compute: no levels yet
    for (const auto& [level, bytes] : kernel.levelBytes) {
        LevelPlacement l;
        l.level = level;
        l.bytes = bytes;
        l.intensity = kernel.flops / bytes;
        for (size_t i = 1; i < hw.memory.size(); ++i)
            if (hw.memory[i].name.compare(0, level.size(), level) == 0) {
                l.profileLevel = hw.memory[i].name;
                if (hw.memory[i].bandwidth)
                    l.bandwidth = *hw.memory[i].bandwidth * scale;
                break;
            }
        if (l.bandwidth) {
            l.roof = std::min(roof.peakFlops, l.intensity * *l.bandwidth);
            l.timeLowerBound = bytes / *l.bandwidth;
            if (*l.timeLowerBound > worst) {
                worst = *l.timeLowerBound;
                p.binding = Wall::InnerLevel;
                p.bindingLevel = static_cast<std::uint8_t>(p.levels.size());
            }
        }
        p.levels.push_back(std::move(l));
    }
}

namespace {

/// The roofs of the kernels' own precisions, made once each (not a Roofline copy per kernel).
class OwnPrecisionRoofs {
public:
    OwnPrecisionRoofs(const HardwareProfile& hw, const Session& session, RoofKind kind, const Roofline& roof)
        : m_hw(hw)
        , m_session(session)
        , m_kind(kind)
        , m_roof(roof)
    { }
    /// The roof that judges `k`; a note when the part lacks the kernel's own precision.
    const Roofline& roofFor(const Kernel& k, std::vector<std::string>& notes)
    {
        const Precision prec = k.precision.value_or(m_session.precision);
        // A kernel whose unit has its own rate (FP64 on the tensor cores, FP32 on the VALU) is
        // judged by that rate, not by the precision's peak.
        const auto unitPeak = k.unit ? m_hw.unitPeak(prec, *k.unit) : std::nullopt;
        const bool ownUnit = unitPeak && unitPeak != m_hw.peak(prec);
        if (prec == m_session.precision && !ownUnit)
            return m_roof;
        const std::pair<Precision, int> key {prec, ownUnit ? static_cast<int>(*k.unit) : -1};
        auto it = m_own.find(key);
        if (it == m_own.end()) {
            auto made = makeRoofline(m_hw, prec, 0, m_kind);
            if (made && ownUnit) {
                Roofline& r = made.value();
                r.peakFlops *= *unitPeak / r.nominalPeak; // the achievable fraction stays
                r.nominalPeak = *unitPeak;
            }
            it = m_own.emplace(key, made ? std::optional<Roofline>(made.value()) : std::nullopt).first;
        }
        if (it->second)
            return *it->second;
        notes.push_back("'" + k.name + "' is " + precisionName(*k.precision) + " but " + m_hw.id + " has no "
            + precisionName(*k.precision) + " rate; judged against " + precisionName(m_session.precision));
        return m_roof;
    }

private:
    const HardwareProfile& m_hw;
    const Session& m_session;
    RoofKind m_kind;
    const Roofline& m_roof;
    std::map<std::pair<Precision, int>, std::optional<Roofline>> m_own; ///< by precision and unit (-1: its peak)
};

} // namespace

std::optional<Error> reanalyzeSession(
    SessionAnalysis& out, const HardwareProfile& profile, const Session& session, RoofKind kind)
{
    const HardwareProfile hw = effectiveProfile(profile, session);
    auto roof = makeRoofline(hw, session.precision, 0, kind);
    if (!roof)
        return roof.error();
    out.roof = roof.value();
    out.notes.clear();
    out.counts = {};
    out.summary = {};
    const size_t n = session.kernels.size();
    out.placements.resize(n); // every field of each is written below (analyzeInto)
    out.regimes.resize(n);
    OwnPrecisionRoofs roofs(hw, session, kind, out.roof);
    for (size_t i = 0; i < n; ++i) {
        const Kernel& k = session.kernels[i];
        const Roofline& r = roofs.roofFor(k, out.notes);
        Placement& p = out.placements[i];
        analyzeInto(p, k, r);
        placeLevels(p, k, hw, r);
        out.regimes[i] = p.regime;
        out.counts.add(p);
        out.summary.add(i, k, p); // while the kernel and its placement are in cache
    }
    out.summary.finish();
    return std::nullopt;
}

Result<SessionAnalysis> analyzeSession(const HardwareProfile& profile, const Session& session, RoofKind kind)
{
    SessionAnalysis out;
    if (auto error = reanalyzeSession(out, profile, session, kind))
        return *error;
    return out;
}

std::vector<int> RegimeFlips::all() const
{
    std::vector<int> out(toMemoryBound);
    out.insert(out.end(), toComputeBound.begin(), toComputeBound.end());
    std::sort(out.begin(), out.end());
    return out;
}

std::string RegimeFlips::summary(const std::string& under) const
{
    auto part = [](size_t n, const char* regime) {
        return std::to_string(n) + (n == 1 ? " kernel became " : " kernels became ") + regime;
    };
    std::string s;
    if (!toMemoryBound.empty())
        s = part(toMemoryBound.size(), "memory-bound");
    if (!toComputeBound.empty())
        s += (s.empty() ? "" : " and ") + part(toComputeBound.size(), "compute-bound");
    return s.empty() ? s : s + " under " + under;
}

std::vector<Regime> regimesOf(const std::vector<Placement>& placements)
{
    std::vector<Regime> out(placements.size());
    for (size_t i = 0; i < placements.size(); ++i)
        out[i] = placements[i].regime;
    return out;
}

RegimeFlips regimeFlips(const std::vector<Placement>& before, const std::vector<Placement>& after)
{
    return regimeFlips(regimesOf(before), after);
}

RegimeFlips regimeFlips(const std::vector<Regime>& before, const std::vector<Placement>& after)
{
    return regimeFlips(before, regimesOf(after));
}

RegimeFlips regimeFlips(const std::vector<Regime>& before, const std::vector<Regime>& after)
{
    RegimeFlips f;
    if (before.size() != after.size())
        return f;
    for (size_t i = 0; i < after.size(); ++i) {
        if (before[i] == after[i])
            continue;
        if (after[i] == Regime::MemoryBound)
            f.toMemoryBound.push_back(static_cast<int>(i));
        else if (after[i] == Regime::ComputeBound)
            f.toComputeBound.push_back(static_cast<int>(i));
    }
    return f;
}

} // namespace roofline
