// SPDX-License-Identifier: MIT
#include "core/common/text.h"

#include <cstdint>
#include <cstring>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <utility>
#include <vector>

namespace roofline {

std::size_t countLineEnds(std::string_view s)
{
    std::size_t ends = 0;
    for (std::size_t i = 0; i < s.size(); ++i)
        ends += s[i] == '\n' || (s[i] == '\r' && (i + 1 == s.size() || s[i + 1] != '\n'));
    return ends;
}

std::string printable(std::string_view s, std::size_t maxChars)
{
    std::string out;
    std::size_t chars = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if ((c & 0xC0) != 0x80 && chars++ == maxChars) { // the first byte of a character past the cut
            out += "...";
            break;
        }
        if (c < 0x20 || c == 0x7F) {
            static const char hex[] = "0123456789ABCDEF";
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
        } else {
            out += static_cast<char>(c);
        }
    }
    return out;
}

std::size_t charCount(std::string_view s)
{
    return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

/// The first `n` characters of `s` (UTF-8), or the last `n` when `fromEnd`.
std::string_view charSpan(std::string_view s, std::size_t n, bool fromEnd)
{
    std::vector<std::size_t> starts;
    for (std::size_t i = 0; i < s.size(); ++i)
        if ((s[i] & 0xC0) != 0x80)
            starts.push_back(i);
    if (n >= starts.size())
        return s;
    return fromEnd ? s.substr(starts[starts.size() - n]) : s.substr(0, starts[n]);
}

std::string firstOf(std::size_t total, std::size_t shown, const std::function<std::string(std::size_t)>& item,
    std::string_view separator)
{
    std::string out;
    for (std::size_t i = 0; i < total && i < shown; ++i)
        out += (i ? std::string(separator) : std::string()) + item(i);
    if (total > shown)
        out += " and " + std::to_string(total - shown) + " more";
    return out;
}

std::string toLower(std::string_view s)
{
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
    return out;
}

std::string_view trimView(std::string_view s)
{
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
        s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
        s.remove_suffix(1);
    return s;
}

std::string csvQuote(const std::string& s)
{
    if (s.find_first_of(",\"\n\r") == std::string::npos)
        return s;
    std::string out = "\"";
    for (char c : s) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + "\"";
}

std::string shortestNumber(double v)
{
    char buf[64];
    const auto res = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, res.ptr);
}

std::string oneLine(std::string_view s)
{
    std::string out(s);
    for (char& c : out)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F)
            c = ' ';
    return out;
}

} // namespace roofline
