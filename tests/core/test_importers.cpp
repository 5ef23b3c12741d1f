// SPDX-License-Identifier: MIT
// The importer table: each tool's export is recognised by its content, whatever its name, and
// read by its own reader; what no row recognises is a kernel table of our own columns.
#include "core/io/importers.h"
#include "core/io/text_file.h"

#include <gtest/gtest.h>

#include <string>

using namespace roofline;

namespace {
std::string data(const std::string& name)
{
    auto text = readTextFile(std::string(ROOFLINE_TEST_DATA) + "/" + name, kMaxKernelFileBytes);
    EXPECT_TRUE(text.ok()) << name;
    return text.ok() ? text.value() : std::string();
}

std::string toolOf(const std::string& name, KernelFormat format = KernelFormat::Auto)
{
    const Importer* row = importerFor(data(name), format);
    return row ? std::string(row->tool) : std::string("our own columns");
}
} // namespace

TEST(Importers, EachToolsExportIsPickedByItsContent)
{
    EXPECT_EQ(toolOf("ncu/details-h100.csv"), "Nsight Compute CSV export");
    EXPECT_EQ(toolOf("ncu/raw-a100-eu.csv"), "Nsight Compute CSV export");
    EXPECT_EQ(toolOf("rocprof/vcopy-mi200-pmc_perf.csv"), "rocprof-compute pmc_perf.csv");
    EXPECT_EQ(toolOf("rocprof/v3-counter-collection.csv"), "rocprofv3 counter collection CSV");
    EXPECT_EQ(toolOf("nersc/data.txt"), "NERSC roofline data.txt");
    EXPECT_EQ(toolOf("likwid/cg-flops-dp.txt"), "LIKWID likwid-perfctr output");
    EXPECT_EQ(
        toolOf("rocprof/collapse-mi300a/sysinfo.csv"), "rocprof-compute sysinfo.csv (refused: open pmc_perf.csv)");
    EXPECT_EQ(toolOf("foreign/nsys-cuda-gpu-kern-sum.csv"),
        "a file that holds no kernel table (refused with what to open instead)");
    EXPECT_EQ(toolOf("kernels/valid/lesson.csv"), "our own columns");
}

TEST(Importers, ACsvOnlyToolIsNotTriedOnAFileNamedAsAnotherFormat)
{
    // An ncu export saved as .yaml is not an ncu export to the YAML reader.
    EXPECT_EQ(toolOf("ncu/details-h100.csv", KernelFormat::Yaml), "our own columns");
    EXPECT_EQ(toolOf("ncu/details-h100.csv", KernelFormat::Csv), "Nsight Compute CSV export");
}

TEST(Importers, EveryRowHasASniffAndAParse)
{
    ASSERT_GE(importers().size(), 6u);
    for (const Importer& row : importers()) {
        EXPECT_FALSE(row.tool.empty());
        EXPECT_NE(row.looksLike, nullptr) << row.tool;
        EXPECT_NE(row.read, nullptr) << row.tool;
        EXPECT_FALSE(row.looksLike("name,flops,bytes\ngemm,1e12,1e9\n")) << row.tool << " takes our own columns";
    }
}
