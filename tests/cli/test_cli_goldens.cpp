// SPDX-License-Identifier: MIT
// Goldens of the figures real profiles give through the command line.
#include "support/golden.h"
#include "tests/cli/cli_run.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <string>
#include <vector>

namespace fs = std::filesystem;

// What a figure of a real profile says, as `roofline export FILE -o fig.svg` writes it: every
// text of the SVG in drawing order (the title, the ticks, each kernel's name or number, the
// key), against a golden. A change to a name, a number or a key line prints a diff here;
// ROOFLINE_REGENERATE_GOLDEN=1 rewrites the goldens after a change meant.
TEST(Cli, FiguresOfRealProfilesSayWhatTheirGoldensSay)
{
    struct Case {
        const char* golden;
        std::vector<std::string> args;
    };
    const std::string src = ROOFLINE_SOURCE_DIR;
    for (const Case& c : {Case {"cli/h200-ncu-raw.svg.txt", {src + "/tests/data/real/h200_ncu_raw.csv"}},
             Case {"cli/training-step-40.svg.txt",
                 {src + "/tests/data/kernels/real-names/training-step-40.csv", "--hw", "h100", "--precision", "bf16"}},
             Case {"cli/training-step-40-column.svg.txt",
                 {src + "/tests/data/kernels/real-names/training-step-40.csv", "--hw", "h100", "--precision", "bf16",
                     "--preset", "column"}}}) {
        const fs::path out = clitest::scratch() / "real.svg";
        std::vector<std::string> args {"export"};
        args.insert(args.end(), c.args.begin(), c.args.end());
        args.insert(args.end(), {"-o", out.string()});
        const clitest::CliRun r = clitest::roofline(args);
        ASSERT_EQ(r.code, 0) << r.err;
        const std::string svg = clitest::readAll(out.string());
        std::string texts;
        const std::regex text("<text[^>]*>([^<]*)</text>");
        for (auto it = std::sregex_iterator(svg.begin(), svg.end(), text); it != std::sregex_iterator(); ++it)
            texts += (*it)[1].str() + "\n";
        ASSERT_FALSE(texts.empty()) << c.golden;
        const std::string diff = roofline::test::compareGolden(c.golden, texts);
        EXPECT_TRUE(diff.empty()) << c.golden << "\n" << diff;
    }
}
