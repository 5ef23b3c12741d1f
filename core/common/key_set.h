// SPDX-License-Identifier: MIT
// A set of 64-bit keys for hot loops over many points: open addressing in one array, sized once
// for all the keys it will get (no node per key). Used to thin a figure's points by grid cell.
#pragma once

#include <cstddef>
#include <cstdint>
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

} // namespace roofline
