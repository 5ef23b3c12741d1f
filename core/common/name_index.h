// SPDX-License-Identifier: MIT
// Finding a name among many kept elsewhere: kernel names against each other (an import's
// duplicates, a session's additions).
#pragma once

#include "core/common/huge_pages.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>
#include <utility>
#include <vector>

namespace roofline {

/// A set of names that live elsewhere, by index: `nameOf(i)` is the i-th name (a string_view,
/// valid while the table is used). An open-addressing table of 64-bit slots, each the name's
/// hash in its high half and its index in its low half (so fewer than 2^32 names), so a probe
/// reads another name only when the hashes agree; a power-of-two capacity at most half full.
/// No node and no copy of a name per entry: 16 to 32 bytes a name in one block, where a
/// std::unordered_set<std::string> takes a 64-byte allocation each (and leaves them behind,
/// freed, when it goes).
template <class NameOf> class NameIndex {
public:
    explicit NameIndex(NameOf nameOf, std::size_t expected = 0)
        : m_nameOf(std::move(nameOf))
    {
        std::size_t capacity = 64;
        while (capacity < 2 * expected)
            capacity *= 2;
        reserveLarge(m_slots, capacity);
        m_slots.assign(capacity, kEmpty);
    }

    static std::uint64_t hash(std::string_view name) { return std::hash<std::string_view> {}(name); }

    /// Starts loading the slot a name with this hash probes first.
    void prefetch(std::uint64_t hash) const { __builtin_prefetch(&m_slots[hash & (m_slots.size() - 1)]); }

    /// The index of a name in the table equal to nameOf(index); or, if there is none, -1 once
    /// `index` is added. `hash` is hash(nameOf(index)).
    long findOrInsert(std::size_t index, std::uint64_t hash)
    {
        if (2 * (m_used + 1) > m_slots.size())
            grow();
        const std::string_view name = m_nameOf(index);
        const std::uint64_t tag = hash & kHashHalf;
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t s = static_cast<std::size_t>(hash) & mask;; s = (s + 1) & mask) {
            const std::uint64_t there = m_slots[s];
            if (there == kEmpty) {
                m_slots[s] = tag | index;
                ++m_used;
                return -1;
            }
            const auto other = static_cast<std::size_t>(there & kIndexHalf);
            if ((there & kHashHalf) == tag && m_nameOf(other) == name)
                return static_cast<long>(other);
        }
    }
    long findOrInsert(std::size_t index) { return findOrInsert(index, hash(m_nameOf(index))); }

    /// Whether a name equal to `name` is in the table.
    bool contains(std::string_view name) const
    {
        const std::uint64_t h = hash(name);
        const std::uint64_t tag = h & kHashHalf;
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t s = static_cast<std::size_t>(h) & mask;; s = (s + 1) & mask) {
            const std::uint64_t there = m_slots[s];
            if (there == kEmpty)
                return false;
            if ((there & kHashHalf) == tag && m_nameOf(static_cast<std::size_t>(there & kIndexHalf)) == name)
                return true;
        }
    }

private:
    static constexpr std::uint64_t kEmpty = ~std::uint64_t {0};
    static constexpr std::uint64_t kIndexHalf = 0xffffffffu;
    static constexpr std::uint64_t kHashHalf = ~kIndexHalf;

    void grow() // twice the slots: every index placed again
    {
        std::vector<std::uint64_t> old(2 * m_slots.size(), kEmpty);
        old.swap(m_slots);
        m_used = 0;
        for (const std::uint64_t slot : old)
            if (slot != kEmpty)
                findOrInsert(static_cast<std::size_t>(slot & kIndexHalf));
    }

    NameOf m_nameOf;
    std::vector<std::uint64_t> m_slots;
    std::size_t m_used = 0;
};

} // namespace roofline
