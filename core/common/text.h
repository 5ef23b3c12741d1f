// SPDX-License-Identifier: MIT
// Small text helpers shared by the parsers and writers.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace roofline {

std::string toLower(std::string_view s);
/// The number of line ends as CsvReader reads them: LF, CRLF or a lone CR.
std::size_t countLineEnds(std::string_view s);
std::string_view trimView(std::string_view s);
inline std::string trimmed(std::string_view s)
{
    return std::string(trimView(s));
}

/// A CSV field, quoted (RFC 4180) only when it holds a comma, quote or line break.
std::string csvQuote(const std::string& s);

/// A value from a file as a message or a terminal table shows it: control characters (ESC,
/// NUL, line breaks) as \xNN, and cut to `maxChars` characters with "..." after.
std::string printable(std::string_view s, std::size_t maxChars = 60);
/// The first `shown` of `total` items joined by `separator`, then " and N more" for the rest:
/// "'a', 'b' and 3 more". `item(i)` gives the i-th (only the shown ones are asked for).
std::string firstOf(std::size_t total, std::size_t shown, const std::function<std::string(std::size_t)>& item,
    std::string_view separator = ", ");

/// The number of characters (UTF-8 code points) of `s`.
std::size_t charCount(std::string_view s);
/// The first `n` characters of `s` (UTF-8), or the last `n` when `fromEnd`.
std::string_view charSpan(std::string_view s, std::size_t n, bool fromEnd);
/// `s` on one line for a figure: every control character (a line break, ESC, NUL ...) a space.
/// A figure's title is written into SVG, where such a byte makes a file that is not XML.
std::string oneLine(std::string_view s);
/// printable(s) in single quotes: 'gemm_bf16'.
inline std::string quoted(std::string_view s, std::size_t maxChars = 60)
{
    return "'" + printable(s, maxChars) + "'";
}

/// The shortest text that reads back as exactly `v` ("0.025", "1e+21").
std::string shortestNumber(double v);

} // namespace roofline
