// SPDX-License-Identifier: MIT
// Large buffers (a million kernels, placements or points) on transparent huge pages. Writing
// 136 MB of fresh memory takes 33,000 page faults at 4 KB a page; with 2 MB pages 70. The kernel
// here gives huge pages only where asked (madvise mode), so the big vectors ask. Measured in
// docs/performance.md: placing 10^6 kernels into fresh memory 209 -> 87 ms. Freed memory goes back
// to the system when the window is idle (releaseFreedMemory).
#pragma once

#include <cstddef>
#include <vector>

namespace roofline {

/// Asks for transparent huge pages over the 2 MB-aligned part of [data, data + bytes). Call it
/// before the memory is first written. A hint: a no-op where the system has no such pages.
void adviseHugePages(const void* data, std::size_t bytes) noexcept;

/// Below this a buffer stays on ordinary pages (a huge page would be mostly empty).
inline constexpr std::size_t kHugePageWorthy = std::size_t {8} << 20;

/// v.reserve(n), on huge pages when the buffer is large.
template <typename T> void reserveLarge(std::vector<T>& v, std::size_t n)
{
    if (n <= v.capacity())
        return;
    v.reserve(n);
    if (v.capacity() * sizeof(T) >= kHugePageWorthy)
        adviseHugePages(v.data(), v.capacity() * sizeof(T));
}

/// Hands memory that was freed but is still held by the allocator (the figure a toggle replaced,
/// an analysis's temporaries: after a change of 10^6 kernels, ~65 bytes a kernel) back to the
/// system; true when some went back. glibc's malloc keeps freed blocks that are not at the top of
/// its heap; elsewhere, or under a sanitizer's allocator, this does nothing and returns false.
/// Costs a walk through the free blocks (about a millisecond): call it when idle.
bool releaseFreedMemory() noexcept;

} // namespace roofline
