// SPDX-License-Identifier: MIT
#include "core/io/profile_yaml.h"

#include "core/io/text_file.h"
#include "core/model/units.h"

#include "core/io/yaml_error.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <regex>
#include <set>
#include <sstream>

namespace roofline {
namespace {

// Thrown inside the parser only, turned into an Error at the boundary below.
struct ParseFailure {
    Error error;
};

class ProfileParser {
public:
    explicit ProfileParser(std::string file)
        : m_file(std::move(file))
    { }

    [[noreturn]] void fail(const YAML::Node& at, const std::string& message) const
    {
        const YAML::Mark m = at.Mark();
        throw ParseFailure {Error {m_file, m.line >= 0 ? m.line + 1 : 0, m.column >= 0 ? m.column + 1 : 0, message}};
    }

    // Refuses keys not in `allowed` and keys given twice (yaml-cpp keeps both silently).
    void checkKeys(const YAML::Node& map, const std::vector<std::string>& allowed, const std::string& where) const
    {
        std::set<std::string> seen;
        for (auto it = map.begin(); it != map.end(); ++it) {
            const std::string key = it->first.Scalar();
            if (!seen.insert(key).second)
                fail(it->first, "duplicate field '" + key + "'" + where);
            if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
                std::string list;
                for (const auto& a : allowed)
                    list += (list.empty() ? "" : ", ") + a;
                fail(it->first, "unknown field '" + key + "'" + where + "; expected one of: " + list);
            }
        }
    }

    std::string scalar(const YAML::Node& parent, const char* key, bool required) const
    {
        const YAML::Node n = parent[key];
        if (!n || n.IsNull()) {
            if (required)
                fail(parent, std::string("missing field '") + key + "'");
            return {};
        }
        if (!n.IsScalar())
            fail(n, std::string("field '") + key + "' must be a single value");
        const std::string s = n.Scalar();
        if (required && s.empty())
            fail(n, std::string("field '") + key + "' is empty");
        return s;
    }

    double quantity(const YAML::Node& n, Dimension dim, const std::string& what) const
    {
        if (!n.IsScalar())
            fail(n, what + " must be a value with a unit, e.g. '" + unitExample(dim) + "'");
        QuantityOptions opt;
        opt.requireUnit = true;
        const auto r = parseQuantity(n.Scalar(), dim, opt);
        if (!r)
            fail(n, what + ": " + r.error().message);
        return r.value();
    }

    std::vector<std::string> stringList(const YAML::Node& parent, const char* key) const
    {
        std::vector<std::string> out;
        const YAML::Node n = parent[key];
        if (!n || n.IsNull())
            return out;
        if (n.IsScalar()) {
            out.push_back(n.Scalar());
            return out;
        }
        if (!n.IsSequence())
            fail(n, std::string("field '") + key + "' must be a list of strings");
        for (const auto& item : n) {
            if (!item.IsScalar())
                fail(item, std::string("each entry of '") + key + "' must be a string");
            out.push_back(item.Scalar());
        }
        return out;
    }

    HardwareProfile parse(const YAML::Node& root) const
    {
        if (!root || root.IsNull())
            throw ParseFailure {
                Error {m_file, 0, 0, "empty file: expected a hardware profile (see docs/hardware-profiles.md)"}};
        if (!root.IsMap())
            fail(root, "expected a hardware profile: a YAML mapping with id, name, vendor, peaks and memory");
        checkKeys(root,
            {"schema_version", "id", "name", "vendor", "category", "aliases", "achievable", "launch_latency", "peaks",
                "sparse", "accumulate", "units", "memory", "interconnect", "derived", "disagreements", "notes",
                "sources"},
            "");

        HardwareProfile p;
        if (const YAML::Node v = root["schema_version"]; v && !(v.IsScalar() && v.Scalar() == "1"))
            fail(v,
                "unsupported schema_version '" + (v.IsScalar() ? v.Scalar() : std::string("?"))
                    + "'; this version reads schema_version 1");

        p.id = scalar(root, "id", true);
        static const std::regex idPattern("^[a-z0-9]+(-[a-z0-9]+)*$");
        if (!std::regex_match(p.id, idPattern))
            fail(root["id"], "id '" + p.id + "' must be lower-case kebab: letters, digits and single '-'");
        p.name = scalar(root, "name", true);
        p.vendor = scalar(root, "vendor", true);
        p.category = scalar(root, "category", false);
        p.aliases = stringList(root, "aliases");
        for (auto& a : p.aliases) {
            if (!std::regex_match(a, idPattern))
                fail(root["aliases"], "alias '" + a + "' must be lower-case kebab: letters, digits and single '-'");
        }
        p.notes = stringList(root, "notes");

        if (const YAML::Node a = root["achievable"]; a && !a.IsNull()) {
            double v = 0.0;
            if (!a.IsScalar() || !YAML::convert<double>::decode(a, v) || !std::isfinite(v) || v <= 0.0 || v > 1.0)
                fail(a, "achievable must be a fraction of peak in (0, 1], e.g. 0.85");
            p.achievable = v;
        }

        if (const YAML::Node l = root["launch_latency"]; l && !l.IsNull())
            p.launchLatency = quantity(l, Dimension::Time, "launch_latency");
        parsePeaks(root, p);
        parseMemory(root, p);
        parseInterconnect(root, p);
        checkRidges(root, p);
        parseSparse(root, p);
        parseAccumulate(root, p);
        parseUnits(root, p);
        parseSources(root, p);
        p.derived = stringList(root, "derived");
        for (const auto& f : p.derived)
            checkFigure(root["derived"], p, f, "derived");
        parseDisagreements(root, p);
        return p;
    }

private:
    /// A figure name a source, a derivation or a disagreement refers to must be one of the
    /// profile's: a precision with a peak, a memory level with a bandwidth, "interconnect".
    void checkFigure(const YAML::Node& at, const HardwareProfile& p, const std::string& figure, const char* where) const
    {
        const auto figures = p.figures();
        if (std::find(figures.begin(), figures.end(), figure) != figures.end())
            return;
        std::string list;
        for (const auto& f : figures)
            list += (list.empty() ? "" : ", ") + f;
        fail(at, "'" + figure + "' in " + where + " is not a figure of this profile; its figures: " + list);
    }

    /// Each source: a line of text (background reading), or {ref, backs: [figures], measured}.
    void parseSources(const YAML::Node& root, HardwareProfile& p) const
    {
        const YAML::Node list = root["sources"];
        if (!list || list.IsNull())
            return;
        if (list.IsScalar()) {
            p.sources.push_back({list.Scalar(), {}, false});
            return;
        }
        if (!list.IsSequence())
            fail(list, "'sources' must be a list: lines of text, or {ref: \"datasheet: URL\", backs: [bf16, HBM3]}");
        for (const auto& item : list) {
            Source src;
            if (item.IsScalar()) {
                src.ref = item.Scalar();
            } else if (item.IsMap()) {
                checkKeys(item, {"ref", "backs", "measured"}, " in a source");
                src.ref = scalar(item, "ref", true);
                src.backs = stringList(item, "backs");
                for (const auto& f : src.backs)
                    checkFigure(item["backs"], p, f, "a source's backs");
                if (const YAML::Node m = item["measured"];
                    m && !(m.IsScalar() && YAML::convert<bool>::decode(m, src.measured)))
                    fail(m, "measured must be true or false");
            } else {
                fail(item, "each source must be a line of text or a mapping with ref and backs");
            }
            p.sources.push_back(std::move(src));
        }
    }

    /// Vendor figures with 2:4 sparsity, kept beside the dense peaks they are not.
    void parseSparse(const YAML::Node& root, HardwareProfile& p) const
    {
        const YAML::Node sparse = root["sparse"];
        if (!sparse || sparse.IsNull())
            return;
        if (!sparse.IsMap())
            fail(sparse,
                "'sparse' must map a precision to the vendor's figure with sparsity, e.g. 'bf16: 1979 TFLOP/s'");
        for (auto it = sparse.begin(); it != sparse.end(); ++it) {
            const auto prec = parsePrecision(it->first.Scalar());
            if (!prec)
                fail(it->first, "unknown precision '" + it->first.Scalar() + "' in sparse; known: " + precisionList());
            const double v = quantity(it->second, Dimension::FlopRate, "sparse " + it->first.Scalar());
            if (const auto dense = p.peak(*prec); dense && *dense >= v)
                fail(it->second,
                    "the " + precisionName(*prec) + " peak (" + formatQuantity(*dense, Dimension::FlopRate)
                        + ") is not below its figure with sparsity (" + formatQuantity(v, Dimension::FlopRate)
                        + "): peaks are dense, so a sparse figure may be on the roof");
            p.sparse[*prec] = v;
        }
    }

    /// Per-unit rates: "fp64: {vector: 33.5 TFLOP/s, matrix: 66.9 TFLOP/s}". The peak must be one
    /// of them, so the precision's roof is a unit's rate and a kernel's unit picks the other.
    void parseUnits(const YAML::Node& root, HardwareProfile& p) const
    {
        const YAML::Node units = root["units"];
        if (!units || units.IsNull())
            return;
        if (!units.IsMap())
            fail(units,
                "'units' must map a precision to its rates, e.g. 'fp64: {vector: 33.5 TFLOP/s, matrix: 66.9 "
                "TFLOP/s}'");
        for (auto it = units.begin(); it != units.end(); ++it) {
            const std::string name = it->first.Scalar();
            const auto prec = parsePrecision(name);
            if (!prec)
                fail(it->first, "unknown precision '" + name + "' in units; known: " + precisionList());
            const auto peak = p.peak(*prec);
            if (!peak)
                fail(it->first, "units gives " + name + " rates, but peaks has no " + name);
            if (!it->second.IsMap())
                fail(it->second,
                    "units " + name
                        + " must be a mapping such as '{vector: 33.5 TFLOP/s, matrix: 66.9 "
                          "TFLOP/s}'");
            checkKeys(it->second, {"vector", "matrix"}, "units " + name);
            UnitPeaks u;
            for (const char* key : {"vector", "matrix"})
                if (const YAML::Node v = it->second[key]; v && !v.IsNull())
                    (key == std::string("vector") ? u.vector : u.matrix)
                        = quantity(v, Dimension::FlopRate, "units " + name + " " + key);
            auto same = [&](const std::optional<double>& v) { return v && std::fabs(*v / *peak - 1.0) < 1e-9; };
            if (!same(u.vector) && !same(u.matrix))
                fail(it->second,
                    "the " + name + " peak (" + formatQuantity(*peak, Dimension::FlopRate)
                        + ") must be its vector or its matrix rate");
            p.units[*prec] = u;
        }
    }

    /// The accumulate precision a peak assumes (GeForce FP16 at FP32 accumulate: half rate).
    void parseAccumulate(const YAML::Node& root, HardwareProfile& p) const
    {
        const YAML::Node acc = root["accumulate"];
        if (!acc || acc.IsNull())
            return;
        if (!acc.IsMap())
            fail(acc, "'accumulate' must map a precision to its accumulate precision, e.g. 'fp16: fp32'");
        for (auto it = acc.begin(); it != acc.end(); ++it) {
            const auto prec = parsePrecision(it->first.Scalar());
            const auto with = it->second.IsScalar() ? parsePrecision(it->second.Scalar()) : std::nullopt;
            if (!prec || !p.hasPrecision(*prec))
                fail(it->first, "'" + it->first.Scalar() + "' in accumulate is not a precision with a peak");
            if (!with)
                fail(it->second, "the accumulate precision must be one of: " + precisionList());
            p.accumulate[*prec] = *with;
        }
    }

    /// Figures public sources disagree on: every value with its source; the profile's own
    /// value must be one of them.
    void parseDisagreements(const YAML::Node& root, HardwareProfile& p) const
    {
        const YAML::Node list = root["disagreements"];
        if (!list || list.IsNull())
            return;
        if (!list.IsSequence())
            fail(list, "'disagreements' must be a list of {figure, candidates: [{value, source}, ...]}");
        for (const auto& item : list) {
            if (!item.IsMap())
                fail(item, "each disagreement must be a mapping with figure and candidates");
            checkKeys(item, {"figure", "candidates"}, " in a disagreement");
            Disagreement d;
            d.figure = scalar(item, "figure", true);
            if (!isCapacityFigure(d.figure))
                checkFigure(item["figure"], p, d.figure, "disagreements");
            else if (!figureValue(p, d.figure))
                fail(item["figure"],
                    "'" + d.figure + "' in disagreements: no memory level of that name with a capacity");
            const Dimension dim = figureDimension(p, d.figure);
            const YAML::Node cands = item["candidates"];
            if (!cands || !cands.IsSequence() || cands.size() < 2)
                fail(item, "a disagreement needs two or more candidates, each {value, source}");
            for (const auto& c : cands) {
                if (!c.IsMap())
                    fail(c, "each candidate must be a mapping with value and source");
                checkKeys(c, {"value", "source"}, " in a candidate");
                d.candidates.push_back({quantity(c["value"], dim, d.figure + " candidate"), scalar(c, "source", true)});
            }
            const double used = figureValue(p, d.figure).value_or(0.0);
            if (std::none_of(d.candidates.begin(), d.candidates.end(),
                    [&](const Candidate& c) { return std::abs(c.value - used) <= 1e-9 * used; }))
                fail(item,
                    "the profile uses " + formatQuantity(used, dim) + " for " + d.figure
                        + ", which is not one of its candidates");
            p.disagreements.push_back(std::move(d));
        }
    }

    /// Each peak and bandwidth can be in range while their ratio is not (1e-300 FLOP/s over
    /// 1e300 byte/s): every ridge must be a finite, positive number, or no roof can be drawn.
    void checkRidges(const YAML::Node& root, const HardwareProfile& p) const
    {
        for (const auto& [precision, peak] : p.peaks)
            for (const auto& level : p.memory) {
                if (!level.bandwidth)
                    continue;
                const double ridge = peak / *level.bandwidth;
                if (!std::isfinite(ridge) || !std::isnormal(ridge))
                    fail(root["peaks"],
                        "the " + precisionName(precision) + " peak over the " + level.name
                            + " bandwidth gives a ridge of " + formatNumber(ridge, 3)
                            + " FLOP/byte, which no plot can show; check the units of the peak and the bandwidth");
            }
    }

    void parsePeaks(const YAML::Node& root, HardwareProfile& p) const
    {
        const YAML::Node peaks = root["peaks"];
        if (!peaks || peaks.IsNull())
            fail(root, "missing field 'peaks' (dense compute peak per precision, e.g. 'bf16: 989.4 TFLOP/s')");
        if (!peaks.IsMap())
            fail(peaks, "'peaks' must map a precision to a rate, e.g. 'bf16: 989.4 TFLOP/s'");
        std::set<std::string> seen;
        for (auto it = peaks.begin(); it != peaks.end(); ++it) {
            const std::string key = it->first.Scalar();
            const auto prec = parsePrecision(key);
            if (!prec)
                fail(it->first, "unknown precision '" + key + "' in peaks; known: " + precisionList());
            if (!seen.insert(precisionName(*prec)).second)
                fail(it->first, "duplicate precision '" + key + "' in peaks");
            if (it->second.IsNull())
                continue; // "fp8: null": the part has no such rate
            p.peaks[*prec] = quantity(it->second, Dimension::FlopRate, "peak " + key);
        }
        if (p.peaks.empty())
            fail(peaks, "'peaks' gives no precision a value");
    }

    void parseMemory(const YAML::Node& root, HardwareProfile& p) const
    {
        const YAML::Node mem = root["memory"];
        if (!mem || mem.IsNull())
            fail(root, "missing field 'memory' (HBM/DRAM first, e.g. '- {name: HBM3, bandwidth: 3.35 TB/s}')");
        if (!mem.IsSequence() || mem.size() == 0)
            fail(mem, "'memory' must be a list of levels, HBM/DRAM first, e.g. '- {name: HBM3, bandwidth: 3.35 TB/s}'");
        // A real hierarchy has a handful (HBM, L2, L1/shared; a CPU's DRAM, L3, L2, L1): each is a
        // roof and a label, and 5,000 of them took the figure's layout 82 s.
        constexpr std::size_t kMostLevels = 16;
        if (mem.size() > kMostLevels)
            fail(mem,
                "'memory' lists " + std::to_string(mem.size()) + " levels; a profile has at most "
                    + std::to_string(kMostLevels) + " (HBM/DRAM and its caches)");
        std::set<std::string> names;
        for (const auto& level : mem) {
            if (!level.IsMap())
                fail(level, "each memory level must be a mapping with name, bandwidth and capacity");
            checkKeys(level, {"name", "bandwidth", "capacity"}, " in a memory level");
            MemoryLevel m;
            m.name = scalar(level, "name", true);
            if (!names.insert(m.name).second)
                fail(level["name"], "duplicate memory level '" + m.name + "'");
            if (const YAML::Node b = level["bandwidth"]; b && !b.IsNull())
                m.bandwidth = quantity(b, Dimension::ByteRate, "bandwidth of " + m.name);
            else if (p.memory.empty())
                fail(level, "the first memory level (" + m.name + ") needs a bandwidth, e.g. 'bandwidth: 3.35 TB/s'");
            if (const YAML::Node c = level["capacity"]; c && !c.IsNull())
                m.capacity = quantity(c, Dimension::Bytes, "capacity of " + m.name);
            p.memory.push_back(std::move(m));
        }
    }

    void parseInterconnect(const YAML::Node& root, HardwareProfile& p) const
    {
        const YAML::Node ic = root["interconnect"];
        if (!ic || ic.IsNull())
            return;
        if (!ic.IsMap())
            fail(ic, "'interconnect' must be a mapping with name and bandwidth");
        checkKeys(ic, {"name", "bandwidth", "latency"}, " in interconnect");
        Interconnect link;
        link.name = scalar(ic, "name", false);
        const YAML::Node b = ic["bandwidth"];
        if (!b || b.IsNull())
            fail(ic, "interconnect needs a bandwidth, e.g. 'bandwidth: 900 GB/s'");
        link.bandwidth = quantity(b, Dimension::ByteRate, "interconnect bandwidth");
        if (const YAML::Node l = ic["latency"]; l && !l.IsNull())
            link.latency = quantity(l, Dimension::Time, "interconnect latency");
        p.interconnect = link;
    }

    std::string m_file;
};

std::string q(const std::string& s)
{
    // Double-quoted YAML scalar.
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\')
            out += '\\';
        out += c;
    }
    return out + "\"";
}

std::string exact(double v, Dimension d)
{
    return formatExact(v, d);
}

/// A rate of `precision` as written: OP/s for the integer precisions ("912.6 TOP/s"), FLOP/s else.
std::string rateOf(Precision precision, double v)
{
    std::string text = exact(v, Dimension::FlopRate);
    if (isIntegerPrecision(precision) && text.size() > 6 && text.compare(text.size() - 6, 6, "FLOP/s") == 0)
        text.replace(text.size() - 6, 6, "OP/s");
    return text;
}

void writeSource(std::ostream& out, const Source& s)
{
    if (s.backs.empty() && !s.measured) {
        out << "  - " << q(s.ref) << "\n";
        return;
    }
    out << "  - ref: " << q(s.ref) << "\n";
    if (!s.backs.empty()) {
        out << "    backs: [";
        for (size_t i = 0; i < s.backs.size(); ++i)
            out << (i ? ", " : "") << q(s.backs[i]);
        out << "]\n";
    }
    if (s.measured)
        out << "    measured: true\n";
}

void writeDisagreements(std::ostream& out, const HardwareProfile& p)
{
    if (p.disagreements.empty())
        return;
    out << "disagreements:\n";
    for (const auto& d : p.disagreements) {
        const Dimension dim = figureDimension(p, d.figure);
        out << "  - figure: " << q(d.figure) << "\n    candidates:\n";
        for (const auto& c : d.candidates)
            out << "      - {value: " << exact(c.value, dim) << ", source: " << q(c.source) << "}\n";
    }
}

} // namespace

Result<HardwareProfile> parseProfile(const std::string& yamlText, const std::string& file)
{
    try {
        const YAML::Node root = loadSingleYaml(yamlText, file);
        HardwareProfile p = ProfileParser(file).parse(root);
        p.file = file;
        return p;
    } catch (const ParseFailure& f) {
        return f.error;
    } catch (const YamlFailure& f) {
        return f.error;
    } catch (const YAML::Exception& e) {
        return yamlError(file, e, "YAML syntax error: ");
    } catch (const std::exception& e) {
        return Error {file, 0, 0, std::string("cannot read the profile: ") + e.what()};
    }
}

Result<HardwareProfile> loadProfileFile(const std::string& path)
{
    auto text = readTextFile(path, kMaxProfileBytes);
    if (!text)
        return text.error();
    return parseProfile(text.value(), path);
}

std::string profileToYaml(const HardwareProfile& p)
{
    std::ostringstream out;
    out << "schema_version: 1\n";
    out << "id: " << p.id << "\n";
    out << "name: " << q(p.name) << "\n";
    out << "vendor: " << q(p.vendor) << "\n";
    if (!p.category.empty())
        out << "category: " << p.category << "\n";
    if (!p.aliases.empty()) {
        out << "aliases: [";
        for (size_t i = 0; i < p.aliases.size(); ++i)
            out << (i ? ", " : "") << p.aliases[i];
        out << "]\n";
    }
    out << "achievable: " << p.achievable << "\n";
    if (p.launchLatency)
        out << "launch_latency: " << exact(*p.launchLatency, Dimension::Time) << "\n";
    out << "peaks:              # dense (no 2:4 sparsity)\n";
    for (const auto& [prec, v] : p.peaks)
        out << "  " << precisionName(prec) << ": " << rateOf(prec, v) << "\n";
    if (!p.sparse.empty()) {
        out << "sparse:             # the vendor's figures with 2:4 sparsity, never a roof\n";
        for (const auto& [prec, v] : p.sparse)
            out << "  " << precisionName(prec) << ": " << rateOf(prec, v) << "\n";
    }
    if (!p.units.empty()) {
        out << "units:              # where a precision has two rates: vector (CUDA cores, VALU) and matrix "
               "(tensor cores, MFMA)\n";
        for (const auto& [prec, u] : p.units) {
            out << "  " << precisionName(prec) << ": {";
            if (u.vector)
                out << "vector: " << rateOf(prec, *u.vector) << (u.matrix ? ", " : "");
            if (u.matrix)
                out << "matrix: " << rateOf(prec, *u.matrix);
            out << "}\n";
        }
    }
    if (!p.accumulate.empty()) {
        out << "accumulate:\n";
        for (const auto& [prec, with] : p.accumulate)
            out << "  " << precisionName(prec) << ": " << precisionName(with) << "\n";
    }
    out << "memory:\n";
    for (const auto& m : p.memory) {
        out << "  - name: " << q(m.name) << "\n";
        if (m.bandwidth)
            out << "    bandwidth: " << exact(*m.bandwidth, Dimension::ByteRate) << "\n";
        if (m.capacity)
            out << "    capacity: " << exact(*m.capacity, Dimension::Bytes) << "\n";
    }
    if (p.interconnect) {
        out << "interconnect:\n";
        out << "  name: " << q(p.interconnect->name) << "\n";
        out << "  bandwidth: " << exact(p.interconnect->bandwidth, Dimension::ByteRate) << "\n";
        if (p.interconnect->latency)
            out << "  latency: " << exact(*p.interconnect->latency, Dimension::Time) << "\n";
    }
    if (!p.derived.empty()) {
        out << "derived: [";
        for (size_t i = 0; i < p.derived.size(); ++i)
            out << (i ? ", " : "") << q(p.derived[i]);
        out << "]\n";
    }
    writeDisagreements(out, p);
    if (!p.notes.empty()) {
        out << "notes:\n";
        for (const auto& n : p.notes)
            out << "  - " << q(n) << "\n";
    }
    if (!p.sources.empty()) {
        out << "sources:\n";
        for (const auto& s : p.sources)
            writeSource(out, s);
    }
    return out.str();
}

} // namespace roofline
