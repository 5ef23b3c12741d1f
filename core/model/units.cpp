// SPDX-License-Identifier: MIT
#include "core/model/units.h"

#include "core/common/text.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <vector>

namespace roofline {
namespace {

bool endsWithNoCase(std::string_view s, std::string_view suffix)
{
    if (suffix.size() > s.size())
        return false;
    return toLower(s.substr(s.size() - suffix.size())) == toLower(suffix);
}

// Base units accepted per dimension, compared case-insensitively; longest first.
std::vector<std::string_view> baseUnits(Dimension d)
{
    switch (d) {
    case Dimension::FlopRate:
        return {"flop/s", "flops", "op/s", "ops"};
    case Dimension::ByteRate:
        return {"bytes/s", "byte/s", "bps", "b/s"};
    case Dimension::Flops:
        return {"flops", "flop", "ops", "op"};
    case Dimension::Bytes:
        return {"bytes", "byte", "b"};
    case Dimension::Time:
        return {"sec", "s"};
    case Dimension::Intensity:
        return {"flop/byte", "flop/b", "flops/byte", "op/byte", "op/b"};
    }
    return {};
}

struct Prefix {
    std::string_view text;
    double factor;
};

// Decimal prefixes for rates, counts and bytes. Case-insensitive except for the
// binary forms; there is no milli- in these dimensions, so "mb" can only mean megabyte.
std::optional<double> largePrefix(std::string_view p, bool allowBinary)
{
    static const std::array<Prefix, 7> decimal {
        {{"", 1.0}, {"k", 1e3}, {"m", 1e6}, {"g", 1e9}, {"t", 1e12}, {"p", 1e15}, {"e", 1e18}}};
    static const std::array<Prefix, 5> binary {
        {{"ki", 1024.0}, {"mi", 1048576.0}, {"gi", 1073741824.0}, {"ti", 1099511627776.0}, {"pi", 1125899906842624.0}}};
    const std::string lp = toLower(p);
    for (const auto& pre : decimal)
        if (lp == pre.text)
            return pre.factor;
    if (allowBinary)
        for (const auto& pre : binary)
            if (lp == pre.text)
                return pre.factor;
    return std::nullopt;
}

std::optional<double> timePrefix(std::string_view p)
{
    if (p.empty())
        return 1.0;
    if (p == "m")
        return 1e-3;
    if (p == "u" || p == "\xC2\xB5" || p == "\xCE\xBC") // u, micro sign, Greek mu
        return 1e-6;
    if (p == "n")
        return 1e-9;
    if (p == "p")
        return 1e-12;
    return std::nullopt;
}

std::optional<double> unitFactor(std::string_view unit, Dimension d)
{
    if (d == Dimension::Time) {
        const std::string lu = toLower(unit);
        if (lu == "min")
            return 60.0;
        if (lu == "h")
            return 3600.0;
    }
    for (std::string_view base : baseUnits(d)) {
        if (!endsWithNoCase(unit, base))
            continue;
        const std::string_view prefix = unit.substr(0, unit.size() - base.size());
        // A lone lower-case 'b' is a bit ("Gb/s", "Gbps"): refuse rather than be off by 8x.
        if ((base == "b" || base == "b/s" || base == "bps") && unit[prefix.size()] == 'b')
            return std::nullopt;
        if (d == Dimension::Time)
            return timePrefix(prefix);
        if (d == Dimension::Intensity)
            return prefix.empty() ? std::optional<double>(1.0) : std::nullopt;
        const bool binary = d == Dimension::Bytes || d == Dimension::ByteRate;
        if (auto f = largePrefix(prefix, binary))
            return f;
    }
    return std::nullopt;
}

/// A bare SI prefix, as calculators print counts ("68.7G", "1.0K"); not for times, where "m"
/// would be minutes or milli, and never where a unit is required (a profile's "3.35 T" is cut short).
std::optional<double> barePrefix(std::string_view unit, Dimension d)
{
    static const std::array<Prefix, 7> bare {
        {{"k", 1e3}, {"K", 1e3}, {"M", 1e6}, {"G", 1e9}, {"T", 1e12}, {"P", 1e15}, {"E", 1e18}}};
    if (d == Dimension::Time)
        return std::nullopt;
    for (const auto& pre : bare)
        if (unit == pre.text)
            return pre.factor;
    return std::nullopt;
}

} // namespace

std::string dimensionName(Dimension d)
{
    switch (d) {
    case Dimension::FlopRate:
        return "compute rate";
    case Dimension::ByteRate:
        return "bandwidth";
    case Dimension::Flops:
        return "FLOP count";
    case Dimension::Bytes:
        return "byte count";
    case Dimension::Time:
        return "time";
    case Dimension::Intensity:
        return "arithmetic intensity";
    }
    return "value";
}

std::string unitSymbol(Dimension d)
{
    switch (d) {
    case Dimension::FlopRate:
        return "FLOP/s";
    case Dimension::ByteRate:
        return "B/s";
    case Dimension::Flops:
        return "FLOP";
    case Dimension::Bytes:
        return "B";
    case Dimension::Time:
        return "s";
    case Dimension::Intensity:
        return "FLOP/byte";
    }
    return {};
}

std::string unitExample(Dimension d)
{
    switch (d) {
    case Dimension::FlopRate:
        return "989.4 TFLOP/s";
    case Dimension::ByteRate:
        return "3.35 TB/s";
    case Dimension::Flops:
        return "140 GFLOP";
    case Dimension::Bytes:
        return "70 GB";
    case Dimension::Time:
        return "20.9 ms";
    case Dimension::Intensity:
        return "295 FLOP/byte";
    }
    return {};
}

Result<double> parseQuantity(std::string_view text, Dimension dim, QuantityOptions options)
{
    const std::string_view s = trimView(text);
    if (s.empty())
        return Error {{}, 0, 0, "empty " + dimensionName(dim) + "; write e.g. '" + unitExample(dim) + "'"};

    // Number part: from_chars does not take a leading '+', so skip it by hand.
    std::string_view num = s;
    if (num.front() == '+')
        num.remove_prefix(1);
    double value = 0.0;
    const auto [end, ec] = std::from_chars(num.data(), num.data() + num.size(), value);
    const std::string quoted = roofline::quoted(s);
    if (ec == std::errc::invalid_argument || end == num.data())
        return Error {{}, 0, 0, quoted + " is not a number; write e.g. '" + unitExample(dim) + "'"};
    if (ec == std::errc::result_out_of_range)
        return Error {{}, 0, 0, quoted + " is out of range"};
    if (!std::isfinite(value))
        return Error {{}, 0, 0, quoted + " is not a finite number"};

    const std::string_view unit = trimView(std::string_view(end, static_cast<size_t>(num.data() + num.size() - end)));
    double factor = 1.0;
    if (unit.empty()) {
        if (options.requireUnit)
            return Error {{}, 0, 0, quoted + " has no unit; write e.g. '" + unitExample(dim) + "'"};
    } else {
        auto f = unitFactor(unit, dim);
        if (!f && !options.requireUnit)
            f = barePrefix(unit, dim);
        if (!f)
            return Error {{}, 0, 0,
                "unknown unit " + roofline::quoted(unit) + " for a " + dimensionName(dim) + "; write e.g. '"
                    + unitExample(dim) + "'"};
        factor = *f;
    }
    // A decimal prefix shifts the decimal exponent of the text itself, so "3.35 TB/s" reads
    // as the double nearest 3.35e12 (value * 1e12 could be one ulp off).
    double si = value * factor;
    const int k = static_cast<int>(std::lround(std::log10(factor)));
    if (factor != 1.0 && std::pow(10.0, k) == factor) {
        std::string text(num.data(), end);
        int exp10 = k;
        if (const auto e = text.find_first_of("eE"); e != std::string::npos) {
            exp10 += std::atoi(text.c_str() + e + 1);
            text.erase(e);
        }
        text += "e" + std::to_string(exp10);
        double exact = 0.0;
        const auto res = std::from_chars(text.data(), text.data() + text.size(), exact);
        if (res.ec == std::errc())
            si = exact;
    }
    if (!std::isfinite(si))
        return Error {{}, 0, 0, quoted + " is out of range"};
    if (options.requirePositive && !(si > 0.0))
        return Error {{}, 0, 0, dimensionName(dim) + " must be greater than zero (got " + quoted + ")"};
    return si;
}

double shiftDecimal(double value, int exp10)
{
    if (!std::isfinite(value) || value == 0.0)
        return value * std::pow(10.0, exp10);
    char buf[64];
    const auto res = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::scientific);
    std::string text(buf, res.ptr);
    const auto e = text.find('e');
    const int shifted = std::atoi(text.c_str() + e + 1) + exp10;
    text = text.substr(0, e) + "e" + std::to_string(shifted);
    double out = 0.0;
    const auto parsed = std::from_chars(text.data(), text.data() + text.size(), out);
    return parsed.ec == std::errc() ? out : value * std::pow(10.0, exp10);
}

std::string formatNumber(double value, int significant)
{
    if (std::isnan(value))
        return "n/a";
    if (std::isinf(value))
        return value > 0 ? "inf" : "-inf";
    if (value == 0.0)
        return "0";
    significant = std::max(1, significant);
    const double mag = std::fabs(value);
    char buf[64];
    if (mag < 1e-4 || mag >= 1e9) {
        std::snprintf(buf, sizeof buf, "%.*g", significant, value);
        return buf;
    }
    const int exponent = static_cast<int>(std::floor(std::log10(mag)));
    const int decimals = std::max(0, significant - 1 - exponent);
    std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
    std::string out(buf);
    if (out.find('.') != std::string::npos) {
        while (out.back() == '0')
            out.pop_back();
        if (out.back() == '.')
            out.pop_back();
    }
    return out;
}

std::string formatSI(double value, int significant)
{
    static const std::array<Prefix, 7> prefixes {
        {{"", 1.0}, {"k", 1e3}, {"M", 1e6}, {"G", 1e9}, {"T", 1e12}, {"P", 1e15}, {"E", 1e18}}};
    if (!std::isfinite(value) || value == 0.0)
        return formatNumber(value, significant) + " ";
    const double mag = std::fabs(value);
    size_t i = 0;
    while (i + 1 < prefixes.size() && mag >= prefixes[i + 1].factor)
        ++i;
    std::string mant = formatNumber(value / prefixes[i].factor, significant);
    // Rounding may carry into the next prefix (999.7 G -> "1000 G" -> "1 T").
    if (std::fabs(std::strtod(mant.c_str(), nullptr)) >= 1000.0 && i + 1 < prefixes.size()) { // strtod: no throw
        ++i;
        mant = formatNumber(value / prefixes[i].factor, significant);
    }
    return mant + " " + std::string(prefixes[i].text);
}

std::string formatExact(double value, Dimension dim)
{
    if (!std::isfinite(value) || value == 0.0)
        return formatNumber(value) + " " + unitSymbol(dim);
    // The shortest text that reads back as exactly this double, e.g. "3.35e+12".
    char buf[64];
    const auto res = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::scientific);
    const std::string sci(buf, res.ptr);
    const auto epos = sci.find('e');
    std::string digits;
    bool negative = false;
    for (char c : sci.substr(0, epos)) {
        if (c == '-')
            negative = true;
        else if (std::isdigit(static_cast<unsigned char>(c)))
            digits += c;
    }
    const int exp10 = std::atoi(sci.c_str() + epos + 1);
    if (exp10 < -9 || exp10 > 20) // beyond the prefixes a person reads: plain scientific, base unit
        return sci + " " + unitSymbol(dim);
    int prefixExp = 0;
    std::string prefix;
    if (dim == Dimension::Time) {
        static const std::array<std::pair<int, const char*>, 4> small {{{0, ""}, {-3, "m"}, {-6, "u"}, {-9, "n"}}};
        for (const auto& [e, p] : small) {
            prefixExp = e;
            prefix = p;
            if (exp10 >= e)
                break;
        }
    } else if (dim != Dimension::Intensity) {
        static const std::array<const char*, 7> large {"", "k", "M", "G", "T", "P", "E"};
        const int idx = std::clamp(exp10 >= 0 ? exp10 / 3 : 0, 0, 6);
        prefixExp = idx * 3;
        prefix = large[static_cast<size_t>(idx)];
    }
    // digits = d0.d1d2... x 10^exp10; move the point by (exp10 - prefixExp).
    const int intDigits = exp10 - prefixExp + 1;
    std::string text;
    if (intDigits <= 0) {
        text = "0." + std::string(static_cast<size_t>(-intDigits), '0') + digits;
    } else {
        if (static_cast<int>(digits.size()) < intDigits)
            digits.append(static_cast<size_t>(intDigits) - digits.size(), '0');
        text = digits.substr(0, static_cast<size_t>(intDigits));
        if (static_cast<int>(digits.size()) > intDigits)
            text += "." + digits.substr(static_cast<size_t>(intDigits));
    }
    const std::string unit = dim == Dimension::Time ? "s" : unitSymbol(dim);
    return (negative ? "-" : "") + text + " " + prefix + unit;
}

std::string formatQuantity(double value, Dimension dim, int significant)
{
    if (dim == Dimension::Intensity)
        return formatNumber(value, significant) + " " + unitSymbol(dim);
    if (dim == Dimension::Time) {
        const double mag = std::fabs(value);
        if (mag != 0.0 && mag < 1.0 && std::isfinite(value)) {
            if (mag >= 1e-3)
                return formatNumber(value * 1e3, significant) + " ms";
            if (mag >= 1e-6)
                return formatNumber(value * 1e6, significant) + " \xC2\xB5s"; // µs
            return formatNumber(value * 1e9, significant) + " ns";
        }
        return formatNumber(value, significant) + " s";
    }
    return formatSI(value, significant) + unitSymbol(dim);
}

} // namespace roofline
