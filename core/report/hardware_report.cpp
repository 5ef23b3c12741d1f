// SPDX-License-Identifier: MIT
// hw list and hw show: a catalogue in a table, one profile with its sources and disagreements.
#include "core/common/text.h"
#include "core/model/units.h"
#include "core/report/report.h"
#include "core/report/report_parts.h"

#include <algorithm>
#include <sstream>

namespace roofline {

using namespace report_detail;

std::string formatHardwareList(const std::vector<HardwareProfile>& profiles, OutputFormat format)
{
    if (format == OutputFormat::Json) {
        json arr = json::array();
        for (const auto& p : profiles) {
            json peaks = json::object(), ridges = json::object();
            for (const auto& [prec, v] : p.peaks) {
                peaks[precisionName(prec)] = num(v);
                ridges[precisionName(prec)] = num(v / p.mainBandwidth());
            }
            arr.push_back(json {{"id", p.id}, {"name", p.name}, {"vendor", p.vendor}, {"category", p.category},
                {"aliases", p.aliases}, {"memory", p.mainMemory().name},
                {"bandwidth_bytes_per_s", num(p.mainBandwidth())}, {"peaks_flops_per_s", peaks}, {"ridges", ridges}});
        }
        return arr.dump(2) + "\n";
    }
    std::vector<std::vector<std::string>> rows;
    if (format == OutputFormat::Csv) {
        std::string out = "id,vendor,name,memory,bandwidth_bytes_per_s,precisions\n";
        for (const auto& p : profiles) {
            std::string precs;
            for (Precision pr : p.precisions())
                precs += (precs.empty() ? "" : " ") + precisionName(pr);
            out += p.id + "," + csvQuote(p.vendor) + "," + csvQuote(p.name) + "," + csvQuote(p.mainMemory().name) + ","
                + csvNumber(p.mainBandwidth()) + "," + precs + "\n";
        }
        return out;
    }
    rows.push_back({"ID", "VENDOR", "NAME", "MEMORY", "BF16 RIDGE", "PRECISIONS"});
    for (const auto& p : profiles) {
        std::string precs;
        for (Precision pr : p.precisions())
            precs += (precs.empty() ? "" : " ") + precisionName(pr);
        const auto r = p.ridge(Precision::BF16);
        rows.push_back(
            {p.id, p.vendor, p.name, p.mainMemory().name + " " + formatQuantity(p.mainBandwidth(), Dimension::ByteRate),
                r ? formatNumber(*r, 3) : "-", precs});
    }
    return renderTable(rows);
}

namespace {

/// A figure's value as the tables write it: "13.13 PFLOP/s", "150 TOP/s", "7.37 TB/s", "288 GB".
std::string figureText(const HardwareProfile& p, const std::string& figure, double v)
{
    if (isPeakFigure(p, figure))
        return rate(v, *parsePrecision(figure));
    return formatQuantity(v, figureDimension(p, figure));
}

/// "7.2 TB/s to 7.37 TB/s (3 sources)" when public sources disagree on a figure; empty when not.
std::string sourcesSay(const HardwareProfile& p, const std::string& figure)
{
    const Disagreement* d = p.disagreementOn(figure);
    if (!d)
        return {};
    const auto [lo, hi] = std::minmax_element(d->candidates.begin(), d->candidates.end(),
        [](const Candidate& a, const Candidate& b) { return a.value < b.value; });
    return figureText(p, figure, lo->value) + " to " + figureText(p, figure, hi->value) + " ("
        + std::to_string(d->candidates.size()) + " sources)";
}

json candidatesJson(const HardwareProfile& p, const std::string& figure)
{
    json out = json::array();
    if (const Disagreement* d = p.disagreementOn(figure))
        for (const auto& c : d->candidates)
            out.push_back(json {{"value", num(c.value)}, {"source", c.source}});
    return out;
}

bool isDerived(const HardwareProfile& p, const std::string& figure)
{
    return std::find(p.derived.begin(), p.derived.end(), figure) != p.derived.end();
}

/// What a peak's row says besides its value: the accumulate it assumes, the vendor's sparse
/// figure, a derivation, the range public sources give.
std::string peakRemarks(const HardwareProfile& p, Precision prec)
{
    std::vector<std::string> parts;
    if (const auto a = p.accumulate.find(prec); a != p.accumulate.end())
        parts.push_back(precisionLabel(a->second) + " accumulate");
    if (const auto sp = p.sparse.find(prec); sp != p.sparse.end())
        parts.push_back("sparse " + rate(sp->second, prec) + " (not a roof)");
    if (const auto u = p.units.find(prec); u != p.units.end()) {
        std::string units;
        if (u->second.vector)
            units = "vector " + rate(*u->second.vector, prec);
        if (u->second.matrix)
            units += (units.empty() ? "" : ", ") + std::string("matrix ") + rate(*u->second.matrix, prec);
        parts.push_back(units);
    }
    if (isDerived(p, precisionName(prec)))
        parts.push_back("derived");
    if (const auto range = sourcesSay(p, precisionName(prec)); !range.empty())
        parts.push_back("sources say " + range);
    std::string out;
    for (const auto& s : parts)
        out += (out.empty() ? "" : "; ") + s;
    return out;
}

json hardwareJson(const HardwareProfile& p)
{
    json mem = json::array();
    for (const auto& m : p.memory)
        mem.push_back(json {{"name", m.name}, {"bandwidth_bytes_per_s", opt(m.bandwidth)},
            {"capacity_bytes", opt(m.capacity)}, {"candidates", candidatesJson(p, m.name)},
            {"capacity_candidates", candidatesJson(p, m.name + " capacity")}});
    json precs = json::array();
    for (const auto& [prec, v] : p.peaks) {
        json row {{"precision", precisionName(prec)}, {"peak_flops_per_s", num(v)},
            {"achievable_flops_per_s", num(v * p.achievable)}, {"ridge", num(v / p.mainBandwidth())},
            {"derived", isDerived(p, precisionName(prec))}, {"candidates", candidatesJson(p, precisionName(prec))}};
        const auto sp = p.sparse.find(prec);
        row["sparse_flops_per_s"] = sp == p.sparse.end() ? json(nullptr) : json(num(sp->second));
        const auto u = p.units.find(prec);
        row["vector_flops_per_s"] = u == p.units.end() ? json(nullptr) : opt(u->second.vector);
        row["matrix_flops_per_s"] = u == p.units.end() ? json(nullptr) : opt(u->second.matrix);
        const auto a = p.accumulate.find(prec);
        row["accumulate"] = a == p.accumulate.end() ? json(nullptr) : json(precisionName(a->second));
        precs.push_back(row);
    }
    json sources = json::array();
    for (const auto& src : p.sources)
        sources.push_back(json {{"ref", src.ref}, {"backs", src.backs}, {"measured", src.measured}});
    json j {{"id", p.id}, {"name", p.name}, {"vendor", p.vendor}, {"category", p.category}, {"aliases", p.aliases},
        {"achievable", p.achievable}, {"memory", mem}, {"precisions", precs}, {"notes", p.notes}, {"sources", sources},
        {"file", p.file}};
    j["interconnect"] = p.interconnect
        ? json {{"name", p.interconnect->name}, {"bandwidth_bytes_per_s", num(p.interconnect->bandwidth)},
            {"candidates", candidatesJson(p, "interconnect")}}
        : json(nullptr);
    return j;
}

void writeHardwareText(std::ostream& out, const HardwareProfile& p)
{
    out << p.name << " (" << p.id << ")\n";
    out << "vendor: " << p.vendor << (p.category.empty() ? "" : ", " + p.category) << "\n";
    if (!p.aliases.empty()) {
        out << "aliases:";
        for (const auto& a : p.aliases)
            out << " " << a;
        out << "\n";
    }
    out << "achievable: " << formatNumber(p.achievable * 100.0, 3) << "% of peak\n";
    out << "memory:\n";
    for (const auto& m : p.memory) {
        out << "  " << m;
        if (const auto range = sourcesSay(p, m.name); !range.empty())
            out << "; sources say " << range;
        if (const auto range = sourcesSay(p, m.name + " capacity"); !range.empty())
            out << "; capacity: sources say " << range;
        out << "\n";
    }
    if (p.interconnect) {
        out << "interconnect: " << p.interconnect->name << " "
            << formatQuantity(p.interconnect->bandwidth, Dimension::ByteRate);
        if (const auto range = sourcesSay(p, "interconnect"); !range.empty())
            out << "; sources say " << range;
        out << "\n";
    }
    out << "\n";
    std::vector<std::vector<std::string>> rows;
    rows.push_back({"PRECISION", "PEAK (dense)", "ACHIEVABLE", "RIDGE (FLOP/byte, " + p.mainMemory().name + ")", ""});
    for (const auto& [prec, v] : p.peaks)
        rows.push_back({precisionName(prec), rate(v, prec), rate(v * p.achievable, prec),
            formatNumber(v / p.mainBandwidth(), 3), peakRemarks(p, prec)});
    out << renderTable(rows);
    if (!p.notes.empty()) {
        out << "\nnotes:\n";
        for (const auto& n : p.notes)
            out << "  - " << n << "\n";
    }
    if (!p.sources.empty()) {
        out << "\nsources:\n";
        for (const auto& src : p.sources)
            out << "  - " << src << "\n";
    }
    for (const auto& d : p.disagreements) {
        out << (&d == &p.disagreements.front() ? "\nwhere public sources disagree:\n" : "");
        const double used = figureValue(p, d.figure).value_or(0.0);
        out << "  " << d.figure << ": " << figureText(p, d.figure, used) << "\n";
        for (const auto& c : d.candidates)
            out << "    " << figureText(p, d.figure, c.value) << (c.value == used ? " (used)" : "") << "  " << c.source
                << "\n";
    }
}

} // namespace

std::vector<std::string> roofRemarks(const HardwareProfile& p, Precision precision)
{
    std::vector<std::string> out;
    if (const auto peak = peakRemarks(p, precision); !peak.empty())
        out.push_back(precisionLabel(precision) + ": " + peak);
    const std::string memory = p.mainMemory().name;
    if (const auto range = sourcesSay(p, memory); !range.empty())
        out.push_back(memory + ": sources say " + range);
    return out;
}

std::string roofDisagreements(const HardwareProfile& p, Precision precision)
{
    std::string out;
    for (const std::string& figure : {precisionName(precision), p.mainMemory().name})
        if (const Disagreement* d = p.disagreementOn(figure)) {
            const double used = figureValue(p, figure).value_or(0.0);
            out += (out.empty() ? "" : "\n") + figure + ":";
            for (const auto& c : d->candidates)
                out += "\n  " + figureText(p, figure, c.value) + (c.value == used ? " (used)" : "") + "  " + c.source;
        }
    return out;
}

std::string formatHardwareDetails(const HardwareProfile& p, OutputFormat format)
{
    if (format == OutputFormat::Json)
        return hardwareJson(p).dump(2) + "\n";
    if (format == OutputFormat::Csv) {
        std::string out = "precision,peak_flops_per_s,achievable_flops_per_s,ridge,sparse_flops_per_s,accumulate\n";
        for (const auto& [prec, v] : p.peaks) {
            const auto sp = p.sparse.find(prec);
            const auto a = p.accumulate.find(prec);
            out += precisionName(prec) + "," + csvNumber(v) + "," + csvNumber(v * p.achievable) + ","
                + csvNumber(v / p.mainBandwidth()) + "," + (sp == p.sparse.end() ? "" : csvNumber(sp->second)) + ","
                + (a == p.accumulate.end() ? "" : precisionName(a->second)) + "\n";
        }
        return out;
    }
    std::ostringstream out;
    writeHardwareText(out, p);
    return out.str();
}

} // namespace roofline
