// SPDX-License-Identifier: MIT
// The cells of the thinning grid that already hold a point, by kind.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <unordered_set>
#include <vector>

namespace roofline {

/// A set of (x, y, kind) cells of a side x side grid, kind < 32. With many points a bitmap per
/// kind in use (720 KB for a 2400^2 grid, made on first use: the bits stay in cache where a hash
/// set's probes did not); with few, and for cells off the grid, a hash set.
class CellSet {
public:
    static constexpr std::size_t kBitsFrom = std::size_t {1} << 16;
    CellSet(std::uint32_t side, std::size_t expected)
        : m_side(side)
        , m_bitsInUse(expected >= kBitsFrom)
    { }
    /// False when the cell already held a point of this kind.
    bool insert(std::uint32_t x, std::uint32_t y, std::uint32_t kind = 0)
    {
        if (!m_bitsInUse || x >= m_side || y >= m_side)
            return m_off.insert((std::uint64_t {x} << 32) | (std::uint64_t {y} << 5) | (kind & 31)).second;
        std::vector<bool>& bits = m_bits[kind & 31];
        if (bits.empty())
            bits.assign(static_cast<std::size_t>(m_side) * m_side, false);
        const std::size_t i = static_cast<std::size_t>(y) * m_side + x;
        if (bits[i])
            return false;
        bits[i] = true;
        return true;
    }

private:
    std::uint32_t m_side;
    bool m_bitsInUse;
    std::array<std::vector<bool>, 32> m_bits;
    std::unordered_set<std::uint64_t> m_off;
};

} // namespace roofline
