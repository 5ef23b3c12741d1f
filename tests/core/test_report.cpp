// SPDX-License-Identifier: MIT
#include "core/common/text.h"
#include "core/io/profile_catalog.h"
#include "core/model/kernel_name.h"
#include "core/report/report.h"
#include "core/report/report_parts.h"
#include "support/fixtures.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <charconv>
#include <limits>
#include <ostream>
#include <streambuf>

using namespace roofline;
using nlohmann::json;

namespace {

const ProfileCatalog& catalog()
{
    return test::shippedCatalog();
}

/// A disk that fills after `room` bytes: every write past it fails.
class FullDisk : public std::streambuf {
public:
    explicit FullDisk(std::size_t room)
        : room_(room)
    { }
    std::size_t written = 0;

protected:
    std::streamsize xsputn(const char*, std::streamsize n) override
    {
        const std::size_t taken = std::min(room_ - written, static_cast<std::size_t>(n));
        written += taken;
        return static_cast<std::streamsize>(taken);
    }
    int_type overflow(int_type c) override { return xsputn(nullptr, 1) == 1 ? c : traits_type::eof(); }

private:
    std::size_t room_;
};

void manyRows(const Roofline& r, int count, std::vector<Kernel>& ks, std::vector<Placement>& ps)
{
    for (int i = 0; i < count; ++i) {
        ks.push_back(
            test::makeKernel("k" + std::to_string(i), 1e9 * (1 + i % 977), 1e8 * (1 + i % 313), 1e-3 * (1 + i % 7)));
        ps.push_back(analyze(ks.back(), r));
    }
}

} // namespace

TEST(Report, PlacementJsonHasTheContractKeys)
{
    const Roofline r = makeRoofline(*catalog().find("h100-sxm5"), Precision::FP8).value();
    const Kernel k = test::makeKernel("decode", 140e9, 70e9, 25e-3);
    const json j = json::parse(formatPlacements({k}, {analyze(k, r)}, r, OutputFormat::Json));
    EXPECT_EQ(j["hardware"], "h100-sxm5");
    EXPECT_EQ(j["precision"], "fp8");
    ASSERT_EQ(j["kernels"].size(), 1u);
    const json& p = j["kernels"][0];
    for (const char* key : {"name", "flops", "bytes", "time_s", "intensity", "achieved_flops_per_s", "roof_flops_per_s",
             "ridge", "regime", "headroom", "efficiency", "mfu", "time_lower_bound_s"})
        EXPECT_TRUE(p.contains(key)) << key;
    EXPECT_EQ(p["regime"], "memory-bound");
    EXPECT_DOUBLE_EQ(p["intensity"].get<double>(), 2.0);
    EXPECT_DOUBLE_EQ(p["achieved_flops_per_s"].get<double>(), 140e9 / 25e-3);
    EXPECT_NEAR(p["time_lower_bound_s"].get<double>(), 0.020896, 1e-6);
    EXPECT_NEAR(p["headroom"].get<double>(), 25.0 / 20.8955, 1e-3);
}

TEST(Report, MissingValuesAreNullInJsonAndEmptyInCsv)
{
    const Roofline r = makeRoofline(*catalog().find("h100-sxm5"), Precision::BF16).value();
    const Kernel k = test::makeKernel("needs, \"quoting\"", 1e12, 1e9);
    const json j = json::parse(formatPlacements({k}, {analyze(k, r)}, r, OutputFormat::Json));
    EXPECT_TRUE(j["kernels"][0]["time_s"].is_null());
    EXPECT_TRUE(j["kernels"][0]["headroom"].is_null());
    const std::string csv = formatPlacements({k}, {analyze(k, r)}, r, OutputFormat::Csv);
    EXPECT_NE(csv.find("\"needs, \"\"quoting\"\"\",1000000000000,1000000000,,1000,"), std::string::npos) << csv;
}

TEST(Report, JsonRowsEscapeNamesAndKeepEachKernelsOwnSentences)
{
    const Roofline r = makeRoofline(*catalog().find("h100-sxm5"), Precision::BF16).value();
    // Plain ASCII, a quote, a backslash, a tab, DEL, UTF-8: each name reads back as itself.
    const std::vector<std::string> names
        = {"gemm_bf16 #0", "say \"hi\"", "a\\b", "tab\there", "del\x7f", "\xC2\xB5-kernel"};
    std::vector<Kernel> ks;
    for (std::size_t i = 0; i < names.size(); ++i) // memory-bound and compute-bound in turn
        ks.push_back(test::makeKernel(names[i], i % 2 ? 1e15 : 1e9, 1e9, i % 2 ? 2.0 : 1e-2));
    ks.push_back(test::makeKernel("above", 1e15, 1e6, 1e-9)); // faster than its roof
    std::vector<Placement> ps;
    for (const auto& k : ks)
        ps.push_back(analyze(k, r));
    const json j = json::parse(formatPlacements(ks, ps, r, OutputFormat::Json));
    ASSERT_EQ(j["kernels"].size(), ks.size());
    for (std::size_t i = 0; i < ks.size(); ++i) {
        const json& row = j["kernels"][i];
        EXPECT_EQ(row["name"].get<std::string>(), ks[i].name);
        EXPECT_EQ(row["regime"].get<std::string>(), regimeName(ps[i].regime)) << ks[i].name;
        EXPECT_EQ(row["lever"].get<std::string>(), leverText(ps[i])) << ks[i].name;
        EXPECT_EQ(row["above_roof"].get<bool>(), ps[i].aboveRoof);
    }
    EXPECT_EQ(ps[0].regime, Regime::MemoryBound);
    EXPECT_EQ(ps[1].regime, Regime::ComputeBound);
    EXPECT_FALSE(ps[1].aboveRoof);
    EXPECT_TRUE(ps.back().aboveRoof);
    EXPECT_NE(leverText(ps[0]), leverText(ps[1]));
    EXPECT_NE(leverText(ps.back()), leverText(ps[1]));
}

TEST(Report, HardwareListAndDetails)
{
    const json list = json::parse(formatHardwareList(catalog().profiles(), OutputFormat::Json));
    ASSERT_TRUE(list.is_array());
    EXPECT_EQ(list.size(), catalog().profiles().size());
    const json h = json::parse(formatHardwareDetails(*catalog().find("h100-sxm5"), OutputFormat::Json));
    EXPECT_EQ(h["id"], "h100-sxm5");
    bool sawFp8 = false;
    for (const auto& p : h["precisions"])
        if (p["precision"] == "fp8") {
            sawFp8 = true;
            EXPECT_NEAR(p["ridge"].get<double>(), 590.7, 0.1);
        }
    EXPECT_TRUE(sawFp8);
    const std::string table = formatHardwareDetails(*catalog().find("h100-sxm5"), OutputFormat::Table);
    EXPECT_NE(table.find("bf16       989.4 TFLOP/s"), std::string::npos) << table;
}

TEST(Report, TableAlignsUtf8Columns)
{
    EXPECT_EQ(renderTable({{"a", "b"}, {"\xC2\xB5s", "x"}}), "a   b\n\xC2\xB5s  x\n");
}

TEST(Report, LongKernelNamesAreShortenedForTheTableOnly)
{
    EXPECT_EQ(shortKernelName("gemm_bf16 #0"), "gemm_bf16 #0");
    // A signature reads as its function's name, keeping the launch suffix.
    EXPECT_EQ(shortKernelName("void gemm_v1<float>(float *, float *, float *, int, int, int) #2"), "gemm_v1 #2");
    // A long plain name is cut in the middle: both ends stay.
    const std::string omp = shortKernelName("__omp_offloading_32_6b6b__QQmain_l41_with_a_longer_tail.kd #2");
    EXPECT_EQ(omp, "__omp_offloading_32_6b6b\xE2\x80\xA6nger_tail.kd #2");
    EXPECT_EQ(omp.size() - 2, 40u) << "40 characters (the ellipsis is 3 bytes)";
    // The table uses it; JSON and CSV keep the whole name.
    const Roofline r = makeRoofline(*catalog().find("h100-sxm5"), Precision::FP32).value();
    const Kernel k = test::makeKernel("void gemm_v1<float>(float *, float *, float *, int, int, int) #2", 1e12, 1e10);
    const std::string table = formatPlacements({k}, {analyze(k, r)}, r, OutputFormat::Table);
    const std::string csv = formatPlacements({k}, {analyze(k, r)}, r, OutputFormat::Csv);
    EXPECT_NE(table.find("gemm_v1 #2"), std::string::npos) << table;
    EXPECT_NE(csv.find("\"void gemm_v1<float>(float *, float *, float *, int, int, int) #2\""), std::string::npos)
        << csv;
}

TEST(Report, ManyRowsWrittenInBlocksAreTheRowsWrittenOneByOne)
{
    // 40,000 rows are more than two blocks of rows.
    const Roofline r = makeRoofline(*catalog().find("h100-sxm5"), Precision::BF16).value();
    std::vector<Kernel> ks;
    std::vector<Placement> ps;
    manyRows(r, 40000, ks, ps);
    const std::string csv = formatPlacements(ks, ps, r, OutputFormat::Csv);
    const json j = json::parse(formatPlacements(ks, ps, r, OutputFormat::Json));
    ASSERT_EQ(j["kernels"].size(), ks.size());
    std::size_t at = csv.find('\n') + 1; // after the header
    for (std::size_t i = 0; i < ks.size(); i += 997) {
        EXPECT_EQ(j["kernels"][i], json::parse(placementJson(ks[i], ps[i], r, 0.0))) << i;
        const std::string one = formatPlacements({ks[i]}, {ps[i]}, r, OutputFormat::Csv);
        const std::string row = one.substr(one.find('\n') + 1);
        std::size_t line = at;
        for (std::size_t skip = 0; skip < i; ++skip)
            line = csv.find('\n', line) + 1;
        EXPECT_EQ(csv.substr(line, row.size()), row) << i;
    }
    EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), static_cast<long>(ks.size()) + 1);
}

TEST(Report, RowsStopAtAFullDiskAndAThrowingStreamThrows)
{
    // The disk fills in the middle of the rows: what fits is written, then the writing stops.
    const Roofline r = makeRoofline(*catalog().find("h100-sxm5"), Precision::BF16).value();
    std::vector<Kernel> ks;
    std::vector<Placement> ps;
    manyRows(r, 100000, ks, ps);
    const std::vector<Kernel> fewer(ks.begin(), ks.begin() + 24000);
    const std::vector<Placement> fewerPs(ps.begin(), ps.begin() + 24000);
    for (OutputFormat format : {OutputFormat::Json, OutputFormat::Csv}) {
        const std::size_t room = formatPlacements(fewer, fewerPs, r, format).size();
        FullDisk disk(room);
        std::ostream out(&disk);
        writePlacements(out, ks, ps, r, format);
        EXPECT_TRUE(out.fail());
        EXPECT_EQ(disk.written, room);

        FullDisk thrown(room);
        std::ostream throwing(&thrown);
        throwing.exceptions(std::ios_base::badbit | std::ios_base::failbit);
        EXPECT_THROW(writePlacements(throwing, ks, ps, r, format), std::ios_base::failure);
    }
}

TEST(Report, CsvWritesWholeNumbersAsTheirFixedFormAndOthersShortest)
{
    auto fixed = [](double v) {
        char buf[64];
        return std::string(buf, std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed).ptr);
    };
    for (double v : {1.0, 7.0, 1e9, 2054540000000.0, 9007199254740993.0, 123456789012345678.0, 9.99e17, -3.0, -1e17})
        EXPECT_EQ(report_detail::csvNumber(v), fixed(v)) << v;
    EXPECT_EQ(report_detail::csvNumber(0.0), "0");
    EXPECT_EQ(report_detail::csvNumber(-0.0), "-0");
    EXPECT_EQ(report_detail::csvNumber(0.5), "0.5");
    EXPECT_EQ(report_detail::csvNumber(1e18), "1e+18");
    EXPECT_EQ(report_detail::csvNumber(386.3471396388773), "386.3471396388773");
    EXPECT_EQ(report_detail::csvNumber(std::numeric_limits<double>::infinity()), "");
}
