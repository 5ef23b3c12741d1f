// SPDX-License-Identifier: MIT
// Every input the fuzzers once crashed on (tests/data/fuzz-regressions) goes through every
// parser: each must answer with a value or an Error, never throw or crash.
#include "core/io/ceilings.h"
#include "core/io/kernel_io.h"
#include "core/io/profile_yaml.h"
#include "core/io/session_yaml.h"
#include "core/io/text_file.h"
#include "core/llm/model_spec.h"
#include "core/model/units.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>

using namespace roofline;

TEST(FuzzRegressions, EveryParserAnswersEveryFinding)
{
    int files = 0;
    for (const auto& entry :
        std::filesystem::directory_iterator(std::string(ROOFLINE_TEST_DATA) + "/fuzz-regressions")) {
        std::ifstream in(entry.path(), std::ios::binary);
        const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        const std::string name = entry.path().filename().string();
        EXPECT_NO_THROW({
            for (Dimension d : {Dimension::FlopRate, Dimension::ByteRate, Dimension::Flops, Dimension::Bytes,
                     Dimension::Time, Dimension::Intensity})
                if (auto q = parseQuantity(text, d))
                    (void)formatQuantity(q.value(), d);
            (void)parseProfile(text, name);
            (void)parseKernels(text, name);
            (void)parseCeilings(text, name);
            (void)parseSession(text, name);
            (void)parseModelSpec(text, name);
            (void)parsePointSpec(text);
        }) << name;
        ++files;
    }
    EXPECT_GE(files, 2);
}
