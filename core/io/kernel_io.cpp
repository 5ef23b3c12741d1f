// SPDX-License-Identifier: MIT
#include "core/io/kernel_io.h"

#include "core/io/likwid_perfctr.h"

#include "core/common/text.h"
#include "core/io/csv.h"
#include "core/io/importers.h"
#include "core/io/json_kernels.h"
#include "core/io/kernel_fields.h"
#include "core/io/likwid_perfctr.h"
#include "core/io/rocprof_csv.h"
#include "core/io/text_file.h"
#include "core/io/yaml_error.h"
#include "core/model/units.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <map>
#include <ostream>
#include <set>
#include <sstream>

namespace roofline {
namespace {

std::string lowerSuffix(const std::string& path)
{
    const auto dot = path.find_last_of('.');
    const auto slash = path.find_last_of('/');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash))
        return {};
    std::string s = path.substr(dot + 1);
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
    return s;
}

KernelFormat sniff(std::string_view text)
{
    for (char c : text) {
        if (std::isspace(static_cast<unsigned char>(c)))
            continue;
        if (c == '[' || c == '{')
            return KernelFormat::Json;
        break;
    }
    const auto firstLineEnd = text.find('\n');
    const std::string first(text.substr(0, firstLineEnd));
    if (first.rfind("kernels:", 0) == 0 || first.rfind("- ", 0) == 0 || first.rfind("---", 0) == 0
        || first.rfind("#", 0) == 0)
        return KernelFormat::Yaml;
    return KernelFormat::Csv;
}

struct CsvColumns {
    std::vector<std::string> header;
    std::vector<std::optional<KernelField>> fields; ///< per column; empty for columns ignored
    int nameColumn = -1;
    bool hasGroup = false; ///< a group/phase column (then title lines do not set the group)
};

/// LLM-Viewer writes a title ("=== meta-llama/Llama-2-7b-hf nvidia_A100 w_bit=16 ... ===") above
/// each header it appends to a file: the text between the '=' signs, or nullopt for other rows.
std::optional<std::string> titleLine(const std::vector<std::string_view>& fields)
{
    if (fields.empty() || trimView(fields[0]).substr(0, 3) != "===")
        return std::nullopt;
    for (std::size_t i = 1; i < fields.size(); ++i)
        if (!trimView(fields[i]).empty())
            return std::nullopt;
    std::string_view t = trimView(fields[0]);
    while (!t.empty() && t.front() == '=')
        t.remove_prefix(1);
    while (!t.empty() && t.back() == '=')
        t.remove_suffix(1);
    return std::string(trimView(t));
}

/// The words of `title` that the first block's title lacks ("batchsize=8"): a later block's
/// kernels are named "q_proj (batchsize=8)", so the runs of an appended file stay apart.
std::string blockSuffix(const std::string& title, const std::string& firstTitle)
{
    std::set<std::string> first;
    std::istringstream in(firstTitle);
    for (std::string w; in >> w;)
        first.insert(w);
    std::string diff;
    std::istringstream words(title);
    for (std::string w; words >> w;)
        if (!first.count(w))
            diff += (diff.empty() ? "" : " ") + w;
    return diff.empty() ? std::string() : " (" + diff + ")";
}

bool isHeaderAgain(const std::vector<std::string_view>& fields, const std::vector<std::string>& header)
{
    return fields.size() == header.size() && !fields.empty() && fields[0] == header[0]
        && std::equal(fields.begin(), fields.end(), header.begin());
}

/// Reads every row of `reader` into `collector`; every 8,192 rows asks keepGoing(offset) and
/// stops (returning false) when it says no.
template <typename Collector, typename KeepGoing>
bool readKernelRows(
    CsvReader& reader, const CsvColumns& c, std::string title, Collector& collector, KeepGoing&& keepGoing)
{
    static const KernelField kGroup {KernelField::Kind::Group, 1};
    const std::string firstTitle = title;
    std::string suffix;
    std::size_t rowsRead = 0;
    while (reader.next()) {
        if (++rowsRead % 8192 == 0 && !keepGoing(reader.offset()))
            return false;
        const auto& fields = reader.fields();
        if (!fields.empty() && !fields[0].empty() && fields[0][0] == '#')
            continue; // comment
        if (!fields.empty() && !fields[0].empty() && fields[0][0] == '=') {
            if (auto t = titleLine(fields)) { // the next block of an appended file
                title = *t;
                suffix = blockSuffix(title, firstTitle);
                continue;
            }
        }
        if (isHeaderAgain(fields, c.header))
            continue;
        if (reader.unterminatedQuoteLine() > 0) { // the quote ran to the end: this was the last row
            collector.reject(reader.unterminatedQuoteLine(), "a quoted field is never closed (missing '\"')");
            continue;
        }
        if (fields.size() != c.header.size()) {
            collector.reject(reader.line(),
                "row has " + std::to_string(fields.size()) + " fields; the header has "
                    + std::to_string(c.header.size()));
            continue;
        }
        KernelRowBuilder builder(reader.line());
        for (size_t i = 0; i < fields.size(); ++i)
            if (c.fields[i])
                builder.set(*c.fields[i], c.header[i], fields[i]);
        if (!title.empty() && !c.hasGroup)
            builder.set(kGroup, "group", title);
        if (!suffix.empty())
            builder.setNameSuffix(suffix);
        collector.add(builder);
    }
    return true;
}

/// The header row's columns: each the kernel field it gives, or none (an ignored column, named
/// in `ignored`). Errors: two columns give one field, or the FLOP or byte column is missing.
Result<CsvColumns> readCsvColumns(const std::vector<std::string_view>& fields, const std::string& file, int headerLine,
    std::vector<std::string>& ignored)
{
    CsvColumns c;
    c.header.assign(fields.begin(), fields.end());
    std::map<KernelField::Kind, std::string> seen;
    for (const auto& h : c.header) {
        auto f = kernelFieldFor(h);
        if (f) {
            if (auto it = seen.find(f->kind); it != seen.end())
                return Error {file, headerLine, 0,
                    "columns '" + it->second + "' and '" + h + "' both give the " + f->describe() + "; keep one"};
            seen.emplace(f->kind, h);
            c.hasGroup = c.hasGroup || f->kind == KernelField::Kind::Group;
        } else if (!h.empty()) {
            ignored.push_back(h);
        }
        c.fields.push_back(f);
    }
    if (!seen.count(KernelField::Kind::Flops)
        || (!seen.count(KernelField::Kind::Bytes) && !seen.count(KernelField::Kind::Intensity))) {
        // The first columns, not the whole header (a profiler's can be thousands of columns).
        const std::string have = firstOf(c.header.size(), 8, [&](std::size_t i) { return quoted(c.header[i], 40); });
        const std::string missing = !seen.count(KernelField::Kind::Flops)
            ? "a FLOP column (flops, gflop or tflop)"
            : "a byte column (bytes, mb, gb) or intensity";
        return Error {file, headerLine, 0, "missing " + missing + "; the header has: " + have};
    }
    for (size_t i = 0; i < c.fields.size(); ++i)
        if (c.fields[i] && c.fields[i]->kind == KernelField::Kind::Name)
            c.nameColumn = static_cast<int>(i);
    return c;
}

Result<KernelImport> parseCsvKernels(
    std::string_view text, const std::string& file, char delimiter, std::size_t lines, const KernelReadOptions& options)
{
    // Rows are read one at a time straight from the text: a 10^6-row file is never held twice.
    CsvReader reader(text, delimiter);
    if (!reader.next())
        return Error {file, 0, 0, "empty file: expected a header row such as 'name,flops,bytes,time_ms'"};
    std::string title; // the title line above the header, if any: the kernels' group
    for (auto t = titleLine(reader.fields()); t; t = titleLine(reader.fields())) {
        title = *t;
        if (!reader.next())
            return Error {file, 0, 0, "a title line and no header row below it"};
    }
    std::vector<std::string> ignored;
    auto columns = readCsvColumns(reader.fields(), file, reader.line(), ignored);
    if (!columns)
        return columns.error();
    KernelImport out;
    if (auto note = ignoredNote("column", ignored))
        out.warnings.push_back(*note);
    // Roughly one row per line: reserving avoids re-copying a million kernels while growing.
    out.kernels.reserve(lines);
    out.lines.reserve(lines);
    KernelRowCollector collector(file, out);
    const bool read = readKernelRows(reader, columns.value(), title, collector, [&](std::size_t offset) {
        return !options.progress || options.progress(static_cast<double>(offset) / static_cast<double>(text.size()));
    });
    if (!read)
        return Error {file, 0, 0, kImportCancelled};
    collector.finish();
    return out;
}

Result<KernelImport> parseTreeKernels(std::string_view text, const std::string& file)
{
    YAML::Node root;
    try {
        root = loadSingleYaml(std::string(text), file);
    } catch (const YamlFailure& f) {
        return f.error;
    } catch (const YAML::Exception& e) {
        return yamlError(file, e, "syntax error: ");
    }
    if (!root || root.IsNull())
        return Error {file, 0, 0, "empty file: expected a list of kernels"};
    YAML::Node list = root;
    if (root.IsMap()) {
        list = root["kernels"];
        if (!list)
            return Error {file, std::max(1, root.Mark().line + 1), std::max(1, root.Mark().column + 1),
                "expected a list of kernels, or a mapping with 'kernels:'"};
    }
    if (!list.IsSequence())
        return Error {file, list.Mark().line + 1, list.Mark().column + 1,
            "'kernels' must be a list of kernels, e.g. '- {name: decode, flops: 140 GFLOP, bytes: 70 GB}'"};
    KernelImport out;
    KernelRowCollector collector(file, out);
    std::set<std::string> ignored;
    try {
        collectTreeKernels(list, collector, ignored);
    } catch (const YAML::Exception& e) {
        return yamlError(file, e, "");
    }
    collector.finish();
    if (auto note = ignoredNote("field", std::vector<std::string>(ignored.begin(), ignored.end())))
        out.warnings.push_back(*note);
    return out;
}

} // namespace

KernelFormat kernelFormatForPath(const std::string& path)
{
    const std::string s = lowerSuffix(path);
    if (s == "csv")
        return KernelFormat::Csv;
    if (s == "tsv" || s == "tab")
        return KernelFormat::Tsv;
    if (s == "yaml" || s == "yml")
        return KernelFormat::Yaml;
    if (s == "json")
        return KernelFormat::Json;
    return KernelFormat::Auto;
}

namespace {
Result<KernelImport> parseAnyKernelFormat(const std::string& text, const std::string& file, KernelFormat format,
    const KernelReadOptions& options, std::size_t lines);
}

std::ostream& operator<<(std::ostream& os, const FlopsUnknown& k)
{
    os << k.name << " (line " << k.line << "): " << formatQuantity(k.bytes, Dimension::Bytes);
    if (k.time)
        os << " in " << formatQuantity(*k.time, Dimension::Time);
    return os << ", " << k.launches << (k.launches == 1 ? " launch" : " launches") << ", FLOPs unknown";
}

void addFlopsUnknown(std::vector<FlopsUnknown>& to, bool aggregate, const std::string& name, int line, double bytes,
    std::optional<double> time)
{
    if (aggregate)
        for (FlopsUnknown& k : to)
            if (k.name == name) {
                k.bytes += bytes;
                k.time = k.time && time ? std::optional<double>(*k.time + *time) : std::nullopt;
                ++k.launches;
                return;
            }
    to.push_back({name, line, bytes, time, 1});
}

namespace {
/// An import with no kernel and no rejected row is an Error that says why, unless it has kernels
/// whose FLOPs the user may type (`keepFlopsUnknown`).
Result<KernelImport> somethingToPlace(Result<KernelImport> r, const std::string& file, bool keepFlopsUnknown = false)
{
    if (keepFlopsUnknown && r.ok() && !r->flopsUnknown.empty())
        return r;
    if (r.ok() && r->kernels.empty() && r->rejected.empty()) // a profiler's launches, none placeable
        for (const auto& w : r->warnings)
            if (w.find(kNotOnTheRoofline) != std::string::npos)
                return Error {file, 0, 0, "no kernel can be placed on a roofline: " + w};
    if (r.ok() && r->kernels.empty() && r->rejected.empty())
        return Error {file, 0, 0, "no kernels: the file has no data rows"};
    return r;
}
} // namespace

Result<KernelImport> parseKernels(
    const std::string& text, const std::string& file, KernelFormat format, const KernelReadOptions& options)
{
    const std::size_t lines = countLineEnds(text);
    if (lines > options.maxRows + 1)
        return Error {file, 0, 0,
            "too many rows (" + std::to_string(lines) + " lines; the limit is " + std::to_string(options.maxRows)
                + "); aggregate the launches in the profiler, or split the file"};
    if (options.progress && !options.progress(0.0))
        return Error {file, 0, 0, kImportCancelled};
    auto r = parseAnyKernelFormat(text, file, format, options, lines);
    if (options.progress && r.ok() && !options.progress(1.0))
        return Error {file, 0, 0, kImportCancelled};
    return somethingToPlace(std::move(r), file, options.keepFlopsUnknown);
}

namespace {
Result<KernelImport> parseAnyKernelFormat(const std::string& text, const std::string& file, KernelFormat format,
    const KernelReadOptions& options, std::size_t lines)
{
    if (text.find('\0') != std::string::npos)
        return Error {file, 0, 0, "not a text file (it contains NUL bytes)"};
    std::string_view body = text;
    if (body.substr(0, 3) == "\xEF\xBB\xBF")
        body.remove_prefix(3);
    if (const Importer* tool = importerFor(body, format))
        return tool->read(body, file, options);
    if (format == KernelFormat::Auto)
        format = sniff(body);
    switch (format) {
    case KernelFormat::Csv:
    case KernelFormat::Tsv: {
        const char delimiter = format == KernelFormat::Tsv ? '\t' : guessDelimiter(body.substr(0, body.find('\n')));
        return parseCsvKernels(body, file, delimiter, lines, options);
    }
    case KernelFormat::Json: {
        // JSON streams (a list takes the memory of its kernels); a file of YAML's flow syntax
        // that is not JSON ("[{name: a, ...}]") is read as YAML, as it always was.
        auto json = parseJsonKernels(body, file);
        if (json || json.error().message.rfind(kJsonSyntaxError, 0) != 0)
            return json;
        auto yaml = parseTreeKernels(body, file);
        return yaml ? yaml : json;
    }
    case KernelFormat::Yaml:
    case KernelFormat::Auto:
        return parseTreeKernels(body, file);
    }
    return Error {file, 0, 0, "unknown format"};
}
} // namespace

Result<KernelImport> loadKernelFile(const std::string& path, const KernelReadOptions& options)
{
    auto text = readTextFile(path, kMaxKernelFileBytes);
    if (!text)
        return text.error();
    auto r = parseKernels(text.value(), path, kernelFormatForPath(path), options);
    if (r)
        addRocprofSysinfo(r.value(), path);
    return r;
}

Result<KernelImport> loadLikwidRun(const std::vector<std::string>& paths)
{
    std::vector<std::string> texts;
    for (const std::string& path : paths) {
        auto text = readTextFile(path, kMaxKernelFileBytes);
        if (!text)
            return text.error();
        if (!looksLikeLikwidPerfctr(text.value()))
            return Error {path, 0, 0,
                "not likwid-perfctr output: only likwid-perfctr outputs of one program are read as one run"};
        texts.push_back(std::move(text.value()));
    }
    std::vector<LikwidOutput> outputs;
    for (std::size_t i = 0; i < paths.size(); ++i)
        outputs.push_back({paths[i], texts[i]});
    std::string all;
    for (const std::string& path : paths)
        all += (all.empty() ? "" : " + ") + path;
    return somethingToPlace(parseLikwidPerfctrRuns(outputs), all);
}

std::string kernelsToCsv(const std::vector<Kernel>& kernels)
{
    auto level = [](const Kernel& k, const char* name) {
        for (const auto& [l, b] : k.levelBytes)
            if (l == name)
                return shortestNumber(b);
        return std::string();
    };
    std::string out = "name,flops,bytes,time_s,precision,unit,group,l3_bytes,l2_bytes,l1_bytes,launches\n";
    for (const auto& k : kernels) {
        out += csvQuote(k.name) + "," + shortestNumber(k.flops) + "," + shortestNumber(k.bytes) + ","
            + (k.time ? shortestNumber(*k.time) : std::string()) + ","
            + (k.precision ? precisionName(*k.precision) : "") + "," + (k.unit ? computeUnitName(*k.unit) : "") + ","
            + csvQuote(k.group) + "," + level(k, "L3") + "," + level(k, "L2") + "," + level(k, "L1") + ","
            + std::to_string(k.launches) + "\n";
    }
    return out;
}

} // namespace roofline
