// SPDX-License-Identifier: MIT
#include "core/io/likwid_perfctr.h"

#include "core/common/text.h"
#include "core/measure/machine.h"
#include "core/model/units.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <vector>

namespace roofline {
namespace {

/// A metric over the threads measured: the sum (rates, volumes) and the largest (runtime).
struct Value {
    double sum = 0, max = 0;
};

/// What one region's groups measured; a field stays empty until a group gives it.
struct Region {
    std::string name;
    std::string file; ///< where it first appears: set when several files are read as one run
    int line = 0;
    std::optional<double> flops, flopSeconds, memBytes, l3Bytes, l2Bytes, bytesSeconds;
    Precision precision = Precision::FP64;
    /// AMD Zen 2/3 count memory in two groups, MEM1 (channels 0-3) and MEM2 (4-7): each one's
    /// volume by its channels, the memory volume once both are in.
    std::map<std::string, double> channels;
};

/// "Memory data volume (channels 0-3) [GBytes]" -> "0-3"; empty for any other metric.
std::string channelsOf(const std::string& metric)
{
    static const std::string head = "Memory data volume (channels ", tail = ") [GBytes]";
    if (metric.size() <= head.size() + tail.size() || metric.compare(0, head.size(), head) != 0
        || metric.compare(metric.size() - tail.size(), tail.size(), tail) != 0)
        return {};
    return metric.substr(head.size(), metric.size() - head.size() - tail.size());
}

std::optional<double> number(std::string_view cell)
{
    double v = 0;
    const auto [end, ec] = std::from_chars(cell.data(), cell.data() + cell.size(), v);
    if (ec != std::errc() || end != cell.data() + cell.size() || !std::isfinite(v) || v < 0)
        return std::nullopt;
    return v;
}

std::vector<std::string_view> cells(std::string_view row)
{
    std::vector<std::string_view> out;
    row = trimView(row);
    if (row.size() < 2)
        return out;
    row = row.substr(1, row.size() - 2); // the outer '|'s
    for (std::size_t at = 0;;) {
        const std::size_t bar = row.find('|', at);
        out.push_back(trimView(row.substr(at, bar == row.npos ? row.npos : bar - at)));
        if (bar == row.npos)
            return out;
        at = bar + 1;
    }
}

/// Reads the tables of one group at a time and hands each region what its metrics give.
class Reader {
public:
    void line(std::string_view text, int lineNo)
    {
        static const std::regex group(R"(^(?:Region\s+(.+?),\s+)?Group\s+\d+:\s+(\S+))");
        std::cmatch m;
        if (std::regex_search(text.data(), text.data() + text.size(), m, group)) {
            commit();
            m_region = m[1].matched ? m[1].str() : "whole run";
            m_line = lineNo;
            return;
        }
        if (text.rfind("CPU name:", 0) == 0 && device.empty())
            device = std::string(trimView(text.substr(9)));
        if (text.rfind("|", 0) != 0)
            return;
        const auto row = cells(text);
        if (row.empty())
            return;
        if (row[0] == "Metric" || row[0] == "Event") {
            m_inMetrics = row[0] == "Metric";
            m_header.assign(row.begin(), row.end());
            return;
        }
        if (m_inMetrics)
            metric(row);
    }

    void commit()
    {
        if (m_region.empty() || m_metrics.empty()) {
            m_metrics.clear();
            return;
        }
        Region& r = regionNamed(m_region);
        const auto get = [&](const char* name) -> std::optional<Value> {
            const auto it = m_metrics.find(name);
            return it == m_metrics.end() ? std::nullopt : std::optional<Value>(it->second);
        };
        const auto runtime = get("Runtime (RDTSC) [s]");
        const auto seconds = runtime ? std::optional<double>(runtime->max) : std::nullopt;
        const auto dp = get("DP [MFLOP/s]"), sp = get("SP [MFLOP/s]");
        if ((dp || sp) && seconds && !r.flops) {
            const bool single = sp && (!dp || sp->sum > dp->sum);
            r.flops = (single ? sp->sum : dp->sum) * 1e6 * *seconds;
            r.precision = single ? Precision::FP32 : Precision::FP64;
            r.flopSeconds = seconds;
        }
        const auto volume = [&](const char* name, std::optional<double>& into) {
            if (const auto v = get(name); v && !into)
                into = v->sum * 1e9;
        };
        volume("Memory data volume [GBytes]", r.memBytes);
        for (const auto& [name, v] : m_metrics)
            if (const std::string ch = channelsOf(name); !ch.empty())
                r.channels.emplace(ch, v.sum * 1e9);
        if (!r.memBytes && r.channels.count("0-3") && r.channels.count("4-7"))
            r.memBytes = r.channels["0-3"] + r.channels["4-7"];
        volume("L3 data volume [GBytes]", r.l3Bytes);
        volume("L2 data volume [GBytes]", r.l2Bytes);
        if ((r.memBytes || r.l3Bytes || r.l2Bytes || !r.channels.empty()) && !r.bytesSeconds)
            r.bytesSeconds = seconds;
        m_metrics.clear();
    }

    std::vector<Region> regions;
    std::string device;
    std::string file; ///< the file being read, when several are read as one run

private:
    void metric(const std::vector<std::string_view>& row)
    {
        std::string name(row[0]);
        if (name.size() > 5 && name.compare(name.size() - 5, 5, " STAT") == 0) {
            // The STAT table of a multi-thread run: Sum for rates and volumes, Max for runtime.
            name.erase(name.size() - 5);
            Value v;
            for (std::size_t i = 1; i < row.size() && i < m_header.size(); ++i)
                if (const auto x = number(row[i]); x && (m_header[i] == "Sum" || m_header[i] == "Max"))
                    (m_header[i] == "Sum" ? v.sum : v.max) = *x;
            m_metrics[name] = v;
            m_stat.insert(name);
            return;
        }
        if (m_stat.count(name))
            return;
        Value v;
        for (std::size_t i = 1; i < row.size(); ++i)
            if (const auto x = number(row[i])) {
                v.sum += *x;
                v.max = std::max(v.max, *x);
            }
        m_metrics[name] = v;
    }

    Region& regionNamed(const std::string& name)
    {
        for (auto& r : regions)
            if (r.name == name)
                return r;
        Region r;
        r.name = name;
        r.file = file;
        r.line = m_line;
        regions.push_back(std::move(r));
        return regions.back();
    }

    std::string m_region;
    int m_line = 0;
    bool m_inMetrics = false;
    std::vector<std::string> m_header;
    std::map<std::string, Value> m_metrics;
    std::set<std::string> m_stat;
};

/// "1 region has <what>, not on the roofline: 'solve' (line 14: <detail>), ...".
std::string regionNote(const std::vector<std::pair<const Region*, std::string>>& rs, const std::string& what)
{
    return std::to_string(rs.size()) + (rs.size() == 1 ? " region has " : " regions have ") + what + kNotOnTheRoofline
        + firstOf(rs.size(), 5, [&](std::size_t i) {
              const Region& r = *rs[i].first;
              return quoted(r.name) + " (" + (r.file.empty() ? std::string() : r.file + " ") + "line "
                  + std::to_string(r.line) + ": " + rs[i].second + ")";
          });
}

std::string flopsDetail(const Region& r)
{
    std::string d = formatQuantity(*r.flops, Dimension::Flops) + " " + precisionLabel(r.precision) + " in "
        + formatQuantity(*r.flopSeconds, Dimension::Time) + ", "
        + formatQuantity(*r.flops / *r.flopSeconds, Dimension::FlopRate);
    if (r.l3Bytes && *r.l3Bytes > 0)
        d += "; " + formatQuantity(*r.flops / *r.l3Bytes, Dimension::Intensity) + " at L3";
    if (r.l2Bytes && *r.l2Bytes > 0)
        d += "; " + formatQuantity(*r.flops / *r.l2Bytes, Dimension::Intensity) + " at L2";
    for (const auto& [channels, bytes] : r.channels) // one of MEM1 and MEM2: half the memory
        d += "; memory channels " + channels + " only: " + formatQuantity(bytes, Dimension::Bytes);
    return d;
}

std::string bytesDetail(const Region& r)
{
    const bool mem = r.memBytes.has_value();
    const bool part = !mem && !r.l3Bytes && !r.l2Bytes && !r.channels.empty();
    const double bytes = mem ? *r.memBytes
        : r.l3Bytes          ? *r.l3Bytes
        : r.l2Bytes          ? *r.l2Bytes
        : part               ? r.channels.begin()->second
                             : 0;
    const std::optional<double> seconds = r.bytesSeconds;
    std::string d = (mem                ? "memory "
                            : r.l3Bytes ? "L3 "
                            : r.l2Bytes ? "L2 "
                            : part      ? "memory channels " + r.channels.begin()->first + " "
                                        : "")
        + formatQuantity(bytes, Dimension::Bytes);
    if (seconds && *seconds > 0)
        d += " in " + formatQuantity(*seconds, Dimension::Time) + ", "
            + formatQuantity(bytes / *seconds, Dimension::ByteRate);
    return d;
}

} // namespace

bool looksLikeLikwidPerfctr(std::string_view text)
{
    const std::string_view head = text.substr(0, 64 * 1024);
    return head.find("+---") != head.npos && head.find("Runtime (RDTSC) [s]") != head.npos;
}

Result<KernelImport> parseLikwidPerfctr(std::string_view text, const std::string& file)
{
    return parseLikwidPerfctrRuns({{file, text}});
}

Result<KernelImport> parseLikwidPerfctrRuns(const std::vector<LikwidOutput>& outputs)
{
    Reader reader;
    for (const LikwidOutput& output : outputs) {
        reader.file = outputs.size() > 1 ? output.file : std::string();
        int lineNo = 0;
        for (std::size_t at = 0; at < output.text.size();) {
            std::size_t end = output.text.find('\n', at);
            if (end == output.text.npos)
                end = output.text.size();
            std::string_view line = output.text.substr(at, end - at);
            if (!line.empty() && line.back() == '\r')
                line.remove_suffix(1);
            reader.line(line, ++lineNo);
            at = end + 1;
        }
        reader.commit();
    }
    std::string file;
    for (const LikwidOutput& output : outputs)
        file += (file.empty() ? "" : " + ") + output.file;
    if (reader.regions.empty())
        return Error {file, 0, 0, "likwid-perfctr output with no 'Group N: NAME' tables"};
    KernelImport out;
    out.source = "likwid-perfctr";
    out.device = reader.device;
    out.suggestedHardware = hardwareForCpuName(reader.device);
    std::vector<std::pair<const Region*, std::string>> noMemory, noFlops, cacheOnly, zeroFlops;
    for (const Region& r : reader.regions) {
        const bool flops = r.flops && *r.flops > 0;
        if (flops && r.memBytes && *r.memBytes > 0) {
            Kernel k;
            k.name = r.name;
            k.flops = *r.flops;
            k.bytes = *r.memBytes;
            k.time = r.flopSeconds;
            k.precision = r.precision;
            k.unit = ComputeUnit::Vector; // the cores' SIMD units
            if (r.l3Bytes && *r.l3Bytes > 0)
                k.levelBytes.emplace_back("L3", *r.l3Bytes);
            if (r.l2Bytes && *r.l2Bytes > 0)
                k.levelBytes.emplace_back("L2", *r.l2Bytes);
            if (auto why = validateKernel(k)) {
                out.rejected.push_back({file, r.line, 0, *why});
                continue;
            }
            out.kernels.push_back(std::move(k));
            out.lines.push_back(r.line);
        } else if (flops) {
            noMemory.emplace_back(&r, flopsDetail(r));
        } else if (r.flops && (r.memBytes || r.l3Bytes || r.l2Bytes || !r.channels.empty())) {
            zeroFlops.emplace_back(&r, bytesDetail(r));
        } else if (r.memBytes) {
            noFlops.emplace_back(&r, bytesDetail(r));
        } else if (r.l3Bytes || r.l2Bytes || !r.channels.empty()) {
            cacheOnly.emplace_back(&r, bytesDetail(r));
        }
    }
    // Each note asks for every group a point still needs, so following it ends in a point.
    if (!noMemory.empty())
        out.warnings.push_back(regionNote(noMemory,
            "FLOPs but no memory volume (add a MEM run of the same program, MEM1+MEM2 on AMD Zen 2/3; open it "
            "with this file or append it)"));
    if (!noFlops.empty())
        out.warnings.push_back(regionNote(noFlops,
            "bytes but no FLOPs (add a FLOPS_DP or FLOPS_SP run of the same program; open it with this file or "
            "append it)"));
    if (!cacheOnly.empty())
        out.warnings.push_back(regionNote(cacheOnly,
            "no FLOPs and no memory volume (a point needs both: add FLOPS_DP and MEM runs of the same program, "
            "MEM1+MEM2 on AMD Zen 2/3; open them with this file or append them)"));
    if (!zeroFlops.empty())
        out.warnings.push_back(regionNote(zeroFlops, "no floating-point work (0 FLOPs)"));
    if (out.kernels.empty() && out.rejected.empty() && out.warnings.empty())
        return Error {file, 0, 0,
            "this likwid-perfctr output has no FLOP or data volume metrics (groups FLOPS_DP, FLOPS_SP, MEM, L3, L2)"};
    return out;
}

} // namespace roofline
