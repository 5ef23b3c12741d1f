// SPDX-License-Identifier: MIT
// A small RFC 4180 reader: quoted fields (with the delimiter, quotes and newlines inside),
// CRLF or LF line ends. Used by every CSV-shaped importer.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace roofline {

/// Reads rows one at a time without copying the text: a field is a view into the text, or into
/// the reader's own buffer when it had quotes to undo. Views stay valid until the next next().
/// Empty lines are skipped. An unterminated quote runs to the end of the text; the row that
/// holds it is still returned and `unterminatedQuoteLine()` is then set.
class CsvReader {
public:
    /// `firstLine`: the line number of the text's first line (a reader of the second half of
    /// a file counts the file's lines).
    CsvReader(std::string_view text, char delimiter, int firstLine = 1)
        : m_text(text)
        , m_delimiter(delimiter)
        , m_nextLine(firstLine)
    { }

    /// Moves to the next non-blank row; false at the end of the text.
    bool next();
    int line() const { return m_line; } ///< 1-based line where the current row starts
    const std::vector<std::string_view>& fields() const { return m_fields; }
    int unterminatedQuoteLine() const { return m_unterminatedQuoteLine; }
    std::size_t offset() const { return m_pos; } ///< bytes consumed so far (for progress)

private:
    struct Span {
        std::size_t begin, size;
        bool own; ///< in m_scratch rather than m_text
    };
    bool readRow(); ///< one row, blank or not; false when the text is exhausted

    std::string_view m_text;
    char m_delimiter;
    std::size_t m_pos = 0;
    int m_nextLine = 1;
    int m_line = 0;
    int m_unterminatedQuoteLine = 0;
    bool m_rowHasContent = false;
    std::vector<Span> m_spans;
    std::string m_scratch;
    std::vector<std::string_view> m_fields;
};

struct CsvRow {
    int line = 0; ///< 1-based line where the row starts
    std::vector<std::string> fields;
};

/// All rows at once (small files: profiler summaries, ceilings).
struct CsvTable {
    std::vector<CsvRow> rows;
    int unterminatedQuoteLine = 0;
};

CsvTable readCsv(std::string_view text, char delimiter);

/// ',' unless the first line has tabs (then '\t') or semicolons and no commas (then ';').
char guessDelimiter(std::string_view firstLine);

} // namespace roofline
