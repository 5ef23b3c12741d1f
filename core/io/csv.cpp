// SPDX-License-Identifier: MIT
#include "core/io/csv.h"

#include <algorithm>

namespace roofline {

CsvTable readCsv(std::string_view text, char delimiter)
{
    CsvTable table;
    CsvRow row;
    std::string field;
    bool inQuotes = false;
    bool fieldStarted = false;
    bool rowHasContent = false;
    int line = 1;
    int quoteLine = 0;
    row.line = 1;

    auto endField = [&]() {
        row.fields.push_back(std::move(field));
        field.clear();
        fieldStarted = false;
    };
    auto endRow = [&]() {
        endField();
        const bool blank = !rowHasContent && row.fields.size() == 1 && row.fields[0].empty();
        if (!blank)
            table.rows.push_back(std::move(row));
        row = CsvRow {};
        rowHasContent = false;
    };

    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inQuotes) {
            if (c == '"') {
                if (i + 1 < text.size() && text[i + 1] == '"') {
                    field += '"';
                    ++i;
                } else {
                    inQuotes = false;
                }
            } else {
                if (c == '\n')
                    ++line;
                field += c;
            }
            continue;
        }
        if (c == '"' && !fieldStarted) {
            inQuotes = true;
            fieldStarted = true;
            rowHasContent = true;
            quoteLine = line;
        } else if (c == delimiter) {
            endField();
            rowHasContent = true;
        } else if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
            // CRLF: the '\n' ends the row.
        } else if (c == '\n' || c == '\r') {
            endRow();
            ++line;
            row.line = line;
        } else {
            field += c;
            fieldStarted = true;
            rowHasContent = true;
        }
    }
    if (inQuotes)
        table.unterminatedQuoteLine = quoteLine;
    if (rowHasContent || !field.empty() || !row.fields.empty())
        endRow();
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
