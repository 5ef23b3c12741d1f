// SPDX-License-Identifier: MIT
#include "core/analysis/compare.h"

#include "core/model/units.h"

#include <algorithm>
#include <map>
#include <regex>

namespace roofline {
namespace {

/// A run's kernels summed by key, in the order each key first appears.
Result<std::vector<Kernel>> sumByKey(const std::vector<Kernel>& run, const std::string& match)
{
    std::vector<Kernel> out;
    std::map<std::string, std::size_t> at;
    for (const Kernel& k : run) {
        auto key = matchKey(k.name, match);
        if (!key)
            return key.error();
        const auto [it, fresh] = at.try_emplace(key.value(), out.size());
        if (fresh) {
            Kernel first = k;
            first.name = key.value();
            out.push_back(std::move(first));
            continue;
        }
        Kernel& sum = out[it->second];
        sum.flops += k.flops;
        sum.bytes += k.bytes;
        sum.launches += k.launches;
        sum.time = sum.time && k.time ? std::optional<double>(*sum.time + *k.time) : std::nullopt;
    }
    return out;
}

Result<SessionAnalysis> place(const std::vector<Kernel>& kernels, const HardwareProfile& profile, Precision p)
{
    Session s;
    s.hardwareId = profile.id;
    s.precision = p;
    s.kernels = kernels;
    return analyzeSession(profile, s);
}

} // namespace

Result<std::string> matchKey(const std::string& name, const std::string& match)
{
    std::string base = name.substr(0, name.rfind(" #"));
    if (match.empty())
        return base;
    try {
        const std::regex re(match);
        std::smatch m;
        if (std::regex_search(base, m, re) && m.size() > 1 && m[1].matched)
            return m[1].str();
        return base;
    } catch (const std::regex_error& e) {
        return Error {{}, 0, 0, "--match '" + match + "' is not a regular expression: " + e.what()};
    }
}

Result<Comparison> compareRuns(const std::vector<Kernel>& before, const std::vector<Kernel>& after,
    const HardwareProfile& profile, Precision precision, const std::string& match)
{
    auto b = sumByKey(before, match);
    auto a = sumByKey(after, match);
    if (!b)
        return b.error();
    if (!a)
        return a.error();
    auto pb = place(b.value(), profile, precision);
    auto pa = place(a.value(), profile, precision);
    if (!pb)
        return pb.error();
    if (!pa)
        return pa.error();
    Comparison c;
    c.roof = pb->roof;
    std::map<std::string, std::size_t> afterAt;
    for (std::size_t i = 0; i < a->size(); ++i)
        afterAt[(*a)[i].name] = i;
    std::vector<bool> matched(a->size(), false);
    for (std::size_t i = 0; i < b->size(); ++i) {
        const Kernel& kb = (*b)[i];
        const auto it = afterAt.find(kb.name);
        if (it == afterAt.end()) {
            c.onlyBefore.push_back(kb.name);
            continue;
        }
        matched[it->second] = true;
        ComparedKernel k {kb.name, kb, (*a)[it->second], pb->placements[i], pa->placements[it->second], std::nullopt};
        if (k.before.time && k.after.time && *k.after.time > 0) {
            k.speedup = *k.before.time / *k.after.time;
            c.totalBefore += *k.before.time;
            c.totalAfter += *k.after.time;
        }
        c.pairs.push_back(std::move(k));
    }
    for (std::size_t i = 0; i < a->size(); ++i)
        if (!matched[i]) {
            c.onlyAfter.push_back((*a)[i].name);
            c.newKernels.push_back((*a)[i]);
            c.newPlacements.push_back(pa->placements[i]);
        }
    return c;
}

std::vector<GateFailure> gateRegressions(const Comparison& c, double maxSlowdown, std::optional<double> minRoofFraction)
{
    std::vector<GateFailure> out;
    for (const ComparedKernel& k : c.pairs) {
        if (k.speedup && 1.0 / *k.speedup > 1.0 + maxSlowdown)
            out.push_back({k.name,
                formatQuantity(*k.before.time, Dimension::Time) + " -> "
                    + formatQuantity(*k.after.time, Dimension::Time) + ": "
                    + formatNumber((1.0 / *k.speedup - 1.0) * 100.0, 3) + "% slower (limit "
                    + formatNumber(maxSlowdown * 100.0, 3) + "%)"});
        const auto fraction = k.afterPlacement.efficiency();
        if (minRoofFraction && fraction && *fraction < *minRoofFraction)
            out.push_back({k.name,
                formatNumber(*fraction * 100.0, 3) + "% of its roof after (floor "
                    + formatNumber(*minRoofFraction * 100.0, 3) + "%)"});
    }
    return out;
}

} // namespace roofline
