// SPDX-License-Identifier: MIT
#include "core/model/kernel.h"

#include "core/common/text.h"
#include "core/model/units.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <sstream>
#include <vector>

namespace roofline {

std::ostream& operator<<(std::ostream& os, const Kernel& k)
{
    os << "Kernel{\"" << k.name << "\" " << formatQuantity(k.flops, Dimension::Flops, 6) << ", "
       << formatQuantity(k.bytes, Dimension::Bytes, 6);
    if (k.time)
        os << ", " << formatQuantity(*k.time, Dimension::Time, 6);
    if (k.precision)
        os << ", " << *k.precision;
    if (k.unit)
        os << " " << computeUnitName(*k.unit);
    if (!k.group.empty())
        os << ", group " << k.group;
    if (k.clockPeak)
        os << ", ran under " << formatQuantity(*k.clockPeak, Dimension::FlopRate, 6);
    if (k.clockBandwidth)
        os << " / " << formatQuantity(*k.clockBandwidth, Dimension::ByteRate, 6);
    return os << "}";
}

std::optional<std::string> validateKernel(const Kernel& k)
{
    auto bad = [](double v) { return !std::isfinite(v) || v <= 0.0; };
    // What follows from the values must be a number too: 1e-310 FLOP over 1e300 byte are each
    // in range, and their intensity is 0.
    auto badRatio = [](double v) { return !std::isfinite(v) || !std::isnormal(v) || v <= 0.0; };
    if (k.name.empty())
        return std::string("kernel has no name");
    auto name = [&k]() { return quoted(k.name); }; // made only for a message
    if (bad(k.flops))
        return "FLOP count of " + name() + " must be a finite number greater than zero";
    if (bad(k.bytes))
        return "byte count of " + name() + " must be a finite number greater than zero";
    if (k.time && bad(*k.time))
        return "time of " + name() + " must be a finite number greater than zero";
    for (const auto& [level, bytes] : k.levelBytes)
        if (bad(bytes))
            return level + " bytes of " + name() + " must be a finite number greater than zero";
    if (k.launches < 1)
        return "launch count of " + name() + " must be at least 1";
    if (badRatio(k.flops / k.bytes))
        return "FLOPs / bytes of " + name() + " is " + formatNumber(k.flops / k.bytes, 3)
            + " FLOP/byte, an intensity no roof can place; check the units";
    if (k.time && badRatio(k.flops / *k.time))
        return "FLOPs / time of " + name() + " is " + formatNumber(k.flops / *k.time, 3)
            + " FLOP/s, a rate no roof can place; check the units";
    for (const auto& [level, bytes] : k.levelBytes)
        if (badRatio(k.flops / bytes))
            return "FLOPs / " + level + " bytes of " + name() + " is out of range; check the units";
    return std::nullopt;
}

Result<Kernel> parsePointSpec(const std::string& spec)
{
    std::vector<std::string> parts;
    std::stringstream ss(spec);
    std::string item;
    while (std::getline(ss, item, ','))
        parts.push_back(item);
    if (!spec.empty() && spec.back() == ',')
        parts.emplace_back();
    if (parts.size() < 3 || parts.size() > 4)
        return Error {{}, 0, 0, "point '" + spec + "' must be name,flops,bytes[,time] (e.g. 'decode,140 GFLOP,70 GB')"};
    Kernel k;
    k.name = parts[0];
    while (!k.name.empty() && k.name.front() == ' ')
        k.name.erase(k.name.begin());
    if (k.name.empty())
        return Error {{}, 0, 0, "point '" + spec + "' has no name"};
    auto field = [&](const std::string& text, Dimension d, const char* what) -> Result<double> {
        auto r = parseQuantity(text, d);
        if (!r)
            return Error {{}, 0, 0, "point '" + k.name + "': " + what + ": " + r.error().message};
        return r;
    };
    auto f = field(parts[1], Dimension::Flops, "flops");
    if (!f)
        return f.error();
    auto b = field(parts[2], Dimension::Bytes, "bytes");
    if (!b)
        return b.error();
    k.flops = *f;
    k.bytes = *b;
    if (parts.size() == 4) {
        auto t = field(parts[3], Dimension::Time, "time");
        if (!t)
            return t.error();
        k.time = *t;
    }
    return k;
}

std::optional<Precision> leadingPrecision(const std::vector<Kernel>& kernels, const std::function<bool(Precision)>& has)
{
    std::array<double, kAllPrecisions.size()> time {}, count {};
    bool anyTime = false;
    for (const Kernel& k : kernels)
        if (k.precision && has(*k.precision)) {
            const auto p = static_cast<std::size_t>(*k.precision);
            count[p] += 1;
            if (k.time && *k.time > 0) {
                time[p] += *k.time;
                anyTime = true;
            }
        }
    const auto& by = anyTime ? time : count;
    const auto top = std::max_element(by.begin(), by.end());
    if (!(*top > 0))
        return std::nullopt;
    return static_cast<Precision>(top - by.begin());
}

} // namespace roofline
