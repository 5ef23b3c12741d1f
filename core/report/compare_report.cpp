// SPDX-License-Identifier: MIT
#include "core/report/compare_report.h"
#include "core/model/kernel_name.h"

#include "core/common/text.h"
#include "core/model/units.h"
#include "core/report/report_parts.h"

#include <algorithm>
#include <functional>

namespace roofline {
namespace {

using namespace report_detail;

std::string timeText(const Kernel& k)
{
    return k.time ? formatQuantity(*k.time, Dimension::Time) : std::string("-");
}

std::string percentOfRoof(const Placement& p)
{
    const auto e = p.efficiency();
    return e ? formatNumber(*e * 100.0, 3) + "%" : std::string("-");
}

double gained(const ComparedKernel& k)
{
    return k.before.time && k.after.time ? *k.before.time - *k.after.time : 0.0;
}

json summaryJson(const Comparison& c)
{
    auto names = [&](bool wins) {
        json out = json::array();
        for (const ComparedKernel* k : biggestChanges(c, wins))
            out.push_back(
                json {{"name", k->name}, {"seconds", num(std::abs(gained(*k)))}, {"speedup", num(*k->speedup)}});
        return out;
    };
    return json {{"total_before_s", num(c.totalBefore)}, {"total_after_s", num(c.totalAfter)},
        {"speedup", c.totalAfter > 0 ? num(c.totalBefore / c.totalAfter) : json(nullptr)}, {"wins", names(true)},
        {"losses", names(false)}};
}

std::string comparisonJson(const Comparison& c)
{
    json pairs = json::array();
    for (const ComparedKernel& k : c.pairs)
        pairs.push_back(json {{"name", k.name},
            {"before", json::parse(placementJson(k.before, k.beforePlacement, c.roof, c.totalBefore))},
            {"after", json::parse(placementJson(k.after, k.afterPlacement, c.roof, c.totalAfter))},
            {"speedup", k.speedup ? num(*k.speedup) : json(nullptr)}, {"regime_changed", k.regimeChanged()}});
    json j {{"hardware", c.roof.hardwareId}, {"precision", precisionName(c.roof.precision)}, {"pairs", pairs},
        {"only_before", c.onlyBefore}, {"only_after", c.onlyAfter}, {"summary", summaryJson(c)}};
    return j.dump(2) + "\n";
}

std::string comparisonCsv(const Comparison& c)
{
    std::string out = "name,time_before_s,time_after_s,speedup,intensity_before,intensity_after,efficiency_before,"
                      "efficiency_after,regime_before,regime_after\n";
    auto opt = [](std::optional<double> v) { return v ? csvNumber(*v) : std::string(); };
    for (const ComparedKernel& k : c.pairs)
        out += csvQuote(k.name) + "," + opt(k.before.time) + "," + opt(k.after.time) + "," + opt(k.speedup) + ","
            + csvNumber(k.beforePlacement.intensity) + "," + csvNumber(k.afterPlacement.intensity) + ","
            + opt(k.beforePlacement.efficiency()) + "," + opt(k.afterPlacement.efficiency()) + ","
            + regimeName(k.beforePlacement.regime) + "," + regimeName(k.afterPlacement.regime) + "\n";
    return out;
}

/// A pair's move as "a -> b", sorted by the after value.
TableCell moved(
    std::optional<double> before, std::optional<double> after, const std::function<std::string(double)>& text)
{
    const auto shown = [&](std::optional<double> v) { return v ? text(*v) : std::string("-"); };
    return {shown(before) + " -> " + shown(after), after};
}

std::string comparisonTable(const Comparison& c)
{
    std::vector<std::vector<std::string>> rows;
    rows.push_back({"NAME", "BEFORE", "AFTER", "SPEEDUP", "INTENSITY", "% OF ROOF", "REGIME"});
    for (const ComparedKernel& k : c.pairs) {
        const std::string regime = k.regimeChanged()
            ? regimeName(k.beforePlacement.regime) + " -> " + regimeName(k.afterPlacement.regime)
            : regimeName(k.afterPlacement.regime);
        rows.push_back({shortKernelName(k.name), timeText(k.before), timeText(k.after),
            k.speedup ? formatNumber(*k.speedup, 3) + "x" : "-",
            formatNumber(k.beforePlacement.intensity, 3) + " -> " + formatNumber(k.afterPlacement.intensity, 3),
            percentOfRoof(k.beforePlacement) + " -> " + percentOfRoof(k.afterPlacement), regime});
    }
    std::string out = c.roof.hardwareName + " \xC2\xB7 " + precisionLabel(c.roof.precision) + " \xC2\xB7 ridge "
        + formatQuantity(c.roof.ridge(), Dimension::Intensity) + "\n" + renderTable(rows);
    auto list = [&](const char* what, const std::vector<std::string>& names) {
        if (names.empty())
            return;
        out += std::string("\n") + what + " (" + std::to_string(names.size()) + "):";
        for (const auto& n : names)
            out += " " + printable(n);
        out += "\n";
    };
    list("only before", c.onlyBefore);
    list("only after", c.onlyAfter);
    if (c.totalAfter > 0) {
        out += "\ntotal " + formatQuantity(c.totalBefore, Dimension::Time) + " -> "
            + formatQuantity(c.totalAfter, Dimension::Time) + " (" + formatNumber(c.totalBefore / c.totalAfter, 3)
            + "x) over the " + std::to_string(c.pairs.size()) + " kernels in both\n";
        for (bool wins : {true, false})
            for (const ComparedKernel* k : biggestChanges(c, wins))
                out += std::string(wins ? "  won  " : "  lost ") + formatQuantity(std::abs(gained(*k)), Dimension::Time)
                    + "  " + printable(k->name) + " (" + formatNumber(*k->speedup, 3) + "x)\n";
    }
    return out;
}

} // namespace

std::vector<const ComparedKernel*> biggestChanges(const Comparison& c, bool wins, std::size_t count)
{
    std::vector<const ComparedKernel*> out;
    // A change within the noise of two runs (kChangeNoise) is neither a win nor a loss.
    for (const ComparedKernel& k : c.pairs)
        if (k.speedup && std::abs(*k.speedup - 1.0) > kChangeNoise && (wins ? gained(k) > 0 : gained(k) < 0))
            out.push_back(&k);
    std::sort(out.begin(), out.end(),
        [](const ComparedKernel* a, const ComparedKernel* b) { return std::abs(gained(*a)) > std::abs(gained(*b)); });
    if (out.size() > count)
        out.resize(count);
    return out;
}

std::string formatComparison(const Comparison& c, OutputFormat format)
{
    if (format == OutputFormat::Json)
        return comparisonJson(c);
    if (format == OutputFormat::Csv)
        return comparisonCsv(c);
    return comparisonTable(c);
}

std::string formatGate(
    const Comparison& c, const std::vector<GateFailure>& failures, double maxSlowdown, OutputFormat format)
{
    if (format == OutputFormat::Json) {
        json list = json::array();
        for (const auto& f : failures)
            list.push_back(json {{"name", f.name}, {"why", f.why}});
        return json {{"passed", failures.empty()}, {"checked", c.pairs.size()}, {"max_slowdown", num(maxSlowdown)},
                   {"failures", list}, {"only_before", c.onlyBefore}, {"only_after", c.onlyAfter}}
                   .dump(2)
            + "\n";
    }
    std::string out;
    if (failures.empty())
        out = "ok: " + std::to_string(c.pairs.size()) + " kernels checked, none slower than "
            + formatNumber(maxSlowdown * 100.0, 3) + "%\n";
    for (const auto& f : failures)
        out += "FAIL " + printable(f.name) + ": " + f.why + "\n";
    if (!c.onlyAfter.empty())
        out += "note: " + std::to_string(c.onlyAfter.size()) + " kernel(s) only in the new run (not checked)\n";
    if (!c.onlyBefore.empty())
        out += "note: " + std::to_string(c.onlyBefore.size()) + " kernel(s) of the baseline are gone\n";
    return out;
}

CellTable comparisonCells(const Comparison& c)
{
    CellTable rows;
    rows.push_back({{"NAME"}, {"BEFORE"}, {"AFTER"}, {"SPEEDUP"}, {"INTENSITY"}, {"% OF ROOF"}, {"REGIME"}});
    const auto named = [](const std::string& name, const std::string& tag) {
        const std::string shown = shortKernelName(name) + tag;
        return TableCell {shown, std::nullopt, shown == name + tag ? std::string() : name + tag};
    };
    const auto time = [](const Kernel& k) { return TableCell {timeText(k), k.time}; };
    const auto number = [](double v) { return formatNumber(v, 3); };
    const auto percent = [](double v) { return formatNumber(v * 100.0, 3) + "%"; };
    for (const ComparedKernel& k : c.pairs) {
        const std::string regime = k.regimeChanged()
            ? regimeName(k.beforePlacement.regime) + " -> " + regimeName(k.afterPlacement.regime)
            : regimeName(k.afterPlacement.regime);
        rows.push_back({named(k.name, ""), time(k.before), time(k.after),
            k.speedup ? TableCell {formatNumber(*k.speedup, 3) + "x", k.speedup} : TableCell {"-"},
            moved(k.beforePlacement.intensity, k.afterPlacement.intensity, number),
            moved(k.beforePlacement.efficiency(), k.afterPlacement.efficiency(), percent), {regime}});
    }
    for (std::size_t i = 0; i < c.newKernels.size(); ++i) {
        const Placement& p = c.newPlacements[i];
        rows.push_back({named(c.newKernels[i].name, " (new)"), {"-"}, time(c.newKernels[i]), {"-"},
            moved(std::nullopt, p.intensity, number), moved(std::nullopt, p.efficiency(), percent),
            {regimeName(p.regime)}});
    }
    for (const std::string& name : c.onlyBefore)
        rows.push_back({named(name, " (gone)"), {"-"}, {"-"}, {"-"}, {"-"}, {"-"}, {"-"}});
    return rows;
}

} // namespace roofline
