// SPDX-License-Identifier: MIT
#include "core/io/ncu_csv.h"

#include "core/common/text.h"
#include "core/io/csv.h"
#include "core/io/kernel_fields.h"
#include "core/model/units.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>

namespace roofline {
namespace {

// The header line: the first CSV line with both "ID" and "Kernel Name" fields.
std::optional<size_t> headerOffset(std::string_view text)
{
    size_t pos = 0;
    while (pos < text.size()) {
        size_t end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        const std::string_view line(text.data() + pos, end - pos);
        if (line.find("\"ID\"") != std::string_view::npos && line.find("Kernel Name") != std::string_view::npos)
            return pos;
        if (line.rfind("ID,", 0) == 0 && line.find("Kernel Name") != std::string_view::npos)
            return pos;
        pos = end + 1;
    }
    return std::nullopt;
}

int lineOf(std::string_view text, size_t offset)
{
    return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(offset), '\n'));
}

// Decimal separator of the file: '.' (1,234.5) or ',' (1.234,5), from the evidence of all values.
struct DecimalVote {
    int dot = 0, comma = 0;
    void add(std::string_view v)
    {
        const auto npos = std::string_view::npos;
        const auto d = v.find('.'), c = v.find(',');
        const auto dl = v.rfind('.'), cl = v.rfind(',');
        if (d != npos && c != npos) {
            (dl > cl ? dot : comma) += 3; // the last separator is the decimal one
        } else if (d != npos && d != dl) {
            comma += 2; // 27.595.520: dots group thousands
        } else if (c != npos && c != cl) {
            dot += 2; // 1,215,000: commas group thousands
        } else if (c != npos) {
            const size_t after = v.size() - c - 1;
            (after == 3 ? dot : comma) += 1; // "1,234" reads as thousands; "0,5" as a decimal comma
        } else if (d != npos) {
            const size_t after = v.size() - d - 1;
            (after == 3 ? comma : dot) += 1;
        }
    }
    char separator() const { return comma > dot ? ',' : '.'; }
};

std::optional<double> number(std::string_view v, char decimal)
{
    v = trimView(v);
    if (v.empty() || v == "n/a" || v == "N/A" || v == "-")
        return std::nullopt;
    std::string clean;
    for (char c : v) {
        if (c == decimal)
            clean += '.';
        else if (c == ',' || c == '.' || c == ' ' || c == '\'')
            continue; // thousands separators
        else
            clean += c;
    }
    double d = 0;
    const auto [end, ec] = std::from_chars(clean.data(), clean.data() + clean.size(), d);
    if (ec != std::errc() || end != clean.data() + clean.size() || !std::isfinite(d))
        return std::nullopt;
    return d;
}

// ncu units, normalised to SI (byte, second, FLOP-free counts): "Kbyte" = 1e3 byte, "usecond" = 1e-6 s.
double unitScale(const std::string& unitRaw)
{
    const std::string u = toLower(trimmed(unitRaw));
    if (u.empty())
        return 1.0;
    struct P {
        const char* prefix;
        double scale;
    };
    static const P big[] = {{"k", 1e3}, {"m", 1e6}, {"g", 1e9}, {"t", 1e12}, {"p", 1e15}};
    for (const char* base : {"byte", "sector", "inst", "cycle", "hz", "warp", "request", "wavefront"}) {
        const std::string b(base);
        if (u == b || u == b + "s")
            return 1.0;
        for (const P& p : big)
            if (u == p.prefix + b || u == p.prefix + b + "s")
                return b == "sector" ? p.scale : p.scale;
    }
    if (u == "second")
        return 1.0;
    if (u == "msecond")
        return 1e-3;
    if (u == "usecond")
        return 1e-6;
    if (u == "nsecond")
        return 1e-9;
    return 1.0; // %, ratio, ...
}

bool endsWith(const std::string& s, const std::string& suffix)
{
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::optional<Precision> tensorPrecision(const std::string& src)
{
    // In this order: "fp4_fp6_fp8" (Blackwell's shared pipe) counts as FP8, before "fp4".
    static const std::pair<const char*, Precision> kinds[]
        = {{"fp8", Precision::FP8}, {"fp4", Precision::FP4}, {"bf16", Precision::BF16}, {"tf32", Precision::TF32},
            {"fp16", Precision::FP16}, {"int8", Precision::INT8}, {"fp64", Precision::FP64}};
    for (const auto& [name, precision] : kinds)
        if (src.find(name) != std::string::npos)
            return precision;
    return std::nullopt;
}

/// The distinct metric names of one export, each with a small number: a launch keeps its values
/// as (number, value) pairs, not a map of strings (10^6 launches x a dozen metrics).
class MetricNames {
public:
    int intern(std::string_view name)
    {
        if (auto it = m_ids.find(std::string(name)); it != m_ids.end())
            return it->second;
        m_names.emplace_back(name);
        m_ids.emplace(m_names.back(), static_cast<int>(m_names.size() - 1));
        return static_cast<int>(m_names.size() - 1);
    }
    /// -1 when no launch has it.
    int find(const std::string& name) const
    {
        const auto it = m_ids.find(name);
        return it == m_ids.end() ? -1 : it->second;
    }
    const std::string& name(int id) const { return m_names[static_cast<size_t>(id)]; }
    int size() const { return static_cast<int>(m_names.size()); }
    /// Ids in the order of their names (sums over several metrics add in one fixed order).
    std::vector<int> sortedIds() const
    {
        std::vector<int> ids(m_names.size());
        for (size_t i = 0; i < ids.size(); ++i)
            ids[i] = static_cast<int>(i);
        std::sort(ids.begin(), ids.end(), [&](int a, int b) { return name(a) < name(b); });
        return ids;
    }

private:
    std::deque<std::string> m_names; ///< stable: m_ids' keys are copies, ids index this
    std::unordered_map<std::string, int> m_ids;
};

struct Launch {
    std::string id;
    std::string name;
    std::string device; ///< set where it changes from the launch before (one name, 10^6 launches)
    int line = 0;
    std::vector<std::pair<int, double>> metrics; ///< (MetricNames id, SI value)

    void set(int metric, double value)
    {
        for (auto& [m, v] : metrics)
            if (m == metric) {
                v = value; // a repeated row: the last one counts, as before
                return;
            }
        metrics.emplace_back(metric, value);
    }
    std::optional<double> get(int metric) const
    {
        if (metric >= 0)
            for (const auto& [m, v] : metrics)
                if (m == metric)
                    return v;
        return std::nullopt;
    }
};

constexpr std::size_t kPrecisions = static_cast<std::size_t>(Precision::INT8) + 1;

/// The metrics the import reads, looked up once per file.
struct KnownMetrics {
    explicit KnownMetrics(const MetricNames& n)
    {
        auto id = [&](const char* name) { return n.find(name); };
        static const char* const ops[] = {"dadd", "dmul", "dfma", "fadd", "fmul", "ffma", "hadd", "hmul", "hfma"};
        for (size_t o = 0; o < 9; ++o)
            for (size_t p = 0; p < 2; ++p)
                sass[o][p] = n.find(std::string(p == 0 ? "sm__" : "smsp__") + "sass_thread_inst_executed_op_" + ops[o]
                    + "_pred_on.sum");
        tensorInst[0] = id("sm__inst_executed_pipe_tensor.sum");
        tensorInst[1] = id("smsp__inst_executed_pipe_tensor.sum");
        dramBytes = id("dram__bytes.sum");
        dramRead = id("dram__bytes_read.sum");
        dramWrite = id("dram__bytes_write.sum");
        dramSectors = id("dram__sectors.sum");
        l2Bytes = id("lts__t_bytes.sum");
        l2Sectors = id("lts__t_sectors.sum");
        l1Bytes = id("l1tex__t_bytes.sum");
        timeSum = id("gpu__time_duration.sum");
        timeAvg = id("gpu__time_duration.avg");
        cycles = id("sm__cycles_elapsed.avg");
        cyclesPerSecond = id("sm__cycles_elapsed.avg.per_second");
        // Tensor-core operations: sm__ops_path_tensor_src_*.sum (not the per-op breakdowns), by
        // precision, in name order.
        const std::string prefix = "sm__ops_path_tensor_src_";
        for (int i : n.sortedIds()) {
            const std::string& name = n.name(i);
            if (name.rfind(prefix, 0) == 0 && endsWith(name, ".sum") && name.find("_op_") == std::string::npos)
                tensorOps.emplace_back(i, tensorPrecision(name.substr(prefix.size())).value_or(Precision::FP16));
        }
    }
    int sass[9][2]; ///< {dadd, dmul, dfma, fadd, fmul, ffma, hadd, hmul, hfma} x {sm__, smsp__}
    int tensorInst[2];
    int dramBytes, dramRead, dramWrite, dramSectors, l2Bytes, l2Sectors, l1Bytes;
    int timeSum, timeAvg, cycles, cyclesPerSecond;
    std::vector<std::pair<int, Precision>> tensorOps;
};

std::optional<double> metric(const Launch& l, std::initializer_list<int> ids)
{
    for (int id : ids)
        if (auto v = l.get(id))
            return v;
    return std::nullopt;
}

// A SASS counter under the sm__ or smsp__ prefix.
double sass(const Launch& l, const int (&ids)[2], bool& found)
{
    for (int id : ids)
        if (auto v = l.get(id)) {
            found = true;
            return *v;
        }
    return 0.0;
}

struct Work {
    double flops = 0.0;
    std::array<double, kPrecisions> byPrecision {}; ///< indexed by Precision
    bool anyFlopMetric = false;
    double& at(Precision p) { return byPrecision[static_cast<size_t>(p)]; }
};

Work countWork(const Launch& l, const KnownMetrics& m)
{
    Work w;
    bool found = false;
    // CUDA cores: an FMA is two FLOPs. FP16 counts half2 lanes as NCU 2025's Half chart does:
    // 2 x hadd + 2 x hmul + 4 x hfma.
    const double fp64 = sass(l, m.sass[0], found) + sass(l, m.sass[1], found) + 2 * sass(l, m.sass[2], found);
    const double fp32 = sass(l, m.sass[3], found) + sass(l, m.sass[4], found) + 2 * sass(l, m.sass[5], found);
    const double fp16 = 2 * sass(l, m.sass[6], found) + 2 * sass(l, m.sass[7], found) + 4 * sass(l, m.sass[8], found);
    w.anyFlopMetric = found;
    w.at(Precision::FP64) += fp64;
    w.at(Precision::FP32) += fp32;
    w.at(Precision::FP16) += fp16;
    // Tensor cores: the aggregate sm__ops_path_tensor_src_* counters are already operations.
    bool tensorOps = false;
    for (const auto& [id, precision] : m.tensorOps)
        if (auto v = l.get(id)) {
            tensorOps = true;
            w.anyFlopMetric = true;
            w.at(precision) += *v;
        }
    // Volta-era: 512 FLOPs per tensor instruction (FP16 HMMA), as NERSC's scripts count.
    if (!tensorOps)
        if (auto inst = metric(l, {m.tensorInst[0], m.tensorInst[1]})) {
            w.anyFlopMetric = true;
            w.at(Precision::FP16) += 512.0 * *inst;
        }
    for (double v : w.byPrecision)
        w.flops += v;
    return w;
}

std::optional<double> dramBytes(const Launch& l, const KnownMetrics& m)
{
    if (auto b = l.get(m.dramBytes))
        return b;
    auto r = l.get(m.dramRead);
    auto w = l.get(m.dramWrite);
    if (r || w)
        return r.value_or(0) + w.value_or(0);
    if (auto s = l.get(m.dramSectors))
        return *s * 32.0;
    return std::nullopt;
}

std::optional<double> l2Bytes(const Launch& l, const KnownMetrics& m)
{
    if (auto b = l.get(m.l2Bytes))
        return b;
    if (auto s = l.get(m.l2Sectors))
        return *s * 32.0;
    return std::nullopt;
}

std::optional<double> l1Bytes(const Launch& l, const KnownMetrics& m)
{
    return l.get(m.l1Bytes);
}

std::optional<double> duration(const Launch& l, const KnownMetrics& m)
{
    if (auto t = metric(l, {m.timeSum, m.timeAvg}))
        return t;
    auto cycles = l.get(m.cycles);
    auto rate = l.get(m.cyclesPerSecond);
    if (cycles && rate && *rate > 0)
        return *cycles / *rate;
    return std::nullopt;
}

} // namespace

std::string ncuCommandLine()
{
    return "ncu --csv --print-units base --metrics "
           "gpu__time_duration.sum,dram__bytes.sum,lts__t_bytes.sum,l1tex__t_bytes.sum,"
           "sm__sass_thread_inst_executed_op_dadd_pred_on.sum,sm__sass_thread_inst_executed_op_dmul_pred_on.sum,"
           "sm__sass_thread_inst_executed_op_dfma_pred_on.sum,sm__sass_thread_inst_executed_op_fadd_pred_on.sum,"
           "sm__sass_thread_inst_executed_op_fmul_pred_on.sum,sm__sass_thread_inst_executed_op_ffma_pred_on.sum,"
           "sm__sass_thread_inst_executed_op_hadd_pred_on.sum,sm__sass_thread_inst_executed_op_hmul_pred_on.sum,"
           "sm__sass_thread_inst_executed_op_hfma_pred_on.sum,sm__inst_executed_pipe_tensor.sum ./your-app "
           "(or: ncu --set roofline --csv ./your-app)";
}

std::string hardwareForDeviceName(const std::string& deviceRaw)
{
    const std::string d = toLower(deviceRaw);
    auto has = [&](const char* s) { return d.find(s) != std::string::npos; };
    if (has("gb200"))
        return "gb200";
    if (has("b200"))
        return "b200";
    if (has("h200"))
        return "h200-sxm";
    if (has("h100"))
        return has("pcie") ? "h100-pcie" : "h100-sxm5";
    if (has("a100"))
        return has("pcie") || has("40gb") ? "a100-pcie-40gb" : "a100-sxm4-80gb";
    if (has("v100"))
        return "v100-sxm2";
    if (has("l40s"))
        return "l40s";
    if (has(" l4") || has("nvidia l4"))
        return "l4";
    if (has("4090"))
        return "rtx-4090";
    return {};
}

bool looksLikeNcuCsv(std::string_view text)
{
    return headerOffset(text.substr(0, std::min<size_t>(text.size(), 1 << 20))).has_value();
}

namespace {
struct NcuTable {
    MetricNames names;
    std::vector<Launch> launches;
    std::string source;
    char decimal = '.';
    int headerLine = 0;
};

// Every launch of the export with its metrics in SI units. The rows are streamed twice (the
// decimal separator needs every value first); no row is kept as strings.
Result<NcuTable> readNcuTable(std::string_view text, const std::string& file)
{
    const auto start = headerOffset(text);
    if (!start)
        return Error {file, 0, 0, "not an Nsight Compute CSV: no header row with \"ID\" and \"Kernel Name\""};
    const int lineBase = lineOf(text, *start) - 1;
    const std::string_view body = text.substr(*start);
    CsvReader headerReader(body, ',');
    headerReader.next();
    const std::vector<std::string> header(headerReader.fields().begin(), headerReader.fields().end());
    auto col = [&](const char* name) -> int {
        for (size_t i = 0; i < header.size(); ++i)
            if (trimView(header[i]) == name)
                return static_cast<int>(i);
        return -1;
    };
    const int cId = col("ID"), cName = col("Kernel Name"), cDevice = col("Device");
    const int cMetric = col("Metric Name"), cUnit = col("Metric Unit"), cValue = col("Metric Value");
    const bool details = cMetric >= 0 && cValue >= 0;
    std::vector<bool> metricColumn(header.size());
    for (size_t c = 0; c < header.size(); ++c)
        metricColumn[c] = header[c].find("__") != std::string::npos;
    auto field = [](const std::vector<std::string_view>& r, int c) {
        return c >= 0 && c < static_cast<int>(r.size()) ? r[static_cast<size_t>(c)] : std::string_view();
    };

    NcuTable result;
    result.source = details ? "ncu details" : "ncu raw";
    result.headerLine = lineBase + 1;

    // First pass: the decimal separator, from every value in the file; and --page raw's units row.
    DecimalVote vote;
    std::vector<std::string> units;
    {
        CsvReader reader(body, ',');
        reader.next(); // the header
        bool first = true;
        while (reader.next()) {
            const auto& row = reader.fields();
            if (first && !details && trimView(field(row, cId)).empty()) {
                units.assign(row.begin(), row.end()); // --page raw: the units row
                first = false;
                continue;
            }
            first = false;
            if (details) {
                vote.add(field(row, cValue));
            } else {
                for (size_t c = 0; c < row.size() && c < header.size(); ++c)
                    if (metricColumn[c])
                        vote.add(row[c]);
            }
        }
    }
    const char decimal = vote.separator();
    result.decimal = decimal;

    // ncu writes a handful of distinct units: each is scaled once.
    std::unordered_map<std::string, double> scales;
    std::string lastUnit;
    double lastScale = 1.0;
    auto scaleOf = [&](std::string_view unit) {
        if (unit == lastUnit && !scales.empty())
            return lastScale; // rows of one metric kind in a row share their unit
        auto it = scales.find(std::string(unit));
        if (it == scales.end())
            it = scales.emplace(std::string(unit), unitScale(std::string(unit))).first;
        lastUnit = unit;
        lastScale = it->second;
        return lastScale;
    };

    std::vector<Launch>& launches = result.launches;
    MetricNames& names = result.names;
    std::vector<int> columnMetric(header.size(), -1); // --page raw: a metric per column
    for (size_t c = 0; c < header.size(); ++c)
        if (metricColumn[c])
            columnMetric[c] = names.intern(header[c]);
    // --page details: a launch's metric rows come in the same order launch after launch, so the
    // k-th row's metric is guessed from the launch before (a string compare, no lookup).
    std::vector<int> previousOrder, order;
    std::unordered_map<std::string, size_t> byId;
    std::string lastDevice;
    size_t last = std::string::npos; // a launch's metric rows come together: the last one is likely again
    CsvReader reader(body, ',');
    reader.next(); // the header
    bool skipUnits = !units.empty();
    while (reader.next()) {
        const auto& row = reader.fields();
        if (skipUnits) {
            skipUnits = false;
            continue;
        }
        const int line = lineBase + reader.line();
        const std::string_view id = trimView(field(row, cId));
        if (id.empty() || row.size() < 2)
            continue; // program output after the table, blank rows
        if (row.front().substr(0, 2) == "==")
            continue; // ==PROF== / ==WARNING== lines inside the table
        if (last == std::string::npos || launches[last].id != id) {
            if (!order.empty())
                previousOrder.swap(order);
            order.clear();
            auto [it, inserted] = byId.emplace(std::string(id), launches.size());
            if (inserted) {
                Launch l;
                l.id = std::string(id);
                l.name = std::string(field(row, cName));
                const std::string_view device = field(row, cDevice);
                if (device != lastDevice) {
                    l.device = std::string(device);
                    lastDevice = l.device;
                }
                l.line = line;
                launches.push_back(std::move(l));
            }
            last = it->second;
        }
        Launch& l = launches[last];
        if (details) {
            const std::string_view name = trimView(field(row, cMetric));
            if (name.empty())
                continue; // a rule row without a metric
            const size_t k = order.size();
            const int guess = k < previousOrder.size() ? previousOrder[k] : -1;
            const int metricId = guess >= 0 && names.name(guess) == name ? guess : names.intern(name);
            order.push_back(metricId);
            if (auto v = number(field(row, cValue), decimal))
                l.set(metricId, *v * scaleOf(field(row, cUnit)));
        } else {
            for (size_t c = 0; c < row.size() && c < header.size(); ++c) {
                if (!metricColumn[c])
                    continue; // metadata columns
                if (auto v = number(row[c], decimal))
                    l.set(columnMetric[c],
                        *v * scaleOf(c < units.size() ? std::string_view(units[c]) : std::string_view()));
            }
        }
    }
    if (launches.empty())
        return Error {file, lineBase + 1, 0, "the ncu export has a header but no kernel launches"};
    return result;
}
} // namespace

Result<KernelImport> parseNcuCsv(std::string_view text, const std::string& file, const NcuOptions& options)
{
    auto table = readNcuTable(text, file);
    if (!table)
        return table.error();
    const std::vector<Launch>& launches = table->launches;
    const KnownMetrics known(table->names);
    const int lineBase = table->headerLine - 1;
    const char decimal = table->decimal;
    KernelImport out;
    out.source = table->source;

    // What the file lacks as a whole is one clear error, not a row-by-row complaint.
    bool anyFlops = false, anyDram = false;
    for (const auto& l : launches) {
        anyFlops |= countWork(l, known).anyFlopMetric;
        anyDram |= dramBytes(l, known).has_value();
        if (anyFlops && anyDram)
            break;
    }
    if (!anyFlops || !anyDram) {
        std::string missing;
        if (!anyFlops)
            missing += "FLOP counters (sm__sass_thread_inst_executed_op_*_pred_on.sum or sm__ops_path_tensor_*)";
        if (!anyDram)
            missing += std::string(missing.empty() ? "" : " and ") + "DRAM bytes (dram__bytes.sum)";
        return Error {file, lineBase + 1, 0,
            "this ncu export lacks the metrics a roofline needs: " + missing
                + "; collect them with: " + ncuCommandLine()};
    }
    for (const auto& l : launches)
        if (!l.device.empty()) {
            out.device = l.device;
            out.suggestedHardware = hardwareForDeviceName(l.device);
            break;
        }

    struct Sum {
        Kernel k;
        int line = 0;
        std::array<double, kPrecisions> byPrecision {};
        std::optional<double> l2, l1;
        bool timed = true;
    };
    std::vector<Sum> kernels;
    std::map<std::string, size_t> byName;
    KernelRowCollector collector(file, out);
    std::set<std::string> infiniteLevels;
    for (const auto& l : launches) {
        const Work w = countWork(l, known);
        const auto dram = dramBytes(l, known);
        auto label = [&]() { return "'" + l.name + "' (ID " + l.id + ")"; };
        if (!(w.flops > 0)) {
            collector.reject(l.line, label() + ": no floating-point work counted (0 FLOPs); nothing to place");
            continue;
        }
        if (!dram || !(*dram > 0)) {
            collector.reject(l.line, label() + ": 0 DRAM bytes, so its DRAM intensity is infinite; not placed");
            continue;
        }
        Sum* s = nullptr;
        if (options.aggregate) {
            const auto [it, inserted] = byName.emplace(l.name, kernels.size());
            if (inserted) {
                kernels.push_back({});
                kernels.back().k.name = l.name;
                kernels.back().k.launches = 0;
                kernels.back().k.time = 0.0;
                kernels.back().line = l.line;
            }
            s = &kernels[it->second];
        } else {
            kernels.push_back({});
            s = &kernels.back();
            s->k.name = l.name + " #" + l.id;
            s->k.launches = 0;
            s->k.time = 0.0;
            s->line = l.line;
        }
        s->k.flops += w.flops;
        s->k.bytes += *dram;
        s->k.launches += 1;
        for (size_t p = 0; p < kPrecisions; ++p)
            s->byPrecision[p] += w.byPrecision[p];
        if (auto t = duration(l, known))
            *s->k.time += *t;
        else
            s->timed = false;
        auto addLevel = [&](std::optional<double>& acc, std::optional<double> v, const char* level) {
            if (!v)
                return;
            if (!(*v > 0)) {
                infiniteLevels.insert(l.name + "|" + level);
                return;
            }
            acc = acc.value_or(0.0) + *v;
        };
        addLevel(s->l2, l2Bytes(l, known), "L2");
        addLevel(s->l1, l1Bytes(l, known), "L1");
    }
    for (auto& s : kernels) {
        if (!s.timed)
            s.k.time.reset();
        // The precision that did most of the work decides which roof judges the kernel.
        const auto top = std::max_element(s.byPrecision.begin(), s.byPrecision.end());
        if (*top > 0)
            s.k.precision = static_cast<Precision>(top - s.byPrecision.begin());
        if (s.l2)
            s.k.levelBytes.emplace_back("L2", *s.l2);
        if (s.l1)
            s.k.levelBytes.emplace_back("L1", *s.l1);
        out.kernels.push_back(std::move(s.k));
        out.lines.push_back(s.line);
    }
    for (const auto& key : infiniteLevels) {
        const auto bar = key.find('|');
        out.warnings.push_back("'" + key.substr(0, bar) + "': 0 bytes at " + key.substr(bar + 1)
            + ", so its intensity there is infinite; no " + key.substr(bar + 1) + " point");
    }
    if (decimal == ',')
        out.warnings.push_back("numbers read with ',' as the decimal separator (a European-locale export)");
    return out;
}

Result<HardwareProfile> ncuCeilings(std::string_view text, const std::string& file)
{
    auto table = readNcuTable(text, file);
    if (!table)
        return table.error();
    HardwareProfile p;
    p.vendor = "Measured";
    p.category = "measured";
    p.achievable = 1.0;
    std::map<Precision, double> peaks;
    double dram = 0, l2 = 0, l1 = 0;
    const MetricNames& names = table->names;
    auto id = [&](const std::string& name) { return names.find(name); };
    for (const Launch& l : table->launches) {
        if (p.name.empty() && !l.device.empty())
            p.name = "Sustained peaks (ncu: " + l.device + ")";
        const double sm = l.get(id("sm__cycles_elapsed.avg.per_second")).value_or(0);
        auto rate = [&](const std::string& m, double perInst) {
            for (const std::string prefix : {"sm__", "smsp__"})
                if (auto v = l.get(id(prefix + m + ".peak_sustained")))
                    return *v * perInst * sm;
            return 0.0;
        };
        peaks[Precision::FP64]
            = std::max(peaks[Precision::FP64], rate("sass_thread_inst_executed_op_dfma_pred_on.sum", 2));
        peaks[Precision::FP32]
            = std::max(peaks[Precision::FP32], rate("sass_thread_inst_executed_op_ffma_pred_on.sum", 2));
        peaks[Precision::FP16]
            = std::max(peaks[Precision::FP16], rate("sass_thread_inst_executed_op_hfma_pred_on.sum", 4));
        std::vector<std::pair<std::string, double>> byName; // in name order, as the sums always were
        for (const auto& [metricId, value] : l.metrics)
            byName.emplace_back(names.name(metricId), value);
        std::sort(byName.begin(), byName.end());
        for (const auto& [name, value] : byName) {
            const std::string prefix = "sm__ops_path_tensor_src_", suffix = ".sum.peak_sustained";
            if (name.rfind(prefix, 0) != 0 || !endsWith(name, suffix) || name.find("sparsity_on") != std::string::npos)
                continue;
            const std::string src = name.substr(prefix.size(), name.size() - prefix.size() - suffix.size());
            if (auto pr = tensorPrecision(src))
                peaks[*pr] = std::max(peaks[*pr], value * sm);
        }
        auto bw = [&](const char* bytes, const char* clock) {
            const auto b = l.get(id(bytes));
            const auto c = l.get(id(clock));
            return b && c ? *b * *c : 0.0;
        };
        dram = std::max(dram, bw("dram__bytes.sum.peak_sustained", "dram__cycles_elapsed.avg.per_second"));
        l2 = std::max(l2, bw("lts__t_bytes.sum.peak_sustained", "lts__cycles_elapsed.avg.per_second"));
        l1 = std::max(l1, bw("l1tex__t_bytes.sum.peak_sustained", "l1tex__cycles_elapsed.avg.per_second"));
    }
    for (const auto& [pr, v] : peaks)
        if (v > 0 && std::isfinite(v))
            p.peaks[pr] = v;
    if (p.peaks.empty() || !(dram > 0))
        return Error {file, table->headerLine, 0,
            "this ncu export carries no peak_sustained figures (with sm__cycles_elapsed.avg.per_second and "
            "dram__cycles_elapsed.avg.per_second); collect them with ncu --set roofline"};
    p.memory.push_back({"DRAM", dram, std::nullopt});
    if (l2 > 0)
        p.memory.push_back({"L2", l2, std::nullopt});
    if (l1 > 0)
        p.memory.push_back({"L1", l1, std::nullopt});
    if (p.name.empty())
        p.name = "Sustained peaks (ncu)";
    p.notes.push_back("Peaks from the *.peak_sustained figures of an ncu export, at the clocks the profile ran at; "
                      "the achievable fraction is 1.");
    p.sources.push_back("Nsight Compute export: " + file);
    return p;
}

} // namespace roofline
