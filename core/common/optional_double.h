// SPDX-License-Identifier: MIT
// An optional double in 8 bytes instead of std::optional's 16: "no value" is a quiet NaN. It
// reads like std::optional<double> (bool test, *, value_or, nullopt) so a placement's optional
// figures cost half the memory. A NaN assigned to it means "no value".
#pragma once

#include <cmath>
#include <limits>
#include <optional>
#include <ostream>

namespace roofline {

class OptionalDouble {
public:
    constexpr OptionalDouble() noexcept = default;
    constexpr OptionalDouble(std::nullopt_t) noexcept { }
    constexpr OptionalDouble(double v) noexcept
        : m_v(v)
    {
    }
    constexpr OptionalDouble(const std::optional<double>& v) noexcept
        : m_v(v ? *v : kNone)
    {
    }

    bool has_value() const noexcept { return !std::isnan(m_v); }
    explicit operator bool() const noexcept { return has_value(); }
    /// Like std::optional: only meaningful when has_value().
    double operator*() const noexcept { return m_v; }
    double value() const
    {
        if (!has_value())
            throw std::bad_optional_access();
        return m_v;
    }
    double value_or(double fallback) const noexcept { return has_value() ? m_v : fallback; }
    void reset() noexcept { m_v = kNone; }
    operator std::optional<double>() const noexcept
    {
        return has_value() ? std::optional<double>(m_v) : std::nullopt;
    }

    friend bool operator==(const OptionalDouble& a, const OptionalDouble& b) noexcept
    {
        return a.has_value() == b.has_value() && (!a.has_value() || a.m_v == b.m_v);
    }
    friend bool operator!=(const OptionalDouble& a, const OptionalDouble& b) noexcept { return !(a == b); }
    friend bool operator==(const OptionalDouble& a, std::nullopt_t) noexcept { return !a.has_value(); }
    friend bool operator!=(const OptionalDouble& a, std::nullopt_t) noexcept { return a.has_value(); }
    friend std::ostream& operator<<(std::ostream& os, const OptionalDouble& v)
    {
        if (v.has_value())
            return os << v.m_v;
        return os << "nullopt";
    }

private:
    static constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
    double m_v = kNone;
};

} // namespace roofline
