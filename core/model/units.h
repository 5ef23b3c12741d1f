// SPDX-License-Identifier: MIT
// Quantities with units at the edges of the program. Inside, every value is SI:
// FLOP, byte, second, FLOP/s, byte/s. Prefixes are decimal (T = 1e12), as vendors use;
// binary prefixes (KiB, MiB, GiB, TiB) are accepted for bytes and byte rates.
#pragma once

#include "core/common/result.h"

#include <string>
#include <string_view>

namespace roofline {

enum class Dimension {
    FlopRate, ///< FLOP/s (also OP/s for integer peaks)
    ByteRate, ///< byte/s
    Flops, ///< FLOP (a count)
    Bytes, ///< byte
    Time, ///< second
    Intensity, ///< FLOP/byte
};

/// value x 10^exp10 as a person means it: the decimal the value prints as (its shortest exact
/// text) with its exponent shifted, read back. 4258.4 GFLOP/s is then exactly the double of
/// 4.2584 TFLOP/s (4258.4 x 1e9 is one ulp off it, printed 4.2583999999999995 TFLOP/s).
double shiftDecimal(double value, int exp10);

/// Human name of a dimension ("compute rate", "bandwidth" ...), for messages.
std::string dimensionName(Dimension d);
/// The unit written after a value with no prefix: "FLOP/s", "B/s", "FLOP", "B", "s", "FLOP/byte".
std::string unitSymbol(Dimension d);
/// An example a user can copy, e.g. "989.4 TFLOP/s".
std::string unitExample(Dimension d);

struct QuantityOptions {
    bool requireUnit = false; ///< a bare number is an error (hardware profiles)
    bool requirePositive = true; ///< zero and negative values are errors
};

/// Parses "3.35 TB/s", "989.4 TFLOPS", "70 GB", "20.9 ms", "1.2e12" (bare = SI base unit).
/// On failure the Error carries only the message; callers add file/line/column.
Result<double> parseQuantity(std::string_view text, Dimension dim, QuantityOptions options = {});

/// A plain number with `significant` digits, no exponent for 1e-4 <= |v| < 1e9:
/// 590.68 -> "591", 2 -> "2", 0.3389 -> "0.339", 20.897 -> "20.9".
std::string formatNumber(double value, int significant = 3);

/// Value with an SI prefix and the dimension's unit: "3.35 TB/s", "989 TFLOP/s", "20.9 ms".
/// Intensity is written without a prefix ("295 FLOP/byte").
std::string formatQuantity(double value, Dimension dim, int significant = 3);

/// Lossless: the shortest decimal that parses back to exactly `value`, with a prefix,
/// e.g. 3.35e12 -> "3.35 TB/s", 1.1e15 -> "1.1 PFLOP/s". For files the program writes.
std::string formatExact(double value, Dimension dim);

/// Only the prefixed number and prefix letter, e.g. 1e15 -> "1 P", 3e11 -> "300 G".
std::string formatSI(double value, int significant = 3);

} // namespace roofline
