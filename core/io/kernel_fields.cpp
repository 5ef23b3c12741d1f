// SPDX-License-Identifier: MIT
#include "core/io/kernel_fields.h"

#include "core/common/text.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <functional>

namespace roofline {
namespace {

using Kind = KernelField::Kind;

std::string normalize(const std::string& name)
{
    std::string n;
    for (unsigned char c : name) {
        if (c == ' ' || c == '-' || c == '.')
            n += '_';
        else
            n += static_cast<char>(std::tolower(c));
    }
    while (!n.empty() && n.front() == '_')
        n.erase(n.begin());
    while (!n.empty() && n.back() == '_')
        n.pop_back();
    return n;
}

/// The value of a number with no unit ("1.5e9", "+3"); nullopt for anything else, including
/// "inf", "nan" and out-of-range numbers (parseQuantity then says what is wrong).
std::optional<double> bareNumber(std::string_view v)
{
    if (!v.empty() && v.front() == '+')
        v.remove_prefix(1);
    double d = 0;
    const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), d);
    if (ec != std::errc() || end != v.data() + v.size() || !std::isfinite(d))
        return std::nullopt;
    return d;
}

Dimension dimensionOf(Kind k)
{
    switch (k) {
    case Kind::Flops:
        return Dimension::Flops;
    case Kind::Bytes:
    case Kind::L3Bytes:
    case Kind::L2Bytes:
    case Kind::L1Bytes:
        return Dimension::Bytes;
    case Kind::Time:
        return Dimension::Time;
    case Kind::Achieved:
    case Kind::ClockPeak:
        return Dimension::FlopRate;
    case Kind::ClockBandwidth:
        return Dimension::ByteRate;
    default:
        return Dimension::Intensity;
    }
}

/// a and b agree to 1%, or to the precision the values were printed with (`printed`, relative).
bool agree(double a, double b, double printed)
{
    return std::fabs(a / b - 1.0) <= std::max(0.01, printed);
}

/// Half a unit in the last digit written, relative to the number: "2.0" -> 0.025, "68.7G" ->
/// 0.00073, "164K" -> 0.003. Whole numbers ("100") and exponent forms ("1e12") are taken as
/// exact, as people write them; 0 for what is not a number.
double printedRelativeError(std::string_view text)
{
    text = trimView(text);
    std::size_t i = !text.empty() && (text[0] == '+' || text[0] == '-') ? 1 : 0;
    std::size_t digits = 0;
    bool point = false;
    double mantissa = 0;
    for (; i < text.size(); ++i) { // one pass: the digits, then what follows them
        const char c = text[i];
        if (c == '.' && !point) {
            point = true;
        } else if (c >= '0' && c <= '9') {
            mantissa = mantissa * 10 + (c - '0');
            ++digits;
        } else {
            break;
        }
    }
    const char after = i < text.size() ? text[i] : '\0';
    if ((after == 'e' || after == 'E') && i + 1 < text.size()
        && (std::isdigit(static_cast<unsigned char>(text[i + 1])) || text[i + 1] == '-' || text[i + 1] == '+'))
        return 0.0;
    if (digits == 0 || !(mantissa > 0))
        return 0.0;
    // A whole number is exact ("1", "100") unless an SI prefix says it was rounded ("164K").
    const bool prefixed = after != '\0' && std::string_view("kKMGTPE").find(after) != std::string_view::npos;
    if (!point && !prefixed)
        return 0.0;
    return 0.5 / mantissa; // mantissa counts units of the last digit
}

} // namespace

std::string KernelField::describe() const
{
    switch (kind) {
    case Kind::Name:
        return "name";
    case Kind::Flops:
        return "FLOP count";
    case Kind::Bytes:
        return "byte count";
    case Kind::Time:
        return "time";
    case Kind::Achieved:
        return "achieved rate";
    case Kind::Intensity:
        return "intensity";
    case Kind::Precision:
        return "precision";
    case Kind::Unit:
        return "compute unit";
    case Kind::L3Bytes:
        return "L3 byte count";
    case Kind::Group:
        return "group";
    case Kind::L2Bytes:
        return "L2 byte count";
    case Kind::L1Bytes:
        return "L1 byte count";
    case Kind::Launches:
        return "launch count";
    case Kind::ClockPeak:
        return "peak at the clock it ran";
    case Kind::ClockBandwidth:
        return "bandwidth at the clock it ran";
    }
    return "?";
}

std::optional<KernelField> kernelFieldFor(const std::string& name)
{
    static const std::unordered_map<std::string, KernelField> fields {
        {"name", {Kind::Name, 1}},
        {"kernel", {Kind::Name, 1}},
        {"kernel_name", {Kind::Name, 1}},
        {"layer_name", {Kind::Name, 1}}, // LLM-Viewer
        {"layer", {Kind::Name, 1}},
        {"flops", {Kind::Flops, 1}},
        {"flop", {Kind::Flops, 1}},
        {"flop_count", {Kind::Flops, 1}},
        {"ops", {Kind::Flops, 1}}, // LLM-Viewer's per-layer operations (2 per multiply-add)
        {"mflop", {Kind::Flops, 1e6}},
        {"gflop", {Kind::Flops, 1e9}},
        {"gflops", {Kind::Flops, 1e9}},
        {"tflop", {Kind::Flops, 1e12}},
        {"tflops", {Kind::Flops, 1e12}},
        {"bytes", {Kind::Bytes, 1}},
        {"byte", {Kind::Bytes, 1}},
        {"dram_bytes", {Kind::Bytes, 1}},
        {"access", {Kind::Bytes, 1}}, // LLM-Viewer's memory access
        {"memory_access", {Kind::Bytes, 1}},
        {"kb", {Kind::Bytes, 1e3}},
        {"mb", {Kind::Bytes, 1e6}},
        {"gb", {Kind::Bytes, 1e9}},
        {"time", {Kind::Time, 1}},
        {"time_s", {Kind::Time, 1}},
        {"seconds", {Kind::Time, 1}},
        {"duration_s", {Kind::Time, 1}},
        {"time_ms", {Kind::Time, 1e-3}},
        {"duration_ms", {Kind::Time, 1e-3}},
        {"time_us", {Kind::Time, 1e-6}},
        {"duration_us", {Kind::Time, 1e-6}},
        {"time_ns", {Kind::Time, 1e-9}},
        {"duration_ns", {Kind::Time, 1e-9}},
        {"achieved_flops_per_s", {Kind::Achieved, 1}},
        {"achieved_flops", {Kind::Achieved, 1}},
        {"flops_per_s", {Kind::Achieved, 1}},
        {"achieved_gflops", {Kind::Achieved, 1e9}},
        {"achieved_tflops", {Kind::Achieved, 1e12}},
        {"intensity", {Kind::Intensity, 1}},
        {"ai", {Kind::Intensity, 1}},
        {"arithmetic_intensity", {Kind::Intensity, 1}},
        {"precision", {Kind::Precision, 1}},
        {"dtype", {Kind::Precision, 1}},
        {"unit", {Kind::Unit, 1}},
        {"l3_bytes", {Kind::L3Bytes, 1}},
        {"group", {Kind::Group, 1}},
        {"l2_bytes", {Kind::L2Bytes, 1}},
        {"lts_bytes", {Kind::L2Bytes, 1}},
        {"l1_bytes", {Kind::L1Bytes, 1}},
        {"l1tex_bytes", {Kind::L1Bytes, 1}},
        {"launches", {Kind::Launches, 1}},
        {"clock_peak", {Kind::ClockPeak, 1}},
        {"clock_peak_flops_per_s", {Kind::ClockPeak, 1}},
        {"clock_bandwidth", {Kind::ClockBandwidth, 1}},
        {"clock_bandwidth_bytes_per_s", {Kind::ClockBandwidth, 1}},
        {"phase", {Kind::Group, 1}},
    };
    const auto it = fields.find(normalize(name));
    if (it == fields.end())
        return std::nullopt;
    return it->second;
}

void KernelRowBuilder::set(const KernelField& field, std::string_view key, std::string_view raw)
{
    const std::string_view text = trimView(raw);
    if (text.empty())
        return; // an empty cell is an absent value
    if (setWord(field.kind, key, raw, text))
        return;
    if (const auto v = numberIn(field, key, text))
        storeNumber(field.kind, *v, text);
}

bool KernelRowBuilder::setWord(Kind kind, std::string_view key, std::string_view raw, std::string_view text)
{
    switch (kind) {
    case Kind::Name:
        // CSV cells are trimmed; a YAML/JSON name keeps what its quotes hold.
        m_name = std::string(m_keepNameSpaces ? raw : text);
        return true;
    case Kind::Group:
        m_group = std::string(m_keepNameSpaces ? raw : text);
        return true;
    case Kind::Launches: {
        int n = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
        if (ec != std::errc() || end != text.data() + text.size() || n < 1)
            fail(printable(key) + ": " + quoted(text) + " must be a whole number of launches, at least 1");
        else
            m_launches = n;
        return true;
    }
    case Kind::Unit: {
        const auto u = parseComputeUnit(text);
        if (!u)
            fail("unknown unit " + quoted(text) + "; known: vector matrix");
        else
            m_unit = u;
        return true;
    }
    case Kind::Precision: {
        const auto p = parsePrecision(std::string(text));
        if (!p)
            fail("unknown precision " + quoted(text) + "; known: " + precisionList());
        else
            m_precision = p;
        return true;
    }
    default:
        return false;
    }
}

std::optional<double> KernelRowBuilder::numberIn(const KernelField& field, std::string_view key, std::string_view text)
{
    const auto bare = bareNumber(text);
    if (bare && *bare > 0.0)
        return *bare * field.multiplier; // the common case: a plain positive number in the column's unit
    auto r = parseQuantity(text, dimensionOf(field.kind));
    if (!r && (field.kind == Kind::Flops || field.kind == Kind::Bytes)) {
        // 0 FLOPs (a copy) or 0 bytes is a fact about the program: noted, not rejected.
        QuantityOptions zeroToo;
        zeroToo.requirePositive = false;
        if (auto z = parseQuantity(text, dimensionOf(field.kind), zeroToo); z && *z == 0.0)
            r = 0.0;
    }
    if (!r) {
        fail(printable(key) + ": " + r.error().message);
        return std::nullopt;
    }
    return bare ? r.value() * field.multiplier : r.value();
}

void KernelRowBuilder::storeNumber(Kind kind, double v, std::string_view text)
{
    switch (kind) {
    case Kind::Flops:
        m_flops = v;
        m_flopsErr = printedRelativeError(text);
        break;
    case Kind::Bytes:
        m_bytes = v;
        m_bytesErr = printedRelativeError(text);
        break;
    case Kind::Time:
        m_time = v;
        m_timeErr = printedRelativeError(text);
        break;
    case Kind::Achieved:
        m_achieved = v;
        m_achievedErr = printedRelativeError(text);
        break;
    case Kind::Intensity:
        m_intensity = v;
        m_intensityErr = printedRelativeError(text);
        break;
    case Kind::L3Bytes:
        m_l3 = v;
        break;
    case Kind::L2Bytes:
        m_l2 = v;
        break;
    case Kind::L1Bytes:
        m_l1 = v;
        break;
    case Kind::ClockPeak:
        m_clockPeak = v;
        break;
    case Kind::ClockBandwidth:
        m_clockBandwidth = v;
        break;
    default:
        break;
    }
}

std::string KernelRowBuilder::name() const
{
    return (m_name ? *m_name : "row " + std::to_string(m_line)) + m_nameSuffix;
}

std::optional<KernelRowBuilder::Unplaced> KernelRowBuilder::unplaced() const
{
    if (!m_error.empty() || !m_flops)
        return std::nullopt;
    if (*m_flops == 0.0)
        return Unplaced::NoFlops;
    if (m_bytes && *m_bytes == 0.0 && *m_flops > 0.0)
        return Unplaced::NoBytes;
    return std::nullopt;
}

Result<Kernel> KernelRowBuilder::build() const
{
    if (!m_error.empty())
        return Error {{}, m_line, 0, m_error};
    Kernel k;
    k.name = name();
    if (!m_flops)
        return Error {{}, m_line, 0, quoted(k.name) + " has no FLOP count"};
    k.flops = *m_flops;
    if (m_bytes) {
        k.bytes = *m_bytes;
        if (m_intensity && !agree(k.flops / k.bytes, *m_intensity, m_flopsErr + m_bytesErr + m_intensityErr))
            return Error {{}, m_line, 0,
                quoted(k.name) + ": intensity " + formatNumber(*m_intensity, 4)
                    + " does not match flops/bytes = " + formatNumber(k.flops / k.bytes, 4)};
    } else if (m_intensity) {
        k.bytes = k.flops / *m_intensity;
    } else {
        return Error {{}, m_line, 0, quoted(k.name) + " has no byte count (or intensity)"};
    }
    if (m_time) {
        k.time = m_time;
        if (m_achieved && !agree(k.flops / *m_time, *m_achieved, m_flopsErr + m_timeErr + m_achievedErr))
            return Error {{}, m_line, 0,
                quoted(k.name) + ": achieved rate " + formatQuantity(*m_achieved, Dimension::FlopRate)
                    + " does not match flops/time = " + formatQuantity(k.flops / *m_time, Dimension::FlopRate)};
    } else if (m_achieved) {
        k.time = k.flops / *m_achieved;
    }
    k.precision = m_precision;
    k.group = m_group;
    k.unit = m_unit;
    if (m_l3)
        k.levelBytes.emplace_back("L3", *m_l3);
    if (m_l2)
        k.levelBytes.emplace_back("L2", *m_l2);
    if (m_l1)
        k.levelBytes.emplace_back("L1", *m_l1);
    k.launches = m_launches;
    k.clockPeak = m_clockPeak;
    k.clockBandwidth = m_clockBandwidth;
    if (auto why = validateKernel(k))
        return Error {{}, m_line, 0, *why};
    return k;
}

void KernelRowCollector::add(const KernelRowBuilder& row)
{
    if (const auto why = row.unplaced()) {
        (*why == KernelRowBuilder::Unplaced::NoFlops ? m_noFlops : m_noBytes).push_back({row.name(), row.line()});
        return;
    }
    auto k = row.build();
    if (!k) {
        reject(row.line(), k.error().message);
        return;
    }
    addBuilt(std::move(k).value(), row.line());
}

void KernelRowCollector::addBuilt(Kernel kernel, int line)
{
    m_out.kernels.push_back(std::move(kernel));
    m_out.lines.push_back(line);
}

namespace {

/// The indices of the kernels whose name a kernel before them has, each with the index of the
/// first: their names' hashes sorted (one pass over contiguous memory), then the names of equal
/// hashes compared. A hash set probed at each row was a third of reading 10^6 rows, a cache miss
/// or three a row.
std::vector<std::pair<std::size_t, std::size_t>> repeatedNames(const std::vector<Kernel>& kernels)
{
    std::vector<std::pair<std::size_t, std::size_t>> byHash(kernels.size()); // (hash, index)
    for (std::size_t i = 0; i < kernels.size(); ++i)
        byHash[i] = {std::hash<std::string_view> {}(kernels[i].name), i};
    std::sort(byHash.begin(), byHash.end());
    std::vector<std::pair<std::size_t, std::size_t>> repeats; // (index, index of the first)
    for (auto run = byHash.begin(); run != byHash.end();) {
        const auto end = std::find_if(run, byHash.end(), [&](const auto& h) { return h.first != run->first; });
        if (end - run > 1) { // in index order: by name, keeping that order, the first of a name leads
            std::stable_sort(run, end,
                [&](const auto& a, const auto& b) { return kernels[a.second].name < kernels[b.second].name; });
            for (auto it = run + 1, first = run; it != end; ++it) {
                if (kernels[it->second].name != kernels[first->second].name)
                    first = it;
                else
                    repeats.emplace_back(it->second, first->second);
            }
        }
        run = end;
    }
    return repeats;
}

} // namespace

void KernelRowCollector::dropRepeatedNames()
{
    auto repeats = repeatedNames(m_out.kernels);
    if (repeats.empty())
        return;
    std::vector<bool> dropped(m_out.kernels.size(), false);
    for (const auto& [at, first] : repeats) {
        dropped[at] = true;
        reject(m_out.lines[at],
            "duplicate name " + quoted(m_out.kernels[first].name) + " (first at line "
                + std::to_string(m_out.lines[first]) + ")");
    }
    std::size_t kept = 0;
    for (std::size_t i = 0; i < m_out.kernels.size(); ++i)
        if (!dropped[i]) {
            m_out.kernels[kept] = std::move(m_out.kernels[i]);
            m_out.lines[kept++] = m_out.lines[i];
        }
    m_out.kernels.resize(kept);
    m_out.lines.resize(kept);
    // The rejections in file order, as when each row was judged as it came.
    std::stable_sort(
        m_out.rejected.begin(), m_out.rejected.end(), [](const Error& a, const Error& b) { return a.line < b.line; });
}

void KernelRowCollector::reject(int line, const std::string& message)
{
    m_out.rejected.push_back(Error {m_file, line, 0, message});
}

void KernelRowCollector::finish()
{
    dropRepeatedNames();
    noteUnplaced();
}

void KernelRowCollector::noteUnplaced()
{
    auto note = [&](const std::vector<Row>& rows, const char* what) {
        if (rows.empty())
            return;
        const bool one = rows.size() == 1;
        m_out.warnings.push_back(std::to_string(rows.size()) + (one ? " kernel has " : " kernels have ") + what
            + kNotOnTheRoofline + firstOf(rows.size(), 5, [&](std::size_t i) {
                  return quoted(rows[i].name) + " (line " + std::to_string(rows[i].line) + ")";
              }));
    };
    note(m_noFlops, "no floating-point work (0 FLOPs)");
    note(m_noBytes, "no bytes (an infinite intensity)");
}

std::optional<Error> KernelRowCollector::firstUnplaced() const
{
    const Row* first = nullptr;
    for (const auto* rows : {&m_noFlops, &m_noBytes})
        if (!rows->empty() && (!first || rows->front().line < first->line))
            first = &rows->front();
    if (!first)
        return std::nullopt;
    const bool noFlops = !m_noFlops.empty() && first == &m_noFlops.front();
    return Error {m_file, first->line, 0,
        quoted(first->name) + (noFlops ? " has 0 FLOPs" : " has 0 bytes")
            + ": a session holds kernels on the roofline only"};
}

void collectTreeKernels(const YAML::Node& list, KernelRowCollector& collector, std::set<std::string>& ignored)
{
    for (const auto& item : list) {
        const int line = item.Mark().line + 1;
        if (!item.IsMap()) {
            collector.reject(
                line, "each kernel must be a mapping such as '{name: decode, flops: 140 GFLOP, bytes: 70 GB}'");
            continue;
        }
        KernelRowBuilder builder(line);
        builder.keepNameSpaces();
        std::set<std::string> keys;
        for (auto it = item.begin(); it != item.end(); ++it) {
            const std::string key = it->first.Scalar();
            if (!keys.insert(key).second) {
                builder.fail("field '" + key + "' is given twice");
                continue;
            }
            const auto field = kernelFieldFor(key);
            if (!field) {
                ignored.insert(key);
                continue;
            }
            const YAML::Node value = it->second; // a copy: the iterator hands out a temporary
            if (value.IsNull())
                continue;
            if (!value.IsScalar()) {
                builder.fail("field '" + key + "' must be a single value");
                continue;
            }
            builder.set(*field, key, value.Scalar());
        }
        collector.add(builder);
    }
}

/// One note for every column (or field) a file has that the reader does not use: "ignored
/// column 'gpu'", or with many "ignored 9998 columns: 'c0', 'c1', 'c2' and 9995 more".
std::optional<std::string> ignoredNote(const char* what, const std::vector<std::string>& names)
{
    if (names.empty())
        return std::nullopt;
    if (names.size() == 1)
        return std::string("ignored ") + what + " " + quoted(names.front());
    return "ignored " + std::to_string(names.size()) + " " + what
        + "s: " + firstOf(names.size(), 8, [&](std::size_t i) { return quoted(names[i]); });
}

} // namespace roofline
