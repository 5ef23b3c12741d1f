// SPDX-License-Identifier: MIT
#include "core/report/report.h"
#include "core/model/kernel_name.h"
#include "core/report/report_parts.h"

#include "core/common/text.h"
#include "core/model/units.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <map>
#include <sstream>
#include <stdexcept>

namespace roofline {

namespace report_detail {
json num(double v)
{
    return std::isfinite(v) ? json(v) : json(nullptr);
}

json opt(const std::optional<double>& v)
{
    return v ? num(*v) : json(nullptr);
}

std::string rateUnit(Precision p)
{
    return isIntegerPrecision(p) ? "OP/s" : "FLOP/s";
}

std::string rate(double v, Precision p)
{
    return formatSI(v, 4) + rateUnit(p);
}

// UTF-8 aware width: counts code points, not bytes.
size_t displayWidth(const std::string& s)
{
    size_t n = 0;
    for (unsigned char c : s)
        if ((c & 0xC0) != 0x80)
            ++n;
    return n;
}

/// Appends a number as the CSV writes it: integers as integers (1000000000000, not 1e+12),
/// others in their shortest exact form, nothing for a value that is not finite.
void appendCsvNumber(std::string& out, double v)
{
    if (!std::isfinite(v))
        return;
    char buf[32];
    const bool integer = std::fabs(v) < 1e18 && v == std::floor(v);
    const auto end = integer ? std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed).ptr
                             : std::to_chars(buf, buf + sizeof buf, v).ptr;
    out.append(buf, static_cast<std::size_t>(end - buf));
}

std::string csvNumber(double v)
{
    std::string out;
    appendCsvNumber(out, v);
    return out;
}

} // namespace report_detail

namespace {

using namespace report_detail;

json roofJson(const Roofline& r)
{
    return json {{"hardware", r.hardwareId}, {"hardware_name", r.hardwareName},
        {"precision", precisionName(r.precision)}, {"memory_level", r.memoryLevel},
        {"roof", r.kind == RoofKind::Achievable ? "achievable" : "peak"}, {"peak_flops_per_s", num(r.peakFlops)},
        {"bandwidth_bytes_per_s", num(r.bandwidth)}, {"ridge", num(r.ridge())}};
}

} // namespace

std::optional<OutputFormat> parseOutputFormat(std::string_view name)
{
    std::string n(name);
    std::transform(n.begin(), n.end(), n.begin(), [](unsigned char c) { return std::tolower(c); });
    if (n == "table")
        return OutputFormat::Table;
    if (n == "json")
        return OutputFormat::Json;
    if (n == "csv")
        return OutputFormat::Csv;
    return std::nullopt;
}

std::string renderTable(const std::vector<std::vector<std::string>>& rows)
{
    std::vector<size_t> widths;
    for (const auto& row : rows)
        for (size_t i = 0; i < row.size(); ++i) {
            if (widths.size() <= i)
                widths.push_back(0);
            widths[i] = std::max(widths[i], displayWidth(row[i]));
        }
    std::string out;
    for (const auto& row : rows) {
        std::string line;
        for (size_t i = 0; i < row.size(); ++i) {
            line += row[i];
            if (i + 1 < row.size())
                line += std::string(widths[i] - displayWidth(row[i]) + 2, ' ');
        }
        while (!line.empty() && line.back() == ' ')
            line.pop_back();
        out += line + "\n";
    }
    return out;
}

namespace {

/// One kernel's CSV row (the columns of kPlacementCsvHeader), appended to `line`.
void appendCsvRow(std::string& line, const Kernel& k, const Placement& p, const Roofline& roof, double total)
{
    auto number = [&](std::optional<double> v) {
        if (v)
            appendCsvNumber(line, *v);
        line += ',';
    };
    line += csvQuote(k.name);
    line += ',';
    for (const std::optional<double> v :
        {std::optional<double>(k.flops), std::optional<double>(k.bytes), k.time, std::optional<double>(p.intensity),
            p.achieved, std::optional<double>(p.roof()), std::optional<double>(p.ridge())})
        number(v);
    line += regimeName(p.regime);
    line += ',';
    for (const std::optional<double> v : {p.headroom(), p.efficiency(), mfuOf(p, roof),
             std::optional<double>(timeLowerBound(k, p)), std::optional<double>(p.ridgeDistance())})
        number(v);
    line += p.aboveRoof ? "true," : "false,";
    number(timeShareOf(k, total));
    number(gainAtRoof(k, p, total));
    line += precisionName(p.precision);
    line += '\n';
}

constexpr const char* kPlacementCsvHeader
    = "name,flops,bytes,time_s,intensity,achieved_flops_per_s,roof_flops_per_s,ridge,regime,"
      "headroom,efficiency,mfu,time_lower_bound_s,ridge_distance,above_roof,time_share,gain,precision\n";

/// One kernel's JSON object written straight out (the keys of docs/model.md, in the order
/// nlohmann's sorted objects give them), numbers in their shortest exact form, strings
/// escaped by nlohmann. At 10^6 kernels an nlohmann object built and dumped per row was 3 s of
/// a 4 s analyze: most of it escaping the same few lever sentences again and formatting numbers.
class JsonRowWriter {
public:
    explicit JsonRowWriter(std::string& out)
        : m_out(out)
    { }
    void row(const Kernel& kernel, const Placement& p, const Roofline& roof, double totalTime)
    {
        m_first = true;
        m_out += '{';
        boolean("above_roof", p.aboveRoof);
        number("achieved_flops_per_s", p.achieved);
        if (!p.levels.empty())
            text("binding", bindingName(p, roof));
        number("bytes", kernel.bytes);
        if (const auto clockRoof = clockRoofOf(kernel, p)) {
            number("clock_efficiency", clockEfficiencyOf(kernel, p));
            number("clock_roof_flops_per_s", clockRoof);
        }
        number("efficiency", p.efficiency());
        number("flops", kernel.flops);
        number("gain", gainAtRoof(kernel, p, totalTime));
        if (!kernel.group.empty())
            text("group", kernel.group);
        number("headroom", p.headroom());
        number("intensity", p.intensity);
        key("launches");
        m_out += std::to_string(kernel.launches);
        constantText("lever", static_cast<int>(p.regime) * 2 + p.aboveRoof, [&]() { return leverText(p); });
        if (!p.levels.empty())
            raw("levels", levelsJson(p).dump());
        number("mfu", mfuOf(p, roof));
        text("name", kernel.name);
        constantText("precision", static_cast<int>(p.precision), [&]() { return precisionName(p.precision); });
        constantText("regime", static_cast<int>(p.regime), [&]() { return regimeName(p.regime); });
        number("ridge", p.ridge());
        number("ridge_distance", p.ridgeDistance());
        number("roof_flops_per_s", p.roof());
        number("time_lower_bound_s", timeLowerBound(kernel, p));
        number("time_s", kernel.time);
        number("time_share", timeShareOf(kernel, totalTime));
        if (kernel.unit)
            constantText("unit", static_cast<int>(*kernel.unit), [&]() { return computeUnitName(*kernel.unit); });
        m_out += '}';
    }

private:
    static json levelsJson(const Placement& p)
    {
        json levels = json::array();
        for (const auto& l : p.levels)
            levels.push_back(json {{"level", l.level}, {"bytes", num(l.bytes)}, {"intensity", num(l.intensity)},
                {"bandwidth_bytes_per_s", opt(l.bandwidth)}, {"roof_flops_per_s", opt(l.roof)},
                {"time_lower_bound_s", opt(l.timeLowerBound)}});
        return levels;
    }
    /// `,"k":` (no comma before the first key) at `to`; returns the end.
    char* keyAt(char* to, std::string_view k)
    {
        if (!m_first)
            *to++ = ',';
        m_first = false;
        *to++ = '"';
        to = std::copy(k.begin(), k.end(), to);
        *to++ = '"';
        *to++ = ':';
        return to;
    }
    void key(std::string_view k)
    {
        m_out += m_first ? "\"" : ",\"";
        m_first = false;
        m_out += k;
        m_out += "\":";
    }
    /// One field written with one append: the key (a literal, which sizes the buffer) and the
    /// number formatted in place.
    template <std::size_t N> void number(const char (&k)[N], std::optional<double> v)
    {
        char buf[N + 4 + 32];
        char* end = keyAt(buf, {k, N - 1});
        if (!v || !std::isfinite(*v))
            end = std::copy_n("null", 4, end);
        else
            end = std::to_chars(end, buf + sizeof buf, *v).ptr;
        // Pointer and size: the (first, last) overload goes through replace().
        m_out.append(buf, static_cast<std::size_t>(end - buf));
    }
    void boolean(const char* k, bool v)
    {
        key(k);
        m_out += v ? "true" : "false";
    }
    void text(const char* k, const std::string& v)
    {
        key(k);
        // Printable ASCII without quotes or backslashes is its own JSON text, as nlohmann
        // would write it; anything else goes through nlohmann (escapes, UTF-8 checks).
        const bool plain
            = std::all_of(v.begin(), v.end(), [](char c) { return c >= ' ' && c <= '~' && c != '"' && c != '\\'; });
        if (plain) {
            m_out += '"';
            m_out += v;
            m_out += '"';
        } else {
            m_out += json(v).dump();
        }
    }
    /// A string of a few values only (a regime, a lever), told apart by `id`: made and escaped
    /// once per key and id.
    template <typename Make> void constantText(const char* k, int id, Make make)
    {
        key(k);
        auto it = m_escaped.find({k, id});
        if (it == m_escaped.end())
            it = m_escaped.emplace(std::make_pair(k, id), json(make()).dump()).first;
        m_out += it->second;
    }
    void raw(const char* k, const std::string& v)
    {
        key(k);
        m_out += v;
    }
    std::string& m_out;
    bool m_first = true;
    std::map<std::pair<const char*, int>, std::string> m_escaped;
};

/// Rows [0, n) written in order, a block of rows at a time: `format(begin, end, text)` appends
/// the text of rows [begin, end) to `text`. The output is never held whole (10^6 rows are most
/// of a gigabyte of JSON). False once the stream has failed (a full disk): the rest need not be
/// formatted.
template <typename Format> bool writeRowBlocks(std::ostream& out, std::size_t n, const Format& format)
{
    constexpr std::size_t kBlock = 16384;
    std::string text;
    for (std::size_t begin = 0; begin < n && out; begin += kBlock) {
        text.clear();
        format(begin, std::min(n, begin + kBlock), text);
        out.write(text.data(), static_cast<std::streamsize>(text.size()));
    }
    return static_cast<bool>(out);
}

/// The roof's fields, then "kernels": one kernel a line, written as it is made (10^6 kernels
/// are most of a gigabyte of JSON: never held whole).
void writeJson(std::ostream& out, const std::vector<Kernel>& kernels, const std::vector<Placement>& placements,
    const Roofline& roof, double total)
{
    std::string head = roofJson(roof).dump(2);
    head.erase(head.rfind('}')); // the roof's fields stay open for "kernels"
    while (!head.empty() && (head.back() == '\n' || head.back() == ' '))
        head.pop_back();
    out << head << ",\n  \"kernels\": [";
    const bool written
        = writeRowBlocks(out, placements.size(), [&](std::size_t begin, std::size_t end, std::string& text) {
              JsonRowWriter writer(text);
              for (std::size_t i = begin; i < end; ++i) {
                  text += i ? ",\n    " : "\n    ";
                  writer.row(kernels[i], placements[i], roof, total);
              }
          });
    if (written)
        out << (placements.empty() ? "]\n}\n" : "\n  ]\n}\n");
}

/// "latency-bound: 3 kernels (under 8 us each), 4.2% of the measured time: fuse them ..." or "".
std::string latencyLine(
    const std::vector<Kernel>& kernels, const std::vector<Placement>& placements, const Roofline& roof, double total)
{
    std::size_t n = 0;
    double time = 0.0;
    for (std::size_t i = 0; i < placements.size(); ++i)
        if (placements[i].regime == Regime::LatencyBound) {
            ++n;
            time += kernels[i].time.value_or(0.0);
        }
    if (n == 0)
        return {};
    std::string out = "latency-bound: " + std::to_string(n) + " kernel" + (n == 1 ? "" : "s") + " (under "
        + formatQuantity(kLatencyMultiple * roof.launchLatency, Dimension::Time) + " each, launches of "
        + formatQuantity(roof.launchLatency, Dimension::Time) + ")";
    if (total > 0)
        out += ", " + formatNumber(time / total * 100.0, 3) + "% of the measured time";
    return out + ": fuse them with their neighbours, use CUDA graphs, batch the launches\n";
}

std::string formatTable(
    const std::vector<Kernel>& kernels, const std::vector<Placement>& placements, const Roofline& roof, double total)
{
    std::vector<std::vector<std::string>> rows;
    for (const auto& cells :
        placementCells(kernels, placements, roof, total > 0 ? std::optional<double>(total) : std::nullopt)) {
        rows.emplace_back();
        for (const TableCell& c : cells)
            rows.back().push_back(c.text);
    }
    std::string out = roof.hardwareName + " \xC2\xB7 " + precisionLabel(roof.precision) + " \xC2\xB7 ridge "
        + formatQuantity(roof.ridge(), Dimension::Intensity) + "\n" + renderTable(rows);
    for (size_t i = 0; i < placements.size(); ++i)
        if (placements[i].aboveRoof)
            out += "(!) " + printable(kernels[i].name) + ": " + aboveRoofWarning() + "\n";
    out += latencyLine(kernels, placements, roof, total);
    return out;
}

} // namespace

CellTable placementCells(const std::vector<Kernel>& kernels, const std::vector<Placement>& placements,
    const Roofline& roof, std::optional<double> totalTime)
{
    const double total = totalTime.value_or(0.0);
    CellTable rows;
    const bool shares = std::any_of(
        kernels.begin(), kernels.end(), [&](const Kernel& k) { return timeShareOf(k, total).has_value(); });
    // A kernel judged by another precision's roof than the view's says which (issue 28).
    const bool mixed = std::any_of(placements.begin(), placements.end(),
        [&](const Placement& p) { return p.precision != roof.precision || p.peak != roof.peakFlops; });
    // A profiler's roof at the clocks each kernel ran, beside the datasheet's (issue 48).
    const bool clocked
        = std::any_of(kernels.begin(), kernels.end(), [](const Kernel& k) { return k.clockPeak.has_value(); });
    rows.push_back({{"NAME"}, {"INTENSITY"}, {"REGIME"}, {"ROOF"}, {"ACHIEVED"}, {"HEADROOM"}, {"MFU"}, {"TIME >="}});
    if (clocked)
        rows.back().insert(rows.back().begin() + 7, {"AT ITS CLOCK"});
    if (mixed)
        rows.back().insert(rows.back().begin() + 1, {"PRECISION"});
    if (shares) {
        rows.back().push_back({"SHARE"});
        rows.back().push_back({"GAIN AT ROOF"});
    }
    std::vector<std::string> fullNames;
    for (const Kernel& k : kernels)
        fullNames.push_back(k.name);
    const std::vector<std::string> names = distinctKernelNames(fullNames);
    // A number's cell: its text, and the value it sorts by; "-" (and last) when there is none.
    const auto cell = [](std::optional<double> v, const std::function<std::string(double)>& text) {
        return v ? TableCell {text(*v), v} : TableCell {"-", std::nullopt};
    };
    const auto percent = [](double v) { return formatNumber(v * 100.0, 3) + "%"; };
    for (size_t i = 0; i < placements.size(); ++i) {
        const Kernel& k = kernels[i];
        const Placement& p = placements[i];
        const auto rateOf = [&](double v) { return rate(v, p.precision); };
        const std::string shown = names[i] + (k.launches > 1 ? " (x" + std::to_string(k.launches) + ")" : "");
        const std::string whole = k.name + (k.launches > 1 ? " (x" + std::to_string(k.launches) + ")" : "");
        rows.push_back({{shown, std::nullopt, shown == whole ? std::string() : whole},
            cell(p.intensity, [](double v) { return formatNumber(v, 3); }),
            {regimeName(p.regime) + (p.aboveRoof ? " (!)" : "")}, cell(p.roof(), rateOf), cell(p.achieved, rateOf),
            cell(p.headroom(), [](double v) { return formatNumber(v, 3) + "x"; }), cell(mfuOf(p, roof), percent),
            cell(timeLowerBound(k, p), [](double v) { return formatQuantity(v, Dimension::Time); })});
        if (clocked) {
            const auto clockRoof = clockRoofOf(k, p);
            rows.back().insert(rows.back().begin() + 7,
                cell(clockEfficiencyOf(k, p), [&](double v) { return percent(v) + " of " + rateOf(*clockRoof); }));
        }
        if (mixed)
            rows.back().insert(rows.back().begin() + 1,
                {precisionLabel(p.precision) + (k.unit ? " " + computeUnitName(*k.unit) : std::string())});
        if (shares) {
            rows.back().push_back(cell(timeShareOf(k, total), percent));
            rows.back().push_back(cell(gainAtRoof(k, p, total), percent));
        }
    }
    return rows;
}

void writePlacements(std::ostream& out, const std::vector<Kernel>& kernels, const std::vector<Placement>& placements,
    const Roofline& roof, OutputFormat format, std::optional<double> totalTime)
{
    const double total = totalTime.value_or(0.0); // none: no shares
    if (kernels.size() != placements.size())
        throw std::invalid_argument("writePlacements: one placement per kernel");
    if (format == OutputFormat::Json) {
        writeJson(out, kernels, placements, roof, total);
    } else if (format == OutputFormat::Csv) {
        out << kPlacementCsvHeader;
        writeRowBlocks(out, placements.size(), [&](std::size_t begin, std::size_t end, std::string& text) {
            for (std::size_t i = begin; i < end; ++i)
                appendCsvRow(text, kernels[i], placements[i], roof, total);
        });
    } else {
        out << formatTable(kernels, placements, roof, total);
    }
}

std::string placementJson(const Kernel& kernel, const Placement& placement, const Roofline& roof, double totalTime)
{
    std::string out;
    JsonRowWriter writer(out);
    writer.row(kernel, placement, roof, totalTime);
    return out;
}

std::string formatPlacements(const std::vector<Kernel>& kernels, const std::vector<Placement>& placements,
    const Roofline& roof, OutputFormat format, std::optional<double> totalTime)
{
    std::ostringstream out;
    writePlacements(out, kernels, placements, roof, format, totalTime);
    return out.str();
}

std::vector<std::pair<std::string, std::string>> placementFacts(
    const Kernel& kernel, const Placement& p, const Roofline& roof, std::optional<double> totalTime)
{
    const Precision prec = p.precision;
    std::vector<std::pair<std::string, std::string>> rows;
    auto row = [&](const std::string& k, const std::string& v) { rows.emplace_back(k, v); };
    row("kernel", printable(kernel.name) + (kernel.group.empty() ? "" : " (" + printable(kernel.group) + ")"));
    row("hardware",
        roof.hardwareName + " (" + roof.hardwareId + "), " + precisionLabel(prec) + " dense"
            + (roof.kind == RoofKind::Achievable ? ", achievable roof" : ""));
    row("work",
        formatQuantity(kernel.flops, Dimension::Flops) + ", " + formatQuantity(kernel.bytes, Dimension::Bytes) + " ("
            + roof.memoryLevel + ")");
    row("intensity", formatQuantity(p.intensity, Dimension::Intensity));
    std::string side;
    if (p.regime == Regime::AtRidge)
        side = "at the ridge";
    else if (p.ridgeDistance() > 1.0)
        side = formatNumber(p.ridgeDistance(), 3) + "x left of the ridge";
    else
        side = formatNumber(1.0 / p.ridgeDistance(), 3) + "x right of the ridge";
    row("ridge", formatQuantity(p.ridge(), Dimension::Intensity) + " (" + side + ")");
    row("regime", regimeName(p.regime));
    row("roof", rate(p.roof(), prec) + " (" + formatNumber(p.roof() / p.peak * 100.0, 3) + "% of peak)");
    row("time >=", formatQuantity(timeLowerBound(kernel, p), Dimension::Time));
    for (const auto& l : p.levels) {
        std::string text = formatQuantity(l.bytes, Dimension::Bytes) + ", I = " + formatNumber(l.intensity, 3);
        if (l.roof)
            text += ", roof " + rate(*l.roof, prec) + ", time >= " + formatQuantity(*l.timeLowerBound, Dimension::Time);
        else
            text += " (no published " + l.level + " bandwidth for this part: no roof)";
        row(l.level + " level", text);
    }
    if (!p.levels.empty())
        row("binding", p.binding == Wall::Compute ? "compute" : bindingName(p, roof) + " bandwidth");
    if (p.achieved) {
        row("time", formatQuantity(*kernel.time, Dimension::Time));
        row("achieved", rate(*p.achieved, prec));
        row("headroom",
            formatNumber(*p.headroom(), 3) + "x " + (p.aboveRoof ? "(ABOVE the roof)" : "below the roof") + ", "
                + formatNumber(*p.efficiency() * 100.0, 3) + "% of roof");
        row("MFU", formatNumber(*mfuOf(p, roof) * 100.0, 3) + "% of the datasheet's peak");
        if (const auto clockRoof = clockRoofOf(kernel, p))
            row("at its clock",
                formatNumber(*clockEfficiencyOf(kernel, p) * 100.0, 3) + "% of the roof it ran under ("
                    + rate(*clockRoof, prec) + ": " + rate(*kernel.clockPeak, prec) + " and "
                    + formatQuantity(*kernel.clockBandwidth, Dimension::ByteRate)
                    + " at the clocks the profiler measured)");
    } else {
        row("achieved", "- (give a time to place a measured point)");
    }
    if (const std::optional<double> share = timeShareOf(kernel, totalTime.value_or(0.0)))
        row("time share", formatNumber(*share * 100.0, 3) + "% of the measured time");
    if (const std::optional<double> gain = gainAtRoof(kernel, p, totalTime.value_or(0.0)))
        row("gain at roof", formatNumber(*gain * 100.0, 3) + "% of the total time saved if it ran at its roof");
    row("lever", leverText(p));
    return rows;
}

std::string formatPlacementDetails(
    const Kernel& kernel, const Placement& p, const Roofline& roof, std::optional<double> totalTime)
{
    std::vector<std::vector<std::string>> rows;
    for (const auto& [k, v] : placementFacts(kernel, p, roof, totalTime))
        rows.push_back({k, v});
    return renderTable(rows);
}

} // namespace roofline
