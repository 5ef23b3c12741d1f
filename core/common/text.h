// SPDX-License-Identifier: MIT
// Small text helpers shared by the parsers and writers.
#pragma once

#include <cstddef>
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

/// The shortest text that reads back as exactly `v` ("0.025", "1e+21").
std::string shortestNumber(double v);

} // namespace roofline
