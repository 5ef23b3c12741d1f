// SPDX-License-Identifier: MIT
#include "core/model/hardware.h"

#include "core/model/units.h"

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

bool operator==(const HardwareProfile& a, const HardwareProfile& b)
{
    return a.id == b.id && a.name == b.name && a.vendor == b.vendor && a.category == b.category
        && a.aliases == b.aliases && a.peaks == b.peaks && a.memory == b.memory && a.interconnect == b.interconnect
        && a.achievable == b.achievable && a.notes == b.notes && a.sources == b.sources;
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
