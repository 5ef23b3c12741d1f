// SPDX-License-Identifier: MIT
// rocprofv3's long counter table turned into rocprof-compute's wide one (a dispatch a row, a
// counter a column), then read by its reader; lines in messages are the long table's own.
#include "core/io/rocprofv3_csv.h"

#include "core/common/text.h"
#include "core/io/csv.h"
#include "core/io/rocprof_csv.h"

#include <algorithm>
#include <map>
#include <vector>

namespace roofline {
namespace {

/// A CSV cell, quoted when it needs to be.
std::string cell(std::string_view v)
{
    if (v.find_first_of(",\"\n\r") == std::string_view::npos)
        return std::string(v);
    std::string out = "\"";
    for (char c : v)
        out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

struct Dispatch {
    std::string id, name, start, end;
    int line = 0; ///< its first row in the long table
    std::map<std::string, std::string> counters;
};

int column(const std::vector<std::string_view>& header, std::string_view name)
{
    for (std::size_t i = 0; i < header.size(); ++i)
        if (trimView(header[i]) == name)
            return static_cast<int>(i);
    return -1;
}

} // namespace

bool looksLikeRocprofV3Counters(std::string_view text)
{
    const std::string_view line = text.substr(0, text.find('\n'));
    for (std::string_view word : {"Dispatch_Id", "Kernel_Name", "Counter_Name", "Counter_Value"})
        if (line.find(word) == std::string_view::npos)
            return false;
    return true;
}

std::string rocprofV3CommandLine()
{
    return "rocprofv3 --kernel-trace --output-format csv --pmc SQ_INSTS_VALU_ADD_F32 SQ_INSTS_VALU_MUL_F32 "
           "SQ_INSTS_VALU_FMA_F32 SQ_INSTS_VALU_ADD_F64 SQ_INSTS_VALU_MUL_F64 SQ_INSTS_VALU_FMA_F64 "
           "SQ_INSTS_VALU_MFMA_MOPS_F16 SQ_INSTS_VALU_MFMA_MOPS_BF16 SQ_INSTS_VALU_MFMA_MOPS_F64 TCC_EA0_RDREQ_sum "
           "TCC_EA0_RDREQ_32B_sum TCC_EA0_WRREQ_sum TCC_EA0_WRREQ_64B_sum TCC_BUBBLE_sum -- ./app (on MI200, "
           "TCC_EA_ for TCC_EA0_; more counters than fit one pass go in an input file of several pmc rows)";
}

Result<KernelImport> parseRocprofV3Counters(std::string_view text, const std::string& file, bool aggregate)
{
    CsvReader reader(text, ',');
    if (!reader.next())
        return Error {file, 1, 0, "empty file"};
    const std::vector<std::string> headerText(reader.fields().begin(), reader.fields().end());
    const std::vector<std::string_view> header(headerText.begin(), headerText.end());
    const int id = column(header, "Dispatch_Id"), name = column(header, "Kernel_Name"),
              counter = column(header, "Counter_Name"), value = column(header, "Counter_Value"),
              start = column(header, "Start_Timestamp"), end = column(header, "End_Timestamp");
    std::vector<Dispatch> dispatches;
    std::map<std::string, std::size_t> byId;
    std::vector<std::string> counterNames;
    std::vector<Error> rejected;
    auto field = [&](int c) {
        return c >= 0 && static_cast<std::size_t>(c) < reader.fields().size() ? trimView(reader.fields()[c])
                                                                              : std::string_view();
    };
    while (reader.next()) {
        if (reader.fields().size() != header.size()) {
            rejected.push_back({file, reader.line(), 0,
                "the row has " + std::to_string(reader.fields().size()) + " cells; the header has "
                    + std::to_string(header.size())});
            continue;
        }
        const std::string key(field(id));
        auto [at, fresh] = byId.emplace(key, dispatches.size());
        if (fresh)
            dispatches.push_back(
                {key, std::string(field(name)), std::string(field(start)), std::string(field(end)), reader.line(), {}});
        const std::string c(field(counter));
        if (c.empty())
            continue;
        if (dispatches[at->second].counters.emplace(c, std::string(field(value))).second
            && std::find(counterNames.begin(), counterNames.end(), c) == counterNames.end())
            counterNames.push_back(c);
    }
    if (reader.unterminatedQuoteLine())
        return Error {file, reader.unterminatedQuoteLine(), 0, "a quote is never closed (the file may be cut short)"};
    if (dispatches.empty())
        return Error {file, 1, 0, "the counter collection has a header but no dispatches"};
    // The wide table rocprof-compute writes: a dispatch a row (line k + 1 is dispatches[k - 1]).
    std::string wide = "Dispatch_ID,Kernel_Name,Start_Timestamp,End_Timestamp";
    for (const auto& c : counterNames)
        wide += "," + cell(c);
    wide += "\n";
    for (const auto& d : dispatches) {
        wide += cell(d.id) + "," + cell(d.name) + "," + cell(d.start) + "," + cell(d.end);
        for (const auto& c : counterNames) {
            const auto it = d.counters.find(c);
            wide += "," + (it == d.counters.end() ? std::string() : cell(it->second));
        }
        wide += "\n";
    }
    auto r = parseRocprofPmcPerf(wide, file, aggregate);
    if (!r) {
        std::string message = r.error().message;
        if (const auto at = message.find("; collect them with:"); at != std::string::npos)
            message = message.substr(0, at) + "; collect them with: " + rocprofV3CommandLine();
        const std::string from = "this rocprof-compute export";
        if (message.rfind(from, 0) == 0)
            message.replace(0, from.size(), "this rocprofv3 counter collection");
        return Error {file, 1, 0, message};
    }
    KernelImport out = std::move(r.value());
    out.source = "rocprofv3 counters";
    auto originalLine = [&](int wideLine) {
        return wideLine >= 2 && static_cast<std::size_t>(wideLine - 2) < dispatches.size()
            ? dispatches[static_cast<std::size_t>(wideLine - 2)].line
            : wideLine;
    };
    for (int& line : out.lines)
        line = originalLine(line);
    for (Error& e : out.rejected)
        e.line = originalLine(e.line);
    out.rejected.insert(out.rejected.begin(), rejected.begin(), rejected.end());
    return out;
}

} // namespace roofline
