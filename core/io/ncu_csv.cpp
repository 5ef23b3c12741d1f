// SPDX-License-Identifier: MIT
#include "core/io/ncu_csv.h"

#include "core/common/text.h"
#include "core/io/csv.h"
#include "core/io/kernel_fields.h"
#include "core/model/units.h"

#include <algorithm>
#include <charconv>
#include <cmath>
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

struct Launch {
    std::string id;
    std::string name;
    std::string device;
    int line = 0;
    std::map<std::string, double> metrics; ///< SI values
};

std::optional<double> metric(const Launch& l, std::initializer_list<const char*> names)
{
    for (const char* n : names)
        if (auto it = l.metrics.find(n); it != l.metrics.end())
            return it->second;
    return std::nullopt;
}

// A SASS counter under the sm__ or smsp__ prefix.
double sass(const Launch& l, const std::string& op, bool& found)
{
    for (const std::string prefix : {"sm__", "smsp__"}) {
        const auto it = l.metrics.find(prefix + "sass_thread_inst_executed_op_" + op + "_pred_on.sum");
        if (it != l.metrics.end()) {
            found = true;
            return it->second;
        }
    }
    return 0.0;
}

struct Work {
    double flops = 0.0;
    std::map<Precision, double> byPrecision;
    bool anyFlopMetric = false;
};

std::optional<Precision> tensorPrecision(const std::string& src)
{
    if (src.find("fp4_fp6_fp8") != std::string::npos || src.find("fp8") != std::string::npos)
        return Precision::FP8;
    if (src.find("fp4") != std::string::npos)
        return Precision::FP4;
    if (src.find("bf16") != std::string::npos)
        return Precision::BF16;
    if (src.find("tf32") != std::string::npos)
        return Precision::TF32;
    if (src.find("fp16") != std::string::npos)
        return Precision::FP16;
    if (src.find("int8") != std::string::npos)
        return Precision::INT8;
    if (src.find("fp64") != std::string::npos)
        return Precision::FP64;
    return std::nullopt;
}

Work countWork(const Launch& l)
{
    Work w;
    bool found = false;
    // CUDA cores: an FMA is two FLOPs. FP16 counts half2 lanes as NCU 2025's Half chart does:
    // 2 x hadd + 2 x hmul + 4 x hfma.
    const double fp64 = sass(l, "dadd", found) + sass(l, "dmul", found) + 2 * sass(l, "dfma", found);
    const double fp32 = sass(l, "fadd", found) + sass(l, "fmul", found) + 2 * sass(l, "ffma", found);
    const double fp16 = 2 * sass(l, "hadd", found) + 2 * sass(l, "hmul", found) + 4 * sass(l, "hfma", found);
    w.anyFlopMetric = found;
    w.byPrecision[Precision::FP64] += fp64;
    w.byPrecision[Precision::FP32] += fp32;
    w.byPrecision[Precision::FP16] += fp16;
    // Tensor cores: the aggregate sm__ops_path_tensor_src_* counters are already operations.
    bool tensorOps = false;
    for (const auto& [name, value] : l.metrics) {
        const std::string prefix = "sm__ops_path_tensor_src_";
        if (name.rfind(prefix, 0) != 0 || !endsWith(name, ".sum") || name.find("_op_") != std::string::npos)
            continue;
        tensorOps = true;
        w.anyFlopMetric = true;
        const std::string src = name.substr(prefix.size());
        w.byPrecision[tensorPrecision(src).value_or(Precision::FP16)] += value;
    }
    // Volta-era: 512 FLOPs per tensor instruction (FP16 HMMA), as NERSC's scripts count.
    if (!tensorOps)
        if (auto inst = metric(l, {"sm__inst_executed_pipe_tensor.sum", "smsp__inst_executed_pipe_tensor.sum"})) {
            w.anyFlopMetric = true;
            w.byPrecision[Precision::FP16] += 512.0 * *inst;
        }
    for (const auto& [p, v] : w.byPrecision)
        w.flops += v;
    return w;
}

std::optional<double> dramBytes(const Launch& l)
{
    if (auto b = metric(l, {"dram__bytes.sum"}))
        return b;
    auto r = metric(l, {"dram__bytes_read.sum"});
    auto w = metric(l, {"dram__bytes_write.sum"});
    if (r || w)
        return r.value_or(0) + w.value_or(0);
    if (auto s = metric(l, {"dram__sectors.sum"}))
        return *s * 32.0;
    return std::nullopt;
}

std::optional<double> l2Bytes(const Launch& l)
{
    if (auto b = metric(l, {"lts__t_bytes.sum"}))
        return b;
    if (auto s = metric(l, {"lts__t_sectors.sum"}))
        return *s * 32.0;
    return std::nullopt;
}

std::optional<double> l1Bytes(const Launch& l)
{
    return metric(l, {"l1tex__t_bytes.sum"});
}

std::optional<double> duration(const Launch& l)
{
    if (auto t = metric(l, {"gpu__time_duration.sum", "gpu__time_duration.avg"}))
        return t;
    auto cycles = metric(l, {"sm__cycles_elapsed.avg"});
    auto rate = metric(l, {"sm__cycles_elapsed.avg.per_second"});
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
    auto scaleOf = [&](std::string_view unit) {
        auto it = scales.find(std::string(unit));
        if (it == scales.end())
            it = scales.emplace(std::string(unit), unitScale(std::string(unit))).first;
        return it->second;
    };

    std::vector<Launch>& launches = result.launches;
    std::unordered_map<std::string, size_t> byId;
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
            auto [it, inserted] = byId.emplace(std::string(id), launches.size());
            if (inserted) {
                Launch l;
                l.id = std::string(id);
                l.name = std::string(field(row, cName));
                l.device = std::string(field(row, cDevice));
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
            if (auto v = number(field(row, cValue), decimal))
                l.metrics[std::string(name)] = *v * scaleOf(field(row, cUnit));
        } else {
            for (size_t c = 0; c < row.size() && c < header.size(); ++c) {
                if (!metricColumn[c])
                    continue; // metadata columns
                if (auto v = number(row[c], decimal))
                    l.metrics[header[c]]
                        = *v * scaleOf(c < units.size() ? std::string_view(units[c]) : std::string_view());
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
    const int lineBase = table->headerLine - 1;
    const char decimal = table->decimal;
    KernelImport out;
    out.source = table->source;

    // What the file lacks as a whole is one clear error, not a row-by-row complaint.
    bool anyFlops = false, anyDram = false;
    for (const auto& l : launches) {
        anyFlops |= countWork(l).anyFlopMetric;
        anyDram |= dramBytes(l).has_value();
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
        std::map<Precision, double> byPrecision;
        std::optional<double> l2, l1;
        bool timed = true;
    };
    std::vector<Sum> kernels;
    std::map<std::string, size_t> byName;
    KernelRowCollector collector(file, out);
    std::set<std::string> infiniteLevels;
    for (const auto& l : launches) {
        const Work w = countWork(l);
        const auto dram = dramBytes(l);
        const std::string label = "'" + l.name + "' (ID " + l.id + ")";
        if (!(w.flops > 0)) {
            collector.reject(l.line, label + ": no floating-point work counted (0 FLOPs); nothing to place");
            continue;
        }
        if (!dram || !(*dram > 0)) {
            collector.reject(l.line, label + ": 0 DRAM bytes, so its DRAM intensity is infinite; not placed");
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
        for (const auto& [p, v] : w.byPrecision)
            s->byPrecision[p] += v;
        if (auto t = duration(l))
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
        addLevel(s->l2, l2Bytes(l), "L2");
        addLevel(s->l1, l1Bytes(l), "L1");
    }
    for (auto& s : kernels) {
        if (!s.timed)
            s.k.time.reset();
        // The precision that did most of the work decides which roof judges the kernel.
        const auto top = std::max_element(s.byPrecision.begin(), s.byPrecision.end(),
            [](const auto& a, const auto& b) { return a.second < b.second; });
        if (top != s.byPrecision.end() && top->second > 0)
            s.k.precision = top->first;
        if (s.l2)
            s.k.levelBytes.emplace_back("L2", *s.l2);
        if (s.l1)
            s.k.levelBytes.emplace_back("L1", *s.l1);
        out.kernels.push_back(s.k);
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
    for (const Launch& l : table->launches) {
        if (p.name.empty() && !l.device.empty())
            p.name = "Sustained peaks (ncu: " + l.device + ")";
        const double sm = metric(l, {"sm__cycles_elapsed.avg.per_second"}).value_or(0);
        auto rate = [&](const std::string& m, double perInst) {
            for (const std::string prefix : {"sm__", "smsp__"})
                if (auto v = metric(l, {(prefix + m + ".peak_sustained").c_str()}))
                    return *v * perInst * sm;
            return 0.0;
        };
        peaks[Precision::FP64]
            = std::max(peaks[Precision::FP64], rate("sass_thread_inst_executed_op_dfma_pred_on.sum", 2));
        peaks[Precision::FP32]
            = std::max(peaks[Precision::FP32], rate("sass_thread_inst_executed_op_ffma_pred_on.sum", 2));
        peaks[Precision::FP16]
            = std::max(peaks[Precision::FP16], rate("sass_thread_inst_executed_op_hfma_pred_on.sum", 4));
        for (const auto& [name, value] : l.metrics) {
            const std::string prefix = "sm__ops_path_tensor_src_", suffix = ".sum.peak_sustained";
            if (name.rfind(prefix, 0) != 0 || !endsWith(name, suffix) || name.find("sparsity_on") != std::string::npos)
                continue;
            const std::string src = name.substr(prefix.size(), name.size() - prefix.size() - suffix.size());
            if (auto pr = tensorPrecision(src))
                peaks[*pr] = std::max(peaks[*pr], value * sm);
        }
        auto bw = [&](const char* bytes, const char* clock) {
            const auto b = metric(l, {bytes});
            const auto c = metric(l, {clock});
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
