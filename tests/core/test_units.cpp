// SPDX-License-Identifier: MIT
#include "core/common/text.h"
#include "core/model/units.h"
#include "support/resident_memory.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

using namespace roofline;

namespace {

double parse(const char* text, Dimension d)
{
    auto r = parseQuantity(text, d);
    EXPECT_TRUE(r.ok()) << text << ": " << (r.ok() ? "" : r.error().message);
    return r.ok() ? r.value() : std::nan("");
}

std::string parseError(const char* text, Dimension d, QuantityOptions o = {})
{
    auto r = parseQuantity(text, d, o);
    EXPECT_FALSE(r.ok()) << text << " parsed as " << (r.ok() ? r.value() : 0.0);
    return r.ok() ? std::string() : r.error().message;
}

} // namespace

TEST(Units, ParsesRatesWithDecimalPrefixes)
{
    EXPECT_DOUBLE_EQ(parse("989.4 TFLOP/s", Dimension::FlopRate), 989.4e12);
    EXPECT_DOUBLE_EQ(parse("989.4 TFLOPS", Dimension::FlopRate), 989.4e12);
    EXPECT_DOUBLE_EQ(parse("2.25 PFLOP/s", Dimension::FlopRate), 2.25e15);
    EXPECT_DOUBLE_EQ(parse("1978.9 TOP/s", Dimension::FlopRate), 1978.9e12);
    EXPECT_DOUBLE_EQ(parse("394 TOPS", Dimension::FlopRate), 394e12);
    EXPECT_DOUBLE_EQ(parse("  3.35 TB/s ", Dimension::ByteRate), 3.35e12);
    EXPECT_DOUBLE_EQ(parse("819 GBps", Dimension::ByteRate), 819e9);
    EXPECT_DOUBLE_EQ(parse("900GB/s", Dimension::ByteRate), 900e9);
    EXPECT_DOUBLE_EQ(parse("1e12", Dimension::FlopRate), 1e12);
}

TEST(Units, ParsesCountsBytesAndTimes)
{
    EXPECT_DOUBLE_EQ(parse("140 GFLOP", Dimension::Flops), 140e9);
    EXPECT_DOUBLE_EQ(parse("140 GFLOPs", Dimension::Flops), 140e9);
    EXPECT_DOUBLE_EQ(parse("70 GB", Dimension::Bytes), 70e9);
    EXPECT_DOUBLE_EQ(parse("16 GiB", Dimension::Bytes), 16.0 * 1024 * 1024 * 1024);
    EXPECT_DOUBLE_EQ(parse("50 MB", Dimension::Bytes), 50e6);
    EXPECT_DOUBLE_EQ(parse("20.9 ms", Dimension::Time), 20.9e-3);
    EXPECT_DOUBLE_EQ(parse("15 us", Dimension::Time), 15e-6);
    EXPECT_DOUBLE_EQ(parse("15 \xC2\xB5s", Dimension::Time), 15e-6);
    EXPECT_DOUBLE_EQ(parse("800 ns", Dimension::Time), 800e-9);
    EXPECT_DOUBLE_EQ(parse("2 s", Dimension::Time), 2.0);
    EXPECT_DOUBLE_EQ(parse("295 FLOP/byte", Dimension::Intensity), 295.0);
    EXPECT_DOUBLE_EQ(parse("+7", Dimension::Bytes), 7.0);
}

TEST(Units, RejectsWhatItCannotRead)
{
    EXPECT_EQ(parseError("", Dimension::Bytes), "empty byte count; write e.g. '70 GB'");
    EXPECT_EQ(parseError("abc", Dimension::Bytes), "'abc' is not a number; write e.g. '70 GB'");
    EXPECT_EQ(parseError("3.35 TFLOP/s", Dimension::ByteRate),
        "unknown unit 'TFLOP/s' for a bandwidth; write e.g. '3.35 TB/s'");
    EXPECT_EQ(
        parseError("800 Gb/s", Dimension::ByteRate), "unknown unit 'Gb/s' for a bandwidth; write e.g. '3.35 TB/s'");
    EXPECT_EQ(parseError("nan", Dimension::Flops), "'nan' is not a finite number");
    EXPECT_EQ(parseError("inf GB", Dimension::Bytes), "'inf GB' is not a finite number");
    EXPECT_EQ(parseError("1e400", Dimension::Bytes), "'1e400' is out of range");
    EXPECT_EQ(parseError("0 GB", Dimension::Bytes), "byte count must be greater than zero (got '0 GB')");
    EXPECT_EQ(parseError("-5 ms", Dimension::Time), "time must be greater than zero (got '-5 ms')");
    QuantityOptions needUnit;
    needUnit.requireUnit = true;
    EXPECT_EQ(parseError("989.4", Dimension::FlopRate, needUnit), "'989.4' has no unit; write e.g. '989.4 TFLOP/s'");
    EXPECT_EQ(parseError("5 xFLOP/s", Dimension::FlopRate),
        "unknown unit 'xFLOP/s' for a compute rate; write e.g. '989.4 TFLOP/s'");
}

TEST(Units, ZeroAllowedWhenAsked)
{
    QuantityOptions o;
    o.requirePositive = false;
    auto r = parseQuantity("0 B", Dimension::Bytes, o);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r.value(), 0.0);
}

TEST(Units, FormatsNumbers)
{
    EXPECT_EQ(formatNumber(590.68), "591");
    EXPECT_EQ(formatNumber(2.0), "2");
    EXPECT_EQ(formatNumber(0.3389), "0.339");
    EXPECT_EQ(formatNumber(20.897), "20.9");
    EXPECT_EQ(formatNumber(1530.6), "1531");
    EXPECT_EQ(formatNumber(153.01, 4), "153");
    EXPECT_EQ(formatNumber(1e-7), "1e-07");
    EXPECT_EQ(formatNumber(std::nan("")), "n/a");
    EXPECT_EQ(formatNumber(0.0), "0");
}

TEST(Units, FormatsQuantities)
{
    EXPECT_EQ(formatQuantity(3.35e12, Dimension::ByteRate), "3.35 TB/s");
    EXPECT_EQ(formatQuantity(989.4e12, Dimension::FlopRate), "989 TFLOP/s");
    EXPECT_EQ(formatQuantity(989.4e12, Dimension::FlopRate, 4), "989.4 TFLOP/s");
    EXPECT_EQ(formatQuantity(1978.9e12, Dimension::FlopRate), "1.98 PFLOP/s");
    EXPECT_EQ(formatQuantity(999.7e9, Dimension::FlopRate), "1 TFLOP/s");
    EXPECT_EQ(formatQuantity(70e9, Dimension::Bytes), "70 GB");
    EXPECT_EQ(formatQuantity(20.8955e-3, Dimension::Time), "20.9 ms");
    EXPECT_EQ(formatQuantity(15e-6, Dimension::Time), "15 \xC2\xB5s"); // µs
    EXPECT_EQ(formatQuantity(2.5, Dimension::Time), "2.5 s");
    EXPECT_EQ(formatQuantity(295.34, Dimension::Intensity), "295 FLOP/byte");
    EXPECT_EQ(formatSI(1e15), "1 P");
}

TEST(Units, RoundTripsThroughFormatting)
{
    for (double v : {1.0, 3.35e12, 989.4e12, 2.25e15, 819e9, 70e9, 140e9}) {
        for (Dimension d : {Dimension::FlopRate, Dimension::ByteRate, Dimension::Bytes, Dimension::Flops}) {
            auto r = parseQuantity(formatQuantity(v, d, 6), d);
            ASSERT_TRUE(r.ok()) << formatQuantity(v, d, 6);
            EXPECT_NEAR(r.value(), v, v * 1e-9);
        }
    }
}

TEST(Units, PrefixesAreExactDecimalShifts)
{
    // "3.35 TB/s" must be the double nearest 3.35e12, exactly as if written "3.35e12".
    EXPECT_EQ(parse("3.35 TB/s", Dimension::ByteRate), 3.35e12);
    EXPECT_EQ(parse("1100 TFLOP/s", Dimension::FlopRate), 1.1e15);
    EXPECT_EQ(parse("1.1 PFLOP/s", Dimension::FlopRate), 1.1e15);
    EXPECT_EQ(parse("2.039 TB/s", Dimension::ByteRate), 2.039e12);
    EXPECT_EQ(parse("1.5e3 GB", Dimension::Bytes), 1.5e12);
    EXPECT_EQ(parse("20.9 ms", Dimension::Time), 20.9e-3);
}

TEST(Units, ExactFormattingRoundTrips)
{
    EXPECT_EQ(formatExact(3.35e12, Dimension::ByteRate), "3.35 TB/s");
    EXPECT_EQ(formatExact(1.1e15, Dimension::FlopRate), "1.1 PFLOP/s");
    EXPECT_EQ(formatExact(989.4e12, Dimension::FlopRate), "989.4 TFLOP/s");
    EXPECT_EQ(formatExact(17179869184.0, Dimension::Bytes), "17.179869184 GB");
    EXPECT_EQ(formatExact(20.9e-3, Dimension::Time), "20.9 ms");
    EXPECT_EQ(formatExact(0.85, Dimension::Intensity), "0.85 FLOP/byte");
    for (double v : {3.35e12, 1.1e15, 2.039e12, 1978.9e12, 0.1 + 0.2, 123456789.123, 7e-7, 1e21}) {
        for (Dimension d : {Dimension::FlopRate, Dimension::ByteRate, Dimension::Bytes, Dimension::Time}) {
            auto r = parseQuantity(formatExact(v, d), d);
            ASSERT_TRUE(r.ok()) << formatExact(v, d);
            EXPECT_EQ(r.value(), v) << formatExact(v, d);
        }
    }
}

// Found by fuzzing (tests/data/fuzz-regressions/quantity-denormal.txt): formatting a denormal
// value threw std::out_of_range from std::stod.
TEST(Units, DenormalValuesFormatWithoutThrowing)
{
    auto r = parseQuantity("21E-324", Dimension::Flops);
    ASSERT_TRUE(r.ok());
    EXPECT_NO_THROW((void)formatQuantity(r.value(), Dimension::Flops));
    EXPECT_NO_THROW((void)formatSI(4.9e-324));
}

TEST(Text, CountsLineEndsAsTheCsvReaderDoes)
{
    // LF, CRLF and a lone CR are one line end each; a CRLF may straddle two 8-byte words; bytes
    // one bit away from '\n' or '\r', or differing only in the high bit, do not count.
    const char alphabet[] = {'\n', '\r', '\r', 'a', ',', '\x8D', '\x8A', '\0', '\x0B', '\x0E', '\xFF', '\x4A'};
    std::mt19937 rng(5);
    // A random text of `length` bytes against a byte-by-byte count.
    auto checkRandom = [&](size_t length) {
        std::string s(length, ' ');
        for (char& c : s)
            c = alphabet[rng() % sizeof(alphabet)];
        size_t expected = 0;
        for (size_t i = 0; i < s.size(); ++i)
            expected += s[i] == '\n' ? (i == 0 || s[i - 1] != '\r') : s[i] == '\r';
        EXPECT_EQ(countLineEnds(s), expected) << length;
    };
    for (size_t length = 0; length < 300; ++length)
        checkRandom(length);
    EXPECT_EQ(countLineEnds("1234567\r\n89"), 1u);
    EXPECT_EQ(countLineEnds("a\rb\r\nc\n"), 3u);
    EXPECT_EQ(countLineEnds(std::string(1000, '\n')), 1000u);
    // Long texts: the 16-byte steps keep byte counters that are summed every 255 steps (4,080
    // bytes), so every count here would wrap them; CRLFs straddle every step boundary.
    EXPECT_EQ(countLineEnds(std::string(100'000, '\n')), 100'000u);
    EXPECT_EQ(countLineEnds(std::string(100'000, '\r')), 100'000u);
    std::string crlf;
    for (int i = 0; i < 50'000; ++i)
        crlf += "\r\n";
    for (size_t shift = 0; shift < 17; ++shift)
        EXPECT_EQ(countLineEnds(std::string(shift, 'x') + crlf), 50'000u) << shift;
    for (size_t length : {4079u, 4080u, 4081u, 4097u, 20'000u, 65'537u})
        checkRandom(length);
}
