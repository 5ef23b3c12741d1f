// SPDX-License-Identifier: MIT
#include "core/io/csv.h"
#include "core/io/kernel_io.h"
#include "core/io/text_file.h"
#include "support/fixtures.h"

#include <gtest/gtest.h>

#include <algorithm>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#if !defined(_WIN32)
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

using namespace roofline;
namespace fs = std::filesystem;

namespace {

const std::string kDir = std::string(ROOFLINE_TEST_DATA) + "/kernels/";

KernelImport loadOk(const std::string& name)
{
    auto r = loadKernelFile(kDir + "valid/" + name);
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().toString());
    if (!r.ok())
        return {};
    EXPECT_TRUE(r->rejected.empty()) << r->rejected.front();
    return r.value();
}

void expectLessonKernels(const KernelImport& imp)
{
    ASSERT_EQ(imp.kernels.size(), 3u);
    EXPECT_EQ(imp.kernels[0].name, "decode b=1");
    EXPECT_DOUBLE_EQ(imp.kernels[0].flops, 140e9);
    EXPECT_DOUBLE_EQ(imp.kernels[0].bytes, 70e9);
    EXPECT_DOUBLE_EQ(*imp.kernels[0].time, 0.025);
    EXPECT_EQ(imp.kernels[0].precision, Precision::FP8);
    EXPECT_EQ(imp.kernels[1].name, "decode b=32");
    EXPECT_DOUBLE_EQ(imp.kernels[1].flops, 4480e9);
    EXPECT_FALSE(imp.kernels[1].time);
    EXPECT_EQ(imp.kernels[2].name, "prefill 2k");
    EXPECT_DOUBLE_EQ(imp.kernels[2].flops, 286.7e12);
    EXPECT_NEAR(*imp.kernels[2].time, 0.25, 1e-4);
}

} // namespace

TEST(KernelFiles, CsvYamlAndJsonReadTheSameKernels)
{
    expectLessonKernels(loadOk("lesson.csv"));
    expectLessonKernels(loadOk("lesson.yaml"));
    const KernelImport json = loadOk("lesson.json");
    expectLessonKernels(json);
    EXPECT_EQ(json.warnings, std::vector<std::string> {"ignored field 'extra'"});
    EXPECT_EQ(loadOk("lesson.csv").lines, (std::vector<int> {2, 3, 4}));
    EXPECT_EQ(loadOk("lesson.csv").kernels[0].group, "decode");
}

TEST(KernelFiles, HeadersAreCaseInsensitiveAndCarryUnits)
{
    // BOM, CRLF, ';' as delimiter, "Kernel Name", "GFLOP", "GB", "Time (us)" -> ignored column
    const KernelImport imp = loadOk("bom-crlf-semicolon.csv");
    ASSERT_EQ(imp.kernels.size(), 2u);
    EXPECT_EQ(imp.kernels[0].name, "gemm");
    EXPECT_DOUBLE_EQ(imp.kernels[0].flops, 1e12);
    EXPECT_DOUBLE_EQ(imp.kernels[0].bytes, 2e9);
    EXPECT_EQ(imp.lines, (std::vector<int> {2, 4}));
    EXPECT_EQ(imp.warnings, std::vector<std::string> {"ignored column 'Time (us)'"});
}

TEST(KernelFiles, TsvWithIntensityAchievedAndQuotes)
{
    const KernelImport imp = loadOk("units.tsv");
    ASSERT_EQ(imp.kernels.size(), 2u);
    EXPECT_EQ(imp.kernels[0].name, "attn, fused");
    EXPECT_DOUBLE_EQ(imp.kernels[0].flops, 200e9);
    EXPECT_DOUBLE_EQ(imp.kernels[0].bytes, 4e9); // flops / intensity
    EXPECT_NEAR(*imp.kernels[0].time, 200e9 / 120e12, 1e-15);
    EXPECT_EQ(imp.kernels[0].group, "prefill");
    EXPECT_EQ(imp.kernels[1].name, "say \"hi\"");
}

TEST(KernelFiles, TimeColumnsScale)
{
    for (const auto& [col, scale] : std::vector<std::pair<std::string, double>> {
             {"time_s", 1}, {"time_ms", 1e-3}, {"time_us", 1e-6}, {"time_ns", 1e-9}, {"TIME_MS", 1e-3}}) {
        auto r = parseKernels("name,flops,bytes," + col + "\nk,1e9,1e9,5\n", "t.csv");
        ASSERT_TRUE(r.ok());
        ASSERT_EQ(r->kernels.size(), 1u) << col;
        EXPECT_DOUBLE_EQ(*r->kernels[0].time, 5 * scale) << col;
    }
    // A unit in the cell wins over the column's scale.
    auto r = parseKernels("name,flops,bytes,time_ms\nk,1e9,1e9,2 s\n", "t.csv");
    EXPECT_DOUBLE_EQ(*r->kernels[0].time, 2.0);
}

TEST(KernelFiles, RowsWithoutANameAreNamedByLine)
{
    auto r = parseKernels("flops,bytes\n1e9,1e9\n2e9,1e9\n", "n.csv");
    ASSERT_TRUE(r.ok());
    ASSERT_EQ(r->kernels.size(), 2u);
    EXPECT_EQ(r->kernels[1].name, "row 3");
}

TEST(KernelFiles, WritesCsvThatReadsBack)
{
    const KernelImport imp = loadOk("units.tsv");
    auto back = parseKernels(kernelsToCsv(imp.kernels), "back.csv");
    ASSERT_TRUE(back.ok());
    EXPECT_EQ(back->kernels, imp.kernels);
}

// One case per file in tests/data/kernels/invalid: <name>.<ext> gives the messages in <name>.expected
// (one per rejected row, or the file's single error).
class InvalidKernelFile : public ::testing::TestWithParam<std::string> { };

TEST_P(InvalidKernelFile, ReportsEveryBadRowWithItsLine)
{
    const std::string dir = kDir + "invalid/";
    const fs::path file(GetParam());
    auto expected = readTextFile(dir + file.stem().string() + ".expected", 65536);
    ASSERT_TRUE(expected.ok()) << expected.error();
    std::vector<std::string> want;
    std::istringstream in(expected.value());
    for (std::string line; std::getline(in, line);)
        if (!line.empty())
            want.push_back(line);
    std::vector<std::string> got;
    auto r = loadKernelFile(dir + file.string());
    if (!r.ok()) {
        got.push_back(r.error().toString());
    } else {
        EXPECT_FALSE(r->rejected.empty()) << "nothing rejected in " << file;
        for (const auto& e : r->rejected)
            got.push_back(e.toString());
        // Nothing is silently dropped: every data row is either a kernel or a rejection.
        EXPECT_EQ(r->kernels.size(), r->lines.size());
    }
    for (auto& g : got) {
        ASSERT_EQ(g.rfind(dir, 0), 0u) << g;
        g = g.substr(dir.size());
    }
    EXPECT_EQ(got, want);
}

std::vector<std::string> invalidKernelCases()
{
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(std::string(ROOFLINE_TEST_DATA) + "/kernels/invalid"))
        if (entry.path().extension() != ".expected")
            names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

INSTANTIATE_TEST_SUITE_P(Fixtures, InvalidKernelFile, ::testing::ValuesIn(invalidKernelCases()), [](const auto& info) {
    std::string n = info.param;
    for (char& ch : n)
        if (!std::isalnum(static_cast<unsigned char>(ch)))
            ch = '_';
    return n;
});

TEST(KernelFiles, MissingFileIsAClearError)
{
    auto r = loadKernelFile("/nonexistent/kernels.csv");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().toString(), "/nonexistent/kernels.csv: no such file");
}

// A text file is checked for UTF-8 eight ASCII bytes at a time: a bad byte is found wherever it
// sits in a word, and its line and column are the ones a byte-by-byte check gives.
TEST(KernelFiles, ABadUtf8ByteIsFoundAtItsLineAndColumnWhereverItSits)
{
    const auto dir = fs::temp_directory_path() / "roofline-utf8-test";
    fs::create_directories(dir);
    const std::string path = (dir / "k.csv").string();
    auto readBack = [&](const std::string& bytes) {
        std::ofstream(path, std::ios::binary) << bytes;
        return readTextFile(path, 1 << 20);
    };
    const std::string line1 = "name,flops,bytes\n"; // 17 bytes: the next line starts mid-word
    for (size_t at = 0; at < 20; ++at) {
        std::string line2 = "kernel_with_a_long_name," + std::string(at, '7');
        const std::string text = line1 + line2 + "\xE9" + ",1e9\nk2,1,1\n";
        const auto r = readBack(text);
        ASSERT_FALSE(r.ok()) << at;
        EXPECT_EQ(r.error().line, 2) << at;
        EXPECT_EQ(r.error().column, static_cast<int>(line2.size()) + 1) << at;
    }
    // On the first line, at its first byte.
    auto first = readBack("\xC0name\n");
    ASSERT_FALSE(first.ok());
    EXPECT_EQ(
        first.error().toString(), path + ":1:1: not UTF-8 text (a byte no UTF-8 text has; Latin-1?); save it as UTF-8");
    // Well-formed multi-byte characters among ASCII words pass; one cut short at the end does not.
    const std::string good = line1
        + "k\xC2\xB7"
          "fused\xE2\x86\x92gemm_with_a_name,1,1\n\xF0\x9F\x98\x80x,2,2\n";
    ASSERT_TRUE(readBack(good).ok());
    EXPECT_EQ(readBack(good).value(), good);
    const auto cut = readBack(good + "k3\xE2\x86");
    ASSERT_FALSE(cut.ok());
    EXPECT_EQ(cut.error().line, 4);
    EXPECT_EQ(cut.error().column, 3);
    // An overlong encoding and a surrogate are not UTF-8 either.
    EXPECT_FALSE(readBack("abcdefgh\xE0\x80\x80").ok());
    EXPECT_FALSE(readBack("abcdefgh\xED\xA0\x80").ok());
    fs::remove_all(dir);
}

// Inner-level bytes take units like main-memory bytes (they were once read as an intensity,
// found by the session round-trip property test).
TEST(KernelFiles, LevelBytesTakeByteUnits)
{
    const auto r = parseKernels("name,flops,bytes,l2_bytes,l1_bytes\na,1 GFLOP,1 GB,4 GB,512 B\n", "l.csv");
    ASSERT_TRUE(r.ok()) << r.error();
    ASSERT_EQ(r->rejected.size(), 0u) << r->rejected.front();
    ASSERT_EQ(r->kernels.size(), 1u);
    const std::vector<std::pair<std::string, double>> expected {{"L2", 4e9}, {"L1", 512}};
    EXPECT_EQ(r->kernels[0].levelBytes, expected);
}

TEST(Csv, ReaderHandlesQuotesLineEndsAndBlankLines)
{
    const std::string text = "a,\"b,1\",\"say \"\"hi\"\"\"\r\n"
                             "\n"
                             "\"two\nlines\",x\"y,\"q\"tail\r"
                             "last,,";
    const CsvTable t = readCsv(text, ',');
    ASSERT_EQ(t.rows.size(), 3u);
    EXPECT_EQ(t.rows[0].line, 1);
    EXPECT_EQ(t.rows[0].fields, (std::vector<std::string> {"a", "b,1", "say \"hi\""}));
    EXPECT_EQ(t.rows[1].line, 3);
    EXPECT_EQ(t.rows[1].fields, (std::vector<std::string> {"two\nlines", "x\"y", "qtail"}));
    EXPECT_EQ(t.rows[2].line, 5);
    EXPECT_EQ(t.rows[2].fields, (std::vector<std::string> {"last", "", ""}));
    EXPECT_EQ(t.unterminatedQuoteLine, 0);

    const CsvTable open = readCsv("h\n\"never\nclosed", ',');
    ASSERT_EQ(open.rows.size(), 2u);
    EXPECT_EQ(open.rows[1].fields, std::vector<std::string> {"never\nclosed"});
    EXPECT_EQ(open.unterminatedQuoteLine, 2);
}

TEST(Csv, StreamingReaderGivesViewsAndItsOffset)
{
    const std::string text = "x;y\n1;2\n";
    CsvReader reader(text, ';');
    ASSERT_TRUE(reader.next());
    EXPECT_EQ(reader.fields().size(), 2u);
    EXPECT_EQ(reader.fields()[1].data(), text.data() + 2) << "an unquoted field is a view into the text";
    ASSERT_TRUE(reader.next());
    EXPECT_EQ(reader.line(), 2);
    EXPECT_EQ(reader.offset(), text.size());
    EXPECT_FALSE(reader.next());
}

TEST(KernelFiles, DuplicateNamesAreFoundAmongThousandsOfRows)
{
    // A JSON list is not sized ahead (the table starts at 64 slots and grows); a CSV is.
    std::string json = "[";
    for (int i = 0; i < 300; ++i)
        json += "{\"name\": \"k" + std::to_string(i) + "\", \"flops\": 2e9, \"bytes\": 1e9},\n";
    json += "{\"name\": \"k3\", \"flops\": 1e9, \"bytes\": 1e9}]";
    auto j = parseKernels(json, "dups.json");
    ASSERT_TRUE(j.ok());
    EXPECT_EQ(j->kernels.size(), 300u);
    ASSERT_EQ(j->rejected.size(), 1u);
    EXPECT_EQ(j->rejected[0].message, "duplicate name 'k3' (first at line 4)");

    std::string text = "name,flops,bytes\n";
    for (int i = 0; i < 5000; ++i)
        text += "k" + std::to_string(i) + ",2e9,1e9\n";
    text += "k17,1e9,1e9\nk4999,1e9,1e9\n";
    auto r = parseKernels(text, "dups.csv");
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->kernels.size(), 5000u);
    ASSERT_EQ(r->rejected.size(), 2u);
    EXPECT_EQ(r->rejected[0].message, "duplicate name 'k17' (first at line 19)");
    EXPECT_EQ(r->rejected[1].message, "duplicate name 'k4999' (first at line 5001)");
    EXPECT_EQ(r->rejected[1].line, 5003);

    // One name on every row: the first row is kept and each other names it, in file order; a
    // row refused for its values does not count as the first of its name.
    std::string same = "name,flops,bytes\ngemm,-1,1e9\n";
    for (int i = 0; i < 20000; ++i)
        same += "gemm," + std::to_string(1 + i % 7) + "e9,1e9\n";
    auto g = parseKernels(same, "same.csv");
    ASSERT_TRUE(g.ok());
    ASSERT_EQ(g->kernels.size(), 1u);
    EXPECT_EQ(g->kernels[0].flops, 1e9);
    EXPECT_EQ(g->lines, std::vector<int> {3});
    ASSERT_EQ(g->rejected.size(), 20000u);
    EXPECT_EQ(g->rejected[0].line, 2);
    EXPECT_NE(g->rejected[0].message.find("flops"), std::string::npos) << g->rejected[0].message;
    for (size_t i = 1; i < g->rejected.size(); ++i) {
        ASSERT_EQ(g->rejected[i].line, static_cast<int>(i) + 3);
        ASSERT_EQ(g->rejected[i].message, "duplicate name 'gemm' (first at line 3)");
    }
}

TEST(KernelFiles, ProgressIsReportedAndReturningFalseCancels)
{
    std::string text = "name,flops,bytes\n";
    for (int i = 0; i < 50000; ++i)
        text += "k" + std::to_string(i) + ",2e9,1e9\n";
    std::vector<double> seen;
    KernelReadOptions options;
    options.progress = [&](double done) {
        seen.push_back(done);
        return true;
    };
    auto all = parseKernels(text, "big.csv", KernelFormat::Csv, options);
    ASSERT_TRUE(all.ok());
    EXPECT_EQ(all->kernels.size(), 50000u);
    ASSERT_GE(seen.size(), 6u) << "start, every 8192 rows, end";
    EXPECT_EQ(seen.front(), 0.0);
    EXPECT_EQ(seen.back(), 1.0);
    EXPECT_TRUE(std::is_sorted(seen.begin(), seen.end()));

    int calls = 0;
    options.progress = [&](double) { return ++calls < 3; }; // cancel at the second check in the rows
    auto cancelled = parseKernels(text, "big.csv", KernelFormat::Csv, options);
    ASSERT_FALSE(cancelled.ok());
    EXPECT_EQ(cancelled.error().message, kImportCancelled);
    EXPECT_EQ(calls, 3);
}

TEST(KernelFiles, ALargeFileWithEveryKindOfTroubleKeepsTheGoodRowsAndListsTheBadOnesInOrder)
{
    // 30,000 rows with every kind of trouble: duplicates, bad values, wrong field counts,
    // comments, blank lines, CRLF line ends.
    std::string text = "name,flops,bytes,time_ms\r\n# exported by a test\r\n";
    for (int i = 0; i < 30000; ++i) {
        text += "k" + std::to_string(i % 29000) + "," + std::to_string(1 + i % 97) + "e9,1e9,"
            + std::to_string(1 + i % 13) + "\r\n";
        if (i % 4001 == 0)
            text += "bad" + std::to_string(i) + ",-1,1e9,1\r\n";
        if (i % 5003 == 0)
            text += "short" + std::to_string(i) + ",1e9\r\n\r\n# a comment\r\n";
    }
    const auto a = parseKernels(text, "big.csv", KernelFormat::Csv);
    ASSERT_TRUE(a.ok()) << a.error();
    EXPECT_EQ(a->kernels.size(), 29000u);
    ASSERT_EQ(a->lines.size(), a->kernels.size());
    EXPECT_EQ(a->lines.front(), 3) << "after the header and the comment";
    EXPECT_TRUE(std::is_sorted(a->lines.begin(), a->lines.end()));
    // 1,000 duplicates (k0..k999 again), 8 bad values, 6 short rows.
    EXPECT_EQ(a->rejected.size(), 1000u + 8u + 6u);
    EXPECT_TRUE(std::is_sorted(
        a->rejected.begin(), a->rejected.end(), [](const Error& x, const Error& y) { return x.line < y.line; }));
    const auto dup = std::find_if(a->rejected.begin(), a->rejected.end(),
        [](const Error& e) { return e.message.rfind("duplicate name 'k0'", 0) == 0; });
    ASSERT_NE(dup, a->rejected.end());
    EXPECT_EQ(dup->message, "duplicate name 'k0' (first at line 3)");

    // Without a name column a kernel is named after its line ("row 12"), and so are the messages
    // about it.
    std::string unnamed = "id,flops,bytes,time_ms\n";
    for (int i = 0; i < 3000; ++i)
        unnamed += std::to_string(i) + "," + (i % 977 == 0 ? std::string() : std::to_string(1 + i % 97) + "e9")
            + ",1e9,1\n";
    const auto ua = parseKernels(unnamed, "unnamed.csv", KernelFormat::Csv);
    ASSERT_TRUE(ua.ok()) << ua.error();
    ASSERT_EQ(ua->kernels.size(), 2996u);
    EXPECT_EQ(ua->kernels.back().name, "row 3001");
    ASSERT_EQ(ua->rejected.size(), 4u);
    EXPECT_EQ(ua->rejected.back().line, 2 + 2931) << "the row of i = 2931 is line 2933";

    // A file with a name column whose name cell is empty on one row: that row is named after its
    // line.
    for (const int gap : {700, 2400}) {
        std::string someUnnamed = "name,flops,bytes,time_ms\r\n";
        for (int i = 0; i < 3000; ++i)
            someUnnamed += (i == gap ? std::string() : "n" + std::to_string(i)) + ","
                + (i % 977 == 0 ? std::string() : std::to_string(1 + i % 97) + "e9") + ",1e9,1\r\n";
        const auto sa = parseKernels(someUnnamed, "some.csv", KernelFormat::Csv);
        ASSERT_TRUE(sa.ok()) << sa.error();
        const bool named = std::any_of(sa->kernels.begin(), sa->kernels.end(),
            [&](const Kernel& k) { return k.name == "row " + std::to_string(gap + 2); });
        EXPECT_TRUE(named) << "the row without a name is named after its line";
        EXPECT_EQ(sa->rejected.size(), 4u) << gap;
    }

    // Cancelling a read stops it and returns nothing.
    KernelReadOptions two;
    two.progress = [](double done) { return done < 0.3; };
    const auto cancelled = parseKernels(text, "big.csv", KernelFormat::Csv, two);
    ASSERT_FALSE(cancelled.ok());
    EXPECT_EQ(cancelled.error().message, kImportCancelled);

    // A quoted field may hold a line break.
    std::string quoted = "name,flops,bytes\n\"multi\nline\",1e9,1e9\n";
    for (int i = 0; i < 2000; ++i)
        quoted += "q" + std::to_string(i) + ",1e9,1e9\n";
    const auto q = parseKernels(quoted, "q.csv", KernelFormat::Csv, two);
    ASSERT_FALSE(q.ok()) << "cancelled: the progress check above still applies";
    two.progress = nullptr;
    const auto q2 = parseKernels(quoted, "q.csv", KernelFormat::Csv, two);
    ASSERT_TRUE(q2.ok());
    EXPECT_EQ(q2->kernels.size(), 2001u);
    EXPECT_EQ(q2->kernels[0].name, "multi\nline");
    EXPECT_EQ(q2->lines[1], 4);
}

TEST(KernelFiles, ALoneCrEndsALineAsCrlfAndLfDo)
{
    // Found by the fuzzer: a lone CR line end, a doubled BOM, ';' separators.
    const std::string text = "name;flops;bytes\rgemm;1e12;1e9\r\nsoftmax;1e9;1e9\nattn;2e12;1e10\r";
    const auto a = parseKernels(text, "f.csv", KernelFormat::Csv);
    ASSERT_TRUE(a.ok()) << a.error();
    ASSERT_EQ(a->kernels.size(), 3u);
    EXPECT_EQ(a->lines, (std::vector<int> {2, 3, 4}));
}

TEST(LeadingPrecision, MostOfTheMeasuredTimeElseMostKernels)
{
    auto k = [](Precision p, std::optional<double> t) {
        Kernel x;
        x.name = "k";
        x.flops = 1;
        x.bytes = 1;
        x.precision = p;
        x.time = t;
        return x;
    };
    const auto all = [](Precision) { return true; };
    EXPECT_EQ(leadingPrecision({k(Precision::FP64, 3.0), k(Precision::FP32, 1.0), k(Precision::FP32, 1.0)}, all),
        Precision::FP64);
    EXPECT_EQ(leadingPrecision({k(Precision::FP64, std::nullopt), k(Precision::BF16, std::nullopt),
                                   k(Precision::BF16, std::nullopt)},
                  all),
        Precision::BF16);
    // A precision the part has no roof for does not lead; no precision at all gives none.
    EXPECT_EQ(leadingPrecision(
                  {k(Precision::FP4, 9.0), k(Precision::FP16, 1.0)}, [](Precision p) { return p != Precision::FP4; }),
        Precision::FP16);
    Kernel plain;
    plain.name = "p";
    EXPECT_EQ(leadingPrecision({plain}, all), std::nullopt);
    EXPECT_EQ(leadingPrecision({}, all), std::nullopt);
}

TEST(KernelFiles, LlmViewerOutputLoadsAsItIsWritten)
{
    // Title lines above each appended header, OPs/Access columns, bare SI suffixes, rounded
    // intensities (tests/data/kernels/llm-viewer/README.md).
    auto r = loadKernelFile(std::string(ROOFLINE_TEST_DATA) + "/kernels/llm-viewer/llama-2-7b_decode.csv");
    ASSERT_TRUE(r.ok()) << r.error().toString();
    EXPECT_TRUE(r->rejected.empty()) << r->rejected.front().toString();
    ASSERT_EQ(r->kernels.size(), 18u); // two runs of 9 layers
    const Kernel& q = r->kernels[0];
    EXPECT_EQ(q.name, "q_proj");
    EXPECT_DOUBLE_EQ(q.flops, 33.6e6);
    EXPECT_DOUBLE_EQ(q.bytes, 33.6e6);
    EXPECT_FALSE(q.time.has_value()) << "inference_time is LLM-Viewer's estimate, not a measurement";
    EXPECT_EQ(q.group, "meta-llama/Llama-2-7b-hf nvidia_A100 w_bit=16 a_bit=16 kv_bit=16 batchsize=1 seqlen=1024");
    const Kernel& s = r->kernels[8]; // softmax: 164K / 131KB = 1.25, printed "1.2"
    EXPECT_EQ(s.name, "softmax");
    EXPECT_DOUBLE_EQ(s.flops, 164e3);
    // The second run's layers are named by what its title changes.
    EXPECT_EQ(r->kernels[9].name, "q_proj (batchsize=8)");
    EXPECT_DOUBLE_EQ(r->kernels[9].flops, 268e6);
    ASSERT_EQ(r->warnings.size(), 1u);
    EXPECT_NE(r->warnings[0].find("'performance', 'bound'"), std::string::npos) << r->warnings[0];
}

TEST(KernelFiles, BareSiSuffixesAndDerivedColumnsToTheirPrintedPrecision)
{
    const auto r = parseKernels("name,flops,bytes,intensity,time\n"
                                "a,68.7G,35.0GB,2.0,1.5ms\n" // 1.963, printed 2.0: agrees to its digits
                                "b,1.0K,2M,,\n"
                                "c,68.7G,30.0GB,2.0,\n", // 2.29 is not 2.0
        "k.csv");
    ASSERT_TRUE(r.ok()) << r.error().toString();
    ASSERT_EQ(r->kernels.size(), 2u);
    EXPECT_DOUBLE_EQ(r->kernels[0].flops, 68.7e9);
    EXPECT_DOUBLE_EQ(r->kernels[0].bytes, 35e9);
    EXPECT_DOUBLE_EQ(*r->kernels[0].time, 1.5e-3);
    EXPECT_DOUBLE_EQ(r->kernels[1].flops, 1e3);
    EXPECT_DOUBLE_EQ(r->kernels[1].bytes, 2e6);
    ASSERT_EQ(r->rejected.size(), 1u);
    EXPECT_EQ(r->rejected[0].line, 4);
    // Written by hand, whole numbers and exponents are exact: 50 is not 100.
    const auto exact = parseKernels("name,flops,bytes,intensity\nx,1e12,1e10,50\n", "k.csv");
    ASSERT_TRUE(exact.ok());
    EXPECT_EQ(exact->rejected.size(), 1u);
    // A time never takes a bare prefix ("5m" could be minutes or milliseconds).
    const auto t = parseKernels("name,flops,bytes,time\nx,1e12,1e10,5m\n", "k.csv");
    ASSERT_TRUE(t.ok());
    EXPECT_EQ(t->rejected.size(), 1u);
}

TEST(KernelFiles, RowsWithNoFlopsOrNoBytesAreNotedNotRejected)
{
    // A copy or an init kernel is a fact about the program, not bad data (issue 28): the file
    // loads, and one note per reason names the rows left off the roofline.
    const KernelImport csv = loadOk("with-copies.csv");
    ASSERT_EQ(csv.kernels.size(), 1u);
    EXPECT_EQ(csv.kernels[0].name, "gemm");
    EXPECT_EQ(csv.lines, std::vector<int> {3});
    EXPECT_EQ(csv.warnings,
        (std::vector<std::string> {
            "2 kernels have no floating-point work (0 FLOPs), not on the roofline: 'memcpy HtoD' (line 2), "
            "'init_buffers' (line 4)",
            "1 kernel has no bytes (an infinite intensity), not on the roofline: 'scale' (line 5)"}));
    for (const char* text : {"- {name: copy, flops: 0 GFLOP, bytes: 1 GB}\n- {name: k, flops: 1, bytes: 1}\n",
             R"([{"name": "copy", "flops": 0, "bytes": 1e9}, {"name": "k", "flops": 1, "bytes": 1}])"}) {
        auto r = parseKernels(text, "t", text[0] == '-' ? KernelFormat::Yaml : KernelFormat::Json);
        ASSERT_TRUE(r.ok()) << r.error();
        EXPECT_EQ(r->kernels.size(), 1u);
        EXPECT_TRUE(r->rejected.empty());
        ASSERT_EQ(r->warnings.size(), 1u);
        EXPECT_EQ(
            r->warnings[0], "1 kernel has no floating-point work (0 FLOPs), not on the roofline: 'copy' (line 1)");
    }
    // Negative values are still bad data; a file of copies only places nothing and says so.
    auto negative = parseKernels("name,flops,bytes\nk,-1,1\n", "t", KernelFormat::Csv);
    ASSERT_TRUE(negative.ok());
    EXPECT_EQ(negative->rejected.size(), 1u);
    auto copies = parseKernels("name,flops,bytes\ncopy,0,1\n", "t", KernelFormat::Csv);
    ASSERT_FALSE(copies.ok());
    EXPECT_EQ(copies.error().message,
        "no kernel can be placed on a roofline: 1 kernel has no floating-point work (0 FLOPs), not on the roofline: "
        "'copy' (line 2)");
}

#if !defined(_WIN32)
// A FIFO nobody writes to blocked `analyze`, `import-ceilings` and a session's open forever.
TEST(KernelFiles, AFifoWithNoWriterReadsAsEmptyAtOnceAndOneWithAWriterIsRead)
{
    const auto dir = fs::temp_directory_path() / "roofline-fifo-test";
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string fifo = (dir / "pipe.csv").string();
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    const auto start = std::chrono::steady_clock::now();
    const auto none = readTextFile(fifo, 1 << 20);
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
    ASSERT_TRUE(none.ok()) << none.error().toString();
    EXPECT_EQ(none.value(), "");
    EXPECT_FALSE(loadKernelFile(fifo).ok()) << "an empty input is refused with its reason";
#if defined(__linux__)
    // A writer that has written and leaves a moment later (opened read-write, as Linux allows a
    // FIFO, so the bytes wait in the pipe): its bytes are the file's.
    const int w = ::open(fifo.c_str(), O_RDWR | O_NONBLOCK);
    ASSERT_GE(w, 0);
    const std::string data = "name,flops,bytes\nk,1e9,1e8\n";
    ASSERT_EQ(::write(w, data.data(), data.size()), static_cast<ssize_t>(data.size()));
    std::thread leaves([w] {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        ::close(w);
    });
    const auto r = readTextFile(fifo, 1 << 20);
    leaves.join();
    ASSERT_TRUE(r.ok()) << r.error().toString();
    const std::string got = r.value();
    EXPECT_EQ(got, data);
#endif
}
#endif
