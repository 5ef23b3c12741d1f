// SPDX-License-Identifier: MIT
#include "core/common/text.h"

#include <cstdint>
#include <cstring>

#include <algorithm>
#include <cctype>
#include <charconv>

namespace roofline {

std::size_t countLineEnds(std::string_view s)
{
    constexpr std::uint64_t kOnes = 0x0101010101010101ull, kLow7 = 0x7F7F7F7F7F7F7F7Full;
    // The top bit of each byte of w that equals c.
    const auto equal = [](std::uint64_t w, char c) {
        const std::uint64_t x = w ^ (kOnes * static_cast<unsigned char>(c));
        return ~(((x & kLow7) + kLow7) | x) & ~kLow7;
    };
    const auto count = [](std::uint64_t bits) { return static_cast<std::size_t>(((bits >> 7) * kOnes) >> 56); };
    std::size_t lf = 0, cr = 0, crlf = 0, i = 0;
    bool crBefore = false; // the byte before this word is a CR
    for (; i + 8 <= s.size(); i += 8) {
        std::uint64_t w;
        std::memcpy(&w, s.data() + i, 8);
        const std::uint64_t lfs = equal(w, '\n'), crs = equal(w, '\r');
        lf += count(lfs);
        cr += count(crs);
        crlf += count((crs << 8) & lfs) + (crBefore && (lfs & 0x80u) ? 1 : 0); // little-endian bytes
        crBefore = (crs >> 63) != 0;
    }
    for (; i < s.size(); ++i) {
        lf += s[i] == '\n';
        cr += s[i] == '\r';
        crlf += s[i] == '\n' && (i > 0 ? s[i - 1] == '\r' : false);
    }
    return lf + cr - crlf;
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

} // namespace roofline
