// SPDX-License-Identifier: MIT
#include "core/analysis/compare.h"
#include "support/fixtures.h"

#include <gtest/gtest.h>

using namespace roofline;

namespace {

Kernel timed(const std::string& name, double flops, double bytes, double time)
{
    return test::makeKernel(name, flops, bytes, time);
}

} // namespace

TEST(Compare, LaunchesAreSummedByNameAndPairedAcrossRuns)
{
    // Before: two launches of gemm (1 + 1 ms); after: one of 1.5 ms. 2 ms / 1.5 ms = 1.333x.
    const std::vector<Kernel> before {
        timed("gemm #1", 1e12, 1e9, 1e-3), timed("gemm #2", 1e12, 1e9, 1e-3), timed("norm", 1e9, 4e9, 2e-3)};
    const std::vector<Kernel> after {timed("gemm", 2e12, 2e9, 1.5e-3), timed("norm", 1e9, 4e9, 2.2e-3)};
    const HardwareProfile& h100 = *test::shippedCatalog().find("h100-sxm5");
    const auto c = compareRuns(before, after, h100, Precision::BF16);
    ASSERT_TRUE(c.ok()) << c.error().message;
    ASSERT_EQ(c->pairs.size(), 2u);
    EXPECT_EQ(c->pairs[0].name, "gemm");
    EXPECT_EQ(c->pairs[0].before.launches, 2);
    EXPECT_DOUBLE_EQ(c->pairs[0].before.flops, 2e12);
    EXPECT_DOUBLE_EQ(*c->pairs[0].speedup, 2e-3 / 1.5e-3);
    EXPECT_DOUBLE_EQ(c->totalBefore, 4e-3);
    EXPECT_DOUBLE_EQ(c->totalAfter, 3.7e-3);
    // norm: 2 ms -> 2.2 ms is 10 % slower: the gate at 5 % stops it, at 15 % lets it pass.
    const auto failures = gateRegressions(c.value(), 0.05);
    ASSERT_EQ(failures.size(), 1u);
    EXPECT_EQ(failures[0].name, "norm");
    EXPECT_TRUE(gateRegressions(c.value(), 0.15).empty());
}

TEST(Compare, AMatchExpressionPairsRenamedKernels)
{
    EXPECT_EQ(matchKey("attention_v2 #7", "^(.*)_v[0-9]+$").value(), "attention");
    EXPECT_EQ(matchKey("softmax", "^(.*)_v[0-9]+$").value(), "softmax") << "no match: the name itself";
    EXPECT_EQ(matchKey("gemm #3", "").value(), "gemm");
    EXPECT_FALSE(matchKey("x", "(").ok());
}
