// SPDX-License-Identifier: MIT
// The `roofline` binary given bad input or a failing disk: it refuses in one line with exit
// codes 1 or 2, writes nothing or keeps the old file whole.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>

#include "tests/cli/cli_run.h"
#include "tests/core/invalid_corpus.h"

using nlohmann::json;
using namespace clitest;
namespace fs = std::filesystem;

TEST(Cli, BadKernelFilesExitOneWithTheirMessagesAndWriteNothing)
{
    const std::string dir = std::string(ROOFLINE_TEST_DATA) + "/kernels/invalid/";
    int cases = 0;
    for (const auto& entry : fs::directory_iterator(dir)) {
        if (entry.path().extension() == ".expected")
            continue;
        const fs::path out = scratch() / ("bad-" + entry.path().filename().string() + ".png");
        fs::remove(out);
        const CliRun r = roofline({"export", entry.path().string(), "--hw", "h100", "-o", out.string()});
        EXPECT_EQ(r.code, 1) << entry.path() << "\n" << r.err;
        EXPECT_FALSE(fs::exists(out)) << entry.path();
        std::ifstream expected(dir + entry.path().stem().string() + ".expected");
        for (std::string line; std::getline(expected, line);) {
            if (!line.empty())
                EXPECT_NE(r.err.find("error: " + dir + line), std::string::npos) << line << "\n" << r.err;
        }
        ++cases;
    }
    EXPECT_GE(cases, 10);
}

TEST(Cli, BadProfilesAreWarningsAndTheRestStillWorks)
{
    const std::string dir = std::string(ROOFLINE_TEST_DATA) + "/profiles/invalid";
    const CliRun r = roofline({"--profiles", dir, "hw", "show", "h100", "--format", "json"});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(json::parse(r.out)["id"], "h100-sxm5");
    int warnings = 0, yamlFiles = 0;
    for (size_t at = r.err.find("warning: "); at != std::string::npos; at = r.err.find("warning: ", at + 1))
        ++warnings;
    for (const auto& entry : fs::directory_iterator(dir))
        yamlFiles += entry.path().extension() == ".yaml";
    EXPECT_EQ(warnings, yamlFiles) << r.err;
}

// The bad-input corpus (tests/data/invalid/cases.tsv) as a user meets it on the command line:
// kernel files, sessions and ceilings exit 1 with the message on an `error:` line and write
// nothing; a bad profile in a --profiles folder is a warning and is skipped.
TEST(Cli, TheBadInputCorpusIsRefusedWithItsMessages)
{
    int checked = 0;
    for (const InvalidCase& c : invalidCases()) {
        if (c.kind == "model")
            continue; // model presets have no CLI entry point of their own (core_tests check them)
        if (c.kind == "profile") {
            const fs::path dir = scratch() / ("profile-" + c.file);
            fs::create_directories(dir);
            fs::copy_file(c.path, dir / c.file, fs::copy_options::overwrite_existing);
            const CliRun r = roofline({"--profiles", dir.string(), "hw", "list"});
            EXPECT_EQ(r.code, 0) << c << "\n" << r.err;
            EXPECT_NE(r.err.find("warning: " + (dir / c.file).string()), std::string::npos) << c << "\n" << r.err;
            EXPECT_NE(r.err.find(c.expected), std::string::npos) << c << "\n" << r.err;
            ++checked;
            continue;
        }
        const bool ceilings = c.kind == "ceilings";
        const fs::path out = scratch() / ("corpus-" + c.file + (ceilings ? ".yaml" : ".png"));
        fs::remove(out);
        const CliRun r = ceilings ? roofline({"import-ceilings", c.path, "-o", out.string()})
                                  : roofline({"export", c.path, "-o", out.string()});
        EXPECT_EQ(r.code, 1) << c << "\n" << r.err;
        EXPECT_FALSE(fs::exists(out)) << c;
        EXPECT_NE(r.err.find("error: " + c.path), std::string::npos) << c << "\n" << r.err;
        EXPECT_NE(r.err.find(c.expected), std::string::npos) << c << "\n" << r.err;
        ++checked;
    }
    EXPECT_GE(checked, 55);
}

TEST(Cli, WritesOntoAFullDiskFailWithExitOneAndKeepTheOldFile)
{
    // `ulimit -f 1` (512 bytes here) with SIGXFSZ ignored: a write past it fails as on a full
    // disk. The old file must stay byte for byte, the command say why and exit 1.
    const std::string full = "trap '' XFSZ; ulimit -f 1; ";
    const fs::path dir = scratch() / "full-disk";
    fs::create_directories(dir);
    const std::string old = "the previous file\n";
    auto writeOld = [&](const fs::path& p) { std::ofstream(p, std::ios::binary) << old; };
    for (const char* name : {"fig.svg", "fig.png", "fig.pdf"}) {
        const fs::path out = dir / name;
        writeOld(out);
        const CliRun r = roofline(
            {"export", ROOFLINE_SOURCE_DIR "/resources/examples/lesson-h100.roofline.yaml", "-o", out.string()}, full);
        EXPECT_EQ(r.code, 1) << name << ": " << r.err;
        EXPECT_NE(r.err.find("cannot write"), std::string::npos) << r.err;
        EXPECT_EQ(readAll(out.string()), old) << name;
    }
    // (a profile the import updates: anything else there is refused before a byte is written)
    const fs::path profile = dir / "measured.yaml";
    const std::string oldProfile = readAll(ROOFLINE_SOURCE_DIR "/hardware_profiles/h100-sxm5.yaml");
    std::ofstream(profile, std::ios::binary) << oldProfile;
    const CliRun r
        = roofline({"import-ceilings", ROOFLINE_TEST_DATA "/ceilings/roofline.json", "-o", profile.string()}, full);
    EXPECT_EQ(r.code, 1) << r.err;
    EXPECT_NE(r.err.find("cannot write"), std::string::npos) << r.err;
    EXPECT_EQ(readAll(profile.string()), oldProfile);
    EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 4) << "no temporary files";
}

TEST(Cli, OutputRedirectedOntoAFullDiskIsAnErrorNotASuccess)
{
    // `roofline analyze ... > out.json` on a full disk: the file is cut short, so the command
    // says so and exits 1 (it used to exit 0).
    const fs::path out = scratch() / "full-stdout.json";
    const std::string full = "trap '' XFSZ; ulimit -f 1; exec >" + shellQuote(out.string()) + "; ";
    for (const char* format : {"json", "csv", "table"}) {
        const CliRun r = roofline(
            {"analyze", ROOFLINE_SOURCE_DIR "/resources/examples/twenty-kernels.roofline.yaml", "--format", format},
            full);
        EXPECT_EQ(r.code, 1) << format << ": " << r.err;
        EXPECT_NE(r.err.find("standard output: cannot write"), std::string::npos) << r.err;
    }
    const CliRun ok = roofline(
        {"analyze", ROOFLINE_SOURCE_DIR "/resources/examples/twenty-kernels.roofline.yaml", "--format", "json"});
    EXPECT_EQ(ok.code, 0) << ok.err;
    EXPECT_GT(ok.out.size(), 1024u) << "more than the limit above, so that test cuts it";
}

TEST(Cli, AnExportTooLargeToDrawOrAnEndlessInputIsRefusedInOneLine)
{
    // In-range options that multiply to 50,000 x 50,000 pixels (10 GB to draw in).
    const fs::path png = scratch() / "huge.png";
    const CliRun huge = roofline({"export", ROOFLINE_SOURCE_DIR "/resources/examples/lesson-h100.roofline.yaml",
        "--width", "4000", "--height", "4000", "--dpi", "1200", "-o", png.string()});
    EXPECT_EQ(huge.code, 1) << huge.err;
    EXPECT_NE(
        huge.err.find("50000 x 50000 pixels (2500 megapixels) is over the limit of 100 megapixels"), std::string::npos)
        << huge.err;
    EXPECT_FALSE(fs::exists(png));
    // A device without end: refused at its first NUL byte, not read until memory runs out.
    const CliRun zero = roofline({"analyze", "/dev/zero", "--hw", "h100-sxm5"});
    EXPECT_EQ(zero.code, 1);
    EXPECT_EQ(zero.err, "error: /dev/zero: not a text file (it contains NUL bytes)\n");
}

TEST(Cli, AnExportKilledHalfWayLeavesTheOldFigureOrTheNewOneWhole)
{
    // kill -9 at some moment of an export of 10^5 kernels over an existing figure: whatever the
    // moment, the file is the old figure byte for byte or a whole new one, never a torn one.
    const fs::path dir = scratch() / "killed";
    fs::create_directories(dir);
    const fs::path data = dir / "k.csv";
    {
        std::ofstream out(data);
        out << "name,flops,bytes,time_s\n";
        for (int i = 0; i < 100000; ++i)
            out << "k" << i << "," << (1 + i % 997) << "e9,1e9," << (1 + i % 13) << "e-3\n";
    }
    const fs::path svg = dir / "fig.svg";
    const std::string old = "<svg>the previous figure</svg>\n";
    for (const char* delay : {"0.05", "0.2", "0.4"}) {
        std::ofstream(svg, std::ios::binary) << old;
        const std::string cmd = "(" + shellQuote(ROOFLINE_CLI) + " export " + shellQuote(data.string())
            + " --hw h100-sxm5 -o " + shellQuote(svg.string()) + " 2>/dev/null & pid=$!; sleep " + delay
            + "; kill -9 $pid 2>/dev/null; wait $pid 2>/dev/null) >/dev/null 2>&1";
        ASSERT_EQ(std::system(cmd.c_str()) != -1, true);
        const std::string now = readAll(svg.string());
        const bool whole = now.rfind("<?xml", 0) == 0 && now.find("</svg>") != std::string::npos;
        EXPECT_TRUE(now == old || whole) << "after " << delay << " s: " << now.size() << " bytes, torn";
        for (const auto& e : fs::directory_iterator(dir)) // QSaveFile's temporary may stay after a kill
            if (e.path().filename().string().find("fig.svg.") == 0)
                fs::remove(e.path());
    }
}

TEST(Cli, AnFp64ExportIsShownUnderTheFp64RoofWithoutAFlag)
{
    const fs::path file = scratch() / "fp64.csv";
    std::ofstream(file) << "name,flops,bytes,time_s,precision\nstencil,1e9,2e9,1e-3,fp64\ninit,1e3,1e9,1e-4,fp32\n";
    const CliRun r = roofline({"analyze", file.string(), "--hw", "mi300x"});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("AMD Instinct MI300X \xC2\xB7 FP64 \xC2\xB7 ridge"), std::string::npos) << r.out;
    EXPECT_NE(r.err.find("shown at FP64, the precision of most of the measured time (--precision to choose)"),
        std::string::npos)
        << r.err;
    const CliRun chosen = roofline({"analyze", file.string(), "--hw", "mi300x", "--precision", "bf16"});
    ASSERT_EQ(chosen.code, 0) << chosen.err;
    EXPECT_NE(chosen.out.find("\xC2\xB7 BF16 \xC2\xB7"), std::string::npos) << chosen.out;
    EXPECT_EQ(chosen.err.find("shown at"), std::string::npos);
}

TEST(Cli, SkipInvalidThatLeavesNothingToPlaceExitsOne)
{
    const fs::path file = scratch() / "allbad.csv";
    std::ofstream(file) << "name,flops,bytes\na,-1,1\nb,x,1\n";
    const CliRun r = roofline({"analyze", file.string(), "--hw", "h100", "--skip-invalid"});
    EXPECT_EQ(r.code, 1);
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_NE(r.err.find("every row was rejected (2); nothing to place"), std::string::npos) << r.err;
}

TEST(Cli, AScreenshotOntoAFullDiskKeepsTheOldFile)
{
    // roofline-studio --screenshot wrote its PNG in place: a full disk left half a file.
    const fs::path dir = scratch() / "full-disk-screenshot";
    fs::create_directories(dir);
    const fs::path out = dir / "window.png";
    const std::string old = "the previous screenshot\n";
    std::ofstream(out, std::ios::binary) << old;
    const std::string cmd = "trap '' XFSZ; ulimit -f 1; env HOME=" + shellQuote(dir.string())
        + " QT_QPA_PLATFORM=offscreen " + shellQuote(ROOFLINE_STUDIO) + " --screenshot " + shellQuote(out.string())
        + " " + shellQuote(ROOFLINE_SOURCE_DIR "/resources/examples/lesson-h100.roofline.yaml") + " >/dev/null 2>"
        + shellQuote((dir / "err.txt").string());
    const int status = std::system(cmd.c_str());
    EXPECT_EQ(WIFEXITED(status) ? WEXITSTATUS(status) : -1, 1);
    EXPECT_NE(readAll((dir / "err.txt").string()).find("cannot write"), std::string::npos);
    EXPECT_EQ(readAll(out.string()), old) << "the old file, byte for byte";
}

TEST(Cli, AScreenshotTakesTheWindowSizeAskedForOrSaysWhatASizeIs)
{
    const fs::path dir = scratch() / "screenshot-size";
    fs::create_directories(dir);
    const auto run = [&](const std::string& size, const fs::path& out) {
        const std::string cmd = "env HOME=" + shellQuote(dir.string()) + " QT_QPA_PLATFORM=offscreen "
            + shellQuote(ROOFLINE_STUDIO) + " --size " + size + " --screenshot " + shellQuote(out.string()) + " "
            + shellQuote(ROOFLINE_SOURCE_DIR "/resources/examples/lesson-h100.roofline.yaml") + " >/dev/null 2>"
            + shellQuote((dir / "err.txt").string());
        const int status = std::system(cmd.c_str());
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    };
    ASSERT_EQ(run("1366x740", dir / "laptop.png"), 0) << readAll((dir / "err.txt").string());
    const std::string png = readAll((dir / "laptop.png").string());
    ASSERT_GT(png.size(), 24u);
    const auto be32 = [&](size_t at) {
        return (unsigned(static_cast<unsigned char>(png[at])) << 24)
            | (unsigned(static_cast<unsigned char>(png[at + 1])) << 16)
            | (unsigned(static_cast<unsigned char>(png[at + 2])) << 8)
            | unsigned(static_cast<unsigned char>(png[at + 3]));
    };
    EXPECT_EQ(be32(16), 1366u) << "the IHDR's width";
    EXPECT_EQ(be32(20), 740u) << "the IHDR's height";
    EXPECT_EQ(run("huge", dir / "bad.png"), 2);
    EXPECT_NE(readAll((dir / "err.txt").string()).find("--size must be WIDTHxHEIGHT"), std::string::npos);
    EXPECT_FALSE(fs::exists(dir / "bad.png"));
}

TEST(Cli, AnOutputNeverReplacesADeviceAnInputOrAFileOfAnotherKind)
{
    // As root `import-ceilings x.json -o /dev/null` renamed a YAML over /dev/null; -o onto the
    // command's own input, or a profile over a session, replaced the user's file and exited 0.
    const std::string ceilings = ROOFLINE_TEST_DATA "/ceilings/roofline.json";
    CliRun r = roofline({"import-ceilings", ceilings, "-o", "/dev/null"});
    EXPECT_EQ(r.code, 1) << r.err;
    EXPECT_NE(r.err.find("/dev/null: cannot write (it is a device, not a file"), std::string::npos) << r.err;
    struct stat st { };
    ASSERT_EQ(stat("/dev/null", &st), 0);
    EXPECT_TRUE(S_ISCHR(st.st_mode));

    const fs::path input = scratch() / "own.json";
    fs::copy_file(ceilings, input, fs::copy_options::overwrite_existing);
    const std::string before = readAll(input.string());
    r = roofline({"import-ceilings", input.string(), "-o", input.string()});
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("is also the input"), std::string::npos) << r.err;
    EXPECT_EQ(readAll(input.string()), before);

    const fs::path session = scratch() / "mine.roofline.yaml";
    fs::copy_file(ROOFLINE_SOURCE_DIR "/resources/examples/lesson-h100.roofline.yaml", session,
        fs::copy_options::overwrite_existing);
    const std::string sessionBefore = readAll(session.string());
    r = roofline({"import-ceilings", ceilings, "-o", session.string()});
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("is there and is not a hardware profile (a session)"), std::string::npos) << r.err;
    EXPECT_EQ(readAll(session.string()), sessionBefore);
    r = roofline({"measure", "--seconds", "1", "-o", session.string()});
    EXPECT_EQ(r.code, 2) << "refused before measuring";
    EXPECT_EQ(readAll(session.string()), sessionBefore);

    const fs::path figure = scratch() / "input.svg";
    std::ofstream(figure) << "name,flops,bytes\nk,1e9,1e8\n"; // a kernel table, oddly named
    r = roofline({"export", figure.string(), "--hw", "h100", "-o", figure.string()});
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("is also the input"), std::string::npos) << r.err;
}

// A title with control characters made an SVG that is not XML (names were cleaned, titles not).
TEST(Cli, ATitleWithControlCharactersStillMakesAnSvg)
{
    for (const bool panels : {false, true}) {
        const fs::path out = scratch() / "title.svg";
        std::vector<std::string> args {
            "export", "--hw", "h100", "--title", "My\x01 \x1b[31mGEMM\x07", "-o", out.string()};
        if (panels)
            args.insert(args.end(), {"--panels", "precisions", "--precisions", "bf16,fp8"});
        const CliRun r = roofline(args);
        ASSERT_EQ(r.code, 0) << r.err;
        const std::string svg = readAll(out.string());
        for (unsigned char c : svg)
            ASSERT_TRUE(c >= 0x20 || c == '\n' || c == '\r' || c == '\t') << "a control character in the SVG";
        EXPECT_NE(svg.find("My   [31mGEMM"), std::string::npos) << "the title is kept, its controls as spaces";
    }
}

// Qt writes an SVG's document title as it is given: a title of "</title><script>..." made an
// SVG with a script in it, which a browser runs. It is escaped; so are kernel names, and an HTML
// report of such names and title holds no markup but its own.
TEST(Cli, MarkupInATitleOrANameIsTextInAnSvgAndInAReport)
{
    const fs::path csv = scratch() / "markup.csv", svg = scratch() / "markup.svg", html = scratch() / "markup.html";
    std::ofstream(csv) << "name,flops,bytes,time_ms\n"
                          "\"<script>alert(1)</script> & \"\"q\"\" <img src=x onerror=alert(2)>\",1e12,1e9,1\n";
    const std::string title = "</title><script>alert(3)</script>";
    ASSERT_EQ(roofline({"export", csv.string(), "--hw", "h100", "--title", title, "-o", svg.string()}).code, 0);
    const std::string figure = readAll(svg.string());
    EXPECT_EQ(figure.find("<script"), std::string::npos) << figure.substr(0, 600);
    EXPECT_NE(figure.find("<title>&lt;/title&gt;&lt;script&gt;alert(3)&lt;/script&gt;</title>"), std::string::npos);
    ASSERT_EQ(roofline({"report", csv.string(), "--hw", "h100", "--title", title, "-o", html.string()}).code, 0);
    const std::string page = readAll(html.string());
    size_t scripts = 0;
    for (size_t at = page.find("<script"); at != std::string::npos; at = page.find("<script", at + 1))
        ++scripts;
    EXPECT_EQ(scripts, 1u) << "the page's own";
    EXPECT_EQ(page.find("<img"), std::string::npos);
    EXPECT_NE(page.find("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot;"), std::string::npos);
}

#if defined(__SANITIZE_ADDRESS__)
#define ROOFLINE_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ROOFLINE_UNDER_ASAN 1
#endif
#endif

// Out of memory was std::bad_alloc and an abort (exit 134): a big kernel file under a memory
// limit. It is one line naming the input and its size, exit 1.
TEST(Cli, OutOfMemoryIsOneLineNamingTheInputNotAnAbort)
{
#if defined(ROOFLINE_UNDER_ASAN)
    GTEST_SKIP() << "AddressSanitizer reserves more address space than the limit leaves";
#else
    const fs::path big = scratch() / "big.csv";
    {
        std::ofstream out(big);
        out << "name,flops,bytes,time_ms\n";
        for (int i = 0; i < 1500000; ++i)
            out << "kernel_number_" << i << "_with_a_long_name_to_hold_memory,1e9,1e8,1\n";
    }
    const CliRun r = roofline({"analyze", big.string(), "--hw", "h100"}, "ulimit -v 450000; ");
    fs::remove(big);
    EXPECT_EQ(r.code, 1) << r.err;
    EXPECT_EQ(r.err.rfind("error: out of memory reading " + big.string() + " (", 0), 0u) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
#endif
}

// A 10^6-kernel session took 29 s and 3.5 GB to fail: yaml-cpp holds ~65 bytes a byte of it. A
// session too big for the memory left is refused before it is read, at once, with the sizes; a
// small one under the same limit loads.
TEST(Cli, ASessionTooBigForTheMemoryLeftIsRefusedBeforeItIsRead)
{
#if defined(ROOFLINE_UNDER_ASAN)
    GTEST_SKIP() << "AddressSanitizer reserves more address space than the limit leaves";
#else
    const auto session = [](const fs::path& path, int kernels) {
        std::ofstream out(path);
        out << "roofline_session: 1\nhardware: h100-sxm5\nprecision: fp8\nkernels:\n";
        for (int i = 0; i < kernels; ++i)
            out << "  - name: \"kernel " << i << "\"\n    flops: 1 GFLOP\n    bytes: 1 GB\n    time: 2.5 ms\n";
    };
    const fs::path big = scratch() / "big.roofline.yaml", small = scratch() / "small.roofline.yaml";
    session(big, 200000);
    session(small, 100);
    const std::string limit = "ulimit -v 1000000; ";
    const auto start = std::chrono::steady_clock::now();
    const CliRun refused = roofline({"analyze", big.string()}, limit);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const CliRun loaded = roofline({"analyze", small.string()}, limit);
    fs::remove(big);
    fs::remove(small);
    EXPECT_EQ(refused.code, 1) << refused.err;
    EXPECT_EQ(refused.err.rfind("error: " + big.string()
                      + ": a session of 15.5 MB takes about 1.24 GB of memory to "
                        "read and ",
                  0),
        0u)
        << refused.err;
    EXPECT_NE(refused.err.find("is free to this process: run where more memory is free"), std::string::npos);
    EXPECT_LT(seconds, 2.0) << "refused before reading, not after running out";
    EXPECT_EQ(loaded.code, 0) << loaded.err;
#endif
}

// 100,000 bad rows printed 100,001 lines: the first 20, then a count.
TEST(Cli, ThousandsOfBadRowsAreTwentyLinesAndACount)
{
    const fs::path bad = scratch() / "bad-rows.csv";
    {
        std::ofstream out(bad);
        out << "name,flops,bytes\n";
        for (int i = 0; i < 100000; ++i)
            out << "k" << i << ",1e9,-5\n";
        out << "good,1e9,1e8\n";
    }
    for (const bool skip : {false, true}) {
        std::vector<std::string> args {"analyze", bad.string(), "--hw", "h100"};
        if (skip)
            args.push_back("--skip-invalid");
        const CliRun r = roofline(args);
        EXPECT_EQ(r.code, skip ? 0 : 1) << r.err.substr(0, 400);
        EXPECT_LE(std::count(r.err.begin(), r.err.end(), '\n'), 22) << r.err.substr(0, 400);
        EXPECT_NE(r.err.find("and 99980 more rejected row(s) (the first 20 are above)"), std::string::npos)
            << r.err.substr(0, 400);
    }
}

// Messages say what is wrong and what to type (they said "Could not convert", "not in range" for
// a number that was not whole, "file is required" for a file named -k.csv, and //.local/...).
TEST(Cli, UsageMessagesSayWhatToType)
{
    CliRun r = roofline({"export", "--hw", "h100", "--width", "1000.7", "-o", (scratch() / "w.png").string()});
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("--width: '1000.7' is not a whole number; give one from 100 to 20000"), std::string::npos)
        << r.err;
    r = roofline({"llm", "--hw", "h100", "--model", "llama-3-8b", "--batch", "1e12"});
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(
        r.err.find("--batch: '1e12' is not a value it takes (counts and sizes are whole numbers"), std::string::npos)
        << r.err;
    const fs::path dashed = scratch() / "-k.csv";
    std::ofstream(dashed) << "name,flops,bytes\nk,1e9,1e8\n";
    r = roofline({"analyze", "-k.csv", "--hw", "h100"}, "cd " + scratch().string() + " && ");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("-k.csv is a file whose name starts with '-': write ./-k.csv, or put -- before it"),
        std::string::npos)
        << r.err;
    // Without HOME there is no profile folder of the user's to name.
    const fs::path out = scratch() / "nohome.yaml", err = scratch() / "nohome.err";
    const std::string cmd = std::string("env -u HOME ") + ROOFLINE_CLI
        + " import-ceilings " ROOFLINE_TEST_DATA "/ceilings/roofline.json -o " + out.string() + " > /dev/null 2> "
        + err.string();
    ASSERT_EQ(std::system(cmd.c_str()), 0);
    const std::string said = readAll(err.string());
    EXPECT_NE(said.find("HOME is not set, so there is no profile folder of yours to copy it to"), std::string::npos)
        << said;
    EXPECT_EQ(said.find("//"), std::string::npos) << said;
}

// A 100 KB option value was echoed whole in its error.
TEST(Cli, AHugeOptionValueIsShortenedInItsError)
{
    const std::string huge(100000, 'x');
    for (const std::vector<std::string>& args :
        std::vector<std::vector<std::string>> {{"point", "--hw", huge, "--flops", "1e9", "--bytes", "1e9"},
            {"llm", "--hw", "h100", "--model", huge}, {"hw", "list", "--format", huge}}) {
        const CliRun r = roofline(args);
        EXPECT_NE(r.code, 0);
        EXPECT_LT(r.err.size(), 1000u) << r.err.substr(0, 300);
        EXPECT_NE(r.err.find("... (10000"), std::string::npos) << r.err.substr(0, 300);
    }
}

// A YAML of one bad node's aliases printed the same line for each (300,000 identical lines).
TEST(Cli, OneReasonRepeatedIsOneLineWithItsCount)
{
    const fs::path yaml = scratch() / "aliases.yaml";
    {
        std::ofstream out(yaml);
        out << "kernels:\n  - &k {name: gemm, flops: 1e9, bytes: 1e8}\n";
        for (int i = 0; i < 100000; ++i)
            out << "  - *k\n";
    }
    const CliRun r = roofline({"analyze", yaml.string(), "--hw", "h100"});
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.err.find("duplicate name 'gemm' (first at line 2) (100000 times)"), std::string::npos) << r.err;
    EXPECT_LE(std::count(r.err.begin(), r.err.end(), '\n'), 3) << r.err;
}
