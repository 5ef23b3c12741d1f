// SPDX-License-Identifier: MIT
#include "core/io/ceilings.h"

#include "core/common/text.h"
#include "core/io/csv.h"
#include "core/io/ncu_csv.h"
#include "core/io/nersc_plot.h"
#include "core/io/text_file.h"
#include "core/io/yaml_error.h"
#include "core/model/units.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <map>
#include <regex>
#include <sstream>

namespace roofline {
namespace {

std::string stemId(const std::string& file)
{
    std::string stem = std::filesystem::path(file).stem().string();
    std::string parent = std::filesystem::path(file).parent_path().filename().string();
    if (stem == "roofline" || stem == "sum" || stem == "rpt")
        stem = parent.empty() ? stem : parent + "-" + stem;
    std::string id = "measured";
    bool dash = true;
    for (char c : toLower(stem)) {
        if (std::isalnum(static_cast<unsigned char>(c))) {
            if (dash)
                id += '-';
            id += c;
            dash = false;
        } else {
            dash = true;
        }
    }
    return id;
}

HardwareProfile measured(const std::string& file, const std::string& tool)
{
    HardwareProfile p;
    p.id = stemId(file);
    p.name = "Measured (" + tool + ": " + std::filesystem::path(file).filename().string() + ")";
    p.vendor = "Measured";
    p.category = "measured";
    p.achievable = 1.0;
    p.sources.push_back({tool + " results: " + file, {}, true});
    p.notes.push_back("Ceilings measured by " + tool + ", not datasheet figures; the achievable fraction is 1.");
    return p;
}

std::optional<Precision> precisionPrefix(const std::string& label)
{
    const std::string l = toLower(label);
    for (Precision p : kAllPrecisions)
        if (l.rfind(precisionName(p), 0) == 0)
            return p;
    return std::nullopt;
}

// Main memory (DRAM/HBM/MCDRAM) first, then the caches from the slowest to the fastest.
void orderLevels(HardwareProfile& p)
{
    std::stable_sort(p.memory.begin(), p.memory.end(),
        [](const MemoryLevel& a, const MemoryLevel& b) { return a.bandwidth.value_or(0) < b.bandwidth.value_or(0); });
}

Result<HardwareProfile> ertJson(const std::string& text, const std::string& file)
{
    try {
        const YAML::Node root = loadSingleYaml(text, file);
        YAML::Node db = root["empirical"] ? root["empirical"] : root;
        const YAML::Node gflops = db["gflops"], gbytes = db["gbytes"];
        if (!gflops || !gbytes || !gflops["data"] || !gbytes["data"])
            return Error {
                file, 1, 1, "not an ERT roofline.json: expected empirical.gflops.data and empirical.gbytes.data"};
        HardwareProfile p = measured(file, "ERT");
        // The precision of a bare "GFLOPs" entry: ERT_PRECISION in the config, else ERT's default FP64.
        Precision fallback = Precision::FP64;
        if (const YAML::Node cfg = db["metadata"]["CONFIG"]["ERT_PRECISION"]; cfg && cfg.IsSequence() && cfg.size() > 0)
            if (auto pr = precisionPrefix(cfg[0].Scalar()))
                fallback = *pr;
        for (const auto& entry : gflops["data"]) {
            if (!entry.IsSequence() || entry.size() < 2)
                return Error {
                    file, entry.Mark().line + 1, entry.Mark().column + 1, "gflops entries must be [label, value]"};
            const std::string label = entry[0].Scalar();
            const double v = entry[1].as<double>();
            if (!(v > 0) || !std::isfinite(v))
                return Error {
                    file, entry.Mark().line + 1, entry.Mark().column + 1, "GFLOP/s must be greater than zero"};
            p.peaks[precisionPrefix(label).value_or(fallback)] = shiftDecimal(v, 9);
        }
        for (const auto& entry : gbytes["data"]) {
            if (!entry.IsSequence() || entry.size() < 2)
                return Error {
                    file, entry.Mark().line + 1, entry.Mark().column + 1, "gbytes entries must be [label, value]"};
            const double v = entry[1].as<double>();
            if (!(v > 0) || !std::isfinite(v))
                return Error {file, entry.Mark().line + 1, entry.Mark().column + 1, "GB/s must be greater than zero"};
            p.memory.push_back({entry[0].Scalar(), shiftDecimal(v, 9), std::nullopt});
        }
        if (p.peaks.empty() || p.memory.empty())
            return Error {file, 1, 1, "the ERT results hold no GFLOP/s or no GB/s ceiling"};
        orderLevels(p);
        p.notes.push_back("ERT names its levels L1 ... DRAM whatever the hardware calls them; rename them freely.");
        return p;
    } catch (const YamlFailure& f) {
        return f.error;
    } catch (const YAML::Exception& e) {
        return yamlError(file, e, "JSON syntax error: ");
    }
}

Result<HardwareProfile> ertSum(const std::string& text, const std::string& file)
{
    HardwareProfile p = measured(file, "ERT");
    // A number the regex matched may still not be one ("-", "1e"): read it without throwing.
    auto value = [](const std::string& t) {
        double v = 0;
        const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
        return ec == std::errc() && end == t.data() + t.size() && std::isfinite(v) ? v : -1.0;
    };
    // The Run's summary writes "4360.14 FP64 GFLOPs EMP" and "1721.88 L1 EMP"; the sum file of
    // one configuration (FLOPS.001/MPI.0001/OpenMP.0001/sum) the same without EMP, plus a
    // "1458.88 Weight" line that is not a memory level. META_DATA lines start with a name.
    static const std::regex flops(R"(^\s*([0-9.eE+-]+)\s+(?:(\w+)\s+)?GFLOPs(?:\s+EMP)?\s*$)");
    static const std::regex level(R"(^\s*([0-9.eE+-]+)\s+(\S+)(?:\s+EMP)?\s*$)");
    std::istringstream in(text);
    int lineNo = 0;
    bool weight = false;
    for (std::string line; std::getline(in, line);) {
        ++lineNo;
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        std::smatch m;
        if (std::regex_search(line, m, flops)) {
            const double v = value(m[1]);
            const auto pr = m[2].matched ? precisionPrefix(m[2]) : std::optional<Precision>(Precision::FP64);
            if (!pr)
                return Error {file, lineNo, 1, "unknown precision '" + m[2].str() + "'"};
            if (!(v > 0))
                return Error {file, lineNo, 1, "GFLOP/s must be a number greater than zero"};
            p.peaks[*pr] = std::max(p.peaks[*pr], shiftDecimal(v, 9));
        } else if (std::regex_search(line, m, level)) {
            if (m[2] == "Weight") { // ERT's weighting of the runs, not a bandwidth
                weight = true;
                continue;
            }
            const double v = value(m[1]);
            if (!(v > 0))
                return Error {file, lineNo, 1, "GB/s must be a number greater than zero"};
            p.memory.push_back({m[2], shiftDecimal(v, 9), std::nullopt});
        }
    }
    if (p.peaks.empty() || p.memory.empty())
        return Error {file, 0, 0, "not an ERT summary: no 'N GFLOPs' and 'N <level>' lines"};
    if (weight)
        p.notes.push_back("ERT's 'Weight' line is not a memory level and is left out.");
    if (text.find(" EMP") == std::string::npos)
        p.notes.push_back("This is the sum file of one ERT configuration (one FLOPS / MPI / OpenMP choice); the run's "
                          "roofline.json holds the best over all of them.");
    orderLevels(p);
    return p;
}

/// An ERT text summary: "N GFLOPs EMP" lines (the run's summary), or a configuration's sum file:
/// a "N GFLOPs" line and a META_DATA block.
bool looksLikeErtSum(const std::string& head)
{
    static const std::regex bareFlops(R"((^|\n)\s*[0-9.]+\s+(\w+\s+)?gflops\s*(\r?\n|$))");
    return head.find("gflops emp") != std::string::npos
        || (head.find("meta_data") != std::string::npos && std::regex_search(head, bareFlops));
}

/// A working-set size ("16kB", "512kB", "16MB", "1GB") in bytes; 0 when unreadable.
double workingSet(const std::string& size)
{
    auto r = parseQuantity(size, Dimension::Bytes);
    return r ? r.value() : 0.0;
}

/// The likwid-bench summary HPCTrainingExamples' measure_likwid_bench.sh writes:
/// "flops <kernel> <MFlop/s>", "bw_load <kernel> <working set> <MByte/s>", "triad MByte/s: <v>".
Result<HardwareProfile> likwidBench(const std::string& text, const std::string& file)
{
    HardwareProfile p = measured(file, "likwid-bench");
    std::vector<std::pair<double, double>> loads; // (working set, byte/s)
    std::istringstream in(text);
    int lineNo = 0;
    for (std::string line; std::getline(in, line);) {
        ++lineNo;
        std::istringstream words(line);
        std::string kind, kernel, a, b;
        words >> kind >> kernel >> a >> b;
        auto number = [&](const std::string& v) -> Result<double> {
            double d = 0;
            const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), d);
            if (ec != std::errc() || end != v.data() + v.size() || !(d > 0) || !std::isfinite(d))
                return Error {file, lineNo, 0, roofline::quoted(v) + " is not a positive number"};
            return d;
        };
        if (kind == "flops" && a.empty()) {
            p.notes.push_back("likwid-bench gave no figure for " + kernel + ".");
        } else if (kind == "flops") {
            auto v = number(a);
            if (!v)
                return v.error();
            const Precision pr = kernel.find("_sp") != std::string::npos ? Precision::FP32 : Precision::FP64;
            p.peaks[pr] = std::max(p.peaks[pr], *v * 1e6);
        } else if (kind == "bw_load") {
            auto v = number(b);
            if (!v)
                return v.error();
            loads.emplace_back(workingSet(a), *v * 1e6);
        } else if (kind == "triad" && kernel == "MByte/s:") {
            p.notes.push_back("STREAM triad: " + a + " MByte/s.");
        }
    }
    if (p.peaks.empty() || loads.empty())
        return Error {file, 0, 0, "not a likwid-bench summary: no 'flops <kernel> <MFlop/s>' and 'bw_load' lines"};
    // The largest working set is main memory; the smaller ones are the caches, innermost first.
    std::sort(loads.begin(), loads.end());
    p.memory.push_back({"DRAM", loads.back().second, std::nullopt});
    for (std::size_t i = 0; i + 1 < loads.size(); ++i)
        p.memory.push_back({"L" + std::to_string(i + 1), loads[i].second, std::nullopt});
    p.notes.push_back("Load bandwidths by working set: the largest is DRAM, the smaller ones L1, L2 ... in order.");
    return p;
}

Result<HardwareProfile> rocprof(const std::string& text, const std::string& file)
{
    const CsvTable t = readCsv(text, ',');
    if (t.rows.size() < 2)
        return Error {file, 1, 0, "the rocprof roofline.csv has a header but no device row"};
    const auto& header = t.rows[0].fields;
    const auto& row = t.rows[1].fields;
    HardwareProfile p = measured(file, "rocprof-compute");
    std::map<std::string, double> v; // column (lower case) -> value
    for (size_t i = 0; i < header.size() && i < row.size(); ++i) {
        const std::string h = toLower(trimmed(header[i]));
        if (h.size() > 3 && (h.compare(h.size() - 3, 3, "low") == 0 || h.compare(h.size() - 4, 4, "high") == 0))
            continue; // the Low / High companions of each figure
        double d = 0;
        const std::string cell = trimmed(row[i]);
        const auto [end, ec] = std::from_chars(cell.data(), cell.data() + cell.size(), d);
        if (ec == std::errc() && end == cell.data() + cell.size() && d > 0 && std::isfinite(d))
            v[h] = d;
        else if (h != "device" && !cell.empty())
            return Error {file, t.rows[1].line, static_cast<int>(i + 1),
                "column '" + trimmed(header[i]) + "': '" + cell + "' is not a positive number"};
        if (h == "device" && !cell.empty())
            p.name = "Measured (rocprof-compute: device " + cell + ")";
    }
    auto best = [&](const std::vector<const char*>& cols) {
        double m = 0;
        for (const char* c : cols)
            if (auto it = v.find(c); it != v.end())
                m = std::max(m, it->second);
        return m;
    };
    const std::vector<std::pair<Precision, std::vector<const char*>>> peaks
        = {{Precision::FP64, {"fp64flops", "mfmaf64flops"}}, {Precision::FP32, {"fp32flops", "mfmaf32flops"}},
            {Precision::FP16, {"fp16flops", "mfmaf16flops"}}, {Precision::BF16, {"bf16flops", "mfmabf16flops"}},
            {Precision::FP8, {"mfmaf8flops"}}, {Precision::FP6, {"mfmaf6flops", "mfma_flops_f6f4"}},
            {Precision::FP4, {"mfmaf4flops", "mfma_flops_f6f4"}}, {Precision::INT8, {"mfmai8ops", "i8ops"}}};
    for (const auto& [prec, cols] : peaks)
        if (const double g = best(cols); g > 0)
            p.peaks[prec] = shiftDecimal(g, 9);
    // The vector (VALU) and matrix (MFMA) ceilings of a precision are two roofs: the peak is the
    // larger, and a kernel's unit picks its own (issue 28).
    const std::pair<Precision, std::pair<const char*, const char*>> units[]
        = {{Precision::FP64, {"fp64flops", "mfmaf64flops"}}, {Precision::FP32, {"fp32flops", "mfmaf32flops"}},
            {Precision::FP16, {"fp16flops", "mfmaf16flops"}}, {Precision::BF16, {"bf16flops", "mfmabf16flops"}}};
    for (const auto& [prec, cols] : units) {
        const auto vec = v.find(cols.first), mat = v.find(cols.second);
        if (vec != v.end() && mat != v.end() && vec->second != mat->second)
            p.units[prec] = UnitPeaks {shiftDecimal(vec->second, 9), shiftDecimal(mat->second, 9)};
    }
    const std::pair<const char*, const char*> levels[]
        = {{"hbmbw", "HBM"}, {"mallbw", "MALL (Infinity Cache)"}, {"l2bw", "L2"}, {"l1bw", "L1"}, {"ldsbw", "LDS"}};
    for (const auto& [col, name] : levels)
        if (auto it = v.find(col); it != v.end())
            p.memory.push_back({name, shiftDecimal(it->second, 9), std::nullopt});
    if (p.peaks.empty() || p.memory.empty() || p.memory.front().name != "HBM")
        return Error {file, 1, 0, "the rocprof roofline.csv lacks HBMBw or any *Flops column"};
    if (t.rows.size() > 2)
        p.notes.push_back("The file holds " + std::to_string(t.rows.size() - 1) + " device rows; the first was used.");
    return p;
}

/// A benchmark's results as one flat JSON object of unit-suffixed numbers, as scripts write them
/// (`"bf16_tflops": 803.9`, `"int8_tops": 912.6`, `"hbm_copy_GBps": 4260.3`, `"device": "NVIDIA
/// H200"`): peaks by precision prefix, memory from the `hbm`/`dram` bandwidths (the copy, as STREAM
/// reports, else the largest; the others noted).
bool looksLikeBenchmarkJson(const std::string& head)
{
    return head.find("_tflops\"") != std::string::npos || head.find("_gflops\"") != std::string::npos
        || head.find("_tops\"") != std::string::npos;
}

std::optional<int> rateScale(const std::string& key)
{
    static const std::pair<const char*, int> suffixes[]
        = {{"_tflops", 12}, {"_gflops", 9}, {"_tops", 12}, {"_gops", 9}, {"_tbps", 12}, {"_gbps", 9}};
    for (const auto& [suffix, scale] : suffixes)
        if (key.size() > std::strlen(suffix)
            && key.compare(key.size() - std::strlen(suffix), std::string::npos, suffix) == 0)
            return scale;
    return std::nullopt;
}

Result<HardwareProfile> benchmarkJson(const std::string& text, const std::string& file)
{
    try {
        const YAML::Node root = loadSingleYaml(text, file);
        if (!root.IsMap())
            return Error {file, 1, 1, "a benchmark's results must be one JSON object"};
        HardwareProfile p = measured(file, "a benchmark");
        if (const YAML::Node device = root["device"]; device && device.IsScalar())
            p.name = "Measured (" + printable(device.Scalar()) + ": " + std::filesystem::path(file).filename().string()
                + ")";
        std::vector<std::pair<std::string, double>> bandwidths;
        for (const auto& kv : root) {
            const std::string key = toLower(kv.first.Scalar());
            const auto scale = rateScale(key);
            if (!scale || !kv.second.IsScalar())
                continue;
            const double v = shiftDecimal(kv.second.as<double>(), *scale);
            if (!(v > 0) || !std::isfinite(v))
                return Error {file, kv.second.Mark().line + 1, kv.second.Mark().column + 1,
                    "'" + key + "' must be a number greater than zero"};
            if (key.rfind("hbm", 0) == 0 || key.rfind("dram", 0) == 0 || key.rfind("mem", 0) == 0)
                bandwidths.emplace_back(key, v);
            else if (auto precision = precisionPrefix(key))
                p.peaks[*precision] = v;
        }
        if (p.peaks.empty() || bandwidths.empty())
            return Error {file, 1, 1, "the benchmark's results hold no <precision>_tflops or no hbm_..._GBps figure"};
        auto main = std::find_if(bandwidths.begin(), bandwidths.end(),
            [](const auto& b) { return b.first.find("copy") != std::string::npos; });
        if (main == bandwidths.end())
            main = std::max_element(
                bandwidths.begin(), bandwidths.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
        p.memory.push_back({"HBM", main->second, std::nullopt});
        for (const auto& [key, v] : bandwidths)
            if (key != main->first)
                p.notes.push_back("'" + key + "' measured " + formatQuantity(v, Dimension::ByteRate)
                    + "; the roof uses '" + main->first + "' (" + formatQuantity(main->second, Dimension::ByteRate)
                    + ").");
        return p;
    } catch (const YamlFailure& f) {
        return f.error;
    } catch (const YAML::Exception& e) {
        return yamlError(file, e, "JSON syntax error: ");
    }
}

} // namespace

Result<HardwareProfile> parseCeilings(const std::string& text, const std::string& file)
{
    const std::string head = toLower(text.substr(0, 4096));
    Result<HardwareProfile> r = Error {file, 0, 0,
        "not a ceilings file: expected an ERT roofline.json or summary, a rocprof-compute roofline.csv, an ncu "
        "roofline section, a likwid-bench summary or a benchmark's JSON (bf16_tflops, hbm_copy_GBps ...)"};
    if (looksLikeNcuCsv(text)) {
        r = ncuCeilings(text, file);
        if (r)
            r.value().id = stemId(file);
        return r;
    }
    if (looksLikeNerscPlotInput(text)) {
        r = parseNerscCeilings(text, file);
        if (r)
            r.value().id = stemId(file);
        return r;
    }
    if (head.find("\"gflops\"") != std::string::npos || head.find("\"empirical\"") != std::string::npos)
        r = ertJson(text, file);
    else if (looksLikeBenchmarkJson(head))
        r = benchmarkJson(text, file);
    else if (looksLikeErtSum(head))
        r = ertSum(text, file);
    else if ((head.rfind("flops ", 0) == 0 || head.find("\nflops ") != std::string::npos)
        && head.find("\nbw_load ") != std::string::npos)
        r = likwidBench(text, file);
    else if (head.rfind("device,", 0) == 0 || head.find("hbmbw") != std::string::npos)
        r = rocprof(text, file);
    return r;
}

Result<HardwareProfile> loadCeilingsFile(const std::string& path)
{
    auto text = readTextFile(path, 16 * 1024 * 1024);
    if (!text)
        return text.error();
    return parseCeilings(text.value(), path);
}

} // namespace roofline
