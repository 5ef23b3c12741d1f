// SPDX-License-Identifier: MIT
// A set of 64-bit keys for hot loops over many points: open addressing in one array, sized once
// for all the keys it will get (no node per key). Used to thin a figure's points by grid cell.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace roofline {

class KeySet {
public:
    /// Room for `expected` keys (at most half full); inserting more than that is not allowed.
    explicit KeySet(std::size_t expected)
    {
        std::size_t capacity = 16;
        while (capacity < 2 * expected)
            capacity *= 2;
        m_slots.assign(capacity, 0);
    }
    /// False when the key was there already. Keys below 2^64 - 1.
    bool insert(std::uint64_t key)
    {
        key += 1; // 0 marks an empty slot
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t i = static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> 20) & mask;;
             i = (i + 1) & mask) {
            if (m_slots[i] == key)
                return false;
            if (m_slots[i] == 0) {
                m_slots[i] = key;
                return true;
            }
        }
    }

private:
    std::vector<std::uint64_t> m_slots;
};

/// The cells of a side x side grid already holding a point, per kind (up to 32 kinds): a bit per
/// cell, allocated for the kinds in use (720 KB for a 2400^2 grid). At 10^6 points a hash set's
/// random probes into 16 MB were half of a figure's time; the bits fit in cache. Cells off the
/// grid (points outside the axes) go to a KeySet. Below kBitsFrom points every cell goes to the
/// KeySet: 16 bytes a point instead of 720 KB of fresh, zeroed memory per kind (an export of
/// 10^4 kernels spent more on those page faults than on thinning).
class CellSet {
public:
    static constexpr std::size_t kBitsFrom = std::size_t {1} << 16;
    CellSet(std::uint32_t side, std::size_t expected)
        : m_side(side)
        , m_expected(expected)
        , m_bitsInUse(expected >= kBitsFrom)
    { }
    /// Asks for the memory insert(x, y, kind) will touch, ahead of it (a hint).
    void prefetch(std::uint32_t x, std::uint32_t y, std::uint32_t kind = 0)
    {
        if (const Bit b = bitOf(x, y, kind); b.word)
            __builtin_prefetch(b.word, 1);
    }
    /// False when the cell already held a point of this kind.
    bool insert(std::uint32_t x, std::uint32_t y, std::uint32_t kind = 0)
    {
        if (const Bit b = bitOf(x, y, kind); b.word) {
            if (*b.word & b.mask)
                return false;
            *b.word |= b.mask;
            return true;
        }
        if (!m_off)
            m_off.emplace(m_expected);
        return m_off->insert(
            (static_cast<std::uint64_t>(x) << 32) | (static_cast<std::uint64_t>(y) << 5) | (kind & 31));
    }

private:
    struct Bit {
        std::uint64_t* word = nullptr; ///< null: the cell goes to the hash set
        std::uint64_t mask = 0;
    };
    /// The cell's bit in its kind's bitmap (made on first use), when bitmaps are in use and the
    /// cell is on the grid.
    Bit bitOf(std::uint32_t x, std::uint32_t y, std::uint32_t kind)
    {
        if (!m_bitsInUse || x >= m_side || y >= m_side)
            return {};
        std::vector<std::uint64_t>& bits = m_bits[kind & 31];
        if (bits.empty())
            bits.assign((static_cast<std::size_t>(m_side) * m_side + 63) / 64, 0);
        const std::size_t i = static_cast<std::size_t>(y) * m_side + x;
        return {&bits[i / 64], std::uint64_t {1} << (i % 64)};
    }
    std::uint32_t m_side;
    std::size_t m_expected;
    bool m_bitsInUse;
    std::array<std::vector<std::uint64_t>, 32> m_bits;
    std::optional<KeySet> m_off;
};

} // namespace roofline
