// SPDX-License-Identifier: MIT
// A small RFC 4180 reader: quoted fields (with the delimiter, quotes and newlines inside),
// CRLF or LF line ends. Used by every CSV-shaped importer.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace roofline {

struct CsvRow {
    int line = 0; ///< 1-based line where the row starts
    std::vector<std::string> fields;
};

/// Splits `text` into rows. Empty lines are skipped. An unterminated quote ends at the end of
/// the text (the row is still returned; `unterminatedQuoteLine` is then set).
struct CsvTable {
    std::vector<CsvRow> rows;
    int unterminatedQuoteLine = 0;
};

CsvTable readCsv(std::string_view text, char delimiter);

/// ',' unless the first line has tabs (then '\t') or semicolons and no commas (then ';').
char guessDelimiter(std::string_view firstLine);

} // namespace roofline
