// SPDX-License-Identifier: MIT
#include "core/io/nersc_plot.h"

#include "core/common/text.h"
#include "core/model/units.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <optional>
#include <vector>

namespace roofline {
namespace {

/// The script's lines by their first word, with the line they were on.
struct Input {
    std::map<std::string, std::vector<double>> numbers; ///< memroofs, comproofs, AI_*, FLOPS
    std::map<std::string, std::vector<std::string>> names; ///< mem_roof_names, comp_roof_names, labels
    std::map<std::string, int> line;
};

/// 'L1' 'L2' 'HBM' -> L1, L2, HBM (the script splits on single quotes).
std::vector<std::string> quotedWords(std::string_view rest)
{
    std::vector<std::string> out;
    for (std::size_t a = rest.find('\''); a != std::string_view::npos; a = rest.find('\'', a)) {
        const std::size_t b = rest.find('\'', a + 1);
        if (b == std::string_view::npos)
            break;
        out.emplace_back(rest.substr(a + 1, b - a - 1));
        a = b + 1;
    }
    return out;
}

Result<Input> readInput(std::string_view text, const std::string& file)
{
    static const char* const kNumbers[]
        = {"memroofs", "comproofs", "AI_L1", "AI_L2", "AI_L3", "AI_HBM", "AI_DRAM", "FLOPS"};
    static const char* const kNames[] = {"mem_roof_names", "comp_roof_names", "labels"};
    Input in;
    int lineNo = 0;
    while (!text.empty()) {
        ++lineNo;
        const auto end = text.find('\n');
        const std::string_view line = trimView(text.substr(0, end));
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
        const std::string key(line.substr(0, line.find_first_of(" \t")));
        const std::string_view rest = line.substr(key.size());
        if (std::find(std::begin(kNames), std::end(kNames), key) != std::end(kNames)) {
            in.names[key] = quotedWords(rest);
            in.line[key] = lineNo;
        } else if (std::find(std::begin(kNumbers), std::end(kNumbers), key) != std::end(kNumbers)) {
            std::vector<double>& v = in.numbers[key];
            in.line[key] = lineNo;
            std::string_view r = trimView(rest);
            while (!r.empty()) {
                const std::string_view word = r.substr(0, r.find_first_of(" \t"));
                double d = 0;
                const auto [p, ec] = std::from_chars(word.data(), word.data() + word.size(), d);
                if (ec != std::errc() || p != word.data() + word.size() || !std::isfinite(d) || d < 0)
                    return Error {file, lineNo, 0, key + ": " + quoted(word) + " is not a number"};
                v.push_back(d);
                r = trimView(r.substr(word.size()));
            }
        }
    }
    return in;
}

Precision precisionNamed(const std::string& roofName)
{
    const std::string n = toLower(roofName);
    if (n.find("fp16") != std::string::npos || n.find("half") != std::string::npos
        || n.find("tensor") != std::string::npos)
        return Precision::FP16;
    if (n.find("fp32") != std::string::npos || n.find("single") != std::string::npos || n.find("sp") == 0)
        return Precision::FP32;
    return Precision::FP64;
}

bool isMainMemory(const std::string& name)
{
    const std::string n = toLower(name);
    return n.find("hbm") != std::string::npos || n.find("dram") != std::string::npos
        || n.find("mem") != std::string::npos;
}

} // namespace

bool looksLikeNerscPlotInput(std::string_view text)
{
    const std::string_view head = text.substr(0, 64 * 1024);
    auto startsLine = [&](std::string_view word) {
        for (std::size_t at = head.find(word); at != std::string_view::npos; at = head.find(word, at + 1))
            if (at == 0 || head[at - 1] == '\n')
                return true;
        return false;
    };
    return startsLine("memroofs") && startsLine("comproofs");
}

Result<HardwareProfile> parseNerscCeilings(std::string_view text, const std::string& file)
{
    auto in = readInput(text, file);
    if (!in)
        return in.error();
    const auto& mem = in->numbers["memroofs"];
    const auto& comp = in->numbers["comproofs"];
    const auto& memNames = in->names["mem_roof_names"];
    const auto& compNames = in->names["comp_roof_names"];
    if (mem.empty() || comp.empty())
        return Error {file, 0, 0, "the NERSC plot input has no memroofs or no comproofs values"};
    if (memNames.size() != mem.size() || compNames.size() != comp.size())
        return Error {file, in->line["memroofs"], 0,
            "memroofs / comproofs need one name each in mem_roof_names / comp_roof_names"};
    HardwareProfile p;
    p.vendor = "Measured";
    p.category = "measured";
    p.achievable = 1.0;
    p.name = "Measured (NERSC roofline plot input)";
    for (std::size_t i = 0; i < comp.size(); ++i) {
        const Precision pr = precisionNamed(compNames[i]);
        if (shiftDecimal(comp[i], 9) > p.peaks[pr]) {
            if (p.peaks[pr] > 0)
                p.notes.push_back("A lower " + precisionLabel(pr) + " roof was left out (one peak per precision).");
            p.peaks[pr] = shiftDecimal(comp[i], 9);
        } else {
            p.notes.push_back("Compute roof '" + compNames[i] + "' ("
                + formatQuantity(comp[i] * 1e9, Dimension::FlopRate)
                + ") left out: a profile has one peak per precision.");
        }
    }
    // Main memory first, then the inner levels from the outermost in (the file lists L1 first).
    std::vector<std::size_t> order(mem.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        if (isMainMemory(memNames[a]) != isMainMemory(memNames[b]))
            return isMainMemory(memNames[a]);
        return mem[a] < mem[b];
    });
    for (const std::size_t i : order)
        p.memory.push_back({memNames[i], mem[i] * 1e9, std::nullopt});
    p.notes.push_back("Roofs from a NERSC roofline plot input (memroofs in GB/s, comproofs in GFLOP/s).");
    p.sources.push_back({"NERSC plot input: " + file, {}, true});
    return p;
}

Result<KernelImport> parseNerscKernels(std::string_view text, const std::string& file)
{
    auto in = readInput(text, file);
    if (!in)
        return in.error();
    const auto& flops = in->numbers["FLOPS"];
    const auto& labels = in->names["labels"];
    const std::vector<double>& main = in->numbers["AI_HBM"].empty() ? in->numbers["AI_DRAM"] : in->numbers["AI_HBM"];
    if (flops.empty() || main.empty())
        return Error {file, 0, 0,
            "the NERSC plot input has no kernels (FLOPS and AI_HBM lines); it holds roofs only: "
            "import it as ceilings"};
    KernelImport out;
    out.source = "NERSC plot input";
    const int line = in->line["FLOPS"];
    for (std::size_t i = 0; i < flops.size(); ++i) {
        const std::string name = i < labels.size() ? labels[i] : "kernel " + std::to_string(i + 1);
        if (i >= main.size() || !(main[i] > 0) || !(flops[i] > 0)) {
            out.rejected.push_back({file, line, 0, quoted(name) + ": no AI_HBM value, or a zero rate or intensity"});
            continue;
        }
        Kernel k;
        k.name = name;
        k.flops = flops[i] * 1e9; // GFLOP/s over one second
        k.time = 1.0;
        k.bytes = k.flops / main[i];
        for (const char* level : {"L2", "L1"}) {
            const auto& ai = in->numbers[std::string("AI_") + level];
            if (i < ai.size() && ai[i] > 0)
                k.levelBytes.emplace_back(level, k.flops / ai[i]);
        }
        out.kernels.push_back(std::move(k));
        out.lines.push_back(line);
    }
    out.warnings.push_back("the NERSC plot input gives each kernel's rate and intensities, not its counts: each is "
                           "placed as one second of work (time shares are not meaningful)");
    return out;
}

} // namespace roofline
