// SPDX-License-Identifier: MIT
// An optional double in 8 bytes instead of std::optional's 16: "no value" is one particular
// quiet NaN (its own payload), so any other NaN is still a value a validator can reject. It reads
// like std::optional<double> (bool test, *, value_or, nullopt) so kernels and placements cost
// less memory.
#pragma once

#include <cstdint>
#include <cstring>
#include <optional>
#include <ostream>

namespace roofline {

class OptionalDouble {
public:
    OptionalDouble() noexcept = default;
    OptionalDouble(std::nullopt_t) noexcept { }
    OptionalDouble(double v) noexcept
        : m_v(v)
    { }
    OptionalDouble(const std::optional<double>& v) noexcept
        : m_v(v ? *v : none())
    { }

    bool has_value() const noexcept
    {
        std::uint64_t bits;
        std::memcpy(&bits, &m_v, sizeof bits);
        return bits != kNoneBits;
    }
    explicit operator bool() const noexcept { return has_value(); }
    /// Like std::optional: only meaningful when has_value().
    double operator*() const noexcept { return m_v; }
    double& operator*() noexcept { return m_v; }
    double value() const
    {
        if (!has_value())
            throw std::bad_optional_access();
        return m_v;
    }
    double value_or(double fallback) const noexcept { return has_value() ? m_v : fallback; }
    void reset() noexcept { m_v = none(); }
    operator std::optional<double>() const noexcept { return has_value() ? std::optional<double>(m_v) : std::nullopt; }

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
    static constexpr std::uint64_t kNoneBits = 0x7FF8'0000'0B5E'4E7Dull; ///< a quiet NaN with its own payload
    static double none() noexcept
    {
        double v;
        std::memcpy(&v, &kNoneBits, sizeof v);
        return v;
    }
    double m_v = none();
};

} // namespace roofline
