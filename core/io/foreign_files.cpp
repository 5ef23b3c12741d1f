// SPDX-License-Identifier: MIT
#include "core/io/foreign_files.h"

#include "core/common/text.h"

#include <vector>

namespace roofline {
namespace {

std::vector<std::string_view> nonBlankLines(std::string_view text)
{
    std::vector<std::string_view> lines;
    while (!text.empty()) {
        const auto end = text.find('\n');
        const std::string_view line = trimView(text.substr(0, end));
        if (!line.empty())
            lines.push_back(line);
        if (end == text.npos)
            break;
        text.remove_prefix(end + 1);
    }
    return lines;
}

bool startsWith(std::string_view s, std::string_view prefix)
{
    return s.substr(0, prefix.size()) == prefix;
}

/// Nothing but ncu's "==ERROR==" / "==PROF==" / "==WARNING==" lines: the run exported no table.
std::optional<std::string> ncuConsoleOnly(const std::vector<std::string_view>& lines)
{
    for (const auto line : lines)
        if (!startsWith(line, "=="))
            return std::nullopt;
    std::string_view shown = lines.front();
    for (const auto line : lines)
        if (startsWith(line, "==ERROR==")) {
            shown = line;
            break;
        }
    return "this holds only Nsight Compute's console messages, no exported table (" + quoted(shown, 100)
        + "); rerun ncu with --csv and the metrics in docs/profilers.md";
}

std::optional<std::string> reasonFor(const std::vector<std::string_view>& lines, std::string_view head)
{
    if (lines.empty())
        return std::nullopt;
    if (auto console = ncuConsoleOnly(lines))
        return console;
    for (const auto line : lines)
        if (startsWith(line, "\"Address\",\"Source\""))
            return std::string(
                "this is Nsight Compute's source page (SASS by address), which has no metrics; export the "
                "raw page of a roofline report instead: ncu -i report.ncu-rep --csv --page raw (docs/profilers.md)");
    if (head.find("_tflops\"") != head.npos && head.find("\"kernels\"") == head.npos)
        return std::string("this is a benchmark's measured ceilings (bf16_tflops, hbm_..._GBps ...), not kernels; "
                           "import it as ceilings (roofline import-ceilings, or drop it on the window)");
    if (head.find("\nflops ") != head.npos && head.find("\nbw_load ") != head.npos)
        return std::string("this is a likwid-bench summary: measured ceilings, not kernels; import it as ceilings "
                           "(roofline import-ceilings, or drop it on the window)");
    if (startsWith(lines.front(), "Index,KernelName,gpu-id"))
        return std::string("this is a rocprof kernel trace without counters: it has no FLOPs or bytes; collect them "
                           "with rocprof -i input.txt (pmc: FETCH_SIZE WRITE_SIZE SQ_INSTS_VALU_FMA_F32 ...), or "
                           "rocprof-compute profile --roof-only (docs/profilers.md)");
    if (lines.front().find("Total Time (ns)") != std::string_view::npos
        && lines.front().find("Instances") != std::string_view::npos)
        return std::string("this is an Nsight Systems kernel summary: it has times but no FLOPs or bytes; export "
                           "with ncu instead (docs/profilers.md)");
    if (startsWith(lines.front(), "{") && head.find("\"hidden_size\"") != head.npos
        && (head.find("\"architectures\"") != head.npos || head.find("\"model_type\"") != head.npos))
        return std::string("this is a Hugging Face model config (config.json), not a kernel list; LLM workloads come "
                           "from 'roofline llm' and the model presets (docs/llm.md)");
    return std::nullopt;
}

} // namespace

std::optional<std::string> foreignFileReason(std::string_view text)
{
    const std::string_view head = text.substr(0, 64 * 1024);
    return reasonFor(nonBlankLines(head), head);
}

} // namespace roofline
