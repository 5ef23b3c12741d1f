// SPDX-License-Identifier: MIT
#include "core/model/hardware.h"

#include "core/model/units.h"

#include <algorithm>
#include <cmath>
#include <iterator>

namespace roofline {

std::optional<double> HardwareProfile::peak(Precision p) const
{
    const auto it = peaks.find(p);
    if (it == peaks.end())
        return std::nullopt;
    return it->second;
}

std::vector<Precision> HardwareProfile::precisions() const
{
    std::vector<Precision> out;
    for (Precision p : kAllPrecisions)
        if (hasPrecision(p))
            out.push_back(p);
    return out;
}

std::optional<double> HardwareProfile::ridge(Precision p) const
{
    const auto pk = peak(p);
    if (!pk || memory.empty() || !memory.front().bandwidth)
        return std::nullopt;
    return *pk / *memory.front().bandwidth;
}

Precision HardwareProfile::defaultPrecision() const
{
    for (Precision p : {Precision::BF16, Precision::FP16, Precision::FP32})
        if (hasPrecision(p))
            return p;
    return peaks.empty() ? Precision::BF16 : peaks.begin()->first;
}

std::vector<std::string> HardwareProfile::figures() const
{
    std::vector<std::string> out;
    for (Precision p : precisions())
        out.push_back(precisionName(p));
    for (const auto& m : memory)
        if (m.bandwidth)
            out.push_back(m.name);
    if (interconnect)
        out.push_back("interconnect");
    return out;
}

std::vector<std::string> HardwareProfile::unsourced() const
{
    std::vector<std::string> out;
    for (const auto& f : figures()) {
        // A measurement that names no figures measured them all (an imported ERT or ncu run).
        const bool backed = std::any_of(sources.begin(), sources.end(), [&](const Source& s) {
            return (s.measured && s.backs.empty()) || std::find(s.backs.begin(), s.backs.end(), f) != s.backs.end();
        });
        if (!backed)
            out.push_back(f);
    }
    return out;
}

const Disagreement* HardwareProfile::disagreementOn(const std::string& figure) const
{
    for (const auto& d : disagreements)
        if (d.figure == figure)
            return &d;
    return nullptr;
}

namespace {
const std::string kCapacity = " capacity";
}

bool isCapacityFigure(const std::string& figure)
{
    return figure.size() > kCapacity.size()
        && figure.compare(figure.size() - kCapacity.size(), kCapacity.size(), kCapacity) == 0;
}

bool isPeakFigure(const HardwareProfile& p, const std::string& figure)
{
    const auto prec = parsePrecision(figure);
    return prec && p.hasPrecision(*prec);
}

double launchLatencyOf(const HardwareProfile& p)
{
    if (p.launchLatency)
        return *p.launchLatency;
    return p.category == "gpu" || p.category == "npu" || p.category == "tpu" ? 4e-6 : 0.0;
}

Dimension figureDimension(const HardwareProfile& p, const std::string& figure)
{
    return isPeakFigure(p, figure) ? Dimension::FlopRate
        : isCapacityFigure(figure) ? Dimension::Bytes
                                   : Dimension::ByteRate;
}

std::optional<double> figureValue(const HardwareProfile& p, const std::string& figure)
{
    if (isCapacityFigure(figure)) {
        const std::string level = figure.substr(0, figure.size() - kCapacity.size());
        for (const auto& m : p.memory)
            if (m.name == level)
                return m.capacity;
        return std::nullopt;
    }
    if (const auto prec = parsePrecision(figure); prec && p.hasPrecision(*prec))
        return p.peak(*prec);
    if (figure == "interconnect" && p.interconnect)
        return p.interconnect->bandwidth;
    for (const auto& m : p.memory)
        if (m.name == figure && m.bandwidth)
            return m.bandwidth;
    return std::nullopt;
}

void carryRecords(const HardwareProfile& original, HardwareProfile& edited)
{
    const auto figures = edited.figures();
    auto isFigure = [&](const std::string& f) { return std::find(figures.begin(), figures.end(), f) != figures.end(); };
    for (Source& s : edited.sources)
        for (const Source& o : original.sources)
            if (o.ref == s.ref && s.backs.empty()) {
                s.measured = o.measured;
                std::copy_if(o.backs.begin(), o.backs.end(), std::back_inserter(s.backs), isFigure);
            }
    for (const auto& [prec, v] : original.sparse)
        if (!edited.hasPrecision(prec) || *edited.peak(prec) < v)
            edited.sparse[prec] = v;
    for (const auto& [prec, with] : original.accumulate)
        if (edited.hasPrecision(prec))
            edited.accumulate[prec] = with;
    for (const auto& [prec, u] : original.units) { // kept while the peak is still one of its rates
        const auto peak = edited.peak(prec);
        auto same = [&](const std::optional<double>& v) { return peak && v && std::abs(*v - *peak) <= 1e-9 * *peak; };
        if (same(u.vector) || same(u.matrix))
            edited.units[prec] = u;
    }
    for (const auto& f : original.derived)
        if (isFigure(f))
            edited.derived.push_back(f);
    for (const auto& d : original.disagreements) {
        const auto used = figureValue(edited, d.figure);
        if (used && std::any_of(d.candidates.begin(), d.candidates.end(), [&](const Candidate& c) {
                return std::abs(c.value - *used) <= 1e-9 * *used;
            }))
            edited.disagreements.push_back(d);
    }
}

bool operator==(const HardwareProfile& a, const HardwareProfile& b)
{
    return a.id == b.id && a.name == b.name && a.vendor == b.vendor && a.category == b.category
        && a.aliases == b.aliases && a.peaks == b.peaks && a.memory == b.memory && a.interconnect == b.interconnect
        && a.achievable == b.achievable && a.launchLatency == b.launchLatency && a.sparse == b.sparse
        && a.units == b.units && a.accumulate == b.accumulate && a.derived == b.derived
        && a.disagreements == b.disagreements && a.notes == b.notes && a.sources == b.sources;
}

std::ostream& operator<<(std::ostream& os, const Source& s)
{
    os << s.ref;
    if (s.measured)
        os << " (measured)";
    if (!s.backs.empty()) {
        os << " (gives";
        for (const auto& b : s.backs)
            os << " " << b;
        os << ")";
    }
    return os;
}

std::ostream& operator<<(std::ostream& os, const MemoryLevel& m)
{
    os << m.name << " (";
    os << (m.bandwidth ? formatQuantity(*m.bandwidth, Dimension::ByteRate) : std::string("bandwidth unknown"));
    if (m.capacity)
        os << ", " << formatQuantity(*m.capacity, Dimension::Bytes);
    return os << ")";
}

std::ostream& operator<<(std::ostream& os, const HardwareProfile& p)
{
    os << "HardwareProfile{" << p.id << " \"" << p.name << "\" peaks:";
    for (const auto& [prec, value] : p.peaks)
        os << ' ' << prec << '=' << formatQuantity(value, Dimension::FlopRate, 5);
    os << " memory:";
    for (const auto& m : p.memory)
        os << ' ' << m;
    os << " achievable=" << p.achievable << "}";
    return os;
}

} // namespace roofline
