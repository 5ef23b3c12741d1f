// SPDX-License-Identifier: MIT
#include "core/io/csv.h"

#include <algorithm>
#include <cstring>

namespace roofline {

bool CsvReader::readRow()
{
    const std::size_t n = m_text.size();
    if (m_pos >= n)
        return false;
    const char* const text = m_text.data();
    m_line = m_nextLine;
    m_spans.clear();
    m_scratch.clear();
    m_rowHasContent = false;
    for (;;) {
        std::size_t start = m_pos;
        if (m_pos < n && text[m_pos] == '"') {
            // Quoted: "" is a quote; text after the closing quote is kept as written.
            m_rowHasContent = true;
            const int quoteLine = m_nextLine;
            const std::size_t own = m_scratch.size();
            bool simple = true;
            std::size_t seg = ++m_pos;
            std::size_t contentEnd = seg;
            for (;;) {
                const void* q = std::memchr(text + m_pos, '"', n - m_pos);
                const std::size_t qi = q ? static_cast<std::size_t>(static_cast<const char*>(q) - text) : n;
                m_nextLine += static_cast<int>(std::count(text + m_pos, text + qi, '\n'));
                if (qi >= n) { // never closed
                    m_unterminatedQuoteLine = quoteLine;
                    if (!simple)
                        m_scratch.append(text + seg, n - seg);
                    contentEnd = n;
                    m_pos = n;
                    break;
                }
                if (qi + 1 < n && text[qi + 1] == '"') {
                    if (simple)
                        simple = false;
                    m_scratch.append(text + seg, qi + 1 - seg); // up to and including one quote
                    m_pos = seg = qi + 2;
                    continue;
                }
                if (!simple)
                    m_scratch.append(text + seg, qi - seg);
                contentEnd = qi;
                m_pos = qi + 1;
                break;
            }
            const std::size_t tail = m_pos;
            while (m_pos < n && text[m_pos] != m_delimiter && text[m_pos] != '\n' && text[m_pos] != '\r')
                ++m_pos;
            if (m_pos > tail && simple) { // "ab"cd: keep the text after the quote too
                simple = false;
                m_scratch.append(text + start + 1, contentEnd - start - 1);
            }
            if (!simple) {
                m_scratch.append(text + tail, m_pos - tail);
                m_spans.push_back({own, m_scratch.size() - own, true});
            } else {
                m_spans.push_back({start + 1, contentEnd - start - 1, false});
            }
        } else {
            while (m_pos < n && text[m_pos] != m_delimiter && text[m_pos] != '\n' && text[m_pos] != '\r')
                ++m_pos;
            if (m_pos > start)
                m_rowHasContent = true;
            m_spans.push_back({start, m_pos - start, false});
        }
        if (m_pos >= n)
            return true;
        const char c = text[m_pos];
        if (c == m_delimiter) {
            m_rowHasContent = true;
            ++m_pos;
            continue;
        }
        // A line end: CRLF, LF or a lone CR.
        m_pos += (c == '\r' && m_pos + 1 < n && text[m_pos + 1] == '\n') ? 2 : 1;
        ++m_nextLine;
        return true;
    }
}

bool CsvReader::next()
{
    while (readRow()) {
        if (!m_rowHasContent && m_spans.size() == 1 && m_spans[0].size == 0)
            continue; // a blank line
        m_fields.clear();
        for (const Span& s : m_spans)
            m_fields.emplace_back((s.own ? m_scratch.data() : m_text.data()) + s.begin, s.size);
        return true;
    }
    return false;
}

CsvTable readCsv(std::string_view text, char delimiter)
{
    CsvTable table;
    CsvReader reader(text, delimiter);
    while (reader.next()) {
        CsvRow row;
        row.line = reader.line();
        row.fields.assign(reader.fields().begin(), reader.fields().end());
        table.rows.push_back(std::move(row));
    }
    table.unterminatedQuoteLine = reader.unterminatedQuoteLine();
    return table;
}

char guessDelimiter(std::string_view firstLine)
{
    const auto count = [&](char c) { return std::count(firstLine.begin(), firstLine.end(), c); };
    if (count('\t') > 0 && count('\t') >= count(','))
        return '\t';
    if (count(',') == 0 && count(';') > 0)
        return ';';
    return ',';
}

} // namespace roofline
