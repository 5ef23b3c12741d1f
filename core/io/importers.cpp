// SPDX-License-Identifier: MIT
#include "core/io/importers.h"

#include "core/io/foreign_files.h"
#include "core/io/likwid_perfctr.h"
#include "core/io/ncu_csv.h"
#include "core/io/nersc_plot.h"
#include "core/io/rocprof_csv.h"
#include "core/io/rocprofv3_csv.h"

namespace roofline {
namespace {

Result<KernelImport> readNcuCsv(std::string_view text, const std::string& file, const KernelReadOptions& o)
{
    return parseNcuCsv(text, file, NcuOptions {o.aggregate});
}

Result<KernelImport> readRocprofPmcPerf(std::string_view text, const std::string& file, const KernelReadOptions& o)
{
    return parseRocprofPmcPerf(text, file, o.aggregate);
}

Result<KernelImport> readRocprofV3(std::string_view text, const std::string& file, const KernelReadOptions& o)
{
    return parseRocprofV3Counters(text, file, o.aggregate);
}

Result<KernelImport> readNersc(std::string_view text, const std::string& file, const KernelReadOptions&)
{
    return parseNerscKernels(text, file);
}

Result<KernelImport> readLikwid(std::string_view text, const std::string& file, const KernelReadOptions&)
{
    return parseLikwidPerfctr(text, file);
}

bool looksForeign(std::string_view text)
{
    return foreignFileReason(text).has_value();
}

Result<KernelImport> refuseForeign(std::string_view text, const std::string& file, const KernelReadOptions&)
{
    return Error {file, 0, 0, foreignFileReason(text).value_or("not a kernel file")};
}

Result<KernelImport> refuseRocprofSysinfo(std::string_view, const std::string& file, const KernelReadOptions&)
{
    return Error {file, 1, 0,
        "this is rocprof-compute's sysinfo.csv: it describes the machine, not its kernels; open pmc_perf.csv "
        "from the same folder"};
}

} // namespace

const std::vector<Importer>& importers()
{
    static const std::vector<Importer> rows {
        {"Nsight Compute CSV export", true, looksLikeNcuCsv, readNcuCsv},
        {"rocprof-compute pmc_perf.csv", true, looksLikeRocprofPmcPerf, readRocprofPmcPerf},
        {"rocprofv3 counter collection CSV", true, looksLikeRocprofV3Counters, readRocprofV3},
        {"NERSC roofline data.txt", false, looksLikeNerscPlotInput, readNersc},
        {"LIKWID likwid-perfctr output", false, looksLikeLikwidPerfctr, readLikwid},
        {"a file that holds no kernel table (refused with what to open instead)", false, looksForeign, refuseForeign},
        {"rocprof-compute sysinfo.csv (refused: open pmc_perf.csv)", false, looksLikeRocprofSysinfo,
            refuseRocprofSysinfo},
    };
    return rows;
}

const Importer* importerFor(std::string_view text, KernelFormat format)
{
    const bool mayBeCsv = format == KernelFormat::Auto || format == KernelFormat::Csv;
    for (const Importer& row : importers())
        if ((mayBeCsv || !row.csvOnly) && row.looksLike(text))
            return &row;
    return nullptr;
}

} // namespace roofline
