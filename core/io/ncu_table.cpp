// SPDX-License-Identifier: MIT
#include "core/io/ncu_table.h"

#include "core/common/text.h"
#include "core/io/csv.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

namespace roofline::ncu {
namespace {

std::optional<size_t> headerOffsetIn(std::string_view text)
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

// ncu units, normalised to SI (byte, second, plain counts): "Kbyte" = 1e3 byte, "usecond" and
// "us" (newer ncu) = 1e-6 s, "Ghz" = 1e9 /s. Nothing for a unit this does not know: the value is
// then not read as if it were in base units (a time in "us" read as seconds was a million times
// off, with no warning).
std::optional<double> unitScale(const std::string& unitRaw)
{
    const std::string u = toLower(trimmed(unitRaw));
    if (u.empty() || u == "%" || u == "ratio")
        return 1.0;
    static const std::pair<const char*, double> times[] = {{"s", 1.0}, {"second", 1.0}, {"ms", 1e-3}, {"msecond", 1e-3},
        {"us", 1e-6}, {"usecond", 1e-6}, {"\xC2\xB5s", 1e-6}, {"ns", 1e-9}, {"nsecond", 1e-9}};
    for (const auto& [name, scale] : times)
        if (u == name || u == std::string(name) + "s")
            return scale;
    static const std::pair<const char*, double> prefixes[]
        = {{"", 1.0}, {"k", 1e3}, {"m", 1e6}, {"g", 1e9}, {"t", 1e12}, {"p", 1e15}};
    for (const char* base : {"byte", "sector", "inst", "cycle", "hz", "warp", "request", "wavefront", "thread"})
        for (const auto& [prefix, scale] : prefixes) {
            const std::string b = std::string(prefix) + base;
            if (u == b || u == b + "s")
                return scale;
        }
    if (const auto slash = u.find('/'); slash != std::string::npos) {
        // A rate or a ratio: "Kbyte/cycle" is 10^3 byte a cycle, "Tbyte/s" 10^12 byte a second;
        // a ratio of counts the reader does not know ("sector/request") is taken as it is.
        const auto top = unitScale(u.substr(0, slash)), bottom = unitScale(u.substr(slash + 1));
        return top && bottom ? *top / *bottom : 1.0;
    }
    return std::nullopt;
}

/// The columns of an export's header row.
struct Columns {
    std::vector<std::string> header;
    int id = -1, name = -1, device = -1, cc = -1, metric = -1, unit = -1, value = -1;
    int displayName = -1; ///< --page raw: device__attribute_display_name
    int grid = -1, block = -1;
    std::vector<bool> isMetric; ///< --page raw: the columns named like metrics ("dram__bytes.sum")
    bool details() const { return metric >= 0 && value >= 0; }
    std::string_view field(const std::vector<std::string_view>& row, int c) const
    {
        return c >= 0 && c < static_cast<int>(row.size()) ? row[static_cast<size_t>(c)] : std::string_view();
    }
};

Columns readColumns(std::string_view body)
{
    CsvReader reader(body, ',');
    reader.next();
    Columns c;
    c.header.assign(reader.fields().begin(), reader.fields().end());
    auto col = [&](const char* name) -> int {
        for (size_t i = 0; i < c.header.size(); ++i)
            if (trimView(c.header[i]) == name)
                return static_cast<int>(i);
        return -1;
    };
    c.id = col("ID");
    c.name = col("Kernel Name");
    c.device = col("Device");
    c.cc = col("CC");
    c.metric = col("Metric Name");
    c.unit = col("Metric Unit");
    c.value = col("Metric Value");
    c.displayName = col("device__attribute_display_name");
    c.grid = col("Grid Size");
    c.block = col("Block Size");
    for (const auto& h : c.header)
        c.isMetric.push_back(h.find("__") != std::string::npos);
    return c;
}

/// What a first pass over the rows finds: the decimal separator, from every value in the file
/// (it needs them all before any is read), and --page raw's units row under the header.
struct FirstPass {
    char decimal = '.';
    std::vector<std::string> units;
};

FirstPass firstPass(std::string_view body, const Columns& c)
{
    FirstPass pass;
    DecimalVote vote;
    CsvReader reader(body, ',');
    reader.next(); // the header
    bool first = true;
    while (reader.next()) {
        const auto& row = reader.fields();
        if (first && !c.details() && trimView(c.field(row, c.id)).empty()) {
            pass.units.assign(row.begin(), row.end()); // --page raw: the units row
            first = false;
            continue;
        }
        first = false;
        if (c.details()) {
            vote.add(c.field(row, c.value));
            continue;
        }
        for (size_t i = 0; i < row.size() && i < c.header.size(); ++i)
            if (c.isMetric[i])
                vote.add(row[i]);
    }
    pass.decimal = vote.separator();
    return pass;
}

/// ncu writes a handful of distinct units: each is scaled once.
class UnitScales {
public:
    std::optional<double> of(std::string_view unit)
    {
        if (unit == m_lastUnit && !m_scales.empty())
            return m_lastScale; // rows of one metric kind in a row share their unit
        auto it = m_scales.find(std::string(unit));
        if (it == m_scales.end())
            it = m_scales.emplace(std::string(unit), unitScale(std::string(unit))).first;
        m_lastUnit = unit;
        m_lastScale = it->second;
        return m_lastScale;
    }

private:
    std::unordered_map<std::string, std::optional<double>> m_scales;
    std::string m_lastUnit;
    std::optional<double> m_lastScale = 1.0;
};

/// The second pass: each row into its launch (a launch's rows come together; --page details
/// has a row per metric, --page raw a column per metric).
class LaunchReader {
public:
    LaunchReader(const Columns& columns, const FirstPass& pass, Table& table)
        : m_c(columns)
        , m_pass(pass)
        , m_table(table)
        , m_columnMetric(columns.header.size(), -1)
    {
        for (size_t i = 0; i < m_c.header.size(); ++i)
            if (m_c.isMetric[i])
                m_columnMetric[i] = m_table.names.intern(m_c.header[i]);
    }

    /// --page details: the metric rows of the last launch, and those of the launch of the same
    /// kernel before it, or else of every launch before it when they all have the same number,
    /// when the last has fewer: a file cut at a line end between two of its metric rows (its FLOPs
    /// would be summed from part of their counters). One collection gives every launch the same
    /// metrics, so in a whole file the counts agree.
    std::optional<std::pair<size_t, size_t>> lastLaunchShort() const
    {
        if (!m_c.details() || m_last == std::string::npos)
            return std::nullopt;
        const auto before = m_rowsByName.find(m_table.launches[m_last].name);
        const std::optional<size_t> expected
            = before != m_rowsByName.end() ? std::optional<size_t>(before->second) : m_everyLaunchRows;
        if (!expected || m_order.size() >= *expected)
            return std::nullopt;
        return std::make_pair(m_order.size(), *expected);
    }

    /// --page details, a file of one launch that ends between a precision's add, fma and mul
    /// counters: why that is refused. ncu lists --metrics by name (add, fma, mul), so a file cut
    /// between them ends on one with one before it and one after it missing; the FLOPs would be
    /// summed from part of the work. (A file that ends on the first of them, or between two
    /// precisions, is one collected with fewer metrics as far as anything in it tells.)
    std::optional<std::string> lastRowSplitsATrio() const
    {
        if (!m_c.details() || m_table.launches.size() != 1 || m_order.empty())
            return std::nullopt;
        const std::string& last = m_table.names.name(m_order.back());
        const std::string op = "_inst_executed_op_";
        const size_t at = last.find(op);
        if (at == std::string::npos || last.compare(at + op.size() + 4, 8, "_pred_on") != 0)
            return std::nullopt;
        const size_t kind = at + op.size() + 1; // d/f/h, then add/fma/mul
        const auto inFile = [&](const char* sibling) {
            std::string name = last;
            name.replace(kind, 3, sibling);
            return std::any_of(m_order.begin(), m_order.end(), [&](int id) { return m_table.names.name(id) == name; });
        };
        const std::string lastOp = last.substr(kind, 3);
        if (lastOp != "fma" || !inFile("add") || inFile("mul"))
            return std::nullopt;
        std::string mul = last;
        mul.replace(kind, 3, "mul");
        return "the file ends on " + last + ", after its add counter, without " + mul
            + ": the file is cut short, or the collection left part of that precision's FLOPs out; export it "
              "again with its add, fma and mul counters (docs/profilers.md)";
    }

    void add(const std::vector<std::string_view>& row, int line)
    {
        const std::string_view id = trimView(m_c.field(row, m_c.id));
        if (id.empty() || row.size() < 2)
            return; // program output after the table, blank rows
        if (row.front().substr(0, 2) == "==")
            return; // ==PROF== / ==WARNING== lines inside the table
        Launch& l = launchFor(id, row, line);
        if (m_table.deviceName.empty() && m_c.displayName >= 0)
            m_table.deviceName = std::string(trimView(m_c.field(row, m_c.displayName)));
        if (m_c.details())
            addMetricRow(l, row);
        else
            addMetricColumns(l, row);
    }

private:
    Launch& launchFor(std::string_view id, const std::vector<std::string_view>& row, int line)
    {
        std::vector<Launch>& launches = m_table.launches;
        if (m_last != std::string::npos && launches[m_last].id == id)
            return launches[m_last];
        if (m_last != std::string::npos) // the launch before is whole: its kernel's metric rows
            noteWholeLaunch(launches[m_last].name, m_order.size());
        if (!m_order.empty())
            m_previousOrder.swap(m_order);
        m_order.clear();
        auto [it, inserted] = m_byId.emplace(std::string(id), launches.size());
        if (inserted) {
            Launch l;
            l.id = std::string(id);
            l.name = std::string(m_c.field(row, m_c.name));
            const std::string_view grid = trimView(m_c.field(row, m_c.grid)),
                                   block = trimView(m_c.field(row, m_c.block));
            if (!grid.empty() || !block.empty())
                l.shape = "grid " + std::string(grid) + ", block " + std::string(block);
            const std::string_view device = m_c.field(row, m_c.device);
            const std::string_view cc = trimView(m_c.field(row, m_c.cc));
            if (device != m_lastDevice || cc != m_lastCc) {
                l.device = std::string(device);
                l.computeCapability = std::string(cc);
                m_lastDevice = l.device;
                m_lastCc = l.computeCapability;
            }
            l.line = line;
            launches.push_back(std::move(l));
        }
        m_last = it->second;
        return launches[m_last];
    }

    void noteWholeLaunch(const std::string& name, size_t rows)
    {
        m_rowsByName[name] = rows;
        if (m_wholeLaunches++ == 0)
            m_everyLaunchRows = rows;
        else if (m_everyLaunchRows != rows)
            m_everyLaunchRows.reset();
    }

    /// --page details: a launch's metric rows come in the same order launch after launch, so the
    /// k-th row's metric is guessed from the launch before (a string compare, no lookup).
    void addMetricRow(Launch& l, const std::vector<std::string_view>& row)
    {
        const std::string_view name = trimView(m_c.field(row, m_c.metric));
        if (name.empty())
            return; // a rule row without a metric
        if (name == "device__attribute_display_name") {
            if (m_table.deviceName.empty())
                m_table.deviceName = std::string(trimView(m_c.field(row, m_c.value)));
            return;
        }
        const size_t k = m_order.size();
        const int guess = k < m_previousOrder.size() ? m_previousOrder[k] : -1;
        const int metricId = guess >= 0 && m_table.names.name(guess) == name ? guess : m_table.names.intern(name);
        m_order.push_back(metricId);
        if (auto v = number(m_c.field(row, m_c.value), m_pass.decimal))
            l.set(metricId, scaled(*v, metricId, m_c.field(row, m_c.unit)));
    }

    /// --page raw: every metric column of the row, in the unit its column's units row gives.
    void addMetricColumns(Launch& l, const std::vector<std::string_view>& row)
    {
        for (size_t i = 0; i < row.size() && i < m_c.header.size(); ++i) {
            if (!m_c.isMetric[i])
                continue; // metadata columns
            if (auto v = number(row[i], m_pass.decimal))
                l.set(m_columnMetric[i],
                    scaled(*v, m_columnMetric[i],
                        i < m_pass.units.size() ? std::string_view(m_pass.units[i]) : std::string_view()));
        }
    }

    /// The value in SI units; NaN in a unit this does not know, which the table keeps by metric.
    double scaled(double v, int metric, std::string_view unit)
    {
        if (const auto scale = m_scales.of(unit))
            return v * *scale;
        m_table.unknownUnits.emplace(metric, std::string(trimView(unit)));
        return std::numeric_limits<double>::quiet_NaN();
    }

    const Columns& m_c;
    const FirstPass& m_pass;
    Table& m_table;
    std::vector<int> m_columnMetric; ///< --page raw: a metric per column
    UnitScales m_scales;
    std::vector<int> m_previousOrder, m_order;
    std::unordered_map<std::string, size_t> m_rowsByName; ///< --page details: a kernel's metric rows
    size_t m_wholeLaunches = 0;
    std::optional<size_t> m_everyLaunchRows; ///< the metric rows of every whole launch, when they agree
    std::unordered_map<std::string, size_t> m_byId;
    std::string m_lastDevice, m_lastCc;
    size_t m_last = std::string::npos; ///< the launch of the row before
};

/// Whether the export ends in the middle of a row, as a file cut short (a copy interrupted, a
/// disk that filled) does: inside a quoted field, or on a last row, without its line end,
/// shorter than the row before it. Its line and why; nothing when the file is whole.
std::optional<std::pair<int, std::string>> cutShort(std::string_view text, const CsvReader& reader,
    std::size_t lastFields, std::size_t fieldsBefore, int lineBase, int lastLine)
{
    const std::string again = "; the file is cut short: export it again";
    if (reader.unterminatedQuoteLine() > 0)
        return std::make_pair(lineBase + reader.unterminatedQuoteLine(),
            "a quoted field is never closed (the file ends inside it)" + again);
    const bool endsWithLineEnd = !text.empty() && (text.back() == '\n' || text.back() == '\r');
    if (!endsWithLineEnd && fieldsBefore > 0 && lastFields < fieldsBefore)
        return std::make_pair(lastLine,
            "the last row has " + std::to_string(lastFields) + " fields and no line end, the row before it "
                + std::to_string(fieldsBefore) + again);
    return std::nullopt;
}

} // namespace

Result<Table> readTable(std::string_view text, const std::string& file)
{
    const auto start = headerOffsetIn(text);
    if (!start)
        return Error {file, 0, 0, "not an Nsight Compute CSV: no header row with \"ID\" and \"Kernel Name\""};
    const int lineBase = lineOf(text, *start) - 1;
    const std::string_view body = text.substr(*start);
    const Columns columns = readColumns(body);
    const FirstPass pass = firstPass(body, columns);
    Table table;
    table.source = columns.details() ? "ncu details" : "ncu raw";
    table.headerLine = lineBase + 1;
    table.decimal = pass.decimal;
    // The rows are streamed twice (the decimal separator needs every value first); no row is
    // kept as strings.
    LaunchReader launches(columns, pass, table);
    CsvReader reader(body, ',');
    reader.next(); // the header
    if (!pass.units.empty())
        reader.next(); // --page raw's units row
    std::size_t lastFields = 0, fieldsBefore = 0;
    int lastLine = 0;
    while (reader.next()) {
        launches.add(reader.fields(), lineBase + reader.line());
        fieldsBefore = lastFields;
        lastFields = reader.fields().size();
        lastLine = lineBase + reader.line();
    }
    if (auto cut = cutShort(text, reader, lastFields, fieldsBefore, lineBase, lastLine))
        return Error {file, cut->first, 0, cut->second};
    if (const auto rows = launches.lastLaunchShort())
        return Error {file, lastLine, 0,
            "the last launch has " + std::to_string(rows->first) + " metric rows, the launches before it "
                + std::to_string(rows->second) + "; the file is cut short: export it again"};
    if (const auto why = launches.lastRowSplitsATrio())
        return Error {file, lastLine, 0, *why};
    if (table.launches.empty())
        return Error {file, lineBase + 1, 0, "the ncu export has a header but no kernel launches"};
    return table;
}

std::optional<size_t> headerOffset(std::string_view text)
{
    return headerOffsetIn(text);
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

} // namespace roofline::ncu
