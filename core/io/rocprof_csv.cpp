// SPDX-License-Identifier: MIT
// The kernels of a rocprof-compute pmc_perf.csv: each dispatch's counters through the formulas
// rocprof-compute's roofline uses (src/utils/roofline_calc.py), dispatches summed by name when
// asked.
#include "core/io/rocprof_csv.h"

#include "core/common/text.h"
#include "core/io/csv.h"
#include "core/io/launch_sums.h"
#include "core/io/precision_flops.h"
#include "core/io/text_file.h"
#include "core/model/units.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>

namespace roofline {
namespace {

constexpr int kNone = -1;

bool firstLineHas(std::string_view text, std::initializer_list<std::string_view> words)
{
    const std::string_view line = text.substr(0, text.find('\n'));
    return std::all_of(words.begin(), words.end(), [&](std::string_view w) { return line.find(w) != line.npos; });
}

/// The counter columns the import reads, found once in the header.
struct Columns {
    explicit Columns(const std::vector<std::string_view>& header)
    {
        for (std::size_t i = 0; i < header.size(); ++i)
            m_index.emplace(std::string(trimView(header[i])), static_cast<int>(i));
        // rocprof-compute's pmc_perf.csv, or rocprof v1's results.csv (Index, KernelName, the
        // counters asked for, BeginNs/EndNs with --timestamp on, FETCH_SIZE/WRITE_SIZE in KiB).
        v1 = at("Kernel_Name") == kNone && at("KernelName") != kNone;
        name = at(v1 ? "KernelName" : "Kernel_Name");
        dispatch = at(v1 ? "Index" : "Dispatch_ID");
        start = at(v1 ? "BeginNs" : "Start_Timestamp");
        end = at(v1 ? "EndNs" : "End_Timestamp");
        fetchKiB = at("FETCH_SIZE");
        writeKiB = at("WRITE_SIZE");
        static const std::array<std::pair<const char*, Precision>, 3> valu {
            {{"F16", Precision::FP16}, {"F32", Precision::FP32}, {"F64", Precision::FP64}}};
        for (const auto& [suffix, p] : valu)
            for (const char* op : {"ADD", "MUL", "FMA", "TRANS"})
                addFlops(
                    std::string("SQ_INSTS_VALU_") + op + "_" + suffix, p, op == std::string("FMA") ? 128 : 64, false);
        static const std::array<std::pair<const char*, Precision>, 5> mfma {{{"F16", Precision::FP16},
            {"BF16", Precision::BF16}, {"F32", Precision::FP32}, {"F64", Precision::FP64}, {"I8", Precision::INT8}}};
        for (const auto& [suffix, p] : mfma)
            addFlops(std::string("SQ_INSTS_VALU_MFMA_MOPS_") + suffix, p, 512, true);
        // MI300 (gfx94x) counts at TCC_EA0 and has TCC_BUBBLE (128-byte reads); MI100/MI200 at TCC_EA.
        const char* ea = at("TCC_EA0_RDREQ_sum") != kNone ? "TCC_EA0_" : "TCC_EA_";
        rdreq = at(std::string(ea) + "RDREQ_sum");
        rdreq32 = at(std::string(ea) + "RDREQ_32B_sum");
        wrreq = at(std::string(ea) + "WRREQ_sum");
        wrreq64 = at(std::string(ea) + "WRREQ_64B_sum");
        bubble = ea == std::string("TCC_EA0_") ? at("TCC_BUBBLE_sum") : kNone;
    }

    /// What a roofline needs and the header lacks, for the error message ("" when nothing).
    std::string missing() const
    {
        std::string m;
        auto need = [&](bool ok, const std::string& what) {
            if (!ok)
                m += std::string(m.empty() ? "" : "; ") + what;
        };
        need(name != kNone, "Kernel_Name");
        // rocprof v1 kernels with bytes and no FLOP counters are reported, not refused.
        need(!flops.empty() || (v1 && fetchBytes()),
            "FLOP counters (SQ_INSTS_VALU_{ADD,MUL,FMA,TRANS}_F16/F32/F64, SQ_INSTS_VALU_MFMA_MOPS_*)");
        need((rdreq != kNone && wrreq != kNone) || fetchBytes(),
            "HBM request counters (TCC_EA_RDREQ_sum and TCC_EA_WRREQ_sum, or TCC_EA0_*"
                + std::string(v1 ? ", or FETCH_SIZE and WRITE_SIZE)" : ")"));
        return m;
    }
    /// Bytes from rocprof's derived FETCH_SIZE + WRITE_SIZE (KiB) rather than the TCC requests.
    bool fetchBytes() const { return (rdreq == kNone || wrreq == kNone) && fetchKiB != kNone && writeKiB != kNone; }

    struct Flops {
        int column;
        Precision precision;
        double perCount; ///< FLOP per counted instruction (a wave of 64 lanes; an FMA is two)
        bool matrix; ///< an MFMA counter (else VALU)
    };
    std::vector<Flops> flops;
    int name = kNone, dispatch = kNone, start = kNone, end = kNone;
    int rdreq = kNone, rdreq32 = kNone, wrreq = kNone, wrreq64 = kNone, bubble = kNone;
    int fetchKiB = kNone, writeKiB = kNone;
    bool v1 = false;

private:
    int at(const std::string& column) const
    {
        const auto it = m_index.find(column);
        return it == m_index.end() ? kNone : it->second;
    }
    void addFlops(const std::string& column, Precision p, double perCount, bool matrix)
    {
        if (const int c = at(column); c != kNone)
            flops.push_back({c, p, perCount, matrix});
    }
    std::map<std::string, int> m_index;
};

/// One dispatch's counters, or the first cell that is not a number.
class Row {
public:
    Row(const std::vector<std::string_view>& fields, const std::vector<std::string_view>& header)
        : m_fields(fields)
        , m_header(header)
    { }
    /// The counter in `column` (0 when the file has no such column or leaves it empty).
    double operator()(int column)
    {
        if (column == kNone || static_cast<std::size_t>(column) >= m_fields.size())
            return 0.0;
        const std::string_view v = trimView(m_fields[column]);
        double d = 0;
        const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), d);
        if (v.empty())
            return 0.0;
        if ((ec != std::errc() || end != v.data() + v.size() || !std::isfinite(d) || d < 0) && m_bad.empty())
            m_bad = printable(m_header[column]) + " is " + roofline::quoted(v) + ", not a count";
        return d;
    }
    const std::string& bad() const { return m_bad; }

private:
    const std::vector<std::string_view>& m_fields;
    const std::vector<std::string_view>& m_header;
    std::string m_bad;
};

/// A dispatch as counted, before it is placed or summed.
struct Dispatch {
    std::string name, id;
    int line = 0;
    PrecisionFlops flops;
    double bytes = 0;
    std::optional<double> seconds;
    bool counted = true; ///< the file has FLOP counters
};

Dispatch countDispatch(const Columns& c, Row& row, const std::vector<std::string_view>& fields, int line)
{
    Dispatch d;
    d.name = std::string(trimView(fields.at(c.name)));
    d.id = c.dispatch != kNone && static_cast<std::size_t>(c.dispatch) < fields.size()
        ? std::string(trimView(fields[c.dispatch]))
        : std::to_string(line);
    d.line = line;
    for (const auto& f : c.flops) {
        const double v = f.perCount * row(f.column);
        if (f.matrix)
            d.flops.addMatrix(f.precision, v);
        else
            d.flops[f.precision] += v;
    }
    const double rd = row(c.rdreq), rd32 = row(c.rdreq32), bubble = row(c.bubble);
    const double wr = row(c.wrreq), wr64 = row(c.wrreq64);
    d.bytes
        = 128 * bubble + 32 * rd32 + 64 * std::max(0.0, rd - bubble - rd32) + 64 * wr64 + 32 * std::max(0.0, wr - wr64);
    if (c.fetchBytes())
        d.bytes = 1024 * (row(c.fetchKiB) + row(c.writeKiB)); // rocprof's metrics.xml: KiB of video memory
    d.counted = !c.flops.empty();
    const double t0 = row(c.start), t1 = row(c.end);
    if (c.start != kNone && c.end != kNone && t1 > t0)
        d.seconds = (t1 - t0) * 1e-9;
    return d;
}

/// Dispatches summed into kernels (one per dispatch, or per name), each judged by the precision
/// that did most of its work.
class Sums {
public:
    explicit Sums(bool aggregate)
        : m_sums(aggregate)
        , m_aggregate(aggregate)
    { }
    void add(const Dispatch& d)
    {
        if (!d.counted)
            return m_uncounted.push_back(d);
        if (!(d.flops.total() > 0))
            return m_noFlops.push_back(d);
        if (!(d.bytes > 0))
            return m_noBytes.push_back(d);
        Sum& s = m_sums.sumFor(d.name, d.id, d.line);
        s.k.bytes += d.bytes;
        s.k.launches += 1;
        s.flops += d.flops;
        if (d.seconds && s.k.time)
            *s.k.time += *d.seconds;
        else
            s.k.time.reset();
    }
    void finish(KernelImport& out)
    {
        LeftOutPrecisions leftOut;
        for (auto& s : m_sums.all()) {
            s.k.precision = s.flops.top();
            s.k.flops = s.flops[*s.k.precision];
            s.k.unit = s.flops.unitOf(*s.k.precision);
            leftOut.add(s.k.name, s.flops);
            out.kernels.push_back(std::move(s.k));
            out.lines.push_back(s.line);
        }
        // What such a dispatch did still tells something: its HBM traffic and the rate it ran at.
        const std::function<std::string(const Dispatch&)> traffic = [](const Dispatch& d) {
            if (!(d.bytes > 0))
                return std::string();
            std::string t = ": " + formatQuantity(d.bytes, Dimension::Bytes);
            if (d.seconds)
                t += " in " + formatQuantity(*d.seconds, Dimension::Time) + ", "
                    + formatQuantity(d.bytes / *d.seconds, Dimension::ByteRate);
            return t;
        };
        for (const Dispatch& d : m_uncounted) // the window offers to type their FLOPs
            if (d.bytes > 0)
                addFlopsUnknown(out.flopsUnknown, m_aggregate, m_aggregate ? d.name : d.name + " #" + d.id, d.line,
                    d.bytes, d.seconds);
        if (!m_uncounted.empty())
            out.warnings.push_back(launchNote(m_uncounted, "dispatch",
                "bytes and time but no FLOP counters in this export (add SQ_INSTS_VALU_ADD_F32, _MUL_, _FMA_ ... "
                "to rocprof's pmc: line)",
                kNotOnTheRoofline, traffic));
        if (!m_noFlops.empty())
            out.warnings.push_back(
                launchNote(m_noFlops, "dispatch", "no floating-point work (0 FLOPs)", kNotOnTheRoofline, traffic));
        if (!m_noBytes.empty())
            out.warnings.push_back(launchNote(m_noBytes, "dispatch", "no HBM bytes (an infinite intensity)"));
        if (const std::string note = leftOut.note(); !note.empty())
            out.warnings.push_back(note);
    }

private:
    struct Sum {
        Kernel k;
        int line = 0;
        PrecisionFlops flops;
    };
    LaunchSums<Sum> m_sums;
    bool m_aggregate = false;
    std::vector<Dispatch> m_noFlops, m_noBytes, m_uncounted;
};

} // namespace

bool looksLikeRocprofPmcPerf(std::string_view text)
{
    const bool counters = firstLineHas(text, {"SQ_"}) || firstLineHas(text, {"TCC_"})
        || firstLineHas(text, {"FETCH_SIZE"}) || firstLineHas(text, {"WRITE_SIZE"});
    return counters
        && (firstLineHas(text, {"Dispatch_ID", "Kernel_Name"}) || firstLineHas(text, {"Index,KernelName,gpu-id"}));
}

bool looksLikeRocprofSysinfo(std::string_view text)
{
    return firstLineHas(text, {"workload_name", "hbm_bw"});
}

Result<KernelImport> parseRocprofPmcPerf(std::string_view text, const std::string& file, bool aggregate)
{
    CsvReader reader(text, ',');
    if (!reader.next())
        return Error {file, 1, 0, "empty file"};
    const std::vector<std::string> headerText(reader.fields().begin(), reader.fields().end());
    const std::vector<std::string_view> header(headerText.begin(), headerText.end());
    const Columns columns(header);
    if (const std::string missing = columns.missing(); !missing.empty())
        return Error {file, 1, 0,
            std::string(columns.v1 ? "this rocprof export" : "this rocprof-compute export")
                + " lacks the counters a roofline needs: " + missing
                + "; collect them with: rocprof-compute profile --roof-only -n NAME -- ./app"};
    KernelImport out;
    out.source = columns.v1 ? "rocprof results" : "rocprof-compute pmc_perf";
    Sums sums(aggregate);
    while (reader.next()) {
        const auto& fields = reader.fields();
        if (static_cast<std::size_t>(columns.name) >= fields.size()) {
            out.rejected.push_back({file, reader.line(), 0,
                "the row has " + std::to_string(fields.size()) + " cells; the header has "
                    + std::to_string(header.size())});
            continue;
        }
        Row row(fields, header);
        const Dispatch d = countDispatch(columns, row, fields, reader.line());
        if (!row.bad().empty()) {
            out.rejected.push_back({file, reader.line(), 0, row.bad()});
            continue;
        }
        sums.add(d);
    }
    if (reader.unterminatedQuoteLine())
        return Error {file, reader.unterminatedQuoteLine(), 0, "a quote is never closed (the file may be cut short)"};
    sums.finish(out);
    return out;
}

std::string hardwareForAmdGpuModel(const std::string& gpuModel)
{
    std::string m;
    for (char c : gpuModel)
        m += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    static const std::array<std::pair<const char*, const char*>, 4> known {
        {{"MI300X", "mi300x"}, {"MI300A", "mi300a"}, {"MI325X", "mi325x"}, {"MI250X", "mi250x"}}};
    for (const auto& [model, id] : known)
        if (m.rfind(model, 0) == 0)
            return id;
    return {};
}

void addRocprofSysinfo(KernelImport& imported, const std::string& pmcPerfPath)
{
    if (imported.source.rfind("rocprof", 0) != 0 || !imported.device.empty())
        return;
    // rocprof-compute writes sysinfo.csv beside pmc_perf.csv; a copy renamed with a prefix
    // ("run1_pmc_perf.csv") keeps its sysinfo under the same prefix ("run1_sysinfo.csv").
    const std::filesystem::path pmc(pmcPerfPath);
    std::vector<std::filesystem::path> candidates;
    if (std::string name = pmc.filename().string(); name.find("pmc_perf") != std::string::npos)
        candidates.push_back(pmc.parent_path() / name.replace(name.find("pmc_perf"), 8, "sysinfo"));
    candidates.push_back(pmc.parent_path() / "sysinfo.csv");
    Result<std::string> text = Error {};
    for (const auto& path : candidates)
        if ((text = readTextFile(path.string(), 1 << 20)) && looksLikeRocprofSysinfo(text.value()))
            break;
    if (!text || !looksLikeRocprofSysinfo(text.value()))
        return;
    const CsvTable table = readCsv(text.value(), ',');
    if (table.rows.size() < 2)
        return;
    const auto& head = table.rows[0].fields;
    const auto& row = table.rows[1].fields;
    auto cell = [&](const char* name) -> std::string {
        const auto it = std::find(head.begin(), head.end(), name);
        const auto i = static_cast<std::size_t>(it - head.begin());
        return it == head.end() || i >= row.size() ? std::string() : std::string(trimView(row[i]));
    };
    const std::string model = cell("gpu_model");
    if (model.empty())
        return;
    imported.device = model;
    if (const std::string arch = cell("gpu_arch"); !arch.empty())
        imported.device += ", " + arch;
    if (const std::string cus = cell("cu_per_gpu"); !cus.empty())
        imported.device += ", " + cus + " CUs";
    imported.suggestedHardware = hardwareForAmdGpuModel(model);
}

} // namespace roofline
